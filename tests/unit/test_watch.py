"""``cardsmith build --watch``: one process that rebuilds on every change and reports only the
rounds that did something."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from compiler.build import BuildReport, default_pool
from compiler.watch import watch
from runtime.pool import PACKAGE

ROOT = Path(__file__).resolve().parent.parent.parent


def _pool(tmp_path: Path) -> Path:
    src = tmp_path / "cards"
    shutil.copytree(default_pool() / "keywords", src / "keywords")
    for name in ("l/lightning_bolt.card", "g/grizzly_bears.card"):
        (src / name).parent.mkdir(exist_ok=True)
        shutil.copy(default_pool() / name, src / name)
    old = 1_000_000_000 * (int(os.path.getmtime(src)) - 60)
    for p in src.rglob("*"):
        os.utime(p, ns=(old, old))
    return src


def test_watch_reports_the_first_build_and_each_change_once(tmp_path: Path) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    bolt = src / "l" / "lightning_bolt.card"
    reports: list[BuildReport] = []
    # The third "edit" changes nothing: the fourth round compiles the same broken file again.
    edits = iter([("3 damage", "4 damage"), ("4 damage", "4 damage."), ("", "")])

    module = out / PACKAGE / "cards" / "lightning_bolt.py"
    texts: list[str] = []

    def on_build(report: BuildReport) -> None:
        reports.append(report)
        texts.append(module.read_text() if module.exists() else "")
        old, new = next(edits)
        bolt.write_text(bolt.read_text().replace(old, new, 1))

    assert watch([src], out, on_build, jobs=1, interval=0.01, rounds=4) == 4
    first, edited, broken = reports  # the fourth round compiled the same broken file: not reported
    assert (first.compiled, edited.compiled, edited.written) == (2, 1, 1)
    assert "Fixed(3)" in texts[0] and "Fixed(4)" in texts[1] and not texts[2]  # a failing card has no module
    assert broken.failed == 1 and broken.diagnostics and "syntax error" in broken.diagnostics[0].message


def test_build_watch_command_rebuilds_an_edited_card_and_stops_on_interrupt(tmp_path: Path) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    module = out / PACKAGE / "cards" / "lightning_bolt.py"
    proc = subprocess.Popen([sys.executable, "-m", "compiler.cli", "build", "--watch", "--interval", "0.05",
                             "-o", str(out), str(src)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("cardsmith build: 2 compiled")
        bolt = src / "l" / "lightning_bolt.card"
        bolt.write_text(bolt.read_text().replace("3 damage", "4 damage"))
        assert proc.stdout.readline().startswith("cardsmith build: 1 compiled, 1 cached, 0 failed, 1 files")
        assert "Fixed(4)" in module.read_text()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:  # pragma: no cover - the test fails below
            proc.kill()
            code = proc.wait()
    assert code == 0
