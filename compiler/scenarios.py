"""Loading scenario files (dsl/scenario.tx) into :class:`runtime.tools.scenario.Scenario` data."""
from __future__ import annotations

import gc
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from textx import TextXSyntaxError, metamodel_from_file
from textx.metamodel import TextXMetaModel

from dsl.diagnostics import Diagnostic
from dsl.metamodel import location
from .stickersheets import load_sheets
from runtime.tools.scenario import (
    ActivateAction, AttackAction, BlockAction, CardSetup, CastAction, ChooseAnswer, ColorIs, CountersAre, DamageIs,
    Expectation, FaceIs, HasNoSubtypes, InZone, IsColorless, IsTapped, IsUntapped, LifeIs, LogHas, Loses, ManaValueIs,
    NameIs, NeverSees, NoAnswer, NothingAnswer, NumberAnswer, OptionAnswer, OrderAnswer, PassAction, Pay, PhasedIs,
    PlayAction, PowerToughnessIs, Ref, Scenario, ScriptedAction, ScriptedAnswer, StackCountIs, Target, TargetAnswer,
    TurnFaceUpAction, YesAnswer, ZoneCountIs, ZoneHas, ZoneLacks,
)
from runtime.tools.scenario import HasNoStickers, HasSticker, PlayerCountersAre, SheetHas
from runtime.stickers import MAX_SHEETS, StickerSheet
from runtime.tools.scenario import (
    AttachedTo, CardLeft, ConcedeAction, KeywordsAre, ManaPoolIs, PermanentCountIs, PlayerLeft, Shuffled,
    SubtypesAre, TimedCheck, Unattached,
)
from runtime.turns import STEPS
from runtime.zones import ZONE_BY_NAME

GRAMMAR = Path(__file__).resolve().parent.parent / "dsl" / "scenario.tx"


@lru_cache(maxsize=1)
def scenario_metamodel() -> TextXMetaModel:
    """The scenario language metamodel."""
    return metamodel_from_file(str(GRAMMAR), autokwd=True)


def cname(node: Any) -> str:
    """The grammar rule name of a model node."""
    return type(node).__name__


def _ref(node: Any) -> Ref:
    return Ref(name=node.name or "", alias=node.alias or "")


# What a target names, by its grammar rule: a card, or a player by name.
_TARGETS: dict[str, Callable[[Any], Target]] = {"Ref": _ref, "PlayerTarget": lambda node: str(node.name)}


def _target(node: Any) -> Target:
    return _TARGETS[cname(node)](node)


def _targets(nodes: Any) -> tuple[Target, ...] | None:
    return tuple(_target(t) for t in nodes) if nodes else None


class ScenarioBuilder:
    """Builds one :class:`Scenario` from its model node: one method per grammar rule of a statement
    (``stmt_<Rule>``), an action (``action_<Rule>``), an answer (``answer_<Rule>``), a check
    (``check_<Rule>``) and an object's property (``prop_<Rule>``)."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ("alice", "bob")
        self.life: list[tuple[str, int]] = []
        self.setup: list[CardSetup] = []
        self.actions: list[ScriptedAction] = []
        self.answers: list[ScriptedAnswer] = []
        self.expectations: list[Expectation] = []
        self.checks: list[TimedCheck] = []
        self.stop: tuple[int, str] | None = None
        self.seed = 0
        self.mulligans = False  # 103.4: the game begins with the mulligan process
        self.sheets: list[tuple[str, tuple[str, ...], int]] = []  # (player, sheet names, line), 123.1
        self.player_counters: list[tuple[str, str, int]] = []  # (player, kind, how many), 122.1

    def statement(self, st: Any) -> None:
        """Take in one statement, by its grammar rule."""
        line, _ = location(st)
        getattr(self, "stmt_" + cname(st))(st, line)

    # ---------------------------------------------------------- statements

    def stmt_PlayersStmt(self, st: Any, line: int) -> None:
        self.players = tuple(st.names)

    def stmt_SeedStmt(self, st: Any, line: int) -> None:
        self.seed = st.value

    def stmt_MulligansStmt(self, st: Any, line: int) -> None:
        self.mulligans = True

    def stmt_LifeStmt(self, st: Any, line: int) -> None:
        self.life.append((st.player, st.value))

    def stmt_SheetsStmt(self, st: Any, line: int) -> None:
        self.sheets.append((st.player, tuple(st.names), line))

    def stmt_PlayerCountersStmt(self, st: Any, line: int) -> None:
        self.player_counters += [(st.player, cs.kind, cs.count) for cs in st.counters]

    def stmt_ZoneStmt(self, st: Any, line: int) -> None:
        for c in st.cards:
            self.setup.append(CardSetup(
                st.player, ZONE_BY_NAME[st.zone], c.name, int(c.count[1:]) if c.count else 1, c.alias or "",
                bool(c.tapped), tuple((cs.kind, cs.count) for cs in c.counters),
                face_down=(c.via or "face down") if c.facedown else ""))

    def stmt_ActionStmt(self, st: Any, line: int) -> None:
        common: dict[str, Any] = dict(turn=st.turn, step=st.step, player=st.player,
                                      expect_refused=bool(st.refused), reason=st.reason or "", line=line)
        self.actions.append(getattr(self, "action_" + cname(st.action))(st.action, common))

    def stmt_AnswerStmt(self, st: Any, line: int) -> None:
        answer = getattr(self, "answer_" + cname(st.answer))(st.answer, st.player, line)
        self.answers.append(replace(answer, expect_refused=bool(st.refused), reason=st.reason or ""))

    def stmt_StopStmt(self, st: Any, line: int) -> None:
        self.stop = (st.turn, st.step)

    def stmt_ExpectStmt(self, st: Any, line: int) -> None:
        self.expectations.append(getattr(self, "check_" + cname(st.check))(st.check, line))

    def stmt_TimedExpectStmt(self, st: Any, line: int) -> None:
        check = getattr(self, "check_" + cname(st.check))(st.check, line)
        self.checks.append(TimedCheck(st.turn, st.step, st.player or "", check, line))

    # ---------------------------------------------------------- actions (``common``: when, who, refused)

    def action_CastAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return CastAction(
            card=_ref(a.card), alternative=a.alternatives[0] if a.alternatives else "",
            more=tuple(a.alternatives[1:]), modes=tuple(a.modes) if a.modes else None,
            division=tuple(a.division) if a.division else None,
            pays=tuple(Pay(p.keyword, tuple(p.cost.symbols) if p.cost else (), int(p.times[1:]) if p.times else 1)
                       for p in a.pays),
            x=a.x or 0, targets=_targets(a.targets), **common)

    def action_ActivateAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return ActivateAction(card=_ref(a.card), ability=a.ability or 1, x=a.x or 0, targets=_targets(a.targets),
                              **common)

    def action_TurnUpAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return TurnFaceUpAction(card=_ref(a.card), way=a.way or "", x=a.x or 0, **common)

    def action_ConcedeAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return ConcedeAction(**common)

    def action_PassAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return PassAction(**common)

    def action_PlayAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return PlayAction(card=_ref(a.card), **common)

    def action_AttackAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return AttackAction(attackers=tuple(_ref(r) for r in a.attackers), **common)

    def action_BlockAction(self, a: Any, common: dict[str, Any]) -> ScriptedAction:
        return BlockAction(blocks=tuple((_ref(b.blocker), _ref(b.attacker)) for b in a.blocks), **common)

    # ---------------------------------------------------------- answers

    def answer_YesAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return YesAnswer(player, line=line)

    def answer_NoAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return NoAnswer(player, line=line)

    def answer_NothingAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return NothingAnswer(player, line=line)

    def answer_ChooseAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return ChooseAnswer(player, tuple(_target(t) for t in an.items), line=line)

    def answer_OrderAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return OrderAnswer(player, tuple(_target(t) for t in an.items), line=line)

    def answer_NumberAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return NumberAnswer(player, an.value, line=line)

    def answer_OptionAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return OptionAnswer(player, an.text, line=line)

    def answer_TargetAnswer(self, an: Any, player: str, line: int) -> ScriptedAnswer:
        return TargetAnswer(player, _target(an.items), line=line)

    # ---------------------------------------------------------- checks

    def check_LifeCheck(self, c: Any, line: int) -> Expectation:
        return LifeIs(c.player, c.value, line=line)

    def check_LosesCheck(self, c: Any, line: int) -> Expectation:
        return Loses(c.player, line=line)

    def check_ZoneCheck(self, c: Any, line: int) -> Expectation:
        # One rule, three assertions: "has", "lacks" or "count" (the grammar's alternatives).
        player, zone = c.player or "", ZONE_BY_NAME[c.zone]
        if c.has:
            return ZoneHas(player, zone, tuple(c.names), line=line)
        if c.lacks:
            return ZoneLacks(player, zone, tuple(c.names), line=line)
        return ZoneCountIs(player, zone, c.value, c.names[0] if c.names else None, line=line)

    def check_StackCheck(self, c: Any, line: int) -> Expectation:
        return StackCountIs(c.value, line=line)

    def check_LogCheck(self, c: Any, line: int) -> Expectation:
        return LogHas(c.text, c.later or "", line=line)

    def check_SeesCheck(self, c: Any, line: int) -> Expectation:
        return NeverSees(c.player, c.name, line=line)

    def check_PlayerCountersCheck(self, c: Any, line: int) -> Expectation:
        return PlayerCountersAre(c.player, c.kind, c.count, line=line)

    def check_SheetCheck(self, c: Any, line: int) -> Expectation:
        return SheetHas(c.player, c.label, bool(c.have), line=line)
    def check_ManaCheck(self, c: Any, line: int) -> Expectation:
        return ManaPoolIs(c.player, tuple(c.mana.symbols) if c.mana else (), line=line)

    def check_ShuffledCheck(self, c: Any, line: int) -> Expectation:
        return Shuffled(c.player, int(c.times[1:]) if c.times else None, line=line)

    def check_CountCheck(self, c: Any, line: int) -> Expectation:
        # The statuses are adjectives of the grammar's PermanentStatus; the noun, a card type or
        # "permanent" / "token", singular or plural.
        statuses = set(c.statuses)
        tapped = True if "tapped" in statuses else False if "untapped" in statuses else None
        face_down = True if "face-down" in statuses else False if "face-up" in statuses else None
        return PermanentCountIs(c.player or "", c.value, noun=c.noun.rstrip("s"), tapped=tapped,
                                face_down=face_down, attacking="attacking" in statuses,
                                blocking="blocking" in statuses, name=c.name if c.named else None, line=line)

    def check_LeftGameCheck(self, c: Any, line: int) -> Expectation:
        # A player ("player carol left the game") or a card (its grammar alternatives).
        if c.player:
            return PlayerLeft(c.player.name, line=line)
        return CardLeft(_ref(c.card), line=line)

    def check_ObjectCheck(self, c: Any, line: int) -> Expectation:
        out: Expectation = getattr(self, "prop_" + cname(c.prop))(_ref(c.ref), c.prop, line)
        return out

    # ---------------------------------------------------------- an object's properties

    def prop_InZone(self, ref: Ref, p: Any, line: int) -> Expectation:
        return InZone(ref, ZONE_BY_NAME[p.zone], line=line)

    def prop_PT(self, ref: Ref, p: Any, line: int) -> Expectation:
        return PowerToughnessIs(ref, p.power, p.toughness, line=line)

    def prop_Counters(self, ref: Ref, p: Any, line: int) -> Expectation:
        return CountersAre(ref, p.kind, p.count, line=line)

    def prop_Tapped(self, ref: Ref, p: Any, line: int) -> Expectation:
        return IsTapped(ref, line=line)

    def prop_Untapped(self, ref: Ref, p: Any, line: int) -> Expectation:
        return IsUntapped(ref, line=line)

    def prop_Damage(self, ref: Ref, p: Any, line: int) -> Expectation:
        return DamageIs(ref, p.damage, line=line)

    def prop_Phased(self, ref: Ref, p: Any, line: int) -> Expectation:
        return PhasedIs(ref, p.direction, line=line)

    def prop_FaceProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return FaceIs(ref, p.face, line=line)

    def prop_NamedProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return NameIs(ref, p.name, line=line)

    def prop_ManaValueProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return ManaValueIs(ref, p.mv, line=line)

    def prop_ColorlessProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return IsColorless(ref, line=line)

    def prop_ColorProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return ColorIs(ref, p.color, line=line)

    def prop_NoSubtypesProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return HasNoSubtypes(ref, line=line)

    def prop_StickerProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        if p.none:
            return HasNoStickers(ref, line=line)
        return HasSticker(ref, p.label, line=line)

    def player_sheets(self, path: str, known: dict[str, StickerSheet],
                      diags: list[Diagnostic]) -> tuple[tuple[str, tuple[StickerSheet, ...]], ...]:
        """123.1: each player's sheets, by name (at most three each); unknown names are diagnosed."""
        out: list[tuple[str, tuple[StickerSheet, ...]]] = []
        for player, names, line in self.sheets:
            if len(names) > MAX_SHEETS or len(set(names)) != len(names):
                diags.append(Diagnostic(path, line, 1, f"{player} may have up to {MAX_SHEETS} different sticker "
                                        f"sheets (123.1)"))
            missing = [n for n in names if n not in known]
            for n in missing:
                diags.append(Diagnostic(path, line, 1, f"no sticker sheet named {n!r}",
                                        f"sheets: {', '.join(sorted(known)) or 'none'} (cards/stickers/*.sheet)"))
            out.append((player, tuple(known[n] for n in names if n in known)))
        return tuple(out)

    def prop_AttachedProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return AttachedTo(ref, _ref(p.host), line=line)

    def prop_UnattachedProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return Unattached(ref, line=line)

    def prop_KeywordProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return KeywordsAre(ref, tuple(p.names), present=bool(p.has), line=line)

    def prop_SubtypeProp(self, ref: Ref, p: Any, line: int) -> Expectation:
        return SubtypesAre(ref, tuple(p.names), present=bool(p.has), line=line)


def load_scenarios(text: str, path: str) -> tuple[list[Scenario], list[Diagnostic]]:
    """Parse a scenario file; return its scenarios or located diagnostics."""
    gc_was = gc.isenabled()
    gc.disable()
    try:
        model = scenario_metamodel().model_from_str(text, file_name=path)
    except TextXSyntaxError as e:
        return [], [Diagnostic(path, int(e.line or 1), int(e.col or 1), f"syntax error: {e.message}")]
    finally:
        if gc_was:
            gc.enable()
    out: list[Scenario] = []
    diags: list[Diagnostic] = []
    names: set[str] = set()
    sheets: dict[str, StickerSheet] | None = None  # read only if a scenario names sheets
    for sc in model.scenarios:
        line, _ = location(sc)
        if sc.name in names:
            diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r} is defined twice in this file"))
        names.add(sc.name)
        b = ScenarioBuilder()
        for st in sc.stmts:
            b.statement(st)
        stop = b.stop
        if stop is None:
            diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r} has no 'stop turn N step'"))
            continue
        if b.sheets and sheets is None:
            sheets, sheet_diags = load_sheets()
            diags += sheet_diags
        player_sheets = b.player_sheets(path, sheets or {}, diags)
        for p in {a.player for a in b.actions} | {a.player for a in b.answers} | {p for p, _ in b.life} \
                | {c.player for c in b.setup} | {p for p, _, _ in b.sheets} | {p for p, _, _ in b.player_counters}:
            if p not in b.players:
                diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r}: unknown player {p!r}",
                                        f"players are {', '.join(b.players)}"))
        for a in b.actions:
            if (a.turn, STEPS.index(a.step)) >= (stop[0], STEPS.index(stop[1])):
                diags.append(Diagnostic(path, a.line, 1, "this action comes at or after the stop point"))
        for c in b.checks:
            if (c.turn, STEPS.index(c.step)) >= (stop[0], STEPS.index(stop[1])):
                diags.append(Diagnostic(path, c.line, 1, "this check comes at or after the stop point",
                                        "write it without 'turn N STEP:' to check where the scenario stops"))
            if c.player and c.player not in b.players:
                diags.append(Diagnostic(path, c.line, 1, f"scenario {sc.name!r}: unknown player {c.player!r}"))
        out.append(Scenario(name=sc.name, rules=tuple(sc.rules), source=path, line=line, players=b.players,
                            life=tuple(b.life), setup=tuple(b.setup), actions=tuple(b.actions),
                            answers=tuple(b.answers), stop=stop, expectations=tuple(b.expectations), seed=b.seed,
                            mulligans=b.mulligans,
                            sheets=player_sheets, player_counters=tuple(b.player_counters),
                            checks=tuple(b.checks)))
    return out, diags


def load_scenario_file(path: Path) -> tuple[list[Scenario], list[Diagnostic]]:
    """Load a scenario file from disk."""
    return load_scenarios(path.read_text(encoding="utf-8"), str(path))
