"""Loading a compiled card pool lazily, by card name.

``cardsmith build -o DIR`` writes a package ``DIR/cardsmith_pool`` with one module per card, one
per keyword file, and ``index.py`` mapping card names to module names.  A :class:`Pool` imports a
card's module only when that card is first asked for.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from .abilities import CardDefinition, Keyword, KeywordAction

PACKAGE = "cardsmith_pool"


class UnknownCard(LookupError):
    """No card of that name in the pool."""


class Pool:
    """A compiled pool on disk; cards are imported on first use."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory).resolve()
        pkg_dir = self.directory / PACKAGE
        if not (pkg_dir / "index.py").exists():
            raise FileNotFoundError(f"no compiled pool at {pkg_dir} (run `cardsmith build -o {directory}`)")
        self._package = f"{PACKAGE}_{abs(hash(str(self.directory))):x}"
        spec = importlib.util.spec_from_file_location(
            self._package, pkg_dir / "__init__.py", submodule_search_locations=[str(pkg_dir)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[self._package] = module
        spec.loader.exec_module(module)
        index = self._import("index")
        self.cards: dict[str, str] = dict(getattr(index, "CARDS"))
        self.keywords: dict[str, tuple[str, str]] = dict(getattr(index, "KEYWORDS"))
        self.actions: dict[str, tuple[str, str]] = dict(getattr(index, "ACTIONS", {}))
        self._cache: dict[str, CardDefinition] = {}

    def _import(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self._package}.{name}")

    def names(self) -> list[str]:
        """Every card name in the pool, sorted."""
        return sorted(self.cards)

    def get(self, name: str) -> CardDefinition:
        """The definition of card ``name`` (imported on first use)."""
        if name not in self._cache:
            module = self.cards.get(name)
            if module is None:
                raise UnknownCard(f"no card named {name!r} in the pool")
            self._cache[name] = getattr(self._import(f"cards.{module}"), "CARD")
        return self._cache[name]

    def action(self, name: str) -> KeywordAction:
        """The keyword action ``name`` (701), e.g. manifest, for a scenario's face-down setup."""
        module, cls = self.actions[name.lower()]
        act = getattr(self._import(f"keywords.{module}"), cls)()
        assert isinstance(act, KeywordAction)
        return act

    def keyword(self, name: str, *args: object) -> Keyword:
        """An instance of the keyword ``name`` with its parameters ``args`` (none for tokens "with
        haste"; the object's mana cost for "gains flashback ... equal to its mana cost", 702.1b)."""
        module, cls = self.keywords[name.lower()]
        k = getattr(self._import(f"keywords.{module}"), cls)(*args)
        assert isinstance(k, Keyword)
        return k
