"""String literals of the language: double-quoted, with the escapes \\" \\\\ \\n and \\t.

The grammar matches the whole token (textX's own STRING can't end in a backslash);
:func:`unescape` strips the quotes and decodes the escapes, so an author can write any
text, and the compiler then passes it to generated code only through ``repr``.
"""
from __future__ import annotations

_ESCAPES = {"\\": "\\", "n": "\n", "t": "\t", '"': '"', "'": "'"}


def unescape(raw: str) -> str:
    """Strip the quotes of a string token and decode its escapes; an unknown escape keeps its backslash."""
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        raw = raw[1:-1]
    if "\\" not in raw:
        return raw  # (most strings: nothing to decode)
    out: list[str] = []
    i = 0
    while i < len(raw):
        c = raw[i]
        if c == "\\" and i + 1 < len(raw) and raw[i + 1] in _ESCAPES:
            out.append(_ESCAPES[raw[i + 1]])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)
