"""Loading a compiled card pool lazily, by card name.

``cardsmith build -o DIR`` writes a package ``DIR/cardsmith_pool`` with one module per card, one
per keyword file, and an index: ``index.txt`` mapping card names to module names, ``index.py``
keyword and keyword action names to their modules and classes.  A :class:`Pool` imports a card's
module only when that card is first asked for.

Finding one card costs the same in a pool of 30,000 as in one of 30: a card's module is named
after the card (:func:`module_name`), so :meth:`Pool.get` first imports that module straight from
its file and keeps it if it defines the card asked for; only a card whose module was renamed
(two names with the same module name) or an unknown name needs the index, which is read on
first use.  Card modules are loaded from their files, not found through the import system,
which would list the folder of every card module first.
"""
from __future__ import annotations

import importlib
import importlib.util
import keyword
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable

# The engine's modules are imported inside the methods that need them, not here: the compiler
# imports this module for the names of the index (``PACKAGE``, ``INDEX_TABLE``, ``module_name``).
if TYPE_CHECKING:
    from .abilities import CardDefinition, Keyword, KeywordAction

PACKAGE = "cardsmith_pool"
INDEX_TABLE = "index.txt"  # the card table of the pool's index module, beside it (see compiler.render.index_table)
_NOT_SLUG = re.compile(r"[^a-z0-9]+")  # (compiled once: the build names every card's module with it)


def index_cards(package: Path) -> dict[str, str]:
    """Card name -> module, from the card table of the compiled pool package ``package``
    (:data:`INDEX_TABLE`): the names separated by NUL (no card name contains NUL: the compiler
    refuses such a source), two NULs, the modules in the same order (see
    ``compiler.render.index_table``).  No name or module is empty, so dropping empty strings only
    makes an empty pool's table empty."""
    names, modules = (package / INDEX_TABLE).read_bytes().decode("utf-8").split("\x00\x00", 1)
    return dict(zip(filter(None, names.split("\x00")), filter(None, modules.split("\x00"))))


class UnknownCard(LookupError):
    """No card of that name in the pool."""


def module_name(text: str) -> str:
    """The module name the compiler gives a card or keyword file named ``text`` (snake case,
    ASCII), unless two cards of the pool want the same one."""
    slug = _NOT_SLUG.sub("_", text.lower()).strip("_") or "card"
    if slug[0].isdigit():
        slug = "c_" + slug
    if keyword.iskeyword(slug):
        slug += "_"
    return slug


class Pool:
    """A compiled pool on disk; cards are imported on first use."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory).resolve()
        self._dir = self.directory / PACKAGE
        if not (self._dir / "index.py").exists() or not (self._dir / INDEX_TABLE).exists():
            raise FileNotFoundError(f"no compiled pool at {self._dir} (run `cardsmith build -o {directory}`)")
        self._package = f"{PACKAGE}_{abs(hash(str(self.directory))):x}"
        spec = importlib.util.spec_from_file_location(
            self._package, self._dir / "__init__.py", submodule_search_locations=[str(self._dir)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[self._package] = module
        spec.loader.exec_module(module)
        self._index: tuple[dict[str, str], dict[str, tuple[str, str]], dict[str, tuple[str, str]]] | None = None
        self._cache: dict[str, CardDefinition] = {}
        self._nonland: list[str] | None = None
        self._keyword_classes: dict[str, Callable[..., Keyword]] = {}  # by the name asked for

    def _import(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self._package}.{name}")

    def _read_index(self) -> tuple[dict[str, str], dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
        if self._index is None:
            index = self._import("index")
            self._index = (index_cards(self._dir), dict(getattr(index, "KEYWORDS")),
                           dict(getattr(index, "ACTIONS", {})))
        return self._index

    @property
    def cards(self) -> dict[str, str]:
        """Card name -> module name, for every card of the pool (reads the index)."""
        return self._read_index()[0]

    @property
    def keywords(self) -> dict[str, tuple[str, str]]:
        """Keyword name (lower case) -> (module, class)."""
        return self._read_index()[1]

    @property
    def actions(self) -> dict[str, tuple[str, str]]:
        """Keyword action name -> (module, class)."""
        return self._read_index()[2]

    def names(self) -> list[str]:
        """Every card name in the pool, sorted."""
        return sorted(self.cards)

    def nonland_names(self) -> list[str]:
        """The names of the pool's cards that aren't lands, sorted (a pool's cards don't change once
        built: found once, not once per random deck)."""
        if self._nonland is None:
            self._nonland = [n for n in self.names() if "land" not in self.get(n).types]
        return list(self._nonland)

    def _card_module(self, module: str) -> ModuleType | None:
        """The card module ``module``, loaded from its file; None if there is no such file."""
        full = f"{self._package}.cards.{module}"
        if full in sys.modules:
            return sys.modules[full]
        path = self._dir / "cards" / f"{module}.py"
        if not path.is_file():
            return None
        self._import("cards")  # the parent package, for the modules' relative imports
        spec = importlib.util.spec_from_file_location(full, path)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[full] = loaded
        try:
            spec.loader.exec_module(loaded)
        except BaseException:
            del sys.modules[full]
            raise
        return loaded

    def get(self, name: str) -> CardDefinition:
        """The definition of card ``name`` (imported on first use)."""
        found = self._cache.get(name)
        if found is not None:
            return found
        guess = self._card_module(module_name(name)) if self._index is None else None
        card = getattr(guess, "CARD", None) if guess is not None else None
        if card is None or getattr(card, "name", None) != name:
            module = self.cards.get(name)
            loaded = self._card_module(module) if module is not None else None
            if loaded is None:
                raise UnknownCard(f"no card named {name!r} in the pool")
            card = getattr(loaded, "CARD")
        self._cache[name] = card
        return self._cache[name]

    def action(self, name: str) -> KeywordAction:
        """The keyword action ``name`` (701), e.g. manifest, for a scenario's face-down setup."""
        from .abilities import KeywordAction
        module, cls = self.actions[name.lower()]
        act = getattr(self._import(f"keywords.{module}"), cls)()
        assert isinstance(act, KeywordAction)
        return act

    def keyword(self, name: str, *args: object) -> Keyword:
        """An instance of the keyword ``name`` with its parameters ``args`` (none for tokens "with
        haste"; the object's mana cost for "gains flashback ... equal to its mana cost", 702.1b)."""
        from .abilities import Keyword
        made = self._keyword_classes.get(name)
        if made is None:
            # Found once per name: a keyword granted by an effect is made at every computation
            # of its object's characteristics.
            module, cls = self.keywords[name.lower()]
            made = self._keyword_classes[name] = getattr(self._import(f"keywords.{module}"), cls)
        k = made(*args)
        assert isinstance(k, Keyword)
        return k
