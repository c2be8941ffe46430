"""``cardsmith new``: a card script from its Oracle record.

Writes ``cards/<letter>/<module>.card`` with the cost, types and power/toughness, and every line
of Oracle text the language can say (keyword lines, and the others through
:mod:`cardsmith.translate`, kept only when they render the Oracle line back exactly); every other
line becomes a ``// TODO`` comment to replace with statements.  The Oracle record is added to the pool's ``oracle.json`` so the rules
text test has its reference.  An existing card file is never overwritten.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from compiler.ir import LibraryIR
from compiler.lower import module_name

from .oracle import load_oracle, oracle_path
from .translate import Translation, header, translate

REMINDER = re.compile(r"\s*\([^()]*\)")


class ScaffoldError(Exception):
    """The card can't be scaffolded (unknown name, file exists)."""


def card_path(pool: Path, name: str) -> Path:
    """Where a card's script lives: ``<pool>/<first letter>/<module>.card``."""
    module = module_name(name)
    letter = module[0] if module[0].isalpha() else "0"
    return pool / letter / f"{module}.card"


def _keyword_line(line: str, library: LibraryIR) -> list[str] | None:
    """Keyword lines for an Oracle line made only of keywords the library defines, else None.

    ``Flying, first strike``, ``Defender; reach``: a keyword per part.  A part that doesn't
    start with a keyword continues the one before (``Flashback—{R}{R}, Sacrifice X Mountains``)."""
    kws = library.keywords()
    names = sorted(kws, key=len, reverse=True)  # the longest first: "first strike" before "first"
    text = REMINDER.sub("", line).strip().rstrip(".")

    def keyword_at(part: str) -> str | None:
        low = part.lower()
        return next((n for n in names if low.startswith(n) and low[len(n):len(n) + 1] in ("", " ", "\u2014")), None)

    parts: list[tuple[str, str]] = []  # (keyword, its argument)
    for piece in re.split(r"[,;] ", text):
        name = keyword_at(piece)
        if name is None:
            if not parts:
                return None
            kw_name, arg = parts[-1]
            parts[-1] = (kw_name, f"{arg}, {piece}")
            continue
        parts.append((name, piece[len(name):]))
    out: list[str] = []
    for name, raw_arg in parts:
        kw = kws[name]
        # "Suspend 4—{B}", "Morph—Reveal a green card in your hand.": the dash is a space in a
        # script, and a cost's words are lower-case ("morph reveal a green card in your hand").
        arg = raw_arg.replace("\u2014", " ").strip()
        arg = re.sub(r"(^|, )(Pay|Sacrifice|Tap|Untap|Discard|Reveal|Exile|Return|Remove|Put)\b",
                     lambda w: w.group(1) + w.group(2).lower(), arg)
        if bool(kw.params) != bool(arg):
            return None
        if "and/or" in arg:  # "Kicker {A} and/or {B}" means two kicker abilities (702.33c)
            out += [f"{kw.name.lower()} {a.strip()}" for a in arg.split("and/or")]
        else:
            out.append(f"{kw.name.lower()} {arg}".strip())
    return out


def script_for(rec: dict[str, Any], library: LibraryIR) -> tuple[str, Translation]:
    """The card's script text (every Oracle line that round-trips written, the rest as TODO
    comments: :mod:`cardsmith.translate`) and the translation's account."""
    t = translate(rec, library, _keyword_line)
    return "\n".join(header(rec) + t.lines + ["}"]) + "\n", t


def find_record(name: str, records: dict[str, dict[str, Any]], source: Path) -> dict[str, Any]:
    """The record named ``name`` (any case), or a :class:`ScaffoldError` with the nearest names."""
    rec = records.get(name)
    if rec is None:
        lowered = {k.lower(): k for k in records}
        if name.lower() in lowered:
            return records[lowered[name.lower()]]
        import difflib
        close = difflib.get_close_matches(name, list(records), n=3)
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        raise ScaffoldError(f"no card named {name!r} in {source}{hint}")
    return rec


def scaffold(name: str, pool: Path, library: LibraryIR, oracle_file: Path | None = None) -> tuple[Path, Translation]:
    """Write the new card's script; return its path and the translation's account."""
    source = oracle_file or oracle_path(pool)
    records = load_oracle(source)  # (an OracleFormatError is the caller's: a bad input, not a bad card)
    rec = find_record(name, records, source)
    name = rec["name"]
    path = card_path(pool, name)
    if path.exists():
        raise ScaffoldError(f"{path} already exists; not overwriting it")
    # Keep the pool's Oracle reference data complete (read before anything is written: a file
    # that can't take the record leaves the pool as it was).
    ref = oracle_path(pool)
    try:
        data = json.loads(ref.read_text(encoding="utf-8")) if ref.exists() else {}
    except (ValueError, RecursionError):
        raise ScaffoldError(f"the pool's Oracle file {ref} is not JSON; not adding {name!r} to the pool") from None
    if not isinstance(data, dict):
        raise ScaffoldError(f"the pool's Oracle file {ref} is not records by name; not adding {name!r} to the pool")
    text, translation = script_for(rec, library)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if name not in data:
        data[name] = {k: rec.get(k) for k in ("name", "mana_cost", "type_line", "supertypes", "types",
                                                "subtypes", "power", "toughness", "colors", "text")}
        ref.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path, translation
