"""One-card rebuilds record what they changed in the manifest's journal
(``compiler.cache.save_manifest``) instead of rewriting the whole manifest; every later build
applies the journal, ignores a record cut short or damaged (the build that wrote it then looks
undone, and the next build redoes it), and writes the manifest whole again once the journal has
grown.  After each of these the output is byte for byte what a fresh build writes."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import compiler.cache
from compiler.build import build
from compiler.cache import JOURNAL, MANIFEST, load_manifest, save_manifest

from .helpers import small_pool
from .test_build_incremental import _edit, _same_as_fresh, _spy_incremental

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "c/counterspell.card")


def _state(out: Path) -> tuple[int, int]:
    st = os.stat(out / ".cache" / MANIFEST)
    return st.st_ino, st.st_mtime_ns


def test_edits_append_to_the_journal_and_later_builds_apply_it(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    whole = _state(out)
    quick = _spy_incremental(monkeypatch)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    body = build([src], out, jobs=1)
    _edit(src / "g" / "grizzly_bears.card", 'card "Grizzly Bears"', 'card "Grizzly Cubs"')
    renamed = build([src], out, jobs=1)
    assert (body.compiled, renamed.compiled) == (1, 1) and quick == [True, True]
    assert _state(out) == whole and (out / ".cache" / JOURNAL).stat().st_size > 0
    _same_as_fresh(src, out, tmp_path, renamed)
    # The journal describes both edits: nothing is compiled or written again.
    again = build([src], out, jobs=1)
    assert (again.compiled, again.written) == (0, 0)
    assert {r.name for r in again.results} == {"Lightning Bolt", "Grizzly Cubs", "Counterspell"}


@pytest.mark.parametrize("damage", ["cut short", "a byte changed", "another manifest's"])
def test_a_damaged_record_undoes_its_build_and_the_next_build_redoes_it(tmp_path: Path, damage: str) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    journal = out / ".cache" / JOURNAL
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    build([src], out, jobs=1)
    first = journal.read_bytes()
    _edit(src / "g" / "grizzly_bears.card", 'card "Grizzly Bears"', 'card "Grizzly Cubs"')
    build([src], out, jobs=1)
    data = journal.read_bytes()
    assert data.startswith(first) and len(data) > len(first)
    if damage == "cut short":
        journal.write_bytes(data[:-3])
    elif damage == "a byte changed":
        journal.write_bytes(data[:-3] + bytes([data[-3] ^ 1]) + data[-2:])
    else:  # a journal left beside a manifest written whole since
        _edit(src / "c" / "counterspell.card", 'card "Counterspell"', 'card "Counterspell"\n')
        save_manifest(out / ".cache", _base(out), load_manifest(out / ".cache", _base(out)))
        journal.write_bytes(data)
    loaded = load_manifest(out / ".cache", _base(out))
    # The damaged record is dropped (the other manifest holds the rename itself), and the next
    # manifest is written whole: records appended after a damaged one would never be read.
    assert ("Grizzly Cubs" in loaded.names) == (damage == "another manifest's") and loaded.token == ""
    report = build([src], out, jobs=1)
    assert not report.diagnostics
    _same_as_fresh(src, out, tmp_path, report)
    assert build([src], out, jobs=1).written == 0


def _base(out: Path) -> str:
    import marshal
    return str(marshal.loads((out / ".cache" / MANIFEST).read_bytes()[4:])["base"])  # (after its CRC-32)


def test_a_long_journal_is_folded_into_the_manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    monkeypatch.setattr(compiler.cache, "JOURNAL_LIMIT", 1)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    build([src], out, jobs=1)
    whole = _state(out)
    assert (out / ".cache" / JOURNAL).exists()
    _edit(src / "l" / "lightning_bolt.card", "4 damage", "5 damage")
    report = build([src], out, jobs=1)
    assert _state(out) != whole and not (out / ".cache" / JOURNAL).exists()
    _same_as_fresh(src, out, tmp_path, report)
    again = build([src], out, jobs=1)
    assert (again.compiled, again.written) == (0, 0)
