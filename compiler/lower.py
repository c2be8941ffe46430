"""Lowering: textX models to IR, checking as it goes.

``lower_keyword_file`` turns a keyword file into :class:`KeywordFileIR`; ``lower_card_file``
turns a card file into :class:`CardIR`, resolving keyword names, condition words, linked costs,
counter kinds and subtypes against the library.  All problems are collected, not just the first.
"""
from __future__ import annotations

import keyword as pykeyword
import re
from typing import Any

from dsl.checks import Checker
from dsl.diagnostics import Diagnostic
from dsl.metamodel import location, parse_text
from dsl.strings import unescape

from .ir import (
    AbilityIR, ActionIR, ActivatedIR, AmountIR, CardIR, ConditionIR, CostIR, CounterIR, EffectIR, EntersWithIR,
    FilterIR, KeywordFileIR, KeywordIR, KeywordPartIR, KeywordUseIR, LandTypeIR, LibraryIR, RefIR, SacrificeIR,
    SentenceIR, SpellIR, TargetIR, TriggeredIR,
)

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def cname(node: Any) -> str:
    """The grammar rule name of a model node."""
    return type(node).__name__


def identifier(text: str, prefix: str = "") -> str:
    """A validated Python identifier made from ``text`` (letters, digits, underscores only)."""
    words = re.findall(r"[A-Za-z0-9]+", text)
    ident = prefix + "".join(w[:1].upper() + w[1:] for w in words)
    if not ident or ident[0].isdigit():
        ident = "C" + ident
    if not _IDENT.match(ident) or pykeyword.iskeyword(ident):
        raise ValueError(f"cannot make an identifier from {text!r}")
    return ident


def module_name(text: str) -> str:
    """A validated module name (snake case, ASCII) made from a card or file name."""
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "card"
    if slug[0].isdigit():
        slug = "c_" + slug
    if pykeyword.iskeyword(slug):
        slug += "_"
    assert _IDENT.match(slug)
    return slug


# ------------------------------------------------------------------ keyword library


def lower_keyword_file(text: str, path: str, module: str) -> tuple[KeywordFileIR | None, list[Diagnostic]]:
    """Parse and lower one keyword file."""
    model, diags = parse_text(text, path)
    if model is None:
        return None, diags
    ck = Checker(path)
    keywords: list[KeywordIR] = []
    actions: list[ActionIR] = []
    counters: list[CounterIR] = []
    land_types: list[LandTypeIR] = []
    for item in model.items:
        kind = cname(item)
        if kind == "LandTypeDef":
            low = CardLowering(ck, LibraryIR(()), item)
            cost = _cost(ck, item.cost)
            sents = low.sentences(item.sentences)
            if low.targets or not all(e.kind == "add_mana" for s in sents for e in s.effects):
                ck.error(item, "a land type's ability must be a mana ability without targets (305.6)")
            land_types.append(LandTypeIR(ck.subtype(item, item.name), item.rule,
                                         ActivatedIR(cost, (), sents, True, intrinsic=True)))
        elif kind == "CardDef":
            ck.error(item, "card definitions belong in their own .card file, not in a keyword file")
        elif kind == "CounterDef":
            counters.append(CounterIR(item.name, item.rule or ""))
        elif kind == "ActionDef":
            steps = []
            for st in item.steps:
                steps.append({"FindStep": ("find", bool(getattr(st, "mayfail", False))), "MoveStep": ("move", False),
                              "RandomizeStep": ("randomize", False)}[cname(st)])
            actions.append(ActionIR(item.name, identifier(item.name, "Action"), module, item.rule, unescape(item.text),
                                    tuple(steps)))
        elif kind == "KeywordDef":
            keywords.append(_lower_keyword(ck, item, module, path))
    return KeywordFileIR(path, module, tuple(keywords), tuple(actions), tuple(counters),
                         tuple(land_types)), ck.diagnostics


def _lower_keyword(ck: Checker, item: Any, module: str, path: str) -> KeywordIR:
    params = tuple((p.name, p.kind) for p in item.params)
    names = {p for p, _ in params}
    reminder = ""
    cond = ""
    parts: list[KeywordPartIR] = []
    for st in item.stmts:
        k = cname(st)
        if k == "ReminderStmt":
            reminder = unescape(st.text)
            for ref in re.findall(r"\{([a-z_]+)\}", reminder):
                if ref not in names:
                    ck.error(st, f"reminder text refers to '{{{ref}}}', which is not a parameter of {item.name}")
        elif k == "ConditionWordStmt":
            cond = unescape(st.word)
        elif k in ("AdditionalCostStmt", "AlternativeCostStmt"):
            if st.param not in names:
                ck.error(st, f"'{st.param}' is not a parameter of {item.name}")
            elif dict(params)[st.param] != "cost":
                ck.error(st, f"'{st.param}' is a number, not a cost")
            if k == "AdditionalCostStmt":
                parts.append(KeywordPartIR("additional", st.param, bool(st.repeatable)))
            else:
                parts.append(KeywordPartIR("alternative", st.param, zone=st.zone))
        elif k == "ExileFromStackStmt":
            parts.append(KeywordPartIR("exile_from_stack"))
        elif k == "EvasionStmt":
            parts.append(KeywordPartIR("evasion", filter=_filter(ck, st.filter)))
        elif k == "HasteStmt":
            parts.append(KeywordPartIR("haste"))
        elif k == "InertStmt":
            parts.append(KeywordPartIR("inert"))
    line, _ = location(item)
    return KeywordIR(item.name, identifier(item.name), module, params, item.rule, reminder, cond, tuple(parts),
                     path, line)


# ------------------------------------------------------------------ selectors, amounts, costs


def _filter(ck: Checker, f: Any) -> FilterIR:
    types = tuple(t[:-1] if t.endswith("s") else t for t in f.types)
    subtypes = tuple(ck.subtype(f, s) for s in f.subtypes)
    kind = (f.kind or "").rstrip("s")
    non = []
    for n in f.nons:
        word = n[3:]
        if word in COLOR_LETTER:
            non.append(COLOR_LETTER[word])
        elif word in ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery", "token"):
            non.append(word)
        else:
            ck.error(f, f"unknown word '{n}' in a selector", "use non<color> or non<card type>, e.g. 'nonblack'")
    if not (types or subtypes or kind):
        ck.error(f, "a selector needs a card type, a subtype, or 'card', 'spell' or 'permanent'")
    words = " ".join(list(f.nons) + list(f.colors) + list(f.supertypes) + list(f.types) + list(f.subtypes)
                     + ([f.kind] if f.kind else []))
    if f.keywords:
        words += " with " + " or ".join(f.keywords)
    return FilterIR(types=types, subtypes=subtypes, supertypes=tuple(f.supertypes),
                    colors=tuple(COLOR_LETTER.get(c, c) for c in f.colors), non=tuple(non),
                    keywords=tuple(f.keywords), kind=kind, words=words)


def _amount(a: Any) -> AmountIR:
    if a.x:
        return AmountIR("x", words="X")
    if a.word:
        return AmountIR("fixed", NUMBER_WORDS[a.word], words=a.word)
    return AmountIR("fixed", int(a.value), words=str(a.value))


def _cost(ck: Checker, c: Any) -> CostIR:
    mana: list[str] = []
    tap = False
    life = None
    sac = None
    discard = 0
    for p in c.parts:
        k = cname(p)
        if k == "TapCost":
            tap = True
        elif k == "ManaCost":
            mana += list(ck.mana_symbols(p, list(p.symbols)))
        elif k == "PayLifeCost":
            life = _amount(p.amount)
        elif k == "SacrificeCost":
            count = _amount(p.count) if p.count is not None else AmountIR("fixed", 1, words="a")
            sac = SacrificeIR(count, _filter(ck, p.filter))
        elif k == "DiscardCost":
            discard = _amount(p.count).value
    return CostIR(tuple(mana), tap, life, sac, discard)


# ------------------------------------------------------------------ cards


class CardLowering:
    """Lowers one card definition, tracking target slots and collecting diagnostics."""

    def __init__(self, ck: Checker, library: LibraryIR, card: Any) -> None:
        self.ck = ck
        self.library = library
        self.keywords = library.keywords()
        self.counters = library.counters()
        self.actions = library.actions()
        self.words = library.condition_words()
        self.card = card
        self.uses: list[tuple[str, tuple[str, ...], str]] = []  # (label, mana cost, keyword) per keyword cost
        self.targets: list[TargetIR] = []

    # conditions --------------------------------------------------------

    def condition(self, c: Any, gate_slot: bool = False) -> ConditionIR | None:
        """Resolve "if [it was] <word> [with {cost}]" to a linked-cost condition (607)."""
        word = c.word
        if not self.ck.name_in(c, "condition word", word, self.words):
            return None
        label = self.words[word]
        own = [cost for lab, cost, _ in self.uses if lab == label]
        own_kw = [kw for lab, _, kw in self.uses if lab == label]
        subject = None
        if c.subject:
            if not self.targets:
                self.ck.error(c, "'it' has nothing to refer to: no target was chosen before this condition")
            else:
                subject = len(self.targets) - 1
        elif not own:
            owners = sorted(k.name.lower() for k in self.keywords.values() if k.label == label)
            self.ck.error(c, f"'{word}' refers to this card's {' or '.join(owners)} cost, but the card has none",
                          f"add the keyword line (e.g. '{owners[0] if owners else label} {{2}}') before the "
                          "abilities that refer to it")
        ordinal = None
        linked: tuple[str, ...] = ()
        if c.linked is not None:
            linked = self.ck.mana_symbols(c.linked, list(c.linked.symbols))
            if linked in own:
                ordinal = own.index(linked)
                return ConditionIR(label, word, ordinal, linked, subject, own_kw[ordinal])
            else:
                printed = ", ".join("".join(o) for o in own) or "none"
                self.ck.error(c.linked, f"this card has no {label} cost {''.join(linked)} (its costs: {printed})")
        return ConditionIR(label, word, ordinal, linked, subject)

    # references --------------------------------------------------------

    def target(self, t: Any, condition: ConditionIR | None) -> RefIR:
        """A target reference: a new slot for "target ..." or an earlier one for "it"."""
        k = cname(t)
        if k == "AnyTarget":
            self.targets.append(TargetIR("any", condition=condition, words="any target"))
        elif k == "TargetPlayer":
            self.targets.append(TargetIR("player", condition=condition, words="target player"))
        elif k == "TargetObject":
            f = _filter(self.ck, t.filter)
            zone = "stack" if f.kind == "spell" else "battlefield"
            self.targets.append(TargetIR("object", f, zone, condition, words=f"target {f.words}"))
        else:
            if t.word == "this":
                return RefIR("this", words="this")
            if self.targets and t.word == "it":
                return RefIR("slot", len(self.targets) - 1, words=t.word)
            return RefIR("last", words=t.word)
        return RefIR("slot", len(self.targets) - 1, words=self.targets[-1].words)

    def player(self, p: Any, condition: ConditionIR | None) -> RefIR:
        """A player reference (absent: the ability's controller, as in "draw a card")."""
        if p is None or p.who in ("you", "your"):
            return RefIR("you", words="you")
        self.targets.append(TargetIR("player", condition=condition, words="target player"))
        return RefIR("player_slot", len(self.targets) - 1, words="target player")

    def counter_kind(self, node: Any) -> str:
        """A counter kind, checked against the library's counter definitions."""
        self.ck.name_in(node, "counter kind", node.name, self.counters)
        return str(node.name)

    # effects -----------------------------------------------------------

    def effect(self, e: Any, cond: ConditionIR | None) -> EffectIR:
        """Lower one effect statement."""
        k = cname(e)
        if k == "DamageEffect":
            return EffectIR("damage", (("amount", _amount(e.amount)), ("target", self.target(e.target, cond))))
        if k in ("GainLifeEffect", "LoseLifeEffect", "DrawEffect"):
            kind = {"GainLifeEffect": "gain_life", "LoseLifeEffect": "lose_life", "DrawEffect": "draw"}[k]
            return EffectIR(kind, (("player", self.player(e.player, cond)), ("amount", _amount(e.amount))))
        if k == "DestroyEffect":
            return EffectIR("destroy", (("target", self.target(e.target, cond)), ("no_regeneration", bool(e.noregen))))
        if k == "ExileEffect":
            return EffectIR("exile", (("target", self.target(e.target, cond)),))
        if k == "CounterSpellEffect":
            return EffectIR("counter_spell", (("target", self.target(e.target, cond)),))
        if k == "PutCountersEffect":
            return EffectIR("put_counters", (("amount", _amount(e.amount)), ("counter", self.counter_kind(e.counter)),
                                             ("target", self.target(e.target, cond))))
        if k == "SearchEffect":
            action = self._action(e, "search")
            dest = {"OntoBattlefield": "battlefield", "IntoHand": "hand", "IntoGraveyard": "graveyard"}[cname(e.destination)]
            return EffectIR("action", (("action", action), ("player", self.player(e.player, cond)),
                                       ("count", _amount(e.count)), ("up_to", bool(e.upto)),
                                       ("filter", _filter(self.ck, e.filter)), ("destination", dest),
                                       ("tapped", bool(e.tapped))))
        if k == "ShuffleEffect":
            return EffectIR("action", (("action", self._action(e, "shuffle")), ("player", self.player(e.player, cond))))
        if k == "TokenEffect":
            for kw in e.keywords:
                if kw not in self.keywords:
                    self.ck.name_in(e, "keyword", kw, self.keywords)
                elif self.keywords[kw].params:
                    self.ck.error(e, f"a token keyword must take no parameters; '{kw}' does")
            subtypes = tuple(self.ck.subtype(e, s) for s in e.subtypes)
            types = tuple(t[:-1] if t.endswith("s") else t for t in e.types)
            name = " ".join(subtypes) or " ".join(t.capitalize() for t in types)
            return EffectIR("create_tokens", (
                ("count", _amount(e.count)), ("name", name), ("power", int(e.power)), ("toughness", int(e.toughness)),
                ("colors", tuple(COLOR_LETTER.get(c, c) for c in e.colors if c != "colorless")),
                ("types", types), ("subtypes", subtypes), ("keywords", tuple(e.keywords))))
        if k == "AddManaEffect":
            if e.anycolor:
                return EffectIR("add_mana", (("mana", ()), ("any_color", True)))
            return EffectIR("add_mana", (("mana", self.ck.mana_symbols(e.mana, list(e.mana.symbols))), ("any_color", False)))
        if k == "DelayedEffect":
            return EffectIR("delayed", (("step", e.step), ("effect", self.effect(e.effect, cond))))
        self.ck.error(e, f"unsupported effect {k}")  # pragma: no cover - grammar and lowering agree
        return EffectIR("none", ())

    def _action(self, e: Any, name: str) -> str:
        if name not in self.actions:
            self.ck.error(e, f"the keyword action '{name}' is not defined in the keyword library",
                          "define it in cards/keywords/ (action ... rule 701.x { ... })")
        return name

    def sentences(self, sentences: Any) -> tuple[SentenceIR, ...]:
        """Lower a sequence of sentences."""
        out: list[SentenceIR] = []
        for s in sentences:
            cond_node = s.pre if s.pre is not None else None
            cond = self.condition(cond_node) if cond_node is not None else None
            # 702.33g: targets in a kicked-only part are chosen only if kicked.
            gate = cond if cond is not None else None
            effects = [self.effect(e, gate) for e in s.effects]
            if s.post is not None:
                cond = self.condition(s.post)
            if s.instead and not out:
                self.ck.error(s, "'instead' needs a sentence before it to replace")
            out.append(SentenceIR(tuple(effects), cond, bool(s.instead)))
        return tuple(out)


def lower_card_file(text: str, path: str, library: LibraryIR) -> tuple[CardIR | None, list[Diagnostic]]:
    """Parse, check and lower one card file."""
    model, diags = parse_text(text, path)
    if model is None:
        return None, diags
    ck = Checker(path)
    cards = [i for i in model.items if cname(i) == "CardDef"]
    for other in model.items:
        if cname(other) != "CardDef":
            ck.error(other, "keyword, action, counter and land type definitions belong in cards/keywords/*.kw")
    if len(cards) != 1:
        if not cards:
            ck.error(model, "a card file must define exactly one card")
        else:
            ck.error(cards[1], "one card per file: move this card to its own file")
        return None, ck.diagnostics
    card = cards[0]
    ir = _lower_card(ck, library, card, path)
    if ck.diagnostics:
        return None, ck.diagnostics
    return ir, []


def _lower_card(ck: Checker, library: LibraryIR, card: Any, path: str) -> CardIR:
    low = CardLowering(ck, library, card)
    name = unescape(card.name)
    if not name.strip():
        ck.error(card, "a card needs a name")
    seen: dict[str, Any] = {}
    mana: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power = toughness = None
    colors: tuple[str, ...] = ()
    override = None
    abilities: list[AbilityIR] = []
    for st in card.stmts:
        k = cname(st)
        if k in ("CostStmt", "TypeStmt", "PTStmt", "ColorStmt", "OracleStmt", "SpellStmt"):
            if k in seen:
                ck.error(st, f"'{_stmt_word(k)}' given twice", "a card has one of each")
            seen[k] = st
        if k == "CostStmt":
            mana = ck.mana_symbols(st.cost, list(st.cost.symbols))
        elif k == "TypeStmt":
            supertypes, types = tuple(st.supertypes), tuple(st.types)
            subtypes = tuple(ck.subtype(st, s) for s in st.subtypes)
        elif k == "PTStmt":
            if st.power == "*" or st.toughness == "*":
                ck.error(st, "characteristic-defining power/toughness (*) is not supported yet")
            else:
                power, toughness = int(st.power), int(st.toughness)
        elif k == "ColorStmt":
            colors = tuple(COLOR_LETTER[c] for c in st.colors if c in COLOR_LETTER)
        elif k == "OracleStmt":
            override = unescape(st.text)
        elif k == "KeywordUse":
            abilities.append(_keyword_use(low, st))
        elif k == "SpellStmt":
            low.targets = []
            sents = low.sentences(st.sentences)
            abilities.append(SpellIR(tuple(low.targets), sents))
        elif k == "TriggeredStmt":
            low.targets = []
            cond = low.condition(st.condition) if st.condition is not None else None
            sents = low.sentences(st.sentences)
            abilities.append(TriggeredIR("etb", cond, tuple(low.targets), sents))
        elif k == "ActivatedStmt":
            low.targets = []
            cost = _cost(ck, st.cost)
            sents = low.sentences(st.sentences)
            # 605.1a: no target, could add mana, not a loyalty ability -> a mana ability.
            is_mana = not low.targets and any(e.kind == "add_mana" for s in sents for e in s.effects)
            abilities.append(ActivatedIR(cost, tuple(low.targets), sents, is_mana))
        elif k == "EntersWithStmt":
            amount = _amount(st.amount)
            counter = low.counter_kind(st.counter)
            if st.word:
                if low.ck.name_in(st, "condition word", st.word, low.words):
                    amount = AmountIR("times_paid", amount.value, low.words[st.word], words=st.word)
            abilities.append(EntersWithIR(amount, counter))
    # 305.6: each basic land type gives its intrinsic mana ability, first in the text.
    lands = library.land_types()
    granted: list[AbilityIR] = [lands[s].ability for s in subtypes if s in lands and "land" in types]
    abilities = granted + abilities
    if "TypeStmt" not in seen:
        ck.error(card, f"card \"{name}\" has no 'type' line")
    is_creature = "creature" in types
    if is_creature and "PTStmt" not in seen:
        ck.error(card, "a creature needs 'pt P/T'")
    if not is_creature and "PTStmt" in seen:
        ck.error(seen["PTStmt"], "only creatures have power and toughness here")
    if ("instant" in types or "sorcery" in types) and "SpellStmt" not in seen and override is None:
        ck.error(card, "an instant or sorcery needs a 'spell:' with its instructions")
    if "SpellStmt" in seen and not ("instant" in types or "sorcery" in types):
        ck.error(seen["SpellStmt"], "only instants and sorceries have 'spell:' instructions (608.2)")
    return CardIR(name=name, source=path, module=module_name(name), mana_cost=mana, supertypes=supertypes,
                  types=types, subtypes=subtypes, power=power, toughness=toughness, colors=colors,
                  abilities=tuple(abilities), text_override=override)


def _stmt_word(k: str) -> str:
    return {"CostStmt": "cost", "TypeStmt": "type", "PTStmt": "pt", "ColorStmt": "color",
            "OracleStmt": "text", "SpellStmt": "spell"}[k]


def _keyword_use(low: CardLowering, st: Any) -> KeywordUseIR:
    name = st.name
    kw = low.keywords.get(name)
    if kw is None:
        low.ck.name_in(st, "keyword", name, low.keywords)
        return KeywordUseIR(name, "", "", ())
    args: list[CostIR | int] = []
    if len(st.args) != len(kw.params):
        want = ", ".join(f"{p}: {t}" for p, t in kw.params) or "no parameters"
        low.ck.error(st, f"{kw.name} takes {len(kw.params)} argument(s) ({want}), got {len(st.args)}")
        return KeywordUseIR(kw.name, kw.module, kw.cls, ())
    for (pname, ptype), arg in zip(kw.params, st.args):
        is_int = isinstance(arg, int)
        if ptype == "number" and not is_int:
            low.ck.error(st, f"{kw.name}'s {pname} must be a number")
        elif ptype == "cost" and is_int:
            low.ck.error(st, f"{kw.name}'s {pname} must be a cost such as {{2}}{{G}}")
        elif is_int:
            args.append(int(arg))
        else:
            cost = _cost(low.ck, arg)
            args.append(cost)
            if any(p.kind in ("additional", "alternative") for p in kw.parts):
                low.uses.append((kw.label, cost.mana, kw.name.lower()))
    return KeywordUseIR(kw.name, kw.module, kw.cls, tuple(args))


def build_library(files: list[tuple[str, str, str]]) -> tuple[LibraryIR, list[Diagnostic]]:
    """Lower every keyword file ``(text, path, module)``; report duplicate definitions."""
    out: list[KeywordFileIR] = []
    diags: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for text, path, module in files:
        f, d = lower_keyword_file(text, path, module)
        diags += d
        if f is None:
            continue
        for k in f.keywords:
            key = k.name.lower()
            if key in seen:
                diags.append(Diagnostic(path, k.line, 1, f"keyword {k.name} is already defined in {seen[key]}"))
            seen[key] = path
        out.append(f)
    return LibraryIR(tuple(out)), diags
