"""Cards, their notation, melds and the best arrangement on hand-picked hands."""

import pytest

from gin_core import (
    CARDS,
    Card,
    CardError,
    Meld,
    MeldError,
    best_arrangement,
    best_discard,
    deadwood,
    format_cards,
    optimal_arrangements,
    parse_cards,
    sort_cards,
)


def test_notation_round_trips_for_every_card():
    for card in CARDS:
        assert Card.parse(str(card)) == card
    assert len(set(CARDS)) == 52


@pytest.mark.parametrize("text,expected", [("AS", "AS"), ("TD", "TD"), ("10d", "TD"), ("kh", "KH")])
def test_parse_accepts_common_spellings(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "ZZ", "A", "10", "ASS"])
def test_parse_rejects_non_cards(text):
    with pytest.raises(CardError):
        Card.parse(text)


def test_values_and_names():
    assert [c.value for c in parse_cards("AS 2S 9S TS JS QS KS")] == [1, 2, 9, 10, 10, 10, 10]
    assert Card.parse("QS").name == "queen of spades"
    assert Card.parse("7H").name == "7 of hearts"
    assert Card.parse("TD").symbol == "10\u2666"


def test_cards_are_immutable_and_ordered_by_rank_then_suit():
    card = Card.parse("7H")
    with pytest.raises(AttributeError):
        card.rank = 8
    assert format_cards(sort_cards(parse_cards("7H 7C AS KD"))) == "AS 7C 7H KD"
    assert format_cards(sort_cards(parse_cards("7H 7C AS KD"), by="suit")) == "7C KD 7H AS"


@pytest.mark.parametrize("text", ["7C 7D 7H", "7C 7D 7H 7S", "AS 2S 3S", "9H TH JH QH KH"])
def test_legal_melds(text):
    meld = Meld.parse(text)
    assert Meld.parse(str(meld)) == meld


@pytest.mark.parametrize("text", ["QS KS AS", "KS AS 2S", "7C 7D", "7C 7D 8D", "AS 2S 4S", "2H 3H 4S"])
def test_illegal_melds_name_the_rule(text):
    with pytest.raises(MeldError, match="3-4 cards of one rank"):
        Meld.parse(text)


def test_deadwood_example_from_the_classic_text():
    # "8,8,8 - 5,6,7 diamonds - 4,4,2,ace": 11 points of deadwood.
    hand = parse_cards("8C 8D 8H 5D 6D 7D 4C 4S 2H AS")
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_value == 11
    assert sorted(str(m) for m in arrangement.melds) == ["5D-6D-7D", "8C-8D-8H"]


def test_card_shared_by_a_set_and_a_run_goes_where_it_saves_most():
    # 7S can complete 7C 7D 7S or 5S 6S 7S; using it in the run and keeping 7C 7D as deadwood
    # (14) is worse than the set with 5S 6S as deadwood (11).
    hand = parse_cards("7C 7D 7S 5S 6S")
    assert deadwood(hand) == 11
    assert [str(m) for m in best_arrangement(hand).melds] == ["7C-7D-7S"]


def test_four_of_a_kind_split_to_free_a_run_card():
    hand = parse_cards("7C 7D 7H 7S 8S 9S")
    assert deadwood(hand) == 0
    assert [str(m) for m in best_arrangement(hand).melds] == ["7C-7D-7H", "7S-8S-9S"]


def test_alternatives_are_listed_and_the_best_comes_first():
    hand = parse_cards("AS 2S 3S 4S 5S 6S 9D")
    options = optimal_arrangements(hand)
    assert options[0] == best_arrangement(hand)
    assert [str(o) for o in options] == ["[AS-2S-3S-4S-5S-6S] 9D", "[AS-2S-3S] [4S-5S-6S] 9D"]
    hand = parse_cards("AS 2S 3S 4C 4D 4S")
    assert [str(o) for o in optimal_arrangements(hand)] == ["[AS-2S-3S] [4C-4D-4S]"]


def test_ties_are_deterministic_and_prefer_fewer_melds():
    hand = parse_cards("AS 2S 3S 4S 5S 6S")
    assert str(best_arrangement(hand)) == "[AS-2S-3S-4S-5S-6S]"
    assert len(optimal_arrangements(hand)) == 2


def test_empty_and_small_hands():
    assert deadwood([]) == 0
    assert deadwood(parse_cards("KS")) == 10
    assert str(best_arrangement(parse_cards("KS QS"))) == "QS KS"


def test_best_discard_of_eleven_cards():
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KC 2D")
    card, arrangement = best_discard(hand)
    assert card == Card.parse("KC")
    assert arrangement.deadwood_value == 2


def test_best_discard_respects_the_forbidden_card():
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KC 2D")
    card, arrangement = best_discard(hand, forbidden=Card.parse("KC"))
    assert card == Card.parse("2D")
    assert arrangement.deadwood_value == 10


def test_duplicate_cards_are_rejected():
    with pytest.raises(ValueError, match="same card twice"):
        deadwood(parse_cards("AS AS 2S"))


def test_import_time_tables_match_their_definitions() -> None:
    """SUIT_VALUE and RUNS_IN_SUIT are built by fast recurrences at import: check every suit mask
    against the plain definitions (value = sum of min(rank, 10); runs by start, then length)."""
    from gin_core.cards import SUIT_VALUE
    from gin_core.melds import RUNS_IN_SUIT

    for m in range(1 << 13):
        ranks = [r for r in range(13) if m >> r & 1]
        assert SUIT_VALUE[m] == sum(min(r + 1, 10) for r in ranks)
        runs = [
            sum(1 << r for r in range(start, end))
            for start in range(13)
            for end in range(start + 3, 14)
            if all(m >> r & 1 for r in range(start, end))
        ]
        assert RUNS_IN_SUIT[m] == tuple(runs)
