"""The rules engine: objects and zones, mana and costs, casting (601.2), the stack and priority,
turn structure, combat, replacement effects (614), triggered abilities (603), state-based actions
(704), and the decision protocol through which players answer the engine's questions.

Generated card modules import only from :mod:`runtime.api`.
"""
