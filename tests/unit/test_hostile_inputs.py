"""Inputs no author writes, met without hanging or crashing: a named pipe called ``.card``, a
folder of symbolic links that loop, an endless stream, and an LSP client announcing a message of
absurd length."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.cli import main
from compiler.sources import MAX_SOURCE_BYTES, read_source, default_pool


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_read_as_the_empty_file_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "pipe.card")
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "pipe.card:1:1: error: empty file" in err


def test_symbolic_link_loops_are_not_followed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards" / "a"
    cards.mkdir(parents=True)
    (cards / "bolt.card").write_text((default_pool() / "l" / "lightning_bolt.card").read_text())
    (cards / "up").symlink_to("..")
    (cards / "again").symlink_to("../a")
    assert main(["check", str(tmp_path / "cards")]) == 0
    out = capsys.readouterr()
    assert "checked 1 card(s): no errors" in out.out, out


def test_an_endless_source_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(OSError, match="not a card source"):
        read_source("/dev/zero")
    assert MAX_SOURCE_BYTES >= 1 << 20


def test_the_language_server_refuses_an_absurd_content_length() -> None:
    res = subprocess.run([sys.executable, "-m", "cardsmith", "lsp"], input=b"Content-Length: 99999999999\r\n\r\n{}",
                         capture_output=True, timeout=60)
    assert res.returncode == 2
    err = res.stderr.decode()
    assert err.startswith("cardsmith: error: the client sent a message of 99999999999 bytes") and "Traceback" not in err
    res = subprocess.run([sys.executable, "-m", "cardsmith", "lsp"], input=b"X" * 10000 + b"\r\n", capture_output=True,
                         timeout=60)
    assert res.returncode == 2 and b"a header line longer than" in res.stderr
