"""Syntax errors a person can act on: every one in the file, on the offending word, in words.

textX stops at the first syntax error and lists the parsing expressions it would have accepted
there, regular expressions included.  This module turns that into what an author needs:

- **Every error at once.**  Card scripts are a statement per line, so after an error the parse
  resynchronises at the next statement: the offending statement's line is blanked (its
  characters become spaces, so every position after it is unchanged) and the text parsed again,
  up to :data:`MAX_ERRORS` times (:func:`parse_all`).
- **On the offending word.**  The parser stops where the text stops matching, often on the blank
  before a word or at the start of the next line; the caret goes to the word itself, or, when
  what is missing ends a statement (a ``.``), just after the statement's last word.
- **In words.**  Each expected expression is named as an author would: a literal as itself
  (``'.'``), a named rule by what it means (``PTValue``: a power or toughness), a regular
  expression of alternatives by its words; never a regex (:func:`expected_in_words`).
- **Hints that fit.**  A word close to a word of the language gets "did you mean ...?" (the
  vocabulary is every word the grammar knows, the keywords and the instruction verbs included); a
  static ability ending with ``.``, or an instruction missing its ``.``, is told which it is; a
  sentence the language can't say is told so, with the place to look (:func:`hint_for`).
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any, Callable, Iterable

from .diagnostics import Diagnostic
from .grammar import GRAMMAR_PATH

MAX_ERRORS = 25  # syntax errors reported per file (each costs a parse)
INSTRUCTION_VERBS = ("deal", "destroy", "draw", "exile", "return", "create", "counter", "tap", "untap", "sacrifice",
                     "put", "search", "gain", "lose", "discard", "manifest", "scry")

# What a named rule means to an author.
RULE_WORDS = {
    "PTValue": "a power or toughness (a number or *)",
    "Subtype": "a subtype (Human, Goblin, ...)",
    "TypeWord": "a card type (creature, artifact, ...)",
    "FilterKind": "'card', 'spell' or 'permanent'",
    "ManaSymbol": "a mana symbol ({2}, {G}, {X})",
    "ManaCost": "a mana cost ({2}{G})",
    "AbilityWordName": "an ability word followed by ':'",
    "sep": "','",
    "INT": "a number",
    "NUMBER": "a number",
    "STRING": "a quoted name",
    "ID": "a name",
    "Word": "a word",
    "CounterKind": "a counter kind (+1/+1, time, ...)",
    "Color": "a color (white, blue, black, red, green)",
    "KeywordName": "a keyword",
    "CostsLess": "a cost reduction ('... cost {1} less')",
}
_PLAIN_WORDS = re.compile(r"^\(?((?:[a-z' ]+\|)*[a-z' ]+)\)?(?:s\?)?(?:\\b)?$")
_OPTIONAL_SUFFIX = re.compile(r"^([a-z]+)\(([a-z]+)\)\?(?:\\b)?$")


def _regex_words(regex: str) -> list[str] | None:
    """The words a simple regex of alternatives matches (``(creature|artifact)s?\\b``), else None."""
    m = _PLAIN_WORDS.match(regex)
    if m:
        return m.group(1).split("|")
    m = _OPTIONAL_SUFFIX.match(regex)
    if m:
        return [m.group(1), m.group(1) + m.group(2)]
    if regex in (r"([0-9]+|X)\b", r"[0-9]+", r"\d+"):
        return None
    return None


def _describe(rule: Any) -> tuple[str, str]:
    """(kind, text) for one expected expression: kind ``word`` for literal words, ``thing`` for
    the rest."""
    name = getattr(rule, "rule_name", "") or ""
    match = getattr(rule, "to_match", "")
    if type(rule).__name__ == "StrMatch":
        return "word", f"'{match}'"
    if name in RULE_WORDS:
        return "thing", RULE_WORDS[name]
    if match in (r"([0-9]+|X)\b", r"[0-9]+", r"\d+"):
        return "thing", "a number"
    words = _regex_words(match) if isinstance(match, str) else None
    if words:
        return "word", " or ".join(f"'{w}'" for w in words)
    if isinstance(match, str) and match.startswith("[a-z") and "strike" in match:
        return "thing", "a keyword"
    if isinstance(match, str) and match.startswith('"'):
        return "thing", RULE_WORDS["STRING"]
    if name and name[0].isupper():
        spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()
        return "thing", f"a {spaced}"
    return "thing", "a word"


def _join(items: list[str]) -> str:
    """``a, b or c``."""
    return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else ""


def expected_in_words(rules: Iterable[Any], limit: int = 8) -> str:
    """What the parser would have accepted, in words: ``a power or toughness (a number or *)``;
    ``'.' or 'and'``; with many choices, the first few and how many more."""
    seen: list[str] = []
    for rule in rules:
        kind, described = _describe(rule)
        for part in described.split(" or ") if kind == "word" else [described]:
            if part not in seen:
                seen.append(part)
    things = [x for x in seen if not x.startswith("'")]
    words = [x for x in seen if x.startswith("'")]
    # The end of a statement first: it is what is missing most often.
    for end in ("'}'", "'.'", "':'"):
        if end in words:
            words.remove(end)
            words.insert(0, end)
    closing = [w for w in words if w in ("'}'", "'.'", "':'")]
    # Named things an author knows (a number, a subtype) before words; the grammar's inner rules
    # ("a group gets") mean nothing to an author, and are only counted.
    known = [t for t in things if t in RULE_WORDS.values() or t in ("a number", "a keyword")]
    other = len(things) - len(known)
    if {"'cost'", "'type'", "'pt'"} <= set(words):  # where a statement of a card may start
        return _join(closing + ["a statement ('cost', 'type', 'pt', a keyword or an ability)"])
    verbs = [w for w in words if w.strip("'") in INSTRUCTION_VERBS]
    if len(verbs) >= 3:  # where an instruction may start: say so, with a few of its verbs
        return _join(closing + [f"an instruction ({', '.join(verbs[:3])}, ...: see docs/language.md)"])
    shown = (words[:3] + known[:3] + words[3:])[:limit] if words else known[:limit]
    more = len(known) + len(words) - len(shown) + other
    if not shown:
        return "something else"
    # (How many more is left out: it changes with every construct the grammar gains.)
    return _join(shown) + (" (or another word the language has here: see docs/language.md)" if more else "")


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every word of the language: the grammar's literal words and the words of its simple
    alternatives (instruction verbs, keywords of the grammar, types, ...)."""
    text = GRAMMAR_PATH.read_text(encoding="utf-8")
    words: set[str] = set()
    for line in text.split("\n"):
        line = re.sub(r"/(?:[^/\\\n]|\\.)+/", " ", line.split("//", 1)[0])  # (regexes are read below)
        for literal in re.findall(r"'([a-z][a-z \-]*)'", line):
            words.update(w for w in literal.split() if len(w) > 2)
    for regex in re.findall(r"/((?:[^/\\\n]|\\.)+)/", text):  # the words its regexes spell out
        regex = re.sub(r"\[([A-Z])([a-z])\]", r"\2", regex)  # [Ss]acrifice
        regex = re.sub(r"\\[a-zA-Z]|\[[^\]]*\]", " ", regex)  # \b, \s, character classes
        words.update(w for w in re.findall(r"(?<![a-zA-Z\-])[a-z][a-z\-]{2,}(?![a-zA-Z\-])", regex))
    return frozenset(words)


def _offset(text: str, line: int, col: int) -> int:
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    return min(starts[min(line, len(starts)) - 1] + col - 1, len(text))


def _linecol(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def unfinished_before(text: str, line: int, col: int, expected: str) -> bool:
    """Whether the parser stopped at the first word of a line while still in the statement
    before it (a statement may end there only if the card's ``}`` could come next)."""
    at = _offset(text, line, col)
    line_start = text.rfind("\n", 0, at) + 1
    return not text[line_start:at].strip() and "'}'" not in expected and line > 1


def locate(text: str, line: int, col: int, after_previous: bool) -> tuple[int, int]:
    """Where the caret goes: just after the last word before the parser's stop when what is
    missing ends a statement (``after_previous``), else on the word where the parser stopped."""
    at = _offset(text, line, col)
    if after_previous:
        i = at - 1
        while i >= 0 and text[i].isspace():
            i -= 1
        if i >= 0:
            return _linecol(text, i + 1)
    j = at
    while j < len(text) and text[j] in " \t":
        j += 1
    return _linecol(text, j)


def hint_for(text: str, line: int, expected: str, library_words: Iterable[str] = ()) -> str:
    """A hint that fits the mistake on ``line``: a misspelt word, a static ability with a final
    period, an instruction without one, or a sentence the language can't say."""
    source = text.split("\n")[line - 1] if 0 < line <= text.count("\n") + 1 else ""
    stripped = source.strip()
    known = vocabulary() | set(library_words)
    unknown = [w for w in re.findall(r"(?<![{\"'])\b[a-z][a-z\-]{2,}\b", stripped.split('"')[0] if '"' not in stripped
                                      else re.sub(r'"[^"]*"', "", stripped)) if w not in known]
    for word in unknown:
        close = difflib.get_close_matches(word, sorted(known), n=3, cutoff=0.75)
        if close:
            return f"'{word}' is not a word of the language: did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    ends_with_period = stripped.endswith(".")
    has_colon = ":" in stripped
    first = stripped.split(" ", 1)[0]
    if first == "card" and '"' not in stripped:
        return "a card's name is written in double quotes: card \"Name\" {"
    if first == "type" and " - " not in stripped and len(stripped.split()) > 2:
        return "subtypes follow a '-': type creature - Elf Warrior"
    if first == "pt":
        return "power and toughness are written pt 2/3 (a number or * each)"
    if stripped.endswith("spell:"):
        return "'spell:' is followed by the spell's instructions, a sentence per line, each ending with '.'"
    if first in ("when", "whenever", "at") and not has_colon:
        return "a trigger is written 'when EVENT: instructions.', with ':' where the Oracle text has ','"
    if "':'" in expected:
        return ("an activated ability is written 'COST: instructions.' ({T}: draw a card.); a trigger "
                "'when EVENT: instructions.'")
    if ends_with_period and not has_colon and "'.'" not in expected:
        return ("a static ability (\"this gets +1/+1 as long as ...\") has no final '.'; only instructions "
                "(after ':' or 'spell:') end with '.'")
    if "'.'" in expected:
        return "every instruction (after ':' or under 'spell:') ends with '.'; a static ability doesn't"
    if unknown:
        return (f"the language has no word '{unknown[0]}': this sentence may be one it can't say yet; "
                "docs/language.md lists what it can")
    return "the language can't read this statement as written: docs/language.md lists what it can say"


def _stand_in(lines: list[str], i: int) -> str:
    """What replaces a statement with an error, for the next parse: a statement that parses in
    its place (an instruction under ``spell:`` or after a ``:``, else a keyword), padded with
    spaces to the line's length so that every later position stays where it was; spaces alone
    if it doesn't fit."""
    line = lines[i]
    indent = len(line) - len(line.lstrip())
    previous = next((x for x in reversed(lines[:i]) if x.strip()), "")
    prev_indent = len(previous) - len(previous.lstrip())
    instruction = previous.rstrip().endswith(":") or (indent > prev_indent) or \
        (indent == prev_indent and indent > 4)
    stand_in = "draw a card." if instruction else "flying"
    body = " " * indent + stand_in
    return body.ljust(len(line)) if len(body) <= len(line) else " " * len(line)


def parse_all(text: str, path: str, parse_once: Callable[[str], Any],
              library_words: Iterable[str] = ()) -> list[Diagnostic]:
    """Every syntax error of ``text``: ``parse_once(text)`` returns None when it parses, else the
    textX syntax error (``line``, ``col``, ``expected_rules``); after each, the offending
    statement's line is blanked and the text parsed again."""
    diags: list[Diagnostic] = []
    current = text
    seen_lines: set[int] = set()
    for _ in range(MAX_ERRORS):
        err = parse_once(current)
        if err is None:
            break
        line, col = int(err.line or 1), int(err.col or 1)
        rules = list(getattr(err, "expected_rules", []) or [])
        expected = expected_in_words(rules)
        expects_end = any(getattr(r, "to_match", None) == "." for r in rules)
        before = unfinished_before(current, line, col, expected)
        at_line, at_col = locate(current, line, col, expects_end or before)
        stmt = at_line
        rest = current[_offset(current, at_line, at_col):].split("\n", 1)[0].strip()
        found = rest.split()[0][:40] if rest and not (expects_end or before) else ""
        if found == "." and rest == "." and ":" not in current.split("\n")[at_line - 1]:
            message = "syntax error: a static ability doesn't end with '.'"
        elif expected == "something else":
            message = "syntax error: unexpected " + (f"'{found}'" if found else "end of the statement")
        else:
            message = f"syntax error: expected {expected}" + (f", found '{found}'" if found else "")
        hint = hint_for(text, stmt, expected, library_words)
        if "'}'" in expected and not current[_offset(current, line, col):].strip():
            hint = "the card (or keyword) is not closed: its '}' is missing at the end of the file"
        diags.append(Diagnostic(path, at_line, at_col, message, hint))
        lines = current.split("\n")
        if stmt in seen_lines or stmt >= len(lines) or stmt <= 1 or lines[stmt - 1].strip() in ("}", "{"):
            break  # no statement of its own to skip: the rest would only repeat this error
        seen_lines.add(stmt)
        lines[stmt - 1] = _stand_in(lines, stmt - 1)
        current = "\n".join(lines)
    return diags
