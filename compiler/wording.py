"""Small phrasing helpers shared by the rules-text renderings of the IR (Oracle wording of 2019)."""
from __future__ import annotations

import re

NUMBER_TEXT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
               9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen",
               20: "twenty"}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def number(n: int) -> str:
    """A number in words where Oracle writes it so ("three"), else in digits."""
    return NUMBER_TEXT.get(n, str(n))


def count_of(n: int, noun: str) -> str:
    """"a card", "three cards"."""
    return f"a {noun}" if n == 1 else f"{number(n)} {noun}s"


def counters_text(n: int, kind: str) -> str:
    """"a +1/+1 counter", "an ice counter", "three fade counters"."""
    if n == 1:
        return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind} counter"
    return f"{number(n)} {kind} counters"


def signed(n: int, minus_zero: bool = False) -> str:
    """"+2", "-1", and "-0" where the script wrote it so ("gets -5/-0")."""
    if n == 0 and minus_zero:
        return "-0"
    return f"+{n}" if n >= 0 else str(n)


def article(words: str) -> str:
    """"an" before a vowel, else "a" (by the first letter, as the selectors are written)."""
    return "an" if words[:1] in "aeiou" else "a"


def cap(s: str) -> str:
    """The first letter upper case."""
    return s[:1].upper() + s[1:] if s else s


_PLURAL = {"gets": "get", "has": "have", "gains": "gain", "loses": "lose"}


def plural_verbs(text: str) -> str:
    """Verbs of static parts for a plural subject: "gets +1/+1 and gains flying" -> "get ... gain ..."."""
    return re.sub(r"(^| and )(gets|has|gains|loses) ", lambda m: m.group(1) + _PLURAL[m.group(2)] + " ", text)


def becomes(text: str) -> str:
    """613.1e: an effect's color change reads "becomes black" (a static ability's, "is black")."""
    return re.sub(r"(^|, |and )is (white|blue|black|red|green)\b", r"\1becomes \2", text)
