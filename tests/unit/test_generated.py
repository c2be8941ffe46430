"""Generated code: golden copies, determinism, mypy --strict, and that it imports and runs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.build import build
from compiler.sources import default_pool
from runtime.pool import PACKAGE, Pool

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
GOLDEN_FILES = [
    "cards/grow_from_the_ashes.py",
    "cards/stormscape_battlemage.py",
    "cards/firecat_blitz.py",
    "cards/deep_analysis.py",
    "cards/burst_lightning.py",
    "cards/forest.py",
    "keywords/kicker.py",
    "keywords/flashback.py",
    "keywords/evergreen.py",  # ability classes made once, at module level (a keyword without parameters)
    "keywords/equip.py",  # ... and inside abilities() (built from the keyword's parameter)
    "keywords/actions.py",
]


@pytest.mark.parametrize("rel", GOLDEN_FILES)
def test_golden(pool_dir: Path, rel: str) -> None:
    """Generated modules match their golden copies byte for byte (CARDSMITH_UPDATE_GOLDEN=1 rewrites them)."""
    got = (pool_dir / PACKAGE / rel).read_text(encoding="utf-8")
    golden = GOLDEN / rel
    if os.environ.get("CARDSMITH_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"missing golden file {golden} (run with CARDSMITH_UPDATE_GOLDEN=1)"
    assert got == golden.read_text(encoding="utf-8")


def test_golden_files_compile() -> None:
    for rel in GOLDEN_FILES:
        compile((GOLDEN / rel).read_text(encoding="utf-8"), str(GOLDEN / rel), "exec")


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def test_build_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    build([default_pool()], a, jobs=1)
    build([default_pool()], b, jobs=1, use_cache=False)
    ta, tb = _tree(a / PACKAGE), _tree(b / PACKAGE)
    assert ta == tb and len(ta) > 20
    for data in ta.values():
        assert b"\r" not in data and data.endswith(b"\n")


def test_parallel_build_equals_serial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import compiler.compiling as c
    build([default_pool()], tmp_path / "serial", jobs=1)
    monkeypatch.setattr(c, "PARALLEL_THRESHOLD", 1)
    report = build([default_pool()], tmp_path / "parallel", jobs=2)
    assert report.compiled > 0 and not report.diagnostics
    assert _tree(tmp_path / "serial" / PACKAGE) == _tree(tmp_path / "parallel" / PACKAGE)


def test_cache_noop_and_one_card_edit(tmp_path: Path) -> None:
    src = tmp_path / "cards"
    import shutil
    shutil.copytree(default_pool(), src)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    assert first.compiled > 0 and first.cached == 0
    mtimes = {p: p.stat().st_mtime_ns for p in out.rglob("*.py")}
    again = build([src], out, jobs=1)
    assert again.compiled == 0 and again.cached == first.compiled and again.written == 0
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.py")} == mtimes
    bolt = src / "l" / "lightning_bolt.card"
    bolt.write_text(bolt.read_text().replace("deal 3 damage", "deal 4 damage"))
    edited = build([src], out, jobs=1)
    assert edited.compiled == 1 and edited.cached == first.compiled - 1
    assert "Fixed(4)" in (out / PACKAGE / "cards" / "lightning_bolt.py").read_text()


def test_removed_card_module_is_deleted(tmp_path: Path) -> None:
    import shutil
    src = tmp_path / "cards"
    shutil.copytree(default_pool(), src)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    (src / "g" / "grizzly_bears.card").unlink()
    build([src], out, jobs=1)
    assert not (out / PACKAGE / "cards" / "grizzly_bears.py").exists()
    assert "Grizzly Bears" not in Pool(out).names()


def test_mypy_strict_on_generated_pool_and_packages(pool_dir: Path) -> None:
    """mypy --strict over every generated module, and over cardsmith, dsl, compiler, runtime and langserver."""
    root = Path(__file__).resolve().parent.parent.parent
    env = dict(os.environ, MYPYPATH=str(root))
    gen = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", PACKAGE],
                         cwd=pool_dir, env=env, capture_output=True, text=True)
    assert gen.returncode == 0, gen.stdout + gen.stderr
    pkgs = subprocess.run([sys.executable, "-m", "mypy", "--strict", "cardsmith", "dsl", "compiler", "runtime", "langserver"],
                          cwd=root, capture_output=True, text=True)
    assert pkgs.returncode == 0, pkgs.stdout + pkgs.stderr


def test_pool_loads_lazily(pool: Pool) -> None:
    assert "Lightning Bolt" in pool.names()
    bolt = pool.get("Lightning Bolt")
    assert bolt.name == "Lightning Bolt" and bolt.mana_value == 1
    with pytest.raises(LookupError):
        pool.get("No Such Card")
