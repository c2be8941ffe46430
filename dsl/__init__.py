"""The cardsmith language: the textX grammar (cardsmith.tx), the metamodel factory, the keyword
library symbol table, semantic checks (with the language's mana symbols) and located
diagnostics.  A textX model never leaves ``dsl`` and ``compiler``; ``dsl`` imports neither
``compiler`` nor ``runtime``."""
