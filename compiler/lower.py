"""Lowering: textX models to IR, checking as it goes.

``lower_keyword_file`` turns a keyword file into :class:`KeywordFileIR`; ``lower_card_file``
turns a card file into :class:`CardIR`, resolving keyword names, condition words, linked costs,
counter kinds and subtypes against the library.  All problems are collected, not just the first.
"""
from __future__ import annotations

import keyword as pykeyword
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from dsl.checks import Checker
from dsl.diagnostics import Diagnostic
from dsl.metamodel import location, parse_text
from dsl.strings import unescape
from runtime.pool import module_name as pool_module_name

from .ir import (
    AbilityIR, ActionIR, ArgValue, ActivatedIR, AmountIR, AmplifyIR, AsTurnedFaceUpIR, CardCostIR, CardIR, ConditionIR, CostIR,
    CounterIR, EffectIR, EntersAsCopyIR, UncounterableIR, EntersTappedIR, EntersWithIR, FilterIR, KeywordFileIR, KeywordIR, KeywordPartIR,
    KeywordUseIR, LandTypeIR, LibraryIR, RefIR,
    SacrificeIR, SentenceIR, SpellIR, StaticIR, StaticPartIR, TargetIR, TriggeredIR, TriggerIR,
)

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "fourteen": 14, "fifteen": 15, "twenty": 20}
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_WORD = re.compile(r"[A-Za-z0-9]+")


def cname(node: Any) -> str:
    """The grammar rule name of a model node."""
    return type(node).__name__


def identifier(text: str, prefix: str = "") -> str:
    """A validated Python identifier made from ``text`` (letters, digits, underscores only)."""
    words = _WORD.findall(text)
    ident = prefix + "".join(w[:1].upper() + w[1:] for w in words)
    if not ident or ident[0].isdigit():
        ident = "C" + ident
    if not _IDENT.match(ident) or pykeyword.iskeyword(ident):
        raise ValueError(f"cannot make an identifier from {text!r}")
    return ident


def module_name(text: str) -> str:
    """A validated module name (snake case, ASCII) made from a card or file name (by the rule
    :class:`runtime.pool.Pool` relies on to find a card's module without its index)."""
    slug = pool_module_name(text)
    assert _IDENT.match(slug)
    return slug


# ------------------------------------------------------------------ keyword library


def lower_keyword_file(text: str, path: str, module: str) -> tuple[KeywordFileIR | None, list[Diagnostic]]:
    """Parse and lower one keyword file (its keywords' abilities are lowered by :func:`build_library`)."""
    model, diags = parse_text(text, path)
    if model is None:
        return None, diags
    f, d, _ = _lower_keyword_model(model, path, module)
    return f, d


def _lower_keyword_model(model: Any, path: str, module: str) -> tuple[KeywordFileIR, list[Diagnostic], Any]:
    ck = Checker(path)
    keywords: list[KeywordIR] = []
    actions: list[ActionIR] = []
    counters: list[CounterIR] = []
    land_types: list[LandTypeIR] = []
    ability_words: list[str] = []
    for item in model.items:
        kind = cname(item)
        if kind == "AbilityWordDef":
            ability_words.append(item.name)
        elif kind == "LandTypeDef":
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
            up_for_mana = False
            for st in item.steps:
                steps.append({"FindStep": ("find", bool(getattr(st, "mayfail", False))), "MoveStep": ("move", False),
                              "RandomizeStep": ("randomize", False), "FaceDownStep": ("face_down", False),
                              "ArrangeStep": ("arrange", False)}[cname(st)])
                up_for_mana = up_for_mana or bool(getattr(st, "manacost", False))
            # Face-down keywords (cloak's ward) are resolved in build_library's second pass.
            actions.append(ActionIR(item.name, identifier(item.name, "Action"), module, item.rule, unescape(item.text),
                                    tuple(steps), face_up_for_mana_cost=up_for_mana))
        elif kind == "KeywordDef":
            keywords.append(_lower_keyword(ck, item, module, path))
    return (KeywordFileIR(path, module, tuple(keywords), tuple(actions), tuple(counters),
                          tuple(land_types), tuple(ability_words)), ck.diagnostics, model)


def _lower_keyword(ck: Checker, item: Any, module: str, path: str) -> KeywordIR:
    params = tuple((p.name, p.kind) for p in item.params)
    names = {p for p, _ in params}
    reminder = ""
    cond = ""
    joined = ""
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
        elif k == "JoinedStmt":
            joined = unescape(st.word)
            if len(params) != 1:
                ck.error(st, f"only a keyword with one parameter can print instances joined; {item.name} has {len(params)}")
        elif k in ("AdditionalCostStmt", "AlternativeCostStmt", "FaceUpStmt"):
            fixed: tuple[str, ...] = ()
            if getattr(st, "fixed", None) is not None:
                fixed = ck.mana_symbols(st.fixed, list(st.fixed.symbols))
            elif st.param not in names:
                ck.error(st, f"'{st.param}' is not a parameter of {item.name}")
            elif dict(params)[st.param] != "cost":
                ck.error(st, f"'{st.param}' is a number, not a cost")
            if k == "AdditionalCostStmt":
                parts.append(KeywordPartIR("additional", st.param, bool(st.repeatable)))
            elif k == "FaceUpStmt":
                counter = st.counter.name if st.amount is not None else ""
                n = _amount(st.amount).value if st.amount is not None else 0
                parts.append(KeywordPartIR("face_up", st.param, counter=counter, amount=n))
            else:
                parts.append(KeywordPartIR("alternative", st.param or "", zone=st.zone or "hand", fixed=fixed,
                                           face_down=bool(st.facedown), instructed=bool(st.instructed)))
        elif k == "CastFromStmt":
            parts.append(KeywordPartIR("cast_from", zone=st.zone, cost=_cost(ck, st.extra)))
        elif k == "DiscardInsteadStmt":
            parts.append(KeywordPartIR("discard_instead", zone=st.zone))
        elif k == "ExileFromStackStmt":
            parts.append(KeywordPartIR("exile_from_stack"))
        elif k == "AuraStmt":
            if dict(params).get(st.param) != "type":
                ck.error(st, f"'{st.param}' is not a type parameter of {item.name}")
            parts.append(KeywordPartIR("aura", st.param))
        elif k == "HasteStmt":
            parts.append(KeywordPartIR("haste"))
        elif k == "SpliceStmt":
            if dict(params).get(st.onto) != "subtype":
                ck.error(st, f"'{st.onto}' is not a subtype parameter of {item.name}")
            if dict(params).get(st.cost) != "cost":
                ck.error(st, f"'{st.cost}' is not a cost parameter of {item.name}")
            parts.append(KeywordPartIR("splice", st.cost, zone=st.onto))
        elif k == "HandOnResolveStmt":
            parts.append(KeywordPartIR("hand_on_resolve"))
        elif k == "FlashStmt":
            parts.append(KeywordPartIR("flash"))
        elif k == "InertStmt":
            parts.append(KeywordPartIR("inert"))
        # AbilityStmt: lowered in the second pass of build_library, once every name is known.
    line, _ = location(item)
    return KeywordIR(item.name, identifier(item.name), module, params, item.rule, reminder, cond, tuple(parts),
                     path, line, joined_by=joined)


# ------------------------------------------------------------------ selectors, amounts, costs


def _filter(ck: Checker, f: Any, owner: Any = None) -> FilterIR:
    if f is None:
        # Every part of a selector is optional in the grammar, so "target ." parses with none.
        ck.error(owner, "a selector needs a card type, a subtype, or 'card', 'spell' or 'permanent'")
        return FilterIR()
    types = tuple(t[:-1] if t.endswith("s") else t for t in f.types)
    any_types: tuple[str, ...] = ()
    if f.ortypes and not f.types:
        ck.error(f, "'or' joins card types: put one before it ('instant or sorcery spell')")
        return FilterIR()
    if f.ortypes:
        any_types = types[-1:] + tuple(t[:-1] if t.endswith("s") else t for t in f.ortypes)
        types = types[:-1]
    subtypes = tuple(ck.subtype(f, s) for s in f.subtypes)
    kind = (f.kind or "").rstrip("s")
    non = []
    for n in f.nons:
        word = n[3:].rstrip(",")  # "nonartifact, nonblack creature": the comma is printed only
        if word.startswith("-"):
            non.append(ck.subtype(f, word[1:]))  # "non-Angel": not of that subtype
        elif word in COLOR_LETTER:
            non.append(COLOR_LETTER[word])
        elif word in ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery", "token",
                      "basic", "legendary", "snow"):
            non.append(word)  # a card type, "token", or a supertype ("nonbasic land", 205.4a)
        else:
            ck.error(f, f"unknown word '{n}' in a selector", "use non<color> or non<card type>, e.g. 'nonblack'")
    if not (types or any_types or subtypes or kind):
        ck.error(f, "a selector needs a card type, a subtype, or 'card', 'spell' or 'permanent'")
    # Oracle order: subtypes before card types ("target Goblin creature", "Saproling creatures").
    type_words = list(f.subtypes) + list(f.types)
    if f.ortypes:
        # "instant or sorcery spell"; "each instant and sorcery card" (every card of either type)
        joiner = " and " if f.andor else " or "
        type_words = list(f.subtypes) + list(f.types[:-1]) + [joiner.join([f.types[-1], *f.ortypes])]
    words = " ".join(([" or ".join(f.states)] if f.states else []) + list(f.nons) + list(f.colors) + (["multicolored"] if f.multis else [])
                     + list(f.supertypes) + type_words
                     + ([f.kind] if f.kind else []))
    if f.chosen:
        words += " of that type"  # the kind a player chose earlier in the ability
    if f.exiled:
        words = "exiled " + words
    if f.combat:
        words = " or ".join(f.combat) + " " + words
    if f.facedown:
        words = "face-down " + words
    elif f.faceup:
        words = "face-up " + words
    if f.other:
        words = "other " + words
    elif f.another:
        words = "another " + words
    mv_min = mv_max = -1
    if f.mvdir:
        if f.mvdir == "greater":
            mv_min = int(f.mv)
        else:
            mv_max = int(f.mv)
        words += f" with converted mana cost {f.mv} or {f.mvdir}"
    if ck.keyword_names is not None:
        # A selector's keywords name real keywords (702): "with flyng" is a located error.
        for kw in [*f.keywords, *f.late, *([f.without] if f.without else [])]:
            ck.name_in(f, "keyword", kw, ck.keyword_names)
    pt: dict[str, int] = {}
    if f.ptdir:
        pt[f"{f.ptstat}_{'min' if f.ptdir == 'greater' else 'max'}"] = int(f.ptval)
        words += f" with {f.ptstat} {f.ptval} or {f.ptdir}"
    if f.keywords:
        words += " with " + " or ".join(f.keywords)
    if f.without:
        words += " without " + f.without
    controller = ""
    if f.controller is not None:
        c = f.controller
        controller = "you" if c.you else "own" if c.own else "defending" if c.defending else "opponent"
        words += {"you": " you control", "own": " you own", "defending": " defending player controls",
                  "opponent": " your opponents control" if c.opponents else " an opponent controls"}[controller]
    keywords = tuple(f.keywords)
    if f.late:
        if keywords:
            ck.error(f, "a selector has one 'with' keyword list: put it after the controller")
        keywords = tuple(f.late)
        words += " with " + " or ".join(f.late)
    if kind == "permanent card":
        # 110.4b: a permanent card is an artifact, creature, enchantment, land or planeswalker card.
        kind = "card"
        if any_types:
            ck.error(f, "'permanent card' can't be joined with 'or' card types")
        any_types = ("artifact", "creature", "enchantment", "land", "planeswalker")
    if f.blocked_by_this:
        words += " it's blocking"
    if f.attacking_you:
        words += " that's attacking you"
    name = unescape(f.name) if f.name else ""
    if f.name:
        words += f" named {name}"
    return FilterIR(types=types, subtypes=subtypes, supertypes=tuple(f.supertypes),
                    colors=tuple(COLOR_LETTER.get(c, c) for c in f.colors), non=tuple(non),
                    keywords=keywords, kind=kind, words=words, other=bool(f.other or f.another),
                    any_types=any_types, face_down=bool(f.facedown), face_up=bool(f.faceup),
                    without=f.without or "", controller=controller, blocked_by_source=bool(f.blocked_by_this),
                    mv_min=mv_min, mv_max=mv_max, multicolored=bool(f.multis), exiled=bool(f.exiled),
                    combat=tuple(f.combat),
                    states=tuple(f.states), name=name, attacking_viewer=bool(f.attacking_you),
                    power_min=pt.get("power_min", -1), power_max=pt.get("power_max", -1),
                    toughness_min=pt.get("toughness_min", -1), toughness_max=pt.get("toughness_max", -1),
                    of_chosen=bool(f.chosen))


class _EmptyCost:
    """The cost node of an activated ability whose whole cost is a keyword's cost parameter."""

    parts: tuple[Any, ...] = ()


def _amount(a: Any, params: dict[str, str] | None = None, ck: Checker | None = None) -> AmountIR:
    if a.x:
        return AmountIR("x", words="X")
    if a.count is not None and ck is not None:
        f = _filter(ck, a.count.filter, a.count)
        where = " on the battlefield" if a.count.onbf else ""
        if not where and not f.controller:
            ck.error(a.count, "say whose permanents are counted: '... you control' or '... on the battlefield'")
        return AmountIR("count", words=f"the number of {f.words}{where}", filter=f)
    if a.counters is not None:
        return AmountIR("counters_on_this", label=a.counters.counter.name,
                        words=f"the number of {a.counters.counter.name} counters on it")
    if a.that:
        return AmountIR("event_amount", words=str(a.that))  # 603.2: the triggering event's amount
    if a.param:
        if params is None or params.get(a.param) != "number":
            if ck is not None:
                ck.error(a, f"'{a.param}' is not a number parameter here",
                         "numbers are digits or words (a, two, ...); inside a keyword, its number parameters")
            return AmountIR("fixed", 0, words=a.param)
        return AmountIR("param", label=a.param, words=a.param)
    if a.word:
        return AmountIR("fixed", NUMBER_WORDS[a.word], words=a.word)
    return AmountIR("fixed", int(a.value), words=str(a.value))


def _cost(ck: Checker, c: Any, counters_known: Any = None) -> CostIR:
    mana: list[str] = []
    tap = False
    life = None
    sac = None
    discard = 0
    sac_this = False
    exile_this = False
    discard_filter: FilterIR | None = None
    exile_hand = None
    remove: tuple[str, int] = ("", 0)
    discard_this = False
    reveal = None
    tap_perms: SacrificeIR | None = None
    put_counters: tuple[str, int] | None = None
    for p in c.parts:
        k = cname(p)
        if k == "TapCost":
            tap = True
        elif k == "SacrificeThisCost":
            sac_this = True
        elif k == "ExileThisCost":
            exile_this = True
        elif k == "ManaCost":
            mana += list(ck.mana_symbols(p, list(p.symbols)))
        elif k == "PayLifeCost":
            life = _amount(p.amount)
        elif k == "SacrificeCost":
            count = _amount(p.count) if p.count is not None else AmountIR("fixed", 1, words="a")
            sac = SacrificeIR(count, _filter(ck, p.filter, p))
        elif k == "DiscardThisCost":
            discard_this = True
        elif k == "DiscardCost":
            discard = _amount(p.count).value
            f = _filter(ck, p.filter, p)
            if f.types or f.any_types or f.subtypes or f.colors or f.non:
                discard_filter = f
        elif k == "ExileFromHandCost":
            exile_hand = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))
        elif k == "RevealCost":
            reveal = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))
        elif k == "RemoveCountersCost":
            remove = (str(p.counter.name), _amount(p.count).value)
        elif k == "TapPermanentsCost":
            count = _amount(p.count) if p.count is not None else AmountIR("fixed", 1, words="")
            f = _filter(ck, p.filter, p)
            if "untapped" not in f.states or f.controller != "you":
                ck.error(p, "a tapping cost taps untapped permanents you control",
                         "write e.g. 'tap an untapped creature you control'")
            tap_perms = SacrificeIR(count, f)
        elif k == "PutCountersCost":
            if counters_known is not None:
                ck.name_in(p.counter, "counter kind", p.counter.name, counters_known)
            put_counters = (str(p.counter.name), _amount(p.amount).value)
    return CostIR(tuple(mana), tap, life, sac, discard, sac_this, discard_filter=discard_filter,
                  exile_from_hand=exile_hand, remove_counter=remove[0], remove_count=remove[1],
                  discard_this=discard_this, reveal=reveal, tap_permanents=tap_perms, put_counters=put_counters,
                  exile_this=exile_this)


# ------------------------------------------------------------------ cards


class CardLowering:
    """Lowers one card definition, tracking target slots and collecting diagnostics."""

    def __init__(self, ck: Checker, library: LibraryIR, card: Any,
                 params: dict[str, str] | None = None) -> None:
        self.ck = ck
        self.library = library
        self.params = params  # a keyword's parameters (name -> "cost" | "number"), None in a card
        self.keywords = library.keywords()
        ck.keyword_names = self.keywords
        self.counters = library.counters()
        self.actions = library.actions()
        self.words = library.condition_words()
        self.card = card
        self.uses: list[tuple[str, tuple[str, ...], str]] = []
        self.granted = 0  # quoted abilities granted by effects so far (class names Granted1, ...)
        self.self_it = False  # lowering a trigger on the object's own event ("it" may be the object)
        self.named_this = False  # the instruction before named this object ("it" then refers back to it)
        self.last_group: tuple[int, int] | None = None  # the slots of the last "up to N target ..." (first, count)
        self.moved_slot = -1  # the target slot the instruction before exiled (its card is a new object)
        self.effects_done = 0  # instructions lowered so far in the current ability  # (label, mana cost, keyword) per keyword cost
        self.targets: list[TargetIR] = []
        self.event: TriggerIR | None = None  # the trigger of the ability being lowered ("that much", "that player")
        self.last_player: RefIR | None = None  # the player of the last instruction that named one
        self.chose = False  # an instruction before, in this ability, had a player choose a kind ("of that type")

    # amounts and costs ---------------------------------------------------

    def amount(self, a: Any, per: Any = None) -> AmountIR:
        """An amount, with keyword parameters allowed inside keyword definitions; ``per``: "for each
        time it was kicked" multiplies it by the times the linked cost was paid (702.33d)."""
        out = _amount(a, self.params, self.ck)
        if out.kind == "event_amount" and (self.event is None or not self.event.event_amount):
            self.ck.error(a, f"'{out.words}' has nothing to refer to: only a trigger on a damage event has an amount",
                          "e.g. 'whenever this is dealt damage: you gain that much life.'")
        if per is not None and cname(per) == "PerObject":
            f = _filter(self.ck, per.filter, per)
            zone = "graveyard" if per.gy else "battlefield"
            where = " in your graveyard" if per.gy else " on the battlefield" if per.bf else ""
            if not where and not f.controller:
                self.ck.error(per, "say whose permanents are counted: '... you control' or '... on the battlefield'")
            if out.kind != "fixed":
                self.ck.error(a, "'for each' multiplies a number")
            return AmountIR("count", out.value, zone, words=f"for each {f.words}{where}", filter=f)
        if per is not None and self.ck.name_in(per, "condition word", per.word, self.words):
            if out.kind != "fixed":
                self.ck.error(a, "'for each time' multiplies a number")
            return AmountIR("times_paid", out.value, self.words[per.word], words=per.word)
        return out

    def cost_value(self, c: Any) -> CostIR:
        """A cost, or a keyword's cost parameter."""
        if c.param:
            if self.params is None or self.params.get(c.param) != "cost":
                self.ck.error(c, f"'{c.param}' is not a cost parameter here")
            return CostIR(param=c.param)
        return _cost(self.ck, c.cost)

    # conditions --------------------------------------------------------

    def condition(self, c: Any, gate_slot: bool = False) -> ConditionIR | None:
        """Resolve a condition: linked cost (607), graveyard size, control history, result, keyword."""
        k = cname(c)
        if k == "GraveyardCondition":
            n = self.amount(c.count)
            return ConditionIR("", "", kind="graveyard", count=n.value)
        if k == "ControlSinceCondition":
            return ConditionIR("", "", kind="control_since")
        if k == "ResultCondition":
            return ConditionIR("", "do" if c.did else "don't" if c.dont else "can't", kind="result", did=bool(c.did))
        if k == "HasKeywordCondition":
            self.ck.name_in(c, "keyword", c.keyword, self.keywords)
            return ConditionIR("", "", kind="has_keyword", keyword=c.keyword)
        if k == "CastInMainCondition":
            return ConditionIR("", "", kind="cast_in_main")
        if k == "CastFromCondition":
            return ConditionIR("", c.whose, kind="cast_from", zone=c.zone)
        if k == "DefendingControlsCondition":
            return ConditionIR("", "", kind="defending_controls", filter=_filter(self.ck, c.filter, c))
        if k == "LeftBattlefieldCondition":
            return ConditionIR("", "", kind="permanent_left")
        if k == "ManaValueCondition":
            # "if it has converted mana cost N or less": "it" is the last target chosen before it.
            subject = len(self.targets) - 1 if self.targets else None
            return ConditionIR("", c.dir, kind="mana_value", count=int(c.value), subject=subject, its=bool(c.its))
        if k == "ControlCondition":
            filters = tuple(_filter(self.ck, t.filter, t) for t in c.things)
            return ConditionIR("", "", kind="control", filters=filters)
        if k == "EmptyHandCondition":
            return ConditionIR("", "", kind="empty_hand")
        if k == "TotalPowerCondition":
            return ConditionIR("", "", kind="total_power", count=int(c.value))
        if k == "ItIsCondition":
            return ConditionIR("", "", kind="it_is", filter=_filter(self.ck, c.filter, c))
        if k == "CountersCondition":
            # 122.1: "this has a time counter on it" -- at least that many (exactly that many or more).
            n = self.amount(c.count)
            return ConditionIR("", self.counter_kind(c.counter), kind="counters", count=n.value, negated=False,
                               keyword="or more" if c.ormore else "")
        word = c.word
        if not self.ck.name_in(c, "condition word", word, self.words):
            return None
        label = self.words[word]
        own = [cost for lab, cost, _ in self.uses if lab == label]
        own_kw = [kw for lab, _, kw in self.uses if lab == label]
        subject = None
        if c.thatspell:
            return ConditionIR(label, word, that_spell=True)
        if c.subject and self.targets:
            subject = len(self.targets) - 1  # "if it was kicked": the target chosen before it
        # With no target before it, "it" is the object itself ("When ... enters, if it was kicked").
        elif not own and self.params is None:
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
                return ConditionIR(label, word, ordinal=ordinal, linked_cost=linked, subject=subject,
                                   keyword=own_kw[ordinal])
            else:
                printed = ", ".join("".join(o) for o in own) or "none"
                self.ck.error(c.linked, f"this card has no {label} cost {''.join(linked)} (its costs: {printed})")
        return ConditionIR(label, word, ordinal=ordinal, linked_cost=linked, subject=subject, negated=bool(c.negated))

    # references --------------------------------------------------------

    def target(self, t: Any, condition: ConditionIR | None) -> RefIR:
        """A target reference: a new slot for "target ..." or an earlier one for "it"."""
        k = cname(t)
        if k in ("AnyTarget", "TargetPlayer", "TargetObject", "AnyNumberTargets"):
            self.after_unbounded(t)
        if k == "AnyNumberTargets":
            # 115.1d: "any number of target creatures" -- one slot, chosen again for each further target.
            f = _filter(self.ck, t.filter, t)
            first = len(self.targets)
            words = f"any number of target {f.words}"
            self.targets.append(TargetIR("object", f, "stack" if f.kind == "spell" else "battlefield", condition,
                                         words=words, optional=True, group=first, repeat=True))
            return RefIR("slots_from", first, words=words)
        if k == "AnyTarget":
            self.targets.append(TargetIR("any", condition=condition, words="any target"))
        elif k == "TargetPlayer":
            opp = t.player == "opponent"
            if t.walker:
                # 115.4-style: a player or a planeswalker (players are always candidates of "any").
                if opp:
                    self.ck.error(t, "'target opponent or planeswalker' is not supported; write 'target player or planeswalker'")
                self.targets.append(TargetIR("any", FilterIR(types=("planeswalker",)), condition=condition,
                                             words="target player or planeswalker"))
            else:
                self.targets.append(TargetIR("player", FilterIR(controller="opponent") if opp else FilterIR(),
                                             condition=condition, words=f"target {t.player}"))
        elif k == "EachPlayers":
            return RefIR(f"each_{t.who}", words=f"each {t.who}")
        elif k == "EachObjects":
            f = _filter(self.ck, t.filter, t)
            if t.attached:
                # 303.4: "all Auras attached to them": the objects the phrase before it named.
                back = self.back_ref(str(t.attached))
                return RefIR("each", words=f"{t.quant} {f.words} attached to {t.attached}", filter=f, attached_to=back)
            if t.samename:
                # 201.2: "all other creatures with the same name as that creature": "other" means other
                # than that object, which the instruction names anyway (so not "other than the source").
                back = self.back_ref(str(t.samename))
                return RefIR("each", words=f"{t.quant} {f.words} with the same name as {t.samename}",
                             filter=replace(f, other=False), same_name_as=back)
            if f.of_chosen and not self.chose:
                self.ck.error(t, "'of that type' needs a choice before it in the ability ('that player chooses A, B, or C')")
            if t.ingy:
                # 404: the cards in your graveyard, as the instruction is followed (611.2c).
                return RefIR("each", words=f"{t.quant} {f.words} in your graveyard", filter=f, in_graveyard=True)
            return RefIR("each", words=f"{t.quant} {f.words}", filter=f)
        elif k == "EnchantedRef":
            # 303.4e / 301.5: the permanent the source Aura or Equipment is attached to.
            host = "equipped" if t.equipped else "enchanted"
            return RefIR("enchanted", words=f"{host} {t.enchanted.rstrip('s')}")
        elif k == "TargetObject":
            f = _filter(self.ck, t.filter, t)
            zone = "stack" if f.kind == "spell" else "battlefield"
            lead = "target"
            if t.another:
                f = replace(f, other=True)
                lead = "another target"
            words = f"{lead} {f.words}"
            if t.ingy:
                # 115.1, 404: a card in your graveyard as the target.
                if f.kind != "card":
                    self.ck.error(t, "a target in a graveyard is a card: write '... card in your graveyard'")
                zone, f, words = "graveyard", replace(f, controller="you"), words + " in your graveyard"
            self.targets.append(TargetIR("object", f, zone, condition, words=words))
        elif k == "ThatRef":
            return RefIR("last", words="that spell or ability")
        elif k == "UpToTargets":
            f = _filter(self.ck, t.filter, t)
            n = NUMBER_WORDS[t.count]
            if n < 2:
                self.ck.error(t, "'up to' needs two or more targets here; write 'target ...' for one")
            first = len(self.targets)
            zone = "stack" if f.kind == "spell" else "battlefield"
            words = f"up to {t.count} target {f.words}"   # written plural: "up to two target creatures"
            for _ in range(n):
                self.targets.append(TargetIR("object", f, zone, condition, words=words, optional=True, group=first))
            self.last_group = (first, n)
            return RefIR("slots", first, words=f"each of {words}" if t.each else words, count=n)
        else:
            if t.word == "this":
                return RefIR("this", words="this")
            if t.word == "that card":
                return RefIR("last", words="that card")  # what the previous instruction moved
            if t.word.startswith("those "):
                if self.last_group is None:
                    self.ck.error(t, f"'{t.word}' refers to the targets of an 'up to N target ...' phrase; there is none before it")
                    return RefIR("this", words="this")
                return RefIR("slots", self.last_group[0], words=t.word, count=self.last_group[1])
            if t.word.startswith("that ") and t.word != "that player":
                if not self.targets and self.effects_done:
                    # "Create a 7/1 ... token. ... that creature gets +7/+0": what an instruction before made.
                    return RefIR("last", words=t.word)
                if not self.targets and self.event is not None:
                    # A trigger's event object ("whenever this blocks a creature, ... that creature",
                    # 509.3c): what the trigger remembers.
                    return RefIR("last", words=t.word)
                if not self.targets:
                    self.ck.error(t, f"'{t.word}' has nothing to refer to: no target was chosen before it")
                    return RefIR("this", words="this")
                return RefIR("slot", len(self.targets) - 1, words=t.word)
            if self.targets and t.word == "it" and self.moved_slot == len(self.targets) - 1:
                # "Exile target creature you control, then return it ...": the card the exile moved
                # is a new object (400.7), found as what the instruction before moved.
                return RefIR("last", words="it")
            if self.targets and t.word == "it":
                return RefIR("slot", len(self.targets) - 1, words=t.word)
            if t.word == "it" and self.named_this:
                # "Dark Maze can attack this turn ... Exile it at ...": with no target, "it" is the
                # object the instruction before named.
                return RefIR("this", words="it")
            if t.word == "it" and self.self_it and not self.effects_done:
                # "When Phantasmal Dragon becomes the target ..., sacrifice it": before any target or
                # instruction, "it" in a trigger on the object's own event is the object (400.7d
                # finds its new object if it moved).
                return RefIR("this", words="it")
            return RefIR("last", words=t.word)
        return RefIR("slot", len(self.targets) - 1, words=self.targets[-1].words)

    def after_unbounded(self, node: Any) -> None:
        """115.1d: an unbounded "any number of targets" slot repeats, so no target may follow it."""
        if self.targets and self.targets[-1].repeat:
            self.ck.error(node, "no target can follow 'any number of targets' in the same ability",
                          "put the 'any number of targets' phrase last")

    def back_ref(self, word: str) -> RefIR:
        """"them"/"it" naming the last target phrase (all of an "any number of targets" phrase)."""
        if not self.targets:
            return RefIR("last", words=word)
        last = self.targets[-1]
        if last.repeat:
            return RefIR("slots_from", last.group, words=word)
        return RefIR("slot", len(self.targets) - 1, words=word)

    def player(self, p: Any, condition: ConditionIR | None) -> RefIR:
        """A player reference (absent: the ability's controller, as in "draw a card")."""
        if p is not None and p.owner:
            # "that creature's owner" (108.3): of the last target.
            return RefIR("owner_of", len(self.targets) - 1 if self.targets else -1, words=str(p.owner))
        if p is not None and p.controller:
            # "its controller": the controller of the object "it" names (the last target, else this).
            return RefIR("controller_of", len(self.targets) - 1 if self.targets else -1, words="its controller")
        if p is None or p.who in ("you", "your"):
            return RefIR("you", words="you")
        if p.who.startswith("each "):
            return RefIR("each_" + p.who.split()[1], words=p.who)
        if p.who == "that player":
            slots = [i for i, t in enumerate(self.targets) if t.kind == "player"]
            if not slots and self.event is not None and self.event.event_player:
                return RefIR("event_player", words="that player")  # the player dealt damage (603.2)
            if not slots:
                self.ck.error(p, "'that player' has nothing to refer to: no player was targeted before it")
                return RefIR("you", words="that player")
            return RefIR("player_slot", slots[-1], words="that player")
        opp = p.who == "target opponent"
        self.after_unbounded(p)
        self.targets.append(TargetIR("player", FilterIR(controller="opponent") if opp else FilterIR(),
                                     condition=condition, words=p.who))
        return RefIR("player_slot", len(self.targets) - 1, words=p.who)

    def from_graveyard(self, e: Any, ref: RefIR) -> str:
        """'from your/a graveyard': the target slot just made chooses among cards in graveyards (115.1)."""
        whose = str(e.source.whose)
        if ref.kind != "slot" or not self.targets:
            self.ck.error(e, "'from ... graveyard' needs a target card, e.g. 'target creature card'")
            return whose
        t = self.targets[ref.index]
        f = replace(t.filter, controller="you" if whose == "your" else "")
        self.targets[ref.index] = replace(t, filter=f, zone="graveyard")
        return whose

    def counter_kind(self, node: Any) -> str:
        """A counter kind, checked against the library's counter definitions."""
        self.ck.name_in(node, "counter kind", node.name, self.counters)
        return str(node.name)

    # effects -----------------------------------------------------------

    def effect(self, e: Any, cond: ConditionIR | None) -> EffectIR:
        """Lower one effect statement."""
        k = cname(e)
        if k == "ChooseAmongEffect":
            # A choice among kinds of objects, remembered for "of that type" (608.2c-d).
            player = self.player(e.player, cond)
            self.last_player = player
            options = tuple(_filter(self.ck, f, e) for f in [*e.options, e.last])
            if any(f.of_chosen for f in options):
                self.ck.error(e, "an option can't itself be 'of that type'")
            self.chose = True
            return EffectIR("choose_among", (("player", player), ("options", options)))
        if k == "ExtraTurnEffect":
            player = self.player(e.player, cond)
            self.last_player = player
            return EffectIR("extra_turn", (("player", player),))
        if k == "CantCastEffect":
            named = self.back_ref(str(e.samename))
            if named.kind != "slot":
                self.ck.error(e, f"'{e.samename}' must name a target chosen before it")
            return EffectIR("cant_cast_same_name", (("player", self.player(e.player, cond)), ("named", named)))
        if k == "DividedDamageEffect" and e.evenly:
            # "divided evenly, rounded down, among any number of targets" (115.1d): unbounded.
            self.after_unbounded(e)
            first = len(self.targets)
            self.targets.append(TargetIR("any", condition=cond, words="any number of targets", optional=True,
                                         group=first, repeat=True))
            return EffectIR("divided_evenly", (("amount", self.amount(e.amount)), ("first", first)))
        if k == "DividedDamageEffect":
            amount = self.amount(e.amount)
            if amount.kind != "fixed" or amount.value < 1:
                self.ck.error(e, "the amount divided among targets must be a number (601.2d)")
            first = len(self.targets)
            # 601.2d: each target gets at least 1, so there are at most `amount` of them.
            for n in range(max(amount.value, 1)):
                self.targets.append(TargetIR("any", condition=cond, words="any number of targets",
                                             optional=n > 0, group=first))
            return EffectIR("divided_damage", (("amount", amount),
                                               ("slots", tuple(str(i) for i in range(first, len(self.targets))))))
        if k == "DamageEffect":
            also = self.target(e.also, cond) if e.also is not None else None
            to = RefIR("you", words="you") if e.you else self.target(e.target, cond)
            return EffectIR("damage", (("amount", self.amount(e.amount)), ("target", to),
                                       ("equal_to", bool(e.equal)), ("also", also), ("named", bool(e.named))))
        if k == "ReturnAllFromGraveyardsEffect":
            f = _filter(self.ck, e.filter, e)
            return EffectIR("return_all_from_graveyards", (("filter", f),))
        if k == "NoUntapEffect":
            return EffectIR("no_untap", (("target", self.target(e.target, cond)),))
        if k == "PhaseOutEffect":
            return EffectIR("phase_out", (("target", self.target(e.target, cond)),))
        if k == "NoRegenEffect":
            if e.thisturn:
                # 701.15c with a duration: any destruction this turn can't be replaced by regeneration.
                ref = self.target(e.target, cond) if e.target is not None else \
                    RefIR("slot", len(self.targets) - 1, words=f"that {e.thatnoun}")
                return EffectIR("no_regen_turn", (("target", ref),))
            if e.thatnoun:
                ref = RefIR("slot", len(self.targets) - 1, words=f"that {e.thatnoun}") if self.targets \
                    else RefIR("this", words="this")
                return EffectIR("no_regen", (("target", ref), ("words", f"that {e.thatnoun}")))
            return EffectIR("no_regen", (("target", self.target(e.target, cond)), ("words", "it")))
        if k == "GainLifeEffect" and e.equal is not None:
            player = self.player(e.player, cond)
            if e.equal.target is not None:
                # "the power of target creature you control": a new target slot (115.1).
                ref = self.target(e.equal.target, cond)
                slot = ref.index if ref.kind == "slot" else -1
                return EffectIR("gain_life", (("player", player),
                                              ("amount", AmountIR("power_of", slot, words=f"the power of {ref.words}"))))
            slot = len(self.targets) - 1 if self.targets else -1
            return EffectIR("gain_life", (("player", player),
                                          ("amount", AmountIR("power_of", slot, words="its power"))))
        if k in ("GainLifeEffect", "LoseLifeEffect", "DrawEffect", "DiscardEffect"):
            kind = {"GainLifeEffect": "gain_life", "LoseLifeEffect": "lose_life", "DrawEffect": "draw",
                    "DiscardEffect": "discard"}[k]
            if k == "DiscardEffect" and e.player is None and getattr(e, "third", None):
                if self.last_player is None or self.last_player.kind == "you":
                    self.ck.error(e, "'discards' needs a player: name one, or follow an instruction of another player")
                else:
                    return EffectIR(kind, (("player", self.last_player), ("amount", self.amount(e.amount)),
                                           ("implicit", True)))
            player = self.player(e.player, cond)
            self.last_player = player
            per = e.per if k in ("GainLifeEffect", "DiscardEffect") else None
            args: tuple[tuple[str, ArgValue], ...] = (("player", player), ("amount", self.amount(e.amount, per)))
            if k == "DiscardEffect" and e.random:
                args += (("at_random", True),)
            return EffectIR(kind, args)
        if k == "PlayerMillEffect":
            return EffectIR("mill", (("player", self.player(e.player, cond)), ("amount", self.amount(e.amount)),
                                     ("their", True)))
        if k == "MillEffect":
            amount = self.amount(e.amount) if e.amount is not None else AmountIR("fixed", 1, words="1")
            return EffectIR("mill", (("player", self.player(e.player, cond)), ("amount", amount)))
        if k == "RemoveCountersEffect":
            return EffectIR("remove_counters", (("amount", self.amount(e.amount)),
                                                ("counter", self.counter_kind(e.counter)),
                                                ("target", self.target(e.target, cond))))
        if k == "SacrificeEffect":
            unless = self.cost_value(e.unless) if e.unless is not None else None
            return EffectIR("sacrifice", (("target", self.target(e.target, cond)), ("unless", unless)))
        if k == "TapOrUntapEffect":
            return EffectIR("tap_or_untap", (("target", self.target(e.target, cond)),))
        if k in ("UntapEffect", "TapEffect", "ReturnToHandEffect", "RegenerateEffect"):
            kind = {"UntapEffect": "untap", "TapEffect": "tap", "ReturnToHandEffect": "bounce",
                    "RegenerateEffect": "regenerate"}[k]
            ref = self.target(e.target, cond)
            if k == "ReturnToHandEffect" and e.yours:
                # "to your hand": only for what you own (its owner's hand is yours, 400.3).
                last = self.targets[-1] if ref.kind == "slot" and self.targets else None
                if last is None or last.filter.controller != "own":
                    self.ck.error(e, "'to your hand' needs a target you own ('target creature you own')",
                                  "otherwise write 'to its owner's hand'")
                elif last.filter.exiled:
                    # 406: "return target exiled card ... you own to your hand": a card in exile as a target.
                    self.targets[ref.index] = replace(last, zone="exile")
                    return EffectIR("return_from_graveyard", (("target", ref), ("from", ""), ("to", "hand"),
                                                              ("mine", False), ("zone", "exile")))
                return EffectIR(kind, (("target", ref), ("yours", True)))
            return EffectIR(kind, (("target", ref),))
        if k == "ContinuousEffect":
            duration = "eot"
            d = e.lead if e.lead is not None else e.duration
            parts = tuple(self.static_part(p) for p in e.parts)
            if any(p.per_counter or p.per_filter is not None for p in parts):
                self.ck.error(e, "'for each ... counter on this' is for static abilities; an effect fixes a number")
            tail = tuple(self.static_part(p) for p in e.tail)
            if d is None and parts and all(p.kind == "has" for p in parts) and not tail and e.lead is None:
                # 611.2a: "That creature gains haste." -- no duration: it lasts as long as the object does.
                duration = "forever"
            elif d is None and not any(p.this_turn for p in parts):
                self.ck.error(e, "a continuous effect needs a duration ('until end of turn', 'until your next upkeep')")
            elif d is not None and d.next_upkeep:
                duration = "next_upkeep"
            elif d is not None and d.losecontrol:
                duration = "control"  # 702.62a: it follows the spell to the permanent it becomes
            if e.target is not None:
                ref = self.target(e.target, cond)
                if e.also is not None:
                    return EffectIR("continuous", (("target", ref), ("parts", parts), ("duration", duration),
                                                   ("lead", e.lead is not None), ("tail", tail),
                                                   ("written", d is not None), ("also", self.target(e.also, cond))))
            else:
                f = _filter(self.ck, e.group, e)
                ref = RefIR("each", words=f.words, filter=f)
            return EffectIR("continuous", (("target", ref), ("parts", parts), ("duration", duration),
                                           ("lead", e.lead is not None), ("tail", tail),
                                           ("written", d is not None),
                                           ("this_turn", bool(d is not None and d.thisturn))))
        if k == "GainControlEffect":
            duration = "forever"
            if e.duration is not None:
                duration = "next_upkeep" if e.duration.next_upkeep else "eot"
            return EffectIR("gain_control", (("target", self.target(e.target, cond)), ("duration", duration)))
        if k == "BlockRequirementEffect":
            return EffectIR("must_block", (("target", self.target(e.target, cond)),))
        if k == "PreventEffect":
            ref = RefIR("you", words="you") if e.you else self.target(e.target, cond)
            return EffectIR("prevent", (("amount", self.amount(e.amount)), ("target", ref)))
        if k == "DestroyEffect":
            return EffectIR("destroy", (("target", self.target(e.target, cond)), ("no_regeneration", False)))
        if k == "ExileEffect":
            ref = self.target(e.target, cond)
            whose = self.from_graveyard(e, ref) if e.source is not None else ""
            also = self.target(e.also, cond) if e.also is not None else None
            exile_args: tuple[tuple[str, Any], ...] = (("target", ref), ("from", whose), ("also", also))
            if e.counter is not None:
                # 702.62a: "exile it with N time counters on it" (the counters come with it, 122.1).
                exile_args += (("amount", self.amount(e.amount)), ("counter", self.counter_kind(e.counter)))
            return EffectIR("exile", exile_args)
        if k == "ReturnFromGraveyardEffect" and e.source is None:
            ref = self.target(e.target, cond)
            t = self.targets[ref.index] if ref.kind == "slot" and self.targets else None
            if t is None or not t.filter.exiled or not e.hand:
                self.ck.error(e, "return a card to your hand from where? write 'from your graveyard' or "
                                 "'target exiled card ... you own'")
            else:
                # 406: a card in exile as a target; "you own": only the controller's own (108.3).
                self.targets[ref.index] = replace(t, zone="exile")
            return EffectIR("return_from_graveyard", (("target", ref), ("from", ""), ("to", "hand"),
                                                      ("mine", False), ("zone", "exile")))
        if k == "ReturnFromGraveyardEffect":
            ref = self.target(e.target, cond)
            whose = self.from_graveyard(e, ref)
            return EffectIR("return_from_graveyard", (("target", ref), ("from", whose),
                                                      ("to", "hand" if e.hand else "battlefield"),
                                                      ("mine", bool(e.mine))))
        if k == "CounterSpellEffect":
            if e.unless is not None:
                per = AmountIR("graveyard_size", words="for each card in your graveyard") if e.per else None
                return EffectIR("counter_unless", (("target", self.target(e.target, cond)),
                                                   ("unless", self.cost_value(e.unless)), ("per", per)))
            return EffectIR("counter_spell", (("target", self.target(e.target, cond)),))
        if k == "PlayerSacrificesEffect":
            return EffectIR("player_sacrifices", (("player", self.player(e.player, cond)),
                                                  ("amount", self.amount(e.amount)),
                                                  ("filter", _filter(self.ck, e.filter, e))))
        if k == "PutOnLibraryEffect":
            ref = self.target(e.target, cond)
            whose = self.from_graveyard(e, ref) if e.source is not None else ""
            return EffectIR("put_on_library", (("target", ref), ("from", whose), ("top", bool(e.top))))
        if k == "PutIntoZoneEffect":
            return EffectIR("put_into", (("target", self.target(e.target, cond)), ("zone", "graveyard"),
                                         ("face_down", "no"), ("mine", False), ("from_graveyard", False)))
        if k == "ReturnToBattlefieldEffect":
            face = "choice" if e.choice else "yes" if e.facedown else "no"
            return EffectIR("put_into", (("target", self.target(e.target, cond)), ("zone", "battlefield"),
                                         ("face_down", face), ("mine", bool(e.mine)),
                                         ("from_graveyard", bool(e.fromgy)), ("owners", bool(e.owners))))
        if k == "ExileTopEffect":
            return EffectIR("exile_top", (("player", self.player(e.player, cond)),))
        if k == "MayPlayEffect":
            return EffectIR("may_play", ())
        if k == "CastThisEffect" and e.free:
            # 118.9, 608.2g, 702.62a: cast it during resolution without paying its mana cost, if able.
            return EffectIR("cast_this", (("target", self.target(e.target, cond)), ("label", "")))
        if k == "CastThisEffect":
            if self.params is None:
                self.ck.error(e, "'cast this for its ... cost' belongs in a keyword definition with that cost")
            # 113.7a: the triggered ability names the cost itself ("cast it by paying [cost]"), so it
            # still can once the keyword is gone (e.g. granted by a permanent that left).
            costs = [p for p, t in (self.params or {}).items() if t == "cost"]
            return EffectIR("cast_this", (("target", self.target(e.target, cond)), ("label", str(e.label).lower()),
                                          ("cost_param", costs[0] if len(costs) == 1 else "")))
        if k == "CopySpellEffect":
            return EffectIR("copy_spell", (("target", self.target(e.target, cond)), ("new_targets", bool(e.newtargets))))
        if k == "TokenCopyEffect":
            return EffectIR("token_copy", (("target", self.target(e.target, cond)),))
        if k == "PlayerTopCardActionEffect":
            # "manifests": the action word with the third person's -s.
            word = e.action[:-1] if e.action.endswith("s") and e.action[:-1] in self.actions else e.action
            name = self._action(e, word)
            act = self.actions.get(name)
            if act is not None and not any(kind == "face_down" for kind, _ in act.steps):
                self.ck.error(e, f"the keyword action '{name}' doesn't act on the top card of a library")
            return EffectIR("action", (("action", name), ("player", self.player(e.player, cond)), ("top_card", True),
                                       ("their", True)))
        if k == "AttachEffect":
            return EffectIR("attach", (("target", self.target(e.target, cond)),))
        if k == "NumberedActionEffect":
            name = self._action(e, e.action)
            act = self.actions.get(name)
            if act is not None and not any(kind == "arrange" for kind, _ in act.steps):
                self.ck.error(e, f"the keyword action '{name}' doesn't take a number of cards")
            return EffectIR("action", (("action", name), ("player", RefIR("you", words="you")),
                                       ("count", self.amount(e.count)), ("numbered", True)))
        if k == "TopCardActionEffect":
            name = self._action(e, e.action)
            act = self.actions.get(name)
            if act is not None and not any(kind == "face_down" for kind, _ in act.steps):
                self.ck.error(e, f"the keyword action '{name}' doesn't act on the top card of a library")
            extra = (("count", self.amount(e.count)),) if e.count is not None else ()
            return EffectIR("action", (("action", name), ("player", self.player(e.player, cond)), ("top_card", True))
                            + extra)
        if k == "PutCountersEffect":
            return EffectIR("put_counters", (("amount", self.amount(e.amount)), ("counter", self.counter_kind(e.counter)),
                                             ("target", self.target(e.target, cond))))
        if k == "SearchEffect":
            action = self._action(e, "search")
            found = _filter(self.ck, e.filter, e)
            if e.alts:
                # "a basic land card or a Gate card": a card matching any one of the selectors.
                alt_filters = tuple(_filter(self.ck, a, e) for a in e.alts)
                words = found.words + "".join(f" or {'an' if a.words[:1] in 'aeiou' else 'a'} {a.words}"
                                              for a in alt_filters)
                found = replace(found, alternatives=alt_filters, words=words)
            dest = {"OntoBattlefield": "battlefield", "IntoHand": "hand", "IntoGraveyard": "graveyard"}[cname(e.destination)]
            return EffectIR("action", (("action", action), ("player", self.player(e.player, cond)),
                                       ("count", self.amount(e.count)), ("up_to", bool(e.upto)),
                                       ("filter", found), ("destination", dest),
                                       ("tapped", bool(e.tapped)), ("that_card", bool(e.thatcard)),
                                       ("those_cards", bool(e.thosecards)), ("reveal", bool(e.reveal))))
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
            has_name = bool(e.tokname)
            if e.tokname:
                name = unescape(e.tokname)
                if not name.strip():
                    self.ck.error(e, "a token's name can't be empty")
            count = self.amount(e.count, e.pertime)
            if e.per is not None:
                kind = self.counter_kind(e.per)
                count = AmountIR("counters_on_this", label=kind, words=f"for each {kind} counter on it")
            return EffectIR("create_tokens", (
                ("count", count), ("name", name), ("power", int(e.power)), ("toughness", int(e.toughness)),
                ("colors", tuple(COLOR_LETTER.get(c, c) for c in e.colors if c != "colorless")),
                ("types", types), ("subtypes", subtypes), ("keywords", tuple(e.keywords)), ("named", has_name),
                ("tapped", bool(e.tapped))))
        if k == "AddManaEffect":
            if e.anycolor:
                return EffectIR("add_mana", (("mana", ()), ("any_color", True)))
            if e.last:
                syms = self.ck.mana_symbols(e, [*e.choices, e.last])
                return EffectIR("add_mana", (("mana", ()), ("any_color", False), ("choices", syms)))
            mana = self.ck.mana_symbols(e.mana, list(e.mana.symbols))
            if e.alts:
                # "add {W} or {U}": one mana, of the player's choice among these (106.1a).
                alts = (mana,) + tuple(self.ck.mana_symbols(c, list(c.symbols)) for c in e.alts)
                if any(len(c) != 1 for c in alts):
                    self.ck.error(e, "each choice of 'add ... or ...' must be one mana symbol")
                return EffectIR("add_mana", (("mana", ()), ("any_color", False),
                                             ("choices", tuple(c[0] for c in alts if c))))
            return EffectIR("add_mana", (("mana", mana), ("any_color", False)))
        if k == "PayEffect":
            cost = _cost(self.ck, e.cost)
            if cost.tap or cost.sacrifice_this or cost.exile_this:
                self.ck.error(e, "an instruction can't pay {T}, sacrifice this or exile this: those are costs of "
                                 "activated abilities")
            return EffectIR("pay", (("cost", cost),))
        if k == "MayEffect":
            return EffectIR("may", (("effect", self.effect(e.effect, cond)),))  # 608.2d
        if k == "PutFromHandEffect":
            return EffectIR("put_from_hand", (("filter", _filter(self.ck, e.filter, e)),))
        if k == "DelayedEffect":
            step = "end_combat" if e.endcombat else e.step  # 511.2: "at end of combat"
            return EffectIR("delayed", (("step", step), ("effect", self.effect(e.effect, cond))))
        self.ck.error(e, f"unsupported effect {k}")  # pragma: no cover - grammar and lowering agree
        return EffectIR("none", ())

    def _action(self, e: Any, name: str) -> str:
        if name not in self.actions:
            self.ck.error(e, f"the keyword action '{name}' is not defined in the keyword library",
                          "define it in cards/keywords/ (action ... rule 701.x { ... })")
        return name

    # static abilities and continuous effects ---------------------------------

    def static_part(self, p: Any) -> StaticPartIR:
        """One thing a static ability or continuous effect does."""
        k = cname(p)
        if k == "AttacksDespite":
            self.ck.name_in(p, "keyword", p.keyword, self.keywords)
            return StaticPartIR("attack_despite", keywords=(p.keyword,), this_turn=bool(p.thisturn))
        if k == "PTChange":
            def signed(v: str) -> tuple[int, int]:  # (fixed part, multiple of X)
                return (0, -1 if v.startswith("-") else 1) if v.endswith("X") else (int(v), 0)
            (pw, xp), (tg, xt) = signed(p.power), signed(p.toughness)
            per = self.counter_kind(p.per) if p.per is not None else ""
            per_filter = None
            if p.perfilter is not None:
                per_filter = _filter(self.ck, p.perfilter, p)
                if p.onbf:
                    per_filter = replace(per_filter, words=per_filter.words + " on the battlefield")
                elif not per_filter.controller:
                    self.ck.error(p, "say whose permanents are counted: '... you control' or '... on the battlefield'")
            # Oracle writes a zero change with the sign of the other half ("-2/-0"): keep it for the text.
            minus_zero = ("p" if p.power == "-0" else "") + ("t" if p.toughness == "-0" else "")
            return StaticPartIR("pt", power=pw, toughness=tg, x_power=xp, x_toughness=xt, minus_zero=minus_zero,
                                additional=bool(p.additional), per_counter=per, per_filter=per_filter)
        if k == "IsColor":
            if p.color == "colorless":
                self.ck.error(p, "'is colorless' is not supported: name a color")
            return StaticPartIR("color", colors=(COLOR_LETTER.get(p.color, ""),))
        if k in ("CantBeBlockedExcept", "CanBlockOnly"):
            return StaticPartIR("evasion" if k == "CantBeBlockedExcept" else "block_only",
                                filters=tuple(_filter(self.ck, f) for f in p.filters))
        if k == "CantBeTargeted":
            return StaticPartIR("hexproof" if p.opponents else "shroud")
        if k == "CantBeBlockedByFewer":
            return StaticPartIR("min_blockers", count=NUMBER_WORDS[p.count])
        if k == "MaxBlockers":
            return StaticPartIR("max_blockers", count=NUMBER_WORDS[p.count])
        if k == "CombatDamageSteps":
            return StaticPartIR("damage_steps", regular=bool(p.regular))
        if k in ("CantBeBlockedBy", "CantBeTargetedBy", "CantBeAttachedBy", "PreventDamageFrom"):
            kind = {"CantBeBlockedBy": "cant_be_blocked_by", "CantBeTargetedBy": "cant_be_targeted_by",
                    "CantBeAttachedBy": "cant_be_attached_by", "PreventDamageFrom": "prevent_damage_from"}[k]
            q = p.quality
            if q.param:
                if self.params is None or self.params.get(q.param) != "quality":
                    self.ck.error(q, f"'{q.param}' is not a quality parameter here",
                                  "a quality is a color or 'multicolored'; inside a keyword, its quality parameter")
                return StaticPartIR(kind, quality_param=q.param)
            return StaticPartIR(kind, quality=q.word)
        if k == "GainsAbility":
            # Lowered as an ability of its own (its targets are its own), rendered as a class.
            saved = self.targets
            inner = self.ability(SimpleNamespace(abilityword=None, body=p.ability))
            self.targets = saved
            self.granted += 1
            return StaticPartIR("gain_ability", ability=inner, ability_cls=f"Granted{self.granted}")
        if k == "HasKeywordAtManaCost":
            # 702.1b: the keyword's one cost parameter is the object's mana cost.
            self.ck.name_in(p, "keyword", p.keyword, self.keywords)
            kw = self.keywords.get(p.keyword)
            if kw is not None and [t for _, t in kw.params] != ["cost"]:
                self.ck.error(p, f"'{p.keyword}' doesn't take one cost: 'with cost equal to its mana cost' needs a "
                                 "keyword with one cost parameter (flashback, madness, ...)")
            return StaticPartIR("has_at_mana_cost", keywords=(str(p.keyword),))
        if k in ("HasKeywords", "LosesKeywords"):
            for kw in p.keywords:
                self.ck.name_in(p, "keyword", kw, self.keywords)
                if kw in self.keywords and self.keywords[kw].params:
                    self.ck.error(p, f"'{kw}' takes parameters; it can't be granted or removed this way")
            return StaticPartIR("has" if k == "HasKeywords" else "loses", keywords=tuple(p.keywords))
        kind = {"CantAttackOrBlock": "cant_attack_or_block", "CantAttack": "cant_attack", "CantBlock": "cant_block",
                "CantBeDestroyed": "indestructible", "CantPhaseOut": "cant_phase_out",
                "PhasesEachUntap": "phasing", "AssignsExcess": "excess_to_player",
                "AttacksUntapped": "attacks_untapped", "DamageGainsLife": "lifelink_damage",
                "DamageIsLethal": "lethal_damage", "CantBeBlocked": "unblockable",
                "AttacksEachCombat": "must_attack", "BlocksEachCombat": "must_block_each"}[k]
        return StaticPartIR(kind)

    def ability(self, st: Any) -> AbilityIR:
        """Lower one ability statement (of a card, or of a keyword definition)."""
        word = st.abilityword or ""
        if word and word not in self.library.ability_words() and self.library.files:
            self.ck.name_in(st, "ability word", word, self.library.ability_words())
        b = st.body
        k = cname(b)
        self.targets = []
        self.last_player = None
        if k == "TriggeredStmt":
            trigger = self.trigger(b.trigger)
            if b.zone:
                trigger = replace(trigger, zone=b.zone)  # 113.6b: it functions only in that zone
            cond = self.condition(b.condition) if b.condition is not None else None
            self.self_it, self.effects_done = trigger.scope == "this" and trigger.events != ("beginning",), 0
            self.event = trigger
            try:
                sents = self.sentences(b.sentences)
            finally:
                self.self_it = False
                self.event = None
            # An ability that returns its own card "from your graveyard" works from there (113.6k).
            if any(e.kind == "put_into" and dict(e.args).get("from_graveyard") for s in sents for e in s.effects):
                trigger = replace(trigger, from_graveyard=True)
            return TriggeredIR(trigger, cond, tuple(self.targets), sents, word)
        if k == "ActivatedStmt":
            if b.cost is None:  # a keyword's cost parameter alone ("price: attach this ...")
                b.cost = _EmptyCost()
            cost = _cost(self.ck, b.cost, self.counters)
            if b.param:
                if self.params is None or self.params.get(b.param) != "cost":
                    self.ck.error(b, f"'{b.param}' is not a cost parameter here")
                elif b.param == "cost":
                    # The generated ability class has an attribute "cost"; the parameter would be shadowed.
                    self.ck.error(b, "a cost parameter leading an activated ability can't be named 'cost'",
                                  "rename the parameter, e.g. 'keyword Cycling(price: cost)'")
                else:
                    cost = replace(cost, plus_param=b.param)
            if cost.discard_this and not b.fromhand:
                self.ck.error(b, "'discard this card' is a cost of an ability that works in the hand: start it with 'from hand:'")
            for part in (b.cost.parts if b.cost is not None else ()):
                if cname(part) == "RemoveCountersCost":
                    self.counter_kind(part.counter)
            sents = self.sentences(b.sentences)
            # 605.1a: no target, could add mana, not a loyalty ability -> a mana ability.
            is_mana = not self.targets and any(e.kind == "add_mana" for s in sents for e in s.effects)
            restriction = self.condition(b.restriction) if b.restriction is not None else None
            if b.sorcery:
                restriction = ConditionIR("", "", kind="sorcery_timing")
            if b.castable:
                restriction = ConditionIR("", "", kind="cast_timing")  # 116.2f: when it could be cast
            return ActivatedIR(cost, tuple(self.targets), sents, is_mana, restriction=restriction, ability_word=word,
                               once_per_turn=bool(b.once), from_hand=bool(b.fromhand), special=bool(b.special))
        if k == "UncounterableStmt":
            return UncounterableIR(word)
        if k == "AsTurnedFaceUpStmt":
            return AsTurnedFaceUpIR(self.amount(b.amount), self.counter_kind(b.counter), word)
        if k == "EntersAsCopyStmt":
            return EntersAsCopyIR(_filter(self.ck, b.filter, b), word)
        if k == "EntersWithStmt":
            amount = self.amount(b.amount)
            counter = self.counter_kind(b.counter)
            if b.word and self.ck.name_in(b, "condition word", b.word, self.words):
                amount = AmountIR("times_paid", amount.value, self.words[b.word], words=b.word)
            cond = self.condition(b.condition) if b.condition is not None else None
            for kw in b.keywords:
                self.ck.name_in(b, "keyword", kw, self.keywords)
                if kw in self.keywords and self.keywords[kw].params:
                    self.ck.error(b, f"'{kw}' takes parameters; it can't be given this way")
            return EntersWithIR(amount, counter, cond, word, keywords=tuple(b.keywords))
        if k == "EntersTappedStmt":
            return EntersTappedIR(word)
        if k == "AmplifyStmt":
            return AmplifyIR(self.amount(b.amount), self.counter_kind(b.counter), word)
        if k == "PTDefiningStmt":
            which = "both" if b.both else str(b.which)
            amount = self.amount(b.amount)
            if amount.kind not in ("count", "counters_on_this", "fixed"):
                self.ck.error(b.amount, "power and toughness can equal a number, a count or counters on it")
            return StaticIR((StaticPartIR("set_pt", keywords=(which,), amount=amount),), None, False, word)
        if k == "PreventDamageByStmt":
            return StaticIR((StaticPartIR("prevent_damage_by", filters=(_filter(self.ck, b.filter, b),)),), None, False, word)
        if k == "CostReductionStmt":
            filters = tuple(_filter(self.ck, sk.filter, sk) for sk in b.spells)
            syms = self.ck.mana_symbols(b.amount, list(b.amount.symbols))
            if len(syms) != 1 or not syms[0].strip("{}").isdigit():
                self.ck.error(b.amount, "a cost reduction is a generic amount, e.g. {1} (601.2f)")
            n = int(syms[0].strip("{}")) if syms and syms[0].strip("{}").isdigit() else 0
            if any(f.kind != "spell" for f in filters):
                self.ck.error(b, "a cost reduction names spells ('green spells and blue spells you cast')")
            zones = tuple("command" if z.command else "battlefield" for z in b.zones)
            return StaticIR((StaticPartIR("cost_reduction", count=n, filters=filters),), None, False, word, zones=zones)
        if k == "HandSizeStmt":
            return StaticIR((StaticPartIR("hand_size", count=NUMBER_WORDS[b.amount]),), None, False, word)
        if k in ("CantSearchStmt", "SkipExtraTurnStmt"):
            # 701.19 / 614.10: a static ability affecting players, relative to its controller.
            who = "opponents" if b.who in ("your opponents", "an opponent") else "each"
            kind = "cant_search" if k == "CantSearchStmt" else "skip_extra_turns"
            return StaticIR((StaticPartIR(kind, keywords=(who,)),), None, False, word)
        if k == "AdditionalLandStmt":
            # 305.2: continuous effects may increase the number of lands a player can play.
            return StaticIR((StaticPartIR("extra_land", count=NUMBER_WORDS[b.count]),), None, False, word)
        if k == "TopRevealedStmt":
            # 401.5: the top card of its controller's library is public while this is on the battlefield.
            return StaticIR((StaticPartIR("top_revealed"),), None, False, word)
        if k == "PlayTopStmt":
            # 305.1, 601.2a: a permission to play (or only cast) the top card of your library.
            flt = (_filter(self.ck, b.filter, b),) if b.filter is not None else ()
            return StaticIR((StaticPartIR("play_top", filters=flt, keywords=(str(b.verb),)),), None, False, word)
        if k == "CantActivateStmt":
            return StaticIR((StaticPartIR("cant_activate"),), None, False, word,
                            affected=_filter(self.ck, b.affected, b))
        if k == "CostPerTargetStmt":
            return CardCostIR("per_extra_target", CostIR(mana=tuple(self.ck.mana_symbols(b.cost, list(b.cost.symbols)))), word)
        if k in ("CardAltCostStmt", "CardAddCostStmt"):
            cost = _cost(self.ck, b if k == "CardAltCostStmt" else b.cost)
            return CardCostIR("alternative" if k == "CardAltCostStmt" else "additional", cost, word)
        if k == "CardsStaticStmt":
            # 611.3a, 613.1f: it affects cards that aren't on the battlefield.
            f = _filter(self.ck, b.affected, b)
            if f.kind != "card":
                self.ck.error(b, "cards outside the battlefield are named as cards: 'each ... card you own'")
            return StaticIR(tuple(self.static_part(p) for p in b.parts), None, False, word,
                            affected=replace(f, words=f"each {f.words} that isn't on the battlefield"), cards=True)
        cond_node = b.precondition if b.precondition is not None else b.condition
        cond = self.condition(cond_node) if cond_node is not None else None
        affected = _filter(self.ck, b.affected, b) if b.affected is not None else None
        parts = tuple(self.static_part(p) for p in b.parts)
        if any(p.x_power or p.x_toughness for p in parts):
            # 107.3: X in a static ability has no value to take; only a resolving effect fixes one.
            self.ck.error(b, "X has no value in a static ability: use a number, or an effect 'until end of turn'")
        return StaticIR(parts, cond, b.precondition is not None, word,
                        enchanted="creature" if b.enchanted or b.equipped else "", affected=affected,
                        host_word="equipped" if b.equipped else "enchanted")

    def trigger(self, t: Any) -> TriggerIR:
        """Lower a trigger condition (603.2)."""
        if cname(t) == "CastTrigger":
            # 603.2, 601.2i: "whenever an opponent casts a multicolored spell".
            spell = _filter(self.ck, t.spell, t)
            who = {"you": "you", "an opponent": "opponent", "a player": "any"}[t.who]
            article = "an" if spell.words[:1] in "aeiou" else "a"
            verb = "cast" if t.who == "you" else "casts"
            return TriggerIR(("cast",), scope=f"cast_{who}", subject=spell,
                             words=f"{t.lead} {t.who} {verb} {article} {spell.words}")
        if cname(t) == "BatchAttackTrigger":
            # 603.2c: one trigger for the whole declaration of attackers (508.1), counting them.
            subject = _filter(self.ck, t.subject, t)
            if subject.controller != "you":
                self.ck.error(t, "write 'whenever one or more FILTER you control attack'")
            return TriggerIR(("attack_batch",), scope="yours", subject=subject,
                             words=f"whenever one or more {subject.words} attack")
        if cname(t) == "LastCounterTrigger":
            # 702.62a-style: the last counter of a kind is removed from the object (603.2).
            kind = self.counter_kind(t.counter)
            return TriggerIR(("last_counter_removed",), counter=kind,
                             words=f"{t.lead} the last {kind} counter is removed from this")
        if cname(t) == "BeginningTrigger":
            step = {"upkeep": "upkeep", "draw step": "draw", "end step": "end"}[t.step]
            return TriggerIR(("beginning",), step=step, whose=t.whose,
                             words=f"at the beginning of {t.whose} {t.step}")
        events: list[str] = []
        flt = None
        words: list[str] = []
        opponents = False
        combat = False
        recipient = ""
        for ev in t.events:
            ek = cname(ev)
            if ek == "TurnedUpEvent":
                events.append("turned_face_up")
                words.append("is turned face up")
            elif ek == "ExiledThisWayEvent":
                events.append("exiled_this_way")
                words.append("is exiled this way")
            elif ek == "TargetedEvent":
                events.append("targeted")
                opponents = bool(ev.opponents)
                words.append("becomes the target of a spell or ability" + (" an opponent controls" if opponents else ""))
            elif ek in ("DealsDamageEvent", "DealtDamageEvent"):
                # 120.3, 603.2c: a damage event, maybe combat damage only, maybe to one kind of recipient.
                dealt = ek == "DealtDamageEvent"
                events.append("dealt_damage" if dealt else "deals_damage")
                combat = bool(ev.combat)
                recipient = "" if dealt else {"a player": "player", "an opponent": "opponent",
                                              "a creature": "creature", "": ""}[ev.recipient or ""]
                kind = "combat damage" if combat else "damage"
                words.append(f"is dealt {kind}" if dealt else
                             f"deals {kind}" + (f" to {ev.recipient}" if ev.recipient else ""))
            elif ek == "PhasesEvent":
                events.append(f"phases_{ev.direction}")
                words.append(f"phases {ev.direction}")
            elif ek == "BlockedEvent":
                events.append("blocked")
                flt = _filter(self.ck, ev.filter) if ev.filter is not None else None
                words.append("becomes blocked" + (f" by {flt.words}" if flt else ""))
            else:
                name = {"EntersEvent": "enters", "LeavesEvent": "leaves", "DiesEvent": "dies",
                        "AttacksEvent": "attacks", "BlocksEvent": "blocks"}[ek]
                events.append(name)
                if ek == "BlocksEvent" and ev.acreature:
                    name = "blocks a creature"  # 509.3c: "that creature" is the one it blocks
                words.append({"enters": "enters the battlefield", "leaves": "leaves the battlefield"}.get(name, name))
        lead = t.lead
        if cname(t) == "YoursTrigger":
            subject = _filter(self.ck, t.subject, t)
            under = ""
            if t.undercontrol and not subject.controller:
                # "... enters the battlefield under your control": a permanent of its controller's.
                subject = replace(subject, controller="you")
                under = " under your control"
            if subject.controller not in ("you", ""):
                self.ck.error(t, "only triggers on objects you control or on any player's are supported")
            article = "an" if subject.words[:1] in "aeiou" else "a"
            if t.thisor:
                article = "this or"  # "Whenever Doomwake Giant or another enchantment enters ..."
                subject = replace(subject, other=False)  # the object itself counts too
            elif subject.other:
                article = ""  # "another red creature"
            head = " ".join(w for w in (lead, article, subject.words, " or ".join(words)) if w)
            return TriggerIR(tuple(events), filter=flt, scope="yours", subject=subject, opponents=opponents,
                             words=head + under, combat=combat, recipient=recipient)
        this = "this creature" if getattr(t, "creature", False) else "this"
        return TriggerIR(tuple(events), filter=flt, opponents=opponents, words=f"{lead} {this} {' or '.join(words)}",
                         combat=combat, recipient=recipient)

    def sentences(self, sentences: Any) -> tuple[SentenceIR, ...]:
        """Lower a sequence of sentences."""
        out: list[SentenceIR] = []
        self.named_this = False
        self.last_group = None
        self.chose = False
        self.moved_slot = -1
        for s in sentences:
            cond_node = s.pre if s.pre is not None else None
            cond = self.condition(cond_node) if cond_node is not None else None
            # 702.33g: targets in a kicked-only part are chosen only if kicked.
            gate = cond if cond is not None and cond.kind == "paid" else None
            effects = []
            for e in [*s.effects, *([s.last] if s.last is not None else [])]:
                effects.append(self.effect(e, gate))
                self.effects_done += 1
                self.named_this = not self.targets and any(
                    isinstance(v, RefIR) and v.kind == "this" and v.words != "it" for _, v in effects[-1].args)
                moved = dict(effects[-1].args).get("target") if effects[-1].kind == "exile" else None
                self.moved_slot = moved.index if isinstance(moved, RefIR) and moved.kind == "slot" else -1
            if s.post is not None:
                cond = self.condition(s.post)
            own_gate = None
            if s.tailinstead and s.pre is not None and s.post is not None:
                # "If kicked, counter that spell if its ... is 4 or less instead": the leading condition
                # decides the replacement, the trailing one gates the replacing sentence.
                own_gate, cond = cond, self.condition(s.pre)
            if s.lastinstead:
                # "... if C instead if D": D decides whether it replaces the sentence before; C gates it.
                own_gate, cond = cond, self.condition(s.insteadcond)
            word = s.word or ""
            if word and self.library.files:
                self.ck.name_in(s, "ability word", word, self.library.ability_words())
            if (s.instead or s.tailinstead) and not out:
                self.ck.error(s, "'instead' needs a sentence before it to replace")
            if effects and all(e.kind == "no_regen" for e in effects):
                # 701.15c: "It can't be regenerated." belongs to the destroy instruction before it.
                prev = out[-1] if out else None
                last = prev.effects[-1] if prev is not None and prev.effects else None
                same = last is not None and last.kind == "destroy" and \
                    _same_ref(dict(last.args)["target"], dict(effects[0].args)["target"])
                if not same or prev is None or last is None:
                    self.ck.error(s, "'can't be regenerated' must follow a 'destroy' of the same object")
                else:
                    fixed = EffectIR("destroy", (("target", dict(last.args)["target"]), ("no_regeneration", True),
                                                 ("no_regen_words", dict(effects[0].args)["words"])))
                    out[-1] = replace(prev, effects=prev.effects[:-1] + (fixed,))
                continue
            out.append(SentenceIR(tuple(effects), cond, bool(s.instead or s.lastinstead or s.tailinstead), bool(s.may),
                                  bool(s.then), gate=own_gate, ability_word=word, instead_last=bool(s.tailinstead),
                                  instead_if=bool(s.lastinstead),
                                  condition_after=s.post is not None and s.pre is None,
                                  and_last=s.last is not None))
        return tuple(out)


def _same_ref(a: object, b: object) -> bool:
    return isinstance(a, RefIR) and isinstance(b, RefIR) and (a.kind, a.index) == (b.kind, b.index)


def lower_card_file(text: str, path: str, library: LibraryIR) -> tuple[CardIR | None, list[Diagnostic]]:
    """Parse, check and lower one card file."""
    model, diags = parse_text(text, path)
    if model is None:
        return None, diags
    return lower_card_model(model, path, library)


def lower_card_model(model: Any, path: str, library: LibraryIR) -> tuple[CardIR | None, list[Diagnostic]]:
    """Check and lower the parsed model of one card file (see :func:`lower_card_file`)."""
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
            # "*" (208.2a): a characteristic-defining ability gives the value (checked below); the
            # definition holds 0 for it, and the ability sets it on the battlefield (613.4a).
            power = 0 if st.power == "*" else int(st.power)
            toughness = 0 if st.toughness == "*" else int(st.toughness)
        elif k == "ColorStmt":
            colors = tuple(COLOR_LETTER[c] for c in st.colors if c in COLOR_LETTER)
        elif k == "OracleStmt":
            override = unescape(st.text)
        elif k == "KeywordLine":
            abilities.append(_keyword_use(low, st.first))
            for more in st.more:
                abilities.append(replace(_keyword_use(low, more.use), joined=more.sep))
        elif k == "SpellStmt":
            low.targets = []
            if st.choice is not None:
                modes = []
                for i, m in enumerate(st.choice.modes):
                    first = len(low.targets)
                    modes.append(low.sentences(_as_list(m.sentences)))
                    low.targets[first:] = [replace(t, mode=i) for t in low.targets[first:]]
                count = NUMBER_WORDS.get(st.choice.count, 1)
                if not 1 <= count < len(modes):
                    ck.error(st.choice, f"choose {st.choice.count} needs more than {count} mode(s) (700.2)")
                abilities.append(SpellIR(tuple(low.targets), (), tuple(modes), count))
            else:
                sents = low.sentences(_as_list(st.sentences))
                abilities.append(SpellIR(tuple(low.targets), sents))
        elif k == "AbilityStmt":
            abilities.append(low.ability(st))
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
    if "PTStmt" in seen:
        st = seen["PTStmt"]
        defined = {p.keywords[0] for a in abilities if isinstance(a, StaticIR) for p in a.parts if p.kind == "set_pt"}
        for which, value in (("power", st.power), ("toughness", st.toughness)):
            has = bool(defined & {which, "both"})
            if value == "*" and not has:
                ck.error(st, f"'*' {which} needs an ability that defines it (604.3), e.g. \"this's {which} is "
                             "equal to the number of ...\"")
            elif value != "*" and has:
                ck.error(st, f"the {which} is defined by an ability (604.3): print it as '*'")
    if "SpellStmt" in seen and not ("instant" in types or "sorcery" in types):
        ck.error(seen["SpellStmt"], "only instants and sorceries have 'spell:' instructions (608.2)")
    return CardIR(name=name, source=path, module=module_name(name), mana_cost=mana, supertypes=supertypes,
                  types=types, subtypes=subtypes, power=power, toughness=toughness, colors=colors,
                  abilities=tuple(abilities), text_override=override)


def _as_list(v: Any) -> list[Any]:
    """A repeated assignment (`x=A (x=A)*`) is a list in textX; a single one is the object."""
    return v if isinstance(v, list) else [v]


def _stmt_word(k: str) -> str:
    return {"CostStmt": "cost", "TypeStmt": "type", "PTStmt": "pt", "ColorStmt": "color",
            "OracleStmt": "text", "SpellStmt": "spell"}[k]


def _keyword_use(low: CardLowering, st: Any) -> KeywordUseIR:
    name = st.name
    kw = low.keywords.get(name)
    if kw is None:
        low.ck.name_in(st, "keyword", name, low.keywords)
        return KeywordUseIR(name, "", "", ())
    args: list[CostIR | int | str] = []
    if len(st.args) != len(kw.params):
        want = ", ".join(f"{p}: {t}" for p, t in kw.params) or "no parameters"
        low.ck.error(st, f"{kw.name} takes {len(kw.params)} argument(s) ({want}), got {len(st.args)}")
        return KeywordUseIR(kw.name, kw.module, kw.cls, ())
    for (pname, ptype), arg in zip(kw.params, st.args):
        is_int = isinstance(arg, int)
        if ptype == "quality" or (not is_int and cname(arg) == "QualityArg"):
            if ptype != "quality" or is_int or cname(arg) != "QualityArg":
                want = "a quality such as 'from black'" if ptype == "quality" else f"a {ptype}"
                low.ck.error(st, f"{kw.name}'s {pname} must be {want}")
            else:
                args.append(str(arg.quality))
            continue
        if ptype == "subtype" or (not is_int and cname(arg) == "OntoArg"):
            if ptype != "subtype" or is_int or cname(arg) != "OntoArg":
                low.ck.error(st, f"{kw.name}'s {pname} must be {'a subtype such as onto Arcane' if ptype == 'subtype' else 'a ' + ptype}")
            else:
                args.append(str(arg.subtype))
            continue
        if ptype == "type" or cname(arg) == "TypeArg":
            if ptype != "type" or cname(arg) != "TypeArg":
                low.ck.error(st, f"{kw.name}'s {pname} must be a {'card type' if ptype == 'type' else ptype}")
            else:
                args.append(arg.type.rstrip("s"))
            continue
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
    """Lower every keyword file ``(text, path, module)``; report duplicate definitions.

    Two passes: first every name (keywords, counters, condition and ability words, actions), then
    the abilities inside keyword definitions, which may refer to any of those names.
    """
    lowered: list[tuple[KeywordFileIR, Any, Checker]] = []
    diags: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for text, path, module in files:
        model, d = parse_text(text, path)
        diags += d
        if model is None:
            continue
        f, d2, model = _lower_keyword_model(model, path, module)
        diags += d2
        for k in f.keywords:
            key = k.name.lower()
            if key in seen:
                diags.append(Diagnostic(path, k.line, 1, f"keyword {k.name} is already defined in {seen[key]}"))
            seen[key] = path
        lowered.append((f, model, Checker(path)))
    first = LibraryIR(tuple(f for f, _, _ in lowered))
    out: list[KeywordFileIR] = []
    for f, model, ck in lowered:
        defs = {item.name: item for item in model.items if cname(item) == "KeywordDef"}
        keywords = []
        for k in f.keywords:
            item = defs[k.name]
            low = CardLowering(ck, first, item, params=dict(k.params))
            abilities = tuple(low.ability(st) for st in item.stmts if cname(st) == "AbilityStmt")
            keywords.append(replace(k, abilities=abilities))
        acts = {item.name: item for item in model.items if cname(item) == "ActionDef"}
        actions = []
        for a in f.actions:
            uses: list[KeywordUseIR] = []
            for st in acts[a.name].steps:
                line = getattr(st, "keywords", None)
                if line is not None:
                    low = CardLowering(ck, first, acts[a.name])
                    uses.append(_keyword_use(low, line.first))
                    uses += [_keyword_use(low, more.use) for more in line.more]
            actions.append(replace(a, face_down_keywords=tuple(uses)))
        diags += ck.diagnostics
        out.append(replace(f, keywords=tuple(keywords), actions=tuple(actions)))
    return LibraryIR(tuple(out)), diags
