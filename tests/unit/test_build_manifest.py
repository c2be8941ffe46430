"""The build manifest: a no-op rebuild stats sources instead of reading them, and never trusts
what it cannot (a racy same-size edit, a deleted output module, a changed module assignment)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from compiler.build import build
from compiler.sources import default_pool
from runtime.pool import PACKAGE


def _copy_pool(tmp_path: Path, age_seconds: int = 60) -> Path:
    src = tmp_path / "cards"
    shutil.copytree(default_pool(), src)
    old = 1_000_000_000 * (int(os.path.getmtime(src)) - age_seconds)
    for p in src.rglob("*"):
        os.utime(p, ns=(old, old))  # modified well before any build that records them
    return src


def test_noop_rebuild_reads_no_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _copy_pool(tmp_path)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    assert first.compiled > 0 and not first.diagnostics
    import compiler.cache
    import compiler.compiling

    def no_reads(path: str) -> bytes:
        raise AssertionError(f"{path} was read")

    for module in (compiler.cache, compiler.compiling):  # (where the build reads sources)
        monkeypatch.setattr(module, "read_source", no_reads)
    again = build([src], out, jobs=1)
    assert again.compiled == 0 and again.cached == first.compiled and again.written == 0


def test_same_size_edit_right_after_a_build_is_recompiled(tmp_path: Path) -> None:
    src = _copy_pool(tmp_path)
    bolt = src / "l" / "lightning_bolt.card"
    bolt.write_text(bolt.read_text().replace("deal 3 damage", "deal 2 damage"))
    out = tmp_path / "out"
    build([src], out, jobs=1)
    st = bolt.stat()
    # Same size, same mtime (as on a file system whose clock did not tick): only the racy
    # window keeps the manifest from trusting the stale entry.
    bolt.write_text(bolt.read_text().replace("deal 2 damage", "deal 4 damage"))
    os.utime(bolt, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert bolt.stat().st_size == st.st_size
    edited = build([src], out, jobs=1)
    assert edited.compiled == 1
    assert "Fixed(4)" in (out / PACKAGE / "cards" / "lightning_bolt.py").read_text()


def test_deleted_output_module_is_compiled_again(tmp_path: Path) -> None:
    src = _copy_pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    module = out / PACKAGE / "cards" / "lightning_bolt.py"
    expected = module.read_text()
    module.unlink()
    again = build([src], out, jobs=1)
    assert again.compiled == 1 and again.written == 1
    assert module.read_text() == expected


def test_module_taken_over_by_another_card_is_rewritten(tmp_path: Path) -> None:
    src = _copy_pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    bolt = out / PACKAGE / "cards" / "lightning_bolt.py"
    expected = bolt.read_text()
    # A card sorting before Lightning Bolt's file whose module name clashes takes the plain name.
    clash = src / "a" / "aaa_clash.card"
    clash.parent.mkdir(exist_ok=True)
    clash.write_text('card "Lightning-Bolt" {\n    cost {R}\n    type instant\n    spell:\n'
                     '        deal 1 damage to any target.\n}\n')
    build([src], out, jobs=1)
    assert "Lightning-Bolt" in bolt.read_text()
    clash.unlink()
    build([src], out, jobs=1)
    assert bolt.read_text() == expected


def test_touched_but_unchanged_source_is_not_recompiled(tmp_path: Path) -> None:
    src = _copy_pool(tmp_path)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    bolt = src / "l" / "lightning_bolt.card"
    bolt.write_text(bolt.read_text())  # new mtime, same bytes
    again = build([src], out, jobs=1)
    assert again.compiled == 0 and again.cached == first.compiled and again.written == 0


def test_module_renamed_for_a_clash_is_recorded_and_trusted(tmp_path: Path) -> None:
    """The manifest stores the written module only where it differs from the card's own
    (``renamed``): a clash's renamed module survives a save and a load, and a no-op rebuild
    after it trusts everything."""
    import marshal
    import zlib

    from compiler.cache import MANIFEST
    src = _copy_pool(tmp_path)
    clash = src / "a" / "aaa_clash.card"  # sorts first: keeps lightning_bolt; Lightning Bolt is renamed
    clash.parent.mkdir(exist_ok=True)
    clash.write_text('card "Lightning-Bolt" {\n    cost {R}\n    type instant\n    spell:\n'
                     '        deal 1 damage to any target.\n}\n')
    os.utime(clash, ns=(os.stat(src).st_mtime_ns - 60 * 10**9,) * 2)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    data = marshal.loads((out / ".cache" / MANIFEST).read_bytes()[4:])  # (after its CRC-32)
    [(row, module)] = data["renamed"].items()
    assert data["paths"][row].endswith("lightning_bolt.card") and module.startswith("lightning_bolt_")
    assert (out / PACKAGE / "cards" / f"{module}.py").is_file()
    again = build([src], out, jobs=1)
    assert (again.compiled, again.written, again.cached) == (0, 0, first.compiled)
    # A damaged entry (a row out of range) makes the manifest ignored: everything is compiled again.
    data["renamed"] = {len(data["paths"]): module}
    body = marshal.dumps(data)
    (out / ".cache" / MANIFEST).write_bytes(zlib.crc32(body).to_bytes(4, "little") + body)  # (a sound checksum)
    assert build([src], out, jobs=1).compiled == first.compiled
