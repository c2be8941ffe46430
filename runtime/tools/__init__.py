"""The tools that drive the engine: they play games with it, never take part in the rules.

- :mod:`~runtime.tools.scenario`: the scenario harness (``tests/scenarios/*.scn``) and its scripted
  decider, strict about unscripted questions and unused actions.
- :mod:`~runtime.tools.random_player`: a seeded random player.
- :mod:`~runtime.tools.human`: a person at a terminal (``cardsmith play --human``).
- :mod:`~runtime.tools.replay`: recording a game's decisions and replaying them.
- :mod:`~runtime.tools.simulate`: seeded random games checked at every decision; and
  :mod:`~runtime.tools.soak`, many of them on worker processes (``cardsmith soak``).
- :mod:`~runtime.tools.invariants`: what the state must satisfy at every action boundary.
- :mod:`~runtime.tools.turnlog`: a readable turn-by-turn account made from the event log.

The engine (every other module of :mod:`runtime`) never imports this package.
"""
