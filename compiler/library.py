"""A build's keyword library: its files read and hashed, then lowered (or unpickled from the
cache folder, keyed by that hash) only when something needs it."""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import TYPE_CHECKING

from dsl.diagnostics import Diagnostic
from dsl.metamodel import grammar_hash, metamodel_cache_folder

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


def _library_pickle(cache_dir: Path | None, digest: str) -> Path | None:
    return cache_dir / f"library-{digest}.pickle" if cache_dir is not None else None


def _lower_library(items: list[tuple[str, str, str]], digest: str,
                   cached: Path | None) -> tuple[LibraryIR, list[Diagnostic]]:
    """The library from its pickle in the cache, else lowered (and pickled when it has no errors);
    the metamodel is taken from the same cache folder."""
    from .ir import LibraryIR
    from .lower import build_library, module_name
    if cached is not None and cached.exists():
        try:
            lib = pickle.loads(cached.read_bytes())
            if isinstance(lib, LibraryIR):
                return lib, []
        except Exception:  # noqa: BLE001 - a damaged cache entry is rebuilt, never fatal
            pass
    if cached is not None:
        metamodel_cache_folder(cached.parent)
    lib, diags = build_library([(text, shown, module_name(stem)) for text, shown, stem in items])
    if cached is not None and not diags:
        write_bytes_if_changed(cached, pickle.dumps(lib, protocol=pickle.HIGHEST_PROTOCOL))
    return lib, diags


def load_library(keyword_files: list[Path], cache_dir: Path | None = None) -> tuple[LibraryIR, list[Diagnostic], str]:
    """Lower the keyword library; also return its content hash.

    With ``cache_dir``, a library lowered without diagnostics is kept there (pickled, keyed by
    the library's content, the grammar and the compiler version) and reused while unchanged.
    """
    digest, items = library_sources(keyword_files)
    lib, diags = _lower_library(items, digest, _library_pickle(cache_dir, digest))
    return lib, diags, digest


class Library:
    """The keyword library of a build, lowered (or unpickled) only when something needs it: a
    no-op rebuild doesn't.  A library with errors has no pickle, so it is lowered at once and its
    diagnostics are known before any card is looked at."""

    def __init__(self, keyword_files: list[Path], cache_dir: Path | None) -> None:
        self.digest, self._items = library_sources(keyword_files)
        self._cached = _library_pickle(cache_dir, self.digest)
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
