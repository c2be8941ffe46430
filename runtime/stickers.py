"""Stickers and sticker sheets (cardsmith rules 123.1-123.9, docs/stickers.md), as data.

The 2022 Comprehensive Rules have no rules for stickers; the project's seeds 001 and 004 amend
702.33 with sticker kicker (702.33h here), which puts a sticker on a spell.  The rules this
module and :mod:`runtime.stickering` follow are written out, with their numbers, in
``docs/stickers.md``.  Here is only what a sticker *is*: a frozen record on a player's sheet.

- 123.1: each player may have up to three sticker sheets for a game; the set-up names them.
- 123.2: the kinds of sticker: name, art, ability and power/toughness stickers.
- 123.3: ability and power/toughness stickers have a ticket cost ({TK}, 107.17).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

MAX_SHEETS = 3  # 123.1: at most three sticker sheets per player


@dataclass(frozen=True)
class NameSticker:
    """123.2a: a name sticker; on an object, the object's name is its ``name`` (123.6a)."""

    name: str
    tickets: int = 0  # 123.3: name stickers cost no tickets

    @property
    def label(self) -> str:
        """How players and scenarios name it: its words."""
        return self.name


@dataclass(frozen=True)
class ArtSticker:
    """123.2b: an art sticker; it changes no characteristic (123.6b)."""

    art: str
    tickets: int = 0

    @property
    def label(self) -> str:
        """Its description."""
        return self.art


@dataclass(frozen=True)
class AbilitySticker:
    """123.2c: an ability sticker; the object has the keyword ``keyword`` (123.6c).  ``tickets``:
    its ticket cost (123.3)."""

    keyword: str
    tickets: int

    @property
    def label(self) -> str:
        """The keyword it grants, as printed ("flying")."""
        return self.keyword


@dataclass(frozen=True)
class PTSticker:
    """123.2d: a power/toughness sticker; it sets the object's base power and toughness (123.6d).
    ``tickets``: its ticket cost (123.3)."""

    power: int
    toughness: int
    tickets: int

    @property
    def label(self) -> str:
        """"4/4"."""
        return f"{self.power}/{self.toughness}"


Sticker = Union[NameSticker, ArtSticker, AbilitySticker, PTSticker]


@dataclass(frozen=True)
class StickerSheet:
    """123.1: a named sheet of stickers, defined as data (``cards/stickers/*.sheet``)."""

    name: str
    stickers: tuple[Sticker, ...]


@dataclass(frozen=True)
class PlacedSticker:
    """A sticker on an object: which player's sheet it came from, and its place there.  While it is
    on an object it isn't on its sheet (123.4); when it goes back (123.8), it is again."""

    player: int
    sheet: int
    index: int
    sticker: Sticker

    @property
    def key(self) -> tuple[int, int, int]:
        """Where on which player's sheets it belongs."""
        return (self.player, self.sheet, self.index)
