"""A build repairs its output: a card module, keyword module or index file truncated, garbled
(same size, an older mtime, or even the very mtime recorded), deleted, or swapped with another of
the same size since the last build is found by the next one, written again and named in its
report, and the pool loads; a file only touched is not written again, and its new stamp is
recorded so that later builds don't read it."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest

import compiler.repair
from compiler.build import BuildReport, build
from runtime.pool import INDEX_TABLE, PACKAGE, Pool

from .helpers import small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "l/llanowar_elves.card", "c/counterspell.card")

# The output files damaged, by their path in the package.
TARGETS = ("cards/grizzly_bears.py", "keywords/evergreen.py", INDEX_TABLE, "index.py")


def _truncate(path: Path) -> None:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


def _garble(path: Path) -> None:
    """The same size, one byte changed, and an mtime older than the one recorded."""
    st = path.stat()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] = ord("#") if data[len(data) // 2] != ord("#") else ord("!")
    path.write_bytes(bytes(data))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 5_000_000_000))


def _delete(path: Path) -> None:
    path.unlink()


DAMAGE: dict[str, Callable[[Path], None]] = {"truncate": _truncate, "garble": _garble, "delete": _delete}


def _package(out: Path) -> dict[str, bytes]:
    pkg = out / PACKAGE
    return {str(p.relative_to(pkg)): p.read_bytes() for p in sorted(pkg.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def _loads(out: Path) -> None:
    """Every card of the pool loads."""
    pool = Pool(out)
    assert sorted(pool.names()) == ["Counterspell", "Grizzly Bears", "Lightning Bolt", "Llanowar Elves"]
    for name in pool.names():
        pool.get(name)


def _spy_look(monkeypatch: pytest.MonkeyPatch, pkg: Path) -> list[str]:
    """The files the next builds read to compare with their record (by path in ``pkg``)."""
    looked: list[str] = []
    real = compiler.repair._look

    def spy(path: str, recorded: compiler.repair.Stamp) -> compiler.repair.Stamp | str:
        looked.append(os.path.relpath(path, pkg))
        return real(path, recorded)

    monkeypatch.setattr(compiler.repair, "_look", spy)
    return looked


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_output_file_is_repaired_by_the_next_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             damage: str, target: str) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    DAMAGE[damage](out / PACKAGE / target)
    looked = _spy_look(monkeypatch, out / PACKAGE)
    report = build([src], out, jobs=1)
    assert looked == [target]  # the files whose stat is as recorded are not read
    assert not report.diagnostics
    assert len(report.repaired) == 1 and report.repaired[0].startswith(f"{target} (")
    assert "1 repaired" in report.summary()
    assert _package(out) == intact
    _loads(out)
    again = build([src], out, jobs=1)  # repaired and recorded: nothing left to do
    assert (again.repaired, again.written, again.compiled) == ([], 0, 0)


def test_every_kind_of_output_damaged_at_once(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    pkg = out / PACKAGE
    _truncate(pkg / "cards" / "grizzly_bears.py")
    _garble(pkg / "cards" / "counterspell.py")
    _delete(pkg / "cards" / "lightning_bolt.py")
    _garble(pkg / "keywords" / "evergreen.py")
    _truncate(pkg / INDEX_TABLE)
    report = build([src], out, jobs=1)
    assert sorted(r.split(" (")[0] for r in report.repaired) == [
        "cards/counterspell.py", "cards/grizzly_bears.py", "cards/lightning_bolt.py", INDEX_TABLE,
        "keywords/evergreen.py"]
    assert report.compiled == 3 and not report.diagnostics
    assert _package(out) == intact
    _loads(out)


def test_a_touched_output_is_not_rewritten_and_its_new_stamp_is_recorded(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    pkg = out / PACKAGE
    for name in ("cards/grizzly_bears.py", "keywords/evergreen.py", INDEX_TABLE):
        os.utime(pkg / name)  # a new mtime, the same bytes
    looked = _spy_look(monkeypatch, pkg)
    report = build([src], out, jobs=1)
    assert (report.repaired, report.compiled, report.written) == ([], 0, 0)
    assert sorted(looked) == sorted(["cards/grizzly_bears.py", "keywords/evergreen.py", INDEX_TABLE])
    looked.clear()
    build([src], out, jobs=1)
    assert looked == []  # the new stamps were recorded: trusted by their stat again


def test_two_modules_of_one_size_swapped_by_renames_are_repaired(tmp_path: Path) -> None:
    """A rename keeps a file's size and mtime, so two modules of one size swapped by renames look
    unchanged by them: the ctime recorded, which a rename sets, gives them away."""
    src = small_pool(tmp_path, ("f/forest.card", "p/plains.card"))
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    cards = out / PACKAGE / "cards"
    forest, plains = cards / "forest.py", cards / "plains.py"
    assert forest.stat().st_size == plains.stat().st_size  # (else the size alone would show it)
    mtimes = forest.stat().st_mtime_ns, plains.stat().st_mtime_ns
    forest.rename(cards / "swap.tmp")
    plains.rename(forest)
    (cards / "swap.tmp").rename(plains)
    assert (plains.stat().st_mtime_ns, forest.stat().st_mtime_ns) == mtimes and _package(out) != intact
    report = build([src], out, jobs=1)
    assert sorted(r.split(" (")[0] for r in report.repaired) == ["cards/forest.py", "cards/plains.py"]
    assert _package(out) == intact


def test_a_module_written_with_its_size_and_mtime_kept_is_repaired(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    module = out / PACKAGE / "cards" / "grizzly_bears.py"
    st = module.stat()
    module.write_bytes(module.read_bytes().replace(b"Grizzly", b"Grizzlz"))
    os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))  # the mtime set back to the one recorded
    assert (module.stat().st_size, module.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    report = build([src], out, jobs=1)
    assert [r.split(" (")[0] for r in report.repaired] == ["cards/grizzly_bears.py"]
    assert _package(out) == intact
    _loads(out)


def test_a_whole_card_folder_deleted_is_compiled_again(tmp_path: Path) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    import shutil
    shutil.rmtree(out / PACKAGE / "cards")
    report: BuildReport = build([src], out, jobs=1)
    assert report.compiled == len(CARDS) and len(report.repaired) == len(CARDS)
    assert _package(out) == intact
    _loads(out)


def test_the_command_names_what_it_repaired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main

    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    assert main(["build", str(src), "-o", str(out)]) == 0
    _truncate(out / PACKAGE / "cards" / "grizzly_bears.py")
    capsys.readouterr()
    assert main(["build", str(src), "-o", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"cardsmith build: repaired {out / PACKAGE}/cards/grizzly_bears.py (changed since it was written)"
    assert lines[1].startswith("cardsmith build: 1 compiled, 3 cached, 0 failed, 1 files written, 1 repaired in ")


@pytest.mark.parametrize("garbled", [(b"Grizzly Bears", b"Grizzly Beirs"), (b"\rgrizzly_bears", b"\rgrizzly_beirs")])
def test_a_garbled_manifest_is_not_read_as_names_or_modules(tmp_path: Path, garbled: tuple[bytes, bytes]) -> None:
    """The manifest damaged since it was written (a byte of a card's name or module changed, the
    same size, an older mtime: marshal loads it all the same) is ignored, not trusted for the
    cards whose sources are unchanged: the index holds the cards' own names (the cache fuzzer's
    case 1797 of seed 400 found ``Islan\\xec`` in index.txt)."""
    from compiler.cache import MANIFEST
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    intact = _package(out)
    manifest = out / ".cache" / MANIFEST
    st = manifest.stat()
    data = manifest.read_bytes()
    old, new = garbled
    assert data.count(old) == 1
    manifest.write_bytes(data.replace(old, new))
    os.utime(manifest, ns=(st.st_atime_ns, st.st_mtime_ns - 1))
    report = build([src], out, jobs=1)
    assert not report.diagnostics
    assert sorted(r.name for r in report.results) == ["Counterspell", "Grizzly Bears", "Lightning Bolt", "Llanowar Elves"]
    assert _package(out) == intact
    _loads(out)
    assert build([src], out, jobs=1).written == 0
