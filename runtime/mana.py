"""Mana symbols, mana costs and mana pools (106, 107.4, 202).

A cost is a tuple of symbols such as ``("{2}", "{G}", "{W/U}", "{G/P}", "{X}")``.  Payment is
solved deterministically from a pool: colored and colorless requirements first, then hybrid and
Phyrexian, then generic, so the same pool and cost always give the same payment.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Mapping

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^{}]+)\}")


class ManaError(ValueError):
    """A malformed mana symbol or cost."""


def parse_symbols(text: str) -> tuple[str, ...]:
    """Split ``"{2}{G}"`` into ``("{2}", "{G}")``, rejecting anything that is not a mana symbol."""
    symbols = tuple(m.group(0) for m in _SYMBOL.finditer(text))
    if "".join(symbols) != text.replace(" ", ""):
        raise ManaError(f"not a mana cost: {text!r}")
    for s in symbols:
        check_symbol(s)
    return symbols


def check_symbol(symbol: str) -> None:
    """Raise :class:`ManaError` unless ``symbol`` is a mana symbol of 107.4."""
    body = symbol[1:-1]
    if body.isdigit() or body in COLORS or body in ("C", "X", "S"):
        return
    parts = body.split("/")
    if len(parts) == 2:
        a, b = parts
        if a in COLORS and b in COLORS and a != b:  # 107.4e hybrid
            return
        if a == "2" and b in COLORS:  # 107.4e monocolored hybrid
            return
        if a in COLORS and b == "P":  # 107.4f Phyrexian
            return
    raise ManaError(f"unknown mana symbol {symbol}")


def mana_value(symbols: tuple[str, ...]) -> int:
    """202.3: the total amount of mana in a cost, X counting as zero (202.3e)."""
    total = 0
    for s in symbols:
        body = s[1:-1]
        if body.isdigit():
            total += int(body)
        elif body == "X":
            continue
        elif body.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


def colors_of(symbols: tuple[str, ...]) -> frozenset[str]:
    """202.2: an object's colors are the colors of the mana symbols in its mana cost."""
    found: set[str] = set()
    for s in symbols:
        for part in s[1:-1].split("/"):
            if part in COLORS:
                found.add(part)
    return frozenset(found)


class SpendingRestriction:
    """106.6, 601.2h: a restriction on which mana may be spent on part of a cost ("Spend only black
    mana on X.").  ``limit(kind)``: how many mana of ``kind`` (a color letter, or "C" for colorless)
    may be spent on that part, ``None`` for no limit; ``describe()``: the restriction in words."""

    def limit(self, kind: str) -> int | None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class SpendOnly(SpendingRestriction):
    """106.6, 601.2h: "Spend only colored mana on X", "spend only black and/or red mana on X": only
    mana of ``kinds`` (color letters, "C" for colorless) may be spent on that part of the cost."""

    kinds: tuple[str, ...]

    def limit(self, kind: str) -> int | None:
        return None if kind in self.kinds else 0

    def describe(self) -> str:
        if set(self.kinds) == set(COLORS):
            return "spend only colored mana"
        names = [COLOR_NAMES.get(k, "colorless") for k in self.kinds]
        return f"spend only {' and/or '.join(names)} mana"


@dataclass(frozen=True)
class OneOfEachColor(SpendingRestriction):
    """106.6, 601.2h, 105.1: "No more than one mana of each color may be spent this way": at most one
    mana of each of the five colors on that part of the cost (colorless is not a color, 105.2c, and
    is left to the other restrictions)."""

    def limit(self, kind: str) -> int | None:
        return 1 if kind in COLORS else None

    def describe(self) -> str:
        return "no more than one mana of each color"


@dataclass(frozen=True)
class RestrictedMana:
    """601.2f-h: ``amount`` generic mana of a total cost that only mana ``restrictions`` allow may pay
    (the {X} of a spell that says "Spend only colored mana on X", 107.3a).  Every restriction holds
    at once: of each kind, at most the smallest of their limits."""

    amount: int
    restrictions: tuple[SpendingRestriction, ...]

    def limit(self, kind: str) -> int | None:
        limits = [n for n in (r.limit(kind) for r in self.restrictions) if n is not None]
        return min(limits) if limits else None

    def describe(self) -> str:
        return f"{{{self.amount}}} ({', '.join(r.describe() for r in self.restrictions)})"


@dataclass(frozen=True)
class ManaRequirement:
    """A cost reduced to what must be paid: generic, specific colors, and choice symbols; and
    ``restricted``, generic mana only some mana may pay (106.6, 601.2h)."""

    generic: int
    specific: tuple[tuple[str, int], ...]  # ("G", 2), ("C", 1)
    choices: tuple[tuple[str, ...], ...]  # hybrid options, e.g. ("W", "U") or ("2", "W")
    life_for_phyrexian: int  # 107.4f: Phyrexian symbols paid with 2 life each
    restricted: tuple[RestrictedMana, ...] = ()

    @staticmethod
    def build(symbols: tuple[str, ...], x: int = 0, phyrexian_life: int = 0,
              x_restrictions: tuple[SpendingRestriction, ...] = ()) -> "ManaRequirement":
        """Resolve X to ``x`` (107.3) and Phyrexian symbols to life for the first ``phyrexian_life`` of them;
        with ``x_restrictions``, the mana spent on X is restricted (106.6, 601.2h)."""
        return _build(tuple(symbols), x, phyrexian_life, x_restrictions)

    def reduced(self, n: int) -> "ManaRequirement":
        """601.2f: a cost reduction of {n} lowers only the generic part, not below zero: the mana any
        mana may pay first, then the restricted parts (the {X} of "spend only colored mana on X" is
        generic mana too)."""
        if n <= 0:
            return self
        left = max(n - self.generic, 0)
        restricted = []
        for part in self.restricted:
            off = min(left, part.amount)
            left -= off
            if part.amount > off:
                restricted.append(RestrictedMana(part.amount - off, part.restrictions))
        return ManaRequirement(max(self.generic - n, 0), self.specific, self.choices, self.life_for_phyrexian,
                               tuple(restricted))

    def plus(self, other: "ManaRequirement") -> "ManaRequirement":
        """601.2f: costs add up; restricted parts under the same restrictions are one part ("no more
        than one mana of each color may be spent this way" counts all the mana spent on X)."""
        spec: Counter[str] = Counter(dict(self.specific))
        spec.update(dict(other.specific))
        restricted = list(self.restricted)
        for part in other.restricted:
            same = next((i for i, r in enumerate(restricted) if r.restrictions == part.restrictions), None)
            if same is None:
                restricted.append(part)
            else:
                restricted[same] = RestrictedMana(restricted[same].amount + part.amount, part.restrictions)
        return ManaRequirement(
            self.generic + other.generic,
            tuple(sorted(spec.items())),
            self.choices + other.choices,
            self.life_for_phyrexian + other.life_for_phyrexian,
            tuple(restricted),
        )

    def total(self) -> int:
        """How many mana the requirement asks for."""
        return (self.generic + sum(n for _, n in self.specific) + len(self.choices)
                + sum(r.amount for r in self.restricted))


@functools.lru_cache(maxsize=4096)
def _build(symbols: tuple[str, ...], x: int, phyrexian_life: int,
           x_restrictions: tuple[SpendingRestriction, ...] = ()) -> ManaRequirement:
    """``ManaRequirement.build``, remembered: a pure function of its arguments, with a frozen result,
    that every offer of every card asked for anew."""
    generic = 0
    specific: Counter[str] = Counter()
    choices: list[tuple[str, ...]] = []
    life_left = phyrexian_life
    life = 0
    on_x = 0
    for s in symbols:
        body = s[1:-1]
        if body.isdigit():
            generic += int(body)
        elif body == "X" and x_restrictions:
            on_x += x
        elif body == "X":
            generic += x
        elif body in COLORS or body == "C":
            specific[body] += 1
        elif body == "S":
            specific["C"] += 0  # snow mana is not modelled; treated as generic
            generic += 1
        else:
            a, b = body.split("/")
            if b == "P":
                if life_left > 0:
                    life_left -= 1
                    life += 2
                else:
                    specific[a] += 1
            else:
                choices.append((a, b))
    restricted = (RestrictedMana(on_x, x_restrictions),) if on_x else ()
    return ManaRequirement(generic, tuple(sorted(specific.items())), tuple(choices), life, restricted)


def pay_from_pool(pool: Mapping[str, int], req: ManaRequirement) -> Counter[str] | None:
    """Return the mana to spend from ``pool`` to meet ``req`` (mana only), or ``None`` if it can't.

    Deterministic: specific colors first, then hybrid choices (trying each option in order,
    with backtracking), then restricted parts (106.6, only the mana their restrictions allow), then
    generic from the color with the most mana left, ties by WUBRGC order.
    """
    left = Counter(pool)
    spent: Counter[str] = Counter()
    for color, n in req.specific:
        if left[color] < n:
            return None
        left[color] -= n
        spent[color] += n

    def solve(i: int, left: Counter[str], spent: Counter[str]) -> Counter[str] | None:
        if i == len(req.choices):
            need = req.generic
            if sum(left.values()) < need + sum(r.amount for r in req.restricted):
                return None
            spent = Counter(spent)
            left = Counter(left)
            on_restricted = _pay_restricted(req.restricted, left)
            if on_restricted is None:
                return None
            left.subtract(on_restricted)
            spent.update(on_restricted)
            order = ("W", "U", "B", "R", "G", "C")
            while need > 0:
                best = max(order, key=lambda c: (left[c], -order.index(c)))
                take = min(need, left[best])
                left[best] -= take
                spent[best] += take
                need -= take
            return spent
        for option in req.choices[i]:
            if option == "2":
                if sum(left.values()) < 2:
                    continue
                # {2/W} paid as two generic: defer to generic pool (the specific colors are
                # already in ``spent``).
                sub = ManaRequirement(req.generic + 2, (), req.choices[i + 1:], 0, req.restricted)
                res = solve_tail(sub, left, spent)
            elif left[option] > 0:
                l2 = Counter(left)
                l2[option] -= 1
                s2 = Counter(spent)
                s2[option] += 1
                res = solve(i + 1, l2, s2)
            else:
                res = None
            if res is not None:
                return res
        return None

    def solve_tail(sub: ManaRequirement, left: Counter[str], spent: Counter[str]) -> Counter[str] | None:
        rest = pay_from_pool(left, sub)
        if rest is None:
            return None
        out = Counter(spent)
        out.update(rest)
        return out

    result = solve(0, left, spent)
    if result is None:
        return None
    return +result


_KINDS = ("W", "U", "B", "R", "G", "C")


def _pay_restricted(parts: tuple[RestrictedMana, ...], pool: Counter[str]) -> Counter[str] | None:
    """106.6, 601.2h: the mana from ``pool`` that pays every restricted part, each only with mana its
    restrictions allow, or ``None``.  An exact search (the parts are few and small): each part takes
    of the kinds with the most mana left first, as much as it may, trying less on failure."""
    if not parts:
        return Counter()
    part, rest = parts[0], parts[1:]
    caps: dict[str, int] = {}
    for k in _KINDS:
        limit = part.limit(k)
        caps[k] = pool[k] if limit is None else min(pool[k], limit)
    order = sorted((k for k in _KINDS if caps[k] > 0), key=lambda k: (-pool[k], _KINDS.index(k)))

    def fill(j: int, need: int, taken: Counter[str]) -> Counter[str] | None:
        if need == 0:
            left = Counter(pool)
            left.subtract(taken)
            after = _pay_restricted(rest, left)
            if after is None:
                return None
            out = Counter(taken)
            out.update(after)
            return out
        if sum(caps[k] for k in order[j:]) < need:
            return None
        kind = order[j]
        for n in range(min(caps[kind], need), -1, -1):
            taken[kind] += n
            found = fill(j + 1, need - n, taken)
            taken[kind] -= n
            if found is not None:
                return +found
        return None

    return fill(0, part.amount, Counter())


def format_cost(symbols: tuple[str, ...]) -> str:
    """Print a cost as it appears on a card."""
    return "".join(symbols)
