"""Rules text rendered from structure (the IR), in Oracle wording of 2019 ("enters the battlefield").

Keyword lines come from the keyword's name and arguments, with its reminder text filled in;
abilities and effects are phrased by small templates here.  A card's ``text`` override, where
present, replaces the rendered text and is counted by coverage as an escape hatch.
"""
from __future__ import annotations

from .ir import (
    AbilityIR, ActivatedIR, AmountIR, CardIR, ConditionIR, CostIR, EffectIR, EntersWithIR, FilterIR, KeywordIR,
    KeywordUseIR, LibraryIR, RefIR, SentenceIR, SpellIR, TargetIR, TriggeredIR,
)

NUMBER_TEXT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
               9: "nine", 10: "ten"}


def cost_text(c: CostIR, capital: bool = False) -> str:
    """A cost as printed: "{1}{U}, Pay 3 life"."""
    parts: list[str] = []
    if c.tap:
        parts.append("{T}")
    if c.mana:
        parts.append("".join(c.mana))
    if c.life is not None:
        parts.append(f"Pay {c.life.words if c.life.kind != 'fixed' else c.life.value} life")
    if c.sacrifice is not None:
        n = c.sacrifice.count
        words = c.sacrifice.filter.words
        parts.append(f"Sacrifice {'a' if n.kind == 'fixed' and n.value == 1 else n.words} {words}")
    if c.discard:
        parts.append(f"Discard {NUMBER_TEXT.get(c.discard, str(c.discard))} card{'s' if c.discard > 1 else ''}")
    return ", ".join(parts)


def _amount(a: AmountIR) -> str:
    if a.kind == "x":
        return "X"
    return str(a.value)


_THAT = {"any": "that permanent or player", "player": "that player"}


class _Phrase:
    """Phrases the effects of one ability; remembers which targets were already named."""

    def __init__(self, card: CardIR, subject: str, targets: tuple[TargetIR, ...]) -> None:
        self.card = card
        self.subject = subject  # "Lightning Bolt" for spells, "it" inside a triggered ability
        self.targets = targets
        self.named: set[int] = set()

    def that(self, index: int) -> str:
        """How a target already named is referred to again ("that creature")."""
        if index >= len(self.targets):
            return "it"
        t = self.targets[index]
        if t.kind in _THAT:
            return _THAT[t.kind]
        noun = (t.filter.types or t.filter.subtypes or (t.filter.kind,))[0] or "permanent"
        return f"that {noun}"

    def ref(self, r: RefIR) -> str:
        if r.kind == "slot":
            if r.index in self.named:
                return self.that(r.index)
            self.named.add(r.index)
            return r.words
        if r.kind == "this":
            return self.card.name
        return r.words or "it"

    def effect(self, e: EffectIR, subject: str) -> str:
        a = dict(e.args)
        k = e.kind
        if k == "damage":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            return f"{subject} deals {_amount(amt)} damage to {self.ref(ref)}"
        if k in ("gain_life", "lose_life", "draw"):
            p, amt = a["player"], a["amount"]
            assert isinstance(p, RefIR) and isinstance(amt, AmountIR)
            third = p.kind != "you"
            who = "target player" if third else "you"
            if third:
                self.ref(RefIR("slot", p.index, words="target player"))
            if k == "draw":
                n = amt.value
                obj = "a card" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} cards"
                return f"target player draws {obj}" if third else f"draw {obj}"
            verb = ("gains" if third else "gain") if k == "gain_life" else ("loses" if third else "lose")
            return f"{who} {verb} {_amount(amt)} life"
        if k == "destroy":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            out = f"destroy {self.ref(ref)}"
            if a.get("no_regeneration"):
                that = self.that(ref.index) if ref.kind == "slot" else "it"
                out += f". {that[:1].upper()}{that[1:]} can't be regenerated"
            return out
        if k in ("exile", "counter_spell"):
            ref = a["target"]
            assert isinstance(ref, RefIR)
            verb = "exile" if k == "exile" else "counter"
            return f"{verb} {self.ref(ref)}"
        if k == "put_counters":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            n = amt.value
            what = f"a {a['counter']} counter" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} {a['counter']} counters"
            return f"put {what} on {self.ref(ref)}"
        if k == "action":
            if a["action"] == "shuffle":
                return "shuffle your library"
            cnt, f = a["count"], a["filter"]
            assert isinstance(cnt, AmountIR) and isinstance(f, FilterIR)
            n = cnt.value
            number = cnt.words if cnt.words not in ("1",) else "a"
            if number in ("a", "an"):
                number = "an" if f.words[:1] in "aeiou" else "a"
            found = f"{number} {f.words}"
            if a.get("up_to"):
                found = f"up to {found}"
            dest = {"battlefield": "onto the battlefield", "hand": "into your hand",
                    "graveyard": "into your graveyard"}[str(a["destination"])]
            tapped = " tapped" if a.get("tapped") else ""
            return f"search your library for {found}, put {'it' if n == 1 else 'them'} {dest}{tapped}"
        if k == "create_tokens":
            cnt = a["count"]
            assert isinstance(cnt, AmountIR)
            colors = a["colors"] if isinstance(a["colors"], tuple) else ()
            color_words = " ".join(COLOR_WORDS[c] for c in colors) or "colorless"
            subtypes = " ".join(a["subtypes"] if isinstance(a["subtypes"], tuple) else ())
            types = " ".join(a["types"] if isinstance(a["types"], tuple) else ())
            plural = not (cnt.kind == "fixed" and cnt.value == 1)
            count_word = "X" if cnt.kind == "x" else ("a" if not plural else NUMBER_TEXT.get(cnt.value, str(cnt.value)))
            kws = a["keywords"] if isinstance(a["keywords"], tuple) else ()
            with_ = f" with {' and '.join(kws)}" if kws else ""
            words = " ".join(w for w in (count_word, f"{a['power']}/{a['toughness']}", color_words, subtypes, types) if w)
            return f"create {words} token{'s' if plural else ''}{with_}"
        if k == "add_mana":
            if a.get("any_color"):
                return "add one mana of any color"
            mana = a["mana"]
            return f"add {''.join(mana) if isinstance(mana, tuple) else ''}"
        if k == "delayed":
            inner = a["effect"]
            assert isinstance(inner, EffectIR)
            return f"{self.effect(inner, subject)} at the beginning of the next {a['step']} step"
        return k


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _condition(c: ConditionIR, spell: bool) -> str:
    who = "it" if c.subject is not None or not spell else "this spell"
    text = f"if {who} was {c.word}"
    if c.linked_cost:
        text += f" with its {''.join(c.linked_cost)} {c.keyword}"
    return text


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _join(parts: list[str]) -> str:
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + ", then " + parts[-1]
    return parts[0] if parts else ""


def sentence_bodies(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                    subject: str, spell: bool) -> list[str]:
    """Each sentence phrased, uncapitalized, without its final period."""
    ph = _Phrase(card, subject, targets)
    out: list[str] = []
    for s in sents:
        if s.condition is not None and s.instead:
            # An effect with a subject ("it deals 4 damage ...") takes "instead" at the end (608.2c);
            # an imperative ("search ...") takes it first.
            parts = [ph.effect(e, "it") for e in s.effects]
            body = _join(parts)
            if body.startswith("it "):
                body = f"{_condition(s.condition, spell)}, {body} instead"
            else:
                body = f"{_condition(s.condition, spell)}, instead {body}"
        else:
            parts = [ph.effect(e, subject) for e in s.effects]
            body = _join(parts)
            if s.condition is not None:
                if s.condition.subject is not None:
                    body = f"{body} {_condition(s.condition, spell)}"
                else:
                    body = f"{_condition(s.condition, spell)}, {body}"
        out.append(body)
    return out


def sentences_text(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                   subject: str, spell: bool) -> str:
    """Phrase a sequence of sentences as printed text."""
    return " ".join(_cap(b) + "." for b in sentence_bodies(card, sents, targets, subject, spell))


def keyword_line(use: KeywordUseIR, kw: KeywordIR | None, reminder: bool) -> str:
    """A keyword line: "Kicker {2}", "Flashback—{1}{U}, Pay 3 life", with reminder text if asked."""
    args: list[str] = []
    for a in use.args:
        args.append(str(a) if isinstance(a, int) else cost_text(a))
    line = use.name
    if args:
        only_mana = all(isinstance(a, int) or (not a.tap and a.life is None and a.sacrifice is None and not a.discard)
                        for a in use.args)
        line += (" " + " ".join(args)) if only_mana else ("\u2014" + " ".join(args) + ".")
    if reminder and kw is not None and kw.reminder:
        text = kw.reminder
        for (pname, _), a in zip(kw.params, use.args):
            text = text.replace("{" + pname + "}", str(a) if isinstance(a, int) else cost_text(a))
        line += f" ({text})"
    return line


def ability_text(card: CardIR, ab: AbilityIR) -> str:
    """The rules text of one non-keyword ability."""
    if isinstance(ab, SpellIR):
        return sentences_text(card, ab.sentences, ab.targets, card.name, True)
    if isinstance(ab, TriggeredIR):
        head = f"When {card.name} enters the battlefield"
        if ab.condition is not None:
            head += ", " + _condition(ab.condition, False)
        bodies = sentence_bodies(card, ab.sentences, ab.targets, "it", False)
        rest = "".join(" " + _cap(b) + "." for b in bodies[1:])
        return f"{head}, {bodies[0] if bodies else ''}.{rest}"
    if isinstance(ab, ActivatedIR):
        text = f"{cost_text(ab.cost)}: {sentences_text(card, ab.sentences, ab.targets, card.name, False)}"
        return f"({text})" if ab.intrinsic else text
    if isinstance(ab, EntersWithIR):
        n = ab.amount
        if n.kind == "times_paid":
            return f"{card.name} enters the battlefield with a {ab.counter} counter on it for each time it was {n.words}."
        what = f"a {ab.counter} counter" if n.value == 1 else f"{NUMBER_TEXT.get(n.value, str(n.value))} {ab.counter} counters"
        return f"{card.name} enters the battlefield with {what} on it."
    return ""


def card_text(card: CardIR, library: LibraryIR, reminder: bool = True) -> str:
    """The card's full rules text, one ability per line; kicker lines of one card merge (702.33c)."""
    if card.text_override is not None:
        return card.text_override
    kws = library.keywords()
    lines: list[str] = []
    i = 0
    abilities = list(card.abilities)
    while i < len(abilities):
        ab = abilities[i]
        if isinstance(ab, KeywordUseIR):
            kw = kws.get(ab.name.lower())
            # "Kicker [A] and/or [B]" means "Kicker [A], kicker [B]" (702.33c).
            if ab.name == "Kicker" and i + 1 < len(abilities) and isinstance(abilities[i + 1], KeywordUseIR) \
                    and abilities[i + 1].name == "Kicker":  # type: ignore[union-attr]
                nxt = abilities[i + 1]
                assert isinstance(nxt, KeywordUseIR)
                a, b = keyword_line(ab, None, False), keyword_line(nxt, None, False)
                line = f"{a} and/or {b[len('Kicker '):]}"
                if reminder and kw is not None:
                    line += f" (You may pay an additional {a[len('Kicker '):]} and/or {b[len('Kicker '):]} as you cast this spell.)"
                lines.append(line)
                i += 2
                continue
            simple = not ab.args
            if simple and lines and _is_simple_keyword_line(lines[-1]) and isinstance(abilities[i - 1], KeywordUseIR):
                lines[-1] = lines[-1] + ", " + ab.name.lower()
            else:
                lines.append(keyword_line(ab, kw, reminder and not simple))
        else:
            lines.append(ability_text(card, ab))
        i += 1
    return "\n".join(lines)


def _is_simple_keyword_line(line: str) -> bool:
    return " " not in line.replace(", ", ",") and "{" not in line
