"""What an installed cardsmith promises: typed packages (PEP 561), a licence stated and shipped,
``python -m cardsmith``, and a checkout that ignores its virtual environments."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("cardsmith", "dsl", "compiler", "runtime", "langserver")


def test_every_package_is_marked_typed_and_ships_the_marker() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = project["tool"]["setuptools"]["package-data"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
        assert "py.typed" in data[package], package


def test_the_licence_is_stated_and_shipped() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_python_dash_m_cardsmith_runs_the_command_line() -> None:
    res = subprocess.run([sys.executable, "-m", "cardsmith", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0 and res.stdout.startswith("cardsmith "), res


def test_virtual_environments_are_ignored() -> None:
    ignored = (ROOT / ".gitignore").read_text().split()
    assert ".venv/" in ignored and "venv/" in ignored
