"""Worked examples from the pool: which scripted cards say something like this Oracle line, and
how their scripts write it (``cardsmith examples``, and the hints ``cardsmith new`` prints for a
line it couldn't translate).

The pool is the best phrasebook the language has: every shipped card renders its Oracle text
exactly, so a card whose Oracle text says "loses half their life, rounded up" shows how a script
says it.  Lines are compared after the card's own name is replaced by ``this`` and reminder text is
dropped; a line that contains the query scores highest, then lines sharing the most of its words
and word pairs, each weighted by how rare it is in the pool (a rare phrase such as "half their
life" says more than "target"); ties go by card name, so the answer is deterministic.  In each script the lines sharing the most words with the Oracle line
are marked, so the reader's eye goes to them first; the whole script is shown because a line often
needs its context (a ``spell:`` block, a keyword it refers to).
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .oracle import normalize

_WORD = re.compile(r"[a-z0-9{}/+\-*]+")
_CARD_NAME = re.compile(r'^\s*card\s+"((?:[^"\\]|\\.)*)"')


@dataclass(frozen=True)
class ScriptedLine:
    """One Oracle line of a scripted card, with the card's name written as ``this``."""

    card: str
    line: str
    script: Path


@dataclass(frozen=True)
class Example:
    """A line of the pool that resembles the query, its score and the script that writes it."""

    found: ScriptedLine
    score: float
    marked: tuple[int, ...]  # 0-based indexes of the script lines most like the Oracle line


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _as_this(line: str, name: str) -> str:
    """The line with the card's name (and a legendary's short name) written as ``this``."""
    names = [name] + ([name.split(", ", 1)[0]] if ", " in name else [])
    for n in names:
        line = line.replace(n, "this")
    return line


def scripts_by_name(pool: Path) -> dict[str, Path]:
    """Every card script of the pool by the card name its first statement gives."""
    found: dict[str, Path] = {}
    for path in sorted(pool.rglob("*.card")):
        try:
            head = path.read_text(encoding="utf-8", errors="replace")[:4096]
        except OSError:
            continue
        for raw in head.splitlines():
            m = _CARD_NAME.match(raw)
            if m:
                found.setdefault(m.group(1).replace('\\"', '"'), path)
                break
    return found


def scripted_lines(pool: Path) -> list[ScriptedLine]:
    """The Oracle lines of every scripted card of the pool (from its ``oracle.json``)."""
    oracle_file = pool / "oracle.json"
    try:
        records: dict[str, Any] = json.loads(oracle_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # (RecursionError: JSON nested thousands deep)
        return []
    if not isinstance(records, dict):  # (JSON of another shape: no records by name either)
        return []
    scripts = scripts_by_name(pool)
    out: list[ScriptedLine] = []
    for name in sorted(records):
        rec = records[name]
        if not isinstance(rec, dict) or rec.get("custom") or name not in scripts:
            continue
        for line in normalize(str(rec.get("text") or "")).split("\n"):
            if line:
                out.append(ScriptedLine(card=name, line=_as_this(line, name), script=scripts[name]))
    return out


def _terms(text: str) -> set[str]:
    """A line's words and word pairs (pairs keep some of the phrase: "that player" is not
    "player that")."""
    words = _WORD.findall(text.lower())
    return set(words) | {f"{a} {b}" for a, b in zip(words, words[1:])}


def _score(query: str, qterms: set[str], line: str, weight: dict[str, float]) -> float:
    low = line.lower()
    if query and query in low:
        return 2.0 + len(query) / max(len(low), 1)  # contains the phrase: best, tighter first
    terms = _terms(low)
    shared = qterms & terms
    if not shared:
        return 0.0
    # The share of the query's weight the line covers, less a little for what the line adds.
    covered = sum(weight.get(t, 1.0) for t in shared) / sum(weight.get(t, 1.0) for t in qterms)
    extra = sum(weight.get(t, 1.0) for t in terms - qterms) / sum(weight.get(t, 1.0) for t in terms)
    return covered - 0.25 * extra


def _marked(script_lines: list[str], oracle_line: str, top: int = 3) -> tuple[int, ...]:
    """The script lines sharing the most words with the Oracle line (at most ``top``)."""
    target = _words(oracle_line)
    scored = []
    for i, raw in enumerate(script_lines):
        s = raw.strip()
        if not s or s.startswith(("//", "card ", "cost ", "type ", "pt ", "}")):
            continue
        shared = len(_words(s) & target)
        if shared:
            scored.append((-shared, i))
    scored.sort()
    if not scored:
        return ()
    best = -scored[0][0]
    return tuple(sorted(i for neg, i in scored[:top] if -neg * 2 >= best))


def find_examples(query: str, lines: Iterable[ScriptedLine], top: int = 5,
                  name: str | None = None) -> list[Example]:
    """The ``top`` pool lines most like ``query`` (one per card), best first.  ``name``: the
    card the query comes from, written as ``this`` in it, and never its own example."""
    q = normalize(_as_this(query, name) if name else query).replace("\n", " ")
    q = re.sub(r"\b(CARDNAME|~)", "this", q).lower()
    qterms = _terms(q)
    lines = list(lines)
    # Inverse document frequency of each term of the query over the pool's lines.
    counts = {t: 0 for t in qterms}
    for sl in lines:
        for t in qterms & _terms(sl.line):
            counts[t] += 1
    weight = {t: math.log((1 + len(lines)) / (1 + n)) + 0.05 for t, n in counts.items()}
    best: dict[str, tuple[float, ScriptedLine]] = {}
    for sl in lines:
        if sl.card == name:
            continue
        s = _score(q, qterms, sl.line, weight)
        if s > 0 and (sl.card not in best or s > best[sl.card][0]):
            best[sl.card] = (s, sl)
    ranked = sorted(best.values(), key=lambda p: (-p[0], p[1].card))[:top]
    out: list[Example] = []
    for score, sl in ranked:
        try:
            script = sl.script.read_text(encoding="utf-8").splitlines()
        except OSError:
            script = []
        out.append(Example(found=sl, score=score, marked=_marked(script, sl.line)))
    return out


def format_example(ex: Example, root: Path | None = None, show_script: bool = True) -> list[str]:
    """An example as lines for a terminal: the card, its Oracle line, then its script with the
    lines most like it marked ``>``."""
    path = ex.found.script
    shown = path.relative_to(root) if root is not None and path.is_relative_to(root) else path
    out = [f"{ex.found.card} ({shown})", f"  oracle: {ex.found.line}"]
    if show_script:
        try:
            script = path.read_text(encoding="utf-8").splitlines()
        except OSError:
            script = []
        for i, raw in enumerate(script):
            out.append(f"  {'>' if i in ex.marked else ' '} {raw}")
    else:
        out += [f"  script: {path.read_text(encoding='utf-8').splitlines()[i].strip()}" for i in ex.marked]
    return out
