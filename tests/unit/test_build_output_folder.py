"""The output's card folder is listed only when it changed since the last build left it
(``compiler.output.CardModules.settle``): a build sets the folder's mtime back to before it began
and records it, so any later change to its entries -- even within the same timestamp tick as the
build's last write -- shows as another mtime, and the next build lists the folder and repairs it.
After every change the output is byte for byte what a fresh build writes."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from compiler.build import build
from compiler.cache import MANIFEST, load_manifest
from runtime.pool import PACKAGE

from .helpers import small_pool
from .test_build_incremental import _edit, _same_as_fresh, _spy_incremental

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "c/counterspell.card")


def _listings(monkeypatch: pytest.MonkeyPatch, folder: Path) -> list[str]:
    """Record every listing of ``folder``."""
    seen: list[str] = []
    real = os.listdir

    def spy(path: str = ".") -> list[str]:
        if Path(path) == folder:
            seen.append(path)
        return real(path)

    monkeypatch.setattr(os, "listdir", spy)
    return seen


def test_a_build_sets_the_card_folder_back_before_it_began(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    began = time.time_ns()
    build([src], out, jobs=1)
    st = os.stat(out / PACKAGE / "cards")
    assert st.st_mtime_ns <= began - 59 * 1_000_000_000
    assert load_manifest(out / ".cache", _base(out)).folder == (st.st_ino, st.st_mtime_ns)


def _base(out: Path) -> str:
    import marshal
    return str(marshal.loads((out / ".cache" / MANIFEST).read_bytes()[4:])["base"])  # (after its CRC-32)


def test_edits_and_noops_settle_without_listing_an_unchanged_folder(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    listed = _listings(monkeypatch, out / PACKAGE / "cards")
    quick = _spy_incremental(monkeypatch)
    noop = build([src], out, jobs=1)
    assert (noop.compiled, noop.written) == (0, 0)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    body = build([src], out, jobs=1)
    _edit(src / "g" / "grizzly_bears.card", 'card "Grizzly Bears"', 'card "Grizzly Cubs"')
    renamed = build([src], out, jobs=1)
    assert (body.compiled, renamed.compiled) == (1, 1) and quick == [True, True, True]
    assert listed == []
    monkeypatch.undo()
    _same_as_fresh(src, out, tmp_path, renamed)


@pytest.mark.parametrize("change", ["add", "remove", "rename", "add and remove"])
def test_a_change_right_after_a_build_is_seen_and_repaired(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           change: str) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    cards = out / PACKAGE / "cards"
    listed = _listings(monkeypatch, cards)
    # At once, within the tick of the build's last write: only the folder's mtime can tell.
    if "add" in change:
        (cards / "stray.py").write_text("X = 1\n")
    if "remove" in change:
        (cards / "counterspell.py").unlink()
    if change == "rename":
        os.rename(cards / "counterspell.py", cards / "counter_spell.py")
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    report = build([src], out, jobs=1)
    assert listed, "the changed folder was listed"
    monkeypatch.undo()
    _same_as_fresh(src, out, tmp_path, report)
    # The repaired folder is recorded again: the next build is a no-op that lists nothing.
    listed = _listings(monkeypatch, cards)
    assert build([src], out, jobs=1).written == 0 and listed == []


def test_a_folder_whose_mtime_cant_be_set_is_listed_every_time(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "utime", refuse)
    build([src], out, jobs=1)
    assert load_manifest(out / ".cache", _base(out)).folder == ()
    listed = _listings(monkeypatch, out / PACKAGE / "cards")
    (out / PACKAGE / "cards" / "stray.py").write_text("X = 1\n")
    report = build([src], out, jobs=1)
    assert listed and not (out / PACKAGE / "cards" / "stray.py").exists()
    monkeypatch.undo()
    _same_as_fresh(src, out, tmp_path, report)
