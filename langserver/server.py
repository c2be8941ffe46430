"""``cardsmith lsp``: the language server for .card, .kw and .scn files, on pygls over stdio.

Features: diagnostics on open and on every change (the same located diagnostics as ``cardsmith
check``), quick fixes for did-you-mean hints, completion (keywords, instruction starters, counter kinds, card names), hover (a
keyword's reminder text and the rule it cites; otherwise the rules text the card renders) and
go-to-definition from a keyword use to its ``keyword X`` definition.  The answers are computed by
:mod:`langserver.analysis`; this module only translates them to and from the protocol.
"""
from __future__ import annotations

import logging
import os
import re
import sys
from pathlib import Path
from typing import BinaryIO

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcServerNotInitialized
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from compiler import VERSION
from dsl.diagnostics import Diagnostic

from .analysis import (
    SEMANTIC_TOKEN_TYPES, OutlineItem, PoolIndex, completions, definition, diagnostics, hover, outline, pool_for,
    semantic_tokens,
)

COMPLETION_KINDS = {
    "keyword": types.CompletionItemKind.Keyword,
    "type": types.CompletionItemKind.Class,
    "mana": types.CompletionItemKind.Constant,
    "effect": types.CompletionItemKind.Function,
    "counter": types.CompletionItemKind.EnumMember,
    "card": types.CompletionItemKind.Value,
}


class CardsmithServer(LanguageServer):
    """A pygls server holding one :class:`PoolIndex` per card pool it has seen."""

    def __init__(self, rules_file: Path | None) -> None:
        super().__init__("cardsmith-lsp", VERSION, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.rules_file = rules_file
        self.indexes: dict[Path, PoolIndex] = {}

    def index_for(self, path: Path) -> PoolIndex:
        """The index of the pool ``path`` belongs to (created on first use)."""
        pool = pool_for(path).resolve()
        if pool not in self.indexes:
            self.indexes[pool] = PoolIndex(pool)
        return self.indexes[pool]

    def is_open(self, uri: str) -> bool:
        """Whether the client opened the document ``uri`` (and has not closed it)."""
        try:
            return uri in self.workspace.text_documents
        except RuntimeError:  # (pygls: no workspace before the client's ``initialize``)
            raise JsonRpcServerNotInitialized(message="the client has not initialized the server") from None

    def document(self, uri: str) -> tuple[str, Path]:
        """The editor's current text of a document and its file path.  Only a document the client
        opened: for any other URI pygls would read the file from disk, which a client may name
        to be anything (``file:///dev/zero`` never ends); the request is refused instead."""
        if not self.is_open(uri):
            raise JsonRpcInvalidParams(message=f"not an open document: {uri[:200]!r}")
        doc = self.workspace.get_text_document(uri)
        return doc.source, Path(to_fs_path(uri) or uri)

    def publish(self, uri: str) -> None:
        """Check the document's current text and publish its diagnostics (an empty list clears them)."""
        text, path = self.document(uri)
        found = diagnostics(text, path, self.index_for(path))
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[to_lsp(d, text) for d in found]))


def to_lsp(d: Diagnostic, text: str) -> types.Diagnostic:
    """A located diagnostic as an LSP one: 1-based line:col becomes a 0-based range over the word
    there (the word, else up to the next space; one character at least)."""
    line, col = max(d.line - 1, 0), max(d.col - 1, 0)
    lines = text.split("\n")
    end = col + 1
    if line < len(lines):
        token = re.match(r"[A-Za-z][A-Za-z'\-]*|[^\s]*", lines[line][col:])
        end = col + max(len(token.group(0)) if token else 0, 1)
    message = d.message + (f"\n{d.hint}" if d.hint else "")
    return types.Diagnostic(
        range=types.Range(start=types.Position(line=line, character=col),
                          end=types.Position(line=line, character=end)),
        message=message,
        severity=types.DiagnosticSeverity.Error if d.severity == "error" else types.DiagnosticSeverity.Warning,
        source="cardsmith")


def suggestions(message: str) -> list[str]:
    """The words a diagnostic's "did you mean 'a' or 'b'?" hint suggests (see dsl.diagnostics)."""
    hint = message.rpartition("did you mean ")[2]
    return re.findall(r"'([^']+)'", hint) if "did you mean " in message else []


def misspelt(message: str) -> str | None:
    """The word a did-you-mean diagnostic is about: ``unknown subtype 'Humann'``, or a syntax
    error's ``'flyng' is not a word of the language``."""
    m = re.search(r"unknown [a-z ]+ '([^']+)'", message) or re.search(r"'([^']+)' is not a word", message)
    return m.group(1) if m else None


def fix_range(text: str, diag: types.Diagnostic) -> types.Range | None:
    """The range a quick fix may replace: the misspelt word itself, found on the diagnostic's
    line (at its range, or elsewhere on the line); None when it isn't there, so that a fix never
    replaces another word of the line."""
    word = misspelt(diag.message)
    lines = text.split("\n")
    line = diag.range.start.line
    if word is None or line >= len(lines):
        return None
    source = lines[line]
    start = diag.range.start.character
    if source[start:start + len(word)] != word or source[start + len(word):start + len(word) + 1].isalnum():
        m = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", source)
        if m is None:
            return None
        start = m.start()
    return types.Range(start=types.Position(line=line, character=start),
                       end=types.Position(line=line, character=start + len(word)))


SYMBOL_KINDS = {"definition": types.SymbolKind.Class, "scenario": types.SymbolKind.Function,
                "keyword": types.SymbolKind.Constant, "ability": types.SymbolKind.Method,
                "property": types.SymbolKind.Property}


def _symbol(item: OutlineItem) -> types.DocumentSymbol:
    """An outline entry as an LSP document symbol (its line is its range)."""
    where = types.Range(start=types.Position(line=item.line, character=0),
                        end=types.Position(line=item.line, character=item.end))
    full = where
    if item.children:
        last = item.children[-1]
        full = types.Range(start=where.start, end=types.Position(line=last.line + 1, character=0))
    return types.DocumentSymbol(name=item.name, kind=SYMBOL_KINDS[item.kind], range=full, selection_range=where,
                                children=[_symbol(c) for c in item.children])


def default_rules_file() -> Path | None:
    """The Comprehensive Rules text for hover: ``$CARDSMITH_RULES``, else a ``MagicCompRules*.txt``
    in ``shared/reference`` beside the project checkout, else none (hover then cites the number only)."""
    env = os.environ.get("CARDSMITH_RULES")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent
    for base in (here, *here.parents):
        found = sorted((base / "shared" / "reference").glob("MagicCompRules*.txt"))
        if found:
            return found[-1]
    return None


def make_server(rules_file: Path | None = None) -> CardsmithServer:
    """A server with every feature registered."""
    server = CardsmithServer(rules_file if rules_file is not None else default_rules_file())

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CardsmithServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CardsmithServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: CardsmithServer, params: types.DidSaveTextDocumentParams) -> None:
        # A saved keyword file changes the library every card is checked against: every open
        # card and scenario of its pool is checked again.
        # (A file saved need not be open: its text is then the library's to read, from disk.)
        uri = params.text_document.uri
        if ls.is_open(uri):
            ls.publish(uri)
        path = Path(to_fs_path(uri) or uri)
        if path.suffix == ".kw":
            pool = pool_for(path).resolve()
            for other in list(ls.workspace.text_documents):
                _, other_path = ls.document(other)
                if other != uri and other_path.suffix in (".card", ".scn") and pool_for(other_path).resolve() == pool:
                    ls.publish(other)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: CardsmithServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        text, _ = ls.document(params.text_document.uri)
        return [_symbol(item) for item in outline(text)]

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                    types.SemanticTokensLegend(token_types=list(SEMANTIC_TOKEN_TYPES), token_modifiers=[]))
    def tokens(ls: CardsmithServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
        text, path = ls.document(params.text_document.uri)
        return types.SemanticTokens(data=semantic_tokens(text, ls.index_for(path)))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=['"']))
    def completion(ls: CardsmithServer, params: types.CompletionParams) -> types.CompletionList:
        text, path = ls.document(params.text_document.uri)
        pos = params.position
        items = [types.CompletionItem(label=e.label, kind=COMPLETION_KINDS[e.kind], detail=e.detail)
                 for e in completions(ls.index_for(path), path.suffix, text, pos.line, pos.character)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_actions(ls: CardsmithServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        # "did you mean 'flying'?" becomes one quick fix per suggestion, replacing the flagged word.
        out: list[types.CodeAction] = []
        text, _ = ls.document(params.text_document.uri)
        for diag in params.context.diagnostics:
            if diag.source != "cardsmith":
                continue
            where = fix_range(text, diag)
            if where is None:
                continue  # the misspelt word isn't where the diagnostic says: no edit is safe
            for word in suggestions(diag.message):
                edit = types.TextEdit(range=where, new_text=word)
                out.append(types.CodeAction(
                    title=f"Change to '{word}'", kind=types.CodeActionKind.QuickFix, diagnostics=[diag],
                    edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
        return out

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: CardsmithServer, params: types.HoverParams) -> types.Hover | None:
        text, path = ls.document(params.text_document.uri)
        pos = params.position
        md = hover(text, path, pos.line, pos.character, ls.index_for(path), ls.rules_file)
        if not md:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=md))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: CardsmithServer, params: types.DefinitionParams) -> types.Location | None:
        text, path = ls.document(params.text_document.uri)
        pos = params.position
        site = definition(text, pos.line, pos.character, ls.index_for(path))
        if site is None:
            return None
        start = types.Position(line=site.line - 1, character=0)
        return types.Location(uri=from_fs_path(str(site.path)) or str(site.path),
                              range=types.Range(start=start, end=start))

    return server


MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # one LSP message; a card file is a few kilobytes
MAX_HEADER_BYTES = 4096  # one header line


class ProtocolRefused(SystemExit):
    """The client sent what no client sends (a message of absurd length): the server stops."""


class BoundedInput:
    """Standard input for the server, refusing a header line longer than
    :data:`MAX_HEADER_BYTES` or a ``Content-Length`` over :data:`MAX_MESSAGE_BYTES`, which the
    server would otherwise try to read whole into memory."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.refused = ""

    def readline(self) -> bytes:
        """One header line, checked."""
        line = self.stream.readline(MAX_HEADER_BYTES + 1)
        if len(line) > MAX_HEADER_BYTES:
            self._refuse(f"a header line longer than {MAX_HEADER_BYTES} bytes")
        m = re.match(rb"(?i)content-length:\s*(\d+)", line)
        if m and (len(m.group(1)) > 12 or int(m.group(1)) > MAX_MESSAGE_BYTES):
            self._refuse(f"a message of {m.group(1).decode()} bytes (at most {MAX_MESSAGE_BYTES})")
        return line

    def read(self, n: int = -1) -> bytes:
        """A message body (its length already checked)."""
        return self.stream.read(n)

    def _refuse(self, what: str) -> None:
        self.refused = f"the client sent {what}"
        raise ProtocolRefused(2)


_ERROR_LINE = re.compile(r"^[\s|+]*([\w.]*(?:Error|Exception)\b.*)")  # "  | TypeError: ..." in a traceback


class OneLineFormatter(logging.Formatter):
    """pygls's log records as one line each: a malformed message from the client is logged with
    its traceback (in the record, or in the message's text), which is the library's business,
    not the user's; ``--debug`` shows it whole."""

    def format(self, record: logging.LogRecord) -> str:
        lines = record.getMessage().splitlines() or [""]
        why = ""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            said = str(getattr(error, "message", "") or error).splitlines()  # (pygls's own errors: .message)
            why = f"{type(error).__name__}: {said[0] if said else ''}"
        elif len(lines) > 1:  # ("Unable to deserialize message\n" and a formatted traceback)
            why = next((m.group(1) for m in map(_ERROR_LINE.match, reversed(lines)) if m), "")
        text = f"cardsmith lsp: {record.levelname.lower()}: {lines[0]}" + (f" ({why})" if why else "")
        return text if len(text) <= 300 else text[:297] + "..."


def serve(rules_file: Path | None = None, stdin: BinaryIO | None = None, debug: bool = False) -> str:
    """Run the server on stdin/stdout until the client asks it to exit; "" then, or why it stopped
    on malformed input.  pygls's warnings and errors go to stderr one line each (whole, with
    their tracebacks, if ``debug``)."""
    bounded = BoundedInput(stdin or sys.stdin.buffer)
    handler = logging.StreamHandler(sys.stderr)
    if not debug:
        handler.setFormatter(OneLineFormatter())
    handler.setLevel(logging.WARNING)
    # pygls's own, and those of the thread pool and event loop it runs handlers on, which log the
    # errors of a callback (pygls's, for a request whose id is not a string or number)
    logs = [logging.getLogger(name) for name in ("pygls", "concurrent.futures", "asyncio")]
    kept = [log.propagate for log in logs]
    for log in logs:
        log.addHandler(handler)
        log.propagate = False
    try:
        make_server(rules_file).start_io(stdin=bounded)  # type: ignore[arg-type]
    finally:
        for log, propagate in zip(logs, kept):
            log.removeHandler(handler)
            log.propagate = propagate
    return bounded.refused
