"""Loading sticker sheets (dsl/stickers.tx) into :class:`runtime.stickers.StickerSheet` data.

Sheets are data, not cards: ``cards/stickers/*.sheet`` (the build reads only ``.card`` and ``.kw``
files, so it never sees them).  A scenario's set-up names each player's sheets (123.1,
docs/stickers.md); :func:`load_sheets` gives them by name, with located diagnostics.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from textx import TextXSyntaxError, metamodel_from_file
from textx.metamodel import TextXMetaModel

from dsl.diagnostics import Diagnostic
from dsl.metamodel import location
from runtime.stickers import AbilitySticker, ArtSticker, NameSticker, PTSticker, Sticker, StickerSheet

from .sources import default_pool

GRAMMAR = Path(__file__).resolve().parent.parent / "dsl" / "stickers.tx"
SUFFIX = ".sheet"


def sheets_folder() -> Path:
    """Where the shipped sheets are: ``cards/stickers/``."""
    return default_pool() / "stickers"


@lru_cache(maxsize=1)
def sheet_metamodel() -> TextXMetaModel:
    """The sticker sheet language metamodel."""
    return metamodel_from_file(str(GRAMMAR), autokwd=True)


# One constructor per grammar rule of a sticker (123.2a-d); ticket costs counted (123.3).
_STICKERS: dict[str, Callable[[Any], Sticker]] = {
    "NameSticker": lambda n: NameSticker(n.name),
    "ArtSticker": lambda n: ArtSticker(n.art),
    "AbilitySticker": lambda n: AbilitySticker(n.keyword, len(n.tickets)),
    "PTSticker": lambda n: PTSticker(n.power, n.toughness, len(n.tickets)),
}


def parse_sheets(text: str, path: str) -> tuple[list[StickerSheet], list[Diagnostic]]:
    """The sheets of one file, or located diagnostics (a syntax error; a sheet without a name)."""
    try:
        model = sheet_metamodel().model_from_str(text, file_name=path)
    except TextXSyntaxError as e:
        return [], [Diagnostic(path, int(e.line or 1), int(e.col or 1), f"syntax error: {e.message}")]
    out: list[StickerSheet] = []
    diags: list[Diagnostic] = []
    for sh in model.sheets:
        if not sh.name.strip():
            line, col = location(sh)
            diags.append(Diagnostic(path, line, col, "a sticker sheet needs a name"))
            continue
        out.append(StickerSheet(sh.name, tuple(_STICKERS[type(s).__name__](s) for s in sh.stickers)))
    return out, diags


def load_sheets(folder: Path | None = None) -> tuple[dict[str, StickerSheet], list[Diagnostic]]:
    """Every sheet in ``folder`` (default: the shipped ones) by name; a name defined twice is an error."""
    folder = sheets_folder() if folder is None else folder
    found: dict[str, StickerSheet] = {}
    diags: list[Diagnostic] = []
    for f in sorted(folder.glob("*" + SUFFIX)) if folder.is_dir() else []:
        sheets, d = parse_sheets(f.read_text(encoding="utf-8"), str(f))
        diags += d
        for sh in sheets:
            if sh.name in found:
                diags.append(Diagnostic(str(f), 1, 1, f"sticker sheet {sh.name!r} is defined twice"))
            found[sh.name] = sh
    return found, diags
