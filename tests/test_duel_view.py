"""A duel's view (`DuelHand.view`): the engine's PlayerView of what this device's player knows.

Each hand is dealt a chosen deck (a Match's first deal) and played by both peers while a plain
Match plays the same moves: whenever a peer has read every message sent to it, its view is the
Match's view of that player (up to what only a Match has: the cut, the deal code, the next
hand); and at every step the view names no card that peer has not read.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from test_duel import Duel

from gin_core import Action, Match, Rules
from gin_core.cards import Card
from gin_core.dealcode import shuffled_deck
from gin_core.duel import DuelHand, DuelStage
from gin_core.duel.seen import NO_DEAL_CODE
from gin_core.view import PlayerView


def cards_in(view: PlayerView) -> set[Card]:
    """Every card a view names anywhere."""
    cards = set(view.hand) | set(view.pile) | {c for _, c in view.discards} | set(view.opponent_known)
    cards |= {c for side in (*view.pile_takes, *view.declined) for c in side}
    cards |= {c for c in (view.upcard, view.forbidden, view.knock_card) if c is not None}
    cards |= {e.card for e in view.events if e.card is not None}
    cards |= {a.card for a in view.legal_actions if a.card is not None}
    settlement = view.showdown.settlement if view.showdown else None
    if settlement is not None:
        cards |= set(settlement.knocker_arrangement.cards) | set(settlement.defender_arrangement.cards)
    return cards


def as_match_sees(view: PlayerView, match: Match) -> PlayerView:
    """The duel's view with what only a Match has put in (the cut, the deal code, the result,
    the next hand), so the two compare field by field."""
    over = view.phase == "hand_over"
    record = match.records[-1] if over else None
    return dataclasses.replace(
        view,
        phase=match.phase if over else view.phase,
        showdown=record,
        deal_code=match.deal_code if over else None,
        records=tuple(match.records),
        result=match.result,
        events=tuple(match.events),
        legal_actions=tuple(match.legal_actions()) if over else view.legal_actions,
    )


class Mirrored(Duel):
    """A duel whose moves a plain Match plays too (the deck: the Match's first deal)."""

    def __init__(self, seed: int, dealer: int, rules: Rules):
        self.match = Match(rules, seed=seed, dealer=dealer)
        super().__init__(seed, dealer, rules, deck=shuffled_deck(self.match.deal_seed))

    def step(self) -> None:
        if self.wire:
            self.deliver(*self.wire.popleft())
            return
        (peer,) = [p for p in self.peers if p.legal_actions()]
        action = self.choose(peer)
        self.match.apply(action, peer.me)
        self.wire.extend((peer.me, t) for t in peer.play(action))


def check_peer(duel: Mirrored, peer: DuelHand) -> None:
    view = peer.view()
    assert cards_in(view) <= set(peer.known.values())
    if not duel.wire and peer.stage is not DuelStage.REVEAL:  # caught up: as a Match shows it
        assert as_match_sees(view, duel.match) == duel.match.view(peer.me)


@settings(max_examples=max(1, settings.default.max_examples // 20))
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from([0, 1]),
    upcard=st.booleans(),
)
def test_a_duels_view_is_the_matchs_view_of_what_that_player_has_read(seed, dealer, upcard):
    duel = Mirrored(seed, dealer, Rules(first_upcard=upcard))
    while not duel.done():
        duel.step()
        for peer in duel.peers:
            check_peer(duel, peer)
    for peer in duel.peers:
        view = peer.view()
        assert view.showdown is not None and view.showdown.deal_code == NO_DEAL_CODE
        assert view.showdown.settlement == duel.match.records[-1].settlement
        assert view.phase == "hand_over" and view.legal_actions == ()


def test_before_the_deal_is_read_the_view_names_no_card():
    duel = Mirrored(5, 0, Rules())
    for peer in duel.peers:
        view = peer.view()
        assert cards_in(view) == set() and view.legal_actions == ()
        assert view.opponent_hand_size == 10 and view.stock_size == 31


def test_the_view_holds_a_legal_move_only_on_this_players_turn():
    duel = Mirrored(9, 1, Rules())
    while not all(p.stage is DuelStage.PLAY for p in duel.peers) or duel.wire:
        duel.step()
    mover, waiter = sorted(duel.peers, key=lambda p: p.table.turn != p.me)
    assert mover.view().legal_actions and mover.view().my_turn
    assert waiter.view().legal_actions == () and not waiter.view().my_turn
    assert Action.parse("pass") in mover.view().legal_actions or mover.view().phase == "draw"
