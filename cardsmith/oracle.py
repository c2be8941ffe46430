"""Oracle reference data: reading it in the shapes people have it, and the normalization used to
compare rendered rules text with it.

Shapes read (:func:`load_oracle` says which it saw in its error when none fits):

- **cardsmith**: the pool's ``oracle.json`` (an object of records by name) or a list of records
  (``shared/reference/oracle/*.json``): ``name``, ``mana_cost``, ``type_line``, ``types``,
  ``subtypes``, ``supertypes``, ``power``, ``toughness``, ``colors``, ``text``.
- **Scryfall**: a card object (``"object": "card"``), a list of them, or a list object
  (``{"object": "list", "data": [...]}``): ``oracle_text``, ``type_line``, ``mana_cost``, and for
  cards of more than one face, ``card_faces`` (the front face is scripted; the card is named by it).
- **MTGJSON**: AtomicCards (``{"data": {name: [face, ...]}}``) or AllPrintings (``{"data": {set:
  {"cards": [...]}}}``): ``manaCost``, ``type``, ``types``, ``subtypes``, ``supertypes``, ``text``,
  ``power``, ``toughness``, ``faceName`` and ``side`` (the front face, ``a``, is scripted).

Every shape is turned into the cardsmith record.  Normalization (for comparing texts): reminder
text in parentheses is removed (cards print it inconsistently), whitespace is collapsed, and each
line is stripped.  Nothing else: wording, punctuation and the card's own name must match exactly.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_REMINDER = re.compile(r"\s*\([^()]*\)")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Host")
RECORD_FIELDS = ("name", "mana_cost", "type_line", "supertypes", "types", "subtypes", "power", "toughness",
                 "colors", "text")
TEXT_FIELDS = ("mana_cost", "type_line", "power", "toughness", "text")  # each a string, or null
LIST_FIELDS = ("supertypes", "types", "subtypes", "colors", "seed_keywords")  # each a list of strings, or null


class OracleFormatError(ValueError):
    """An Oracle file whose shape is none of those :func:`load_oracle` reads."""


def oracle_path(pool: Path) -> Path:
    """The pool's copy of the Oracle data (``cards/oracle.json``)."""
    return pool / "oracle.json"


def load_oracle(path: Path) -> dict[str, dict[str, Any]]:
    """Oracle records by card name (cardsmith records), from a file of any shape the module reads.

    JSON may spell a lone surrogate (``"\\udcff"``), which is no character: a record holding one
    could be neither printed nor written as UTF-8, so the file is refused, naming the record."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:  # (the pool's own oracle.json is read here unchecked)
        raise OracleFormatError(f"{path}: not JSON ({e})") from None
    except RecursionError:
        raise OracleFormatError(f"{path}: JSON nested too deeply to be Oracle data") from None
    records = records_from(data, str(path))
    try:
        json.dumps(records, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        for rec in records.values():
            try:
                json.dumps(rec, ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError as e:
                name = str(rec.get("name")).encode("utf-8", "backslashreplace").decode("utf-8")
                raise OracleFormatError(f"{path}: the record {name!r} holds a lone surrogate "
                                        f"({e.object[e.start]!r}), which is not a character") from None
    return records


def records_from(data: Any, where: str = "the Oracle data") -> dict[str, dict[str, Any]]:
    """Cardsmith records by name from parsed JSON of any shape the module reads."""
    if isinstance(data, dict) and isinstance(data.get("data"), (dict, list)) and "object" not in data:
        return _mtgjson(data["data"], where)
    if isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        data = data["data"]
    if isinstance(data, dict) and data.get("object") == "card":
        data = [data]
    if isinstance(data, list):
        out: dict[str, dict[str, Any]] = {}
        for i, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                raise OracleFormatError(f"{where}: item {i} is not a card record with a name")
            rec = _scryfall(item, where) if item.get("object") == "card" or "oracle_text" in item or "card_faces" in item \
                else _cardsmith(item, where)
            out.setdefault(rec["name"], rec)
        return out
    if isinstance(data, dict) and all(isinstance(v, dict) for v in data.values()):
        return {name: _cardsmith({"name": name, **rec}, where) for name, rec in data.items()}
    raise OracleFormatError(
        f"{where}: not a shape of Oracle data cardsmith reads (a cardsmith record list or object, "
        "Scryfall card objects, or MTGJSON AtomicCards / AllPrintings)")


def _cardsmith(rec: dict[str, Any], where: str) -> dict[str, Any]:
    if "text" not in rec and "type_line" not in rec and "types" not in rec:
        raise OracleFormatError(f"{where}: the record {rec.get('name')!r} has none of text, type_line, types "
                                "(a cardsmith record), oracle_text (Scryfall) or manaCost/type (MTGJSON)")
    out = _checked({**{k: None for k in RECORD_FIELDS}, **rec}, where)  # (other fields, such as seed_keywords, kept)
    if out["types"] is None and isinstance(out["type_line"], str):
        out.update(split_type_line(out["type_line"]))
    return out


def _checked(rec: dict[str, Any], where: str) -> dict[str, Any]:
    """``rec``, once its fields are of the types the commands read: a string name, strings (or
    null) for the text fields, lists of strings (or null) for the list fields; else an
    :class:`OracleFormatError` naming the record and the field (a number where a name goes would
    otherwise stop ``new`` or ``coverage`` with an internal error)."""
    name = rec.get("name")
    if not isinstance(name, str):
        raise OracleFormatError(f"{where}: a record whose name is {_shown(name)}, not a string")
    for key in TEXT_FIELDS:
        if rec.get(key) is not None and not isinstance(rec[key], str):
            raise OracleFormatError(f"{where}: the record {name!r} has {key} {_shown(rec[key])}, not a string")
    for key in LIST_FIELDS:
        value = rec.get(key)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise OracleFormatError(f"{where}: the record {name!r} has {key} {_shown(value)}, not a list of strings")
    return rec


def _shown(value: Any) -> str:
    """A JSON value as an error message shows it (short)."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:40] + "..."


def split_type_line(line: str) -> dict[str, list[str]]:
    """``Legendary Creature — Human Soldier`` -> supertypes, types and subtypes (205)."""
    left, _, right = line.partition("—")
    words = left.split()
    return {"supertypes": [w for w in words if w in SUPERTYPES],
            "types": [w for w in words if w not in SUPERTYPES],
            "subtypes": right.split()}


def _scryfall(card: dict[str, Any], where: str) -> dict[str, Any]:
    face = card
    faces = card.get("card_faces")
    if isinstance(faces, list) and faces and isinstance(faces[0], dict) and "oracle_text" not in card:
        face = {**card, **faces[0]}  # the front face, with the card's own fields where it has none
    rec = _checked({"name": face.get("name", card["name"]), "mana_cost": face.get("mana_cost") or None,
                    "type_line": face.get("type_line") or "", "power": face.get("power"),
                    "toughness": face.get("toughness"), "colors": face.get("colors", card.get("colors")),
                    "text": face.get("oracle_text") or ""}, where)
    return {**rec, **split_type_line(rec["type_line"])}


def _mtgjson(data: dict[str, Any] | list[Any], where: str) -> dict[str, dict[str, Any]]:
    faces: list[dict[str, Any]] = []
    if isinstance(data, dict):
        for value in data.values():
            if isinstance(value, list):  # AtomicCards: name -> [face, ...]
                faces += [f for f in value if isinstance(f, dict)]
            elif isinstance(value, dict) and isinstance(value.get("cards"), list):  # AllPrintings: set -> cards
                faces += [f for f in value["cards"] if isinstance(f, dict)]
            else:
                raise OracleFormatError(f"{where}: MTGJSON data whose values are neither card lists "
                                        "(AtomicCards) nor sets with cards (AllPrintings)")
    else:
        faces = [f for f in data if isinstance(f, dict)]
    out: dict[str, dict[str, Any]] = {}
    for f in faces:
        if f.get("side") not in (None, "a") or not isinstance(f.get("name"), str):
            continue  # a back face: the card is scripted by its front
        name = f.get("faceName") or f["name"]
        out.setdefault(name, _checked({
            "name": name, "mana_cost": f.get("manaCost"), "type_line": f.get("type") or "",
            "supertypes": f.get("supertypes") or [], "types": f.get("types") or [], "subtypes": f.get("subtypes") or [],
            "power": f.get("power"), "toughness": f.get("toughness"), "colors": f.get("colors"),
            "text": f.get("text") or ""}, where))
    if not out:
        raise OracleFormatError(f"{where}: MTGJSON data with no card in it")
    return out


def normalize(text: str) -> str:
    """Drop reminder text, collapse whitespace, strip lines, drop empty lines."""
    out = []
    for line in text.split("\n"):
        line = _REMINDER.sub("", line)
        line = re.sub(r"\s+", " ", line).strip()
        if line:
            out.append(line)
    return "\n".join(out)
