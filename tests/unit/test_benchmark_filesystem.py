"""The benchmarks wait for a recorded mass deletion to be a minute old before creating files
(ext4 passes over inodes freed less than 60 s ago: benchmarks/filesystem.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import filesystem


def test_a_recent_deletion_is_waited_for_and_an_old_one_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "marker"
    monkeypatch.setattr(filesystem, "_MARKER", marker)
    slept: list[float] = []
    monkeypatch.setattr(filesystem.time, "sleep", slept.append)
    assert filesystem.seconds_since_deletion() is None
    assert filesystem.wait_for_deletion_to_age() == 0.0  # nothing recorded: no wait
    filesystem.note_deletion()
    since = filesystem.seconds_since_deletion()
    assert since is not None and 0 <= since < 5
    waited = filesystem.wait_for_deletion_to_age()
    assert slept == [waited] and filesystem.RECENT_DELETION_S - 5 < waited <= filesystem.RECENT_DELETION_S
    marker.write_text(f"{filesystem.time.time() - 3600!r}\n")  # an hour ago
    assert filesystem.wait_for_deletion_to_age() == 0.0 and len(slept) == 1
    marker.write_text("not a time\n")  # unreadable: treated as nothing recorded
    assert filesystem.seconds_since_deletion() is None
