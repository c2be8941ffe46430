"""Zones (400): library, hand, battlefield, graveyard, stack, exile, command."""
from __future__ import annotations

from enum import Enum


class Zone(Enum):
    """400.1: the game's zones.  Library, hand and graveyard are per player (400.2)."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"

    # Members are singletons compared by identity, so they may hash by identity too: Enum's own
    # ``__hash__`` is a Python-level function, and a zone is hashed at every zone lookup (the
    # zones are keyed by (zone, player)).  Nothing iterates a set of zones (dicts keep insertion
    # order), so no order depends on it.
    __hash__ = object.__hash__

    @property
    def per_player(self) -> bool:
        """Whether each player has their own zone of this kind (400.2)."""
        return self is Zone.LIBRARY or self is Zone.HAND or self is Zone.GRAVEYARD

    @property
    def hidden(self) -> bool:
        """400.2: library and hand are hidden zones."""
        return self in (Zone.LIBRARY, Zone.HAND)


ZONE_BY_NAME: dict[str, Zone] = {z.value: z for z in Zone}
