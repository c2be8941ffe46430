"""``cardsmith build --watch``: one process that rebuilds on every change and reports only the
rounds that did something."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from cardsmith.watch import watch
from compiler.build import BuildReport
from compiler.sources import default_pool
from runtime.pool import PACKAGE

from .helpers import small_pool

ROOT = Path(__file__).resolve().parent.parent.parent


def _pool(tmp_path: Path) -> Path:
    return small_pool(tmp_path, ("l/lightning_bolt.card", "g/grizzly_bears.card"))


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


def _ctrl_c_as_in_a_terminal() -> None:
    # A shell starts background jobs with SIGINT ignored, and Python then installs no
    # KeyboardInterrupt handler; the child gets Ctrl-C's default, as it would at a terminal, so the
    # test doesn't depend on how pytest itself was started.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_build_watch_command_rebuilds_an_edited_card_and_stops_on_interrupt(tmp_path: Path) -> None:
    src = _pool(tmp_path)
    out = tmp_path / "out"
    module = out / PACKAGE / "cards" / "lightning_bolt.py"
    proc = subprocess.Popen([sys.executable, "-m", "cardsmith", "build", "--watch", "--interval", "0.05",
                             "-o", str(out), str(src)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=_ctrl_c_as_in_a_terminal)
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


def test_notifications_name_the_folders_that_changed(tmp_path: Path) -> None:
    from cardsmith.watch import _folders, _notifier
    src = _pool(tmp_path)
    (src / "g" / "bolt_link.card").symlink_to(src / "l" / "lightning_bolt.card")
    notifier = _notifier()
    if not sys.platform.startswith("linux"):  # pragma: no cover - other systems poll
        assert notifier is None
        return
    assert notifier is not None
    try:
        folders, linked = _folders([src])
        assert {str(src), str(src / "l"), str(src / "g"), str(src / "keywords")} <= set(folders)
        assert linked == {str(src / "g")}
        notifier.watch(folders)
        assert notifier.wait(0.05) is None  # nothing changed
        (src / "l" / "lightning_bolt.card").write_text("changed\n")
        assert notifier.wait(5) == {str(src / "l")}
        assert notifier.wait(0.05) is None  # every pending notification was consumed
        (src / "g" / "new.card").write_text("new\n")
        (src / "l" / "lightning_bolt.card").unlink()
        assert notifier.wait(5) == {str(src / "g"), str(src / "l")}
    finally:
        notifier.close()


def test_unchanged_folders_are_trusted_without_a_stat(tmp_path: Path) -> None:
    import compiler.build as b
    src = _pool(tmp_path)
    out = tmp_path / "out"
    b.build([src], out, jobs=1)
    bolt = src / "l" / "lightning_bolt.card"
    bolt.write_text(bolt.read_text().replace("3 damage", "4 damage"))
    # Told that its folder did not change, the build believes it (that is the watcher's job) ...
    trusted = b.build([src], out, jobs=1, unchanged_folders=frozenset({str(src / "l"), str(src / "g")}))
    assert (trusted.compiled, trusted.written) == (0, 0)
    # ... and looks at every other folder, and at any source the manifest doesn't know.
    (src / "l" / "lava_spike.card").write_text((default_pool() / "l" / "lava_spike.card").read_text())
    seen = b.build([src], out, jobs=1, unchanged_folders=frozenset({str(src / "l")}))
    assert seen.compiled == 2 and "Fixed(4)" in (out / PACKAGE / "cards" / "lightning_bolt.py").read_text()
