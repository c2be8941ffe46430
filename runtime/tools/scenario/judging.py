"""What a judge checks at the table, beyond the basic expectations: mana pools, shuffles, counts of
permanents by status, attachments, keywords and subtypes (one class per assertion, as in
:mod:`.expectations`)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from ...layers import Characteristics
from ...objects import GameObject
from .expectations import Expectation, ObjectExpectation
from .refs import Ref

if TYPE_CHECKING:
    from .harness import Harness


def pool_text(pool: "Mapping[str, int]") -> str:
    """A mana pool as symbols in WUBRG-then-colorless order ("{G}{G}{C}"), or "empty" (106.4)."""
    order = ("W", "U", "B", "R", "G", "C")
    text = "".join(f"{{{c}}}" * pool[c] for c in order if pool.get(c, 0) > 0)
    text += "".join(f"{{{c}}}" * n for c, n in sorted(pool.items()) if c not in order and n > 0)
    return text or "empty"


@dataclass(frozen=True)
class ManaPoolIs(Expectation):
    """106.4: the player's mana pool holds exactly this mana (``{2}`` means two ``{C}``); none for empty."""

    player: str
    mana: tuple[str, ...]

    def check(self, h: "Harness") -> str:
        """Compare the pool, symbol by symbol."""
        want: Counter[str] = Counter()
        for s in self.mana:
            body = s[1:-1]
            if body.isdigit():
                want["C"] += int(body)
            else:
                want[body] += 1
        have = Counter({k: v for k, v in h.game.players[h.player_of(self.player)].mana.items() if v > 0})
        return "" if have == want else \
            f"{self.player}'s mana pool is {pool_text(have)}, expected {pool_text(want)}"


def shuffle_line(player_name: str) -> str:
    """The event-log line of a shuffle (``Game.shuffle``, 701.20a)."""
    return f": {player_name} shuffles their library"


@dataclass(frozen=True)
class Shuffled(Expectation):
    """701.20a: the player shuffled their library at least once, or exactly ``times`` times."""

    player: str
    times: int | None = None

    def check(self, h: "Harness") -> str:
        """Count the shuffles in the event log."""
        name = h.game.players[h.player_of(self.player)].name
        n = sum(1 for line in h.game.state.log if line.endswith(shuffle_line(name)))
        if self.times is None:
            return "" if n else f"{self.player} never shuffled their library (701.20a)"
        return "" if n == self.times else \
            f"{self.player} shuffled their library {n} times, expected {self.times} (701.20a)"


@dataclass(frozen=True)
class PermanentCountIs(Expectation):
    """The number of permanents (controlled by ``player``, or anyone's) with every status asked for:
    tapped or untapped (110.5), face down or up (708.2), attacking, blocking (506.4), a token (111),
    of a card type (205.2), with a name (201).  702.26b: phased-out permanents aren't counted."""

    player: str
    value: int
    noun: str = "permanent"  # the card type, or "permanent" / "token"
    tapped: bool | None = None
    face_down: bool | None = None
    attacking: bool = False
    blocking: bool = False
    name: str | None = None

    def matches(self, h: "Harness", o: GameObject) -> bool:
        """Whether ``o`` is one of the permanents counted."""
        if o.phased_out or (self.player and o.controller != h.player_of(self.player)):
            return False
        if self.tapped is not None and o.tapped != self.tapped:
            return False
        if self.face_down is not None and (o.face_down is not None) != self.face_down:
            return False
        if (self.attacking and not o.attacking) or (self.blocking and not o.blocking):
            return False
        if self.noun == "token" and not o.card.is_token:
            return False
        ch = h.game.characteristics(o)
        if self.noun not in ("permanent", "token") and self.noun not in ch.types:
            return False
        return self.name is None or ch.name == self.name

    def describe(self) -> str:
        """The permanents counted, as written."""
        words = [w for w, on in (("tapped", self.tapped is True), ("untapped", self.tapped is False),
                                 ("face-down", self.face_down is True), ("face-up", self.face_down is False),
                                 ("attacking", self.attacking), ("blocking", self.blocking)) if on]
        named = f" named {self.name!r}" if self.name is not None else ""
        whose = f" controlled by {self.player}" if self.player else ""
        return " ".join(words + [self.noun + "s"]) + named + whose

    def check(self, h: "Harness") -> str:
        """Count them."""
        found = [o for o in h.game.battlefield() if self.matches(h, o)]
        if len(found) == self.value:
            return ""
        names = sorted(h.game.name_of(o.oid) or "(face-down)" for o in found)
        return f"{len(found)} {self.describe()}, expected {self.value} (found: {names})"


@dataclass(frozen=True)
class AttachedTo(ObjectExpectation):
    """301.5 / 303.4: the Aura or Equipment is attached to ``host``."""

    host: Ref

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Where it is attached."""
        host = h.find(self.host)
        if host is None:
            return f"{self.host} doesn't exist anymore"
        if o.attached_to == host.oid:
            return ""
        now = "nothing" if o.attached_to is None else h.game.name_of(o.attached_to)
        return f"{self.ref} is attached to {now}, expected {self.host}"


@dataclass(frozen=True)
class Unattached(ObjectExpectation):
    """301.5c / 303.4: it is attached to nothing."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Where it is attached."""
        if o.attached_to is None:
            return ""
        return f"{self.ref} is attached to {h.game.name_of(o.attached_to)}, expected unattached"


@dataclass(frozen=True)
class KeywordsAre(ObjectExpectation):
    """702: it has (``present``) or lacks each keyword named, through the layers (613.1f)."""

    names: tuple[str, ...]
    present: bool = True

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its keywords now (any case)."""
        have = {k.lower() for k in ch.keywords}
        for n in self.names:
            if (n.lower() in have) != self.present:
                verb = "lacks" if self.present else "has"
                return f"{self.ref} {verb} keyword {n!r} (keywords: {sorted(ch.keywords)})"
        return ""


@dataclass(frozen=True)
class SubtypesAre(ObjectExpectation):
    """205.3: it has (``present``) or lacks each subtype named, through the layers (613.1d)."""

    names: tuple[str, ...]
    present: bool = True

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its subtypes now (any case)."""
        have = {s.lower() for s in ch.subtypes}
        for n in self.names:
            if (n.lower() in have) != self.present:
                verb = "lacks" if self.present else "has"
                return f"{self.ref} {verb} subtype {n!r} (subtypes: {sorted(ch.subtypes)})"
        return ""



@dataclass(frozen=True)
class PlayerLeft(Expectation):
    """800.4a: the player has left the game (conceded, 104.3a, or lost a game that went on, 104.5)."""

    player: str

    def check(self, h: "Harness") -> str:
        """Their status."""
        p = h.game.players[h.player_of(self.player)]
        if p.left:
            return ""
        return f"{self.player} is still in the game" + (f" (lost: {p.loss_reason}, but the game is over)"
                                                        if p.lost else "")


@dataclass(frozen=True)
class CardLeft(Expectation):
    """800.4a: the card left the game with its owner: no object of it is in any zone."""

    ref: Ref

    def check(self, h: "Harness") -> str:
        """Where it is, if anywhere."""
        o = h.find(self.ref)
        if o is None:
            return ""
        return f"{self.ref} is still in the game, in the {o.zone.value}" + \
            (" (phased out)" if o.phased_out else "")
