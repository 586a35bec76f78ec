"""A hand with a friend, once both devices checked it, as the engine's one-hand match
(gin_core.duel.checked), and the deck codes that name its deal (gin_core.dealcode): a deck code
reads back to its order, a deal code still reads as its seed's shuffle, and the checked match
holds the same cards, moves and settlement as the duel, so the coach reviews it as any hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.analysis import hand_moves, think_review
from gin_core.bots.base import finish
from gin_core.cards import CARDS
from gin_core.dealcode import DealCodeError, deck_code, deck_of, encode, is_deck_code, shuffled_deck
from gin_core.duel import DuelHand, DuelStage
from gin_core.duel.checked import checked_match
from gin_core.errors import ArgumentError
from tests.test_duel import Duel


@given(st.permutations(CARDS))
def test_a_deck_code_reads_back_to_its_order(deck):
    code = deck_code(deck)
    assert is_deck_code(code) and len(code) == 47 and deck_of(code) == list(deck)
    assert deck_of(code.lower()) == list(deck), "read as a deal code is: any case"


def test_a_deal_code_still_deals_its_seeds_shuffle_and_a_bad_deck_code_is_refused():
    assert deck_of(encode(12345)) == shuffled_deck(12345)
    assert Match(first_deal=deck_code(shuffled_deck(99)), dealer=0).hand.hands == (
        Match(first_deal=encode(99), dealer=0).hand.hands
    )
    with pytest.raises(DealCodeError, match="beyond the orders of 52 cards"):
        deck_of("D" + "Z" * 46)
    with pytest.raises(DealCodeError, match="an order of the 52 cards"):
        deck_code(list(CARDS[:51]) + [CARDS[0]])
    with pytest.raises(DealCodeError):
        deck_of("D" + "U" * 46)  # U is no character of the codes


def played(seed: int, rules=None, dealer: int = 0, scores: tuple[int, int] = (0, 0)) -> Duel:
    """A hand played by two peers to its checked end (hand 2 of a match at ``scores``)."""
    rules = rules or preset("classic")
    duel = Duel(seed, dealer, rules)
    duel.peers = [DuelHand(rules, me, dealer, 2, scores) for me in (0, 1)]
    duel.wire.clear()
    duel.wire.extend((dealer, t) for t in finish(duel.peers[dealer].start()))
    duel.play_out()
    return duel


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_checked_hand_is_the_same_hand_as_a_match(seed):
    duel = played(seed)
    for peer in duel.peers:
        match = checked_match(peer)
        (record,) = match.records
        assert record.settlement == peer.settlement and is_deck_code(record.deal_code)
        assert [(p, a.kind) for p, a in hand_moves(match, 1)] == [(m.player, m.kind) for m in peer.played]
        assert match.hand.hands == peer.table.hands, "the same cards where they ended"
    assert checked_match(duel.peers[0]).records == checked_match(duel.peers[1]).records


def test_without_an_upcard_the_player_who_started_starts_the_match_too():
    duel = played(4, preset("no_upcard"), dealer=0, scores=(10, 40))  # the dealer is behind: it starts
    assert duel.peers[0].played[0].player == 0
    for peer in duel.peers:
        match = checked_match(peer)
        assert match.records[0].settlement == peer.settlement
        assert hand_moves(match, 1)[0][0] == 0 and sorted(match.hand.hands[0]) == sorted(peer.table.hands[0])


def test_the_coach_reviews_a_checked_hand_from_one_seats_view():
    peer = played(5).peers[1]
    match = checked_match(peer)
    review = finish(think_review(match, 1, player=peer.me))
    assert review.player == peer.me and review.deal_code == match.records[0].deal_code


def test_a_hand_not_checked_yet_is_no_match():
    duel = Duel(6, 0, preset("classic"))
    while not any(p.legal_actions() for p in duel.peers):
        duel.step()
    assert duel.peers[0].stage is not DuelStage.DONE
    with pytest.raises(ArgumentError, match="once both devices have checked it"):
        checked_match(duel.peers[0])
