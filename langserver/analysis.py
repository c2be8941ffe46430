"""What the language server knows about a document, as plain functions of its text.

Nothing here speaks the protocol: :mod:`langserver.server` turns these answers into LSP messages.
Every answer comes from the same code as the command line: diagnostics from
:func:`compiler.compiling.compile_text` (what ``cardsmith check`` runs) and
:func:`compiler.lower.build_library`, hover text from :func:`compiler.text.card_text`, keyword
facts from the keyword library (``cards/keywords/*.kw``).  The document is parsed from the text
the editor holds, never from disk, so unsaved edits are what is checked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from compiler.compiling import compile_text
from compiler.ir import KeywordIR, LibraryIR
from compiler.library import load_library
from compiler.lower import build_library, module_name
from compiler.scenarios import load_scenarios
from compiler.sources import default_pool, display
from compiler.text import card_text
from dsl.diagnostics import Diagnostic, did_you_mean

WORD = re.compile(r"[A-Za-z][A-Za-z\-]*")
CARD_NAME = re.compile(r'^\s*card\s+"((?:\\.|[^"\\])*)"', re.MULTILINE)
RULE_LINE = re.compile(r"^\s*(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")
QUOTED = re.compile(r'"((?:\\.|[^"\\])*)"')
# Where a scenario names cards of the pool: zone set-up lines ("alice hand: ...") and cast, play
# and activate actions.  (Expectations may name tokens, which are not cards of the pool.)
SCN_SETUP = re.compile(r"^\s*[a-z][a-z0-9_]*\s+(?:library|hand|battlefield|graveyard|exile)\s*:")
SCN_ACTION = re.compile(r"\b(?:cast|play|activate)\s+(?=\")")

# The words an instruction (an ``Effect`` of dsl/cardsmith.tx) can start with, as the author
# types them, with a short example each; completion offers them in card and keyword files.
EFFECT_STARTERS: tuple[tuple[str, str], ...] = (
    ("deal", "deal 3 damage to any target."),
    ("draw", "draw a card."),
    ("discard", "discard a card."),
    ("destroy", "destroy target creature."),
    ("exile", "exile target artifact."),
    ("counter", "counter target spell."),
    ("search", "search your library for a basic land card and put it onto the battlefield."),
    ("shuffle", "shuffle your library."),
    ("create", "create a 1/1 red Goblin creature token."),
    ("add", "add {G}."),
    ("put", "put a +1/+1 counter on target creature."),
    ("remove", "remove a fade counter from this."),
    ("sacrifice", "sacrifice this unless you pay {1}."),
    ("untap", "untap target land."),
    ("tap", "tap target creature."),
    ("return", "return target creature to its owner's hand."),
    ("gain control of", "gain control of target creature until end of turn."),
    ("you gain", "you gain 3 life."),
    ("you lose", "you lose 2 life."),
    ("target player", "target player draws two cards."),
    ("at the beginning of the next", "at the beginning of the next end step: sacrifice it."),
    ("until end of turn", "until end of turn, this gains flying."),
    ("you may", "you may draw a card."),
    ("if kicked", "if kicked, instead deal 4 damage to it."),
    ("take an extra turn", "take an extra turn after this one."),
)


@dataclass(frozen=True)
class CompletionEntry:
    """One completion: the text inserted, what kind of name it is, a one-line detail."""

    label: str
    kind: str  # "keyword" | "effect" | "counter" | "card" | "type" | "mana"
    detail: str


@dataclass(frozen=True)
class DefinitionSite:
    """Where a name is defined: an absolute file path and a 1-based line."""

    path: Path
    line: int


def pool_for(doc_path: Path) -> Path:
    """The card pool a document belongs to: the nearest enclosing directory with ``keywords/``
    beside the cards (``cards/``), or a ``cards/`` directory in an enclosing project, else the
    shipped pool."""
    for d in [doc_path.parent, *doc_path.parents]:
        if (d / "keywords").is_dir() and any((d / "keywords").glob("*.kw")):
            return d
        if (d / "cards" / "keywords").is_dir():
            return d / "cards"
    return default_pool()


class PoolIndex:
    """The keyword library and card names of one pool, reloaded when a keyword file changes."""

    def __init__(self, pool: Path) -> None:
        self.pool = pool
        self._stamp: tuple[tuple[str, int], ...] = ()
        self._library: LibraryIR | None = None
        self._sources: dict[str, Path] = {}

    def keyword_files(self) -> list[Path]:
        """The pool's keyword files, sorted (the shipped library if the pool has none)."""
        own = sorted((self.pool / "keywords").glob("*.kw"))
        return own or sorted((default_pool() / "keywords").glob("*.kw"))

    def library(self) -> LibraryIR:
        """The keyword library from disk; re-read only when a file's size or mtime changed."""
        files = self.keyword_files()
        stamp = tuple((str(p), p.stat().st_mtime_ns ^ p.stat().st_size) for p in files)
        if self._library is None or stamp != self._stamp:
            self._library, _, _ = load_library(files)
            self._sources = {display(p): p.resolve() for p in files}
            self._stamp = stamp
        return self._library

    def source_path(self, shown: str) -> Path:
        """The absolute path of a keyword file as named in the library (``KeywordIR.source``)."""
        self.library()
        return self._sources.get(shown, Path(shown).resolve())

    def card_names(self) -> list[str]:
        """Names of the pool's cards, read from each file's ``card "..."`` line (no full parse)."""
        names: set[str] = set()
        for p in self.pool.rglob("*.card"):
            try:
                m = CARD_NAME.search(p.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            if m:
                names.add(m.group(1).replace('\\"', '"').replace("\\\\", "\\"))
        return sorted(names)


def diagnostics(text: str, path: Path, index: PoolIndex) -> list[Diagnostic]:
    """The located diagnostics ``cardsmith check`` would report for this text at ``path``."""
    shown = display(path)
    if path.suffix == ".scn":
        return load_scenarios(text, shown)[1] + scenario_card_names(text, shown, index)
    if path.suffix == ".kw":
        # The library as it would be with this file's text: other files from disk, this one edited.
        files = [p for p in index.keyword_files() if p.resolve() != path.resolve()]
        items = [(p.read_text(encoding="utf-8", errors="replace"), display(p), module_name(p.stem)) for p in files]
        items.append((text, shown, module_name(path.stem)))
        _, diags = build_library(sorted(items, key=lambda i: i[1]))
        return [d for d in diags if d.path == shown]
    return compile_text(text, shown, index.library()).diagnostics


def scenario_card_names(text: str, shown: str, index: PoolIndex) -> list[Diagnostic]:
    """Card names in a scenario that the pool doesn't have, located at the name's opening quote."""
    known = index.card_names()
    known_set = set(known)
    out: list[Diagnostic] = []
    for n, line in enumerate(text.split("\n"), start=1):
        code = line.split("//", 1)[0]
        names: list[re.Match[str]] = []
        if SCN_SETUP.match(code):
            names += QUOTED.finditer(code, code.index(":") + 1)
        for action in SCN_ACTION.finditer(code):
            first = QUOTED.match(code, action.end())
            if first:
                names.append(first)
        for m in names:
            name = m.group(1).replace('\\"', '"').replace("\\\\", "\\")
            if name not in known_set:
                out.append(Diagnostic(shown, n, m.start() + 1, f"no card named {name!r} in the pool",
                                      did_you_mean(name, known)))
    return out


def word_at(text: str, line: int, col: int) -> str:
    """The word (letters and hyphens) under a 0-based (line, character) position, or ""."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return ""
    for m in WORD.finditer(lines[line]):
        if m.start() <= col <= m.end():
            return m.group(0)
    return ""


def keyword_at(text: str, line: int, col: int, keywords: Mapping[str, KeywordIR]) -> KeywordIR | None:
    """The keyword named under a 0-based position; two-word names ("first strike") match from
    either word."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    words = list(WORD.finditer(lines[line]))
    for i, m in enumerate(words):
        if m.start() <= col <= m.end():
            here = m.group(0).lower()
            after = f"{here} {words[i + 1].group(0).lower()}" if i + 1 < len(words) else ""
            before = f"{words[i - 1].group(0).lower()} {here}" if i > 0 else ""
            for name in (after, before, here):
                if name in keywords:
                    return keywords[name]
            return None
    return None


def string_at(text: str, line: int, col: int) -> str:
    """The double-quoted string under a 0-based position (e.g. a card name in a scenario), or ""."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return ""
    for m in re.finditer(r'"((?:\\.|[^"\\])*)"', lines[line]):
        if m.start() <= col <= m.end():
            return m.group(1)
    return ""


STATEMENT_WORDS: tuple[tuple[str, str], ...] = (
    ("cost", "cost {1}{G}"),
    ("type", "type creature - Elf Warrior"),
    ("pt", "pt 2/2"),
    ("spell:", "spell: (then the spell's instructions, a sentence per line)"),
    ("when", "when this enters the battlefield: draw a card."),
    ("whenever", "whenever this attacks: you gain 1 life."),
    ("at the beginning of", "at the beginning of your upkeep: you lose 1 life."),
)
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "instant", "sorcery", "planeswalker", "tribal")
SUPERTYPES = ("legendary", "basic", "snow", "world")
MANA_SYMBOLS = ("{1}", "{2}", "{3}", "{X}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}")
COST_WORDS = ("sacrifice", "discard", "pay", "tap", "exile", "reveal", "return")


def completion_context(text: str, line: int, col: int) -> str:
    """Where the cursor is, for completion: ``statement`` (where a statement starts), ``type``
    (the card types of a type line), ``subtype`` (after its ``-``), ``cost`` (after a keyword
    that takes a cost), ``instruction`` (after ``:`` or under ``spell:``), ``quoted`` (inside a
    quoted name), or ``anywhere``."""
    lines = text.split("\n")
    current = lines[line] if 0 <= line < len(lines) else ""
    prefix = current[:col]
    if prefix.count('"') % 2 == 1:
        return "quoted"
    stripped = prefix.lstrip()
    first = stripped.split(" ", 1)[0] if " " in stripped else ""
    if first == "type":
        return "subtype" if " - " in stripped else "type"
    previous = next((x for x in reversed(lines[:line]) if x.strip()), "")
    indent = len(prefix) - len(stripped)
    if ":" in stripped or previous.rstrip().endswith("spell:") or indent >= 8:
        return "instruction"
    if first in COSTED_KEYWORDS:
        return "cost"
    if not stripped:
        return "statement"
    return "anywhere"


# Keywords whose argument is a cost (completion offers mana symbols and cost words after them).
COSTED_KEYWORDS = frozenset({"kicker", "multikicker", "morph", "megamorph", "echo", "flashback", "madness",
                             "buyback", "cycling", "equip", "evoke", "suspend", "transmute", "retrace", "splice"})


def completions(index: PoolIndex, suffix: str, text: str = "", line: int = 0, col: int = 0) -> list[CompletionEntry]:
    """What may be typed at (``line``, ``col``) of ``text`` (0-based): statement words and keywords
    where a statement starts, card types or subtypes in a type line, mana symbols and cost words
    after a keyword that takes a cost, instruction starters and counter kinds after ``:`` or under
    ``spell:``, card names inside quotes (and anywhere in a scenario file)."""
    library = index.library()
    where = completion_context(text, line, col) if text else "anywhere"
    out: list[CompletionEntry] = []

    def keywords() -> None:
        for key, kw in sorted(library.keywords().items()):
            params = ", ".join(f"{n}: {k}" for n, k in kw.params)
            out.append(CompletionEntry(key, "keyword", f"{kw.name}{f'({params})' if params else ''} — rule {kw.rule}"))

    def instructions() -> None:
        for word, example in EFFECT_STARTERS:
            out.append(CompletionEntry(word, "effect", example))
        for counter in sorted(library.counters()):
            out.append(CompletionEntry(counter, "counter", f"{counter} counter"))

    if suffix == ".scn" or where == "quoted":
        for name in index.card_names():
            out.append(CompletionEntry(name, "card", "card in the pool"))
        return out
    if where == "type":
        out += [CompletionEntry(t, "type", "card type (205.2)") for t in CARD_TYPES]
        out += [CompletionEntry(t, "type", "supertype (205.4)") for t in SUPERTYPES]
    elif where == "subtype":
        from dsl.checks import known_subtypes
        out += [CompletionEntry(t, "type", "subtype (205.3)") for t in sorted(known_subtypes())]
    elif where == "cost":
        out += [CompletionEntry(m, "mana", "mana symbol (107.4)") for m in MANA_SYMBOLS]
        out += [CompletionEntry(w, "effect", "a cost that isn't mana (118)") for w in COST_WORDS]
    elif where == "instruction":
        instructions()
    elif where == "statement":
        out += [CompletionEntry(w, "keyword", example) for w, example in STATEMENT_WORDS]
        keywords()
    else:
        keywords()
        instructions()
    return out


def rule_text(rule: str, rules_file: Path | None) -> str:
    """The text of Comprehensive Rule ``rule`` from the rules file, or "" if not available."""
    if rules_file is None or not rules_file.is_file():
        return ""
    with rules_file.open(encoding="utf-8-sig") as f:
        for line in f:
            m = RULE_LINE.match(line)
            if m and m.group(1) == rule:
                return m.group(2).strip()
    return ""


def keyword_hover(kw: KeywordIR, rules_file: Path | None) -> str:
    """Markdown for a keyword: its name and parameters, reminder text, and the rule it cites."""
    params = ", ".join(f"{n}: {k}" for n, k in kw.params)
    out = f"**{kw.name}**{f'({params})' if params else ''} — rule {kw.rule}"
    if kw.reminder:
        out += f"\n\n*{kw.reminder}*"
    cited = rule_text(kw.rule, rules_file)
    if cited:
        out += f"\n\n> {kw.rule} {cited}"
    return out


def card_hover(text: str, path: Path, index: PoolIndex) -> str:
    """Markdown for the card in this text: the rules text its script renders, or why it can't."""
    library = index.library()
    result = compile_text(text, display(path), library)
    if result.ir is None:
        first = result.diagnostics[0].format() if result.diagnostics else "no card here"
        return f"*(no rules text: the script has errors)*\n\n```\n{first}\n```"
    return f"**{result.ir.name}**\n\n```text\n{card_text(result.ir, library)}\n```"


def pool_card_hover(name: str, index: PoolIndex) -> str:
    """Markdown for a card of the pool named in a scenario: its rendered rules text."""
    wanted = module_name(name)
    for p in sorted(index.pool.rglob("*.card")):
        if module_name(p.stem) == wanted:
            return card_hover(p.read_text(encoding="utf-8"), p, index)
    return ""


def hover(text: str, path: Path, line: int, col: int, index: PoolIndex, rules_file: Path | None) -> str:
    """Hover markdown at a 0-based position: a keyword's facts over a keyword, else the card's text."""
    kw = keyword_at(text, line, col, index.library().keywords())
    if kw is not None and path.suffix != ".scn":
        return keyword_hover(kw, rules_file)
    if path.suffix == ".scn":
        name = string_at(text, line, col)
        return pool_card_hover(name, index) if name else ""
    if path.suffix == ".card":
        return card_hover(text, path, index)
    return ""


def definition(text: str, line: int, col: int, index: PoolIndex) -> DefinitionSite | None:
    """Where the keyword under a 0-based position is defined (``keyword X`` in a .kw file)."""
    kw = keyword_at(text, line, col, index.library().keywords())
    if kw is None:
        return None
    return DefinitionSite(index.source_path(kw.source), kw.line)


@dataclass(frozen=True)
class OutlineItem:
    """One entry of a document's outline: a card, keyword, action, counter or scenario, or one of
    its statements; ``line`` is 0-based, ``end`` the length of the line."""

    name: str
    kind: str  # "definition" | "keyword" | "ability" | "property" | "scenario"
    line: int
    end: int
    children: tuple["OutlineItem", ...] = ()


_DEFINITION = re.compile(r'^\s*(card|keyword|action|counter|scenario)\s+("(?:\\.|[^"\\])*"|[A-Za-z_][\w-]*)')


def outline(text: str) -> list[OutlineItem]:
    """The document's definitions, each with its statements (a statement's continuation lines,
    such as a spell's instructions, belong to the statement above them)."""
    items: list[OutlineItem] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = _DEFINITION.match(lines[i])
        if not m:
            i += 1
            continue
        kind, name = m.group(1), m.group(2).strip('"')
        start, children = i, []
        depth = lines[i].count("{") - lines[i].count("}")
        i += 1
        while i < len(lines) and depth > 0:
            line = lines[i]
            stripped = line.strip()
            depth += line.count("{") - line.count("}")  # (mana symbols balance)
            if stripped and stripped != "}" and not stripped.startswith("//") and \
                    len(line) - len(line.lstrip()) <= 4:
                word = stripped.split(" ", 1)[0].rstrip(":")
                what = "property" if word in ("cost", "type", "pt", "reminder", "rule") else \
                    "ability" if (":" in stripped or word in ("when", "whenever", "at", "spell", "if")) else "keyword"
                children.append(OutlineItem(stripped[:80], what, i, len(line)))
            i += 1
        items.append(OutlineItem(f"{kind} {name}", "scenario" if kind == "scenario" else "definition", start,
                                 len(lines[start]), tuple(children)))
    return items


SEMANTIC_TOKEN_TYPES = ("keyword", "string", "number", "comment", "type", "function", "operator")
_TOKEN = re.compile(r'(?P<comment>//.*)|(?P<string>"(?:\\.|[^"\\])*")|(?P<mana>\{[^{}\s]{1,5}\})'
                    r"|(?P<number>[+-]?\d+(?:/[+-]?\d+)?)|(?P<word>[A-Za-z][A-Za-z'\-]*)|(?P<op>[:.,])")
_STATEMENT_WORDS = frozenset({"card", "keyword", "action", "counter", "scenario", "cost", "type", "pt", "spell",
                              "when", "whenever", "at", "if", "this", "reminder", "rule"})
_VERBS = frozenset(w.split()[0] for w, _ in EFFECT_STARTERS)


def semantic_tokens(text: str, index: PoolIndex) -> list[int]:
    """The document's semantic tokens, LSP-encoded (each token as five numbers: line delta,
    start delta, length, type index in :data:`SEMANTIC_TOKEN_TYPES`, modifiers): comments,
    quoted names, mana symbols and numbers, statement words and keywords, instruction verbs, types."""
    keywords = set(index.library().keywords())
    from dsl.checks import known_subtypes
    subtypes = known_subtypes()
    data: list[int] = []
    last_line = last_col = 0
    for n, line in enumerate(text.split("\n")):
        for m in _TOKEN.finditer(line):
            group = m.lastgroup
            word = m.group()
            if group == "comment":
                kind = "comment"
            elif group == "string":
                kind = "string"
            elif group in ("mana", "number"):
                kind = "number"
            elif group == "op":
                continue
            elif word in _STATEMENT_WORDS or word.lower() in keywords:
                kind = "keyword"
            elif word in _VERBS:
                kind = "function"
            elif word in subtypes or word in CARD_TYPES or word.rstrip("s") in CARD_TYPES:
                kind = "type"
            else:
                continue
            delta_line = n - last_line
            delta_col = m.start() - (last_col if delta_line == 0 else 0)
            data += [delta_line, delta_col, m.end() - m.start(), SEMANTIC_TOKEN_TYPES.index(kind), 0]
            last_line, last_col = n, m.start()
    return data
