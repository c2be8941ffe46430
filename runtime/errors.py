"""What the engine raises when a player tries something the rules don't allow.

Every layer raises it (a cost that can't be paid, an illegal target, an illegal attack), and
:meth:`runtime.game.Game.transaction` catches it to rewind the action (726.1), so it lives at the
bottom, beside nothing it would need.
"""


class IllegalAction(Exception):
    """A player action the rules don't allow; the reason cites the rule.  The state is unchanged."""
