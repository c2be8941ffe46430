"""Two builds into one output at once: the second waits for the first (saying so), or gives up
with a one-line error after ``--lock-wait`` seconds; two real builds started together leave the
output a fresh build would write."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from compiler.lock import LOCK_FILE
from runtime.pool import PACKAGE, Pool

from .helpers import small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "c/counterspell.card")
ROOT = Path(__file__).resolve().parents[2]

# A process that holds the output's lock for SECONDS (argv[2]), saying "locked" once it has it.
_HOLDER = """
import fcntl, os, sys, time
from pathlib import Path
out = Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
fd = os.open(out / ".lock", os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


def _cardsmith(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cardsmith", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _hold(out: Path, seconds: float) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(out), str(seconds)], text=True,
                              stdout=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    return holder


def _package(out: Path) -> dict[str, bytes]:
    pkg = out / PACKAGE
    return {str(p.relative_to(pkg)): p.read_bytes() for p in sorted(pkg.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_a_build_gives_up_on_a_locked_output_with_one_line(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    holder = _hold(out, 60)
    try:
        started = time.monotonic()
        proc = _cardsmith("build", str(src), "-o", str(out), "--lock-wait", "0.5")
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 2 and stdout == ""
        assert time.monotonic() - started >= 0.5
        lines = stderr.splitlines()
        assert lines[0] == f"cardsmith build: another build is writing into {out}; waiting for it to finish (up to 0.5 s)"
        assert lines[1:] == [f"cardsmith: error: another build is writing into the output and didn't finish "
                             f"within 0.5 s, {out}"]
        assert not (out / PACKAGE).exists()  # nothing written
    finally:
        holder.kill()
        holder.wait()


def test_a_build_waits_for_the_lock_then_builds(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    holder = _hold(out, 1.5)
    try:
        proc = _cardsmith("build", str(src), "-o", str(out))
        stdout, stderr = proc.communicate(timeout=300)
        assert holder.wait(timeout=60) == 0  # (it let go by ending)
        assert proc.returncode == 0, stderr
        assert "waiting for it to finish (up to 120 s)" in stderr
        assert "3 compiled" in stdout
    finally:
        holder.kill()
        holder.wait()


def test_a_killed_holder_leaves_no_lock(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    holder = _hold(out, 600)
    holder.kill()
    holder.wait()
    assert (out / LOCK_FILE).exists()
    proc = _cardsmith("build", str(src), "-o", str(out), "--lock-wait", "0")
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0 and "waiting" not in stderr, stderr


def test_two_builds_at_once_leave_a_whole_output(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    first, second = (_cardsmith("build", str(src), "-o", str(out), "-j", "1") for _ in range(2))
    results = [p.communicate(timeout=300) for p in (first, second)]
    assert first.returncode == 0 and second.returncode == 0, results
    summaries = sorted(stdout.splitlines()[-1].split(" files written")[0] for stdout, _ in results)
    # One built everything; the other, after it, found it all done.
    assert summaries[0] == "cardsmith build: 0 compiled, 3 cached, 0 failed, 0"
    assert summaries[1].startswith("cardsmith build: 3 compiled, 0 cached, 0 failed, ")
    fresh = tmp_path / "fresh"
    proc = _cardsmith("build", str(src), "-o", str(fresh), "-j", "1")
    proc.communicate(timeout=300)
    assert _package(out) == _package(fresh)
    pool = Pool(out)
    for name in pool.names():
        pool.get(name)
    assert sorted(pool.names()) == ["Counterspell", "Grizzly Bears", "Lightning Bolt"]
