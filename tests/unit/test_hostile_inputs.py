"""Inputs no author writes, met without hanging or crashing: a named pipe called ``.card``, a
folder of symbolic links that loop, an endless stream, and an LSP client announcing a message of
absurd length."""
from __future__ import annotations

import json
import os
import re
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


def _frame(obj: object) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_the_language_server_answers_hostile_messages_in_one_line_each() -> None:
    """Messages no editor sends: a request before ``initialize``, a request of a document never
    opened (pygls read it from disk: ``/dev/zero`` never ended), an id that is a list (a
    traceback from pygls's thread pool), bodies that aren't UTF-8 or not JSON objects.  Each is
    refused or answered with an error, stderr has one line a record and no traceback, and the
    server exits when asked."""
    opened = (default_pool() / "l" / "lightning_bolt.card").as_uri()
    stream = b"".join([
        _frame({"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol",
                "params": {"textDocument": {"uri": opened}}}),
        _frame({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}),
        _frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        _frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": "file:///dev/zero"}, "position": {"line": 0, "character": 0}}}),
        _frame({"jsonrpc": "2.0", "id": [4], "method": "textDocument/documentSymbol",
                "params": {"textDocument": {"uri": opened}}}),
        b"Content-Length: 3\r\n\r\n\xff\xfe\x00",
        _frame([1, 2, 3]),
        _frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": opened, "languageId": "cardsmith", "version": 1, "text": "card \"X\" {\n  type: \u0000\n"}}}),
        _frame({"jsonrpc": "2.0", "id": 5, "method": "textDocument/documentSymbol",
                "params": {"textDocument": {"uri": opened}}}),
        _frame({"jsonrpc": "2.0", "id": 6, "method": "shutdown"}),
        _frame({"jsonrpc": "2.0", "method": "exit"}),
    ])
    res = subprocess.run([sys.executable, "-m", "cardsmith", "lsp"], input=stream, capture_output=True, timeout=120)
    err = res.stderr.decode()
    assert res.returncode == 0 and "Traceback" not in err, err
    assert err and all(line.startswith("cardsmith lsp: ") for line in err.splitlines()), err
    replies = {}
    for body in re.split(rb"Content-Length: \d+\r\n(?:[^\r\n]+\r\n)*\r\n", res.stdout)[1:]:
        reply = json.loads(body)
        replies[json.dumps(reply.get("id"))] = reply
    assert replies["1"]["error"]["code"] == -32002  # not initialized yet
    assert replies["3"]["error"] == {"code": -32602, "message": "not an open document: 'file:///dev/zero'"}
    assert "result" in replies["5"] and "6" in replies  # opened: answered; and the shutdown
