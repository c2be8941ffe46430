"""Costs (118): what a player pays to cast a spell, activate an ability, or as an instruction says."""
from __future__ import annotations

from ..pyexpr import ident, lit
from ..wording import NUMBER_TEXT, counters_text
from .amounts import Amount, Fixed
from .base import dataclass, freeze
from .selectors import FilterIR


@dataclass(frozen=True)
class SacrificeIR:
    """A number of objects a selector matches, as a cost part: "sacrifice two creatures",
    "exile a blue card from your hand", "reveal ...", "tap an untapped creature you control"."""

    count: Amount
    filter: FilterIR

    def python(self) -> str:
        """The ``rt.SacrificeSpec`` expression."""
        return f"rt.SacrificeSpec(count={self.count.python()}, filter={self.filter.python()})"

    def count_word(self) -> str:
        """"a"/"an" for one (by the selector's first letter), else the number as written."""
        n = self.count
        count = "a" if isinstance(n, Fixed) and n.value == 1 else n.words
        if count == "a" and self.filter.words[:1] in "aeiou":
            count = "an"
        return count


@dataclass(frozen=True)
class CostIR:
    """A cost (118): its parts, each optional, printed in Oracle order by :meth:`text`."""

    mana: tuple[str, ...] = ()
    tap: bool = False
    life: Amount | None = None
    sacrifice: SacrificeIR | None = None
    discard: Amount | None = None  # "discard two cards", "discard X cards" (118.3, 107.3)
    sacrifice_this: bool = False
    param: str = ""  # a keyword's cost parameter standing for the whole cost
    discard_filter: FilterIR | None = None  # "discard a land card"
    exile_from_hand: SacrificeIR | None = None  # "exile a blue card from your hand" (count and selector)
    remove_counter: str = ""  # "remove a fade counter from this": the counter kind ...
    remove_count: int = 0  # ... and how many
    discard_this: bool = False  # "discard this card" (the source, from its owner's hand)
    plus_param: str = ""  # a keyword's cost parameter paid together with the parts above
    reveal: SacrificeIR | None = None  # "reveal a green card in your hand" (count and selector)
    tap_permanents: SacrificeIR | None = None  # "tap an untapped creature you control" (count and selector)
    put_counters: tuple[str, int] | None = None  # "put a -0/-1 counter on this": (counter kind, how many)
    exile_this: bool = False  # "exile this": the permanent itself, as a cost (118.3)
    tickets: int = 0  # 107.17: {TK} symbols, each a ticket counter removed from the payer
    energy: int = 0  # 107.14: "Pay {E}{E}", each an energy counter removed from the payer
    exile_face_up: SacrificeIR | None = None  # "exile a face-down permanent you control face up" (708.9)
    reveal_from: bool = False  # the reveal is printed "from your hand" (not "in your hand")
    exile_from_graveyard: SacrificeIR | None = None  # "exile two cards from your graveyard" (118.3)
    return_to_hand: SacrificeIR | None = None  # "return two Islands you control to their owner's hand" (118.3)
    # "put three cards from your graveyard on the bottom of your library" (118.3, 401.4)
    bottom_from_graveyard: SacrificeIR | None = None

    @property
    def printed_plain(self) -> bool:
        """Whether a keyword line prints it after a space ("Kicker {2}"), not after an em dash
        ("Flashback—{1}{U}, Pay 3 life.")."""
        return not self.tap and self.life is None and self.sacrifice is None and self.discard is None \
            and self.reveal is None and self.tap_permanents is None and self.put_counters is None \
            and self.exile_from_graveyard is None and self.return_to_hand is None \
            and self.exile_face_up is None and self.bottom_from_graveyard is None

    def text(self, card: str = "this") -> str:
        """The cost as printed: "{1}{U}, Pay 3 life" (``card``: how the source is named)."""
        if self.param:
            return "its " + self.param + " cost"
        parts: list[str] = []
        if self.energy:
            parts.append("Pay " + "{E}" * self.energy)  # 107.14: "Pay {E}{E}"
        if self.mana or self.tickets:
            parts.append("".join(self.mana) + "{TK}" * self.tickets)  # 107.17: "{TK}{TK}"
        if self.tap:
            parts.append("{T}")  # Oracle order: mana first, then {T} ("{1}{W}, {T}: ...")
        if self.life is not None:
            parts.append(f"Pay {self.life.value if isinstance(self.life, Fixed) else self.life.words} life")
        if self.sacrifice is not None:
            n = self.sacrifice.count
            words = self.sacrifice.filter.words
            count = "a" if isinstance(n, Fixed) and n.value == 1 else n.words
            if words.startswith("another "):
                count = ""  # "Sacrifice another creature"
            elif count == "a" and words[:1] in "aeiou":
                count = "an"
            parts.append(" ".join(w for w in ("Sacrifice", count, words) if w))
        if self.discard is not None:
            noun = self.discard_filter.words if self.discard_filter is not None else "card"
            one = isinstance(self.discard, Fixed) and self.discard.value == 1
            if not one and not noun.endswith("s"):
                noun += "s"
            n = self.discard
            count = NUMBER_TEXT.get(n.value, str(n.value)) if isinstance(n, Fixed) else n.words
            parts.append(f"Discard {count} {noun}")
        if self.sacrifice_this:
            parts.append(f"Sacrifice {card}")
        if self.exile_this:
            parts.append(f"Exile {card}")
        if self.reveal is not None:
            where = "from" if self.reveal_from else "in"
            parts.append(f"Reveal {self.reveal.count_word()} {self.reveal.filter.words} {where} your hand")
        if self.remove_counter:
            parts.append(f"Remove {counters_text(self.remove_count, self.remove_counter)} from {card}")
        if self.exile_from_hand is not None:
            parts.append(f"Exile {self.exile_from_hand.count_word()} {self.exile_from_hand.filter.words} from your hand")
        if self.exile_face_up is not None:
            words = self.exile_face_up.filter.words
            parts.append(f"Exile {self.exile_face_up.count_word()} {words} face up")
        if self.exile_from_graveyard is not None:
            g = self.exile_from_graveyard
            parts.append(f"Exile {g.count_word()} {g.filter.words} from your graveyard")
        if self.return_to_hand is not None:
            r = self.return_to_hand
            one = isinstance(r.count, Fixed) and r.count.value == 1
            parts.append(f"Return {r.count_word()} {r.filter.words} to {'its' if one else 'their'} owner's hand")
        if self.bottom_from_graveyard is not None:
            g = self.bottom_from_graveyard
            parts.append(f"Put {g.count_word()} {g.filter.words} from your graveyard on the bottom of your library")
        if self.tap_permanents is not None:
            n = self.tap_permanents.count
            words = self.tap_permanents.filter.words
            # "Tap another untapped creature you control" has no article; "Tap an untapped ...".
            count = n.words if n.words not in ("a", "an") else ("an" if words[:1] in "aeiou" else "a")
            parts.append(" ".join(w for w in ("Tap", count, words) if w))
        if self.put_counters is not None:
            parts.append(f"Put {counters_text(self.put_counters[1], self.put_counters[0])} on {card}")
        return ", ".join(parts)

    def python(self) -> str:
        """The ``rt.Cost`` expression (a keyword's cost parameter is a local of ``abilities()``)."""
        if self.param:
            return ident(self.param)
        fields = []
        if self.mana:
            fields.append(f"mana={lit(self.mana)}")
        if self.tap:
            fields.append("tap=True")
        if self.life is not None:
            fields.append(f"life={self.life.python()}")
        if self.sacrifice is not None:
            fields.append(f"sacrifice={self.sacrifice.python()}")
        if self.discard is not None:
            fields.append(f"discard={self.discard.python()}")
        if self.discard_filter is not None:
            fields.append(f"discard_filter={self.discard_filter.python()}")
        if self.sacrifice_this:
            fields.append("sacrifice_this=True")
        if self.exile_this:
            fields.append("exile_this=True")
        if self.exile_from_hand is not None:
            fields.append(f"exile_from_hand={self.exile_from_hand.python()}")
        if self.exile_face_up is not None:
            fields.append(f"exile_face_up={self.exile_face_up.python()}")
        if self.reveal is not None:
            fields.append(f"reveal={self.reveal.python()}")
        if self.remove_counter:
            fields.append(f"remove_counters=({lit(self.remove_counter)}, {lit(self.remove_count)})")
        if self.tap_permanents is not None:
            fields.append(f"tap_permanents={self.tap_permanents.python()}")
        if self.put_counters is not None:
            fields.append(f"put_counters={lit(self.put_counters)}")
        if self.discard_this:
            fields.append("discard_this=True")
        if self.tickets:
            fields.append(f"player_counters=({lit('ticket')}, {lit(self.tickets)})")
        elif self.energy:
            fields.append(f"player_counters=({lit('energy')}, {lit(self.energy)})")  # 107.14
        if self.exile_from_graveyard is not None:
            fields.append(f"exile_from_graveyard={self.exile_from_graveyard.python()}")
        if self.return_to_hand is not None:
            fields.append(f"return_to_hand={self.return_to_hand.python()}")
        if self.bottom_from_graveyard is not None:
            fields.append(f"bottom_from_graveyard={self.bottom_from_graveyard.python()}")
        if self.plus_param:
            return f"{ident(self.plus_param)}.plus(rt.Cost({', '.join(fields)}))"
        return f"rt.Cost({', '.join(fields)})"


class SpendingRestrictionIR:
    """106.6, 601.2h: a restriction on the mana spent on part of a cost; each renders its sentence
    (``text``, with its final period) and its runtime ``rt.`` expression (``python``)."""

    def text(self) -> str:
        raise NotImplementedError

    def python(self) -> str:
        raise NotImplementedError


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}


@dataclass(frozen=True)
class SpendOnlyIR(SpendingRestrictionIR):
    """106.6, 601.2h: "Spend only colored mana on X." / "Spend only black and/or red mana on X." --
    ``colors``: the color words as printed; empty for "colored" (the five colors)."""

    colors: tuple[str, ...] = ()

    def text(self) -> str:
        what = " and/or ".join(self.colors) if self.colors else "colored"
        return f"Spend only {what} mana on X."

    def python(self) -> str:
        kinds = tuple(_COLOR_LETTERS[c] for c in self.colors) if self.colors else ("W", "U", "B", "R", "G")
        return f"rt.SpendOnly(kinds={lit(kinds)})"


@dataclass(frozen=True)
class OneOfEachColorIR(SpendingRestrictionIR):
    """106.6, 601.2h: "No more than one mana of each color may be spent this way." (following a
    restriction on X: the same mana is meant)."""

    def text(self) -> str:
        return "No more than one mana of each color may be spent this way."

    def python(self) -> str:
        return "rt.OneOfEachColor()"


freeze(globals())
