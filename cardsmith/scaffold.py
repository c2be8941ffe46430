"""``cardsmith new``: start a card script from its Oracle record.

Writes ``cards/<letter>/<module>.card`` with the cost, types, power/toughness and the keyword
lines the keyword library knows filled in; every other line of Oracle text becomes a comment to
replace with statements.  The Oracle record is added to the pool's ``oracle.json`` so the rules
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

REMINDER = re.compile(r"\s*\([^()]*\)")


class ScaffoldError(Exception):
    """The card can't be scaffolded (unknown name, file exists)."""


def card_path(pool: Path, name: str) -> Path:
    """Where a card's script lives: ``<pool>/<first letter>/<module>.card``."""
    module = module_name(name)
    letter = module[0] if module[0].isalpha() else "0"
    return pool / letter / f"{module}.card"


def _keyword_line(line: str, library: LibraryIR) -> list[str] | None:
    """Keyword lines for an Oracle line made only of keywords the library defines, else None."""
    kws = library.keywords()
    text = REMINDER.sub("", line).strip()
    out: list[str] = []
    for part in [p.strip() for p in text.split(",")]:
        m = re.match(r"^([A-Z][a-z]+(?:-[a-z]+)?)(?:\s*[\u2014 ]\s*(.*))?$", part)
        if not m or m.group(1).lower() not in kws:
            return None
        kw = kws[m.group(1).lower()]
        arg = (m.group(2) or "").rstrip(".")
        if kw.params and not arg:
            return None
        if arg and not kw.params:
            return None
        if "and/or" in arg:  # "Kicker {A} and/or {B}" means two kicker abilities (702.33c)
            out += [f"{kw.name.lower()} {a.strip()}" for a in arg.split("and/or")]
        else:
            arg = re.sub(r"(?<=, )Pay", "pay", arg)
            arg = re.sub(r"(?<=, )Sacrifice", "sacrifice", arg)
            out.append(f"{kw.name.lower()} {arg}".strip())
    return out


def _type_line(rec: dict[str, Any]) -> str:
    supers = [s.lower() for s in rec.get("supertypes") or []]
    types = [t.lower() for t in rec.get("types") or []]
    subs = rec.get("subtypes") or []
    line = "type " + " ".join(supers + types)
    if subs:
        line += " - " + " ".join(subs)
    return line


def scaffold(name: str, pool: Path, library: LibraryIR, oracle_file: Path | None = None) -> Path:
    """Write the new card's skeleton; return its path."""
    source = oracle_file or oracle_path(pool)
    records = load_oracle(source)
    rec = records.get(name)
    if rec is None:
        lowered = {k.lower(): k for k in records}
        if name.lower() in lowered:
            rec = records[lowered[name.lower()]]
        else:
            import difflib
            close = difflib.get_close_matches(name, list(records), n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            raise ScaffoldError(f"no card named {name!r} in {source}{hint}")
    name = rec["name"]
    path = card_path(pool, name)
    if path.exists():
        raise ScaffoldError(f"{path} already exists; not overwriting it")
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    lines = [f'card "{escaped}" {{']
    if rec.get("mana_cost"):
        lines.append(f"    cost {rec['mana_cost']}")
    lines.append(f"    {_type_line(rec)}")
    if rec.get("power") is not None and rec.get("toughness") is not None:
        lines.append(f"    pt {rec['power']}/{rec['toughness']}")
    for line in (rec.get("text") or "").split("\n"):
        if not line.strip():
            continue
        kw = _keyword_line(line, library)
        if kw:
            lines += [f"    {k}" for k in kw]
        else:
            lines.append(f"    // TODO: {line}")
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Keep the pool's Oracle reference data complete.
    ref = oracle_path(pool)
    data = json.loads(ref.read_text(encoding="utf-8")) if ref.exists() else {}
    if name not in data:
        data[name] = {k: rec.get(k) for k in ("name", "mana_cost", "type_line", "supertypes", "types",
                                                "subtypes", "power", "toughness", "colors", "text")}
        ref.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
