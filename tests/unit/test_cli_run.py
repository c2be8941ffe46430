"""The console script's entry point (``cardsmith.cli.run``): a one-shot build or check runs with
the cyclic collector off, every other command with it on, and the objects left when the command
ends are frozen out of it (the process ends next)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from compiler.sources import default_pool

ROOT = Path(__file__).resolve().parents[2]
_PROBE = ("import gc, sys; from cardsmith.cli import run; sys.argv = ['cardsmith', *sys.argv[1:]]; code = run(); "
          "print(code, gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)")


@pytest.mark.parametrize("command, collector_on", [
    (["build", "-o", "{out}", "{card}"], False),
    (["check", "{card}"], False),
    (["text", "{card}"], True),
])
def test_collector_during_and_after_a_command(tmp_path: Path, command: list[str], collector_on: bool) -> None:
    card = str(default_pool() / "l" / "lightning_bolt.card")
    argv = [a.format(out=tmp_path / "out", card=card) for a in command]
    res = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, cwd=ROOT)
    assert res.stderr.split()[-3:] == ["0", str(collector_on), "True"], res.stderr
