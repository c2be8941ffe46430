"""Loading scenario files (dsl/scenario.tx) into :class:`runtime.tools.scenario.Scenario` data."""
from __future__ import annotations

import gc
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Union

from textx import TextXSyntaxError, metamodel_from_file
from textx.metamodel import TextXMetaModel

from dsl.diagnostics import Diagnostic
from dsl.metamodel import location
from runtime.tools.scenario import (
    CardSetup, Expectation, Pay, Ref, Scenario, ScriptedAction, ScriptedAnswer,
)
from runtime.turns import STEPS
from runtime.zones import ZONE_BY_NAME

GRAMMAR = Path(__file__).resolve().parent.parent / "dsl" / "scenario.tx"


@lru_cache(maxsize=1)
def scenario_metamodel() -> TextXMetaModel:
    """The scenario language metamodel."""
    return metamodel_from_file(str(GRAMMAR), autokwd=True)


def _ref(node: Any) -> Ref:
    return Ref(name=node.name or "", alias=node.alias or "")


def _target(node: Any) -> Union[Ref, str]:
    if type(node).__name__ == "PlayerTarget":
        return str(node.name)
    return _ref(node)


def _cname(node: Any) -> str:
    return type(node).__name__


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
    for sc in model.scenarios:
        line, _ = location(sc)
        if sc.name in names:
            diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r} is defined twice in this file"))
        names.add(sc.name)
        players: tuple[str, ...] = ("alice", "bob")
        life: list[tuple[str, int]] = []
        setup: list[CardSetup] = []
        actions: list[ScriptedAction] = []
        answers: list[ScriptedAnswer] = []
        expectations: list[Expectation] = []
        stop: tuple[int, str] | None = None
        seed = 0
        for st in sc.stmts:
            k = _cname(st)
            ln, _ = location(st)
            if k == "PlayersStmt":
                players = tuple(st.names)
            elif k == "SeedStmt":
                seed = st.value
            elif k == "LifeStmt":
                life.append((st.player, st.value))
            elif k == "ZoneStmt":
                for c in st.cards:
                    setup.append(CardSetup(st.player, ZONE_BY_NAME[st.zone], c.name, int(c.count[1:]) if c.count else 1, c.alias or "",
                                           bool(c.tapped), tuple((cs.kind, cs.count) for cs in c.counters),
                                           face_down=(c.via or "face down") if c.facedown else ""))
            elif k == "ActionStmt":
                a = st.action
                ak = _cname(a)
                common: dict[str, Any] = dict(turn=st.turn, step=st.step, player=st.player,
                                              expect_refused=bool(st.refused), reason=st.reason or "", line=ln)
                if ak == "CastAction":
                    actions.append(ScriptedAction(
                        kind="cast", card=_ref(a.card), alternative=a.alternatives[0] if a.alternatives else "",
                        more=tuple(a.alternatives[1:]), modes=tuple(a.modes) if a.modes else None,
                        division=tuple(a.division) if a.division else None,
                        pays=tuple(Pay(p.keyword, tuple(p.cost.symbols) if p.cost else (), int(p.times[1:]) if p.times else 1) for p in a.pays),
                        x=a.x or 0, targets=tuple(_target(t) for t in a.targets) if a.targets else None, **common))
                elif ak == "ActivateAction":
                    actions.append(ScriptedAction(
                        kind="activate", card=_ref(a.card), ability=a.ability or 1, x=a.x or 0,
                        targets=tuple(_target(t) for t in a.targets) if a.targets else None, **common))
                elif ak == "TurnUpAction":
                    actions.append(ScriptedAction(kind="faceup", card=_ref(a.card), alternative=a.way or "",
                                                  x=a.x or 0, **common))
                elif ak == "PassAction":
                    actions.append(ScriptedAction(kind="pass", **common))
                elif ak == "PlayAction":
                    actions.append(ScriptedAction(kind="play", card=_ref(a.card), **common))
                elif ak == "AttackAction":
                    actions.append(ScriptedAction(kind="attack", attackers=tuple(_ref(r) for r in a.attackers), **common))
                elif ak == "BlockAction":
                    actions.append(ScriptedAction(kind="block", blocks=tuple((_ref(b.blocker), _ref(b.attacker))
                                                                             for b in a.blocks), **common))
                if st.step in ("attackers",) and ak not in ("AttackAction", "CastAction", "ActivateAction"):
                    pass
            elif k == "AnswerStmt":
                an = st.answer
                rule = _cname(an)
                items: tuple[Union[Ref, str], ...] = _ANSWER_ITEMS[rule](an) if rule in _ANSWER_ITEMS else ()
                answers.append(ScriptedAnswer(st.player, rule.replace("Answer", "").lower(), items,
                                              getattr(an, "value", 0) or 0, getattr(an, "text", "") or "", ln))
            elif k == "StopStmt":
                stop = (st.turn, st.step)
            elif k == "ExpectStmt":
                expectations.append(_expectation(st.check, ln))
        if stop is None:
            diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r} has no 'stop turn N step'"))
            continue
        for p in {a.player for a in actions} | {a.player for a in answers} | {p for p, _ in life} \
                | {c.player for c in setup}:
            if p not in players:
                diags.append(Diagnostic(path, line, 1, f"scenario {sc.name!r}: unknown player {p!r}",
                                        f"players are {', '.join(players)}"))
        for a in actions:
            if (a.turn, STEPS.index(a.step)) >= (stop[0], STEPS.index(stop[1])):
                diags.append(Diagnostic(path, a.line, 1, "this action comes at or after the stop point"))
        out.append(Scenario(name=sc.name, rules=tuple(sc.rules), source=path, line=line, players=players,
                            life=tuple(life), setup=tuple(setup), actions=tuple(actions), answers=tuple(answers),
                            stop=stop, expectations=tuple(expectations), seed=seed))
    return out, diags


# The cards or players an answer names, by its grammar rule (answers of other rules name none).
_ANSWER_ITEMS: dict[str, Callable[[Any], tuple[Union[Ref, str], ...]]] = {
    "ChooseAnswer": lambda an: tuple(_target(t) for t in an.items),
    "OrderAnswer": lambda an: tuple(_target(t) for t in an.items),
    "TargetAnswer": lambda an: (_target(an.items),),
}


def _expectation(c: Any, line: int) -> Expectation:
    k = _cname(c)
    if k == "LifeCheck":
        return Expectation("life", player=c.player, value=c.value, line=line)
    if k == "LosesCheck":
        return Expectation("loses", player=c.player, line=line)
    if k == "ZoneCheck":
        kind = "zone_has" if c.has else "zone_lacks" if c.lacks else "zone_count"
        return Expectation(kind, player=c.player or "", zone=ZONE_BY_NAME[c.zone], names=tuple(c.names),
                           value=c.value or 0, line=line)
    if k == "StackCheck":
        return Expectation("stack_count", value=c.value, line=line)
    if k == "LogCheck":
        return Expectation("log", text=c.text, names=(c.later,) if c.later else (), line=line)
    if k == "SeesCheck":
        return Expectation("never_sees", player=c.player, text=c.name, line=line)
    p = c.prop
    pk = _cname(p)
    ref = _ref(c.ref)
    if pk == "InZone":
        return Expectation("in_zone", ref=ref, zone=ZONE_BY_NAME[p.zone], line=line)
    if pk == "PT":
        return Expectation("power", ref=ref, value=p.power, value2=p.toughness, line=line)
    if pk == "Counters":
        return Expectation("counters", ref=ref, value=p.count, text=p.kind, line=line)
    if pk == "Tapped":
        return Expectation("tapped", ref=ref, line=line)
    if pk == "Untapped":
        return Expectation("untapped", ref=ref, line=line)
    if pk == "Phased":
        return Expectation("phased", ref=ref, text=p.direction, line=line)
    if pk == "FaceProp":
        return Expectation("face", ref=ref, text=p.face, line=line)
    if pk == "NamedProp":
        return Expectation("named", ref=ref, text=p.name, line=line)
    if pk == "ManaValueProp":
        return Expectation("mana_value", ref=ref, value=p.mv, line=line)
    if pk == "ColorlessProp":
        return Expectation("colorless", ref=ref, line=line)
    if pk == "ColorProp":
        return Expectation("color", ref=ref, text=p.color, line=line)
    if pk == "NoSubtypesProp":
        return Expectation("no_subtypes", ref=ref, line=line)
    return Expectation("damage", ref=ref, value=p.damage, line=line)


def load_scenario_file(path: Path) -> tuple[list[Scenario], list[Diagnostic]]:
    """Load a scenario file from disk."""
    return load_scenarios(path.read_text(encoding="utf-8"), str(path))
