"""Text-changing effects (612): an object's text with one color word replaced by another, applied in
layer 3 (613.1c).

An effect that changes an object's color words (612.2: "replacing all instances of one color word
with another") is recorded on the object as a substitution (``GameObject.color_words``, in the
order the effects were created, 613.7).  The object's definition is then its copiable values with
every color word of its own text replaced (:func:`text_changed`), and so every layer and every
rules step that reads its abilities reads the changed words: a selector ("nonblack creature"), a
protection quality ("protection from black"), token colors, a color-setting effect ("becomes
black").  Which values are color words is said where each is declared: a field of a frozen
dataclass whose metadata is :data:`COLOR_WORDS` (``field(..., metadata=COLOR_WORDS)``), holding a
color letter ("B"), a color word ("black"), or a tuple of them; a keyword's word parameter that is
a color word ("protection from black").  Mana symbols are symbols, not words, and aren't changed;
nor is a card name (612.2), and neither are abilities granted by other effects (612.3), which are
not part of the object's text.
"""
from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any, Mapping

from .mana import COLOR_NAMES, COLORS

if TYPE_CHECKING:
    from .abilities import CardDefinition

# The metadata of a dataclass field that holds color words (612.2): a color letter, a color word,
# or a tuple of them; other values in such a field (a card type in "nontoken") are left alone.
COLOR_WORDS: Mapping[str, str] = {"text": "color word"}

Swaps = tuple[tuple[str, str], ...]  # (from, to) color letters, in the order the effects were created

_LETTER_OF = {name: letter for letter, name in COLOR_NAMES.items()}
_CACHE: "dict[tuple[int, Swaps], tuple[CardDefinition, CardDefinition]]" = {}
_CACHE_SIZE = 1024


def swap_letter(letter: str, swaps: Swaps) -> str:
    """612.2, 613.7: the color ``letter`` reads after each substitution in turn (a later change of
    the changed word changes it again)."""
    for old, new in swaps:
        if letter == old:
            letter = new
    return letter


def _swap_word(value: Any, swaps: Swaps) -> Any:
    """A value of a field holding color words, with its color words replaced."""
    if isinstance(value, tuple):
        return tuple(_swap_word(v, swaps) for v in value)
    if isinstance(value, str):
        if value in COLORS:
            return swap_letter(value, swaps)
        if value in _LETTER_OF:
            return COLOR_NAMES[swap_letter(_LETTER_OF[value], swaps)]
    return value


def swap_text(text: str, swaps: Swaps, name: str) -> str:
    """Printed text with its color words replaced ("nonblack", "Black creatures"), the card's name
    left as it is (612.2: a name isn't a color word even if it contains one)."""
    def one(piece: str) -> str:
        def repl(m: re.Match[str]) -> str:
            word = m.group(2)
            new = COLOR_NAMES[swap_letter(_LETTER_OF[word.lower()], swaps)]
            return m.group(1) + (new.capitalize() if word[0].isupper() else new)
        return re.sub(r"(\b|(?<=non))(white|blue|black|red|green|White|Blue|Black|Red|Green)\b", repl, piece)

    if not name:
        return one(text)
    return name.join(one(piece) for piece in text.split(name))


def recolor(value: Any, swaps: Swaps, name: str = "") -> Any:
    """``value`` (an ability, or a part of one) with its color words replaced; the same object if it
    has none.  Frozen dataclasses are rebuilt with their fields changed; an ability object (a class
    marked ``TEXT_CHANGEABLE``) becomes an instance of a subclass whose class attributes (targets,
    sentences, parts, ...) are changed, and whose instance attributes (a keyword's parameters) are
    too.  Anything else (numbers, symbols, enums, classes) is kept."""
    if isinstance(value, tuple):
        items = tuple(recolor(v, swaps, name) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, (str, int, float, bool, type)) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            if not f.init:
                continue  # derived from the others as they are set
            old = getattr(value, f.name)
            if f.metadata.get("text") == COLOR_WORDS["text"]:
                new = _swap_word(old, swaps)
                if new != old:
                    changes[f.name] = new
            else:
                new = recolor(old, swaps, name)
                if new is not old:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if getattr(type(value), "TEXT_CHANGEABLE", False):
        return _recolor_ability(value, swaps, name)
    return value


def _recolor_ability(ability: Any, swaps: Swaps, name: str) -> Any:
    cls = type(ability)
    attrs: dict[str, Any] = {}
    for klass in cls.__mro__:
        for attr, old in vars(klass).items():
            if attr.startswith("_") or attr in attrs or callable(old) or isinstance(old, (property, classmethod,
                                                                                             staticmethod)):
                continue
            if attr == "text" and isinstance(old, str):
                new: Any = swap_text(old, swaps, name)  # its rules text as printed (for the log)
                new = old if new == old else new
            else:
                new = recolor(old, swaps, name)
            attrs[attr] = new if new is not old else None
    changed = {k: v for k, v in attrs.items() if v is not None}
    # A keyword's parameters: a word parameter that is a color word is used as one ("protection
    # from black", 702.16a); a cost parameter's mana symbols aren't words.
    state = {k: (_swap_word(v, swaps) if isinstance(v, str) else recolor(v, swaps, name))
             for k, v in vars(ability).items()}
    if not changed and all(state[k] is v or isinstance(v, str) and state[k] == v for k, v in vars(ability).items()):
        return ability
    sub = type(cls.__name__, (cls,), {"__module__": cls.__module__, "__qualname__": cls.__qualname__, **changed})
    new_ability: Any = object.__new__(sub)
    new_ability.__dict__.update(state)
    return new_ability


def text_changed(definition: "CardDefinition", swaps: Swaps) -> "CardDefinition":
    """612.1-612.2, 613.1c (layer 3): ``definition`` (a ``CardDefinition``: the object's copiable
    values, layer 1) with every color word of its text replaced, its name unchanged.  Remembered for
    the definition and the substitutions, so that the object's abilities stay the same objects from
    one read to the next."""
    key = (id(definition), swaps)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is definition:
        return hit[1]
    name = definition.name
    changed = dataclasses.replace(definition, abilities=recolor(definition.abilities, swaps, name),
                                  text=swap_text(definition.text, swaps, name))
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = (definition, changed)
    return changed
