"""The grammar's lookahead guards (which spare the parser from trying every statement and sentence
alternative at a closing brace) change neither what parses nor what a syntax error says."""
from __future__ import annotations

from dsl.metamodel import parse_text


def test_unclosed_card_lists_statements_not_a_lookahead() -> None:
    model, diags = parse_text('card "X" {\n    cost {R}\n', "x.card")
    assert model is None and len(diags) == 1
    msg = diags[0].message
    assert "Not" not in msg and "'cost'" in msg and "'}'" in msg


def test_sentences_still_all_collected_in_order() -> None:
    model, diags = parse_text('card "X" {\n    cost {R}\n    type instant\n    spell:\n'
                              '        draw a card.\n        deal 2 damage to any target.\n}\n', "x.card")
    assert not diags
    spell = model.items[0].stmts[-1]
    assert [type(e).__name__ for s in spell.sentences for e in s.effects] == ["DrawEffect", "DamageEffect"]


def test_empty_spell_error_still_lists_what_a_sentence_may_start_with() -> None:
    _, diags = parse_text('card "X" {\n    cost {R}\n    type instant\n    spell:\n}\n', "x.card")
    assert diags and "'deal'" in diags[0].message
