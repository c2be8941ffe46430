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
from typing import Any, Callable

from dsl.checks import Checker
from dsl.diagnostics import Diagnostic
from dsl.metamodel import MAX_DIGITS, location, parse_text
from dsl.strings import unescape
from runtime.pool import module_name as pool_module_name
from runtime.selectors import ObjectKind

from .ir import amounts as am
from .ir import conditions as co
from .ir import effects as ef
from .ir import references as rf
from .ir import statics as sp
from .ir.abilities import (
    AbilityIR, ActivatedIR, AdditionalCardCost, AlternativeCardCost, AmplifyIR, AsChoosePTIR, AsCopyIR, AsTurnedFaceUpIR, CardIR,
    ChooseColorAsEntersIR,
    CostPerExtraTarget, EntersAsCopyIR, EntersTappedIR, EntersWithIR, KeywordUseIR, SentenceIR, SpellIR, StaticIR,
    CostPerPermanent,
    CostLessIf, ConditionalKeywordIR, SpendOnXIR,
    TriggeredIR, UncounterableIR,
)
from .ir.amounts import Amount
from .ir.conditions import Condition
from .ir.costs import CostIR, OneOfEachColorIR, SacrificeIR, SpendingRestrictionIR, SpendOnlyIR
from .ir.effects import Effect
from .ir.library import (
    ActionIR, ActionStep, AdditionalCostPart, AlternativeCostPart, AuraPart, CastFromPart, CounterIR,
    DiscardInsteadPart, ExileFromStackPart, FaceUpPart, FlashPart, HandOnResolvePart, HastePart, InertPart,
    KeywordFileIR, KeywordIR, KeywordPart, LandTypeIR, LibraryIR, PlayerCountersIfPaidPart, SplicePart,
    OnStackRestrictionPart, StickerIfPaidPart,
)
from .ir.references import Ref
from .ir.selectors import FilterIR
from .ir.statics import StaticPart
from .ir.targets import TargetIR, TargetKind
from .ir.triggers import EventTrigger, StateTrigger, StepTrigger, Trigger, TriggerEvent
from .safety import FORBIDDEN_NAMES
from .text import keyword_line

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "fourteen": 14, "fifteen": 15, "twenty": 20}
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)  # (matched whole: ``fullmatch``)
_WORD = re.compile(r"[A-Za-z0-9]+")


def cname(node: Any) -> str:
    """The grammar rule name of a model node."""
    return type(node).__name__


def identifier(text: str, prefix: str = "") -> str:
    """A validated Python identifier made from ``text`` (letters, digits, underscores only)."""
    words = _WORD.findall(text)
    ident = prefix + "".join(w[:1].upper() + w[1:] for w in words)
    # A leading digit can't start a name, "True", "False" and "None" are keywords, and a builtin's
    # or a name the generated code uses ("Ellipsis", "rt") may not be bound (compiler/pyexpr.ident).
    if not ident or ident[0].isdigit() or pykeyword.iskeyword(ident) or pykeyword.issoftkeyword(ident) \
            or ident in FORBIDDEN_NAMES:
        ident = "C" + ident
    if not _IDENT.fullmatch(ident) or pykeyword.iskeyword(ident) or ident in FORBIDDEN_NAMES:
        raise ValueError(f"cannot make an identifier from {text!r}")
    return ident


def module_name(text: str) -> str:
    """A validated module name (snake case, ASCII) made from a card or file name (by the rule
    :class:`runtime.pool.Pool` relies on to find a card's module without its index)."""
    slug = pool_module_name(text)
    assert _IDENT.fullmatch(slug)
    return slug


# ------------------------------------------------------------------ keyword library

_ACTION_STEPS = {"FindStep": ActionStep.FIND, "MoveStep": ActionStep.MOVE, "RandomizeStep": ActionStep.RANDOMIZE,
                 "FaceDownStep": ActionStep.FACE_DOWN, "ArrangeStep": ActionStep.ARRANGE,
                 "GateCountersStep": ActionStep.UNLESS_COUNTERS, "GateDesignationStep": ActionStep.UNLESS_DESIGNATED,
                 "PutCountersStep": ActionStep.PUT_COUNTERS, "DesignateStep": ActionStep.DESIGNATE}


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
        rule = cname(item)
        if rule == "AbilityWordDef":
            ability_words.append(item.name)
        elif rule == "LandTypeDef":
            low = CardLowering(ck, LibraryIR(()), item)
            cost = _cost(ck, item.cost)
            sents = low.sentences(item.sentences)
            if low.targets or not all(isinstance(e, ef.AddMana) for s in sents for e in s.effects):
                ck.error(item, "a land type's ability must be a mana ability without targets (305.6)")
            land_types.append(LandTypeIR(ck.subtype(item, item.name), item.rule,
                                         ActivatedIR(cost, (), sents, True, intrinsic=True)))
        elif rule == "CardDef":
            ck.error(item, "card definitions belong in their own .card file, not in a keyword file")
        elif rule == "CounterDef":
            counters.append(CounterIR(item.name, item.rule or ""))
        elif rule == "ActionDef":
            steps = []
            args: list[str] = []
            up_for_mana = False
            for st in item.steps:
                steps.append((_ACTION_STEPS[cname(st)], bool(getattr(st, "mayfail", False))))
                counter = getattr(st, "counter", None)
                args.append(counter.name if counter is not None else str(getattr(st, "designation", "") or ""))
                up_for_mana = up_for_mana or bool(getattr(st, "manacost", False))
            # Face-down keywords (cloak's ward) are resolved in build_library's second pass.
            actions.append(ActionIR(item.name, identifier(item.name, "Action"), module, item.rule, unescape(item.text),
                                    tuple(steps), face_up_for_mana_cost=up_for_mana,
                                    step_args=tuple(args) if any(args) else ()))
        elif rule == "KeywordDef":
            keywords.append(_lower_keyword(ck, item, module, path))
    return (KeywordFileIR(path, module, tuple(keywords), tuple(actions), tuple(counters),
                          tuple(land_types), tuple(ability_words)), ck.diagnostics, model)


# Names a keyword's parameter can't take: it becomes a local of the generated ``abilities()``
# and an attribute of the keyword (``self.NAME``), beside these names of the templates and of
# ``rt.Keyword``.  A class attribute the ability classes set would hide the parameter in their
# bodies.  ("cost" is one, but the ability classes set it only for activated abilities, where
# :meth:`CardLowering.ability` refuses it; the shipped keywords name their cost "cost".)
TEMPLATE_NAMES = frozenset({
    "rt", "self", "annotations", "abilities", "name", "rule", "reminder", "redundant", "text",
    "trigger", "condition", "is_mana", "affects", "filter", "restriction", "once_per_turn", "from_hand",
    "special", "zones", "parts", "targets", "divide", "choose", "modes", "sentences", "steps", "face_down",
    "variant_of",
})
_PARAM_NAME = re.compile(r"[a-z][a-z0-9_]*")


def _param_problem(name: str) -> str:
    """Why ``name`` can't name a keyword's parameter in generated code ("" if it can)."""
    import builtins

    if not _PARAM_NAME.fullmatch(name):
        return "must be lower-case ASCII letters, digits and '_', starting with a letter"
    if pykeyword.iskeyword(name) or pykeyword.issoftkeyword(name):
        return "is a Python keyword"
    if hasattr(builtins, name):
        return "is a Python builtin"
    if name in FORBIDDEN_NAMES:
        return "is a name generated code may not hold (compiler/safety.py)"
    if name in TEMPLATE_NAMES:
        return "is a name the generated code uses"
    return ""


class _KeywordStatements:
    """The statements of one keyword definition, read one method per grammar rule
    (``stmt_<Rule>``); its abilities (``AbilityStmt``) are lowered in the second pass of
    :func:`build_library`, once every name is known."""

    def __init__(self, ck: Checker, item: Any) -> None:
        self.ck, self.item = ck, item
        self.params = tuple((p.name, p.kind) for p in item.params)
        self.names = {p for p, _ in self.params}
        self.reminder = self.cond = self.joined = self.variant_of = self.redundant = ""
        self.parts: list[KeywordPart] = []

    def read(self, st: Any) -> None:
        """Read one statement (an ability: nothing yet)."""
        method = getattr(self, f"stmt_{cname(st)}", None)
        if method is not None:
            method(st)

    def stmt_ReminderStmt(self, st: Any) -> None:
        self.reminder = unescape(st.text)
        for ref in re.findall(r"\{([a-z_]+)\}", self.reminder):
            if ref not in self.names:
                self.ck.error(st, f"reminder text refers to '{{{ref}}}', which is not a parameter of {self.item.name}")

    def stmt_ConditionWordStmt(self, st: Any) -> None:
        self.cond = unescape(st.word)

    def stmt_VariantStmt(self, st: Any) -> None:
        self.variant_of = st.base.lower()  # 702.37b: it is also an instance of that keyword

    def stmt_RedundantStmt(self, st: Any) -> None:
        self.redundant = st.rule

    def stmt_JoinedStmt(self, st: Any) -> None:
        self.joined = unescape(st.word)
        if len(self.params) != 1:
            self.ck.error(st, f"only a keyword with one parameter can print instances joined; "
                              f"{self.item.name} has {len(self.params)}")

    def _cost_param(self, st: Any) -> tuple[str, ...]:
        """Check a cost statement's parameter; its fixed mana cost, if it names one instead."""
        fixed: tuple[str, ...] = ()
        if getattr(st, "fixed", None) is not None:
            fixed = self.ck.mana_symbols(st.fixed, list(st.fixed.symbols))
        elif st.param not in self.names:
            self.ck.error(st, f"'{st.param}' is not a parameter of {self.item.name}")
        elif dict(self.params)[st.param] != "cost":
            self.ck.error(st, f"'{st.param}' is a number, not a cost")
        return fixed

    def stmt_AdditionalCostStmt(self, st: Any) -> None:
        self._cost_param(st)
        self.parts.append(AdditionalCostPart(st.param, bool(st.repeatable)))

    def stmt_FaceUpStmt(self, st: Any) -> None:
        self._cost_param(st)
        counter = st.counter.name if st.amount is not None else ""
        n = _amount(st.amount).value if st.amount is not None else 0
        self.parts.append(FaceUpPart(st.param, counter=counter, amount=n))

    def stmt_AlternativeCostStmt(self, st: Any) -> None:
        fixed = self._cost_param(st)
        self.parts.append(AlternativeCostPart(st.param or "", zone=st.zone or "hand", fixed=fixed,
                                              face_down=bool(st.facedown), instructed=bool(st.instructed)))

    def stmt_CastFromStmt(self, st: Any) -> None:
        self.parts.append(CastFromPart(zone=st.zone, cost=_cost(self.ck, st.extra)))

    def stmt_DiscardInsteadStmt(self, st: Any) -> None:
        self.parts.append(DiscardInsteadPart(zone=st.zone))

    def stmt_ExileFromStackStmt(self, st: Any) -> None:
        self.parts.append(ExileFromStackPart())

    def stmt_AuraStmt(self, st: Any) -> None:
        if dict(self.params).get(st.param) != "type":
            self.ck.error(st, f"'{st.param}' is not a type parameter of {self.item.name}")
        self.parts.append(AuraPart(st.param))

    def stmt_HasteStmt(self, st: Any) -> None:
        self.parts.append(HastePart())

    def stmt_SpliceStmt(self, st: Any) -> None:
        if dict(self.params).get(st.onto) != "subtype":
            self.ck.error(st, f"'{st.onto}' is not a subtype parameter of {self.item.name}")
        if dict(self.params).get(st.cost) != "cost":
            self.ck.error(st, f"'{st.cost}' is not a cost parameter of {self.item.name}")
        self.parts.append(SplicePart(st.cost, subtype=st.onto))

    def stmt_HandOnResolveStmt(self, st: Any) -> None:
        self.parts.append(HandOnResolvePart())

    def stmt_PlayerCountersIfPaidStmt(self, st: Any) -> None:
        self.parts.append(PlayerCountersIfPaidPart(str(st.counter.name), _amount(st.amount).value))

    def stmt_StickerIfPaidStmt(self, st: Any) -> None:
        self.parts.append(StickerIfPaidPart())

    def stmt_FlashStmt(self, st: Any) -> None:
        self.parts.append(FlashPart())

    def stmt_InertStmt(self, st: Any) -> None:
        self.parts.append(InertPart())

    def stmt_OnStackRestrictionStmt(self, st: Any) -> None:
        self.parts.append(OnStackRestrictionPart())  # 702.61a-b


def _lower_keyword(ck: Checker, item: Any, module: str, path: str) -> KeywordIR:
    for p in item.params:
        problem = _param_problem(p.name)
        if problem:
            ck.error(p, f"parameter name {p.name!r} {problem}", "rename it, e.g. 'n', 'price' or 'what'")
    kw = _KeywordStatements(ck, item)
    for st in item.stmts:
        kw.read(st)
    line, _ = location(item)
    return KeywordIR(item.name, identifier(item.name), module, kw.params, item.rule, kw.reminder, kw.cond,
                     tuple(kw.parts), path, line, joined_by=kw.joined, variant_of=kw.variant_of,
                     redundant=kw.redundant)


# ------------------------------------------------------------------ selectors, amounts, costs


def _object_kind(word: str) -> ObjectKind:
    """109.2: the kind of object a selector's noun names (the grammar's ``FilterKind``, singular or
    plural; "": none, any object of the words' types).  A "permanent card" (110.4b) is a card."""
    noun = word.rstrip("s")
    return ObjectKind.CARD if noun == "permanent card" else ObjectKind(noun)


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
    kind = _object_kind(f.kind or "")
    permanent_card = (f.kind or "").startswith("permanent card")  # (the words: "permanent card(s)", 110.4b)
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
    if not (types or any_types or subtypes) and kind is ObjectKind.ANY:
        ck.error(f, "a selector needs a card type, a subtype, or 'card', 'spell' or 'permanent'")
    # Oracle order: subtypes before card types ("target Goblin creature", "Saproling creatures").
    type_words = list(f.subtypes) + list(f.types)
    if f.ortypes:
        # "instant or sorcery spell"; "each instant and sorcery card" (every card of either type)
        joiner = " and " if f.andor else " or "
        type_words = list(f.subtypes) + list(f.types[:-1]) + [joiner.join([f.types[-1], *f.ortypes])]
    if f.orsubtype:
        type_words += ["or", str(f.orsubtype)]  # "an artifact or Goblin"
    words = " ".join(([" or ".join(f.states)] if f.states else []) + list(f.nons) + list(f.colors) + (["multicolored"] if f.multis else [])
                     + list(f.supertypes) + type_words
                     + ([f.kind] if f.kind else []))
    if f.chosen:
        words += " of that type"  # the kind a player chose earlier in the ability
    if f.chosentype:
        words += " of the chosen type"  # "choose a permanent type" earlier in the ability (608.2d)
    if f.choicetype:
        words += " of the creature type of your choice"  # chosen as the instruction is followed (608.2d)
    if f.exiled:
        words = "exiled " + words
    elif f.suspended:
        words = "suspended " + words  # 702.62b
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
    mv_param = ""
    if f.mvdir:
        # 202.3: a number, or inside a keyword definition its number parameter (702.46a soulshift N)
        if f.mvparam:
            if ck.params is None or ck.params.get(f.mvparam) != "number":
                ck.error(f, f"'{f.mvparam}' is not a number parameter here",
                         "a converted mana cost is a number; inside a keyword, one of its number parameters")
            mv_param = f.mvparam
        value = 0 if f.mvparam else int(f.mv)
        if f.mvdir == "greater":
            mv_min = value
        else:
            mv_max = value
        words += f" with converted mana cost {f.mvparam or f.mv} or {f.mvdir}"
    if f.mveq:
        mv_min = mv_max = int(f.mveq)  # 202.3: exactly that converted mana cost
        words += f" that {f.mvhave} converted mana cost {f.mveq}"
    if ck.keyword_names is not None:
        # A selector's keywords name real keywords (702): "with flyng" is a located error.
        for kw in [*f.keywords, *f.late, *([f.without] if f.without else [])]:
            ck.name_in(f, "keyword", kw, ck.keyword_names)
    if f.samemv:
        words += " with the same converted mana cost as this card"  # 202.3, 702.53a
    pt: dict[str, int] = {}
    if f.ptdir:
        pt[f"{f.ptstat}_{'min' if f.ptdir == 'greater' else 'max'}"] = int(f.ptval)
        words += f" with {f.ptstat} {f.ptval} or {f.ptdir}"
    if f.keywords:
        words += " with " + " or ".join(f.keywords)
    kw_ability = f.kwability or f.kwabilities
    if kw_ability:
        # "with a morph ability" / "with morph abilities": has that keyword (702.1)
        if ck.keyword_names is not None:
            ck.name_in(f, "keyword", kw_ability, ck.keyword_names)
        words += f" with a {kw_ability} ability" if f.kwability else f" with {kw_ability} abilities"
    if f.without:
        words += " without " + f.without
    counter = ""
    if f.withcounter is not None:
        counter = str(f.withcounter.name)  # 122.1 (checked against the library where it is lowered)
        words += f" with {'an' if counter[:1] in 'aeiou' else 'a'} {counter} counter on it"
    controller = ""
    if f.controller is not None:
        c = f.controller
        controller = ("you" if c.you else "own" if c.own else "defending" if c.defending else "they" if c.they
                      else "event" if c.thatplayer else "target" if c.targeted else "opponent")
        other = " your opponents control" if c.opponents else " you don't control" if c.notyou else " an opponent controls"
        words += {"you": " you control", "own": " you own", "defending": " defending player controls", "they": " they control",
                  "event": " that player controls", "target": f" {c.targeted} controls", "opponent": other}[controller]
    keywords = tuple(f.keywords) + ((kw_ability,) if kw_ability else ())
    if f.suspended:
        # 702.62b: "suspended card": a card in exile with suspend and a time counter on it.
        if keywords or counter or kind is not ObjectKind.CARD or permanent_card:
            ck.error(f, "'suspended' says 'suspended card' and nothing more (702.62b)")
        keywords, counter = ("suspend",), "time"
    if f.late:
        if keywords:
            ck.error(f, "a selector has one 'with' keyword list: put it after the controller")
        keywords = tuple(f.late)
        words += " with " + " or ".join(f.late)
    if permanent_card:
        # 110.4b: a permanent card is an artifact, creature, enchantment, land or planeswalker card.
        if any_types:
            ck.error(f, "'permanent card' can't be joined with 'or' card types")
        any_types = ("artifact", "creature", "enchantment", "land", "planeswalker")
    if f.blocked_by_this:
        words += " it's blocking"
    if f.blocked_this_combat:
        words += " it blocked this combat"  # 506.4: the attackers it blocks (as it last existed, 608.2h)
    if f.blockedbythis:
        words += " blocked by this"  # 509.1g: a creature this is blocking ("this" printed as the card's name)
    if f.attacking_you:
        words += " that's attacking you"
    alternatives: tuple[FilterIR, ...] = ()
    if f.orsubtype:
        # "sacrifice an artifact or Goblin": a permanent of the card type, or one of the subtype.
        alt = ck.subtype(f, f.orsubtype)
        alternatives = (FilterIR(subtypes=(alt,), kind=kind, words=alt),)
    if f.dealtby:
        words += " dealt damage by this this turn"  # "this" printed as the card's name
    if f.tappedfor:
        words += " tapped this turn to pay for its abilities"
    name = unescape(f.name) if f.name else ""
    if f.name:
        words += f" named {name}"
    single = ""
    if f.single:
        single = f.single[:-1] if f.single.endswith("s") else f.single
        words += f" that targets only a single {single}"
    return FilterIR(types=types, subtypes=subtypes, supertypes=tuple(f.supertypes),
                    colors=tuple(COLOR_LETTER.get(c, c) for c in f.colors), non=tuple(non),
                    keywords=keywords, kind=kind, words=words, other=bool(f.other or f.another),
                    token=kind is ObjectKind.TOKEN,  # "creature token" (111.1)
                    any_types=any_types, face_down=bool(f.facedown), face_up=bool(f.faceup),
                    without=f.without or "", controller=controller, blocked_by_source=bool(f.blocked_by_this or f.blocked_this_combat or f.blockedbythis),
                    mana_value_at_least=mv_min, mana_value_at_most=mv_max, multicolored=bool(f.multis), exiled=bool(f.exiled),
                    combat=tuple(f.combat),
                    states=tuple(f.states), name=name, attacking_viewer=bool(f.attacking_you),
                    power_min=pt.get("power_min", -1), power_max=pt.get("power_max", -1),
                    toughness_min=pt.get("toughness_min", -1), toughness_max=pt.get("toughness_max", -1),
                    of_chosen=bool(f.chosen or f.chosentype or f.choicetype), creature_type_of_choice=bool(f.choicetype),
                    mana_value_param=mv_param, same_mana_value_as_source=bool(f.samemv),
                    single_target=single, alternatives=alternatives,
                    dealt_damage_by_source=bool(f.dealtby), tapped_for_source=bool(f.tappedfor),
                    counter=counter, suspended=bool(f.suspended))


# Static parts whose grammar rule has no attributes: the rule's name -> its IR class.
_FIXED_PARTS: dict[str, type[StaticPart]] = {
    "CantAttackOrBlock": sp.CantAttackOrBlock, "CantAttack": sp.CantAttack, "CantBlock": sp.CantBlock,
    "CantBeDestroyed": sp.Indestructible, "CantPhaseOut": sp.CantPhaseOut, "PhasesEachUntap": sp.PhasesEachUntap,
    "AssignsExcess": sp.AssignsExcess, "FormsBands": sp.FormsBands, "DividesDamage": sp.DividesDamage,
    "AttacksUntapped": sp.AttacksUntapped, "DamageGainsLife": sp.DamageGainsLife,
    "DamageIsLethal": sp.DamageIsLethal, "DamageAsCounters": sp.DamageAsCounters, "CantBeBlocked": sp.Unblockable, "AttacksEachCombat": sp.AttacksEachCombat,
    "BlocksEachCombat": sp.BlocksEachCombat, "ChosenCreatureType": sp.ChosenCreatureType,
    "AttacksThisTurn": sp.AttacksThisTurn, "MustBeBlocked": sp.MustBeBlocked,
}


class _EmptyCost:
    """The cost node of an activated ability whose whole cost is a keyword's cost parameter."""

    parts: tuple[Any, ...] = ()


def _amount(a: Any, params: dict[str, str] | None = None, ck: Checker | None = None) -> Amount:
    if a.times is not None:
        if ck is not None:
            ck.error(a, "'the number of times it was ...' is a number of an instruction, not of this")
        return am.Fixed(0)
    if a.x:
        return am.XAmount(words="X")
    if a.plus is not None and ck is not None:
        # "1 plus the number of creature cards in your graveyard"
        count = _count_of(ck, a.plus.count)
        return am.Plus(int(a.plus.base), count, words=f"{a.plus.base} plus {count.words}")
    if a.count is not None and ck is not None:
        return _count_of(ck, a.count)
    if a.counters is not None and a.counters.creator:
        # 607.2a, 111.2: in a token's ability, the counters on the object that created it
        return am.CountersOnCreator(a.counters.counter.name,
                                    words=f"the number of {a.counters.counter.name} counters on its creator")
    if a.counters is not None:
        return am.CountersOnThis(a.counters.counter.name,
                                 words=f"the number of {a.counters.counter.name} counters on it")
    if a.that:
        return am.EventAmount(words=str(a.that))  # 603.2: the triggering event's amount
    if a.costcard is not None:
        return am.CostCardValue(str(a.costcard.verb), words=f"the {a.costcard.verb} card's converted mana cost")
    if a.param:
        if params is None or params.get(a.param) != "number":
            if ck is not None:
                ck.error(a, f"'{a.param}' is not a number parameter here",
                         "numbers are digits or words (a, two, ...); inside a keyword, its number parameters")
            return am.Fixed(0, words=a.param)
        return am.ParamAmount(a.param, words=a.param)
    if a.word:
        return am.Fixed(NUMBER_WORDS[a.word], words=a.word)
    return am.Fixed(int(a.value), words=str(a.value))


def _count_of(ck: Checker, c: Any) -> am.CountOf:
    """"the number of black permanents you control", "... on the battlefield", "the number of creature
    cards in your graveyard" (its controller's graveyard), counted as the number is needed."""
    f = _filter(ck, c.filter, c)
    where = " on the battlefield" if c.onbf else " in your graveyard" if c.gy else ""
    if not where and not f.controller:
        ck.error(c, "say whose permanents are counted: '... you control' or '... on the battlefield'")
    return am.CountOf(0, "graveyard" if c.gy else "", words=f"the number of {f.words}{where}", filter=f)


def _cost(ck: Checker, c: Any, counters_known: Any = None) -> CostIR:
    """A cost (118): each part is lowered by the function named after its grammar rule
    (``_costpart_<Rule>``), which fills in its fields of the ``CostIR``."""
    fields: dict[str, Any] = {}
    for p in c.parts:
        _COST_PARTS[cname(p)](ck, p, fields, counters_known)
    return CostIR(**fields)


def _one(ck: Checker, p: Any) -> SacrificeIR:
    """The count and selector of a cost part ("two Islands you control"), one if no count is printed."""
    count = _amount(p.count) if p.count is not None else am.Fixed(1, words="a")
    return SacrificeIR(count, _filter(ck, p.filter, p))


def _costpart_TapCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["tap"] = True


def _costpart_SacrificeThisCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["sacrifice_this"] = True


def _costpart_ExileThisCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["exile_this"] = True


def _costpart_ManaCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["mana"] = tuple(out.get("mana", ())) + tuple(ck.mana_symbols(p, list(p.symbols)))


def _costpart_PayLifeCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["life"] = _amount(p.amount)


def _costpart_SacrificeCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["sacrifice"] = _one(ck, p)


def _costpart_DiscardThisCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["discard_this"] = True


def _costpart_DiscardCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["discard"] = _amount(p.count)
    f = _filter(ck, p.filter, p)
    if f.types or f.any_types or f.subtypes or f.colors or f.non:
        out["discard_filter"] = f


def _costpart_ExileFromHandCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["exile_from_hand"] = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))


def _costpart_ExileFromGraveyardCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["exile_from_graveyard"] = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))


def _costpart_BottomFromGraveyardCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    f = _filter(ck, p.filter, p)
    if not f.is_card:
        ck.error(p, "cards in a graveyard are named as cards: 'put three cards from your graveyard ...'")
    out["bottom_from_graveyard"] = SacrificeIR(_amount(p.count), f)


def _costpart_ReturnToHandCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    r = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))
    if r.filter.controller != "you":
        ck.error(p, "a returning cost returns permanents you control",
                 "write e.g. 'return two Islands you control to their owner's hand'")
    one = isinstance(r.count, am.Fixed) and r.count.value == 1
    if bool(p.its) != one:
        ck.error(p, f"write '{'its' if one else 'their'} owner's hand' after {r.count.words}")
    out["return_to_hand"] = r


def _costpart_RevealCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["reveal"] = SacrificeIR(_amount(p.count), _filter(ck, p.filter, p))
    out["reveal_from"] = bool(p.fromhand)


def _costpart_RemoveCountersCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    out["remove_counter"] = str(p.counter.name)
    out["remove_count"] = _amount(p.count).value


def _costpart_TapPermanentsCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    count = _amount(p.count) if p.count is not None else am.Fixed(1, words="")
    f = _filter(ck, p.filter, p)
    if "untapped" not in f.states or f.controller != "you":
        ck.error(p, "a tapping cost taps untapped permanents you control",
                 "write e.g. 'tap an untapped creature you control'")
    out["tap_permanents"] = SacrificeIR(count, f)


def _costpart_PutCountersCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    if known is not None:
        ck.name_in(p.counter, "counter kind", p.counter.name, known)
    out["put_counters"] = (str(p.counter.name), _amount(p.amount).value)


def _costpart_EnergyCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    if out.get("tickets"):
        ck.error(p, "a cost removes one kind of player counter: {E} or {TK}, not both")
    out["energy"] = out.get("energy", 0) + len(p.energy)  # 107.14


def _costpart_TicketCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    if out.get("energy"):
        ck.error(p, "a cost removes one kind of player counter: {E} or {TK}, not both")
    out["tickets"] = out.get("tickets", 0) + len(p.tickets)  # 107.17


def _costpart_ExileFaceUpCost(ck: Checker, p: Any, out: dict[str, Any], known: Any) -> None:
    # 118.3, 708.9: "exile a face-down permanent you control face up"
    f = _filter(ck, p.filter, p)
    if not f.face_down or f.controller != "you":
        ck.error(p, "'exile ... face up' exiles face-down permanents you control",
                 "write e.g. 'exile a face-down permanent you control face up'")
    out["exile_face_up"] = SacrificeIR(_amount(p.count), f)


_COST_PARTS: dict[str, Callable[[Checker, Any, dict[str, Any], Any], None]] = {
    name[len("_costpart_"):]: fn for name, fn in list(globals().items()) if name.startswith("_costpart_")}


# ------------------------------------------------------------------ cards


def _players_affected(who: str) -> str:
    """Whom a static ability affecting players reaches: "opponents" or "each" player."""
    return "opponents" if who in ("your opponents", "an opponent") else "each"


class CardLowering:
    """Lowers one card definition, tracking target slots and collecting diagnostics."""

    def __init__(self, ck: Checker, library: LibraryIR, card: Any,
                 params: dict[str, str] | None = None) -> None:
        self.ck = ck
        self.library = library
        self.params = params  # a keyword's parameters (name -> "cost" | "number"), None in a card
        self.keyword_name = ""  # the keyword whose abilities are being lowered (lowercase), "" in a card
        self.keywords = library.keywords()
        ck.keyword_names = self.keywords
        ck.params = params
        self.counters = library.counters()
        self.actions = library.actions()
        self.words = library.condition_words()
        self.card = card
        self.uses: list[tuple[str, tuple[str, ...], str]] = []  # (label, mana cost, keyword) per keyword cost
        self.granted = 0  # quoted abilities granted by effects so far (class names Granted1, ...)
        self.causative = False  # lowering the instruction after "you may have" (its verb in the base form)
        self.self_it = False  # lowering a trigger on the object's own event ("it" may be the object)
        self.it_this = False  # in such a trigger, the instruction before named the object "it"
        self.named_this = False  # the instruction before named this object ("it" then refers back to it)
        self.last_each: rf.EachObject | None = None  # the group the last group instruction affected ("they")
        self.last_copy: ef.CreateTokenCopy | None = None  # the last token-copy instruction ("those tokens")
        self.where_x: am.Amount | None = None  # the "where X is ..." of the instruction being lowered
        self.last_group: tuple[int, int] | None = None  # the slots of the last "up to N target ..." (first, count)
        self.moved_slot = -1  # the target slot the instruction before exiled (its card is a new object)
        self.effects_done = 0  # instructions lowered so far in the current ability
        self.destroyed = False  # a destroy instruction was lowered ("destroyed this way" may follow)
        self.revealed_until = False  # a "reveal ... until" instruction was lowered ("revealed this way")
        self.counted_before = False  # an instruction before, in this ability, counts what it did (life lost, cards discarded)
        self.counted_kind = ""  # the counter kind a condition before counted ("... hatchling counters on it")
        self.targets: list[TargetIR] = []
        self.event: Trigger | None = None  # the trigger of the ability being lowered ("that much", "that player")
        self.last_player: Ref | None = None  # the player of the last instruction that named one
        self.chose = False  # an instruction before, in this ability, had a player choose a kind ("of that type")
        self.chose_permanent = False  # an instruction before had players choose permanents ("the rest")
        self.chose_name = False  # an instruction before named a card ("that name")
        self.last_mill: Amount | None = None  # the number of cards the last mill named ("twice that many")
        self.last_divided: ef.DividedPrevent | None = None  # the last divided prevention ("this way")
        self.in_damage_trigger = False  # lowering a delayed damage trigger's instruction ("that damage")

    # amounts and costs ---------------------------------------------------

    def amount(self, a: Any, per: Any = None) -> Amount:
        """An amount, with keyword parameters allowed inside keyword definitions; ``per``: "for each
        time it was kicked" multiplies it by the times the linked cost was paid (702.33d)."""
        out = self._times_count(a.times) if a.times is not None else _amount(a, self.params, self.ck)
        if isinstance(out, am.EventAmount) and self.counted_before and (self.event is None or not self.event.event_amount):
            out = am.ThisWayAmount(words=out.words)  # 608.2c: what the instruction before did
        if isinstance(out, am.EventAmount) and (self.event is None or not self.event.event_amount):
            self.ck.error(a, f"'{out.words}' has nothing to refer to: only a trigger on a damage event has an amount",
                          "e.g. 'whenever this is dealt damage: you gain that much life.'")
        if per is not None and cname(per) == "PerObject":
            if not isinstance(out, am.Fixed):
                self.ck.error(a, "'for each' multiplies a number")
            return self.count_per(per, out.value)
        if per is not None and cname(per) == "PerCount":
            # 608.2h: "for each +1/+1 counter on it", "for each card in their graveyard", counted as it
            # is followed; "their": the player following the instruction (the last one named).
            if not isinstance(out, am.Fixed):
                self.ck.error(a, "'for each' multiplies a number")
            if per.counter is not None:
                return am.PerCounters(out.value, self.counter_kind(per.counter), on=str(per.on))
            their = per.whose == "their"
            if their and (self.last_player is None or isinstance(self.last_player, rf.YouRef)):
                self.ck.error(per, "'their' is the zone of the instruction's player; for yours write 'your'")
            return am.PerCard(out.value, str(per.zone), their=their)
        if per is not None and self.ck.name_in(per, "condition word", per.word, self.words):
            if not isinstance(out, am.Fixed):
                self.ck.error(a, "'for each time' multiplies a number")
            return am.TimesPaid(out.value, self.words[per.word], words=per.word)
        return out

    def count_per(self, per: Any, value: int) -> am.CountOf:
        """"for each creature you control", "for each creature card in your graveyard": ``value`` times
        the number of objects the selector matches, counted as the instruction is followed."""
        f = _filter(self.ck, per.filter, per)
        zone = "graveyard" if per.gy else "battlefield"
        where = " in your graveyard" if per.gy else " on the battlefield" if per.bf else ""
        if not where and not f.controller:
            self.ck.error(per, "say whose permanents are counted: '... you control' or '... on the battlefield'")
        return am.CountOf(value, zone, words=f"for each {f.words}{where}", filter=f)
    def _times_count(self, t: Any) -> am.Amount:
        """"twice the number of times it was kicked" (702.33d, 608.2h)."""
        if not self.ck.name_in(t, "condition word", t.word, self.words):
            return am.Fixed(0, words=str(t.word))
        twice = "twice " if t.twice else ""
        return am.TimesPaidCount(2 if t.twice else 1, self.words[t.word],
                                 words=f"{twice}the number of times {t.subject} was {t.word}")

    def cost_value(self, c: Any) -> CostIR:
        """A cost, or a keyword's cost parameter."""
        if c.param:
            if self.params is None or self.params.get(c.param) != "cost":
                self.ck.error(c, f"'{c.param}' is not a cost parameter here")
            return CostIR(param=c.param)
        return _cost(self.ck, c.cost)

    # conditions: one method per grammar rule (condition_<Rule>) -------------

    def condition(self, c: Any) -> Condition | None:
        """Resolve a condition (a linked cost, 607; a count; a result; a keyword ...)."""
        lower = getattr(self, "condition_" + cname(c))
        out: Condition | None = lower(c)
        return out

    def condition_GraveyardCondition(self, c: Any) -> Condition:
        return co.GraveyardCount(self.amount(c.count).value)

    def condition_AllGraveyardsCondition(self, c: Any) -> Condition:
        f = _filter(self.ck, c.filter, c)
        if not f.is_card:
            self.ck.error(c, "cards in graveyards are named as cards: 'creature cards'")
        return co.AllGraveyardsCount(self.amount(c.count).value, f)

    def condition_CastThisTurnCondition(self, c: Any) -> Condition:
        f = _filter(self.ck, c.filter, c)
        if not f.is_spell:
            self.ck.error(c, "say what was cast as a spell: 'you've cast an instant or sorcery spell this turn'")
        return co.CastThisTurn(f)

    def condition_RevealedAsCastCondition(self, c: Any) -> Condition:
        controlled = _filter(self.ck, c.controlled, c) if c.controlled is not None else None
        return co.RevealedAsCast(_filter(self.ck, c.revealed, c), controlled)

    def condition_SuspendedCondition(self, c: Any) -> Condition:
        # 702.62b: suspended is in exile, with suspend, with a time counter on it.
        if "time" not in self.counters:
            self.ck.error(c, "'suspended' needs the time counter of the suspend keyword")
        return co.Suspended()

    def condition_ControlSinceCondition(self, c: Any) -> Condition:
        return co.ControlledSinceUpkeep()

    def condition_CoinFlipCondition(self, c: Any) -> Condition:
        return co.CoinFlipResult(won=bool(c.won))
    def condition_DealtDamageCondition(self, c: Any) -> Condition:
        return co.DealtDamageThisTurn()

    def condition_ResultCondition(self, c: Any) -> Condition:
        if c.aplayer:
            return co.PreviousResult("does", did=True, who="a player")  # 118.12: "if a player does"
        return co.PreviousResult("do" if c.did else "don't" if c.dont else "can't", did=bool(c.did))

    def condition_HasKeywordCondition(self, c: Any) -> Condition:
        self.ck.name_in(c, "keyword", c.keyword, self.keywords)
        return co.HasKeyword(c.keyword)

    def condition_CastInMainCondition(self, c: Any) -> Condition:
        return co.CastInMainPhase()

    def condition_CastFromCondition(self, c: Any) -> Condition:
        return co.CastFrom(c.whose, c.zone)

    def condition_DefendingControlsCondition(self, c: Any) -> Condition:
        return co.DefendingControls(_filter(self.ck, c.filter, c))

    def condition_LeftBattlefieldCondition(self, c: Any) -> Condition:
        return co.PermanentLeft()

    def condition_OnlyTargetCondition(self, c: Any) -> Condition:
        # 115.7: "if target spell has only one target and that target is this": the slot is chosen as the
        # ability is put on the stack (601.2c), tested as it resolves.
        slot = self.target(c.target, None)
        if not (isinstance(slot, rf.SlotRef) and self.targets[slot.index].filter.is_spell):
            self.ck.error(c, "write 'if target spell has only one target and that target is this'")
            return co.OnlyTargetIsThis(0, "target spell")
        return co.OnlyTargetIsThis(slot.index, self.targets[slot.index].words)

    def condition_ManaSpentCondition(self, c: Any) -> Condition:
        # 601.2h: "{B} was spent to cast it" -- one colored mana symbol.
        symbols = self.ck.mana_symbols(c.mana, [c.mana])
        color = symbols[0][1:-1] if symbols else ""
        if color not in ("W", "U", "B", "R", "G", "C"):
            self.ck.error(c, "name one mana symbol: '{B} was spent to cast it'")
        return co.ManaSpent(color, words=str(c.spent))

    def condition_ManaValueCondition(self, c: Any) -> Condition:
        # "if it has converted mana cost N or less": "it" is the last target chosen before it.
        subject = len(self.targets) - 1 if self.targets else None
        return co.ManaValueIs(c.dir, int(c.value), subject=subject, its=bool(c.its))

    def condition_ControlCondition(self, c: Any) -> Condition:
        gy = _filter(self.ck, c.graveyard, c) if c.graveyard is not None else None
        if gy is not None and not gy.is_card:
            self.ck.error(c.graveyard, "a card in a graveyard: write '... card in your graveyard'")
        return co.YouControl(tuple(_filter(self.ck, t.filter, t) for t in c.things), gy)

    def condition_ControlNoneCondition(self, c: Any) -> Condition:
        return co.ControlNone(_filter(self.ck, c.filter, c))

    def condition_EmptyHandCondition(self, c: Any) -> Condition:
        if c.thatplayer and (self.event is None or not self.event.event_player):
            self.ck.error(c, "'that player' has nothing to refer to: only a trigger naming a player has one",
                          "e.g. 'at the beginning of each player's upkeep, if that player has no cards in hand: ...'")
        return co.EmptyHand(that_player=bool(c.thatplayer))

    def condition_TotalPowerCondition(self, c: Any) -> Condition:
        return co.TotalPower(int(c.value))

    def condition_BlockedByCondition(self, c: Any) -> Condition:
        if self.event is None:
            self.ck.error(c, "'that creature' here is a trigger's event object: use it in a triggered ability",
                          "e.g. 'whenever this blocks a creature, if at least one other Wall creature is blocking that creature ...'")
        return co.BlockedBy(_filter(self.ck, c.some, c), _filter(self.ck, c.none, c))

    def condition_ItIsCondition(self, c: Any) -> Condition:
        if c.filter is None:
            # "it's an artifact, creature, or land card": any one of the listed card types (205.2a)
            types = tuple(str(t).rstrip("s") for t in [*c.types, c.last])
            words = ", ".join(str(t) for t in c.types) + f", or {c.last} {c.kind}"
            return co.ItIs(FilterIR(any_types=types, kind=_object_kind(str(c.kind)), words=words))
        return co.ItIs(_filter(self.ck, c.filter, c))

    def condition_CountersCondition(self, c: Any) -> Condition:
        # 122.1: "this has a time counter on it" -- at least that many (exactly that many or more);
        # "it has no ice counters on it": none.
        if c.none:
            return co.HasCounters(self.counter_kind(c.counter), 0, none=True)
        n = self.amount(c.count)
        return co.HasCounters(self.counter_kind(c.counter), n.value, or_more=bool(c.ormore))

    def condition_GreaterPTCondition(self, c: Any) -> Condition:
        # 702.100a: the trigger's event object against the source.
        if self.event is None:
            self.ck.error(c, "'that creature' here is a trigger's event object: use it in a triggered ability",
                          "e.g. 'whenever a creature enters the battlefield under your control, if that creature ...'")
        return co.GreaterPowerOrToughness()

    def condition_InGraveyardCondition(self, c: Any) -> Condition:
        return co.InGraveyard()  # 113.6k

    def condition_TappedCondition(self, c: Any) -> Condition:
        return co.IsTapped(tapped=c.state == "tapped")  # 110.5

    def condition_DesignationCondition(self, c: Any) -> Condition:
        return co.IsDesignated(str(c.designation))  # 701.31b

    def condition_CountersThereCondition(self, c: Any) -> Condition:
        # 122.1: "there are five or more hatchling counters on it"; "all of them" later means these
        kind = self.counter_kind(c.counter)
        self.counted_kind = kind
        return co.HasCounters(kind, self.amount(c.count).value, or_more=True, there=True)

    def condition_CardTypesCondition(self, c: Any) -> Condition:
        # Delirium (207.2c): card types (205.2a) among the cards in the controller's graveyard
        return co.CardTypesInGraveyard(self.amount(c.count).value)

    def condition_HadCountersCondition(self, c: Any) -> Condition:
        # 603.10a, 608.2h: "it had no -1/-1 counters on it" -- the source as it last existed.
        return co.HadNoCounters(self.counter_kind(c.counter))

    def condition_PaidCondition(self, c: Any) -> Condition | None:
        """A linked cost condition (607.2): "if it was kicked", "with its {1}{G} kicker"."""
        word = c.word
        if not self.ck.name_in(c, "condition word", word, self.words):
            return None
        label = self.words[word]
        own = [cost for lab, cost, _ in self.uses if lab == label]
        own_kw = [kw for lab, _, kw in self.uses if lab == label]
        subject = None
        if c.thatspell:
            return co.CostWasPaid(label, word, that_spell=True)
        if c.subject == "it" and self.targets:
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
                return co.CostWasPaid(label, word, ordinal=ordinal, linked_cost=linked, subject=subject,
                                      keyword=own_kw[ordinal], negated=bool(c.negated), named=c.subject == "this")
            else:
                printed = ", ".join("".join(o) for o in own) or "none"
                self.ck.error(c.linked, f"this card has no {label} cost {''.join(linked)} (its costs: {printed})")
        return co.CostWasPaid(label, word, ordinal=ordinal, linked_cost=linked, subject=subject,
                              negated=bool(c.negated), named=c.subject == "this")

    # references --------------------------------------------------------

    def target(self, t: Any, condition: Condition | None) -> Ref:
        """A target reference: a new slot for "target ..." or an earlier one for "it"."""
        lower = getattr(self, f"target_{cname(t)}", self.target_word)
        return lower(t, condition)

    def _new_slot(self) -> Ref:
        """The target slot an instruction's phrase just made."""
        return rf.SlotRef(len(self.targets) - 1, words=self.targets[-1].words)

    def target_StackTarget(self, t: Any, condition: Condition | None) -> Ref:
        self.after_unbounded(t)
        # 115.1, 115.7: "target spell or ability with a single target": a spell or an ability on the stack.
        words = "spell or ability with a single target"
        self.targets.append(TargetIR(TargetKind.OBJECT, FilterIR(kind=ObjectKind.SPELL, single_target="target", words=words),
                                     "stack", condition, words=f"target {words}", abilities=True))
        return rf.SlotRef(len(self.targets) - 1, words=f"target {words}")

    def target_AnyNumberTargets(self, t: Any, condition: Condition | None) -> Ref:
        self.after_unbounded(t)
        # 115.1d: "any number of target creatures" -- one slot, chosen again for each further target.
        f = _filter(self.ck, t.filter, t)
        first = len(self.targets)
        words = f"any number of target {f.words}"
        if t.otherthan:
            f = replace(f, other=True)  # "other than <this>": not the source itself (109.5)
        self.targets.append(TargetIR(TargetKind.OBJECT, f, "stack" if f.is_spell else "battlefield", condition,
                                     words=words, optional=True, group=first, repeat=True))
        return rf.SlotsFrom(first, words=words, other_than_this=bool(t.otherthan))

    def target_AnyTarget(self, t: Any, condition: Condition | None) -> Ref:
        self.after_unbounded(t)
        self.targets.append(TargetIR(TargetKind.ANY, condition=condition, words="any target"))
        return self._new_slot()

    def target_TargetPlayer(self, t: Any, condition: Condition | None) -> Ref:
        self.after_unbounded(t)
        opp = t.player == "opponent"
        if t.walker:
            # 115.4-style: a player or a planeswalker (players are always candidates of "any").
            self.targets.append(TargetIR(TargetKind.ANY, FilterIR(types=("planeswalker",)), condition=condition,
                                         words=f"target {t.player} or planeswalker", opponents=opp))
        else:
            self.targets.append(TargetIR(TargetKind.PLAYER, FilterIR(controller="opponent") if opp else FilterIR(),
                                         condition=condition, words=f"target {t.player}"))
        return self._new_slot()

    def target_EachPlayers(self, t: Any, condition: Condition | None) -> Ref:
        return rf.each_player(t.who, f"each {t.who}")

    def target_EachObjects(self, t: Any, condition: Condition | None) -> Ref:
        f = _filter(self.ck, t.filter, t)
        if t.attached:
            # 303.4: "all Auras attached to them": the objects the phrase before it named.
            back = self.back_ref(str(t.attached))
            return rf.EachObject(f"{t.quant} {f.words} attached to {t.attached}", f, attached_to=back)
        if t.samename:
            # 201.2: "all other creatures with the same name as that creature": "other" means other
            # than that object, which the instruction names anyway (so not "other than the source").
            back = self.back_ref(str(t.samename))
            return rf.EachObject(f"{t.quant} {f.words} with the same name as {t.samename}",
                                 replace(f, other=False), same_name_as=back)
        if f.of_chosen and not self.chose:
            self.ck.error(t, "'of that type' needs a choice before it in the ability ('that player chooses A, B, or C')")
        if f.controller == "they":
            self.ck.error(t, "'they control' names the player of an instruction like 'each player sacrifices ...'")
        if t.ingy:
            # 404: the cards in your graveyard, as the instruction is followed (611.2c).
            return rf.EachObject(f"{t.quant} {f.words} in your graveyard", f, in_graveyard=True)
        if t.createdwith:
            # 607.2a: "all tokens created with Saproling Burst" -- made by this object's abilities
            return rf.EachObject(f"{t.quant} {f.words} created with {unescape(self.card.name)}", f,
                                 created_by_source=True)
        return self.each_object(t.filter, f, f"{t.quant} {f.words}", condition)

    def target_EnchantedRef(self, t: Any, condition: Condition | None) -> Ref:
        # 303.4e / 301.5: the permanent the source Aura or Equipment is attached to.
        host = "equipped" if t.equipped else "enchanted"
        return rf.EnchantedRef(words=f"{host} {t.enchanted.rstrip('s')}")

    def target_TargetObject(self, t: Any, condition: Condition | None) -> Ref:
        self.after_unbounded(t)
        f = _filter(self.ck, t.filter, t)
        zone = "stack" if f.is_spell else "battlefield"
        lead = "target"
        if t.another:
            f = replace(f, other=True)
            lead = "another target"
        words = f"{lead} {f.words}"
        if f.controller == "event" and not (self.event is not None and self.event.event_player):
            self.ck.error(t, "'that player controls' needs a trigger naming a player "
                             "('whenever this deals combat damage to a player: ...')")
        if t.ingy:
            # 115.1, 404: a card in your graveyard as the target.
            if not f.is_card:
                self.ck.error(t, "a target in a graveyard is a card: write '... card in your graveyard'")
            zone, f, words = "graveyard", replace(f, controller="you"), words + " in your graveyard"
        elif f.suspended:
            zone = "exile"  # 702.62b: a suspended card is in exile
        either: tuple[TargetIR, ...] = ()
        if t.orfilter is not None:
            # 115.1: one slot spanning two zones, each selector naming its own ("target permanent or
            # suspended card"): an object on the battlefield, or a card in exile.
            g = _filter(self.ck, t.orfilter, t.orfilter)
            other = "stack" if g.is_spell else "exile" if g.suspended or g.exiled else "battlefield"
            gwords = g.words
            if t.oringy:
                if not g.is_card:
                    self.ck.error(t.orfilter, "a target in a graveyard is a card: write '... card in your graveyard'")
                other, g, gwords = "graveyard", replace(g, controller="you"), gwords + " in your graveyard"
            if other == zone:
                self.ck.error(t.orfilter, "'or' joins selectors of two different zones here ('target permanent or "
                                          "suspended card'); for one zone, one selector says it ('target artifact or "
                                          "enchantment')")
            words = f"{words} or {gwords}"
            either = (TargetIR(TargetKind.OBJECT, g, other, condition, words=gwords),)
        for flt in (f, *(e.filter for e in either)):
            if flt.counter:
                self.ck.name_in(t, "counter kind", flt.counter, self.counters)
        self.targets.append(TargetIR(TargetKind.OBJECT, f, zone, condition, words=words, either=either))
        return self._new_slot()

    def target_RestRef(self, t: Any, condition: Condition | None) -> Ref:
        if not self.chose_permanent:
            self.ck.error(t, "'the rest' needs a choice before it ('each player chooses a creature they control')")
        return rf.RestRef()

    def target_ThatRef(self, t: Any, condition: Condition | None) -> Ref:
        return rf.LastAffected(words="that spell or ability")

    def target_UpToXTargets(self, t: Any, condition: Condition | None) -> Ref:
        # 115.1d, 601.2c: one slot, chosen up to X times (X as the instruction's "where X is" says).
        f = _filter(self.ck, t.filter, t)
        first = len(self.targets)
        words = f"up to X target {f.words}"
        if self.where_x is None:
            self.ck.error(t, "'up to X target ...' needs ', where X is ...' at the end of the instruction")
        self.targets.append(TargetIR(TargetKind.OBJECT, f, "stack" if f.is_spell else "battlefield", condition,
                                     words=words, optional=True, group=first,
                                     times=self.where_x if self.where_x is not None else am.Fixed(0)))
        return rf.SlotsFrom(first, words=words)

    def target_EachOfThem(self, t: Any, condition: Condition | None) -> Ref:
        return self.back_ref("each of them")  # every target of the phrase before it

    def target_UpToTargets(self, t: Any, condition: Condition | None) -> Ref:
        f = _filter(self.ck, t.filter, t)
        n = NUMBER_WORDS[t.count]
        if n < 2:
            self.ck.error(t, "'up to' needs two or more targets here; write 'target ...' for one")
        first = len(self.targets)
        zone = "stack" if f.is_spell else "battlefield"
        words = f"up to {t.count} target {f.words}"   # written plural: "up to two target creatures"
        for _ in range(n):
            self.targets.append(TargetIR(TargetKind.OBJECT, f, zone, condition, words=words, optional=True,
                                         group=first))
        self.last_group = (first, n)
        return rf.SlotRange(first, words=f"each of {words}" if t.each else words, count=n)

    def short_name(self, node: Any, word: str) -> str:
        """201.4 (2019 Oracle wording): ``word``, checked to be the part of this legendary card's name
        before the comma (how its Oracle text may name it: "Opal-Eye" for "Opal-Eye, Konda's Yojimbo")."""
        name = unescape(str(getattr(self.card, "name", "")))
        if "," not in name or name.split(",")[0] != word:
            self.ck.error(node, f"'{word}' isn't this card's short name: write 'this', or the part of a "
                                f"legendary card's name before the comma")
        return word

    def target_ShortNameRef(self, t: Any, condition: Condition | None) -> Ref:
        # 201.4: "this", printed as the card's short name in this place (ThisRef.short).
        return rf.ThisRef(words=self.short_name(t, str(t.short)), short=True)

    def target_word(self, t: Any, condition: Condition | None) -> Ref:
        """A word naming something already named: "this", "it", "they", "that creature", "those ..."."""
        if t.word == "this":
            return rf.ThisRef(words="this")
        if t.word == "this creature":
            return rf.ThisRef(words="this creature")  # in a quoted ability (109.5): the object that has it
        if t.word == "they":
            # 611.2c: "Creatures you control gain first strike ... they get +1/+1": the group the
            # instruction before affected, determined as this one is followed (the same moment).
            if self.last_each is None:
                self.ck.error(t, "'they' refers to the group an instruction before affected ('creatures you "
                                 "control gain ...'); there is none before it")
                return rf.ThisRef(words="this")
            return replace(self.last_each, words="they")
        if t.word == "that card":
            return rf.LastAffected(words="that card")  # what the previous instruction moved
        if t.word.startswith("those ") and self.last_group is None and self.last_each is not None:
            # "If this spell was kicked, those creatures get -2/-2 ... instead": the group the
            # instruction before named, determined again as this one is followed (611.2c).
            return replace(self.last_each, words=t.word)
        if t.word.startswith("those "):
            if self.last_group is None:
                self.ck.error(t, f"'{t.word}' refers to the targets of an 'up to N target ...' phrase; there is none before it")
                return rf.ThisRef(words="this")
            return rf.SlotRange(self.last_group[0], words=t.word, count=self.last_group[1])
        if t.word.startswith("that ") and t.word != "that player":
            if not self.targets and self.effects_done:
                # "Create a 7/1 ... token. ... that creature gets +7/+0": what an instruction before made.
                return rf.LastAffected(words=t.word)
            if not self.targets and self.event is not None:
                # A trigger's event object ("whenever this blocks a creature, ... that creature",
                # 509.3c): what the trigger remembers.
                return rf.LastAffected(words=t.word)
            if not self.targets:
                self.ck.error(t, f"'{t.word}' has nothing to refer to: no target was chosen before it")
                return rf.ThisRef(words="this")
            return rf.SlotRef(len(self.targets) - 1, words=t.word)
        if self.targets and t.word == "it" and self.moved_slot == len(self.targets) - 1:
            # "Exile target creature you control, then return it ...": the card the exile moved
            # is a new object (400.7), found as what the instruction before moved.
            return rf.LastAffected(words="it")
        if self.targets and t.word == "it":
            return rf.SlotRef(len(self.targets) - 1, words=t.word)
        if t.word == "it" and self.named_this:
            # "Dark Maze can attack this turn ... Exile it at ...": with no target, "it" is the
            # object the instruction before named.
            return rf.ThisRef(words="it")
        if t.word == "it" and self.self_it and (not self.effects_done or self.it_this):
            # "When Phantasmal Dragon becomes the target ..., sacrifice it": before any target or
            # instruction, "it" in a trigger on the object's own event is the object (400.7d
            # finds its new object if it moved); "it becomes a Bird Giant, and it loses defender":
            # an "it" right after an instruction whose "it" named the object names it still.
            return rf.ThisRef(words="it")
        return rf.LastAffected(words=t.word)

    def after_unbounded(self, node: Any) -> None:
        """115.1d: an unbounded "any number of targets" slot repeats, so no target may follow it."""
        if self.targets and self.targets[-1].repeat:
            self.ck.error(node, "no target can follow 'any number of targets' in the same ability",
                          "put the 'any number of targets' phrase last")

    def back_ref(self, word: str) -> Ref:
        """"them"/"it" naming the last target phrase (all of an "any number of targets" phrase)."""
        if not self.targets:
            return rf.LastAffected(words=word)
        last = self.targets[-1]
        if last.repeat or last.times is not None:
            return rf.SlotsFrom(last.group, words=word)
        return rf.SlotRef(len(self.targets) - 1, words=word)

    def each_object(self, node: Any, f: FilterIR, words: str, condition: Condition | None) -> rf.EachObject:
        """Every permanent ``f`` matches as the instruction is followed (611.2c); "creatures target player
        controls": the player is a target of the ability (115.1), and the group is that player's."""
        if f.controller != "target":
            return rf.EachObject(words, f)
        who = "target opponent" if words.endswith("target opponent controls") else "target player"
        slot = self.player(SimpleNamespace(owner=None, controller=False, who=who), condition)
        return rf.EachObject(words, replace(f, controller=""), controlled_by=slot)

    def player(self, p: Any, condition: Condition | None) -> Ref:
        """A player reference (absent: the ability's controller, as in "draw a card")."""
        if p is not None and p.owner:
            # "that creature's owner" (108.3): of the last target.
            return rf.OwnerOf(len(self.targets) - 1 if self.targets else -1, words=str(p.owner))
        if p is not None and p.controller:
            # "its controller": the controller of the object "it" names (the last target, else this).
            return rf.ControllerOf(len(self.targets) - 1 if self.targets else -1, words="its controller")
        if p is not None and p.who is None:
            # "controller" alone: in the grammar's `controller?='its' 'controller'` the "its" is
            # optional, so the word parses with nothing set.
            self.ck.error(p, "say whose controller: 'its controller'")
            return rf.YouRef(words="you")
        if p is None or p.who in ("you", "your"):
            return rf.YouRef(words="you")
        if p.who.startswith("each "):
            return rf.each_player(p.who.split()[1], p.who)
        if p.who == "those players":
            return rf.OwnersOfAffected()  # the owners of what the instruction before moved
        if p.who == "defending player":
            return rf.DefendingPlayer()  # 506.2
        if p.who == "attacking player":
            return rf.AttackingPlayer()  # 506.2
        if p.who == "that player":
            slots = [i for i, t in enumerate(self.targets) if t.kind is TargetKind.PLAYER]
            if not slots and self.event is not None and self.event.event_player:
                return rf.EventPlayer(words="that player")  # the player dealt damage (603.2)
            if not slots:
                self.ck.error(p, "'that player' has nothing to refer to: no player was targeted before it")
                return rf.YouRef(words="that player")
            return rf.PlayerSlot(slots[-1], words="that player")
        opp = p.who == "target opponent"
        self.after_unbounded(p)
        self.targets.append(TargetIR(TargetKind.PLAYER, FilterIR(controller="opponent") if opp else FilterIR(),
                                     condition=condition, words=p.who))
        return rf.PlayerSlot(len(self.targets) - 1, words=p.who)

    def from_graveyard(self, e: Any, ref: Ref) -> str:
        """'from your/a graveyard': the target slot just made chooses among cards in graveyards (115.1)."""
        whose = str(e.source.whose)
        if not isinstance(ref, (rf.SlotRef, rf.SlotsFrom)) or not self.targets:
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

    # effects: one method per grammar rule (effect_<Rule>) ------------------

    def effect(self, e: Any, cond: Condition | None) -> Effect:
        """Lower one instruction by its grammar rule; ``cond``: the condition its targets are
        chosen under (702.33g)."""
        lower = getattr(self, "effect_" + cname(e))
        out: Effect = lower(e, cond)
        return out

    def effect_ChooseAmongEffect(self, e: Any, cond: Condition | None) -> Effect:
        # A choice among kinds of objects, remembered for "of that type" (608.2c-d).
        player = self.player(e.player, cond)
        self.last_player = player
        options = tuple(_filter(self.ck, f, e) for f in [*e.options, e.last])
        if any(f.of_chosen for f in options):
            self.ck.error(e, "an option can't itself be 'of that type'")
        self.chose = True
        return ef.ChooseAmong(player, options)

    def effect_ChoosePermanentEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 608.2d: a choice of a permanent as the instruction is followed; "the rest" refers to it.
        player = self.player(e.player, cond)
        self.last_player = player
        self.chose_permanent = True
        return ef.ChoosePermanent(player, self.their_filter(e.filter, e, player))

    def effect_PlayerTapsEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        types = tuple(str(t).rstrip("s") for t in [*e.types, e.last])
        c = e.controller
        controller = "they" if c.they else "you" if c.you else ""
        if not controller or (controller == "they") == isinstance(player, rf.YouRef):
            self.ck.error(c, "write 'they control' after another player's 'taps' ('you control' after 'you')")
        head = ", ".join(types[:-1]) + ("," if len(types) > 2 else "") + f" or {types[-1]}"
        words = ("untapped " if e.untapped else "") + head + f" {controller} control"
        f = FilterIR(any_types=types, states=("untapped",) if e.untapped else (), controller=controller, words=words)
        return ef.PlayerTaps(player, self.amount(e.amount, e.per), f)

    def effect_ExchangeLifeEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = rf.YouRef(words="you") if e.your else self.player(e.player, cond)
        if isinstance(player, (rf.EachPlayer, rf.EachOpponent)):
            self.ck.error(e, "one player's life total is exchanged")
        return ef.ExchangeLifeWithToughness(player)

    def effect_RevealHandEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.player is None and e.third:
            if self.last_player is None or isinstance(self.last_player, rf.YouRef):
                self.ck.error(e, "'reveals' needs a player: name one, or follow an instruction of another player")
                return ef.RevealHand(rf.YouRef(words="you"), at_random=bool(e.random))
            return ef.RevealHand(self.last_player, at_random=bool(e.random), implicit=True)
        player = self.player(e.player, cond)
        self.last_player = player
        return ef.RevealHand(player, at_random=bool(e.random))

    def effect_LookAtHandEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        if isinstance(player, rf.YouRef):
            self.ck.error(e, "a player looks at another player's hand: 'look at target opponent's hand'")
        self.last_player = player
        return ef.LookAtHand(player)

    def effect_ChooseNameEffect(self, e: Any, cond: Condition | None) -> Effect:
        f = _filter(self.ck, e.filter, e)
        if not f.is_card:
            self.ck.error(e.filter, "a name is a card's: write 'choose a nonland card name'")
        self.chose_name = True
        return ef.ChooseName(f)

    def effect_ReturnExiledWithEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        return ef.ReturnExiledWith(player)

    def effect_ChooseColorEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ChooseColor()

    def effect_ExtraTurnEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        return ef.ExtraTurn(player)

    def effect_FlipCoinEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.FlipCoin()

    def effect_ExchangeControlEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ExchangeControl(self.target(e.first, cond), self.target(e.second, cond))

    def effect_SkipTurnEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        return ef.SkipTurn(player)

    def effect_CantCastEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.thisturn:
            return ef.CantCastThisTurn(self.player(e.player, cond))  # 101.2, 514.2
        named = self.back_ref(str(e.samename))
        if not isinstance(named, rf.SlotRef):
            self.ck.error(e, f"'{e.samename}' must name a target chosen before it")
        return ef.CantCastSameName(self.player(e.player, cond), named)

    def effect_DividedDamageEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.evenly:
            # "divided evenly, rounded down, among any number of targets" (115.1d): unbounded.
            self.after_unbounded(e)
            first = len(self.targets)
            self.targets.append(TargetIR(TargetKind.ANY, condition=cond, words="any number of targets", optional=True,
                                         group=first, repeat=True))
            return ef.DividedEvenly(self.amount(e.amount), first)
        amount = self.amount(e.amount)
        if e.upto:
            # 601.2d: "among one, two, or three target creatures": one to three targets of the selector.
            f = _filter(self.ck, e.filter, e)
            if e.evenly or not isinstance(amount, am.Fixed) or amount.value < 3:
                self.ck.error(e, "'one, two, or three' targets divide a number of 3 or more, as you choose (601.2d)")
            first = len(self.targets)
            words = f"one, two, or three target {f.words}"
            for n in range(3):
                self.targets.append(TargetIR(TargetKind.OBJECT, f, condition=cond, words=words, optional=n > 0,
                                             group=first))
            return ef.DividedDamage(amount, tuple(range(first, first + 3)), among=words)
        if isinstance(amount, am.XAmount):
            # 601.2d: X is announced (601.2b) before the targets are chosen and the damage divided,
            # so any number of targets, at most X of them: an unbounded phrase (115.1d).
            self.after_unbounded(e)
            first = len(self.targets)
            self.targets.append(TargetIR(TargetKind.ANY, condition=cond, words="any number of targets", optional=True,
                                         group=first, repeat=True))
            return ef.DividedDamage(amount, (first,), through_end=True)
        if not isinstance(amount, am.Fixed) or amount.value < 1:
            self.ck.error(e, "the amount divided among targets must be a number or X (601.2d)")
        first = len(self.targets)
        # 601.2d: each target gets at least 1, so there are at most `amount` of them.
        for n in range(max(amount.value, 1)):
            self.targets.append(TargetIR(TargetKind.ANY, condition=cond, words="any number of targets",
                                         optional=n > 0, group=first))
        return ef.DividedDamage(amount, tuple(range(first, len(self.targets))))

    def effect_DamageEffect(self, e: Any, cond: Condition | None) -> Effect:
        also = self.target(e.also, cond) if e.also is not None else None
        if e.alsocontroller:
            also = self._controller_of(e, str(e.alsocontroller))
        if e.power is not None:
            # 608.2h: "damage equal to its power" -- read as the instruction is followed; "its" is the
            # object named last before it (a target), else the source.
            amount: am.Amount = self._power_of(e.power, cond)
        elif e.late:
            amount = self.amount(e.lateamount) if e.lateamount is not None else am.Fixed(0)
            if e.lateamount is None:
                self.ck.error(e, "'deals damage to TARGET' needs 'equal to N' after the target")
        else:
            amount = self.amount(e.amount)
        if e.lateamount is not None and not e.late:
            self.ck.error(e.lateamount, "the amount is already given before 'damage'")
        to = rf.YouRef(words="you") if e.you else self.target(e.target, cond) if e.target is not None else \
            self._controller_of(e, str(e.controllerof))
        also_amount = self.amount(e.alsoamount) if e.alsoamount is not None else None
        if e.base and not self.causative:
            self.ck.error(e, "'it deal' (the base form) follows 'have'; write 'this deals ...' or 'deal ...'")
        return ef.DealDamage(amount, to, equal_to=bool(e.equal), also=also, named=bool(e.named), late=bool(e.late),
                             again=bool(e.again), also_amount=also_amount, unpreventable=bool(e.unpreventable),
                             base=bool(e.base))

    def _controller_of(self, node: Any, words: str) -> Ref:
        """"that creature's controller": the controller of the last target (608.2h)."""
        if not self.targets:
            self.ck.error(node, f"'{words}' has nothing to refer to: no target was chosen before it")
        return rf.ControllerOf(len(self.targets) - 1 if self.targets else -1, words=words)

    def effect_ChooseTargetsEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 601.2c, 702.33d: a slot, then a slot chosen once per time the linked cost was paid; "another":
        # different from each other (115.3), as one phrase's slots are.
        first_slot = len(self.targets)
        first = self.target(e.first, cond)
        if len(self.targets) != first_slot + 1:
            self.ck.error(e.first, "'choose' names one target here: 'any target', 'target creature', ...")
            return ef.ChooseTargets(first, "", str(e.word))
        self.targets[first_slot] = replace(self.targets[first_slot], group=first_slot)
        f = _filter(self.ck, e.filter, e) if e.filter is not None else FilterIR()
        kind = TargetKind.OBJECT if e.filter is not None else TargetKind.ANY
        if kind is TargetKind.OBJECT and self.targets[first_slot].kind is not TargetKind.OBJECT:
            self.ck.error(e.filter, "the further targets must be the same kind as the first ('target creature', "
                                    "then 'another target creature')")
        times: am.Amount = am.Fixed(0)
        if self.ck.name_in(e, "condition word", e.word, self.words):
            times = am.TimesPaid(1, self.words[e.word], words=str(e.word))
        words = f"another target {f.words}".rstrip()
        self.targets.append(TargetIR(kind, f, "stack" if f.is_spell else "battlefield", cond, words=words,
                                     group=first_slot, times=times))
        return ef.ChooseTargets(first, f.words, str(e.word))

    def _power_of(self, p: Any, cond: Condition | None) -> am.PowerOf:
        """"its power", "the power of target creature": the power of an object as the effect happens
        (608.2h); a target named here is a new target slot (115.1)."""
        if p.target is not None:
            ref = self.target(p.target, cond)
            slot = ref.index if isinstance(ref, rf.SlotRef) else -1
            return am.PowerOf(slot, words=f"the power of {ref.words}")
        return am.PowerOf(len(self.targets) - 1 if self.targets else -1, words="its power")

    def effect_ObjectDamageEffect(self, e: Any, cond: Condition | None) -> Effect:
        source = self.target(e.source, cond)
        if isinstance(source, rf.LastAffected) and source.words == "it" and not self.targets and not self.effects_done:
            # "{T}, Sacrifice Ghitu Fire-Eater: It deals damage equal to its power ...": with nothing
            # named before it, "it" is the ability's source, as it last existed if sacrificed (113.7a).
            source = rf.ThisRef(words="it")
        if not isinstance(source, (rf.SlotRef, rf.ThisRef)):
            self.ck.error(e.source, "the source of 'deals damage equal to its power' must be one object: a target, "
                                    "'it' for one, or 'this'")
        if e.controller:
            # "that creature deals damage equal to its power to its controller" (608.2h: as it last existed)
            slot = source.index if isinstance(source, rf.SlotRef) else -1
            return ef.ObjectDealsDamage(source, rf.ControllerOf(slot, words="its controller"))
        return ef.ObjectDealsDamage(source, self.target(e.target, cond))

    def effect_ReturnAllFromGraveyardsEffect(self, e: Any, cond: Condition | None) -> Effect:
        f = _filter(self.ck, e.filter, e)
        if f.of_chosen and not self.chose:
            self.ck.error(e, "'of the chosen type' needs a choice before it in the ability ('choose a permanent type')")
        return ef.ReturnAllFromGraveyards(f, yours=bool(e.yours))

    def effect_CopyEachEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 707.2, 111.2: a token copy of each matching permanent, under that permanent's controller.
        return ef.CopyEach(_filter(self.ck, e.filter, e), str(e.copied))

    def effect_ReturnDestroyedEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 701.7a, 400.7: the cards a destroy instruction before this one put into your graveyard.
        if not self.destroyed:
            self.ck.error(e, "'destroyed this way' needs a destroy instruction before it in the sentence")
        return ef.ReturnDestroyed()

    def effect_RevealUntilEffect(self, e: Any, cond: Condition | None) -> Effect:
        self.revealed_until = True
        return ef.RevealUntil(_filter(self.ck, e.filter, e))

    def effect_PutOntoBattlefieldEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.counter is not None:
            # 614.1c, 122.6: "... with a manifestation counter on it" -- it enters with them
            return ef.PutOntoBattlefield(self.target(e.target, cond), self.amount(e.amount), self.counter_kind(e.counter))
        return ef.PutOntoBattlefield(self.target(e.target, cond))

    def effect_RevealTopCardEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.RevealTopCard()  # 701.16a

    def effect_ShuffleRevealedEffect(self, e: Any, cond: Condition | None) -> Effect:
        if not self.revealed_until:
            self.ck.error(e, "'revealed this way' needs 'reveal cards from the top of your library until ...' before it")
        return ef.ShuffleRevealed(self._action(e, "shuffle"), rf.YouRef(words="you"))

    def effect_ChooseTypeEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 205.2a, 608.2d: the controller chooses one of the permanent types, remembered for "of the chosen type".
        self.chose = True
        return ef.ChoosePermanentType()

    def effect_NoUntapEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.NoUntap(self.target(e.target, cond))

    def effect_TurnFaceDownEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.thiscreature:
            return ef.TurnFaceDown(rf.ThisRef(words="this creature"))  # the object with the ability (109.5)
        return ef.TurnFaceDown(self.target(e.target, cond))

    def effect_PhaseOutEffect(self, e: Any, cond: Condition | None) -> Effect:
        unless = self.cost_value(e.unless) if e.unless is not None else None  # 118.12
        return ef.PhaseOut(self.target(e.target, cond), unless)

    def effect_PutStickerEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.PutSticker(self.target(e.target, cond))

    def effect_NoRegenEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.thisturn:
            # 701.15c with a duration: any destruction this turn can't be replaced by regeneration.
            ref = self.target(e.target, cond) if e.target is not None else \
                rf.SlotRef(len(self.targets) - 1, words=f"that {e.thatnoun}")
            return ef.CantBeRegeneratedThisTurn(ref)
        if e.they or e.destroyed:
            # "Destroy all creatures. They can't be regenerated."; "... Creatures destroyed this way
            # can't be regenerated." (701.15c): the objects the destroy before it destroys
            return ef.CantBeRegenerated(rf.LastAffected(words=str(e.they or e.destroyed)), str(e.they or e.destroyed),
                                        later=bool(e.destroyed))
        if e.thatnoun:
            # "That creature": the last target; with none, the object the destroy before it names
            # (701.15c: "Destroy enchanted creature. That creature can't be regenerated.").
            ref = rf.SlotRef(len(self.targets) - 1, words=f"that {e.thatnoun}") if self.targets \
                else rf.LastAffected(words=f"that {e.thatnoun}")
            return ef.CantBeRegenerated(ref, f"that {e.thatnoun}")
        return ef.CantBeRegenerated(self.target(e.target, cond), "it")

    def effect_GainLifeEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.thatdamage:
            # 603.7c: "life equal to that damage" -- the damage event a delayed trigger triggered on.
            if not self.in_damage_trigger:
                self.ck.error(e, "'that damage' is the damage of a delayed trigger's event",
                              "'whenever that creature deals combat damage this turn, you gain life equal to that damage'")
            return ef.GainLife(self.player(e.player, cond), am.DamageEventAmount())
        if e.lost:
            # 608.2c: "you gain life equal to the life lost this way" -- what a "loses ... life" before did.
            if not self.counted_before:
                self.ck.error(e, "'the life lost this way' needs an instruction before it, in this ability, "
                                 "that makes a player lose life", "e.g. 'target opponent loses 2 life. you gain "
                                 "life equal to the life lost this way.'")
            return ef.GainLife(self.player(e.player, cond), am.LifeLostThisWay())
        if e.equal is None:
            return self._player_amount(e, cond, ef.GainLife, e.per)
        player = self.player(e.player, cond)
        return ef.GainLife(player, self._power_of(e.equal, cond))

    def effect_LoseLifeEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.half is not None:
            # 107.1a: "loses half their life, rounded up" -- "your" for you, "their" for another player.
            player = self.player(e.player, cond)
            self.last_player = player
            if (e.half.whose == "your") != isinstance(player, rf.YouRef):
                self.ck.error(e.half, f"'half {e.half.whose} life' doesn't match the player",
                              "'you lose half your life', 'target opponent loses half their life'")
            self.counted_before = True  # a later "the life lost this way" is the life lost (608.2c)
            return ef.LoseLife(player, am.HalfLife(whose=str(e.half.whose), rounded_up=e.half.way == "up"))
        if e.where is not None:
            # "loses X life, where X is this's power" (107.3): X is defined by the ability, not announced.
            if not e.amount.x:
                self.ck.error(e.where, "'where X is ...' defines X: write 'X life'")
            player = self.player(e.player, cond)
            self.last_player = player
            return ef.LoseLife(player, am.XIsPower())
        out = self._player_amount(e, cond, ef.LoseLife, e.per)
        self.counted_before = True  # a later "that much" in the ability is the life lost (608.2c)
        return out

    def effect_PlayerCountersEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        if e.energy:
            # 107.14: "you get {E}{E}{E}{E}": that many energy counters (122.1).
            return ef.PlayerCounters(player, am.Fixed(len(e.energy)), "energy", symbols=True)
        amount = self.amount(e.amount)
        if not isinstance(amount, am.Fixed):
            self.ck.error(e.amount, "a player gets a fixed number of counters here")
        return ef.PlayerCounters(player, amount, self.counter_kind(e.counter))

    def effect_ShuffleCardsIntoLibraryEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        first = len(self.targets)
        ref = self.target(e.target, cond)
        slots = range(first, len(self.targets))
        if not slots or any(not self.targets[i].filter.is_card for i in slots):
            self.ck.error(e.target, "the cards shuffled are targets: 'up to two target cards', 'target creature card'")
        their = e.whose == "their"
        if their and not isinstance(player, rf.PlayerSlot):
            self.ck.error(e, "'from their graveyard' needs a targeted player ('target player shuffles ...')")
        for i in slots:
            t = self.targets[i]
            if their and isinstance(player, rf.PlayerSlot):
                self.targets[i] = replace(t, zone="graveyard", owner_slot=player.index)
            else:
                self.targets[i] = replace(t, zone="graveyard", filter=replace(t.filter, controller="you"))
        return ef.ShuffleCardsIntoLibrary(player, ref)

    def effect_ShuffleIntoLibraryEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        if len(set(e.zones)) != len(e.zones):
            self.ck.error(e, "name each zone once")
        return ef.ShuffleIntoLibrary(player, tuple(str(z) for z in e.zones))

    def effect_DrawEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.player is None and e.third:
            if self.last_player is None or isinstance(self.last_player, rf.YouRef):
                self.ck.error(e, "'draws' needs a player: name one, or follow an instruction of another player")
            else:
                return ef.Draw(self.last_player, self.amount(e.amount, e.per), implicit=True)
        out = self._player_amount(e, cond, ef.Draw, e.per)
        if e.upto:
            # 608.2d: "each opponent may draw up to three cards" -- the drawing player chooses how many.
            if e.player is None or e.per is not None or not isinstance(out, ef.Draw) \
                    or not isinstance(out.amount, am.Fixed):
                self.ck.error(e, "write 'PLAYER may draw up to N cards' with a number")
            return replace(out, up_to=True) if isinstance(out, ef.Draw) else out
        if e.player is not None and e.player.who == "you" and isinstance(out, ef.Draw):
            return replace(out, you=True)  # written "you draw a card"
        return out

    def effect_DiscardEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.all and not self.chose_name:
            self.ck.error(e, "'that name' needs 'choose a ... card name' before it in the ability")
        if e.player is None and getattr(e, "third", None):
            if self.last_player is None or isinstance(self.last_player, rf.YouRef):
                self.ck.error(e, "'discards' needs a player: name one, or follow an instruction of another player")
            elif e.all:
                return ef.Discard(self.last_player, am.Fixed(0), implicit=True, named=True)
            else:
                return ef.Discard(self.last_player, self.amount(e.amount), implicit=True)
        if e.all:
            player = self.player(e.player, cond)
            self.last_player = player
            return ef.Discard(player, am.Fixed(0), named=True)
        player = self.player(e.player, cond)
        self.last_player = player
        if e.hand:
            # "discard all the cards in your hand": a later "that many" is how many (608.2c)
            self.counted_before = True
            return ef.Discard(player, am.Fixed(0, words="all"), whole_hand=True)
        return ef.Discard(player, self.amount(e.amount, e.per), at_random=bool(e.random))

    def _player_amount(self, e: Any, cond: Condition | None, make: Any, per: Any = None) -> Effect:
        """An instruction of a player with a number ("target player draws two cards")."""
        player = self.player(e.player, cond)
        self.last_player = player
        out: Effect = make(player, self.amount(e.amount, per))
        return out

    def effect_PlayerMillEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.twice:
            # "twice that many": twice the number of the mill before it (the instruction it replaces).
            before = self.last_mill
            if before is None:
                self.ck.error(e, "'twice that many' needs an instruction before it that put cards into a graveyard")
                before = am.Fixed(0, words="0")
            return ef.Mill(self.player(e.player, cond), am.Twice(before), their=True, short=True)
        amount = self.amount(e.amount)
        self.last_mill = amount
        return ef.Mill(self.player(e.player, cond), amount, their=True)

    def effect_ChangeTargetEffect(self, e: Any, cond: Condition | None) -> Effect:
        spell = self.target(e.target, cond)
        if not e.to:
            # 115.7a: "change the target of target spell or ability with a single target": to another legal one.
            if not (isinstance(spell, rf.SlotRef) and self.targets[spell.index].abilities):
                self.ck.error(e, "write 'change the target of target spell or ability with a single target'")
            return ef.NewTarget(spell, None)
        if not (isinstance(spell, rf.SlotRef) and self.targets[spell.index].filter.is_spell):
            self.ck.error(e, "only a spell's target is changed: 'change the target of target spell ...'")
        return ef.ChangeTarget(spell)

    def effect_NewTargetEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 115.7a: "that spell's target": the spell of the last target slot.
        if not self.targets or not self.targets[-1].filter.is_spell:
            self.ck.error(e, "'that spell's target' needs a target spell before it")
            return ef.NewTarget(rf.ThisRef(words="this"), _filter(self.ck, e.filter, e))
        return ef.NewTarget(rf.SlotRef(len(self.targets) - 1, words="that spell"), _filter(self.ck, e.filter, e))

    def effect_MillEffect(self, e: Any, cond: Condition | None) -> Effect:
        amount = self.amount(e.amount) if e.amount is not None else am.Fixed(1, words="1")
        return ef.Mill(self.player(e.player, cond), amount)

    def effect_RemoveCountersEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.RemoveCounters(self.amount(e.amount), self.counter_kind(e.counter), self.target(e.target, cond))

    def effect_ChangeColorWordEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ChangeColorWord(self.target(e.target, cond))  # 612.2, 613.1c

    def effect_TransformEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Transform(self.target(e.target, cond))  # 701.28a

    def effect_ChangeBaseEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 613.4b: the value is fixed as the effect begins (611.2c-style locking: counted on resolution)
        return ef.ChangeBase(str(e.which), self.amount(e.amount))

    def effect_ExileCardsEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ExileCards(self.amount(e.amount))  # 406.3: the controller chooses them

    def effect_RemoveAllCountersEffect(self, e: Any, cond: Condition | None) -> Effect:
        if not self.counted_kind:
            self.ck.error(e, "'all of them' means the counters a condition before it counted",
                          "e.g. 'then if there are five or more hatchling counters on it, remove all of them.'")
        return ef.RemoveAllCounters(self.counted_kind or "+1/+1", rf.ThisRef(words="this"))  # ("it" then means this)

    def effect_MoveCountersEffect(self, e: Any, cond: Condition | None) -> Effect:
        source = self.target(e.source, cond)
        return ef.MoveCounters(self.amount(e.amount), self.counter_kind(e.counter), source, self.target(e.target, cond))

    def effect_SacrificeEffect(self, e: Any, cond: Condition | None) -> Effect:
        unless = self.cost_value(e.unless) if e.unless is not None else None
        if e.unlessexile is not None:
            # 118.12: "unless you exile a card from your graveyard" -- a cost other than mana, paid or not.
            fields: dict[str, Any] = {}
            _costpart_ExileFromGraveyardCost(self.ck, e.unlessexile, fields, None)
            unless = CostIR(**fields)
        # 702.24a: "unless you pay COST for each age counter on it" -- the cost once per counter
        per = self.counter_kind(e.per) if e.per is not None else ""
        # 603.2: paying a keyword's own cost ("sacrifice this unless you pay cost", 702.30a) is an event
        # of the source that "when this's echo cost is paid" waits for.
        paid = f"cost_paid:{self.keyword_name}" if unless is not None and unless.param and self.keyword_name else ""
        # "sacrifice it unless {B} was spent to cast it": not sacrificed if the condition holds
        unless_cond = self.condition(e.unlesscond) if e.unlesscond is not None else None
        return ef.Sacrifice(self.target(e.target, cond), unless, per, paid_event=paid, unless_condition=unless_cond)

    def effect_TapOrUntapEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.TapOrUntap(self.target(e.target, cond))

    def effect_UntapEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Untap(self.target(e.target, cond))

    def effect_TapEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Tap(self.target(e.target, cond))

    def effect_RegenerateEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Regenerate(self.target(e.target, cond))

    def effect_ReturnDiscardedEffect(self, e: Any, cond: Condition | None) -> Effect:
        if self.event is None or "discard" not in getattr(self.event, "events", ()):
            self.ck.error(e, "'the discarded card' is the card of a discard trigger ('whenever you discard a card: ...')")
        return ef.ReturnDiscarded()

    def effect_ReturnToHandEffect(self, e: Any, cond: Condition | None) -> Effect:
        ref = self.target(e.target, cond)
        if e.exceptions:
            # "return all creatures ... except for Merfolk, Krakens, and Serpents": those subtypes are
            # left out of the group (205.3, 608.2c).
            if not isinstance(ref, rf.EachObject):
                self.ck.error(e, "'except for' leaves subtypes out of a group: 'return all creatures ...'")
            else:
                nons = tuple(self.ck.subtype(e, x) for x in e.exceptions)
                ref = replace(ref, filter=replace(ref.filter, non=ref.filter.non + nons))
        if not e.yours:
            return ef.ReturnToHand(ref, their=bool(e.their), exceptions=tuple(e.exceptions))
        # "to your hand": only for what you own (its owner's hand is yours, 400.3).
        if isinstance(ref, rf.ThisRef) and isinstance(self.event, StepTrigger) and self.event.zone == "graveyard":
            return ef.ReturnToHand(ref, yours=True)  # its own card, in its owner's graveyard (113.6k, 108.4a)
        if (isinstance(ref, rf.LastAffected) and isinstance(self.event, EventTrigger)
                and "to_your_graveyard" in self.event.events):
            # "whenever a nontoken creature is put into your graveyard ...: return that card to your hand":
            # the card in your graveyard is yours (400.3), and it is the trigger's object (603.10a).
            return ef.ReturnToHand(ref, yours=True)
        slot = ref.index if isinstance(ref, rf.SlotRef) and self.targets else None
        last = self.targets[-1] if slot is not None else None
        if slot is None or last is None or last.filter.controller != "own":
            self.ck.error(e, "'to your hand' needs a target you own ('target creature you own')",
                          "otherwise write 'to its owner's hand'")
        elif last.filter.exiled:
            # 406: "return target exiled card ... you own to your hand": a card in exile as a target.
            self.targets[slot] = replace(last, zone="exile")
            return ef.ReturnFromGraveyard(ref, "", "hand", zone="exile")
        return ef.ReturnToHand(ref, yours=True)

    def effect_ContinuousEffect(self, e: Any, cond: Condition | None) -> Effect:
        duration = "eot"
        d = e.lead if e.lead is not None else e.duration
        parts = tuple(self.static_part(p) for p in e.parts)
        if any(isinstance(p, sp.PTChange) and (p.per_counter or p.per_filter is not None) for p in parts):
            self.ck.error(e, "'for each ... counter on this' is for static abilities; an effect fixes a number")
        tail = tuple(self.static_part(p) for p in e.tail)
        if d is None and parts and all(isinstance(p, (sp.HasKeywords, sp.ChosenCreatureType, sp.BecomesAura, sp.BecomesTypes,
                                                                sp.BecomesCreature, sp.LosesKeywords, sp.AddsType))
                                       for p in parts) and not tail and e.lead is None:
            # 611.2a: "That creature gains haste.", "it becomes the creature type of your choice" -- no
            # duration: it lasts as long as the object does.
            duration = "forever"
        elif d is None and e.during is None and not any(p.own_duration() for p in parts):
            self.ck.error(e, "a continuous effect needs a duration ('until end of turn', 'until your next upkeep')")
        elif d is not None and d.next_upkeep:
            duration = "next_upkeep"
        elif d is not None and d.losecontrol:
            duration = "control"  # 702.62a: it follows the spell to the permanent it becomes
        elif d is not None and d.thiscombat:
            duration = "combat"  # 500.5, 511.2: until the combat phase ends
        elif d is not None and d.remainstapped:
            duration = "source_tapped"  # 611.2b: "for as long as this remains tapped"
        if e.during is not None:
            # 500.1: it applies during that player's next turn, from its beginning to its end.
            duration = "next_turn_controller" if e.during.its else "next_turn_you"
        ref: Ref
        if e.target is not None:
            ref = self.target(e.target, cond)
            if e.also is not None:
                return ef.ApplyContinuous(ref, parts, duration, lead=e.lead is not None, tail=tail,
                                          written=d is not None, also=self.target(e.also, cond))
        else:
            f = _filter(self.ck, e.group, e)
            if e.orgroup is not None:
                # "green creatures and white creatures can't block this turn": every object either
                # selector matches.
                g = _filter(self.ck, e.orgroup, e)
                f = replace(f, alternatives=(*f.alternatives, g), words=f"{f.words} and {g.words}")
            ref = self.each_object(e.group, f, f.words, cond)
            self.last_each = ref
            if all(p.RULES for p in parts + tail):
                # 611.2c: "creatures can't block this turn" changes the rules, not characteristics.
                return ef.ApplyRules(ref, parts, duration, lead=e.lead is not None, tail=tail, written=d is not None,
                                     this_turn=bool(d is not None and d.thisturn))
        return ef.ApplyContinuous(ref, parts, duration, lead=e.lead is not None, tail=tail, written=d is not None,
                                  this_turn=bool(d is not None and d.thisturn), also_word=bool(e.alsoword),
                                  still_land=bool(e.itsland))

    def effect_GainControlEffect(self, e: Any, cond: Condition | None) -> Effect:
        duration = "forever"
        if e.duration is not None:
            duration = "next_upkeep" if e.duration.next_upkeep else "eot"
            if e.duration.remainstapped or e.duration.thiscombat or e.duration.losecontrol:
                self.ck.error(e.duration, "gaining control lasts 'until end of turn', 'until your next upkeep' or "
                                          "indefinitely")
        return ef.GainControl(self.target(e.target, cond), duration)

    def effect_BlockRequirementEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.MustBlock(self.target(e.target, cond))

    def effect_PreventAllEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.PreventAllDamage(self.target(e.target, cond), combat=bool(e.combat))

    def effect_PreventDealtByEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.chosencolor:
            return ef.PreventDamageDealt(None, combat=bool(e.combat), chosen_color=True, that=bool(e.that))
        if e.group is not None:
            # 611.2c: "non-Soldier creatures": every such object whenever it would deal damage.
            f = _filter(self.ck, e.group, e)
            return ef.PreventDamageDealt(rf.EachObject(f.words, f), combat=bool(e.combat), that=bool(e.that))
        return ef.PreventDamageDealt(self.target(e.target, cond), combat=bool(e.combat), that=bool(e.that))

    def effect_DividedPreventEffect(self, e: Any, cond: Condition | None) -> Effect:
        amount = self.amount(e.amount)
        if not isinstance(amount, am.Fixed) or amount.value < 1:
            self.ck.error(e.amount, "the amount divided among targets must be a number (601.2d)")
        if e.thisway:
            # 608.2c: "prevent the next 6 damage this way instead": the targets of the division before.
            before = self.last_divided
            if before is None:
                self.ck.error(e, "'this way' needs a divided prevention before it in the ability",
                              "'prevent the next 3 damage that would be dealt this turn to any number of "
                              "targets, divided as you choose.'")
                return ef.DividedPrevent(amount, (), this_way=True)
            if isinstance(amount, am.Fixed) and amount.value > len(before.slots):
                # 601.2d: at least 1 each, so as many slots as the larger amount allows.
                first = before.slots[0]
                for _ in range(amount.value - len(before.slots)):
                    self.targets.append(replace(self.targets[first], optional=True, condition=cond))
                slots = tuple(range(first, first + amount.value))
                if slots[-1] != len(self.targets) - 1:
                    self.ck.error(e, "'this way' divides among the targets of the sentence just before")
                before_slots = slots
            else:
                before_slots = before.slots
            return ef.DividedPrevent(amount, before_slots, this_way=True)
        first = len(self.targets)
        # 601.2d: each target gets at least 1, so there are at most `amount` of them.
        for n in range(max(amount.value, 1)):
            self.targets.append(TargetIR(TargetKind.ANY, condition=cond, words="any number of targets",
                                         optional=n > 0, group=first))
        out = ef.DividedPrevent(amount, tuple(range(first, len(self.targets))))
        self.last_divided = out
        return out

    def effect_ExileIfDiesEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ExileIfDies(self.target(e.target, cond))  # 614.1a: "it": the object named before

    def effect_WheneverThisTurnEffect(self, e: Any, cond: Condition | None) -> Effect:
        subject = self.target(e.subject, cond)
        condition = self.condition(e.condition) if e.condition is not None else None
        if condition is not None and not isinstance(condition, co.CostWasPaid):
            self.ck.error(e.condition, "the 'if' of a delayed trigger here is about the spell ('if this spell was "
                                       "kicked', 603.4): a cost paid as it was cast")
        before, self.in_damage_trigger = self.in_damage_trigger, True
        try:
            effect = self.effect(e.effect, cond)
        finally:
            self.in_damage_trigger = before
        return ef.WheneverThisTurn(subject, effect, combat=bool(e.combat), condition=condition)

    def effect_RedirectEffect(self, e: Any, cond: Condition | None) -> Effect:
        # 614.9: the recipient is named first, so "it" may be this object (a trigger on its own event).
        recipient = self.target(e.recipient, cond) if e.recipient is not None else None
        to = self.target(e.to, cond)
        return ef.RedirectDamage(to, recipient, next_from_chosen=bool(e.nexttime), combat=bool(e.combat))

    def effect_UnpreventableEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.DamageUnpreventable()

    def effect_PreventEffect(self, e: Any, cond: Condition | None) -> Effect:
        ref = rf.YouRef(words="you") if e.you else self.target(e.target, cond)
        return ef.PreventDamage(self.amount(e.amount), ref)

    def effect_DestroyEffect(self, e: Any, cond: Condition | None) -> Effect:
        self.destroyed = True
        return ef.Destroy(self.target(e.target, cond))

    def effect_ExileEffect(self, e: Any, cond: Condition | None) -> Effect:
        ref = self.target(e.target, cond)
        whose = self.from_graveyard(e, ref) if e.source is not None else ""
        also = self.target(e.also, cond) if e.also is not None else None
        if e.counter is not None:
            # 702.62a: "exile it with N time counters on it" (the counters come with it, 122.1).
            return ef.Exile(ref, whose, also, self.amount(e.amount), self.counter_kind(e.counter))
        return ef.Exile(ref, whose, also)

    def effect_ReturnFromGraveyardEffect(self, e: Any, cond: Condition | None) -> Effect:
        self.where_x = self.amount(e.wherex) if e.wherex is not None else None
        ref = self.target(e.target, cond)
        if self.where_x is not None and not isinstance(ref, rf.SlotsFrom):
            self.ck.error(e.wherex, "'where X is ...' says what X is in 'up to X target ...'")
        where, self.where_x = self.where_x, None
        if e.source is not None:
            whose = self.from_graveyard(e, ref)
            return ef.ReturnFromGraveyard(ref, whose, "hand" if e.hand else "battlefield", mine=bool(e.mine),
                                          where_x=where)
        slot = ref.index if isinstance(ref, rf.SlotRef) and self.targets else None
        t = self.targets[slot] if slot is not None else None
        if slot is None or t is None or not t.filter.exiled or not e.hand:
            self.ck.error(e, "return a card to your hand from where? write 'from your graveyard' or "
                             "'target exiled card ... you own'")
        else:
            # 406: a card in exile as a target; "you own": only the controller's own (108.3).
            self.targets[slot] = replace(t, zone="exile")
        return ef.ReturnFromGraveyard(ref, "", "hand", zone="exile")

    def effect_CounterSpellEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.unless is not None:
            per = am.GraveyardSize(words="for each card in your graveyard") if e.per else None
            return ef.CounterUnless(self.target(e.target, cond), self.cost_value(e.unless), per)
        return ef.CounterSpell(self.target(e.target, cond))

    def effect_PlayerSacrificesEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        self.last_player = player
        f = self.their_filter(e.filter, e, player)
        if e.all:
            return ef.PlayerSacrifices(player, None, f)  # 701.17a: "all lands they control": no choice
        return ef.PlayerSacrifices(player, self.amount(e.amount), f)

    def their_filter(self, node: Any, owner: Any, player: Ref) -> FilterIR:
        """A selector of an instruction with a player subject: "they control" means that player's
        (the runtime passes the player following the instruction as the selector's viewer)."""
        f = _filter(self.ck, node, owner)
        if f.controller == "they" and isinstance(player, rf.YouRef):
            self.ck.error(node, "'they control' is for another player's instruction; write 'you control'")
        return f

    def effect_PutOnLibraryEffect(self, e: Any, cond: Condition | None) -> Effect:
        ref = self.target(e.target, cond)
        also = self.target(e.also, cond) if e.also is not None else None
        if (also is not None) != bool(e.owners):
            self.ck.error(e, "two things go 'on top of their owners' libraries'; one 'on top of its owner's library'")
        whose = self.from_graveyard(e, ref) if e.source is not None else ""
        return ef.PutOnLibrary(ref, whose, top=bool(e.top), also=also)

    def effect_PlayerShufflesEffect(self, e: Any, cond: Condition | None) -> Effect:
        player = self.player(e.player, cond)
        if isinstance(player, rf.YouRef):
            self.ck.error(e, "write 'shuffle your library'")
        return ef.PlayerShuffles(self._action(e, "shuffle"), player)

    def effect_PutIntoZoneEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.PutInto(self.target(e.target, cond), "graveyard")

    def effect_ReturnToBattlefieldEffect(self, e: Any, cond: Condition | None) -> Effect:
        face = "choice" if e.choice else "yes" if e.facedown else "no"
        counters = self.amount(e.amount) if e.amount is not None else None  # 614.1c: "with a -1/-1 counter on it"
        return ef.PutInto(self.target(e.target, cond), "battlefield", face, mine=bool(e.mine),
                          from_graveyard=bool(e.fromgy), owners=bool(e.owners), counters=counters,
                          counter=self.counter_kind(e.counter) if e.counter is not None else "",
                          transformed=bool(e.transformed))

    def effect_ExileTopEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ExileTop(self.player(e.player, cond))

    def effect_PlayerExileTopEffect(self, e: Any, cond: Condition | None) -> Effect:
        count = self.amount(e.amount) if e.amount is not None else None
        return ef.ExileTop(self.player(e.player, cond), count, their=True)

    def effect_MayPlayEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.MayPlay(this_turn=bool(e.thisturn))

    def effect_CastThisEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.free:
            # 118.9, 608.2g, 702.62a: cast it during resolution without paying its mana cost, if able.
            return ef.CastThis(self.target(e.target, cond))
        if self.params is None:
            self.ck.error(e, "'cast this for its ... cost' belongs in a keyword definition with that cost")
        # 113.7a: the triggered ability names the cost itself ("cast it by paying [cost]"), so it
        # still can once the keyword is gone (e.g. granted by a permanent that left).
        costs = [p for p, t in (self.params or {}).items() if t == "cost"]
        return ef.CastThis(self.target(e.target, cond), str(e.label).lower(), costs[0] if len(costs) == 1 else "")

    def effect_CopySpellEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.CopySpell(self.target(e.target, cond), bool(e.newtargets), that_copy=bool(e.thatcopy))

    def effect_TokenCopyEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.those:
            # "create five of those tokens": copies of what the last copy instruction copied.
            if self.last_copy is None:
                self.ck.error(e, "'those tokens' refers to a 'create a token that's a copy of ...' before it")
                return ef.CreateTokenCopy(rf.ThisRef(words="this"))
            return replace(self.last_copy, amount=self.amount(e.count), those=True)
        self.last_copy = ef.CreateTokenCopy(self.target(e.target, cond))
        return self.last_copy

    def effect_PlayerTopCardActionEffect(self, e: Any, cond: Condition | None) -> Effect:
        # "manifests": the action word with the third person's -s.
        word = e.action[:-1] if e.action.endswith("s") and e.action[:-1] in self.actions else e.action
        name = self._action(e, word, ActionStep.FACE_DOWN, "act on the top card of a library")
        return ef.TopCardAction(name, self.player(e.player, cond), their=True)

    def effect_AttachEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Attach(self.target(e.target, cond))

    def effect_FightEffect(self, e: Any, cond: Condition | None) -> Effect:
        first = self.target(e.first, cond)
        if getattr(e.second, "another", False) and not isinstance(first, rf.ThisRef):
            # 115.3: "another target" of a fight means another than its first target, which target
            # slots can't yet say ("another" in a selector means other than the source, which is
            # right when the source is the first fighter).
            self.ck.error(e.second, "'fights another target ...' is not supported yet: name what the second "
                                    "target is ('target creature an opponent controls')")
        if e.base and not self.causative:
            self.ck.error(e, "'fight' (the base form) follows 'have'; write '... fights ...'")
        return ef.Fight(first, self.target(e.second, cond), base=bool(e.base))

    def effect_RevealTopEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.RevealTop(self.amount(e.amount), _filter(self.ck, e.filter, e))  # 701.16a, 401.2

    def effect_LookAtTopEffect(self, e: Any, cond: Condition | None) -> Effect:
        amount = self.amount(e.amount)
        if e.other and not (isinstance(amount, am.Fixed) and amount.value == 2):
            self.ck.error(e, "'the other' is the second of two cards: 'look at the top two cards ...'")
        return ef.LookAtTop(amount, graveyard=bool(e.graveyard), rest_to_graveyard=bool(e.other))

    def effect_NumberedActionEffect(self, e: Any, cond: Condition | None) -> Effect:
        # a number of cards (701.18a scry) or of counters put on the source (701.31a, 701.43a)
        name = self._action(e, e.action)
        if name in self.actions and not (self.actions[name].has_step(ActionStep.ARRANGE)
                                         or self.actions[name].has_step(ActionStep.PUT_COUNTERS)):
            self.ck.error(e, f"the keyword action '{name}' doesn't take a number")
        return ef.NumberedAction(name, rf.YouRef(words="you"), self.amount(e.count))

    def effect_TopCardActionEffect(self, e: Any, cond: Condition | None) -> Effect:
        name = self._action(e, e.action, ActionStep.FACE_DOWN, "act on the top card of a library")
        count = self.amount(e.count) if e.count is not None else None
        return ef.TopCardAction(name, self.player(e.player, cond), count)

    def effect_LookActionEffect(self, e: Any, cond: Condition | None) -> Effect:
        name = self._action(e, e.action, ActionStep.FACE_DOWN, "put a card onto the battlefield face down")
        amount = self.amount(e.amount)
        if not isinstance(amount, am.Fixed) or amount.value != 2:
            self.ck.error(e.amount, "'put the other' needs exactly two cards looked at")
        return ef.LookThenAct(name, rf.YouRef(words="you"), amount)

    def effect_PileActionEffect(self, e: Any, cond: Condition | None) -> Effect:
        name = self._action(e, e.action, ActionStep.FACE_DOWN, "put a card onto the battlefield face down")
        f = _filter(self.ck, e.filter, e)
        if not f.is_card:
            self.ck.error(e.filter, "a graveyard holds cards: write '... cards'")
        player: Ref
        if e.whose == "your":
            player = rf.YouRef(words="your")
        else:
            index = len(self.targets)
            self.targets.append(TargetIR(TargetKind.PLAYER, FilterIR(), condition=cond, words="target player"))
            player = rf.PlayerSlot(index, words="target player's")
        return ef.PileThenAct(name, player, f)

    def effect_PutCountersEffect(self, e: Any, cond: Condition | None) -> Effect:
        amount = self.amount(e.amount)
        where = self.amount(e.wherex) if e.wherex is not None else None
        if where is not None and not isinstance(amount, am.XAmount):
            self.ck.error(e.wherex, "'where X is ...' says what X is: write 'put X ... counters on ...'")
        return ef.PutCounters(amount, self.counter_kind(e.counter), self.target(e.target, cond), where=where)

    def effect_SearchEffect(self, e: Any, cond: Condition | None) -> Effect:
        action = self._action(e, "search")
        found = _filter(self.ck, e.filter, e)
        if e.alts:
            # "a basic land card or a Gate card": a card matching any one of the selectors.
            alt_filters = tuple(_filter(self.ck, a, e) for a in e.alts)
            words = found.words + "".join(f" or {'an' if a.words[:1] in 'aeiou' else 'a'} {a.words}"
                                          for a in alt_filters)
            found = replace(found, alternatives=alt_filters, words=words)
        dest = {"OntoBattlefield": "battlefield", "IntoHand": "hand", "IntoGraveyard": "graveyard"}[cname(e.destination)]
        # 701.19a: "any number of cards": up to every matching card in the library.
        count = self.amount(e.count) if e.count is not None else am.Fixed(0)
        return ef.Search(action, self.player(e.player, cond), count, bool(e.upto), found, dest,
                         tapped=bool(e.tapped), that_card=bool(e.thatcard), those_cards=bool(e.thosecards),
                         reveal=bool(e.reveal), any_number=bool(e.anynumber))

    def effect_ShuffleIntoEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.ShuffleInto(self._action(e, "shuffle"), rf.YouRef(words="you"), self.target(e.target, cond),
                              owners=bool(e.owners))  # 701.20

    def effect_ShuffleEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.Shuffle(self._action(e, "shuffle"), self.player(e.player, cond))

    def effect_TokenEffect(self, e: Any, cond: Condition | None) -> Effect:
        for kw in e.keywords:
            if kw not in self.keywords:
                self.ck.name_in(e, "keyword", kw, self.keywords)
            elif self.keywords[kw].params:
                self.ck.error(e, f"a token keyword must take no parameters; '{kw}' does")
        subtypes = tuple(self.ck.subtype(e, s) for s in e.subtypes)
        types = tuple(t[:-1] if t.endswith("s") else t for t in e.types)
        name = " ".join((*subtypes, "Token"))  # 111.4: unnamed, it is named after its subtypes plus "Token"
        has_name = bool(e.tokname or e.leadname)
        if e.tokname or e.leadname:
            name = unescape(e.tokname or e.leadname)
            if not name.strip():
                self.ck.error(e, "a token's name can't be empty")
        count = self.amount(e.count, e.pertime)
        if e.per is not None:
            kind = self.counter_kind(e.per)
            count = am.CountersOnThis(kind, words=f"for each {kind} counter on it")
        # 111.2: "... with flying and "{R}: This creature gets +1/+0 until end of turn."" -- an ability
        # the token has as it is created (a quoted ability, rendered as a class of its own).
        granted: tuple[sp.GainAbility, ...] = (self.quoted_ability(e.granted),) if e.granted is not None else ()
        if e.itgranted is not None:
            # "Create a green Saproling creature token. It has "..."": the same, printed as a sentence (111.2)
            granted += (self.quoted_ability(e.itgranted),)
        if not e.power and not any(isinstance(p, sp.SetPT) for g in granted
                                       for p in getattr(g.ability, "parts", ())):
            self.ck.error(e, "a token without printed power and toughness needs an ability that defines them "
                             "(604.3): 'it has \"this creature's power and toughness are each equal to ...\"'")
        return ef.CreateTokens(count, name, int(e.power) if e.power else -1,
                               int(e.toughness) if e.toughness else -1,
                               tuple(COLOR_LETTER.get(c, c) for c in e.colors if c != "colorless"),
                               types, subtypes, tuple(e.keywords), named=has_name, tapped=bool(e.tapped),
                               supertypes=tuple(e.supertypes), name_first=bool(e.leadname), granted=granted,
                               it_has=e.itgranted is not None)

    def effect_AddManaEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.anycolor:
            return ef.AddMana(any_color=True)
        if e.anyone:
            # 106.1a: "add two mana of any one color" -- one color chosen, that many mana of it
            return ef.AddMana(any_color=True, count=NUMBER_WORDS[e.anyone])
        if e.last:
            return ef.AddMana(choices=self.ck.mana_symbols(e, [*e.choices, e.last]))
        if e.mana is None:
            # "add mana of any color": the grammar's `anycolor?='one' 'mana' ...` makes "one" optional.
            self.ck.error(e, "say how much mana: 'add one mana of any color'")
            return ef.AddMana(any_color=True)
        mana = self.ck.mana_symbols(e.mana, list(e.mana.symbols))
        if e.alts:
            # "add {W} or {U}": one mana, of the player's choice among these (106.1a).
            alts = (mana,) + tuple(self.ck.mana_symbols(c, list(c.symbols)) for c in e.alts)
            if any(len(c) != 1 for c in alts):
                self.ck.error(e, "each choice of 'add ... or ...' must be one mana symbol")
            return ef.AddMana(choices=tuple(c[0] for c in alts if c))
        if e.per is not None and cname(e.per) == "PerCounterOn":
            # 106.3, 122.1: "add {C} for each charge counter on this", counted as it resolves (608.2h)
            return ef.AddMana(mana=mana, per=am.PerCounters(1, self.counter_kind(e.per.counter), on=str(e.per.on)))
        if e.per is not None:
            # 106.3, 107.3-style count: "add {G} for each creature with defender you control"
            if e.alts:
                self.ck.error(e.per, "'for each' multiplies one mana amount, not a choice")
            return ef.AddMana(mana=mana, per=self.count_per(e.per, 1))
        return ef.AddMana(mana=mana)

    def effect_PayEffect(self, e: Any, cond: Condition | None) -> Effect:
        cost = _cost(self.ck, e.cost)
        if cost.tap or cost.sacrifice_this or cost.exile_this:
            self.ck.error(e, "an instruction can't pay {T}, sacrifice this or exile this: those are costs of "
                             "activated abilities")
        return ef.Pay(cost)

    def effect_RevealCostEffect(self, e: Any, cond: Condition | None) -> Effect:
        fields: dict[str, Any] = {}
        _costpart_RevealCost(self.ck, e.reveal, fields, None)
        return ef.Pay(CostIR(**fields))

    def effect_MayEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.May(self.effect(e.effect, cond))  # 608.2d

    def effect_AttacksPlayerEffect(self, e: Any, cond: Condition | None) -> Effect:
        target = self.target(e.target, cond)
        return ef.AttacksPlayerIfAble(target, self.player(e.player, cond))

    def effect_DoublePTEffect(self, e: Any, cond: Condition | None) -> Effect:
        # "its": the object named last (a target), else the source (as "its power" reads, 608.2h).
        ref: Ref = rf.SlotRef(len(self.targets) - 1) if self.targets else rf.ThisRef(words="it")
        return ef.DoublePT(ref)

    def effect_AnyPlayerMayEffect(self, e: Any, cond: Condition | None) -> Effect:
        cost = _cost(self.ck, e.cost)
        if cost.tap or cost.sacrifice_this or cost.exile_this or cost.discard_this:
            self.ck.error(e, "any player pays a cost of their own: 'any player may sacrifice a creature'")
        return ef.AnyPlayerMayPay(cost)

    def effect_HaveEffect(self, e: Any, cond: Condition | None) -> Effect:
        self.causative = True
        try:
            inner = self.effect(e.effect, cond)
        finally:
            self.causative = False
        if not (isinstance(inner, (ef.Fight, ef.DealDamage)) and inner.base):
            self.ck.error(e, "'have' is followed by 'it fight ...' or 'it deal N damage to ...' (the verb's base form)")
        return ef.Causative(inner)

    def effect_PutFromHandEffect(self, e: Any, cond: Condition | None) -> Effect:
        return ef.PutFromHand(_filter(self.ck, e.filter, e), face_up=bool(e.faceup))

    def effect_DelayedEffect(self, e: Any, cond: Condition | None) -> Effect:
        if e.whendies:
            # 603.7: "when this dies this turn: return it ..." -- "it" is this object (the card it became,
            # 400.7d), not a target of the ability that creates the delayed trigger.
            saved, named = self.targets, self.named_this
            self.targets, self.named_this = [], True
            try:
                inner = self.effect(e.effect, cond)
            finally:
                self.targets, self.named_this = saved, named
            return ef.DelayedOnEvent("dies", inner)
        step = "end_combat" if e.endcombat else e.step  # 511.2: "at end of combat"
        return ef.Delayed(step, self.effect(e.effect, cond))

    def _action(self, e: Any, name: str, step: ActionStep | None = None, does: str = "") -> str:
        """A keyword action's name, checked against the library (and, with ``step``, that one
        of its steps is that: what the instruction needs it to ``does``)."""
        if name not in self.actions:
            self.ck.error(e, f"the keyword action '{name}' is not defined in the keyword library",
                          "define it in cards/keywords/ (action ... rule 701.x { ... })")
        elif step is not None and not self.actions[name].has_step(step):
            self.ck.error(e, f"the keyword action '{name}' doesn't {does}")
        return name

    # static abilities and continuous effects ---------------------------------

    # static parts: one method per grammar rule (static_<Rule>) ---------------

    def static_part(self, p: Any) -> StaticPart:
        """One thing a static ability or continuous effect does."""
        lower = getattr(self, "static_" + cname(p), None)
        if lower is None:
            return _FIXED_PARTS[cname(p)]()
        out: StaticPart = lower(p)
        return out

    def static_DoesntUntap(self, p: Any) -> StaticPart:
        return sp.DoesntUntap(its=bool(p.its))

    def static_AttacksDespite(self, p: Any) -> StaticPart:
        self.ck.name_in(p, "keyword", p.keyword, self.keywords)
        return sp.AttacksDespite(p.keyword, this_turn=bool(p.thisturn))

    def static_PTChange(self, p: Any) -> StaticPart:
        # "+n/+n" (702.45a bushido N): multiples of a keyword's number parameter, as of X; one name for both.
        named = {v[1:] for v in (p.power, p.toughness) if v[1:2].isalpha() and v[1:] != "X"}
        param = next(iter(named), "")
        if param and (len(named) > 1 or self.params is None or self.params.get(param) != "number"):
            self.ck.error(p, f"'{param}' in '{p.power}/{p.toughness}' isn't a number parameter of this keyword",
                          "write numbers or X, or one number parameter of the keyword ('+n/+n')")
            param = ""

        def signed(v: str) -> tuple[int, int]:  # (fixed part, multiple of X or of the parameter)
            return (0, -1 if v.startswith("-") else 1) if v[1:2].isalpha() else (int(v), 0)
        (pw, xp), (tg, xt) = signed(p.power), signed(p.toughness)
        if param and (xp, xt) != (1, 1):
            self.ck.error(p, "a keyword's number parameter is written '+n/+n' (it raises both power and toughness)")
            param = ""
        per = self.counter_kind(p.per) if p.per is not None else ""
        per_filter = None
        if p.perfilter is not None:
            per_filter = _filter(self.ck, p.perfilter, p)
            if p.onbf:
                per_filter = replace(per_filter, words=per_filter.words + " on the battlefield")
            elif p.pergy:
                # "for each card with cycling in your graveyard": cards in the source's controller's graveyard (404)
                if not per_filter.is_card:
                    self.ck.error(p, "count cards in a graveyard: '... card with cycling in your graveyard'")
                return sp.PTChange(pw, tg, per_filter=replace(per_filter, words=per_filter.words + " in your graveyard"),
                                   per_zone="graveyard")
            elif not per_filter.controller:
                self.ck.error(p, "say whose permanents are counted: '... you control' or '... on the battlefield'")
        # Oracle writes a zero change with the sign of the other half ("-2/-0"): keep it for the text.
        minus_zero = ("p" if p.power == "-0" else "") + ("t" if p.toughness == "-0" else "")
        return sp.PTChange(pw, tg, x_power=xp, x_toughness=xt, minus_zero=minus_zero,
                           additional=bool(p.additional), per_counter=per, per_filter=per_filter, param=param)

    def static_PTChoice(self, p: Any) -> StaticPart:
        values = (p.power, p.toughness, p.power2, p.toughness2)
        if any(v[1:2].isalpha() for v in values):
            self.ck.error(p, "a choice of changes takes numbers, not X or a parameter")
            return sp.PTChoice(((0, 0), (0, 0)))
        pw, tg, pw2, tg2 = (int(v) for v in values)
        return sp.PTChoice(((pw, tg), (pw2, tg2)))

    def static_AddsType(self, p: Any) -> StaticPart:
        return sp.AddsType(str(p.type).rstrip("s"))  # 205.1b, 613.1d

    def static_BecomesAura(self, p: Any) -> StaticPart:
        return sp.BecomesAura(p.host.rstrip("s"))
    def static_BecomesCreature(self, p: Any) -> StaticPart:
        # 205.1b, 613.1d-f, 613.4b
        for kw in p.keywords:
            self.ck.name_in(p, "keyword", kw, self.keywords)
        return sp.BecomesCreature(int(p.power), int(p.toughness), tuple(COLOR_LETTER.get(c, c) for c in p.colors),
                                  tuple(self.ck.subtype(p, s) for s in p.subtypes), tuple(p.keywords),
                                  still_land=bool(p.still))

    def static_IsColor(self, p: Any) -> StaticPart:
        if p.color == "colorless":
            self.ck.error(p, "'is colorless' is not supported: name a color")
        return sp.SetColor((COLOR_LETTER.get(p.color, ""),))

    def static_CantBeBlockedExcept(self, p: Any) -> StaticPart:
        return sp.CantBeBlockedExcept(tuple(_filter(self.ck, f) for f in p.filters))

    def static_CanBlockOnly(self, p: Any) -> StaticPart:
        return sp.CanBlockOnly(tuple(_filter(self.ck, f) for f in p.filters))

    def static_CantBeTargetedByOnly(self, p: Any) -> StaticPart:
        # Printed plural ("Walls"): the subtype is the word without its "s" (205.3).
        words = {str(p.subtype), str(p.again)}
        if len(words) != 1 or not p.subtype.endswith("s"):
            self.ck.error(p, "write the same plural subtype twice: '... only Walls or of abilities that can target only Walls'")
        return sp.CantBeTargetedByOnly(self.ck.subtype(p, str(p.subtype)))

    def static_BasePT(self, p: Any) -> StaticPart:
        return sp.BasePT(int(p.power), int(p.toughness))

    def static_TapAbilitiesCantActivate(self, p: Any) -> StaticPart:
        return sp.TapAbilitiesCantActivate(their=p.whose == "their")

    def static_BecomesTypes(self, p: Any) -> StaticPart:
        # 613.1d, 205.1b: the creature types it becomes (they replace its own).
        return sp.BecomesTypes(tuple(str(s) for s in p.subtypes))

    def static_CantAttackUnless(self, p: Any) -> StaticPart:
        return sp.CantAttackUnless(_filter(self.ck, p.filter, p))

    def static_CantBlockMatching(self, p: Any) -> StaticPart:
        return sp.CantBlockMatching(tuple(_filter(self.ck, f) for f in p.filters))

    def static_BlockCapacity(self, p: Any) -> StaticPart:
        return sp.BlockCapacity(any_number=bool(p.anynumber))

    def static_BlocksDespite(self, p: Any) -> StaticPart:
        self.ck.name_in(p, "keyword", p.keyword, self.keywords)
        return sp.BlocksDespite(tuple(_filter(self.ck, f) for f in p.filters), str(p.keyword), had=bool(p.had))

    def static_CantBeTargeted(self, p: Any) -> StaticPart:
        return sp.Hexproof() if p.opponents else sp.Shroud()

    def static_CantBeBlockedByFewer(self, p: Any) -> StaticPart:
        return sp.MinBlockers(NUMBER_WORDS[p.count])

    def static_MaxBlockers(self, p: Any) -> StaticPart:
        return sp.MaxBlockers(NUMBER_WORDS[p.count])

    def static_CombatDamageSteps(self, p: Any) -> StaticPart:
        return sp.CombatDamageSteps(regular=bool(p.regular))

    def _quality(self, p: Any, make: Any) -> StaticPart:
        """A protection part (702.16) from a quality word or a keyword's quality parameter."""
        q = p.quality
        if q.param:
            if self.params is None or self.params.get(q.param) != "quality":
                self.ck.error(q, f"'{q.param}' is not a quality parameter here",
                              "a quality is a color or 'multicolored'; inside a keyword, its quality parameter")
            out: StaticPart = make(quality_param=q.param)
            return out
        out = make(quality=q.word)
        return out

    def static_CantBeBlockedBy(self, p: Any) -> StaticPart:
        return self._quality(p, sp.CantBeBlockedBy)

    def static_CantBeTargetedBy(self, p: Any) -> StaticPart:
        return self._quality(p, sp.CantBeTargetedBy)

    def static_CantBeAttachedBy(self, p: Any) -> StaticPart:
        return self._quality(p, sp.CantBeAttachedBy)

    def static_PreventDamageFrom(self, p: Any) -> StaticPart:
        return self._quality(p, sp.PreventDamageFrom)

    def static_GainsAbility(self, p: Any) -> StaticPart:
        return self.quoted_ability(p.ability)

    def quoted_ability(self, body: Any) -> sp.GainAbility:
        """A quoted ability an object has or gains (613.1f)."""
        # Lowered as an ability of its own (its targets are its own), rendered as a class.
        saved = self.targets
        inner = self.ability(SimpleNamespace(abilityword=None, body=body))
        self.targets = saved
        self.granted += 1
        return sp.GainAbility(inner, f"Granted{self.granted}")

    def static_HasKeywordAtManaCost(self, p: Any) -> StaticPart:
        # 702.1b: the keyword's one cost parameter is the object's mana cost.
        self.ck.name_in(p, "keyword", p.keyword, self.keywords)
        kw = self.keywords.get(p.keyword)
        if kw is not None and [t for _, t in kw.params] != ["cost"]:
            self.ck.error(p, f"'{p.keyword}' doesn't take one cost: 'with cost equal to its mana cost' needs a "
                             "keyword with one cost parameter (flashback, madness, ...)")
        return sp.HasKeywordAtManaCost(str(p.keyword))

    def _keywords(self, p: Any) -> tuple[str, ...]:
        for kw in p.keywords:
            self.ck.name_in(p, "keyword", kw, self.keywords)
            if kw in self.keywords and self.keywords[kw].params:
                self.ck.error(p, f"'{kw}' takes parameters; it can't be granted or removed this way")
        return tuple(p.keywords)

    def static_ProtectionFromChosen(self, p: Any) -> StaticPart:
        self.ck.name_in(p, "keyword", p.keyword, self.keywords)
        kw = self.keywords.get(p.keyword)
        if kw is not None and [t for _, t in kw.params] != ["quality"]:
            self.ck.error(p, f"'{p.keyword}' doesn't take a quality: 'from the chosen color' needs a keyword like protection")
        return sp.ProtectionFromChosen(str(p.keyword))

    def static_HasKeywordFrom(self, p: Any) -> StaticPart:
        # 613.1f: a keyword whose one parameter is a quality, granted with it (702.16a).
        self.ck.name_in(p, "keyword", p.keyword, self.keywords)
        kw = self.keywords.get(p.keyword)
        if kw is not None and [t for _, t in kw.params] != ["quality"]:
            self.ck.error(p, f"'{p.keyword}' doesn't take a quality: 'has protection from black'")
        if p.subtype:
            # "protection from Gorgons" (702.16a): the subtype, printed as written
            return sp.HasKeywordFrom(str(p.keyword), self.ck.subtype(p, str(p.subtype)), words=str(p.subtype))
        return sp.HasKeywordFrom(str(p.keyword), str(p.quality), more=tuple(str(q) for q in p.more))

    def static_HasKeywords(self, p: Any) -> StaticPart:
        return sp.HasKeywords(self._keywords(p))

    def static_LosesKeywords(self, p: Any) -> StaticPart:
        return sp.LosesKeywords(self._keywords(p))

    def ability(self, st: Any) -> AbilityIR:
        """Lower one ability statement (of a card, or of a keyword definition)."""
        word = st.abilityword or ""
        if word and word not in self.library.ability_words() and self.library.files:
            self.ck.name_in(st, "ability word", word, self.library.ability_words())
        b = st.body
        self.targets = []
        self.last_player = None
        lower = getattr(self, f"ability_{cname(b)}", self.ability_StaticStmt)  # a static ability by default
        return lower(b, word)

    def ability_TriggeredStmt(self, b: Any, word: str) -> AbilityIR:
        trigger = self.trigger(b.trigger)
        if b.zone:
            trigger = replace(trigger, zone=b.zone)  # 113.6b: it functions only in that zone
        self.event = trigger  # the condition may name the event's player (603.4)
        cond = self.condition(b.condition) if b.condition is not None else None
        if isinstance(cond, co.InGraveyard) and isinstance(trigger, StepTrigger):
            # 113.6k: "at the beginning of your upkeep, if this is in your graveyard" functions there
            trigger = replace(trigger, zone="graveyard")
            self.event = trigger
        # "it" may be the object: on its own event, or after an intervening "if Skizzik wasn't kicked".
        names_this = (isinstance(cond, co.CostWasPaid) and cond.named) or (cond is not None and cond.NAMES_THIS)
        self.self_it, self.effects_done, self.it_this = trigger.own_event or names_this, 0, False
        self.event = trigger
        modes: list[tuple[SentenceIR, ...]] = []
        count = 0
        try:
            if b.choice is not None:
                # 700.2, 603.3c: a modal triggered ability; each mode's targets are chosen only with it.
                for i, m in enumerate(b.choice.modes):
                    first = len(self.targets)
                    self.effects_done, self.it_this = 0, False
                    modes.append(self.sentences(_as_list(m.sentences)))
                    self.targets[first:] = [replace(t, mode=i) for t in self.targets[first:]]
                count = NUMBER_WORDS.get(b.choice.count, 1)
                if not 1 <= count < len(modes):
                    self.ck.error(b.choice, f"choose {b.choice.count} needs more than {count} mode(s) (700.2)")
                sents: tuple[SentenceIR, ...] = ()
            else:
                sents = self.sentences(b.sentences)
        finally:
            self.self_it = False
            self.event = None
        # An ability that returns its own card "from your graveyard" works from there (113.6k).
        if any(isinstance(e, ef.PutInto) and e.from_graveyard for s in (*sents, *(x for m in modes for x in m))
               for e in s.effects):
            trigger = replace(trigger, from_graveyard=True)
        return TriggeredIR(trigger, cond, tuple(self.targets), sents, word, tuple(modes), count)

    def ability_ActivatedStmt(self, b: Any, word: str) -> AbilityIR:
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
        is_mana = not self.targets and any(isinstance(e, ef.AddMana) for s in sents for e in s.effects)
        restriction = self.condition(b.restriction) if b.restriction is not None else None
        if b.sorcery:
            restriction = co.SorceryTiming()
            also = self.condition(b.also) if b.also is not None else None
            if also is not None:  # "... and only if seven or more cards are in your graveyard"
                restriction = co.AllConditions((restriction, also))
        if b.castable:
            restriction = co.CastTiming()  # 116.2f: when it could be cast
        return ActivatedIR(cost, tuple(self.targets), sents, is_mana, restriction=restriction, ability_word=word,
                           once_per_turn=bool(b.once), from_hand=bool(b.fromhand), special=bool(b.special))

    def ability_UncounterableStmt(self, b: Any, word: str) -> AbilityIR:
        return UncounterableIR(word)

    def ability_AsCopyStmt(self, b: Any, word: str) -> AbilityIR:
        f = _filter(self.ck, b.filter, b)
        if not f.other:
            self.ck.error(b.filter, "write 'another creature': it can't copy itself")
        saved = self.targets
        inner = self.ability(SimpleNamespace(abilityword=None, body=b.ability))
        self.targets = saved
        self.granted += 1
        return AsCopyIR(f, sp.GainAbility(inner, f"Granted{self.granted}"), word)

    def ability_AsChoosePTStmt(self, b: Any, word: str) -> AbilityIR:
        if not (b.enters or b.turned):
            self.ck.error(b, "say when: 'as this enters the battlefield' and/or 'is turned face up'")
        if len(b.options) < 2:
            self.ck.error(b, "a choice needs two or more values ('5/1 or 1/5')")
        return AsChoosePTIR(tuple((int(o.power), int(o.toughness)) for o in b.options), bool(b.enters),
                            bool(b.turned), word)

    def ability_AsTurnedFaceUpStmt(self, b: Any, word: str) -> AbilityIR:
        return AsTurnedFaceUpIR(self.amount(b.amount), self.counter_kind(b.counter), word)

    def ability_EntersAsCopyStmt(self, b: Any, word: str) -> AbilityIR:
        return EntersAsCopyIR(_filter(self.ck, b.filter, b), word)

    def ability_EntersWithStmt(self, b: Any, word: str) -> AbilityIR:
        amount = self.amount(b.amount)
        counter = self.counter_kind(b.counter)
        if b.word and self.ck.name_in(b, "condition word", b.word, self.words):
            amount = am.TimesPaid(amount.value, self.words[b.word], words=b.word)
        cond = self.condition(b.condition) if b.condition is not None else None
        for kw in b.keywords:
            self.ck.name_in(b, "keyword", kw, self.keywords)
            if kw in self.keywords and self.keywords[kw].params:
                self.ck.error(b, f"'{kw}' takes parameters; it can't be given this way")
        # 614.1c, 613.1f: "... and with "Pay 3 life: Regenerate this."" -- a quoted ability.
        granted = self.quoted_ability(b.granted) if b.granted is not None else None
        first = (str(b.first),) if b.first else ()
        for kw in first:
            self.ck.name_in(b, "keyword", kw, self.keywords)
            if kw in self.keywords and self.keywords[kw].params:
                self.ck.error(b, f"'{kw}' takes parameters; it can't be given this way")
        where = self.amount(b.wherex) if b.wherex is not None else None
        if where is not None and not isinstance(amount, am.XAmount):
            self.ck.error(b.wherex, "'where X is ...' says what X is: write 'enters with X ... counters'")
        if first and cond is None:
            self.ck.error(b, "'enters with KEYWORD and with ... counters' is printed after a condition ('if kicked, ...')")
        return EntersWithIR(amount, counter, cond, word, keywords=first + tuple(b.keywords), granted=granted,
                            keyword_first=bool(first), where=where)

    def ability_EntersTappedStmt(self, b: Any, word: str) -> AbilityIR:
        return EntersTappedIR(word)

    def ability_ChooseColorAsEntersStmt(self, b: Any, word: str) -> AbilityIR:
        return ChooseColorAsEntersIR(word)

    def ability_AmplifyStmt(self, b: Any, word: str) -> AbilityIR:
        return AmplifyIR(self.amount(b.amount), self.counter_kind(b.counter), word)

    def ability_PTDefiningStmt(self, b: Any, word: str) -> AbilityIR:
        which = "both" if b.both else str(b.which)
        amount = self.amount(b.amount)
        if not isinstance(amount, (am.CountOf, am.CountersOnThis, am.CountersOnCreator, am.Fixed)):
            self.ck.error(b.amount, "power and toughness can equal a number, a count or counters on it")
        # "this creature's power ...": in a quoted ability, the object that has it (109.5)
        return StaticIR((sp.SetPT(which, amount, subject="This creature" if b.thiscreature else ""),), None, False, word)

    def ability_PreventDamageByStmt(self, b: Any, word: str) -> AbilityIR:
        flt = _filter(self.ck, b.filter, b) if b.filter is not None else None
        return StaticIR((sp.PreventDamageBy(flt, combat=bool(b.combat)),), None, False, word)

    def ability_OptionalUntapStmt(self, b: Any, word: str) -> AbilityIR:
        return StaticIR((sp.MayChooseNotToUntap(),), None, False, word)  # 502.3

    def ability_GreaterPowerCantBlockStmt(self, b: Any, word: str) -> AbilityIR:
        return StaticIR((sp.CantBeBlockedByGreaterPower(),), None, False, word)  # 509.1b

    def ability_LureStmt(self, b: Any, word: str) -> AbilityIR:
        # 509.1c: a requirement on every creature able to block this (or the enchanted creature).
        lure_cond = self.condition(b.precondition) if b.precondition is not None else None
        return StaticIR((sp.AllAbleBlock(),), lure_cond, True, word, enchanted=b.host if b.enchanted else "")

    def ability_CostReductionStmt(self, b: Any, word: str) -> AbilityIR:
        filters = tuple(_filter(self.ck, sk.filter, sk) for sk in b.spells)
        syms = self.ck.mana_symbols(b.amount, list(b.amount.symbols))
        if len(syms) != 1 or not syms[0].strip("{}").isdigit():
            self.ck.error(b.amount, "a cost reduction is a generic amount, e.g. {1} (601.2f)")
        n = int(syms[0].strip("{}")) if syms and syms[0].strip("{}").isdigit() else 0
        if any(not f.is_spell for f in filters):
            self.ck.error(b, "a cost reduction names spells ('green spells and blue spells you cast')")
        zones = tuple("command" if z.command else "battlefield" for z in b.zones)
        return StaticIR((sp.CostReduction(n, filters),), None, False, word, zones=zones)

    def ability_HandSizeStmt(self, b: Any, word: str) -> AbilityIR:
        return StaticIR((sp.HandSize(NUMBER_WORDS[b.amount]),), None, False, word)

    def ability_CantSearchStmt(self, b: Any, word: str) -> AbilityIR:
        # 701.19: a static ability affecting players, relative to its controller.
        return StaticIR((sp.CantSearch(_players_affected(b.who)),), None, False, word)

    def ability_SkipExtraTurnStmt(self, b: Any, word: str) -> AbilityIR:
        # 614.10: a static ability affecting players, relative to its controller.
        return StaticIR((sp.SkipExtraTurns(_players_affected(b.who)),), None, False, word)

    def ability_RedirectStmt(self, b: Any, word: str) -> AbilityIR:
        # 614.9: damage to its controller is dealt to this permanent instead, maybe as long as C.
        flt = _filter(self.ck, b.filter, b) if b.filter is not None else None
        cond = self.condition(b.precondition) if b.precondition is not None else None
        return StaticIR((sp.RedirectToThis(flt, combat=bool(b.combat)),), cond, True, word)

    def ability_LifeFloorStmt(self, b: Any, word: str) -> AbilityIR:
        # 614.1a: a replacement effect on the life its controller loses from damage.
        if b.floor != b.to or b.floor < 1:
            self.ck.error(b, "the life total is reduced to the number it can't go below",
                          "'damage that would reduce your life total to less than 1 reduces it to 1 instead'")
        return StaticIR((sp.DamageLifeFloor(int(b.floor)),), None, False, word)

    def ability_AdditionalLandStmt(self, b: Any, word: str) -> AbilityIR:
        # 305.2: continuous effects may increase the number of lands a player can play.
        return StaticIR((sp.ExtraLand(NUMBER_WORDS[b.count]),), None, False, word)

    def ability_TopRevealedStmt(self, b: Any, word: str) -> AbilityIR:
        # 401.5: the top card of its controller's library is public while this is on the battlefield.
        return StaticIR((sp.TopRevealed(),), None, False, word)

    def ability_PlayTopStmt(self, b: Any, word: str) -> AbilityIR:
        # 305.1, 601.2a: a permission to play (or only cast) the top card of your library.
        flt = _filter(self.ck, b.filter, b) if b.filter is not None else None
        return StaticIR((sp.PlayTop(str(b.verb), flt),), None, False, word)

    def ability_CantActivateStmt(self, b: Any, word: str) -> AbilityIR:
        return StaticIR((sp.CantActivate(),), None, False, word, affected=_filter(self.ck, b.affected, b))

    def ability_CostPerPermanentStmt(self, b: Any, word: str) -> AbilityIR:
        # 601.2f, 702.41a: counted among the controller's permanents as the total cost is determined
        cost = CostIR(mana=tuple(self.ck.mana_symbols(b.cost, list(b.cost.symbols))))
        if b.param:
            if self.params is None or self.params.get(b.param) != "selector":
                self.ck.error(b, f"'{b.param}' is not a selector parameter here",
                              "inside 'keyword Affinity(what: selector)': 'for each what you control'")
            return CostPerPermanent(cost, param=b.param, ability_word=word)
        flt = _filter(self.ck, b.filter, b)
        if not flt.controller:
            self.ck.error(b, "say whose permanents are counted: '... you control'")
        return CostPerPermanent(cost, filter=flt, ability_word=word)

    def ability_CostPerTargetStmt(self, b: Any, word: str) -> AbilityIR:
        return CostPerExtraTarget(CostIR(mana=tuple(self.ck.mana_symbols(b.cost, list(b.cost.symbols)))), word)

    def ability_CostLessIfStmt(self, b: Any, word: str) -> AbilityIR:
        # 601.2f: the spell's own cost reduction, while its condition holds.
        cost = CostIR(mana=tuple(self.ck.mana_symbols(b.cost, list(b.cost.symbols))))
        cond = self.condition(b.condition)
        if cond is None:  # a condition word unknown here (reported where it was checked)
            cond = co.GraveyardCount(0)
        return CostLessIf(cost, cond, word)

    def ability_ConditionalKeywordStmt(self, b: Any, word: str) -> AbilityIR:
        # 604.1, 702.33d: a keyword the object has only while the condition holds ("if kicked, this has
        # split second"); its words and reminder text are the keyword line's, from the library.
        use = _keyword_use(self, b.keyword)
        cond = self.condition(b.condition)
        if cond is None:  # a condition word unknown here (reported where it was checked)
            cond = co.GraveyardCount(0)
        kw = self.keywords.get(use.name.lower())
        words = keyword_line(use, kw, False)
        full = keyword_line(use, kw, True)
        reminder = full[len(words) + 2:-1] if full != words else ""
        return ConditionalKeywordIR(use, cond, words[:1].lower() + words[1:], reminder, word)

    def ability_SpendOnXStmt(self, b: Any, word: str) -> AbilityIR:
        # 106.6, 601.2h: restrictions on the mana spent on X as the spell is cast (a card without
        # an {X} in a cost is reported by _lower_card, which knows its costs)
        restrictions: list[SpendingRestrictionIR] = [SpendOnlyIR(tuple(str(c) for c in b.kinds))]
        if b.one_each:
            restrictions.append(OneOfEachColorIR())
        return SpendOnXIR(tuple(restrictions), word)

    def ability_CardAltCostStmt(self, b: Any, word: str) -> AbilityIR:
        return AlternativeCardCost(_cost(self.ck, b), word)

    def ability_CardAddCostStmt(self, b: Any, word: str) -> AbilityIR:
        or_cost = _cost(self.ck, b.orcost) if b.orcost is not None else None
        if b.pay and or_cost is not None and not or_cost.printed_plain:
            self.ck.error(b, "'or pay' takes mana: 'or pay {3}'")
        if b.optional and or_cost is not None:
            self.ck.error(b, "an optional additional cost is one cost ('you may reveal a Dragon card from your hand')")
        return AdditionalCardCost(_cost(self.ck, b.cost), word, or_cost, bool(b.pay), bool(b.optional))

    def ability_CardsStaticStmt(self, b: Any, word: str) -> AbilityIR:
        # 611.3a, 613.1f: it affects cards that aren't on the battlefield.
        f = _filter(self.ck, b.affected, b)
        if not f.is_card:
            self.ck.error(b, "cards outside the battlefield are named as cards: 'each ... card you own'")
        return StaticIR(tuple(self.static_part(p) for p in b.parts), None, False, word,
                        affected=replace(f, words=f"each {f.words} that isn't on the battlefield"), cards=True)

    def ability_StaticStmt(self, b: Any, word: str) -> AbilityIR:
        cond_node = b.precondition if b.precondition is not None else b.condition
        cond = self.condition(cond_node) if cond_node is not None else None
        affected = _filter(self.ck, b.affected, b) if b.affected is not None else None
        if affected is not None and getattr(b, "orgroup", None) is not None:
            # "green creatures and white creatures have ...": every permanent either selector matches (611.3a)
            g = _filter(self.ck, b.orgroup, b)
            affected = replace(affected, alternatives=(*affected.alternatives, g), words=f"{affected.words} and {g.words}")
        if affected is not None and b.each:
            affected = replace(affected, words=f"each {affected.words}")  # singular: "each creature you control"
        parts = tuple(self.static_part(p) for p in b.parts)
        if any(isinstance(p, sp.PTChange) and (p.x_power or p.x_toughness) and not p.param for p in parts):
            # 107.3: X in a static ability has no value to take; only a resolving effect fixes one.
            self.ck.error(b, "X has no value in a static ability: use a number, or an effect 'until end of turn'")
        return StaticIR(parts, cond, b.precondition is not None, word,
                        enchanted=b.host if b.enchanted or b.equipped else "", affected=affected,
                        host_word="equipped" if b.equipped else "enchanted")


    def trigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        """Lower a trigger condition (603.2)."""
        lower = getattr(self, f"trigger_{cname(t)}", self.event_trigger)  # an event of objects by default
        return lower(t)

    def trigger_StateTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        return StateTrigger(co.ControlNone(_filter(self.ck, t.state.filter, t.state)))  # 603.8

    def trigger_DiscardTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 603.2, 701.8: "whenever you discard a card": the card is remembered ("the discarded card")
        card = _filter(self.ck, t.card, t)
        article = "an" if card.words[:1] in "aeiou" else "a"
        return EventTrigger(("discard",), scope="discard_you", subject=card,
                            words=f"whenever you discard {article} {card.words}")

    def trigger_CastTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 603.2, 601.2i: "whenever an opponent casts a multicolored spell".
        if t.this:
            # "When you cast this spell": the spell's own ability, as it becomes cast (601.2i).
            if t.who != "you" or t.lead != "when":
                self.ck.error(t, "write 'when you cast this spell'")
            return EventTrigger(("cast",), scope="cast_this", words="when you cast this spell")
        spell = _filter(self.ck, t.spell, t)
        who = {"you": "you", "an opponent": "opponent", "a player": "any"}[t.who]
        article = "an" if spell.words[:1] in "aeiou" else "a"
        verb = "cast" if t.who == "you" else "casts"
        return EventTrigger(("cast",), scope=f"cast_{who}", subject=spell,
                         words=f"{t.lead} {t.who} {verb} {article} {spell.words}")

    def trigger_LifeGainTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 119.9, 603.2: each life-gain event of the controller.
        return EventTrigger(("gained_life",), scope="you_gain", words="whenever you gain life")

    def trigger_ToGraveyardTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 603.2: a card (not a token, 111.7) is put into a graveyard, from any zone.
        whose = "opponent" if t.whose == "an opponent's" else "you"
        return EventTrigger(("card_to_graveyard",), scope=f"graveyard_{whose}",
                            words=f"whenever a card is put into {t.whose} graveyard from anywhere")

    def trigger_BatchAttackTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 603.2c: one trigger for the whole declaration of attackers (508.1), counting them.
        subject = _filter(self.ck, t.subject, t)
        if subject.controller != "you":
            self.ck.error(t, "write 'whenever one or more FILTER you control attack'")
        return EventTrigger(("attack_batch",), scope="yours", subject=subject,
                         words=f"whenever one or more {subject.words} attack")

    def trigger_LastCounterTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        # 702.62a-style: the last counter of a kind is removed from the object (603.2).
        kind = self.counter_kind(t.counter)
        return EventTrigger(("last_counter_removed",), counter=kind,
                         words=f"{t.lead} the last {kind} counter is removed from this")

    def trigger_BeginningTrigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        step = {"upkeep": "upkeep", "draw step": "draw", "end step": "end"}[t.step]
        return StepTrigger(step, t.whose, words=f"at the beginning of {t.whose} {t.step}")

    def event_trigger(self, t: Any) -> StepTrigger | EventTrigger | StateTrigger:
        """An event trigger: "when this EVENT", "whenever a FILTER you control EVENT" (603.2), its events
        lowered one method per grammar rule (``event_<Rule>``)."""
        parts = [getattr(self, "event_" + cname(ev))(ev) for ev in t.events]
        events = [p.key for p in parts]
        words = [p.words for p in parts]
        # The qualities an event brings (its blocker's selector, its damage's kind) are the trigger's.
        flt = next((p.filter for p in parts if p.filter is not None), None)
        opponents = any(p.opponents for p in parts)
        combat = next((p.combat for p in reversed(parts) if p.key in ("deals_damage", "dealt_damage")), False)
        recipient = next((p.recipient for p in reversed(parts) if p.key in ("deals_damage", "dealt_damage")), "")
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
            return EventTrigger(tuple(events), filter=flt, scope="yours", subject=subject, opponents=opponents,
                             words=head + under, combat=combat, recipient=recipient)
        if cname(t) == "AttachedTrigger":
            # 603.2: "when enchanted creature dies" -- events of the permanent the source is attached to.
            host = f"{'equipped' if t.equipped else 'enchanted'} {t.host.rstrip('s')}"
            return EventTrigger(tuple(events), filter=flt, scope="attached", opponents=opponents,
                                words=f"{lead} {host} {' or '.join(words)}", combat=combat, recipient=recipient)
        this = "this creature" if getattr(t, "creature", False) else "this"
        if getattr(t, "short", None):
            this = self.short_name(t, str(t.short))
        if any(w.startswith("'s ") for w in words) and len(words) > 1:
            self.ck.error(t, "a possessive event ('this's echo cost is paid') can't be joined with others by 'or'")
        said = f"{lead} {this} {' or '.join(words)}".replace(" 's ", "'s ")  # "when this's echo cost is paid"
        return EventTrigger(tuple(events), filter=flt, opponents=opponents, words=said,
                         combat=combat, recipient=recipient)

    # trigger events: one method per grammar rule (event_<Rule>), each the runtime's event key and
    # the words of "whenever this ..." ----------------------------------------

    def event_EntersEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("enters", "enters the battlefield")  # 603.6a

    def event_LeavesEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("leaves", "leaves the battlefield")  # 603.6c, 603.10a

    def event_UntappedEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("untapped", "becomes untapped")  # 603.2, 502.3, 701.21

    def event_TransformsEvent(self, ev: Any) -> TriggerEvent:
        # 701.28e: it transformed and has the face's name immediately after (the face it is written on).
        face = unescape(ev.face)
        if face != unescape(self.card.name):
            self.ck.error(ev, f"'transforms into' names the face the ability is on: \"{unescape(self.card.name)}\"")
        return TriggerEvent("transformed", f"transforms into {face}")

    def event_ToGraveyardEvent(self, ev: Any) -> TriggerEvent:
        # 603.6c: into its owner's graveyard, which is its controller's ("your")
        return TriggerEvent("to_your_graveyard", "is put into your graveyard from the battlefield")

    def event_DiesEvent(self, ev: Any) -> TriggerEvent:
        if ev.combat:
            return TriggerEvent("dies_in_combat", "dies during combat")  # 700.4 in the combat phase (506.1)
        return TriggerEvent("dies", "dies")  # 700.4

    def event_AttacksAloneEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("attacks_alone", "attacks alone")  # 506.5, 508.3a

    def event_UnblockedEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("unblocked", "attacks and isn't blocked")  # 509.5g, 509.1h

    def event_AttacksEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("attacks", "attacks")  # 508.3a

    def event_BlocksEvent(self, ev: Any) -> TriggerEvent:
        # 509.3c: with "a creature", "that creature" is the one it blocks.
        # 509.5a: "blocks" triggers once however many it blocks; 509.5b: "blocks a creature", once each.
        return TriggerEvent("blocks_creature", "blocks a creature") if ev.acreature else TriggerEvent("blocks", "blocks")

    def event_BlockedEvent(self, ev: Any) -> TriggerEvent:
        # 509.5c-d: "becomes blocked by creatures with flying"; "by a creature without flanking" (702.25a)
        flt = _filter(self.ck, ev.filter) if ev.filter is not None else None
        article = f"{ev.article} " if ev.article else ""
        return TriggerEvent("blocked", "becomes blocked" + (f" by {article}{flt.words}" if flt else ""), filter=flt)

    def event_CostPaidEvent(self, ev: Any) -> TriggerEvent:
        # 603.2: the keyword's ability paid the keyword's cost ("when this's echo cost is paid", 702.30a)
        kw = str(ev.keyword)
        self.ck.name_in(ev, "keyword", kw, self.keywords)
        return TriggerEvent(f"cost_paid:{kw}", f"'s {kw} cost is paid")

    def event_TurnedUpEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("turned_face_up", "is turned face up")  # 708.8

    def event_ExiledThisWayEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent("exiled_this_way", "is exiled this way")  # 607.2a

    def event_TargetedEvent(self, ev: Any) -> TriggerEvent:
        opponents = bool(ev.opponents)  # 702.21a
        return TriggerEvent("targeted", "becomes the target of a spell or ability"
                            + (" an opponent controls" if opponents else ""), opponents=opponents)

    def event_DealsDamageEvent(self, ev: Any) -> TriggerEvent:
        # 120.3, 603.2c: maybe combat damage only, maybe to one kind of recipient.
        combat = bool(ev.combat)
        recipient = {"a player": "player", "an opponent": "opponent", "a creature": "creature",
                     "one or more blocking creatures": "blocking",
                     "you": "you", "": ""}[ev.recipient or ""]
        words = f"deals {'combat damage' if combat else 'damage'}" + (f" to {ev.recipient}" if ev.recipient else "")
        return TriggerEvent("deals_damage", words, combat=combat, recipient=recipient)

    def event_PutIntoGraveyardEvent(self, ev: Any) -> TriggerEvent:
        # 603.6c: from any zone; the ability triggers on the card in the graveyard.
        return TriggerEvent("put_into_graveyard", "is put into a graveyard from anywhere")

    def event_DealtDamageEvent(self, ev: Any) -> TriggerEvent:
        combat = bool(ev.combat)
        return TriggerEvent("dealt_damage", f"is dealt {'combat damage' if combat else 'damage'}", combat=combat)

    def event_PhasesEvent(self, ev: Any) -> TriggerEvent:
        return TriggerEvent(f"phases_{ev.direction}", f"phases {ev.direction}")  # 702.26

    def sentences(self, sentences: Any) -> tuple[SentenceIR, ...]:
        """Lower a sequence of sentences."""
        out: list[SentenceIR] = []
        self.counted_before = False
        self.counted_kind = ""
        self.named_this = False
        self.it_this = False
        self.last_group = None
        self.last_each = None
        self.last_copy = None
        self.chose = False
        self.moved_slot = -1
        self.last_mill = None
        self.last_divided = None
        prev_slots = range(0)  # the target slots the sentence before made
        for s in sentences:
            cond_node = s.pre if s.pre is not None else None
            cond = self.condition(cond_node) if cond_node is not None else None
            # 702.33g: targets in a kicked-only part are chosen only if kicked.
            gate = cond if isinstance(cond, co.CostWasPaid) else None
            first_slot = len(self.targets)
            effects: list[Effect] = []
            for e in [*s.effects, *([s.last] if s.last is not None else [])]:
                effects.append(self.effect(e, gate))
                self.effects_done += 1
                self.named_this = not self.targets and any(
                    isinstance(v, rf.ThisRef) and v.words != "it" for v in effects[-1].refs())
                self.it_this = self.self_it and not self.targets and any(
                    isinstance(v, rf.ThisRef) and v.words == "it" for v in effects[-1].refs())
                moved = effects[-1]
                self.moved_slot = moved.target.index if isinstance(moved, ef.Exile) and \
                    isinstance(moved.target, rf.SlotRef) else -1
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
            no_regen = [e for e in effects if isinstance(e, ef.CantBeRegenerated)]
            if no_regen:
                # 701.15c: "It can't be regenerated." belongs to the destroy instruction before it.
                prev = out[-1] if out else None
                last = prev.effects[-1] if prev is not None and prev.effects else None
                back = isinstance(no_regen[0].target, rf.LastAffected)  # "that creature": the destroyed one
                later = no_regen[0].later  # "creatures destroyed this way": a destroy earlier in the sentence
                at = next((i for i in range(len(prev.effects) - 1, -1, -1) if isinstance(prev.effects[i], ef.Destroy)),
                          -1) if later and prev is not None else (len(prev.effects) - 1 if prev is not None else -1)
                last = prev.effects[at] if prev is not None and at >= 0 else None
                if prev is None or not isinstance(last, ef.Destroy) or len(no_regen) != len(effects) \
                        or not (back or rf.same_ref(last.target, no_regen[0].target)):
                    self.ck.error(s, "'can't be regenerated' must follow a 'destroy' of the same object")
                else:
                    fixed = replace(last, no_regeneration=True, no_regen_words=no_regen[0].words,
                                    no_regen_after=later)
                    out[-1] = replace(prev, effects=prev.effects[:at] + (fixed,) + prev.effects[at + 1:])
                continue
            if s.instead and gate is not None and not gate.negated:
                # 601.2c, 702.33g: a sentence replacing the one before if the spell was kicked (known as
                # it is cast): the replaced sentence's targets that the replacing one doesn't name again
                # are chosen only if it wasn't ("if kicked, instead deal 10 damage divided ... among any
                # number of targets": no "target creature" then).
                used = {i for e in effects for i in _slots_named(e)}
                for i in prev_slots:
                    if i not in used and self.targets[i].condition is None:
                        self.targets[i] = replace(self.targets[i], condition=replace(gate, negated=True))
            prev_slots = range(first_slot, len(self.targets))
            may = bool(s.may)
            if may and effects and isinstance(effects[0], ef.MayPlay) and effects[0].this_turn:
                may = False  # "You may play that card this turn": a permission (its words say "you may")
            elif not may and any(isinstance(e, ef.MayPlay) and e.this_turn for e in effects):
                self.ck.error(s, "write 'you may play that card this turn'")
            out.append(SentenceIR(tuple(effects), cond, bool(s.instead or s.lastinstead or s.tailinstead), may,
                                  bool(s.then), gate=own_gate, ability_word=word, instead_last=bool(s.tailinstead),
                                  instead_if=bool(s.lastinstead),
                                  condition_after=s.post is not None and s.pre is None,
                                  and_last=s.last is not None, comma_and=bool(s.commaand)))
        return tuple(out)


def _slots_named(e: Effect) -> set[int]:
    """The target slots an instruction names: through its references ("that creature", "it"), the
    references and amounts inside them ("that creature's controller", "its power"), and its own slots
    (a divided amount's)."""
    out: set[int] = set()

    def look(x: object, depth: int) -> None:
        if not hasattr(x, "__dataclass_fields__") or depth > 2:
            return
        for name in x.__dataclass_fields__:
            v = getattr(x, name)
            if name in ("index", "slot", "first") and isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                out.add(v)
            elif name == "slots" and isinstance(v, tuple):
                out.update(i for i in v if isinstance(i, int))
            else:
                look(v, depth + 1)

    look(e, 0)
    return out


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


# The longest card name printed has 141 characters.  The module name made from a name is at most
# two characters longer ("c_" before a digit), and with a suffix telling apart two cards of one
# module name and ".py.tmp", it stays a valid file name (255 bytes on most file systems).
MAX_NAME = 200


class _CardStatements:
    """The statements of one card, read one method per grammar rule (``stmt_<Rule>``): its
    characteristics, and its abilities lowered in order.  ``seen``: the statements a card has at
    most one of, by their first word."""

    def __init__(self, ck: Checker, low: CardLowering) -> None:
        self.ck, self.low = ck, low
        self.seen: dict[str, Any] = {}
        self.mana: tuple[str, ...] = ()
        self.supertypes: tuple[str, ...] = ()
        self.types: tuple[str, ...] = ()
        self.subtypes: tuple[str, ...] = ()
        self.power: int | None = None
        self.toughness: int | None = None
        self.colors: tuple[str, ...] = ()
        self.override: str | None = None
        self.abilities: list[AbilityIR] = []

    def read(self, st: Any) -> None:
        """Read one statement (a back face is lowered after the card, by the caller)."""
        method = getattr(self, f"stmt_{cname(st)}", None)
        if method is not None:
            method(st)

    def _once(self, st: Any, word: str) -> None:
        if word in self.seen:
            self.ck.error(st, f"'{word}' given twice", "a card has one of each")
        self.seen[word] = st

    def stmt_CostStmt(self, st: Any) -> None:
        self._once(st, "cost")
        self.mana = self.ck.mana_symbols(st.cost, list(st.cost.symbols))

    def stmt_TypeStmt(self, st: Any) -> None:
        self._once(st, "type")
        self.supertypes, self.types = tuple(st.supertypes), tuple(st.types)
        self.subtypes = tuple(self.ck.subtype(st, s) for s in st.subtypes)

    def stmt_PTStmt(self, st: Any) -> None:
        # "*" (208.2a): a characteristic-defining ability gives the value (checked by the caller);
        # the definition holds 0 for it, and the ability sets it on the battlefield (613.4a).
        self._once(st, "pt")
        self.power = _pt_value(self.ck, st, st.power)
        self.toughness = _pt_value(self.ck, st, st.toughness)

    def stmt_ColorStmt(self, st: Any) -> None:
        self._once(st, "color")
        self.colors = tuple(COLOR_LETTER[c] for c in st.colors if c in COLOR_LETTER)

    def stmt_OracleStmt(self, st: Any) -> None:
        self._once(st, "text")
        self.override = unescape(st.text)

    def stmt_KeywordLine(self, st: Any) -> None:
        self.abilities.append(_keyword_use(self.low, st.first))
        for more in st.more:
            self.abilities.append(replace(_keyword_use(self.low, more.use), joined=more.sep))

    def stmt_SpellStmt(self, st: Any) -> None:
        self._once(st, "spell")
        low = self.low
        low.targets = []
        if st.choice is not None:
            modes = []
            for i, m in enumerate(st.choice.modes):
                first = len(low.targets)
                modes.append(low.sentences(_as_list(m.sentences)))
                low.targets[first:] = [replace(t, mode=i) for t in low.targets[first:]]
            count = NUMBER_WORDS.get(st.choice.count, 1)
            if not 1 <= count < len(modes):
                self.ck.error(st.choice, f"choose {st.choice.count} needs more than {count} mode(s) (700.2)")
            self.abilities.append(SpellIR(tuple(low.targets), (), tuple(modes), count))
        else:
            sents = low.sentences(_as_list(st.sentences))
            self.abilities.append(SpellIR(tuple(low.targets), sents))

    def stmt_AbilityStmt(self, st: Any) -> None:
        self.abilities.append(self.low.ability(st))


def _lower_card(ck: Checker, library: LibraryIR, card: Any, path: str) -> CardIR:
    low = CardLowering(ck, library, card)
    name = unescape(card.name)
    if not name.strip():
        ck.error(card, "a card needs a name")
    elif len(name) > MAX_NAME:
        ck.error(card, f"a card name is at most {MAX_NAME} characters; this one has {len(name)}",
                 "its module's file name is made from it, and file names are short (255 bytes)")
    cs = _CardStatements(ck, low)
    for st in card.stmts:
        cs.read(st)
    mana, supertypes, types, subtypes = cs.mana, cs.supertypes, cs.types, cs.subtypes
    power, toughness, colors, override, abilities = cs.power, cs.toughness, cs.colors, cs.override, cs.abilities
    # 305.6: each basic land type gives its intrinsic mana ability, first in the text.
    lands = library.land_types()
    granted: list[AbilityIR] = [lands[s].ability for s in subtypes if s in lands and "land" in types]
    abilities = granted + abilities
    if "type" not in cs.seen:
        ck.error(card, f"card \"{name}\" has no 'type' line")
    is_creature = "creature" in types
    if is_creature and "pt" not in cs.seen:
        ck.error(card, "a creature needs 'pt P/T'")
    if not is_creature and "pt" in cs.seen:
        ck.error(cs.seen["pt"], "only creatures have power and toughness here")
    if ("instant" in types or "sorcery" in types) and "spell" not in cs.seen and override is None:
        ck.error(card, "an instant or sorcery needs a 'spell:' with its instructions")
    if "pt" in cs.seen:
        st = cs.seen["pt"]
        defined = {p.which for a in abilities if isinstance(a, StaticIR) for p in a.parts if isinstance(p, sp.SetPT)}
        if any(isinstance(a, AsChoosePTIR) for a in abilities):
            defined.add("both")  # "it becomes your choice of 5/1 or 1/5" (613.4b; 0/0 until then, 208.2a)
        for which, value in (("power", st.power), ("toughness", st.toughness)):
            has = bool(defined & {which, "both"})
            if value == "*" and not has:
                ck.error(st, f"'*' {which} needs an ability that defines it (604.3), e.g. \"this's {which} is "
                             "equal to the number of ...\"")
            elif value != "*" and has:
                ck.error(st, f"the {which} is defined by an ability (604.3): print it as '*'")
    if "spell" in cs.seen and not ("instant" in types or "sorcery" in types):
        ck.error(cs.seen["spell"], "only instants and sorceries have 'spell:' instructions (608.2)")
    costs = [mana] + [a.mana for u in abilities if isinstance(u, KeywordUseIR) for a in u.args if isinstance(a, CostIR)]
    if any(isinstance(a, SpendOnXIR) for a in abilities) and not any("{X}" in c for c in costs):
        # 107.3a: the restriction is on the mana spent on an X of the spell's costs
        ck.error(card, "this card has no {X} in a cost: the mana spent on X can't be restricted",
                 "put {X} in its mana cost or in a cost such as 'kicker {X}' (107.3a)")
    back = None
    for st in card.stmts:
        if cname(st) == "BackFaceStmt":
            # 712.2: the back face, lowered as a card of its own (no mana cost: 712.4a)
            if back is not None or getattr(card, "back_of", None) is not None:
                ck.error(st, "a card has at most one back face")
                continue
            st.back_of = card
            back = _lower_card(ck, library, st, path)
            if back.mana_cost:
                ck.error(st, "a back face has no mana cost (712.4a)")
    return CardIR(name=name, source=path, module=module_name(name), mana_cost=mana, supertypes=supertypes,
                  types=types, subtypes=subtypes, power=power, toughness=toughness, colors=colors,
                  abilities=tuple(abilities), text_override=override, back=back)


def _pt_value(ck: Checker, st: Any, value: str) -> int:
    """A printed power or toughness ("*" is 0: see the caller), refused past
    :data:`dsl.metamodel.MAX_DIGITS` digits, beyond which Python won't convert it."""
    if value == "*":
        return 0
    if len(value) > MAX_DIGITS:
        ck.error(st, f"number too large: {len(value)} digits (at most {MAX_DIGITS})")
        return 0
    return int(value)


def _as_list(v: Any) -> list[Any]:
    """A repeated assignment (`x=A (x=A)*`) is a list in textX; a single one is the object."""
    return v if isinstance(v, list) else [v]


def _keyword_use(low: CardLowering, st: Any) -> KeywordUseIR:
    name = st.name
    kw = low.keywords.get(name)
    if kw is None:
        low.ck.name_in(st, "keyword", name, low.keywords)
        return KeywordUseIR(name, "", "", ())
    args: list[CostIR | int | str | FilterIR] = []
    if len(st.args) != len(kw.params):
        want = ", ".join(f"{p}: {t}" for p, t in kw.params) or "no parameters"
        low.ck.error(st, f"{kw.name} takes {len(kw.params)} argument(s) ({want}), got {len(st.args)}")
        return KeywordUseIR(kw.name, kw.module, kw.cls, ())
    for (pname, ptype), arg in zip(kw.params, st.args):
        is_int = isinstance(arg, int)
        if ptype == "selector" or (not is_int and cname(arg) == "ForArg"):
            # 702.41a: "affinity for Swamps" -- a selector argument
            if ptype != "selector" or is_int or cname(arg) != "ForArg":
                low.ck.error(st, f"{kw.name}'s {pname} must be {'a selector such as for artifacts' if ptype == 'selector' else 'a ' + ptype}")
            else:
                args.append(_filter(low.ck, arg.filter, arg))
            continue
        if ptype == "quality" or (not is_int and cname(arg) == "QualityArg"):
            if ptype != "quality" or is_int or cname(arg) != "QualityArg":
                want = "a quality such as 'from black'" if ptype == "quality" else f"a {ptype}"
                low.ck.error(st, f"{kw.name}'s {pname} must be {want}")
            elif arg.subtype:
                args.append(low.ck.subtype(arg, arg.subtype))  # "from Zombies" (702.16a): the subtype
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
            if kw.has_linked_cost:
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
            low.keyword_name = k.name.lower()
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
