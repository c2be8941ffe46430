"""Deck lists (``cardsmith/decks.py``): this project's format, MTGO, Arena and Forge, each read to
the same cards; names matched against a pool with suggestions; sizes bounded; and ``cardsmith
play`` taking any of them."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.decks import MAX_CARDS, MAX_DECK_BYTES, Deck, DeckError, parse_deck, read_deck, resolve

POOL = ["Lightning Bolt", "Mountain", "Duress", "Grizzly Bears", "Fire"]

FORMATS = {
    "cardsmith": "# burn\n4 Lightning Bolt\n20 Mountain  # lands\n",
    "mtgo": "// Burn, MTGO .dec\n4 Lightning Bolt\n20 Mountain\nSB: 2 Duress\n",
    "arena": "About\nName Burn\n\nDeck\n4 Lightning Bolt (M10) 146\n20 Mountain (ZNR) 381\n\nSideboard\n2 Duress (M19) 94\n",
    "forge": "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|M10\n20 Mountain|ZNR|1\n[Sideboard]\n2 Duress|M19\n",
}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_reads_to_the_same_main_deck(fmt: str) -> None:
    deck = parse_deck(FORMATS[fmt], f"burn.{fmt}")
    assert deck.format == fmt
    assert deck.main == ("Lightning Bolt",) * 4 + ("Mountain",) * 20
    assert deck.sideboard == (() if fmt == "cardsmith" else ("Duress", "Duress"))
    assert deck.name == ("Burn" if fmt in ("arena", "forge") else "")


def test_4x_counts_and_spacing_are_read() -> None:
    assert parse_deck("4x  Grizzly   Bears\n").main == ("Grizzly Bears",) * 4


def test_names_are_spelt_as_the_pool_spells_them() -> None:
    deck = resolve(parse_deck("2 lightning bolt\n1 Fire // Ice\n"), POOL, "d")
    assert deck.main == ("Lightning Bolt", "Lightning Bolt", "Fire")


def test_every_unknown_name_is_listed_with_the_nearest_pool_name() -> None:
    with pytest.raises(DeckError) as e:
        resolve(parse_deck("4 Lightnig Bolt\n2 Black Lotus\n20 Mountain\n"), POOL, "burn.deck")
    assert e.value.what == "not in the pool: 'Lightnig Bolt' (did you mean 'Lightning Bolt'?), 'Black Lotus'"
    assert e.value.where == "burn.deck"


@pytest.mark.parametrize("text, what, line", [
    ("4 Mountain\nmany Forests\n", "expected 'COUNT Card Name'", 2),
    ("0 Mountain\n", "a count from 1 to 999", 1),
    ("123456789012 Mountain\n", "a count from 1 to 999", 1),
    ("999 Mountain\n999 Mountain\n", f"more than {MAX_CARDS} cards", 2),
])
def test_a_malformed_line_is_reported_at_its_line(text: str, what: str, line: int) -> None:
    with pytest.raises(DeckError) as e:
        parse_deck(text, "d.deck")
    assert what in e.value.what and e.value.where == f"d.deck:{line}"


def test_a_deck_with_only_a_sideboard_has_no_cards() -> None:
    with pytest.raises(DeckError, match="no cards in its main deck"):
        parse_deck("SB: 2 Duress\n")


def test_an_oversized_file_is_refused_without_being_read(tmp_path: Path) -> None:
    big = tmp_path / "big.deck"
    big.write_text("4 Mountain\n" * (MAX_DECK_BYTES // 10))
    with pytest.raises(DeckError, match="a deck list is at most"):
        read_deck(big)


def test_a_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    f = tmp_path / "bom.txt"
    f.write_bytes("\ufeffDeck\n4 Mountain (ZNR) 1\n".encode("utf-8"))
    assert read_deck(f) == Deck(("Mountain",) * 4, (), "arena", "")


def test_play_takes_an_arena_and_an_mtgo_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main

    arena = tmp_path / "a.txt"
    arena.write_text("Deck\n20 Mountain (ZNR) 381\n4 Lightning Bolt (M10) 146\n")
    mtgo = tmp_path / "b.dec"
    mtgo.write_text("20 Forest\n4 Grizzly Bears\nSB: 1 Lightning Bolt\n")
    assert main(["play", "--deck", str(arena), "--deck", str(mtgo), "--turns", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Lightning Bolt" in out or "Mountain" in out
    assert "-- seed 1:" in out


def test_play_names_a_misspelt_card_with_a_suggestion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main

    deck = tmp_path / "d.deck"
    deck.write_text("20 Mountain\n4 Lightnig Bolt\n")
    assert main(["play", "--deck", str(deck), "--deck", str(deck)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean 'Lightning Bolt'?" in err and str(deck) in err, err
