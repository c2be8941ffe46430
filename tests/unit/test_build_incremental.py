"""Rebuilds settled from the manifest alone (``compiler.incremental``) and cold builds
through a staging folder: after every kind of edit the output is byte for byte what a fresh build
of the same sources writes, and when an edit needs the whole settlement of names and modules
(a clash, a failure, a missing module) the build takes it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import compiler.build
import compiler.output
from compiler.build import BuildReport, build
from compiler.cache import _STORED_COLUMNS, MANIFEST
from compiler.sources import default_pool
from runtime.pool import PACKAGE, Pool, UnknownCard

from .helpers import age, small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "l/llanowar_elves.card", "c/counterspell.card",
         "b/burst_lightning.card")


def _pool(tmp_path: Path) -> Path:
    return small_pool(tmp_path, CARDS)




def _files(out: Path) -> dict[str, bytes]:
    """The generated package, file by file (bytecode left out)."""
    pkg = out / PACKAGE
    return {str(p.relative_to(pkg)): p.read_bytes() for p in sorted(pkg.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def _same_as_fresh(src: Path, out: Path, tmp_path: Path, report: BuildReport) -> None:
    """``out`` holds what a fresh build of ``src`` writes, and ``report`` says what its report says."""
    fresh_out = tmp_path / f"fresh{len(list(tmp_path.glob('fresh*')))}"
    fresh = build([src], fresh_out, jobs=1)
    assert _files(out) == _files(fresh_out)
    assert report.diagnostics == fresh.diagnostics
    assert [(r.path, r.name, r.module, bool(r.diagnostics)) for r in report.results] == \
        [(r.path, r.name, r.module, bool(r.diagnostics)) for r in fresh.results]


_EDITS = [0]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    # A new mtime, yet old enough to be trusted once the next build has recorded it.
    _EDITS[0] += 1
    when = 1_000_000_000 * (int(os.path.getmtime(path)) - 30) + _EDITS[0]
    os.utime(path, ns=(when, when))


def _spy_incremental(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record whether each build was settled from the manifest alone."""
    outcomes: list[bool] = []
    real = compiler.build.incremental

    def spy(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        outcomes.append(result is not None)
        return result

    monkeypatch.setattr(compiler.build, "incremental", spy)
    return outcomes


def test_body_edit_recompiles_one_card_from_the_manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    quick = _spy_incremental(monkeypatch)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    report = build([src], out, jobs=1)
    assert quick == [True]
    assert (report.compiled, report.cached, report.written) == (1, len(CARDS) - 1, 1)
    assert "Fixed(4)" in (out / PACKAGE / "cards" / "lightning_bolt.py").read_text()
    _same_as_fresh(src, out, tmp_path, report)
    # The manifest records the edit: the next build is a no-op again.
    again = build([src], out, jobs=1)
    assert (again.compiled, again.written) == (0, 0) and quick == [True, True]


def test_renamed_card_moves_to_its_new_module_and_the_index_follows(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    quick = _spy_incremental(monkeypatch)
    _edit(src / "g" / "grizzly_bears.card", 'card "Grizzly Bears"', 'card "Grizzly Cubs"')
    report = build([src], out, jobs=1)
    assert quick == [True]
    assert not (out / PACKAGE / "cards" / "grizzly_bears.py").exists()
    assert Pool(out).get("Grizzly Cubs").name == "Grizzly Cubs"
    with pytest.raises(UnknownCard):
        Pool(out).get("Grizzly Bears")
    _same_as_fresh(src, out, tmp_path, report)


@pytest.mark.parametrize("old, new", [
    ('card "Grizzly Bears"', 'card "Burst Lightning"'),  # a name another card has: an error at this file
    ('card "Grizzly Bears"', 'card "Lightning-Bolt"'),  # another name, but Lightning Bolt's module
    ('card "Grizzly Bears"', 'card "Grizzly Bears" {'),  # a syntax error
])
def test_edits_needing_the_whole_settlement_take_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    old: str, new: str) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    quick = _spy_incremental(monkeypatch)
    _edit(src / "g" / "grizzly_bears.card", old, new)
    report = build([src], out, jobs=1)
    assert quick == [False]
    _same_as_fresh(src, out, tmp_path, report)
    # And back: the card that lost its module (or its name) gets it again.
    _edit(src / "g" / "grizzly_bears.card", new, old)
    _same_as_fresh(src, out, tmp_path, build([src], out, jobs=1))


def test_card_leaving_a_module_another_card_wanted_takes_the_whole_settlement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _pool(tmp_path)
    clash = src / "a" / "clash.card"  # sorts first: keeps lightning_bolt, Lightning Bolt is renamed
    clash.parent.mkdir()
    clash.write_text('card "Lightning-Bolt" {\n    cost {R}\n    type instant\n    spell:\n'
                     '        deal 1 damage to any target.\n}\n')
    age(src)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    quick = _spy_incremental(monkeypatch)
    _edit(clash, 'card "Lightning-Bolt"', 'card "Spark"')
    report = build([src], out, jobs=1)
    assert quick == [False]
    assert "Lightning Bolt" in (out / PACKAGE / "cards" / "lightning_bolt.py").read_text()
    _same_as_fresh(src, out, tmp_path, report)


def test_missing_or_extra_module_takes_the_whole_settlement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    quick = _spy_incremental(monkeypatch)
    (out / PACKAGE / "cards" / "burst_lightning.py").unlink()
    (out / PACKAGE / "cards" / "stray.py").write_text("X = 1\n")
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    report = build([src], out, jobs=1)
    assert quick == [False]
    _same_as_fresh(src, out, tmp_path, report)


def test_cold_build_publishes_its_modules_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    cards = out / PACKAGE / "cards"
    staging = out / PACKAGE / ".cards.partial"
    staging.mkdir(parents=True)
    (staging / "left_over.py").write_text("X = 1\n")  # from a build that stopped half-way
    seen: list[bool] = []
    paths: list[str] = []
    real = compiler.output._write_fresh

    def spy(path: str, data: bytes) -> os.stat_result:
        seen.append(cards.exists())
        paths.append(path)
        return real(path, data)

    monkeypatch.setattr(compiler.output, "_write_fresh", spy)
    report = build([src], out, jobs=1)
    staged = [visible for visible, path in zip(seen, paths) if Path(path).parent == staging]
    assert staged and not any(staged)  # no module visible while the others were written
    assert not staging.exists() and not (cards / "left_over.py").exists()
    assert report.written > len(CARDS)
    # Into an existing folder, a module is replaced whole (a temporary file renamed over it).
    written_fresh = len(seen)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    edited = build([src], out, jobs=1)
    assert edited.written == 1 and not list(cards.glob("*.tmp"))
    assert [Path(p).name for p in paths[written_fresh:]] == ["lightning_bolt.py.tmp"]
    monkeypatch.undo()
    _same_as_fresh(src, out, tmp_path, edited)


def test_manifest_is_columns_of_plain_values(tmp_path: Path) -> None:
    import marshal
    import zlib
    src = _pool(tmp_path)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    data = marshal.loads((out / ".cache" / MANIFEST).read_bytes()[4:])  # (after its CRC-32)
    paths = data["paths"]
    assert paths == sorted(paths) and len(paths) == len(CARDS)
    assert all(len(data[c]) == len(paths) for c in _STORED_COLUMNS)
    assert data["renamed"] == {}  # (no module renamed for a clash: ``written`` is ``modules``)
    # A manifest whose columns disagree is ignored: everything is compiled again, nothing breaks.
    data["names"] = data["names"][:-1]
    body = marshal.dumps(data)
    (out / ".cache" / MANIFEST).write_bytes(zlib.crc32(body).to_bytes(4, "little") + body)  # (a sound checksum)
    again = build([src], out, jobs=1)
    assert again.compiled == len(CARDS) and not again.diagnostics
