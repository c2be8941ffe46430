"""The rules engine: objects and zones, mana and costs, casting (601.2), the stack and priority,
turn structure, combat, replacement effects (614), triggered abilities (603), state-based actions
(704), and the decision protocol through which players answer the engine's questions.

Generated card modules import only from :mod:`runtime.api`.  The tools that drive the engine (the
scenario harness, the random and human players, replays, simulation and soak, the invariant
checker, the readable turn log) are in :mod:`runtime.tools`, which no engine module imports.

The engine reads in layers.  A module imports only modules of its own layer or a lower one, and
no engine module imports itself back round a loop (``tests/unit/test_runtime_layers.py`` checks
both, counting imports at module level and inside functions):

1. Objects and zones
   - ``zones``: the zones (400).
   - ``mana``: mana symbols, costs and pools (106, 107.4, 202).
   - ``text_changes``: text-changing effects' color words, read through an object's definition (612, 613.1c).
   - ``errors``: :class:`~runtime.errors.IllegalAction`, raised by every layer (726.1).
   - ``decisions``: the decision protocol: the questions put to players and their answers.
   - ``actions``: the actions a player takes with priority (117.1, 116).
   - ``stickers``: stickers and sticker sheets as data (123, docs/stickers.md).
   - ``versions``: the write clock: every write numbered, a journal of what was written, the
     trail snapshots are rewound with (726.1).
   - ``objects``: cards, game objects (400.7) and players.
   - ``events``: the events that replacement and triggered abilities see (614, 603).
   - ``state``: the game state as plain data, and its digest.
2. Characteristics
   - ``selectors``: which objects an instruction means (109, 115.1), and protection's qualities.
   - ``values``: references, amounts and costs that abilities are built from.
   - ``continuous``: the parts of continuous effects (611).
   - ``abilities``: card definitions and ability classes (113).
   - ``timing``: whether a card could be cast now (702.8a, 101.2).
   - ``conditions``: the conditions of abilities (603.4, 611.3a).
   - ``costoptions``: the additional and alternative costs an object offers (601.2b).
   - ``resolution``: what an instruction sees while it resolves (608.2).
   - ``layers``: characteristics computed through the layers (613).
   - ``creature_types``: the creature types (205.3m) and choosing one (608.2d).
3. Actions and effects
   - ``game``: the game, the one path through which its state changes (614, 603.2).
   - ``permanents``: each player's permanents with their characteristics, kept against the clock.
   - ``mana_abilities``: the instruction that adds mana (605, 106.3).
   - ``costs``: paying costs (118, 601.2g-h).
   - ``stack``: the stack, targets and resolution (405, 115, 608).
   - ``library_top``: the top card of a library, revealed or playable (401.5).
   - ``casting``: casting spells, activating abilities, playing lands (601.2, 602.2, 305.1).
   - ``legality``: the actions a player may take now (117.1).
   - ``phasing``: phasing in and out (702.26).
   - ``stickering``: putting stickers on objects (123.4-123.6, 702.33h).
   - ``facedown``: face-down objects and turning them face up (708, 116.2b).
   - ``action_steps``: the primitive steps of keyword actions, one function each (701).
   - ``effects``: one-shot effects (610).
4. Turn structure
   - ``combat``: the combat phase (506-511).
   - ``leaving``: a player leaving the game, conceding or losing a multiplayer game (800.4a, 104.3a).
   - ``sba``: state-based actions (704).
   - ``offers``: the actions offered to a player with priority, kept against the clock (117.1).
   - ``turns``: the steps of a turn and the priority loop (500-514, 117).
   - ``mulligan``: the London mulligan before the first turn (103.4).
5. The card pool
   - ``api``: everything generated card modules may use, in one namespace.
   - ``pool``: loading a compiled card pool lazily, by card name.

No import cycle remains among engine modules.  Type annotations still name types of higher
layers, under ``TYPE_CHECKING`` only, so those imports never run: the ``Game`` that the functions
of the characteristics layer are handed, the effects and face-down status that abilities and
objects hold (``Effect``, ``FaceDown``), and the stack items and abilities the state holds.
"""
