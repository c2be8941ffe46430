"""A rebuild settled from the manifest alone: the same sources as the last build, a few of them
edited, and nothing else changed (the usual rebuild while a card is being written)."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

from .cache import Manifest, index_key
from .compiling import CardResult
from .output import CardModules, has_index, has_keyword_modules, write_index, write_package_files

if TYPE_CHECKING:
    from .library import Library
    from .repair import OutputCheck


class Quick(NamedTuple):
    """What :func:`incremental` did."""

    written: int
    manifest: Manifest | None  # to save (None: nothing changed)
    results: Callable[[], list[CardResult]]
    rows: list[int]  # the manifest's rows that changed


def incremental(old: Manifest, pkg: Path, modules: CardModules,
                same_key: list[tuple[str, int]], edited: list[CardResult], stats: dict[str, os.stat_result],
                stamp: int, base_key: bytes, library: Library, check: OutputCheck) -> Quick | None:
    """Finish a build whose sources are exactly those of the last build, ``edited`` compiled again
    and ``same_key`` touched but unchanged, from the manifest alone: O(edited) work besides
    the listing of the output folder and the manifest itself (and the index, if a name changed).
    ``check``: how the output compared with the manifest (a card whose module was damaged is among
    ``edited``; the new stamps of files touched but unchanged are recorded).

    Returns None, having written nothing, whenever the whole settlement of names and modules is
    needed (:func:`compiler.build.build` then runs it): an edited card failed; the output lacks a
    module the manifest lists, or holds one it doesn't, or lacks a keyword module or the index, or
    one of them is damaged; an
    edited card takes a name or module another card has, or leaves a module another card wanted;
    more than one card changed its name or module.
    """
    if any(r.diagnostics for r in edited) or modules.staging or check.damaged_files:
        return None
    if not modules.as_left(old.folder):
        # Changed since the last build left it (or not known): listed and compared.
        expected = {f"{w}.py" for w in old.written}
        expected.add("__init__.py")
        if {n for n in modules.present if n.endswith(".py")} != expected:
            return None
    if not has_keyword_modules(pkg, old.keyword_modules) or not has_index(pkg):
        return None
    placed: dict[int, str] = {}  # manifest row -> the module an edited card is written to
    moved: list[int] = []
    for r in edited:
        i = old.row(r.path)
        if r.name == old.names[i] and r.module == old.modules[i]:
            placed[i] = old.written[i]
            continue
        if moved or old.written[i] != old.modules[i]:
            return None
        # Names are unique and a plain module name is held by at most one card (the manifest
        # records no failed card); the card itself counts once in the old columns.
        if (r.name != old.names[i] and r.name in old.names) or (r.module != old.modules[i] and (
                r.module in old.modules or r.module in old.written)) or old.modules.count(old.modules[i]) > 1:
            return None
        placed[i] = r.module
        moved.append(i)
    written = 0
    base_modules = {old.row(r.path): r.module for r in edited}
    for r in edited:
        r.module = placed[old.row(r.path)]
        written += modules.write(r)
    for i in moved:
        (modules.folder / f"{old.written[i]}.py").unlink(missing_ok=True)
        written += 1
    written += write_package_files(pkg, modules)
    folder = modules.settle(old.folder, stamp)
    if not edited and not same_key and check.unchanged:
        manifest = None if folder == old.folder else replace(old, folder=folder)
    else:
        manifest = old.copy()
        manifest.folder = folder
        for i, touched in check.touched.items():
            manifest.set_output(i, touched)
        manifest.outputs.update(check.touched_files)
        for r in edited:
            i = old.row(r.path)
            manifest.keys[i], manifest.names[i], manifest.modules[i] = r.key, r.name, base_modules[i]
            manifest.written[i] = r.module
            manifest.set_output(i, modules.stamps[f"{r.module}.py"])
        for shown, i in [*((r.path, old.row(r.path)) for r in edited), *same_key]:
            st = stats[shown]
            manifest.mtimes[i], manifest.sizes[i], manifest.stamps[i] = st.st_mtime_ns, st.st_size, stamp
        if moved:
            cards = list(zip(manifest.names, manifest.written))
            manifest.index_key = index_key(base_key, manifest.names, manifest.written)
            n, stamps = write_index(pkg, cards, library.get())
            manifest.outputs.update(stamps)
            written += n
    edited_at = {old.row(r.path): r for r in edited}
    final = manifest or old

    def results() -> list[CardResult]:
        return [edited_at.get(i) or CardResult(p, final.names[i], final.written[i], cached=True, key=final.keys[i])
                for i, p in enumerate(final.paths)]

    return Quick(written, manifest, results,
                 sorted({old.row(r.path) for r in edited} | {i for _, i in same_key} | check.touched.keys()))
