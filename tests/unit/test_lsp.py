"""The language server, driven over stdio by pytest-lsp as an editor would drive it.

One server process serves the whole module (starting one costs about a second); each test opens
its own document.  The documents live in a temporary pool whose keyword library is a copy of the
shipped one, so go-to-definition lands in a real .kw file.
"""
from __future__ import annotations

import asyncio
import re
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from compiler.sources import default_pool

BROKEN = """card "Shock Trooper" {
    cost {1}{R}
    type creature - Goblin Soldier
    pt 2/1
    flyng
}
"""

GOOD = """card "Kicked Bolt" {
    cost {R}
    type instant
    kicker {2}
    spell:
        deal 2 damage to any target.
        if kicked, instead deal 4 damage to it.
}
"""


@pytest.fixture(scope="module")
def pool_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with the shipped keyword library and one card, laid out as authors have it."""
    root = tmp_path_factory.mktemp("lsp")
    cards = root / "cards"
    shutil.copytree(default_pool() / "keywords", cards / "keywords")
    (cards / "g").mkdir()
    shutil.copy(default_pool() / "g" / "grizzly_bears.card", cards / "g" / "grizzly_bears.card")
    return root


@pytest_lsp.fixture(scope="module",
                    config=ClientServerConfig(server_command=[sys.executable, "-m", "cardsmith", "lsp"]))
async def client(lsp_client: LanguageClient, pool_root: Path):  # type: ignore[no-untyped-def]
    root = pool_root
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
        root_uri=root.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, root: Path, name: str, text: str) -> str:
    path = root / "cards" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="cardsmith", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


@pytest.mark.asyncio(loop_scope="module")
async def test_broken_card_gets_located_diagnostic_then_clears(client: LanguageClient, pool_root: Path) -> None:
    """A misspelt keyword is reported at its line and column (0-based in LSP: line 5 col 5 -> 4, 4),
    with the did-you-mean hint; fixing the text in the editor (unsaved) clears it."""
    uri = await _open(client, pool_root, "s/shock_trooper.card", BROKEN)
    diags = client.diagnostics[uri]
    assert len(diags) == 1, diags
    d = diags[0]
    assert (d.range.start.line, d.range.start.character) == (4, 4)
    assert (d.range.end.line, d.range.end.character) == (4, 9)
    assert "flyng" in d.message and "'flying'" in d.message
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=d.range,
        context=types.CodeActionContext(diagnostics=[d])))
    assert actions is not None
    fix = next(a for a in actions if isinstance(a, types.CodeAction) and a.title == "Change to 'flying'")
    assert fix.edit is not None and fix.edit.changes is not None
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "flying" and edit.range == d.range
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=BROKEN.replace("flyng", "flying"))]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="module")
async def test_syntax_error_position(client: LanguageClient, pool_root: Path) -> None:
    """A missing '.' is reported just after the last word of the sentence, as `cardsmith check` does."""
    uri = await _open(client, pool_root, "k/kicked_bolt_syntax.card", GOOD.replace("to it.", "to it"))
    (d,) = client.diagnostics[uri]
    assert d.range.start.line == 6
    assert d.range.start.character == len("        if kicked, instead deal 4 damage to it")
    assert "syntax error" in d.message


async def _complete(client: LanguageClient, uri: str, line: int, col: int) -> dict[str, types.CompletionItem]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=col)))
    assert isinstance(result, types.CompletionList)
    return {i.label: i for i in result.items}


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_depends_on_the_position(client: LanguageClient, pool_root: Path) -> None:
    """Where a statement starts: statement words and keywords; in a type line: types, then
    subtypes after '-'; after kicker: mana symbols and cost words; under spell: instructions and
    counter kinds; in a scenario: card names."""
    uri = await _open(client, pool_root, "k/kicked_bolt.card", GOOD)
    at_statement = await _complete(client, uri, 4, 4)  # "    |spell:"
    assert at_statement["kicker"].kind == types.CompletionItemKind.Keyword
    assert "702.33a" in (at_statement["kicker"].detail or "")
    assert "cost" in at_statement and "when" in at_statement and "deal" not in at_statement
    in_type = await _complete(client, uri, 2, len("    type "))
    assert "instant" in in_type and "legendary" in in_type and "kicker" not in in_type
    after_kicker = await _complete(client, uri, 3, len("    kicker "))
    assert "{G}" in after_kicker and "sacrifice" in after_kicker and "Goblin" not in after_kicker
    in_spell = await _complete(client, uri, 5, 8)
    assert in_spell["deal"].kind == types.CompletionItemKind.Function
    assert in_spell["fade"].kind == types.CompletionItemKind.EnumMember and "kicker" not in in_spell
    typed = await _open(client, pool_root, "k/typed.card", 'card "Typed" {\n    type creature - \n}\n')
    subtypes = await _complete(client, typed, 1, len("    type creature - "))
    assert "Goblin" in subtypes and "instant" not in subtypes
    scn = await _open(client, pool_root, "k/some.scn", 'scenario "s" rule 100.1 {\n    alice hand: "\n}\n')
    names = await _complete(client, scn, 1, len('    alice hand: "'))
    assert "Grizzly Bears" in names  # a card of the pool


@pytest.mark.asyncio(loop_scope="module")
async def test_outline_and_semantic_tokens(client: LanguageClient, pool_root: Path) -> None:
    uri = await _open(client, pool_root, "k/kicked_bolt_outline.card", GOOD)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols is not None and len(symbols) == 1
    card = symbols[0]
    assert isinstance(card, types.DocumentSymbol) and card.name == 'card Kicked Bolt'
    assert [c.name for c in card.children or []] == ["cost {R}", "type instant", "kicker {2}", "spell:"]
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert tokens is not None and len(tokens.data) % 5 == 0
    # Decode: (line, col, length, type) of each token.
    decoded, line, col = [], 0, 0
    for i in range(0, len(tokens.data), 5):
        dl, dc, length, kind, _ = tokens.data[i:i + 5]
        line, col = line + dl, (col + dc if dl == 0 else dc)
        decoded.append((line, col, length, kind))
    legend = ["keyword", "string", "number", "comment", "type", "function", "operator"]
    assert (0, 0, 4, legend.index("keyword")) in decoded  # card
    assert (0, 5, len('"Kicked Bolt"'), legend.index("string")) in decoded
    assert (3, 4, 6, legend.index("keyword")) in decoded  # kicker
    assert (5, 8, 4, legend.index("function")) in decoded  # deal


@pytest.mark.asyncio(loop_scope="module")
async def test_saving_a_keyword_file_checks_open_cards_again(client: LanguageClient, pool_root: Path) -> None:
    """A card using a keyword the library lacks is an error until a keyword file defining it is
    saved; then the open card is checked again without being touched."""
    uri = await _open(client, pool_root, "k/glowing.card", 'card "Glowing Bear" {\n    cost {1}{G}\n'
                      '    type creature - Bear\n    pt 2/2\n    glowing\n}\n')
    assert any("glowing" in d.message for d in client.diagnostics[uri])
    kw = pool_root / "cards" / "keywords" / "glowing.kw"
    kw.write_text('keyword Glowing rule 702.19a {\n    reminder "It glows."\n    referenced by other rules\n}\n')
    try:
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=kw.as_uri()), text=kw.read_text()))
        for _ in range(40):  # (every open card of the pool is checked again, each a notification)
            if list(client.diagnostics.get(uri, [])) == []:
                break
            await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10)
        assert list(client.diagnostics[uri]) == [], client.log_messages[-5:]
    finally:
        kw.unlink()


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_shows_rendered_rules_text_and_keyword_reminder(client: LanguageClient, pool_root: Path) -> None:
    uri = await _open(client, pool_root, "k/kicked_bolt_hover.card", GOOD)
    on_name = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=8)))
    assert on_name is not None and isinstance(on_name.contents, types.MarkupContent)
    assert "Kicker {2}" in on_name.contents.value
    assert "Kicked Bolt deals 2 damage to any target." in on_name.contents.value
    assert "If this spell was kicked, it deals 4 damage to that permanent or player instead." in on_name.contents.value
    on_kw = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=6)))
    assert on_kw is not None and isinstance(on_kw.contents, types.MarkupContent)
    assert "You may pay an additional {cost} as you cast this spell." in on_kw.contents.value
    assert "702.33a" in on_kw.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_definition_points_into_keyword_file(client: LanguageClient, pool_root: Path) -> None:
    uri = await _open(client, pool_root, "k/kicked_bolt_def.card", GOOD)
    loc = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=5)))
    assert isinstance(loc, types.Location)
    assert loc.uri.endswith("/cards/keywords/kicker.kw")
    kw_lines = (pool_root / "cards" / "keywords" / "kicker.kw").read_text(encoding="utf-8").split("\n")
    assert kw_lines[loc.range.start.line].startswith("keyword Kicker(")


def test_keyword_hover_quotes_the_cited_rule(tmp_path: Path) -> None:
    """The hover over a keyword quotes its rule from the Comprehensive Rules file when one is given."""
    from compiler.library import load_library
    from langserver.analysis import keyword_hover

    rules = tmp_path / "rules.txt"
    rules.write_text("\ufeff702.33 Kicker\n      702.33a Kicker is a static ability.\n", encoding="utf-8")
    library, _, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    md = keyword_hover(library.keywords()["kicker"], rules)
    assert md.startswith("**Kicker**(cost: cost) — rule 702.33a")
    assert "> 702.33a Kicker is a static ability." in md
    assert "> " not in keyword_hover(library.keywords()["kicker"], None)


def test_two_word_keywords_are_found_from_either_word() -> None:
    from compiler.library import load_library
    from langserver.analysis import keyword_at, word_at

    library, _, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    kws = library.keywords()
    text = "    first strike, flying\n    kicker {2}"
    assert (k := keyword_at(text, 0, 6, kws)) is not None and k.name == "First strike"
    assert (k := keyword_at(text, 0, 12, kws)) is not None and k.name == "First strike"
    assert (k := keyword_at(text, 0, 20, kws)) is not None and k.name == "Flying"
    assert (k := keyword_at(text, 1, 5, kws)) is not None and k.name == "Kicker"
    assert keyword_at(text, 1, 12, kws) is None  # on "{2}"
    assert word_at(text, 5, 0) == ""


@pytest.mark.asyncio(loop_scope="module")
async def test_scenario_names_unknown_card_with_suggestion(client: LanguageClient, pool_root: Path) -> None:
    """In a scenario, a card name the pool lacks is flagged at its quote, with did-you-mean."""
    text = ('scenario "Bears fight" rule 506.1 {\n'
            '    alice battlefield: "Grizly Bears" as bears\n'
            '    stop turn 1 end\n'
            '    expect bears in battlefield\n'
            '}\n')
    uri = await _open(client, pool_root, "../tests/bears.scn", text)
    (d,) = client.diagnostics[uri]
    assert (d.range.start.line, d.range.start.character) == (1, 23)
    assert "no card named 'Grizly Bears'" in d.message and "'Grizzly Bears'" in d.message


def _apply(text: str, edit: types.TextEdit) -> str:
    lines = text.split("\n")
    r = edit.range
    assert r.start.line == r.end.line
    line = lines[r.start.line]
    lines[r.start.line] = line[:r.start.character] + edit.new_text + line[r.end.character:]
    return "\n".join(lines)


FIXABLE = {
    "subtype": ("""card "Odd Trooper" {
    cost {1}{R}
    type creature - Humann Soldier
    pt 2/1
}
""", "Humann", "Human"),
    "keyword": (BROKEN, "flyng", "flying"),
    "syntax": ("""card "Odd Bolt" {
    cost {R}
    type instant
    spell:
        deall 2 damage to any target.
}
""", "deall", "deal"),
}


@pytest.mark.parametrize("case", sorted(FIXABLE))
@pytest.mark.asyncio(loop_scope="module")
async def test_every_quick_fix_changes_only_the_misspelt_word(client: LanguageClient, pool_root: Path,
                                                               case: str) -> None:
    """Each quick fix offered, applied to the text, replaces the misspelt word and nothing else
    (a subtype's fix once replaced the word `type` at the start of the line)."""
    text, wrong, right = FIXABLE[case]
    uri = await _open(client, pool_root, f"q/quick_{case}.card", text)
    diags = list(client.diagnostics[uri])
    assert diags, case
    fixes = 0
    for d in diags:
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=d.range,
            context=types.CodeActionContext(diagnostics=[d])))
        for a in actions or []:
            assert isinstance(a, types.CodeAction) and a.edit is not None and a.edit.changes is not None
            for edit in a.edit.changes[uri]:
                fixed = _apply(text, edit)
                changed = [(x, y) for x, y in zip(text.split("\n"), fixed.split("\n")) if x != y]
                assert len(changed) == 1, (case, a.title, changed)
                before, after = changed[0]
                assert before.replace(wrong, edit.new_text, 1) == after, (case, a.title, after)
                fixes += 1
    assert fixes >= 1
    assert any(a == right for d in diags for a in re.findall(r"'([^']+)'", d.message.split("did you mean")[-1]))
