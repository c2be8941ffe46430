"""The ``cardsmith`` command-line app: the commands (``cli``) and what only they use -- terminal
output, ``build --watch``, ``new`` (scaffolding a card from its Oracle record), ``coverage`` and the
Oracle reference data they compare with.  It drives the compiler, the runtime and the language
server; none of them imports it."""
