"""Rules text rendered from structure (the IR), in Oracle wording of 2019 ("enters the battlefield").

Keyword lines come from the keyword's name and arguments, with its reminder text filled in;
each instruction, condition and static part phrases itself (its ``text`` method, in
:mod:`compiler.ir`), and this module puts them together into sentences and abilities, with one
function per kind of ability (``_text_<Class>``).  A card's ``text`` override, where present,
replaces the rendered text and is counted by coverage as an escape hatch.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable

from .ir import amounts as am
from .ir.abilities import (
    AbilityIR, ActivatedIR, AdditionalCardCost, AlternativeCardCost, AmplifyIR, AsChoosePTIR, AsCopyIR, AsTurnedFaceUpIR, CardIR,
    ChooseColorAsEntersIR,
    CostPerExtraTarget, EntersAsCopyIR, EntersTappedIR, EntersWithIR, KeywordUseIR, SentenceIR, SpellIR, StaticIR,
    CostPerPermanent,
    CostLessIf, ConditionalKeywordIR, SpendOnXIR,
    TriggeredIR, UncounterableIR,
)
from .ir.conditions import CostWasPaid
from .ir.effects import Destroy, Effect
from .ir.library import KeywordIR, LibraryIR
from .ir.statics import mana_cost_sentences, static_parts_text
from .ir.selectors import FilterIR
from .ir.targets import TargetIR
from .wording import cap, counters_text, plural_verbs

__all__ = ["Phrase", "ability_text", "card_text", "keyword_line", "sentences_text"]


class Phrase:
    """Phrases the instructions of one ability; remembers which targets were already named."""

    def __init__(self, card: CardIR, subject: str, targets: tuple[TargetIR, ...]) -> None:
        self.card = card
        self.subject = subject  # "Lightning Bolt" for spells, "it" inside a triggered ability
        self.targets = targets
        self.named: set[int] = set()
        self.replacing = False  # phrasing a sentence printed "... instead" at its end
        self.last_tokens: tuple[object, ...] = ()  # the token description created last ("those tokens")
        self.this_named = False  # whether the card's full name was printed in this ability already
        self.last_of_sentence = False  # whether the effect being phrased ends its sentence

    def this_name(self) -> str:
        """The card's name; a legendary card named again in the same ability goes by the part of
        its name before the comma ("Hallar, the Firefletcher ..., then Hallar deals ...")."""
        short = self.card.name.split(",")[0]
        if self.this_named and "legendary" in self.card.supertypes and short != self.card.name:
            return short
        self.this_named = True
        return self.card.name

    def effects(self, effects: tuple[Effect, ...], subject: str) -> list[str]:
        """Phrase the effects of one sentence in order."""
        out = []
        for i, e in enumerate(effects):
            self.last_of_sentence = i == len(effects) - 1
            out.append(self.effect(e, subject))
        return out

    def that(self, index: int) -> str:
        """How a target already named is referred to again ("that creature")."""
        if index >= len(self.targets):
            return "it"
        return self.targets[index].that()

    def effect(self, e: Effect, subject: str) -> str:
        """One instruction as printed."""
        return e.text(self, subject)

    def ability_text(self, ab: AbilityIR) -> str:
        """A quoted ability's text (613.1f: granted by an effect or a static ability)."""
        return ability_text(self.card, ab)


def _join(parts: list[str]) -> str:
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + ", then " + parts[-1]
    return parts[0] if parts else ""


def _join_s(s: SentenceIR, parts: list[str]) -> str:
    """A sentence's instructions joined as printed: "A, then B", or "A and B" (``and_last``)."""
    if s.and_last and len(parts) > 1:
        return _join(parts[:-1]) + (", and " if s.comma_and else " and ") + parts[-1]
    return _join(parts)


def sentence_bodies(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                    subject: str, spell: bool) -> list[str]:
    """Each sentence phrased, uncapitalized, without its final period."""
    ph = Phrase(card, subject, targets)
    # A trigger that names the card ("When Guan Yu, Sainted Warrior is put into ...") has printed its
    # full name already: a legendary card is then named by its short name ("shuffle Guan Yu into ...").
    ph.this_named = subject == "it"
    out: list[str] = []
    for s in sents:
        if s.condition is not None and s.instead and s.instead_last:
            # "If this spell was kicked, that creature gets +4/+4 until end of turn instead": printed at
            # the end, with an object named again as "that creature" even as the subject.
            ph.replacing = True
            body = _join_s(s, [ph.effect(e, "it") for e in s.effects])
            ph.replacing = False
            if s.gate is not None:
                body += " " + s.gate.text(spell)
            body = f"{s.condition.text(spell)}, {body} instead"
        elif s.gate is not None and s.condition is not None and s.instead:
            # "Destroy that creature if it has ... instead if ...": the gate, then the condition.
            body = _join_s(s, [ph.effect(e, subject) for e in s.effects])
            body = f"{body} {s.gate.text(spell)} instead {s.condition.text(spell)}"
        elif s.condition is not None and s.instead and s.instead_if:
            # "Add {B}{B}{B}{B}{B} instead if seven or more cards are in your graveyard."
            body = f"{_join_s(s, [ph.effect(e, subject) for e in s.effects])} instead {s.condition.text(spell)}"
        elif s.condition is not None and s.instead:
            # An effect with a subject ("it deals 4 damage ...") takes "instead" at the end (608.2c);
            # an imperative ("search ...") takes it first.
            parts = ph.effects(s.effects, "it")
            body = _join_s(s, parts)
            if body.startswith(("it ", "that ")):
                body = f"{s.condition.text(spell)}, {body} instead"
            else:
                body = f"{s.condition.text(spell)}, instead {body}"
        else:
            # "Illuminate deals X damage ... If this spell was kicked ..., it deals X damage ...": a
            # spell named before is "it" after a leading condition.
            named_before = spell and bool(out) and s.condition is not None and not s.condition.of_target \
                and not s.condition_after
            parts = ph.effects(s.effects, "it" if named_before else subject)
            body = _join_s(s, parts)
            if s.may:
                # "you may gain 1 life", not "you may you gain 1 life" (608.2d).
                body = "you may " + (body[len("you "):] if body.startswith("you ") else body)
            if s.condition is not None:
                if s.condition.of_target or s.condition_after:
                    body = f"{body} {s.condition.text(spell)}"
                elif s.condition.PRINTS_NAME:
                    body = f"{s.condition.text(spell, ph.this_name())}, {body}"
                else:
                    body = f"{s.condition.text(spell)}, {body}"
            if s.then:
                body = "then " + body  # "Then if it wasn't kicked, discard three cards."
        for e in s.effects:
            if isinstance(e, Destroy) and e.no_regeneration and e.no_regen_after:
                body += f". {cap(e.no_regen_words)} can't be regenerated"  # 701.15c, after the sentence
        out.append(body)
    return out


def sentences_text(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                   subject: str, spell: bool) -> str:
    """Phrase a sequence of sentences as printed text."""
    # A sentence ending in a quoted ability ends with the quote's own period (613.1f wording).
    out = ""
    for s, b in zip(sents, sentence_bodies(card, sents, targets, subject, spell)):
        line = cap(b) + ("" if b.endswith('."') else ".")
        if s.ability_word and out:
            out += f"\n{s.ability_word.capitalize()} \u2014 {line}"  # 207.2c: a new paragraph
        elif s.ability_word:
            out = f"{s.ability_word.capitalize()} \u2014 {line}"  # the spell's first paragraph is labelled
        else:
            out += (" " if out else "") + line
    return out


def plural_subtype(word: str) -> str:
    """A subtype as printed after "protection from": "Zombies", "Sphinxes" (205.3)."""
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def keyword_line(use: KeywordUseIR, kw: KeywordIR | None, reminder: bool) -> str:
    """A keyword line: "Kicker {2}", "Flashback—{1}{U}, Pay 3 life", with reminder text if asked."""
    args: list[str] = []
    kinds = [k for _, k in kw.params] if kw is not None else []
    for i, a in enumerate(use.args):
        # 702.16a: a quality argument prints with its "from" ("Protection from black").
        quality = i < len(kinds) and kinds[i] == "quality"
        onto = i < len(kinds) and kinds[i] == "subtype"  # "Splice onto Arcane" (702.47a)
        if isinstance(a, FilterIR):
            args.append(f"for {a.words}")  # "Affinity for Swamps" (702.41a)
            continue
        if quality and isinstance(a, str) and a[:1].isupper():
            a = plural_subtype(a)  # "Protection from Zombies" (702.16a: a subtype, printed plural)
        args.append(f"from {a}" if quality else f"onto {a}" if onto else
                    str(a) if isinstance(a, (int, str)) else a.text())
    line = use.name
    if args:
        only_mana = all(isinstance(a, (int, str, FilterIR)) or a.printed_plain for a in use.args)
        if len(args) == 2 and kinds == ["number", "cost"]:
            # "Suspend 4—{U}" (702.62a): a number and then a cost are printed joined by an em dash.
            line += f" {args[0]}\u2014{args[1]}"
        else:
            line += (" " + " ".join(args)) if only_mana else ("\u2014" + " ".join(args) + ".")
    if reminder and kw is not None and kw.reminder:
        text = kw.reminder
        for (pname, _), a in zip(kw.params, use.args):
            text = text.replace("{" + pname + "}", str(a) if isinstance(a, (int, str)) else
                                a.words if isinstance(a, FilterIR) else a.text())
        line += f" ({text})"
    return line


def ability_text(card: CardIR, ab: AbilityIR) -> str:
    """The rules text of one non-keyword ability (with its ability word, 207.2c)."""
    text = _ABILITY_TEXT[type(ab)](card, ab)
    word = getattr(ab, "ability_word", "")
    return f"{word.capitalize()} \u2014 {text}" if word else text


_MODE_COUNT = {1: "one", 2: "two", 3: "three"}  # "choose one —" (700.2)


def _text_SpellIR(card: CardIR, ab: SpellIR) -> str:
    if ab.modes:
        # 700.2: "Choose one —" and a bullet per mode.
        count = _MODE_COUNT.get(ab.choose, str(ab.choose))
        bullets = [sentences_text(card, mode, ab.targets, card.name, True) for mode in ab.modes]
        return f"Choose {count} \u2014\n" + "\n".join(f"\u2022 {b}" for b in bullets)
    return sentences_text(card, ab.sentences, ab.targets, card.name, True)


def _text_TriggeredIR(card: CardIR, ab: TriggeredIR) -> str:
    head = cap(ab.trigger.head(card.name))
    if ab.condition is not None:
        head += ", " + ab.condition.text(False, card.name)
    # "When Keldon Champion enters ..., it deals 3 damage": a trigger that names the card refers
    # to it as "it"; one on another event ("Whenever you cast ...") names the card.
    subject = "it" if re.search(r"\bthis\b", ab.trigger.words) else card.name
    if ab.modes:
        # 700.2: "When Timebender is turned face up, choose one —" and a bullet per mode.
        bullets = [sentences_text(card, mode, ab.targets, subject, False) for mode in ab.modes]
        return f"{head}, choose {_MODE_COUNT.get(ab.choose, str(ab.choose))} \u2014\n" + \
            "\n".join(f"\u2022 {b}" for b in bullets)
    bodies = sentence_bodies(card, ab.sentences, ab.targets, subject, False)
    rest = "".join(" " + cap(b) + ("" if b.endswith('."') else ".") for b in bodies[1:])
    first = bodies[0] if bodies else ""
    # A sentence ending in a quoted ability ends with the quote's own period (613.1f wording).
    end = "" if first.endswith('."') else "."
    return f"{head}, {first}{end}{rest}"


def _text_ActivatedIR(card: CardIR, ab: ActivatedIR) -> str:
    # Once the cost has named the card ("Sacrifice Tinder Wall"), the effect calls it "it".
    subject = "it" if ab.cost.sacrifice_this or ab.cost.exile_this else card.name
    text = f"{ab.cost.text(card=card.name)}: {sentences_text(card, ab.sentences, ab.targets, subject, False)}"
    if ab.restriction is not None and ab.once_per_turn:
        # 602.5b: "Activate this ability only once each turn and only if seven or more cards are in ..."
        text += " Activate this ability only once each turn and only " + ab.restriction.text(False, card.name) + "."
    elif ab.restriction is not None:
        text += " Activate this ability only " + ab.restriction.text(False, card.name) + "."
    elif ab.once_per_turn:
        text += " Activate this ability only once each turn."
    return f"({text})" if ab.intrinsic else text


def _text_ChooseColorAsEntersIR(card: CardIR, ab: ChooseColorAsEntersIR) -> str:
    return f"As {card.name} enters the battlefield, choose a color."


def _text_EntersTappedIR(card: CardIR, ab: EntersTappedIR) -> str:
    return f"{card.name} enters the battlefield tapped."


def _text_AsTurnedFaceUpIR(card: CardIR, ab: AsTurnedFaceUpIR) -> str:
    return f"As {card.name} is turned face up, put {counters_text(ab.amount.value, ab.counter)} on it."


def _text_AsChoosePTIR(card: CardIR, ab: AsChoosePTIR) -> str:
    when = " or ".join(w for w, on in (("enters the battlefield", ab.on_enter), ("is turned face up", ab.on_turned_up)) if on)
    return f"As {card.name} {when}, it becomes your choice of {' or '.join(f'{p}/{t}' for p, t in ab.options)}."


def _text_AsCopyIR(card: CardIR, ab: AsCopyIR) -> str:
    quoted = ability_text(card, ab.extra.ability)
    return (f"As {card.name} enters the battlefield or is turned face up, you may choose {ab.filter.words} on the "
            f"battlefield. If you do, until {card.name} is turned face down, it becomes a copy of that creature, "
            f"except it has \"{quoted}\"")  # the quoted ability's own period ends the sentence


def _text_UncounterableIR(card: CardIR, ab: UncounterableIR) -> str:
    return "This spell can't be countered."


def _text_ConditionalKeywordIR(card: CardIR, ab: ConditionalKeywordIR) -> str:
    # "If this spell was kicked, it has split second. (As long as this spell is on the stack, ...)"
    reminder = f" ({ab.reminder})" if ab.reminder else ""
    return f"{cap(ab.condition.text(True, card.name))}, it has {ab.words}.{reminder}"


def _text_EntersAsCopyIR(card: CardIR, ab: EntersAsCopyIR) -> str:
    return f"You may have {card.name} enter the battlefield as a copy of any {ab.filter.words} on the battlefield."


def _text_AmplifyIR(card: CardIR, ab: AmplifyIR) -> str:
    return (f"As {card.name} enters the battlefield, reveal any number of cards from your hand that share "
            f"a creature type with it. It enters with {ab.amount.text()} {ab.counter} counters for each card revealed.")


def _text_EntersWithIR(card: CardIR, ab: EntersWithIR) -> str:
    n = ab.amount
    if isinstance(n, am.TimesPaid):
        return f"{card.name} enters the battlefield with a {ab.counter} counter on it for each time it was {n.words}."
    what = counters_text(n.value, ab.counter)
    if isinstance(n, am.XAmount):
        what = f"X {ab.counter} counters"
    if isinstance(n, am.ParamAmount):
        what = f"{n.words} {ab.counter} counters"
    if ab.condition is not None:
        # "If Academy Drake was kicked, it enters ...": the card is named, then called "it".
        cond = ab.condition.text(False, card.name)
        if isinstance(ab.condition, CostWasPaid) and ab.condition.subject is None:
            cond = cond.replace("if it was", f"if {card.name} was", 1)
        with_ = "".join(f" and with {k}" for k in ab.keywords[1 if ab.keyword_first else 0:])
        where = f", where X is {ab.where.words}" if ab.where is not None else ""
        if ab.keyword_first:
            # "it enters the battlefield with flying and with X +1/+1 counters on it, where X is ..."
            return f"{cap(cond)}, it enters the battlefield with {ab.keywords[0]} and with {what} on it{with_}{where}."
        if ab.granted is not None:
            # 613.1f: the quoted ability, with its own final period inside the quotes.
            with_ += f' and with "{ability_text(card, ab.granted.ability)}"'
        end = "" if ab.granted is not None else "."  # the quoted ability ends with its own period
        return f"{cap(cond)}, it enters the battlefield with {what} on it{where}{with_}{end}"
    where = f", where X is {ab.where.words}" if ab.where is not None else ""
    return f"{card.name} enters the battlefield with {what} on it{where}."


def _text_CostPerPermanent(card: CardIR, ab: CostPerPermanent) -> str:
    what = f"{ab.param} you control" if ab.param else ab.filter.words if ab.filter is not None else ""
    return f"This spell costs {ab.cost.text(card=card.name)} less to cast for each {what}."


def _text_CostPerExtraTarget(card: CardIR, ab: CostPerExtraTarget) -> str:
    return f"This spell costs {ab.cost.text(card=card.name)} more to cast for each target beyond the first."


def _text_CostLessIf(card: CardIR, ab: CostLessIf) -> str:
    return f"{cap(ab.condition.text(True, card.name))}, this spell costs {ab.cost.text(card=card.name)} less to cast."


def _text_SpendOnXIR(card: CardIR, ab: SpendOnXIR) -> str:
    # 106.6: one sentence per restriction, in one paragraph
    return " ".join(r.text() for r in ab.restrictions)


def _text_AlternativeCardCost(card: CardIR, ab: AlternativeCardCost) -> str:
    # 118.9: "You may pay 1 life and exile a blue card from your hand rather than pay ..."
    words = " and ".join(p[:1].lower() + p[1:] for p in ab.cost.text(card=card.name).split(", "))
    return f"You may {words} rather than pay this spell's mana cost."


def _text_AdditionalCardCost(card: CardIR, ab: AdditionalCardCost) -> str:
    cost = ab.cost.text(card=card.name)
    may = "you may " if ab.optional else ""
    other = ""
    if ab.or_cost is not None:
        words = ab.or_cost.text(card=card.name)
        other = f" or {'pay ' if ab.pay else ''}{words[:1].lower()}{words[1:]}"
    return f"As an additional cost to cast this spell, {may}{cost[:1].lower()}{cost[1:]}{other}."


def _text_StaticIR(card: CardIR, ab: StaticIR) -> str:
    if len(ab.parts) == 1:
        whole = ab.parts[0].sentence(ab, card.name)
        if whole is not None:
            return whole  # a static ability that is a sentence of its own ("Players can't search libraries.")
    body = static_parts_text(ab.parts, Phrase(card, card.name, ()))
    subject = f"{ab.host_word} {ab.enchanted}" if ab.enchanted else card.name
    if ab.cards and ab.affected is not None and ab.condition is None:
        # 611.3a: "Each Vampire creature card you own that isn't on the battlefield has madness."
        return f"{cap(ab.affected.words)} {body}.{mana_cost_sentences(ab.parts)}"
    if ab.affected is not None and ab.affected.words.startswith("each "):
        subject = ab.affected.words  # "Each creature you control can't be blocked ...": singular
    elif ab.affected is not None:
        # "White creatures get +1/+1": the plural subject takes the plural verb.
        body = plural_verbs(body.replace(", is ", ", are ").replace(", has ", ", have "))
        body = body.replace(" as though it didn't", " as though they didn't")
        subject = ab.affected.words
    # A quoted ability ends with its own period inside the quotes (613.1f wording).
    end = "" if body.endswith('."') else "."
    if ab.condition is None:
        return f"{cap(subject)} {body}{end}"
    cond = ab.condition.text(False, card.name)[len("if "):]
    if ab.condition_first and subject == card.name:
        # "As long as Colossus of Akros is monstrous, it has trample": the card is named once, first.
        if cond.startswith("it "):
            cond = card.name + cond[len("it"):]
        if re.search(rf"(^|\s){re.escape(card.name)}(\s|$)", cond):
            subject = "it"
    if ab.condition_first:
        return f"As long as {cond}, {subject} {body}{end}"
    return f"{cap(subject)} {body} as long as {cond}."


_ABILITY_TEXT: dict[type, Callable[[CardIR, Any], str]] = {
    cls: globals()[f"_text_{cls.__name__}"]
    for cls in (SpellIR, TriggeredIR, ActivatedIR, EntersTappedIR, AsTurnedFaceUpIR, AsChoosePTIR, AsCopyIR, ChooseColorAsEntersIR, UncounterableIR, EntersAsCopyIR,
                AmplifyIR, EntersWithIR, CostPerExtraTarget, CostPerPermanent, CostLessIf, AlternativeCardCost, AdditionalCardCost, StaticIR,
                ConditionalKeywordIR, SpendOnXIR)
}


def _joined_line(a: KeywordUseIR, b: KeywordUseIR, kw: KeywordIR, reminder: bool) -> str:
    """Two instances of a keyword printed as one line: "Kicker {1}{U} and/or {2}{B}" (702.33c),
    the reminder text reading the joined arguments where it names the parameter."""
    first, second = keyword_line(a, None, False), keyword_line(b, None, False)
    arg_a, arg_b = first[len(a.name) + 1:], second[len(b.name) + 1:]
    both = f"{arg_a} {kw.joined_by} {arg_b}"
    line = f"{a.name} {both}"
    if reminder and kw.reminder:
        line += f" ({kw.reminder.replace('{' + kw.params[0][0] + '}', both)})"
    return line


def card_text(card: CardIR, library: LibraryIR, reminder: bool = True,
              lines_of: dict[int, str] | None = None) -> str:
    """The card's full rules text, one ability per line; kicker lines of one card merge (702.33c).
    ``lines_of``, if given, receives each non-keyword ability's line by the ability's ``id`` (the
    renderer writes them into the ability classes: made once, not twice)."""
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
            nxt = abilities[i + 1] if i + 1 < len(abilities) else None
            # A keyword printed joined (702.33c: "Kicker [A] and/or [B]" means "Kicker [A], kicker [B]").
            if kw is not None and kw.joined_by and isinstance(nxt, KeywordUseIR) and nxt.name == ab.name \
                    and not nxt.joined and len(ab.args) == len(nxt.args) == 1:
                lines.append(_joined_line(ab, nxt, kw, reminder))
                i += 2
                continue
            if ab.joined == "and" and lines:
                # "protection from white and from blue": the keyword's name isn't repeated.
                lines[-1] = lines[-1] + " and " + keyword_line(ab, kw, False)[len(ab.name) + 1:]
            elif ab.joined and lines:
                lines[-1] = lines[-1] + f"{ab.joined} {keyword_line(ab, kw, False)[:1].lower()}{keyword_line(ab, kw, False)[1:]}"
            else:
                lines.append(keyword_line(ab, kw, reminder))
        else:
            shown = ab
            if not reminder and isinstance(ab, ConditionalKeywordIR):
                shown = dataclasses.replace(ab, reminder="")  # its keyword's reminder text, as a keyword line's
            lines.append(ability_text(card, shown))
            if lines_of is not None:
                lines_of[id(ab)] = lines[-1]
        i += 1
    return "\n".join(lines)

