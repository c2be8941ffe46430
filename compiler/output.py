"""Writing a build's output package: card modules (a cold build's all at once, through a staging
folder; otherwise each only if it changed), keyword modules, the index and the package's fixed
files.  A file is never left half-written: each is written to a temporary file renamed over it."""
from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from runtime.pool import INDEX_TABLE

from . import VERSION

if TYPE_CHECKING:
    from .compiling import CardResult
    from .ir import LibraryIR


class Stamp(NamedTuple):
    """An output file as a build left it: its size, inode change time and the sha256 digest of its
    bytes.  A later build trusts a file whose size and ctime are still these, and hashes it only
    when they are not (see :mod:`compiler.repair`, which says why the ctime)."""

    size: int
    ctime_ns: int
    digest: bytes


def stamp_of(st: os.stat_result, data: bytes) -> Stamp:
    """The stamp of a file whose ``stat`` is ``st`` and whose bytes are ``data``."""
    return Stamp(st.st_size, st.st_ctime_ns, hashlib.sha256(data).digest())


def write_stamped(path: Path, data: bytes) -> tuple[bool, Stamp]:
    """Write ``data`` to ``path`` unless it holds them already: whether it was written, and the
    file's stamp either way."""
    if path.exists() and path.read_bytes() == data:
        return False, stamp_of(os.stat(path), data)
    path.parent.mkdir(parents=True, exist_ok=True)
    return True, stamp_of(write_new(path, data), data)


def write_bytes_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it holds them already; whether it was written."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)  # never a partially written module
    return True


def write_new(path: Path, data: bytes) -> os.stat_result:
    """Write a file known not to exist yet, in an existing folder (no read to compare first);
    its ``stat`` once in place (the rename sets its ctime: see :class:`Stamp`)."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    _write_fresh(str(tmp), data)
    os.replace(tmp, path)  # never a partially written module
    return os.stat(path)


def write_if_changed(path: Path, text: str) -> bool:
    """:func:`write_bytes_if_changed` of ``text`` in UTF-8."""
    return write_bytes_if_changed(path, text.encode("utf-8"))


def write_package_files(pkg: Path, modules: CardModules) -> int:
    """The package's fixed files (rewritten only if they changed); how many were written."""
    return (write_if_changed(pkg / "__init__.py", f'"""Compiled card pool (cardsmith {VERSION}). Do not edit."""\n')
            + write_if_changed(pkg / "py.typed", "")
            + modules.write_init('"""Compiled cards."""\n')
            + write_if_changed(pkg / "keywords" / "__init__.py", '"""Compiled keywords."""\n'))


INDEX_FILES = ("index.py", INDEX_TABLE)  # the index's files, relative to the package


def write_index(pkg: Path, cards: list[tuple[str, str]], library: LibraryIR) -> tuple[int, dict[str, Stamp]]:
    """Write the index of ``cards`` (name, module): its card table, then its module, each only if
    it changed; how many files changed, and the stamps of both (by name in the package)."""
    from .render import index_table, render_index
    from .safety import check_generated
    changed, table = write_stamped(pkg / INDEX_TABLE, index_table(cards).encode("utf-8"))
    written = int(changed)
    index = pkg / "index.py"
    code = render_index(library)
    check_generated(code, "index.py")
    changed, module = write_stamped(index, code.encode("utf-8"))
    if changed:
        # Compiled now, so the first lazy load of the pool doesn't compile it.
        import py_compile  # (only here: with what it imports, 3 ms of every rebuild's start)
        py_compile.compile(str(index), doraise=True)
        written += 1
    return written, {"index.py": module, INDEX_TABLE: table}


def write_keyword_modules(pkg: Path, library: LibraryIR) -> tuple[tuple[str, ...], int, dict[str, Stamp]]:
    """Render the library's keyword modules and write each that changed: their file names, how
    many were written, and the stamps of all (by name in the package: ``keywords/NAME.py``)."""
    from .render import render_keyword_file
    from .safety import check_generated
    written = 0
    stamps: dict[str, Stamp] = {}
    for f in library.files:
        code = render_keyword_file(f, library)
        check_generated(code, f.source)
        changed, stamps[f"keywords/{f.module}.py"] = write_stamped(pkg / "keywords" / f"{f.module}.py",
                                                                   code.encode("utf-8"))
        written += changed
    return tuple(f"{f.module}.py" for f in library.files), written, stamps


def has_keyword_modules(pkg: Path, names: tuple[str, ...]) -> bool:
    """Whether the keyword modules ``names`` (file names, none: not known) are all there."""
    return bool(names) and all((pkg / "keywords" / m).exists() for m in names)


def has_index(pkg: Path) -> bool:
    """Whether the index's module and card table are both there."""
    return (pkg / "index.py").exists() and (pkg / INDEX_TABLE).exists()


class CardModules:
    """The folder of card modules of an output package: what is in it, and writing a module.

    When the output has no card folder yet (a cold build), every module is written straight into
    a staging folder beside it, with no temporary file per module, and the whole folder is renamed
    into place once complete (:meth:`publish`): no module is visible before all are written, so
    none can be loaded half-written, and a build that stops half-way leaves only the staging
    folder, which the next build removes.  Into an existing folder, a module is written to a
    temporary file renamed over its name, and only if it changed (see :func:`write_bytes_if_changed`).
    """

    def __init__(self, pkg: Path, staging: bool) -> None:
        self.final = pkg / "cards"
        # The stamp of each module written (or found to hold its code already) by this build, by
        # file name: what the manifest records of it.
        self.stamps: dict[str, Stamp] = {}
        self._present: set[str] | None = set()  # file names in the folder (None: not listed yet)
        self.folder = self.final
        self._found: tuple[int, ...] = ()  # the folder's identity and mtime when the build began
        self._staging = False  # (a plain flag: it is read for every module written)
        if pkg == Path():  # checking only: no output
            return
        try:
            st = os.stat(self.final)
            if stat.S_ISDIR(st.st_mode):
                self._present, self._found = None, (st.st_ino, st.st_mtime_ns)
                return
        except FileNotFoundError:
            pass
        if staging:
            self.folder = pkg / ".cards.partial"  # not an importable name
            self._staging = True
            if self.folder.exists():  # left by a build that stopped half-way
                import shutil
                shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._prefix = os.path.join(self.folder, "")

    @property
    def present(self) -> set[str]:
        """The file names in the folder (listed on first use: tens of thousands in a large pool)."""
        if self._present is None:
            self._present = set(os.listdir(self.final))
        return self._present

    def as_left(self, recorded: tuple[int, ...]) -> bool:
        """Whether the folder is as the build that recorded ``recorded`` (see :meth:`settle`) left
        it: no entry added, removed or renamed since, so it holds exactly the modules that build
        wrote, and need not be listed."""
        return bool(recorded) and self._found == recorded

    def settle(self, recorded: tuple[int, ...], stamp: int) -> tuple[int, ...]:
        """After the last write into the folder: its identity and mtime, to record in the manifest,
        the mtime first set back to a minute before the build began (``stamp``).

        A folder's mtime changes whenever an entry is added, removed or renamed, but this build's
        own writes set it to a time a later change, within the file system's timestamp tick,
        could set again; set back into the past, any later change moves it to a time after the
        build began, which can't be the recorded one (git's racily clean entries, avoided).
        The time set is never the mtime of ``recorded`` (the state this build found recorded), so
        that if this build's record is lost (it stopped before saving the manifest, or its
        journal record is damaged) the next build, finding that older state recorded, doesn't
        take the folder for the one it describes: two builds within a second would otherwise
        set the same time.  Unchanged since ``recorded`` (nothing written): left alone.  () if it
        can't be done.
        """
        try:
            st = os.stat(self.final)
            if (st.st_ino, st.st_mtime_ns) == recorded:
                return recorded
            for back in (60, 62):  # (whole seconds: 2 s apart, for the coarsest file systems)
                os.utime(self.final, ns=(st.st_atime_ns, (stamp // 1_000_000_000 - back) * 1_000_000_000))
                left = os.stat(self.final)
                if (left.st_ino, left.st_mtime_ns) != recorded:
                    return (left.st_ino, left.st_mtime_ns)
        except OSError:
            pass
        return ()

    def _has(self, name: str) -> bool:
        if self._present is None:
            return os.path.lexists(os.path.join(self.folder, name))
        return name in self._present

    @property
    def staging(self) -> bool:
        """Whether modules are written to the staging folder (until :meth:`publish`)."""
        return self._staging

    def write(self, r: CardResult) -> int:
        """Write a card's module; 1 if the file changed.  A module not in the folder before is
        written without reading anything first."""
        name = r.module + ".py"
        data = r.code.encode("utf-8")
        if self._staging:  # (a cold build: 30,000 times in a row, so the shortest path)
            self.stamps[name] = stamp_of(_write_fresh(self._prefix + name, data), data)
            if self._present is not None:
                self._present.add(name)
            return 1
        return self._write(name, data)

    def write_init(self, code: str) -> int:
        """Write the folder's ``__init__.py``; 1 if it changed."""
        return self._write("__init__.py", code.encode("utf-8"))

    def _write(self, name: str, data: bytes) -> int:
        if self._staging:
            self.stamps[name] = stamp_of(_write_fresh(self._prefix + name, data), data)
        elif self._has(name):
            changed, self.stamps[name] = write_stamped(self.folder / name, data)
            return int(changed)
        else:
            self.stamps[name] = stamp_of(write_new(self.folder / name, data), data)
        if self._present is not None:
            self._present.add(name)
        return 1

    def publish(self) -> None:
        """Move a staging folder into place (one rename: all its modules appear at once)."""
        if self._staging:
            os.rename(self.folder, self.final)
            self.folder = self.final
            self._staging = False


def _write_fresh(path: str, data: bytes) -> os.stat_result:
    """Write a new file in a folder nobody reads yet (the staging folder, or a temporary name):
    four system calls.  Its ``stat`` once written (for the manifest: see :class:`Stamp`)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        return os.fstat(fd)
    finally:
        os.close(fd)
