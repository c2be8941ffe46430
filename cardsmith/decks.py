"""Deck lists in the formats players already have: this project's own, MTGO (``.dec``, ``.txt``),
Arena exports and Forge ``.dck``.

Every format is a list of ``COUNT Card Name`` lines with some decoration, so one reader takes
them all and says which it saw:

- **cardsmith** (``decks/*.deck``): ``4 Lightning Bolt``; ``#`` starts a comment.
- **MTGO** ``.dec``: the same lines, ``SB: 2 Duress`` for the sideboard, ``//`` comments.
- **Arena** export: section headers on lines of their own (``Deck``, ``Sideboard``,
  ``Commander``, ``Companion``, ``About`` with ``Name ...``), card lines with the set code and
  collector number after the name (``4 Lightning Bolt (M10) 146``), which are ignored.
- **Forge** ``.dck``: ``[metadata]`` with ``Name=...``, then ``[Main]`` and ``[Sideboard]``
  sections of ``4 Lightning Bolt|M10`` lines (the set after ``|`` is ignored).

``4x Lightning Bolt`` is read as four.  A sideboard is read and kept but not played: a game uses
the main deck.  Names are then matched against a pool with :func:`resolve` (case does not
matter; a misspelt name gets the nearest pool name as a suggestion).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

MAX_DECK_BYTES = 1_000_000  # a deck list is a few kilobytes; a bigger file is not a deck
MAX_CARDS = 1_000  # cards in one deck (main deck and sideboard together)
MAX_COUNT = 999  # copies on one line

# ``4 Name``, ``4x Name``; what follows the name in Arena (`` (SET) 123``) and Forge (``|SET|1``).
_CARD_LINE = re.compile(r"(?P<count>[0-9]+)x?\s+(?P<name>.+)")
_ARENA_SUFFIX = re.compile(r"\s+\([A-Za-z0-9_]{1,8}\)(?:\s+[A-Za-z0-9-]+)?\s*$")
_ARENA_SECTIONS = {"deck": "main", "main": "main", "maindeck": "main", "sideboard": "side",
                   "commander": "main", "companion": "side"}
_FORGE_SECTION = re.compile(r"\[(?P<name>[A-Za-z ]+)\]")


class DeckError(Exception):
    """A deck list that can't be read, or names cards the pool lacks: ``where`` is ``file:line``
    or the file."""

    def __init__(self, what: str, where: str) -> None:
        super().__init__(what)
        self.what = what
        self.where = where


@dataclass(frozen=True)
class Deck:
    """A deck list as read: its card names (one entry per copy, in the list's order), its
    sideboard, the format it was written in, and its name if the file gives one."""

    main: tuple[str, ...]
    sideboard: tuple[str, ...] = ()
    format: str = "cardsmith"
    name: str = ""


def read_deck(path: Path) -> Deck:
    """Read a deck list file in any of the module's formats (:class:`DeckError` if it can't be)."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise DeckError(f"can't read the deck file: {e.strerror or e}", str(path)) from None
    if size > MAX_DECK_BYTES:
        raise DeckError(f"the deck file is {size:,} bytes; a deck list is at most {MAX_DECK_BYTES:,}", str(path))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as e:
        raise DeckError(f"the deck file is not UTF-8 text (at byte {e.start})", str(path)) from None
    return parse_deck(text, str(path))


def parse_deck(text: str, where: str = "<deck>") -> Deck:
    """Parse a deck list's text (``where`` names it in errors)."""
    lines = text.splitlines()
    forge = any(_FORGE_SECTION.fullmatch(line.strip()) for line in lines)
    arena = not forge and any(line.strip().lower() in _ARENA_SECTIONS for line in lines)
    fmt = "forge" if forge else "arena" if arena else "mtgo" if any(
        line.strip().startswith(("SB:", "//")) for line in lines) else "cardsmith"
    main: list[str] = []
    side: list[str] = []
    section = "main"
    name = ""
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        here = f"{where}:{number}"
        if not line or line.startswith(("#", "//")):
            continue
        if forge:
            header = _FORGE_SECTION.fullmatch(line)
            if header:
                title = header.group("name").strip().lower()
                section = "main" if title in ("main", "commander") else "side" if title == "sideboard" else "other"
                continue
            if section == "other":  # [metadata] and the sections games don't use (planes, schemes)
                key, _, value = line.partition("=")
                if key.strip().lower() == "name":
                    name = value.strip()
                continue
            line = line.split("|", 1)[0]
        elif arena:
            if line.lower() in _ARENA_SECTIONS:
                section = _ARENA_SECTIONS[line.lower()]
                continue
            if line.lower() == "about":
                section = "about"
                continue
            if section == "about":
                if line.lower().startswith("name "):
                    name = line[5:].strip()
                continue
            line = _ARENA_SUFFIX.sub("", line)
        else:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
        target = main if section == "main" else side
        if line.startswith("SB:"):
            line, target = line[3:].strip(), side
        m = _CARD_LINE.fullmatch(line)
        if m is None:
            shown = line if len(line) <= 60 else line[:60] + "..."
            raise DeckError(f"expected 'COUNT Card Name', got {shown!r}", here)
        count = int(m.group("count")) if len(m.group("count")) <= 4 else MAX_COUNT + 1
        if not 1 <= count <= MAX_COUNT:
            raise DeckError(f"a count from 1 to {MAX_COUNT} copies, not {m.group('count')}", here)
        if len(main) + len(side) + count > MAX_CARDS:
            raise DeckError(f"more than {MAX_CARDS} cards in one deck", here)
        target.extend([" ".join(m.group("name").split())] * count)
    if not main:
        raise DeckError("the deck has no cards" + (" in its main deck" if side else ""), where)
    return Deck(tuple(main), tuple(side), fmt, name)


def resolve(deck: Deck, pool_names: Iterable[str], where: str) -> Deck:
    """``deck`` with each name spelt as the pool spells it (case and, for a two-faced or split
    card, the front face: ``Fire // Ice`` -> ``Fire``), or :class:`DeckError` listing every name
    the pool lacks, each with the nearest pool name when one is close."""
    names = sorted(set(pool_names))
    by_lower = {n.lower(): n for n in names}

    def canonical(name: str) -> str | None:
        for candidate in (name, name.split(" // ", 1)[0], name.split(" / ", 1)[0]):
            found = by_lower.get(candidate.lower())
            if found is not None:
                return found
        return None

    unknown: list[str] = []
    spelt: dict[str, str] = {}
    for name in dict.fromkeys(deck.main + deck.sideboard):
        found = canonical(name)
        if found is None:
            near = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.75)
            unknown.append(f"{name!r} (did you mean {by_lower[near[0]]!r}?)" if near else repr(name))
        else:
            spelt[name] = found
    if unknown:
        raise DeckError(f"not in the pool: {', '.join(unknown)}", where)
    return Deck(tuple(spelt[n] for n in deck.main), tuple(spelt[n] for n in deck.sideboard), deck.format, deck.name)
