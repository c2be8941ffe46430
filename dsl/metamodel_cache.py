"""Keeping the built card metamodel in a build's cache folder.

Building the metamodel means parsing the grammar with textX's own parser, which would be most of
what a one-card rebuild costs; loading it back from a pickle is several times quicker.  textX metamodels don't pickle as they are (each grammar rule is a class created inside a
function, the default object processors are lambdas, the model parser is a class local to a
factory), so :class:`_Pickler` names each of those by how to make it again, and the functions
below make them again when the pickle is loaded.  The file is keyed by everything the result
depends on: the grammar text, the textX, Arpeggio and Python versions and :data:`FORMAT`.
Anything that goes wrong while writing or reading the file (another textX, a damaged file)
means the metamodel is built from the grammar as usual: the cache can only save time.

The tests compile every shipped card and documented example with a metamodel that went through
the cache and compare the output with the one built from the grammar
(``tests/unit/test_metamodel_cache.py``).
"""
from __future__ import annotations

import hashlib
import importlib
import io
import os
import pickle
import sys
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from textx.metamodel import TextXMetaModel

FORMAT = 2  # bumped whenever what is pickled, or how, changes


def cache_file(cache_dir: Path, grammar: bytes) -> Path:
    """Where the metamodel of ``grammar`` is kept under ``cache_dir``."""
    import arpeggio
    import textx
    h = hashlib.sha256(f"{FORMAT}\0{sys.version}\0{getattr(textx, '__version__', '?')}\0"
                       f"{getattr(arpeggio, '__version__', '?')}\0".encode() + grammar)
    return cache_dir / f"metamodel-{h.hexdigest()}.pickle"


def load(path: Path) -> TextXMetaModel | None:
    """The metamodel kept at ``path``; None if there is none or it can't be read back."""
    from textx.metamodel import TextXMetaModel
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        mm = pickle.loads(data)
    except Exception:  # noqa: BLE001 - any failure means building it from the grammar instead
        return None
    return mm if isinstance(mm, TextXMetaModel) else None


def save(mm: TextXMetaModel, path: Path) -> bool:
    """Keep ``mm`` at ``path`` (written whole or not at all); False if it can't be pickled."""
    buf = io.BytesIO()
    try:
        _Pickler(buf, mm).dump(mm)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # workers may save at the same time
        tmp.write_bytes(buf.getvalue())
        os.replace(tmp, path)
    except OSError:
        return False
    return True


class _Pickler(pickle.Pickler):
    """Pickles a textX metamodel: the parts that pickle can't name are reduced to calls of the
    module-level functions below."""

    def __init__(self, file: io.BytesIO, mm: TextXMetaModel) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._processors = {id(f): k for k, f in getattr(mm, "_default_obj_processors").items()}
        self._parser_class = type(getattr(mm, "_parser_blueprint"))

    def reducer_override(self, obj: Any) -> Any:
        from arpeggio import RegExMatch
        from textx.metamodel import TextXMetaClass
        if type(obj) is TextXMetaClass and "<locals>" in obj.__qualname__:
            state = {k: v for k, v in vars(obj).items() if k not in _CLASS_SKIP}
            return (_new_rule_class, (obj.__name__,), state, None, None, _set_class_state)
        if isinstance(obj, types.FunctionType) and "<locals>" in obj.__qualname__:
            if id(obj) in self._processors:
                return (_default_processor, (self._processors[id(obj)],))
            raise pickle.PicklingError(f"can't pickle the local function {obj.__qualname__}")
        if isinstance(obj, RegExMatch):
            # Its compiled pattern is left out: it is compiled again on first use (see
            # :class:`_LazyRegExMatch`), so a process that parses one card compiles only the
            # patterns that card needs, not the grammar's several hundred.
            state = {k: v for k, v in vars(obj).items() if k != "regex"}
            return (_new_lazy_regex_match, (), state)
        if type(obj) is self._parser_class:
            return (_new_model_parser, (), dict(vars(obj)))
        if isinstance(obj, types.ModuleType):
            return (importlib.import_module, (obj.__name__,))
        if obj is sys.stdout or obj is sys.stderr:  # the metamodel's debug output stream
            return (getattr, (sys, "stdout" if obj is sys.stdout else "stderr"))
        return NotImplemented


# Made again when a rule class is created (its ``__repr__`` closes over the rule's name).
_CLASS_SKIP = frozenset({"__dict__", "__weakref__", "__repr__", "__module__", "__doc__", "__qualname__"})


def _new_rule_class(name: str) -> type:
    """A rule class as ``TextXMetaModel._new_class`` makes it (textX 4.x), before its attributes."""
    from textx.metamodel import TextXMetaClass

    def __repr__(self: object) -> str:
        if hasattr(self, "name"):
            return f"<{name}:{getattr(self, 'name')}>"
        return f"<textx:{getattr(self, '_tx_fqn')} instance at {hex(id(self))}>"

    cls: type = TextXMetaClass("TextXClass", (), {
        "__repr__": __repr__, "__module__": "textx.metamodel",
        "__qualname__": "TextXMetaModel._new_class.<locals>.TextXClass"})
    cls.__name__ = name
    return cls


def _set_class_state(cls: type, state: dict[str, Any]) -> None:
    # textX compares rule kinds by identity (``_tx_type is RULE_MATCH``): strings are interned
    # again, as they were when the constants were written in textX's source.
    for k, v in state.items():
        setattr(cls, k, sys.intern(v) if type(v) is str else v)


def _default_processor(key: str) -> Callable[[str], Any]:
    """textX's built-in conversion for base type ``key`` (INT, BOOL, STRING, ...)."""
    from textx.metamodel import TextXMetaModel
    processor: Callable[[str], Any] = getattr(TextXMetaModel(), "_default_obj_processors")[key]
    return processor


def _new_model_parser() -> Any:
    """An empty instance of textX's model parser class (its state is set by pickle)."""
    from textx.model import get_model_parser
    cls: Any = type(get_model_parser(None, None))
    return cls.__new__(cls)


def _new_lazy_regex_match() -> Any:
    """An empty :class:`_LazyRegExMatch` (its state is set by pickle)."""
    cls: Any = _lazy_regex_match_class()
    return cls.__new__(cls)


_LAZY: dict[str, type] = {}  # the class below, made once (arpeggio is imported only when needed)


def _lazy_regex_match_class() -> type:
    """An Arpeggio ``RegExMatch`` that compiles its pattern when first used.

    Arpeggio reads ``self.regex`` (a compiled pattern) to match; here the attribute is missing
    until then, and ``__getattr__`` -- which Python calls only for a missing attribute -- runs
    ``RegExMatch.compile`` (the same flags) and stores it, so later matches cost exactly what they
    cost on a metamodel built from the grammar.
    """
    cls = _LAZY.get("cls")
    if cls is None:
        from arpeggio import RegExMatch

        def __getattr__(self: Any, name: str) -> Any:
            if name != "regex":
                raise AttributeError(name)
            self.compile()
            return self.__dict__["regex"]

        cls = _LAZY["cls"] = type("_LazyRegExMatch", (RegExMatch,), {
            "__getattr__": __getattr__, "__module__": __name__, "__qualname__": "_LazyRegExMatch"})
    return cls
