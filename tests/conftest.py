"""Test configuration: build the shipped pool once per session and collect scenario files.

Every ``tests/scenarios/*.scn`` file is collected by pytest: one test item per scenario,
named after the scenario, run against the freshly compiled pool through the real turn loop.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from compiler.build import build
from compiler.scenarios import load_scenario_file
from compiler.sources import default_pool
from runtime.pool import Pool
from runtime.tools.scenario import Scenario, run_scenario

_POOLS: dict[str, Pool] = {}


def compiled_pool(tmp_root: Path) -> Pool:
    """Compile the shipped pool into ``tmp_root`` once per session and load it."""
    key = str(tmp_root)
    if key not in _POOLS:
        report = build([default_pool()], tmp_root)
        assert not report.diagnostics, "\n".join(d.format() for d in report.diagnostics)
        _POOLS[key] = Pool(tmp_root)
    return _POOLS[key]


@pytest.fixture(scope="session")
def pool_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory of the compiled shipped pool."""
    d = tmp_path_factory.getbasetemp() / "pool"
    compiled_pool(d)
    return d


@pytest.fixture(scope="session")
def pool(pool_dir: Path) -> Pool:
    """The compiled shipped pool."""
    return compiled_pool(pool_dir)


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix == ".scn":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one item per scenario."""

    def collect(self) -> Iterator[pytest.Item]:
        scenarios, diags = load_scenario_file(self.path)
        if diags:
            raise ScenarioSyntaxError("\n".join(d.format() for d in diags))
        for s in scenarios:
            yield ScenarioItem.from_parent(self, name=s.name, scenario=s)


class ScenarioSyntaxError(Exception):
    """A scenario file that doesn't load."""


class ScenarioItem(pytest.Item):
    """One scenario, run through the real turn loop."""

    def __init__(self, *, scenario: Scenario, **kw: Any) -> None:
        super().__init__(**kw)
        self.scenario = scenario
        # pytest-lsp's runtest hook wrapper returns without yielding for items lacking funcargs.
        self.funcargs: dict[str, Any] = {}

    def runtest(self) -> None:
        base = self.config._tmp_path_factory.getbasetemp() / "pool"  # type: ignore[attr-defined]
        result = run_scenario(self.scenario, compiled_pool(base))
        if not result.passed:
            log = "\n".join(result.game.state.log[-40:])
            raise ScenarioFailed("\n".join(result.failures) + "\n" + "\n".join(result.table())
                                 + "\n--- last log lines ---\n" + log)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return f"{self.scenario.source}:{self.scenario.line}: scenario {self.scenario.name!r} " \
                   f"(rules {', '.join(self.scenario.rules)}) failed:\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.line, f"scenario: {self.scenario.name} [{', '.join(self.scenario.rules)}]"


class ScenarioFailed(AssertionError):
    """A scenario's checks failed."""
