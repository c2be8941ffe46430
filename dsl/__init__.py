"""The cardsmith language: the textX grammar (cardsmith.tx), the metamodel factory, the keyword
library symbol table, semantic checks and located diagnostics.  A textX model never leaves
``dsl`` and ``compiler``."""
