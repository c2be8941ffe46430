"""``cardsmith simulate --png``: a simulation's figures as a chart, drawn with matplotlib (the
optional extra ``plot``: ``pip install -e ".[plot]"``), which is imported only here.

Two panels: each deck's win rate (and the draws) with its 95% interval as an error bar, then each
card's deck win rate in the games it was cast, one bar per card, with its interval.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runtime.tools.simulation import Rate, SimulationResult

INSTALL_PLOT = "install cardsmith[plot] (pip install -e \".[plot]\")"
COLORS = ("#c0392b", "#2471a3", "#7f8c8d")  # deck A, deck B, draws


class ChartUnavailable(Exception):
    """matplotlib is not installed (the message says how to install it)."""


def require_matplotlib() -> Any:
    """matplotlib's ``pyplot`` on the file-only Agg backend; :class:`ChartUnavailable` if it
    isn't installed (the command asks before any game is played)."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        raise ChartUnavailable(f"--png needs matplotlib, which is not installed: {INSTALL_PLOT}") from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _errors(rates: "list[Rate]") -> list[list[float]]:
    """Error bar lengths below and above each rate (in percent)."""
    return [[max(0.0, 100 * (r.rate - r.low)) for r in rates], [max(0.0, 100 * (r.high - r.rate)) for r in rates]]


def write_chart(result: "SimulationResult", path: Path) -> None:
    """Draw ``result`` into the PNG file ``path``."""
    plt = require_matplotlib()
    a, b = result.decks
    cards = [(d, c) for d, deck in enumerate(result.decks) for c in deck.cards if c.cast_in]
    height = 3.2 + 0.28 * max(1, len(cards))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, height),
                                      gridspec_kw={"height_ratios": [2.2, max(1.0, 0.28 * len(cards))]})
    rates = [a.wins, b.wins, a.draws]
    labels = [f"{a.name} wins", f"{b.name} wins", "draws"]
    top.barh(labels, [100 * r.rate for r in rates], xerr=_errors(rates), color=COLORS, capsize=4)
    top.invert_yaxis()
    top.set_xlim(0, 100)
    top.set_xlabel("% of games (bars: 95% Wilson interval)")
    top.set_title(f"{a.name} ({a.players}) vs {b.name} ({b.players}): {result.games} games, "
                  f"average {result.average_turns:.1f} turns")
    if cards:
        card_rates = [c.wins_when_cast for _, c in cards]
        bottom.barh([f"{c.name} ({c.cast_in})" for _, c in cards], [100 * r.rate for r in card_rates],
                    xerr=_errors(card_rates), color=[COLORS[d] for d, _ in cards], capsize=2)
        bottom.invert_yaxis()
        bottom.tick_params(axis="y", labelsize=7)
    bottom.set_xlim(0, 100)
    bottom.set_xlabel("its deck's win rate in the games the card was cast (games cast in)")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)
