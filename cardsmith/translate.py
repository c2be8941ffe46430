"""Oracle text to script lines, kept only when they round-trip (``cardsmith new``).

The language reads like Oracle English, so most of a translation is normalising: the card's name
becomes ``this``, a sentence starts lower-case, a trigger's condition ends with ``:`` instead of
``,`` ("When ~ enters the battlefield, draw a card." -> ``when this enters the battlefield: draw a
card.``), a static ability has no final period, an ability word is followed by ``:``, a source
that "deals damage" is the ability's own (``deal 3 damage``), and so on (:func:`candidates`).

Each Oracle line gets a short list of candidate script lines.  A candidate is kept only if the
card with it compiles and renders that Oracle line back exactly (after the normalisation of
:func:`cardsmith.oracle.normalize`: reminder text dropped); the first that does is used, and a
line none of them gives back stays a ``// TODO`` comment.  So a translation is never wrong about
what it wrote: it is either the Oracle text, or a TODO.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Iterator

from compiler.ir import LibraryIR

from .oracle import normalize

MAX_CANDIDATES = 48  # per Oracle line: enough for every variant below, few enough to stay quick

_TRIGGER = re.compile(r"^(When|Whenever|At) ")
_ABILITY_WORD = re.compile(r"^([A-Z][a-z]+(?: [a-z]+)*) — (.+)$")
_COST_START = re.compile(r"^(\{|Sacrifice |Pay |Discard |Exile |Remove |Tap |Untap |Return |Put |Reveal )")


@dataclass
class Translation:
    """A card's script as :func:`translate` wrote it, and how much of the Oracle text it covers."""

    lines: list[str]  # the script's lines, TODO comments included, header and braces excluded
    translated: int = 0  # Oracle lines written as script lines that round-trip
    total: int = 0  # Oracle lines (reminder text dropped)
    todo: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``complete``, ``partial`` or ``none`` (a card with no text at all is complete)."""
        if self.translated == self.total:
            return "complete"
        return "partial" if self.translated else "none"


def header(rec: dict[str, Any]) -> list[str]:
    """The ``card "Name" {`` line and its cost, type and P/T lines."""
    escaped = rec["name"].replace("\\", "\\\\").replace('"', '\\"')
    lines = [f'card "{escaped}" {{']
    if rec.get("mana_cost"):
        lines.append(f"    cost {rec['mana_cost']}")
    supers = [s.lower() for s in rec.get("supertypes") or []]
    types = [t.lower() for t in rec.get("types") or []]
    line = "type " + " ".join(supers + types)
    if rec.get("subtypes"):
        line += " - " + " ".join(rec["subtypes"])
    lines.append(f"    {line}")
    if rec.get("power") is not None and rec.get("toughness") is not None:
        lines.append(f"    pt {rec['power']}/{rec['toughness']}")
    return lines


def rendered(source: str, library: LibraryIR) -> list[str] | None:
    """The normalised rules-text lines the card source renders, or None if it doesn't compile."""
    from compiler.lower import lower_card_model
    from compiler.text import card_text
    from dsl.fastparse import release
    from dsl.metamodel import parse_text

    model, diags = parse_text(source, "<new>")
    if model is None:
        return None
    try:
        ir, diags = lower_card_model(model, "<new>", library)
    finally:
        release(model)
    if ir is None or any(d.severity == "error" for d in diags):
        return None
    try:
        text = card_text(ir, library, reminder=False)
    except Exception:  # noqa: BLE001 - a candidate the renderer can't print is no translation
        return None
    return normalize(text).split("\n") if text.strip() else []


def _names(rec: dict[str, Any]) -> list[str]:
    """How the card's text may call the card: its name, and a legendary's short name (``Grunn``
    for ``Grunn, the Lonely King``)."""
    name = rec["name"]
    names = [name]
    if ", " in name:
        names.append(name.split(", ", 1)[0])
    elif " of " in name and "Legendary" in (rec.get("supertypes") or []):
        names.append(name.split(" of ", 1)[0])
    return names


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _sentences(text: str) -> list[str]:
    """Split at sentence ends outside quotes."""
    out: list[str] = []
    start, quoted = 0, False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and text[i + 1:i + 2] == " ":
            out.append(text[start:i + 1])
            start = i + 2
    out.append(text[start:])
    return [s for s in out if s]


# Rewrites an instruction may need, each tried on and off (Oracle wording -> script wording).
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bthis deals\b"), "deal"),
    (re.compile(r"\bit deals\b"), "deal"),
    (re.compile(r"\bIt deals\b"), "deal"),
    (re.compile(r"\bif it was kicked with its (\{[^ ]*\}) kicker\b"), r"if kicked with \1"),
    (re.compile(r"\bif this spell was kicked with its (\{[^ ]*\}) kicker\b"), r"if kicked with \1"),
    (re.compile(r"\bif it was kicked\b"), "if kicked"),
    (re.compile(r"^If this was kicked, it enters the battlefield with (.*) on it\.$"), r"if kicked, enters with \1"),
    (re.compile(r"^If this spell was kicked, (.+) instead\.$"), r"if kicked, instead \1."),
    (re.compile(r"^If (?:this spell|it|this) was kicked, "), "if kicked, "),
    (re.compile(r"\bit deals (\d+|X) damage to that (?:creature|permanent or player|player|permanent)\b"),
     r"deal \1 damage to it"),
    (re.compile(r"^If this was kicked, it enters the battlefield with (.*) on it and with (.*)\.$"),
     r"if kicked, enters with \1 and with \2"),
    (re.compile(r"^this enters the battlefield with (.*) on it for each time it was kicked\.$"),
     r"enters with \1 for each time kicked"),
    (re.compile(r"\bActivate this ability only\b"), "activate only"),
    (re.compile(r"^this enters the battlefield with (.*) on it\.$"), r"enters with \1"),
    (re.compile(r"^This enters the battlefield with (.*) on it\.$"), r"enters with \1"),
)


def _variants(text: str) -> Iterator[str]:
    """``text`` with each applicable rewrite on or off (all on first)."""
    applicable = [(p, r) for p, r in _REWRITES if p.search(text)]
    for choice in product((True, False), repeat=len(applicable)):
        out = text
        for (p, r), on in zip(applicable, choice):
            if on:
                out = p.sub(r, out)
        yield out


def _sentence_variants(text: str) -> Iterator[list[str]]:
    """The sentences of ``text``, each rewritten (:func:`_variants`), in every combination (the
    likeliest first), at most :data:`MAX_CANDIDATES`."""
    options = [list(_variants(s)) for s in _sentences(text)]
    for n, combo in enumerate(product(*options)):
        if n >= MAX_CANDIDATES:
            return
        yield list(combo)


def _effect_lines(text: str) -> Iterator[str]:
    """An instruction text as script instructions: sentence-initial words lower-cased (or not)."""
    for sentences in _sentence_variants(text):
        yield " ".join(_lower_first(s) for s in sentences)
        yield " ".join(sentences)


def candidates(line: str, rec: dict[str, Any], spell: bool) -> Iterator[list[str]]:
    """Script lines (one or more) that might say the Oracle ``line``, likeliest first."""
    text = line
    for name in _names(rec):
        text = re.sub(rf"\b{re.escape(name)}'s\b", "this's", text)
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", "this", text)
    text = text.replace("this's", "its") if text.startswith("this's") else text
    word = _ABILITY_WORD.match(text)
    if word and not _TRIGGER.match(text):
        for rest in candidates(word.group(2), rec, spell):
            yield [f"{word.group(1).lower()}: {rest[0]}", *rest[1:]]
    if _TRIGGER.match(text):
        # The condition ends at one of the commas; an intervening "if" clause (603.4) belongs to it.
        splits = sorted(re.finditer(r", ", text), key=lambda m: text.startswith("if ", m.end()))
        for m in splits:
            head, tail = text[:m.start()], text[m.end():]
            for condition in _variants(head):
                for effect in _effect_lines(tail):
                    yield [f"{_lower_first(condition)}: {effect}"]
    if ": " in text and _COST_START.match(text):
        cost, _, effect = text.partition(": ")
        cost = ", ".join(_lower_first(c) for c in cost.split(", "))
        for e in _effect_lines(effect):
            yield [f"{cost}: {e}"]
    if spell:
        for sentences in _sentence_variants(text):
            lowered = [_lower_first(s) for s in sentences]
            yield lowered
            yield [" ".join(lowered)]
    # A static ability: no final period.
    for v in _variants(text):
        body = v[:-1] if v.endswith(".") and not v.endswith('."') else v
        yield [_lower_first(body)]
        yield [body]


def translate(rec: dict[str, Any], library: LibraryIR, keyword_lines: Any) -> Translation:
    """The card's script lines: each Oracle line translated if a candidate round-trips, else a
    TODO comment (``keyword_lines``: the scaffold's reader of keyword-only lines)."""
    oracle = [ln for ln in normalize(rec.get("text") or "").split("\n") if ln]
    raw = [ln for ln in (rec.get("text") or "").split("\n") if ln.strip()]
    spell = bool({"Instant", "Sorcery"} & set(rec.get("types") or []))
    head = header(rec)
    body: list[str] = []  # script lines that round-trip so far (indented)
    expected: list[str] = []  # the Oracle lines they render
    out = Translation(lines=[], total=len(oracle))
    spell_open = False
    for i, line in enumerate(oracle):
        original = raw[i] if i < len(raw) else line
        found: list[str] | None = None
        kw = keyword_lines(original, library)
        tries: list[list[str]] = [kw] if kw else []
        seen: set[tuple[str, ...]] = set()
        for cand in candidates(line, rec, spell):
            key = tuple(cand)
            if key not in seen:
                seen.add(key)
                tries.append(cand)
            if len(tries) >= MAX_CANDIDATES:
                break
        for cand in tries:
            keyword = cand is kw
            lines = cand if (not spell or spell_open or keyword) else ["spell:", *cand]
            # A spell's keyword line before its instructions (kicker, buyback) is checked with a
            # stand-in instruction after it: an instant or sorcery has some.
            stand_in = spell and not spell_open and keyword
            tail = ["    spell:", "        draw a card."] if stand_in else []
            got = rendered("\n".join(head + body + _indent(lines, spell_open and not keyword) + tail + ["}"]),
                           library)
            if got is not None and got == expected + [line] + (["Draw a card."] if stand_in else []):
                found = lines
                break
        if found is None:
            out.lines.append(f"    // TODO: {original}")
            out.todo.append(original)
            continue
        written = _indent(found, spell_open and found is not kw)
        if found and found[0] == "spell:":
            spell_open = True
        body += written
        out.lines += written
        expected.append(line)
        out.translated += 1
    return out


def _indent(lines: list[str], in_spell: bool) -> list[str]:
    """Script lines indented as the pool writes them: a spell's instructions under ``spell:``."""
    out: list[str] = []
    inside = in_spell
    for c in lines:
        if c == "spell:":
            out.append("    spell:")
            inside = True
        else:
            out.append(("        " if inside else "    ") + c)
    return out
