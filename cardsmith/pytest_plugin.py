"""The pytest plugin: ``.scn`` scenario files collected and run by ``pytest`` alone.

Installed with cardsmith (the ``pytest11`` entry point ``cardsmith``), so a project with its own
card folder and scenario files needs no ``conftest.py``: ``pytest`` finds every ``*.scn`` file
under its test paths, builds the card pool once per session, and runs each scenario as one test
item through the real turn loop.  A failing scenario reports its failed checks, the table as a
judge would look at it (every player's zones, and the stack) and the last lines of the game log.

Options (command line, or the ini file):

- ``--cardsmith-pool DIR`` / ``cardsmith_pool = DIR``: the card folder to build (its ``keywords``
  folder included).  Default: ``cards`` in the rootdir if there is one, else the shipped pool.
- ``-p no:cardsmith`` turns the plugin off.

Fixtures: ``cardsmith_pool`` (the compiled :class:`runtime.pool.Pool`) and
``cardsmith_pool_dir`` (where it was compiled), one per session.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

if TYPE_CHECKING:
    from runtime.pool import Pool
    from runtime.tools.scenario import Scenario

_POOL_KEY = pytest.StashKey["dict[str, Pool | str]"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--cardsmith-pool`` and the ``cardsmith_pool`` ini option."""
    group = parser.getgroup("cardsmith", "cardsmith scenarios")
    group.addoption("--cardsmith-pool", dest="cardsmith_pool", metavar="DIR", default=None,
                    help="card pool folder the .scn scenarios run against (default: the ini option "
                    "cardsmith_pool, else ./cards if it exists, else cardsmith's shipped pool)")
    parser.addini("cardsmith_pool", "card pool folder the .scn scenarios run against", default="")


def pytest_configure(config: pytest.Config) -> None:
    """A place for the session's compiled pool (built on first use)."""
    config.stash[_POOL_KEY] = {}


def pool_folder(config: pytest.Config) -> Path:
    """The card folder the options name (relative to the rootdir), or the default."""
    from compiler.sources import default_pool

    named = config.getoption("cardsmith_pool") or config.getini("cardsmith_pool")
    if named:
        return Path(config.rootpath, named)
    local = config.rootpath / "cards"
    return local if local.is_dir() else default_pool()


def session_pool(config: pytest.Config) -> "tuple[Pool, Path]":
    """The pool compiled once per session (a :class:`PoolBuildError` if it has errors: every
    scenario then fails with them)."""
    from compiler.build import build
    from runtime.pool import Pool

    cache = config.stash[_POOL_KEY]
    out = config._tmp_path_factory.getbasetemp() / "cardsmith-pool"  # type: ignore[attr-defined]
    if "pool" not in cache:
        folder = pool_folder(config)
        if not folder.is_dir():
            cache["error"] = f"no card pool folder at {folder} (set --cardsmith-pool or cardsmith_pool)"
        else:
            report = build([folder], out)
            errors = [d for d in report.diagnostics if d.severity == "error"]
            if errors:
                cache["error"] = f"the card pool {folder} has errors:\n" + "\n".join(d.format() for d in errors)
            else:
                cache["pool"] = Pool(out)
    if "error" in cache:
        raise PoolBuildError(str(cache["error"]))
    pool = cache["pool"]
    assert not isinstance(pool, str)
    return pool, out


@pytest.fixture(scope="session")
def cardsmith_pool(request: pytest.FixtureRequest) -> "Pool":
    """The compiled card pool the scenarios run against."""
    return session_pool(request.config)[0]


@pytest.fixture(scope="session")
def cardsmith_pool_dir(request: pytest.FixtureRequest) -> Path:
    """The folder the card pool was compiled into."""
    return session_pool(request.config)[1]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    """Each ``*.scn`` file is a :class:`ScenarioFile`."""
    if file_path.suffix == ".scn":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class PoolBuildError(Exception):
    """The card pool the scenarios need doesn't compile."""


class ScenarioSyntaxError(Exception):
    """A scenario file that doesn't load."""


class ScenarioFailed(AssertionError):
    """A scenario's checks failed."""


class ScenarioFile(pytest.File):
    """A scenario file: one item per scenario."""

    def collect(self) -> Iterator[pytest.Item]:
        """The file's scenarios (a :class:`ScenarioSyntaxError` with located diagnostics if it
        doesn't load)."""
        from compiler.scenarios import load_scenario_file

        scenarios, diags = load_scenario_file(self.path)
        if diags:
            raise ScenarioSyntaxError("\n".join(d.format() for d in diags))
        for s in scenarios:
            yield ScenarioItem.from_parent(self, name=s.name, scenario=s)


class ScenarioItem(pytest.Item):
    """One scenario, run through the real turn loop."""

    def __init__(self, *, scenario: "Scenario", **kw: Any) -> None:
        super().__init__(**kw)
        self.scenario = scenario
        # pytest-lsp's runtest hook wrapper returns without yielding for items lacking funcargs.
        self.funcargs: dict[str, Any] = {}

    def runtest(self) -> None:
        """Run the scenario; :class:`ScenarioFailed` with what a judge needs to see if it fails."""
        from runtime.tools.scenario import run_scenario

        result = run_scenario(self.scenario, session_pool(self.config)[0])
        if not result.passed:
            log = "\n".join(result.game.state.log[-40:])
            raise ScenarioFailed("\n".join(result.failures) + "\n" + "\n".join(result.table())
                                 + "\n--- last log lines ---\n" + log)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        """The scenario's place, name and rules, and why it failed."""
        if isinstance(excinfo.value, (ScenarioFailed, PoolBuildError)):
            return f"{self.scenario.source}:{self.scenario.line}: scenario {self.scenario.name!r} " \
                   f"(rules {', '.join(self.scenario.rules)}) failed:\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the scenario is, for pytest's report."""
        return self.path, self.scenario.line, f"scenario: {self.scenario.name} [{', '.join(self.scenario.rules)}]"

