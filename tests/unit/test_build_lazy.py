"""What a build or a pool load does not do: a no-op rebuild imports none of the compiler proper
(textX, Jinja2) and rewrites nothing, not even keyword modules or the manifest; a card is loaded
from a compiled pool without reading the index when its module is named after it."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.build import build
from compiler.cache import MANIFEST
from compiler.sources import default_pool, display
from runtime.pool import PACKAGE, Pool, UnknownCard, module_name

from .helpers import small_pool

ROOT = Path(__file__).resolve().parent.parent.parent


def _small_pool(tmp_path: Path) -> Path:
    return small_pool(tmp_path, ("l/lightning_bolt.card", "g/grizzly_bears.card", "l/llanowar_elves.card"))


def test_noop_rebuild_imports_no_parser_or_templates(tmp_path: Path) -> None:
    src = _small_pool(tmp_path)
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    code = ("import sys; from pathlib import Path; from compiler.build import build; "
            f"r = build([Path({str(src)!r})], Path({str(out)!r}), jobs=1); "
            "print(r.compiled, r.cached, r.written, *sorted(m for m in ('textx', 'jinja2', 'arpeggio') if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert res.stdout.split() == ["0", "3", "0"]


def test_noop_rebuild_leaves_the_manifest_and_keyword_modules_alone(tmp_path: Path) -> None:
    src = _small_pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    watched = [out / ".cache" / MANIFEST, *sorted((out / PACKAGE / "keywords").glob("*.py"))]
    before = {p: p.stat().st_mtime_ns for p in watched}
    again = build([src], out, jobs=1)
    assert again.written == 0 and {p: p.stat().st_mtime_ns for p in watched} == before
    # A keyword module that went missing is written again.
    combat = out / PACKAGE / "keywords" / "combat.py"
    expected = combat.read_text()
    combat.unlink()
    assert build([src], out, jobs=1).written == 1 and combat.read_text() == expected


def test_damaged_manifest_means_a_full_rebuild(tmp_path: Path) -> None:
    src = _small_pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    (out / ".cache" / MANIFEST).write_bytes(b"\x00garbage")
    again = build([src], out, jobs=1)
    assert again.compiled == 3 and not again.diagnostics and again.written == 0
    assert build([src], out, jobs=1).cached == 3


def test_card_loads_without_the_index_when_its_module_is_named_after_it(tmp_path: Path) -> None:
    src = _small_pool(tmp_path)
    # A second card whose module name clashes with Lightning Bolt's (its file sorts first, so it
    # keeps the plain module name and Lightning Bolt's module is renamed).
    (src / "a").mkdir()
    (src / "a" / "clash.card").write_text('card "Lightning-Bolt" {\n    cost {R}\n    type instant\n    spell:\n'
                                          '        deal 1 damage to any target.\n}\n')
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    assert module_name("Lightning Bolt") == module_name("Lightning-Bolt") == "lightning_bolt"
    pool = Pool(out)
    index = out / PACKAGE / "index.py"
    index.rename(index.with_suffix(".moved"))
    shutil.rmtree(out / PACKAGE / "__pycache__")
    assert pool.get("Grizzly Bears").name == "Grizzly Bears"  # found by its module name alone
    assert pool.get("Lightning-Bolt").name == "Lightning-Bolt"
    with pytest.raises(ModuleNotFoundError):  # the renamed module can only be found through the index
        pool.get("Lightning Bolt")
    index.with_suffix(".moved").rename(index)
    assert Pool(out).get("Lightning Bolt").name == "Lightning Bolt"
    with pytest.raises(UnknownCard):
        Pool(out).get("Grizzly bears")  # module grizzly_bears exists, but defines another name


def test_symlinked_card_is_shown_as_its_target_and_cached(tmp_path: Path) -> None:
    src = _small_pool(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "bolt.card"
    (src / "l" / "lightning_bolt.card").rename(target)
    (src / "l" / "lightning_bolt.card").symlink_to(target)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    link = display(src / "l" / "lightning_bolt.card")  # as before the per-folder fast path
    assert not first.diagnostics and link in {r.path for r in first.results}
    again = build([src], out, jobs=1)
    assert again.compiled == 0 and again.cached == 3 and again.written == 0
