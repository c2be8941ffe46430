"""Test configuration: the shipped pool, compiled once per session, as the ``pool`` fixture.

The ``.scn`` scenario files are collected by cardsmith's own pytest plugin
(``cardsmith/pytest_plugin.py``, registered as the ``pytest11`` entry point ``cardsmith``): one
test item per scenario, run against that same pool through the real turn loop.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.pytest_plugin import session_pool
from runtime.pool import Pool


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("cardsmith"):
        raise pytest.UsageError("cardsmith's pytest plugin is not registered, so the .scn scenarios would not "
                                "be collected: install the project (pip install -e \".[dev]\")")


@pytest.fixture(scope="session")
def pool_dir(request: pytest.FixtureRequest) -> Path:
    """Directory of the compiled shipped pool."""
    return session_pool(request.config)[1]


@pytest.fixture(scope="session")
def pool(request: pytest.FixtureRequest) -> Pool:
    """The compiled shipped pool."""
    return session_pool(request.config)[0]
