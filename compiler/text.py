"""Rules text rendered from structure (the IR), in Oracle wording of 2019 ("enters the battlefield").

Keyword lines come from the keyword's name and arguments, with its reminder text filled in;
abilities and effects are phrased by small templates here.  A card's ``text`` override, where
present, replaces the rendered text and is counted by coverage as an escape hatch.
"""
from __future__ import annotations

import re

from .ir import (
    AbilityIR, ActivatedIR, AmountIR, AmplifyIR, AsTurnedFaceUpIR, CardCostIR, CardIR, EntersAsCopyIR, EntersTappedIR, UncounterableIR,
    ConditionIR, CostIR, EffectIR, EntersWithIR, FilterIR,
    KeywordIR, KeywordUseIR, LibraryIR, RefIR, SentenceIR, SpellIR, StaticIR, StaticPartIR, TargetIR, TriggeredIR,
)

NUMBER_TEXT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
               9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen",
               20: "twenty"}


def cost_text(c: CostIR, capital: bool = False, card: str = "this") -> str:
    """A cost as printed: "{1}{U}, Pay 3 life"."""
    if c.param:
        return "its " + c.param + " cost"
    parts: list[str] = []
    if c.mana:
        parts.append("".join(c.mana))
    if c.tap:
        parts.append("{T}")  # Oracle order: mana first, then {T} ("{1}{W}, {T}: ...")
    if c.life is not None:
        parts.append(f"Pay {c.life.words if c.life.kind != 'fixed' else c.life.value} life")
    if c.sacrifice is not None:
        n = c.sacrifice.count
        words = c.sacrifice.filter.words
        count = "a" if n.kind == "fixed" and n.value == 1 else n.words
        if words.startswith("another "):
            count = ""  # "Sacrifice another creature"
        elif count == "a" and words[:1] in "aeiou":
            count = "an"
        parts.append(" ".join(w for w in ("Sacrifice", count, words) if w))
    if c.discard:
        noun = c.discard_filter.words if c.discard_filter is not None else "card"
        if c.discard > 1 and not noun.endswith("s"):
            noun += "s"
        parts.append(f"Discard {NUMBER_TEXT.get(c.discard, str(c.discard))} {noun}")
    if c.sacrifice_this:
        parts.append(f"Sacrifice {card}")
    if c.exile_this:
        parts.append(f"Exile {card}")
    if c.reveal is not None:
        n = c.reveal.count
        count = "a" if n.kind == "fixed" and n.value == 1 else n.words
        if count == "a" and c.reveal.filter.words[:1] in "aeiou":
            count = "an"
        parts.append(f"Reveal {count} {c.reveal.filter.words} in your hand")
    if c.remove_counter:
        parts.append(f"Remove {counters_text(c.remove_count, c.remove_counter)} from {card}")
    if c.exile_from_hand is not None:
        n = c.exile_from_hand.count
        count = "a" if n.kind == "fixed" and n.value == 1 else n.words
        if count == "a" and c.exile_from_hand.filter.words[:1] in "aeiou":
            count = "an"
        parts.append(f"Exile {count} {c.exile_from_hand.filter.words} from your hand")
    if c.tap_permanents is not None:
        n = c.tap_permanents.count
        words = c.tap_permanents.filter.words
        # "Tap another untapped creature you control" has no article; "Tap an untapped ...".
        count = n.words if n.words not in ("a", "an") else ("an" if words[:1] in "aeiou" else "a")
        parts.append(" ".join(w for w in ("Tap", count, words) if w))
    if c.put_counters is not None:
        parts.append(f"Put {counters_text(c.put_counters[1], c.put_counters[0])} on {card}")
    return ", ".join(parts)


def _amount(a: AmountIR) -> str:
    if a.kind == "x":
        return "X"
    if a.kind in ("param", "counters_on_this", "event_amount"):
        return a.words
    return str(a.value)


def _count(n: int, noun: str) -> str:
    """"a card", "three cards"."""
    return f"a {noun}" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} {noun}s"


def counters_text(n: int, kind: str) -> str:
    """"a +1/+1 counter", "three fade counters"."""
    return f"a {kind} counter" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} {kind} counters"


def _signed(n: int, minus_zero: bool = False) -> str:
    """"+2", "-1", and "-0" where the script wrote it so ("gets -5/-0")."""
    if n == 0 and minus_zero:
        return "-0"
    return f"+{n}" if n >= 0 else str(n)


def static_parts_text(parts: tuple[StaticPartIR, ...], card: CardIR | None = None) -> str:
    """"gets +1/+1 and can't block"."""
    out: list[str] = []
    for p in parts:
        if p.kind == "gain_ability" and p.ability is not None and card is not None:
            # 613.1f: a quoted ability, with its own final period inside the quotes.
            out.append(f'has "{ability_text(card, p.ability)}"')
            continue
        if p.kind == "pt":
            pw = ("+X" if p.x_power > 0 else "-X") if p.x_power else _signed(p.power, "p" in p.minus_zero)
            tg = ("+X" if p.x_toughness > 0 else "-X") if p.x_toughness else _signed(p.toughness, "t" in p.minus_zero)
            per = f" for each {p.per_counter} counter on {card.name if card is not None else 'it'}" if p.per_counter else ""
            if p.per_filter is not None:
                per = f" for each {p.per_filter.words}"
            out.append(f"gets {'an additional ' if p.additional else ''}{pw}/{tg}{per}")
        elif p.kind == "color":
            out.append("is " + " and ".join(COLOR_WORDS[c] for c in p.colors))
        elif p.kind == "attack_despite":
            when = " this turn" if p.this_turn else ""
            out.append(f"can attack{when} as though it didn't have {p.keywords[0]}")
        elif p.kind in ("evasion", "block_only"):
            words = " or ".join(_plural_filter(f) for f in p.filters)
            out.append(("can't be blocked except by " if p.kind == "evasion" else "can block only ") + words)
        elif p.kind == "max_blockers":
            n = p.count
            many = "one" if n == 1 else NUMBER_TEXT.get(n, str(n))
            out.append(f"can't be blocked by more than {many} creature{'s' if n != 1 else ''}")
        elif p.kind == "min_blockers":
            out.append(f"can't be blocked except by {NUMBER_TEXT.get(p.count, str(p.count))} or more creatures")
        elif p.kind == "damage_steps":
            out.append("deals combat damage in the first " + ("and second combat damage steps" if p.regular
                                                               else "combat damage step"))
        elif p.kind in ("cant_be_blocked_by", "cant_be_targeted_by", "cant_be_attached_by", "prevent_damage_from"):
            q = p.quality or p.quality_param
            out.append({"cant_be_blocked_by": f"can't be blocked by {q} creatures",
                        "cant_be_targeted_by": f"can't be the target of spells or abilities from {q} sources",
                        "cant_be_attached_by": f"can't be enchanted or equipped by {q} permanents",
                        "prevent_damage_from": f"prevents all damage {q} sources would deal to it"}[p.kind])
        elif p.kind in ("has", "loses"):
            verb = "has" if p.kind == "has" else "loses"
            out.append(f"{verb} {' and '.join(p.keywords)}")
        elif p.kind == "has_at_mana_cost":
            out.append(f"has {p.keywords[0]}")  # its cost is a sentence of its own (mana_cost_sentences)
        else:
            out.append({"cant_attack": "can't attack", "cant_block": "can't block",
                        "cant_attack_or_block": "can't attack or block", "shroud": "can't be the target of spells or abilities",
                        "hexproof": "can't be the target of spells or abilities your opponents control",
                        "indestructible": "can't be destroyed", "cant_phase_out": "can't phase out",
                        "phasing": "phases in or out during your untap step",
                        "excess_to_player": "may assign excess combat damage to the player it's attacking",
                        "attacks_untapped": "doesn't tap to attack",
                        "lifelink_damage": "causes its controller to gain that much life when it deals damage",
                        "lethal_damage": "deals lethal damage in any amount",
                        "cant_activate": "has activated abilities that can't be activated",
                        "unblockable": "can't be blocked", "must_attack": "attacks each combat if able",
                        "must_block_each": "blocks each combat if able"}[p.kind])
    if len(out) > 2:
        return ", ".join(out[:-1]) + ", and " + out[-1]  # a list of three or more: serial comma
    return " and ".join(out)


def mana_cost_sentences(parts: tuple[StaticPartIR, ...]) -> str:
    """The sentences after one granting a keyword at the object's mana cost (702.1b): " The
    flashback cost is equal to its mana cost." (each with its period), or ""."""
    return "".join(f" The {p.keywords[0]} cost is equal to its mana cost." for p in parts
                   if p.kind == "has_at_mana_cost")


_PLURAL = {"gets": "get", "has": "have", "gains": "gain", "loses": "lose"}


def _plural_verbs(text: str) -> str:
    """Verbs of static parts for a plural subject: "gets +1/+1 and gains flying" -> "get ... gain ..."."""
    return re.sub(r"(^| and )(gets|has|gains|loses) ", lambda m: m.group(1) + _PLURAL[m.group(2)] + " ", text)


def _plural_filter(f: FilterIR) -> str:
    return f.words


_THAT = {"any": "that permanent or player", "player": "that player"}


class _Phrase:
    """Phrases the effects of one ability; remembers which targets were already named."""

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

    def effects(self, effects: tuple[EffectIR, ...], subject: str) -> list[str]:
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
        t = self.targets[index]
        if t.kind in _THAT:
            return _THAT[t.kind]
        if t.zone == "graveyard":
            return "that card"  # a card in a graveyard is a card, whatever its types (109.2)
        noun = (t.filter.types or t.filter.subtypes or (t.filter.kind,))[0] or "permanent"
        return f"that {noun}"

    def player_words(self, p: RefIR) -> str:
        """A player reference in words ("you", "target opponent", "each player"); names a target slot."""
        if p.kind == "player_slot":
            self.named.add(p.index)
        return p.words

    def ref(self, r: RefIR, subject: bool = False) -> str:
        if r.kind == "slot":
            if r.index in self.named:
                # Named again: "it" as the subject of a sentence, "that creature" elsewhere; written
                # "that creature", it prints so.
                if r.words.startswith("that ") and r.words != "that card":
                    return r.words
                return "it" if subject and not self.replacing else self.that(r.index)
            self.named.add(r.index)
            return r.words
        if r.kind == "this":
            return "it" if r.words == "it" else self.this_name()
        return r.words or "it"

    def effect(self, e: EffectIR, subject: str) -> str:
        a = dict(e.args)
        k = e.kind
        if k == "divided_damage":
            amt = a["amount"]
            assert isinstance(amt, AmountIR)
            return f"{subject} deals {_amount(amt)} damage divided as you choose among any number of targets"
        if k == "cant_cast_same_name":
            p, named = a["player"], a["named"]
            assert isinstance(p, RefIR) and isinstance(named, RefIR)
            return (f"{self.player_words(p)} can't cast spells with the same name as {self.ref(named)} "
                    "until your next turn")
        if k == "divided_evenly":
            amt = a["amount"]
            assert isinstance(amt, AmountIR)
            return f"{subject} deals {_amount(amt)} damage divided evenly, rounded down, among any number of targets"
        if k == "damage":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            also = a.get("also")
            to = self.ref(ref) + (f" and {self.ref(also)}" if isinstance(also, RefIR) else "")
            if a.get("named"):
                subject = self.this_name()
            if a.get("equal_to"):
                return f"{subject} deals damage equal to {_amount(amt)} to {to}"
            return f"{subject} deals {_amount(amt)} damage to {to}"
        if k == "choose_among":
            p, options = a["player"], a["options"]
            assert isinstance(p, RefIR) and isinstance(options, tuple)
            kinds = [f.words for f in options if isinstance(f, FilterIR)]
            listed = f"{kinds[0]} or {kinds[1]}" if len(kinds) == 2 else ", ".join(kinds[:-1]) + f", or {kinds[-1]}"
            return f"{self.player_words(p)} chooses {listed}" if p.kind != "you" else f"choose {listed}"
        if k == "extra_turn":
            p = a["player"]
            assert isinstance(p, RefIR)
            if p.kind == "you":
                return "take an extra turn after this one"
            return f"{self.player_words(p)} takes an extra turn after this one"
        if k in ("gain_life", "lose_life", "draw"):
            p, amt = a["player"], a["amount"]
            assert isinstance(p, RefIR) and isinstance(amt, AmountIR)
            third = p.kind != "you"
            who = self.player_words(p)
            if k == "draw":
                n = amt.value
                obj = "a card" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} cards"
                if amt.kind != "fixed":
                    obj = f"{_amount(amt)} cards"  # "draw that many cards", "draw X cards"
                return f"{who} draws {obj}" if third else f"draw {obj}"
            verb = ("gains" if third else "gain") if k == "gain_life" else ("loses" if third else "lose")
            if amt.kind == "power_of":
                return f"{who} {verb} life equal to {amt.words}"
            if amt.kind == "count":  # "you gain 2 life for each creature card in your graveyard"
                return f"{who} {verb} {amt.value} life {amt.words}"
            return f"{who} {verb} {_amount(amt)} life{_per_time(amt)}"
        if k == "destroy":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            out = f"destroy {self.ref(ref)}"
            if a.get("no_regeneration"):
                that = str(a.get("no_regen_words") or "it")
                out += f". {that[:1].upper()}{that[1:]} can't be regenerated"
            return out
        if k in ("exile", "counter_spell"):
            ref = a["target"]
            assert isinstance(ref, RefIR)
            verb = "exile" if k == "exile" else "counter"
            whose = a.get("from")
            tail = f" from {whose} graveyard" if whose else ""
            also = a.get("also")
            if isinstance(also, RefIR):
                tail += f" and {self.ref(also)}"
            amt = a.get("amount")
            if isinstance(amt, AmountIR):
                many = counters_text(amt.value, str(a['counter'])) if amt.kind == "fixed" else \
                    f"{_amount(amt)} {a['counter']} counters"
                tail += f" with {many} on it"
            return f"{verb} {self.ref(ref)}{tail}"
        if k == "return_from_graveyard":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            to = "your hand" if a["to"] == "hand" else "the battlefield"
            if a.get("mine"):
                to += " under your control"
            if a.get("zone") == "exile":
                return f"return {self.ref(ref)} to {to}"
            return f"return {self.ref(ref)} from {a['from']} graveyard to {to}"
        if k == "put_counters":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            what = counters_text(amt.value, str(a["counter"]))
            if amt.kind == "x":
                what = f"X {a['counter']} counters"
            return f"put {what} on {self.ref(ref)}"
        if k == "action":
            if a.get("numbered"):  # "scry 2" (701.18a)
                cnt = a["count"]
                assert isinstance(cnt, AmountIR)
                return f"{a['action']} {cnt.words if cnt.kind != 'fixed' else cnt.value}"
            if a.get("top_card"):
                p = a["player"]
                assert isinstance(p, RefIR)
                if a.get("their"):  # "its controller manifests the top card of their library"
                    return f"{self.player_words(p)} {a['action']}s the top card of their library"
                whose = "your" if p.kind == "you" else "target player's"
                cnt = a.get("count")
                if isinstance(cnt, AmountIR):
                    return f"{a['action']} the top {NUMBER_TEXT.get(cnt.value, str(cnt.value))} cards of {whose} library"
                return f"{a['action']} the top card of {whose} library"
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
            # Ending its sentence ("... and put it onto the battlefield. Then shuffle your library.")
            # the search joins its verbs with "and"; in a list of instructions, with commas.
            last = self.last_of_sentence
            joiner = " and" if last else ","
            if a.get("reveal"):
                # 701.16a: "..., reveal it, and put it into your hand." / "..., reveal it, put it ..."
                found += ", reveal it"
                joiner = ", and" if last else ","
            if a.get("that_card"):
                return f"search your library for {found}{joiner} put that card {dest}{tapped}"
            if a.get("those_cards"):
                return f"search your library for {found}{joiner} put those cards {dest}{tapped}"
            return f"search your library for {found}{joiner} put {'it' if n == 1 else 'them'} {dest}{tapped}"
        if k == "create_tokens":
            cnt = a["count"]
            assert isinstance(cnt, AmountIR)
            color_words = " ".join(COLOR_WORDS[c] for c in _strs(a["colors"])) or "colorless"
            subtypes = " ".join(_strs(a["subtypes"]))
            types = " ".join(_strs(a["types"]))
            plural = not (cnt.kind == "fixed" and cnt.value == 1)
            count_word = "X" if cnt.kind == "x" else ("a" if not plural else NUMBER_TEXT.get(cnt.value, str(cnt.value)))
            if cnt.kind == "event_amount":
                count_word = cnt.words  # "create that many ... tokens
            kws = _strs(a["keywords"])
            with_ = f" with {' and '.join(kws)}" if kws else ""
            if cnt.kind == "counters_on_this":
                plural, count_word = False, "a"
                with_ += f" {cnt.words}"
            if cnt.kind == "times_paid":
                plural = cnt.value != 1
                count_word = "a" if not plural else NUMBER_TEXT.get(cnt.value, str(cnt.value))
                with_ += _per_time(cnt)
            tapped = "tapped" if a.get("tapped") else ""
            words = " ".join(w for w in (count_word, tapped, f"{a['power']}/{a['toughness']}", color_words, subtypes, types)
                             if w)
            same = tuple(v for key, v in e.args if key != "count")
            if self.replacing and same == self.last_tokens and plural:
                return f"create {count_word} of those tokens"  # the same tokens, another number
            self.last_tokens = same
            named = f" named {a['name']}" if a.get("named") else ""
            return f"create {words} token{'s' if plural else ''}{with_}{named}"
        if k == "discard":
            amt, p = a["amount"], a["player"]
            assert isinstance(amt, AmountIR) and isinstance(p, RefIR)
            if a.get("implicit"):
                return f"discards {_count(amt.value, 'card')}"  # the player named just before
            tail = (" at random" if a.get("at_random") else "") + _per_time(amt)
            if p.kind != "you":
                return f"{self.player_words(p)} discards {_count(amt.value, 'card')}{tail}"
            return f"discard {_count(amt.value, 'card')}{tail}"
        if k == "mill":
            amt = a["amount"]
            assert isinstance(amt, AmountIR)
            n = amt.value
            top = "the top card" if n == 1 else f"the top {NUMBER_TEXT.get(n, str(n))} cards"
            if amt.kind == "x":
                top = "the top X cards"
            if a.get("their"):
                p = a["player"]
                assert isinstance(p, RefIR)
                return f"{self.player_words(p)} puts {top} of their library into their graveyard"
            return f"put {top} of your library into your graveyard"
        if k == "remove_counters":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            what = counters_text(amt.value, str(a["counter"]))
            return f"remove {what} from {self.ref(ref)}"
        if k == "sacrifice":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            unless = a["unless"]
            tail = f" unless you pay {cost_text(unless)}" if isinstance(unless, CostIR) else ""
            return f"sacrifice {self.ref(ref)}{tail}"
        if k == "attach":  # 701.3a
            ref = a["target"]
            assert isinstance(ref, RefIR)
            return f"attach {self.this_name()} to {self.ref(ref)}"
        if k == "tap_or_untap":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            return f"tap or untap {self.ref(ref)}"
        if k in ("untap", "tap", "bounce", "must_block", "regenerate"):
            ref = a["target"]
            assert isinstance(ref, RefIR)
            if k == "bounce":
                whose = "your" if a.get("yours") else "its owner's"
                return f"return {self.ref(ref)} to {whose} hand"
            if k == "must_block":
                return f"{self.ref(ref, True)} blocks this creature this combat if able"
            return f"{k} {self.ref(ref)}"
        if k == "gain_control":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            tail = {"eot": " until end of turn", "next_upkeep": " until your next upkeep"}.get(str(a["duration"]), "")
            return f"gain control of {self.ref(ref)}{tail}"
        if k == "continuous":
            ref, raw = a["target"], a["parts"]
            assert isinstance(ref, RefIR) and isinstance(raw, tuple)
            also = a.get("also")
            if isinstance(also, RefIR):
                # "Target creature and all other creatures with the same name as that creature get ...".
                first = self.ref(ref, True)
                ref = RefIR("each", words=f"{first} and {self.ref(also)}")
            parts = tuple(p for p in raw if isinstance(p, StaticPartIR))
            text = static_parts_text(parts, self.card).replace("has ", "gains ", 1) if parts and \
                parts[0].kind == "gain_ability" else static_parts_text(parts, self.card).replace("has ", "gains ")
            # 613.1e: an effect's color change reads "becomes black" (a static ability's, "is black").
            text = re.sub(r"(^|, |and )is (white|blue|black|red|green)\b", r"\1becomes \2", text)
            if ref.kind == "each" and not ref.words.startswith("each "):
                text = _plural_verbs(text)  # "creatures you control get +1/+1"
                text = text.replace(" as though it didn't", " as though they didn't")
            tail_parts = tuple(p for p in _tuple(a.get("tail")) if isinstance(p, StaticPartIR))
            tail = f" and {static_parts_text(tail_parts)}" if tail_parts else ""
            if any(p.kind == "has_at_mana_cost" for p in parts):
                # 702.1b: "... gains flashback until end of turn. The flashback cost is equal to its
                # mana cost" (the sentence's own period ends the last one).
                return f"{self.ref(ref, True)} {text} until end of turn.{mana_cost_sentences(parts)[:-1]}"
            if a["duration"] == "next_upkeep":
                return f"until your next upkeep, {self.ref(ref)} {text}"
            if a["duration"] == "control":
                return f"{self.ref(ref, True)} {text} until you lose control of it"
            if a.get("lead", any(p.kind == "loses" for p in parts)):
                return f"until end of turn, {self.ref(ref, True)} {text}"
            if a.get("written") is False:  # "can attack this turn as though ...": its own duration
                return f"{self.ref(ref, True)} {text}"
            if a.get("this_turn"):
                return f"{self.ref(ref, True)} {text} this turn{tail}"
            return f"{self.ref(ref, True)} {text} until end of turn{tail}"
        if k == "return_all_from_graveyards":
            f = a["filter"]
            assert isinstance(f, FilterIR)
            return f"return all {f.words} from all graveyards to their owners' hands"
        if k == "no_untap":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            if ref.words.startswith("those ") or (ref.kind == "each" and not ref.words.startswith("each ")):
                return f"{self.ref(ref, True)} don't untap during their controller's next untap step"
            return f"{self.ref(ref, True)} doesn't untap during its controller's next untap step"
        if k == "phase_out":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            plural = ref.kind == "each" and not ref.words.startswith("each ")
            return f"{self.ref(ref, True)} {'phase' if plural else 'phases'} out"
        if k == "no_regen_turn":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            return f"{self.ref(ref, True)} can't be regenerated this turn"
        if k == "prevent":
            amt, ref = a["amount"], a["target"]
            assert isinstance(amt, AmountIR) and isinstance(ref, RefIR)
            return f"prevent the next {_amount(amt)} damage that would be dealt to {self.ref(ref)} this turn"
        if k == "add_mana":
            if a.get("any_color"):
                return "add one mana of any color"
            choices = _strs(a.get("choices"))
            if len(choices) == 2:
                return f"add {choices[0]} or {choices[1]}"
            if choices:
                return f"add {', '.join(choices[:-1])}, or {choices[-1]}"
            return f"add {''.join(_strs(a['mana']))}"
        if k == "counter_unless":
            ref, unless, per = a["target"], a["unless"], a["per"]
            assert isinstance(ref, RefIR) and isinstance(unless, CostIR)
            tail = f" {per.words}" if isinstance(per, AmountIR) else ""
            return f"counter {self.ref(ref)} unless its controller pays {cost_text(unless)}{tail}"
        if k == "player_sacrifices":
            p, amt, f = a["player"], a["amount"], a["filter"]
            assert isinstance(p, RefIR) and isinstance(amt, AmountIR) and isinstance(f, FilterIR)
            third = p.kind != "you"
            article = "a" if amt.kind == "fixed" and amt.value == 1 else _amount(amt)
            if article == "a" and f.words[:1] in "aeiou":
                article = "an"
            return f"{self.player_words(p) + ' sacrifices' if third else 'sacrifice'} {article} {f.words}"
        if k == "put_into":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            if a["zone"] == "graveyard":
                return f"put {self.ref(ref)} into your graveyard"
            src = " from your graveyard" if a.get("from_graveyard") else ""
            face = {"yes": " face down", "choice": " face up or face down"}.get(str(a["face_down"]), "")
            mine = " under your control" if a.get("mine") else " under its owner's control" if a.get("owners") else ""
            return f"return {self.ref(ref)}{src} to the battlefield{face}{mine}"
        if k == "put_on_library":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            whose = a.get("from")
            src = f" from {whose} graveyard" if whose else ""
            where = "on top" if a.get("top") else "on the bottom"
            return f"put {self.ref(ref)}{src} {where} of its owner's library"
        if k == "exile_top":
            p = a["player"]
            whose = "your" if isinstance(p, RefIR) and p.kind == "you" else "target player's"
            return f"exile the top card of {whose} library"
        if k == "may_play":
            return "until end of turn, you may play that card"
        if k == "cast_this":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            if not a["label"]:
                return f"cast {self.ref(ref)} without paying its mana cost"
            return f"cast {self.ref(ref)} for its {a['label']} cost"
        if k == "copy_spell":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            tail = ". You may choose new targets for the copy" if a.get("new_targets") else ""
            return f"copy {self.ref(ref)}{tail}"
        if k == "token_copy":
            ref = a["target"]
            assert isinstance(ref, RefIR)
            return f"create a token that's a copy of {self.ref(ref)}"
        if k == "pay":
            cost = a["cost"]
            assert isinstance(cost, CostIR)
            words = cost_text(cost, card=self.card.name)
            return "pay " + words[:1].lower() + words[1:]
        if k == "may":
            inner = a["effect"]
            assert isinstance(inner, EffectIR)
            return "you may " + self.effect(inner, subject)
        if k == "put_from_hand":
            f = a["filter"]
            assert isinstance(f, FilterIR)
            article = "an" if f.words[:1] in "aeiou" else "a"
            return f"put {article} {f.words} from your hand onto the battlefield"
        if k == "delayed":
            inner = a["effect"]
            assert isinstance(inner, EffectIR)
            if a["step"] == "end_combat":
                return f"{self.effect(inner, subject)} at end of combat"
            return f"{self.effect(inner, subject)} at the beginning of the next {a['step']} step"
        return k


def _tuple(v: object) -> tuple[object, ...]:
    """A tuple-valued effect argument (or nothing)."""
    return v if isinstance(v, tuple) else ()


def _strs(v: object) -> tuple[str, ...]:
    """The strings of a tuple-valued effect argument."""
    return tuple(x for x in v if isinstance(x, str)) if isinstance(v, tuple) else ()


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _condition(c: ConditionIR, spell: bool, card: str = "it") -> str:
    if c.kind == "graveyard":
        return f"if {NUMBER_TEXT.get(c.count, str(c.count))} or more cards are in your graveyard"
    if c.kind == "control_since":
        return f"if {card} came under your control since the beginning of your last upkeep"
    if c.kind == "result":
        return "if you do" if c.did else f"if you {c.word or 'can' + chr(39) + 't'}"
    if c.kind == "has_keyword":
        return f"if it has {c.keyword}"
    if c.kind == "cast_in_main":
        return "if you cast this spell during your main phase"
    if c.kind == "cast_from":
        return f"if this spell was cast from {c.word} {c.zone}"
    if c.kind == "defending_controls" and c.filter is not None:
        noun = c.filter.words
        return f"if defending player controls {'an' if noun[:1] in 'aeiouAEIOU' else 'a'} {noun}"
    if c.kind == "permanent_left":
        return "if a permanent you controlled left the battlefield this turn"
    if c.kind == "mana_value":
        if c.its:
            return f"if its converted mana cost is {c.count} or {c.word}"
        return f"if it has converted mana cost {c.count} or {c.word}"
    if c.kind == "control":
        things = [f"{'an' if f.words[:1] in 'aeiouAEIOU' else 'a'} {f.words}" for f in c.filters]
        return "if you control " + " or ".join(things)
    if c.kind == "empty_hand":
        return "if you have no cards in hand"
    if c.kind == "total_power":
        return f"if creatures you control have total power {c.count} or greater"
    if c.kind == "sorcery_timing":
        return "any time you could cast a sorcery"
    if c.kind == "cast_timing":
        return "any time you could cast it"
    if c.kind == "it_is" and c.filter is not None:
        return f"if it's {'an' if c.filter.words[:1] in 'aeiou' else 'a'} {c.filter.words}"
    if c.kind == "counters":
        n = "a" if c.count == 1 and not c.keyword else NUMBER_TEXT.get(c.count, str(c.count))
        more = " or more" if c.keyword else ""
        return f"if it has {n}{more} {c.word} counter{'s' if c.count != 1 or c.keyword else ''} on it"
    who = "it" if c.subject is not None or not spell else "this spell"
    if c.that_spell:
        who = "that spell"
    text = f"if {who} {'wasn' + chr(39) + 't' if c.negated else 'was'} {c.word}"
    if c.linked_cost:
        text += f" with its {''.join(c.linked_cost)} {c.keyword}"
    return text


def _per_time(a: AmountIR) -> str:
    """"for each time it was kicked" after an amount multiplied by the times a cost was paid."""
    return f" for each time it was {a.words}" if a.kind == "times_paid" else ""


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _join(parts: list[str]) -> str:
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + ", then " + parts[-1]
    return parts[0] if parts else ""


def _join_s(s: SentenceIR, parts: list[str]) -> str:
    """A sentence's instructions joined as printed: "A, then B", or "A and B" (``and_last``)."""
    if s.and_last and len(parts) > 1:
        return _join(parts[:-1]) + " and " + parts[-1]
    return _join(parts)


def sentence_bodies(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                    subject: str, spell: bool) -> list[str]:
    """Each sentence phrased, uncapitalized, without its final period."""
    ph = _Phrase(card, subject, targets)
    out: list[str] = []
    for s in sents:
        if s.condition is not None and s.instead and s.instead_last:
            # "If this spell was kicked, that creature gets +4/+4 until end of turn instead": printed at
            # the end, with an object named again as "that creature" even as the subject.
            ph.replacing = True
            body = _join_s(s, [ph.effect(e, "it") for e in s.effects])
            ph.replacing = False
            if s.gate is not None:
                body += " " + _condition(s.gate, spell)
            body = f"{_condition(s.condition, spell)}, {body} instead"
        elif s.gate is not None and s.condition is not None and s.instead:
            # "Destroy that creature if it has ... instead if ...": the gate, then the condition.
            body = _join_s(s, [ph.effect(e, subject) for e in s.effects])
            body = f"{body} {_condition(s.gate, spell)} instead {_condition(s.condition, spell)}"
        elif s.condition is not None and s.instead and s.instead_if:
            # "Add {B}{B}{B}{B}{B} instead if seven or more cards are in your graveyard."
            body = f"{_join_s(s, [ph.effect(e, subject) for e in s.effects])} instead {_condition(s.condition, spell)}"
        elif s.condition is not None and s.instead:
            # An effect with a subject ("it deals 4 damage ...") takes "instead" at the end (608.2c);
            # an imperative ("search ...") takes it first.
            parts = ph.effects(s.effects, "it")
            body = _join_s(s, parts)
            if body.startswith(("it ", "that ")):
                body = f"{_condition(s.condition, spell)}, {body} instead"
            else:
                body = f"{_condition(s.condition, spell)}, instead {body}"
        else:
            parts = ph.effects(s.effects, subject)
            body = _join_s(s, parts)
            if s.may:
                # "you may gain 1 life", not "you may you gain 1 life" (608.2d).
                body = "you may " + (body[len("you "):] if body.startswith("you ") else body)
            if s.condition is not None:
                if s.condition.subject is not None or s.condition_after:
                    body = f"{body} {_condition(s.condition, spell)}"
                else:
                    body = f"{_condition(s.condition, spell)}, {body}"
            if s.then:
                body = "then " + body  # "Then if it wasn't kicked, discard three cards."
        out.append(body)
    return out


def sentences_text(card: CardIR, sents: tuple[SentenceIR, ...], targets: tuple[TargetIR, ...],
                   subject: str, spell: bool) -> str:
    """Phrase a sequence of sentences as printed text."""
    # A sentence ending in a quoted ability ends with the quote's own period (613.1f wording).
    out = ""
    for s, b in zip(sents, sentence_bodies(card, sents, targets, subject, spell)):
        line = _cap(b) + ("" if b.endswith('."') else ".")
        if s.ability_word and out:
            out += f"\n{s.ability_word.capitalize()} \u2014 {line}"  # 207.2c: a new paragraph
        elif s.ability_word:
            out = f"{s.ability_word.capitalize()} \u2014 {line}"  # the spell's first paragraph is labelled
        else:
            out += (" " if out else "") + line
    return out


def keyword_line(use: KeywordUseIR, kw: KeywordIR | None, reminder: bool) -> str:
    """A keyword line: "Kicker {2}", "Flashback—{1}{U}, Pay 3 life", with reminder text if asked."""
    args: list[str] = []
    kinds = [k for _, k in kw.params] if kw is not None else []
    for i, a in enumerate(use.args):
        # 702.16a: a quality argument prints with its "from" ("Protection from black").
        quality = i < len(kinds) and kinds[i] == "quality"
        onto = i < len(kinds) and kinds[i] == "subtype"  # "Splice onto Arcane" (702.47a)
        args.append(f"from {a}" if quality else f"onto {a}" if onto else
                    str(a) if isinstance(a, (int, str)) else cost_text(a))
    line = use.name
    if args:
        only_mana = all(isinstance(a, (int, str)) or (not a.tap and a.life is None and a.sacrifice is None and not a.discard
                                                       and a.reveal is None and a.tap_permanents is None and a.put_counters is None)
                        for a in use.args)
        if len(args) == 2 and kinds == ["number", "cost"]:
            # "Suspend 4—{U}" (702.62a): a number and then a cost are printed joined by an em dash.
            line += f" {args[0]}\u2014{args[1]}"
        else:
            line += (" " + " ".join(args)) if only_mana else ("\u2014" + " ".join(args) + ".")
    if reminder and kw is not None and kw.reminder:
        text = kw.reminder
        for (pname, _), a in zip(kw.params, use.args):
            text = text.replace("{" + pname + "}", str(a) if isinstance(a, (int, str)) else cost_text(a))
        line += f" ({text})"
    return line


def _trigger_head(card: CardIR, ab: TriggeredIR) -> str:
    t = ab.trigger
    # "this creature" (in a quoted, granted ability) stays as written; "this" is the card's name.
    head = t.words if " this creature " in t.words else t.words.replace(" this ", f" {card.name} ")
    if t.events == ("beginning",):
        head = f"at the beginning of {t.whose} {'upkeep' if t.step == 'upkeep' else t.step + ' step'}"
    return _cap(head)


def ability_text(card: CardIR, ab: AbilityIR) -> str:
    """The rules text of one non-keyword ability (with its ability word, 207.2c)."""
    text = _ability_body(card, ab)
    word = getattr(ab, "ability_word", "")
    return f"{word.capitalize()} \u2014 {text}" if word else text


def _ability_body(card: CardIR, ab: AbilityIR) -> str:
    if isinstance(ab, SpellIR):
        if ab.modes:
            # 700.2: "Choose one —" and a bullet per mode.
            count = {1: "one", 2: "two", 3: "three"}.get(ab.choose, str(ab.choose))
            bullets = [sentences_text(card, mode, ab.targets, card.name, True) for mode in ab.modes]
            return f"Choose {count} \u2014\n" + "\n".join(f"\u2022 {b}" for b in bullets)
        return sentences_text(card, ab.sentences, ab.targets, card.name, True)
    if isinstance(ab, TriggeredIR):
        head = _trigger_head(card, ab)
        if ab.condition is not None:
            head += ", " + _condition(ab.condition, False, card.name)
        # "When Keldon Champion enters ..., it deals 3 damage": a trigger that names the card refers
        # to it as "it"; one on another event ("Whenever you cast ...") names the card.
        subject = "it" if re.search(r"\bthis\b", ab.trigger.words) else card.name
        bodies = sentence_bodies(card, ab.sentences, ab.targets, subject, False)
        rest = "".join(" " + _cap(b) + "." for b in bodies[1:])
        return f"{head}, {bodies[0] if bodies else ''}.{rest}"
    if isinstance(ab, ActivatedIR):
        # Once the cost has named the card ("Sacrifice Tinder Wall"), the effect calls it "it".
        subject = "it" if ab.cost.sacrifice_this or ab.cost.exile_this else card.name
        text = f"{cost_text(ab.cost, card=card.name)}: {sentences_text(card, ab.sentences, ab.targets, subject, False)}"
        if ab.restriction is not None:
            text += " Activate this ability only " + _condition(ab.restriction, False, card.name) + "."
        if ab.once_per_turn:
            text += " Activate this ability only once each turn."
        return f"({text})" if ab.intrinsic else text
    if isinstance(ab, EntersTappedIR):
        return f"{card.name} enters the battlefield tapped."
    if isinstance(ab, AsTurnedFaceUpIR):
        return f"As {card.name} is turned face up, put {counters_text(ab.amount.value, ab.counter)} on it."
    if isinstance(ab, UncounterableIR):
        return "This spell can't be countered."
    if isinstance(ab, EntersAsCopyIR):
        f = ab.filter.words
        return f"You may have {card.name} enter the battlefield as a copy of any {f} on the battlefield."
    if isinstance(ab, (EntersWithIR, AmplifyIR)):
        n = ab.amount
        if isinstance(ab, AmplifyIR):
            return (f"As {card.name} enters the battlefield, reveal any number of cards from your hand that share "
                    f"a creature type with it. It enters with {_amount(n)} {ab.counter} counters for each card revealed.")
        if n.kind == "times_paid":
            return f"{card.name} enters the battlefield with a {ab.counter} counter on it for each time it was {n.words}."
        what = counters_text(n.value, ab.counter)
        if n.kind == "x":
            what = f"X {ab.counter} counters"
        if n.kind == "param":
            what = f"{n.words} {ab.counter} counters"
        if ab.condition is not None:
            # "If Academy Drake was kicked, it enters ...": the card is named, then called "it".
            cond = _condition(ab.condition, False, card.name)
            if ab.condition.kind == "paid" and ab.condition.subject is None:
                cond = cond.replace("if it was", f"if {card.name} was", 1)
            with_ = "".join(f" and with {k}" for k in ab.keywords)
            return f"{_cap(cond)}, it enters the battlefield with {what} on it{with_}."
        return f"{card.name} enters the battlefield with {what} on it."
    if isinstance(ab, CardCostIR):
        cost = cost_text(ab.cost, card=card.name)
        if ab.kind == "per_extra_target":
            return f"This spell costs {cost} more to cast for each target beyond the first."
        if ab.kind == "alternative":
            # 118.9: "You may pay 1 life and exile a blue card from your hand rather than pay ..."
            words = " and ".join(p[:1].lower() + p[1:] for p in cost.split(", "))
            return f"You may {words} rather than pay this spell's mana cost."
        return f"As an additional cost to cast this spell, {cost[:1].lower()}{cost[1:]}."
    if isinstance(ab, StaticIR):
        if [p.kind for p in ab.parts] == ["prevent_damage_by"]:
            return f"Prevent all damage that would be dealt to {card.name} by {ab.parts[0].filters[0].words}."
        if [p.kind for p in ab.parts] == ["cost_reduction"]:
            p = ab.parts[0]
            spells = ' and '.join(f.words for f in p.filters)
            if ab.zones:
                # 113.6b: "As long as The Ur-Dragon is in the command zone or on the battlefield, ..."
                places = " or ".join("in the command zone" if z == "command" else "on the battlefield" for z in ab.zones)
                return f"As long as {card.name} is {places}, {spells} you cast cost {{{p.count}}} less to cast."
            return f"{_cap(spells)} you cast cost {{{p.count}}} less to cast."
        if [p.kind for p in ab.parts] == ["cant_search"]:
            who = "Your opponents" if ab.parts[0].keywords[0] == "opponents" else "Players"
            return f"{who} can't search libraries."
        if [p.kind for p in ab.parts] == ["skip_extra_turns"]:
            who = "an opponent" if ab.parts[0].keywords[0] == "opponents" else "a player"
            return f"If {who} would begin an extra turn, that player skips that turn instead."
        if [p.kind for p in ab.parts] == ["extra_land"]:
            k = ab.parts[0].count
            many = "an additional land" if k == 1 else f"{NUMBER_TEXT.get(k, str(k))} additional lands"
            return f"You may play {many} on each of your turns."
        if [p.kind for p in ab.parts] == ["top_revealed"]:
            return "Play with the top card of your library revealed."
        if [p.kind for p in ab.parts] == ["play_top"]:
            p = ab.parts[0]
            cond = ""
            if p.filters:
                words = p.filters[0].words
                cond = f" if it's {'an' if words[:1] in 'aeiou' else 'a'} {words}"
            return f"You may {p.keywords[0]} the top card of your library{cond}."
        if [p.kind for p in ab.parts] == ["hand_size"]:
            k = ab.parts[0].count
            return f"Your maximum hand size is increased by {'one' if k == 1 else NUMBER_TEXT.get(k, str(k))}."
        if [p.kind for p in ab.parts] == ["set_pt"]:
            p = ab.parts[0]
            assert p.amount is not None
            which = {"both": "power and toughness are each", "power": "power is", "toughness": "toughness is"}
            return f"{card.name}'s {which[p.keywords[0]]} equal to {p.amount.words}."
        body = static_parts_text(ab.parts, card)
        if ab.affected is not None and [p.kind for p in ab.parts] == ["cant_activate"]:
            return f"Activated abilities of {ab.affected.words} can't be activated."
        subject = f"{ab.host_word} {ab.enchanted}" if ab.enchanted else card.name
        if ab.cards and ab.affected is not None and ab.condition is None:
            # 611.3a: "Each Vampire creature card you own that isn't on the battlefield has madness."
            return f"{_cap(ab.affected.words)} {body}.{mana_cost_sentences(ab.parts)}"
        if ab.affected is not None:
            # "White creatures get +1/+1": the plural subject takes the plural verb.
            body = _plural_verbs(body.replace(", is ", ", are ").replace(", has ", ", have "))
            body = body.replace(" as though it didn't", " as though they didn't")
            subject = ab.affected.words
        # A quoted ability ends with its own period inside the quotes (613.1f wording).
        end = "" if body.endswith('."') else "."
        if ab.condition is None:
            return f"{_cap(subject)} {body}{end}"
        cond = _condition(ab.condition, False, card.name)[len("if "):]
        if ab.condition_first:
            return f"As long as {cond}, {subject} {body}{end}"
        return f"{_cap(subject)} {body} as long as {cond}."
    return ""


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
            lines.append(ability_text(card, ab))
            if lines_of is not None:
                lines_of[id(ab)] = lines[-1]
        i += 1
    return "\n".join(lines)

