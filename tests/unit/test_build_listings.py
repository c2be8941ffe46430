"""A build lists a folder of card files again only when its mtime says an entry was added, removed
or renamed (``compiler.sources.list_sources``): the listings are recorded in the cache folder,
trusted only for folders not changed within the racy window before they were read."""
from __future__ import annotations

import marshal
import zlib
import os
import shutil
from pathlib import Path

import pytest

from compiler.build import build
from compiler.sources import LISTINGS, RACY_NS, default_pool
from runtime.pool import PACKAGE

from .helpers import age, small_pool

CARDS = ("l/lightning_bolt.card", "l/llanowar_elves.card", "g/grizzly_bears.card")


def _listed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = os.listdir

    def spy(path: str) -> list[str]:
        seen.append(os.path.basename(path))
        return real(path)

    monkeypatch.setattr("compiler.sources.os.listdir", spy)
    return seen


def test_unchanged_folders_are_not_listed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    assert first.compiled == len(CARDS) and (out / ".cache" / LISTINGS).is_file()
    seen = _listed(monkeypatch)
    again = build([src], out, jobs=1)
    assert (again.compiled, again.written) == (0, 0)
    assert "l" not in seen and "g" not in seen  # (the root and the keyword folder are listed)


def test_a_card_added_or_removed_is_seen(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    shutil.copy(default_pool() / "c" / "counterspell.card", src / "l" / "counterspell.card")
    added = build([src], out, jobs=1)
    assert added.compiled == 1 and (out / PACKAGE / "cards" / "counterspell.py").is_file()
    age(src)  # (the folder's new mtime now old enough to be trusted)
    build([src], out, jobs=1)
    (src / "l" / "counterspell.card").unlink()
    removed = build([src], out, jobs=1)
    assert not (out / PACKAGE / "cards" / "counterspell.py").exists()
    assert len(removed.results) == len(CARDS)


def test_a_folder_changed_just_before_it_was_read_is_listed_again(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    now = os.stat(src / "l").st_mtime_ns + 10**12  # (the second build, long after)
    # The first build reads the folders half a second after their last change: not to be trusted.
    monkeypatch.setattr("compiler.build.time.time_ns", lambda: os.stat(src / "l").st_mtime_ns + RACY_NS // 2)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    monkeypatch.setattr("compiler.build.time.time_ns", lambda: now)
    seen = _listed(monkeypatch)
    build([src], out, jobs=1)
    assert "l" in seen and "g" in seen  # both were read within a second of their last change


def test_damaged_listings_are_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    path = out / ".cache" / LISTINGS
    data = marshal.loads(path.read_bytes()[4:])  # (after its CRC-32)
    folder = next(iter(data["folders"]))
    for bad in ({folder: (1, 2)}, {folder: ("x", 2, 3, "")}, [1, 2]):
        body = marshal.dumps({"format": data["format"], "folders": bad})
        path.write_bytes(zlib.crc32(body).to_bytes(4, "little") + body)  # (a sound checksum of a bad shape)
        seen = _listed(monkeypatch)
        assert build([src], out, jobs=1).compiled == 0
        assert "l" in seen
        monkeypatch.undo()
    path.write_bytes(b"not marshal")
    assert build([src], out, jobs=1).compiled == 0
