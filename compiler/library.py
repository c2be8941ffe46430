"""A build's keyword library: its files read and hashed, then lowered (or read back from the
cache folder, keyed by that hash) only when something needs it.

The cache holds the lowered library as JSON (:func:`dump_ir`, :func:`load_ir`) after the SHA-256 of
that JSON (a damaged file is lowered again, never rendered), a format that can't run code: an object is ``{"@": "module.Class", "f": [its fields]}``, made again only for a class
of the IR's registry (the dataclasses defined in ``compiler.ir``'s modules) by calling the class
with its fields, which only stores them; an enum member is ``{"@": "module.Enum", "v": NAME}``, of an
enum of the IR's or of a runtime enum its fields hold (``runtime.selectors.ObjectKind``);
a tuple is a list; strings, numbers, booleans and None are themselves.  Anything else in the file (another class's name, a field
count that doesn't fit, a value of another type) means the library is lowered again.  Files of
the earlier format (``library-*.pickle``) are never read.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import Diagnostic
from dsl.metamodel import grammar_hash

from . import VERSION
from .fingerprint import code_hash
from .output import write_bytes_if_changed
from .sources import Display

if TYPE_CHECKING:
    from .ir import LibraryIR


def library_sources(keyword_files: list[Path]) -> tuple[str, list[tuple[str, str, str]]]:
    """The keyword library's content hash (under the compiler version, grammar and code) and its files
    as (text, shown path, file stem), read but not parsed."""
    h = hashlib.sha256(f"{VERSION}\0{grammar_hash()}\0{code_hash()}\0".encode())
    items = []
    shown_as = Display()  # (most keyword files share a folder: resolved once)
    for p in keyword_files:
        data = p.read_bytes()
        shown = shown_as.file(p)  # the path appears in diagnostics and generated docstrings
        h.update(shown.encode() + b"\0" + p.name.encode() + b"\0" + data)
        items.append((data.decode("utf-8", errors="replace"), shown, p.stem))
    return h.hexdigest(), items


def _library_file(cache_dir: Path | None, digest: str) -> Path | None:
    return cache_dir / f"library-{digest}.json" if cache_dir is not None else None


class DamagedCache(ValueError):
    """A cached library that isn't one (read again from the sources)."""


_REGISTRY: dict[str, tuple[type, tuple[str, ...] | None]] = {}


def _registry() -> dict[str, tuple[type, tuple[str, ...] | None]]:
    """The IR's classes by ``module.qualname``, each with its field names (None: an enum): every
    dataclass and enum defined in a module of ``compiler.ir``, and the runtime's enums those modules
    import (the values of fields of the runtime's classes the IR extends: ``FilterIR.kind``, a
    ``runtime.selectors.ObjectKind``), and nothing else."""
    if not _REGISTRY:
        import dataclasses
        import enum
        import sys

        import compiler.ir  # noqa: F401 - imports every IR module
        for mod_name, mod in list(sys.modules.items()):
            if not mod_name.startswith("compiler.ir.") or mod is None:
                continue
            for value in vars(mod).values():
                if not isinstance(value, type):
                    continue
                name = f"{value.__module__}.{value.__qualname__}"
                if value.__module__ != mod_name:
                    if issubclass(value, enum.Enum) and value.__module__.startswith("runtime."):
                        _REGISTRY[name] = (value, None)  # (a member is only looked up by its name)
                    continue
                if issubclass(value, enum.Enum):
                    _REGISTRY[name] = (value, None)
                elif dataclasses.is_dataclass(value):
                    _REGISTRY[name] = (value, tuple(getattr(value, "_ir_fields", None)
                                                    or (f.name for f in dataclasses.fields(value))))
    return _REGISTRY


def dump_ir(obj: object) -> str:
    """``obj`` (IR objects, tuples, str, int, bool, None) as JSON (see the module's docstring)."""
    registry = _registry()

    def encode(o: Any) -> Any:
        t = type(o)
        if t is str or t is int or t is bool or o is None:
            return o
        if t is tuple:
            return [encode(x) for x in o]
        name = f"{t.__module__}.{t.__qualname__}"
        cls, names = registry.get(name, (None, None))
        if cls is not t:
            raise TypeError(f"not an IR value: {t!r}")
        if names is None:
            return {"@": name, "v": o.name}
        return {"@": name, "f": [encode(getattr(o, f)) for f in names]}
    return json.dumps(encode(obj), separators=(",", ":"))


def load_ir(text: str) -> object:
    """The IR value :func:`dump_ir` wrote; :class:`DamagedCache` for anything else."""
    registry = _registry()

    def decode(o: Any) -> object:
        t = type(o)
        if t is str or t is int or t is bool or o is None:
            return o
        if t is list:
            return tuple([decode(x) for x in o])
        if t is dict and len(o) == 2 and type(o.get("@")) is str:
            cls, names = registry.get(o["@"], (None, None))
            if cls is not None and names is None and type(o.get("v")) is str:
                member = getattr(cls, "__members__").get(o["v"])
                if member is not None:
                    return member
            fields = o.get("f")
            if cls is not None and names is not None and type(fields) is list and len(fields) == len(names):
                return cls(*[decode(x) for x in fields])
        raise DamagedCache(f"not an IR value: {str(o)[:80]}")
    try:
        return decode(json.loads(text))
    except (ValueError, TypeError, RecursionError) as e:
        raise DamagedCache(str(e)) from None


def _lower_library(items: list[tuple[str, str, str]], digest: str,
                   cached: Path | None) -> tuple[LibraryIR, list[Diagnostic]]:
    """The library from its JSON in the cache, else lowered (and kept there when it has no errors)."""
    from .ir import LibraryIR
    from .lower import build_library, module_name
    if cached is not None and cached.exists():
        try:
            # The file is the SHA-256 of the JSON, a newline, then the JSON: a changed byte that still
            # reads as JSON (a letter of a reminder text) would otherwise be rendered into the modules.
            check, _, payload = cached.read_bytes().partition(b"\n")
            if hashlib.sha256(payload).hexdigest().encode() != check:
                raise DamagedCache("the checksum doesn't match")
            lib = load_ir(payload.decode("utf-8"))
            if isinstance(lib, LibraryIR):
                return lib, []
        except (OSError, UnicodeDecodeError, DamagedCache):  # a damaged cache entry is rebuilt, never fatal
            pass
    lib, diags = build_library([(text, shown, module_name(stem)) for text, shown, stem in items])
    if cached is not None and not diags:
        payload = dump_ir(lib).encode("utf-8")
        write_bytes_if_changed(cached, hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    return lib, diags


def load_library(keyword_files: list[Path], cache_dir: Path | None = None) -> tuple[LibraryIR, list[Diagnostic], str]:
    """Lower the keyword library; also return its content hash.

    With ``cache_dir``, a library lowered without diagnostics is kept there (as JSON, keyed by
    the library's content, the grammar and the compiler version) and reused while unchanged.
    """
    digest, items = library_sources(keyword_files)
    lib, diags = _lower_library(items, digest, _library_file(cache_dir, digest))
    return lib, diags, digest


class Library:
    """The keyword library of a build, lowered (or read from the cache) only when something needs
    it: a no-op rebuild doesn't.  A library with errors isn't cached, so it is lowered at once and its
    diagnostics are known before any card is looked at."""

    def __init__(self, keyword_files: list[Path], cache_dir: Path | None) -> None:
        self.digest, self._items = library_sources(keyword_files)
        self._cached = _library_file(cache_dir, self.digest)
        self._lib: LibraryIR | None = None
        self.diagnostics: list[Diagnostic] = []
        if self._cached is None or not self._cached.exists():
            self.get()

    def get(self) -> LibraryIR:
        """The lowered library."""
        if self._lib is None:
            self._lib, diags = _lower_library(self._items, self.digest, self._cached)
            self.diagnostics += diags
        return self._lib
