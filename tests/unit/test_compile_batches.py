"""Cards compiled together in a stage batch (``compile_cards``: every parse, then every lowering,
rendering and AST check) give exactly what each gives compiled alone, whatever fails where."""
from __future__ import annotations

from pathlib import Path

from compiler.cache import source_key
from compiler.compiling import compile_card, compile_cards
from tests.unit.helpers import library

GOOD = sorted(Path("cards/a").glob("*.card"))[:3]


def _write(tmp: Path, name: str, data: bytes) -> str:
    p = tmp / name
    p.write_bytes(data)
    return str(p)


def test_a_batch_mixing_every_kind_of_failure_matches_cards_compiled_alone(tmp_path: Path) -> None:
    paths = [
        str(GOOD[0]),
        str(tmp_path / "missing.card"),  # can't be read
        _write(tmp_path, "latin1.card", b'card "Caf\xe9" {\n}\n'),  # not UTF-8
        str(GOOD[1]),
        _write(tmp_path, "nul.card", b'card "X" {\x00}\n'),  # NUL byte
        _write(tmp_path, "syntax.card", b'card "Broken" {\n  cost {1}{G}\n  type creature\n  flyng\n}\n'),
        _write(tmp_path, "two.card", GOOD[0].read_bytes() + GOOD[1].read_bytes()),  # checked after parsing
        str(GOOD[2]),
    ]
    batch = compile_cards(paths, library(), b"key")
    alone = [compile_card(p, library(), b"key") for p in paths]
    assert [r.path for r in batch] == paths
    for b, a in zip(batch, alone):
        assert (b.name, b.module, b.code, b.text, b.diagnostics, b.key) == \
               (a.name, a.module, a.code, a.text, a.diagnostics, a.key)
    failed = [r.path for r in batch if r.diagnostics]
    assert failed == paths[1:3] + paths[4:7]
    assert all(r.code and r.ir is not None for r in batch if not r.diagnostics)
    # Readable sources are keyed by their bytes; unreadable ones have no key.
    assert batch[0].key == source_key(b"key", paths[0], GOOD[0].read_bytes())
    assert batch[1].key == "" and batch[2].key == ""
    assert "can't read file" in batch[1].diagnostics[0].message
    assert "not UTF-8" in batch[2].diagnostics[0].message
    assert "NUL byte" in batch[4].diagnostics[0].message
    assert batch[5].diagnostics[0].line == 4
    assert "one card per file" in batch[6].diagnostics[0].message


def test_read_source_returns_every_byte_of_small_exact_and_large_files(tmp_path: Path) -> None:
    # read_source reads with os.read in 64 KiB pieces: a file of exactly one piece, and one
    # spanning several, come back whole; a folder or a missing file is an OSError, as with open().
    from compiler.sources import read_source
    for size in (0, 1, 65535, 65536, 65537, 200_003):
        data = bytes(i % 251 for i in range(size))
        p = tmp_path / f"f{size}.card"
        p.write_bytes(data)
        assert read_source(str(p)) == data
    for bad in (tmp_path, tmp_path / "missing.card"):
        try:
            read_source(str(bad))
        except OSError as e:
            assert e.strerror
        else:
            raise AssertionError(f"{bad} was read")
