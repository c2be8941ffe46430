"""A lexical allowlist for generated modules, checked by the build itself.

Generated code is built only from templates and validated literals (``repr`` of a string, a
number, a validated identifier), so what it may contain is known: string literals as ``repr``
writes them, comments, and code made of ASCII names, numbers, brackets, commas, dots, ``:``,
``=``, ``|``, ``-`` and ``->``; statements that are imports from ``__future__``, ``runtime`` or
the pool's own modules, classes, assignments and (for keywords) ``__init__``/``abilities``
methods.  Anything else (a call to ``eval``, ``exec``, ``open`` or ``__import__``, any dunder
name but ``__future__`` and ``__init__``, an import of another module, a lambda, a loop, an
``if``, a prefixed or triple-quoted string, a line continuation, a ``coding`` declaration)
means a script escaped its literals, and the build refuses the module.

Why lexical rather than an AST walk: ``ast.parse`` alone cost a quarter of the CPU time a card
takes to compile (0.2-0.25 ms of about 1 ms), while what an escape needs -- a forbidden name, a
keyword, an operator, a string that isn't one -- shows in the tokens.  The check reads the text
the way Python's tokenizer does for this subset: left to right, a ``#`` outside a string starts a
comment to the end of the line, a quote starts a string literal that ends at the next unescaped
quote of the same kind on the same line.  It is stricter than Python where they could differ:
any quote not consumed as such a literal, two literals side by side (so no triple quotes), a
literal right after a name or number (a prefix: ``f''``, ``b''``), a control character or a
backslash outside a literal, or a non-ASCII character outside one is refused.  What it no longer
proves is that the module is valid Python (brackets are checked to balance); that is a compiler
bug, not an escape, and the tests compile every shipped, golden and fuzzed module.
"""
from __future__ import annotations

import keyword
import re
from typing import NoReturn

FORBIDDEN_NAMES = frozenset({"eval", "exec", "compile", "open", "__import__", "globals", "locals", "vars",
                             "getattr", "setattr", "delattr", "input", "breakpoint", "os", "sys", "subprocess"})
ALLOWED_IMPORTS = frozenset({"__future__", "runtime"})
# The keywords the templates write; every other hard keyword (lambda, for, if, not, yield, with,
# import on its own line, global, del, ...) is refused.
ALLOWED_KEYWORDS = frozenset({"from", "import", "as", "class", "def", "return", "None", "True", "False"})
REFUSED_KEYWORDS = frozenset(keyword.kwlist) - ALLOWED_KEYWORDS
ALLOWED_FUNCTIONS = frozenset({"__init__", "abilities"})


class UnsafeCode(Exception):
    """A generated module outside the allowlist."""


# A comment, or a string literal as ``repr`` writes one (one line, printable characters, escapes
# of a printable ASCII character), or a triple-quoted docstring with neither quotes nor backslashes.
# Found leftmost first, like the tokenizer: a ``#`` inside a literal, or a quote inside a comment,
# is part of it.  Each becomes ``''`` (so a comment right after a name reads as a prefixed literal,
# and is refused: the templates write comments on lines of their own).
# (Each literal is written as its loop unrolled -- a run of plain characters, then escapes each
# followed by another run -- with possessive repeats: the same strings as ``(plain|escape)*``, as
# each text can be read only one way, matched in half the time, a run at a time in C.)
_LITERAL_OR_COMMENT = re.compile(
    r"""#[^\r\n]*+|\"\"\"[^"\\]*+\"\"\"|\'\'\'[^'\\]*+\'\'\'"""
    r"""|'[^'\\\x00-\x1f\x7f]*+(?:\\[\x20-\x7e][^'\\\x00-\x1f\x7f]*+)*+'"""
    r"""|"[^"\\\x00-\x1f\x7f]*+(?:\\[\x20-\x7e][^"\\\x00-\x1f\x7f]*+)*+\"""")
# What may remain once every literal and comment is ``''``.
_CODE = re.compile(r"[A-Za-z0-9_ \n()\[\]{},.:=|'>-]*")
# A prefixed literal (``f''``, ``b''``), or a comment right after a name: a literal then a name
# character before it (the literal prefix lets the search skip ahead to each ``''``).
_PREFIXED = re.compile(r"''(?<=[A-Za-z0-9_]'')")
_MINUS_BEFORE_NUMBER = re.compile(r"-(?=[0-9])")
_OPERAND_END = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_)]}'")
# The tokens left: names, and numbers with whatever letters run into them (``1if``, ``0x1``,
# ``1e5``), as runs between the other characters ``_CODE`` allows (a C-level split).
# (Once ``_CODE`` has passed, the text is ASCII: its bytes are translated, a table lookup per
# byte, where ``str.translate`` looks each character up in a dictionary.)
_SEPARATORS = bytes.maketrans(b" \n()[]{},.:=|'>-", b" " * 16)
# The statements allowed to hold ``from``, ``import``, ``as``, ``__future__``, ``def`` and
# ``__init__``: whole import lines from an allowed or relative module, and the two method headers.
# Each of those words must be accounted for by them.
# (Searched for in "\n" + the text: a line starts after a newline, and the search skips ahead
# to each "\nfrom " in C, where ``^`` in multi-line mode is tried at every character.)
_IMPORT_LINE = re.compile(
    r"\nfrom (%s|\.+[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*) import ([A-Za-z_][A-Za-z0-9_]*"
    r"(?: as [A-Za-z_][A-Za-z0-9_]*)?(?:, [A-Za-z_][A-Za-z0-9_]*(?: as [A-Za-z_][A-Za-z0-9_]*)?)*)(?=\n|\Z)"
    % "|".join(sorted(ALLOWED_IMPORTS)))
_METHOD_HEADER = re.compile(r"def (%s)\(" % "|".join(sorted(ALLOWED_FUNCTIONS)))
# The only dunder names allowed, each only where those statements account for it.
ALLOWED_DUNDERS = frozenset({"__future__", "__init__"})
_REFUSED_WORDS = FORBIDDEN_NAMES | REFUSED_KEYWORDS
# (For the messages.)  In the text with every separator a space (and a space before it): the
# tokens that start with two underscores; in its shape (letters and ``_`` as ``a``, digits as
# ``0``, separators as spaces): a token that starts with a digit but isn't all digits.
_DUNDER = re.compile(rb" (__[A-Za-z0-9_]*)")
_SHAPES = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789 \n()[]{},.:=|'>-",
                          b"a" * 53 + b"0" * 10 + b" " * 16)
_NUMBER_INTO_LETTERS = re.compile(rb" 0+a")
# The tokens whose numbers the allowed statements must account for.
_COUNTED = ("from", "import", "as", "__future__", "def", "__init__")
_ALL_BUT_BRACKETS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_ \n,.:=|'>-"
# PEP 263: a comment on line 1 or 2 that names an encoding makes Python decode the file with it
# (``utf-7`` would turn a literal's ``+ACc-`` into a quote).  The path in the first line's
# comment comes from the file system, so it is checked too.
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]", re.M)  # (searched in the first two lines only)


def check_generated(code: str, filename: str = "<generated>") -> None:
    """Raise :class:`UnsafeCode` unless ``code`` is made only of what the templates produce.

    (Each step is a C-level scan or a set operation: it runs for every card of every build.)"""
    second = code.find("\n", code.find("\n") + 1)  # (the end of line 2; -1: there is none)
    head = code if second < 0 else code[:second]
    # (The search only where it could match: its lazy ``.*?`` tries every character of the line.)
    if "coding" in head and _CODING.search(head):
        raise UnsafeCode(f"{filename}: a comment on line 1 or 2 declares a source encoding")
    k = _LITERAL_OR_COMMENT.sub("''", code)
    if _CODE.fullmatch(k) is None:
        bad = _CODE.sub("", k)[0]  # (it didn't match whole: something is left)
        raise UnsafeCode(f"{filename}:{_line_of(k, bad)}: {bad!r} is not allowed outside a string literal")
    # A quote not part of a whole literal (one left unterminated), two literals side by side
    # (so no triple quotes), a prefixed literal.
    if "\'\'\'" in k or "'" in k.replace("''", "") or _PREFIXED.search(k):
        raise UnsafeCode(f"{filename}: a string that is not a plain literal")
    # No comparison, assignment expression or augmented assignment; ``>`` only in ``->``; ``-``
    # only in ``->`` or as the sign of a number (not after an operand: no subtraction).
    if "==" in k or ":=" in k or "|=" in k or k.count(">") != k.count("->"):
        raise UnsafeCode(f"{filename}: an operator that is not allowed")
    if "-" in k:
        if k.count("-") != k.count("->") + len(_MINUS_BEFORE_NUMBER.findall(k)):
            raise UnsafeCode(f"{filename}: '-' that is not a sign")
        for m in _MINUS_BEFORE_NUMBER.finditer(k):
            before = k[:m.start()].rstrip(" \n")
            if before and before[-1] in _OPERAND_END:
                raise UnsafeCode(f"{filename}:{k.count(chr(10), 0, m.start()) + 1}: subtraction is not allowed")
    ascii_k = k.encode("ascii")  # (ASCII: ``_CODE`` matched it whole)
    spaced = b" " + ascii_k.translate(_SEPARATORS)
    tokens = spaced.decode("ascii").split()
    # (``isdisjoint`` looks the tokens up and stops at a refused one; no set of the card's words
    # is built, and the words are looked at one by one only for the message.)
    if not _REFUSED_WORDS.isdisjoint(tokens):
        word = min(_REFUSED_WORDS.intersection(tokens))
        raise UnsafeCode(f"{filename}:{_line_of(k, word)}: {word!r} is not allowed")
    count = {word: tokens.count(word) for word in _COUNTED}
    # A dunder name but the allowed ones: more tokens start with "__" than those are.  (Counts,
    # C-level scans of the text, where a Python loop over the card's words and the set of them
    # cost a sixth of this check's instructions.)
    if spaced.count(b" __") != count["__future__"] + count["__init__"]:
        for dunder in _DUNDER.findall(spaced):
            if dunder.decode("ascii") not in ALLOWED_DUNDERS:
                _refuse_word(filename, k, dunder.decode("ascii"))
        # (Unreachable while the counts mean what the comment says; if they ever disagree with
        # the search, the module is still refused, never let through for want of a name.)
        raise UnsafeCode(f"{filename}: a dunder name other than __future__ and __init__")
    # A token that starts with a digit but isn't all digits (``1if``, ``0x1``, ``1e5``): in the
    # text's shape (letters and "_" as "a", digits as "0", separators as spaces), more tokens
    # start with a letter once the digits are deleted than before: exactly those.
    if (b" " + ascii_k.translate(_SHAPES, b"0123456789")).count(b" a") != \
            (b" " + ascii_k.translate(_SHAPES)).count(b" a"):
        bad_number = _NUMBER_INTO_LETTERS.search(b" " + ascii_k.translate(_SHAPES))
        if bad_number is None:  # (as above: refused even without a word to name)
            raise UnsafeCode(f"{filename}: a number run into letters")
        _refuse_word(filename, k, spaced[bad_number.start() + 1:].split(None, 1)[0].decode("ascii"))
    imports = _IMPORT_LINE.findall("\n" + k)
    headers = _METHOD_HEADER.findall(k)
    if not (count["from"] == count["import"] == len(imports)
            and count["as"] == sum(names.count(" as ") for _, names in imports)
            and count["__future__"] == sum(module == "__future__" for module, _ in imports)
            and count["def"] == len(headers) and count["__init__"] == headers.count("__init__")):
        raise UnsafeCode(f"{filename}: an import, 'as', 'def' or dunder name outside 'from MODULE import NAMES' "
                         "(MODULE: __future__, runtime or relative) and 'def __init__(' / 'def abilities('")
    brackets = ascii_k.translate(None, _ALL_BUT_BRACKETS).decode("ascii")
    while True:
        fewer = brackets.replace("()", "").replace("[]", "").replace("{}", "")
        if fewer == brackets:
            break
        brackets = fewer
    if brackets:
        raise UnsafeCode(f"{filename}: unbalanced brackets")


def _refuse_word(filename: str, code: str, word: str) -> NoReturn:
    raise UnsafeCode(f"{filename}:{_line_of(code, word)}: {word!r} is not allowed")


def _line_of(code: str, text: str) -> int:
    """The line (1-based) of the first occurrence of ``text`` in ``code`` (for the message)."""
    return code.count("\n", 0, max(code.find(text), 0)) + 1
