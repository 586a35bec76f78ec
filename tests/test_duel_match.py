"""A match between two devices (gin_core.duel.match): both devices score the hands they verified
by the host's rules (target, bonuses, next dealer) and agree at every step; the friend's device
refuses a deal that does not follow; the match's end, its totals and its stored text."""

from __future__ import annotations

import json
import random

import pytest

from gin_core import Rules, preset
from gin_core.bots import make_bot
from gin_core.duel import DuelMatch, DuelMatchError, DuelRecordError, DuelStage, load_duel_match
from gin_core.results import Outcome, match_result, next_dealer
from tests.test_duel import Duel


def play_hand(matches: tuple[DuelMatch, DuelMatch], seed: int) -> None:
    """The next hand of both matches, dealt and played by two peers to a verified end, each
    player the simple bot on its own device's view: its hands mostly end with a winner, so the
    deal passes by the rules (random players mostly reached the wall, and a match to 40 took
    a dozen hands with the dealer seldom changing)."""
    duel = Duel(seed, matches[0].dealer, matches[0].rules)
    bots = (make_bot("simple", seed), make_bot("simple", seed + 1000))
    duel.choose = lambda peer: bots[peer.me].decide(peer.view()).action
    duel.peers = [m.hand() for m in matches]
    duel.wire.clear()
    dealer = duel.peers[matches[0].dealer]
    duel.wire.extend((dealer.me, t) for t in _finish(dealer.start()))
    duel.play_out()
    for m, peer in zip(matches, duel.peers, strict=True):
        m.finish(peer)


def _finish(work):
    while True:
        try:
            next(work)
        except StopIteration as end:
            return end.value


@pytest.mark.parametrize("name", ["classic", "winner_deals"])
def test_two_devices_play_a_match_to_its_end_and_agree_at_every_step(name):
    rules = preset(name).replace(target=40)
    matches = (DuelMatch(rules, 0), DuelMatch(rules, 1))
    seed = 0
    while not matches[0].over:
        host = matches[0]
        matches[1].check_deal(host.number + 1, rules, host.dealer, host.scores)
        dealer_before, seed = host.dealer, seed + 1
        play_hand(matches, seed)
        last = host.outcomes[-1]
        assert last.dealer == dealer_before and host.dealer == next_dealer(rules, dealer_before, last)
        assert [m.scores for m in matches] == [host.scores] * 2 and matches[1].over == host.over
        assert seed < 40, "the match did not end"
    assert matches[0].result == matches[1].result and max(matches[0].scores) >= 40
    totals = matches[0].result
    assert totals is not None and totals.game_bonus[totals.winner] == rules.game_bonus
    with pytest.raises(DuelMatchError, match="the match is over"):
        matches[0].hand()


def test_a_deal_that_does_not_follow_the_match_is_refused():
    rules = preset("classic")
    friend = DuelMatch(rules, 1, (Outcome(1, 0, (23, 0), 0, False),))
    friend.check_deal(2, rules, 1, (23, 0))  # alternate dealers: seat 1 deals hand 2
    for number, dealt_by, scores, other in (
        (3, 1, (23, 0), rules),
        (2, 0, (23, 0), rules),
        (2, 1, (0, 23), rules),
        (2, 1, (23, 0), rules.replace(target=500)),
    ):
        with pytest.raises(DuelMatchError, match="hand 2 follows, dealt by seat 1 at 23-0"):
            friend.check_deal(number, other, dealt_by, scores)


def test_only_the_next_hand_verified_is_kept():
    rules = Rules()
    match = DuelMatch(rules, 0)
    duel = Duel(4)
    assert duel.peers[0].stage is not DuelStage.DONE
    with pytest.raises(DuelMatchError, match="only hand 1 of this match, verified"):
        match.finish(duel.peers[0])
    duel.play_out()
    match.finish(duel.peers[0])
    with pytest.raises(DuelMatchError, match="only hand 2"):
        match.finish(duel.peers[0])


def test_the_totals_are_the_engines_for_the_same_hands():
    """A duel match scores as a Match does: tally of its outcomes == match_result of records."""
    from gin_core import Match

    m = Match(preset("classic").replace(target=30), seed=3)
    rng = random.Random(3)
    while not m.result:
        m.apply(rng.choice(m.legal_actions()))
    duel = DuelMatch(m.rules, 0, tuple(r.outcome for r in m.records))
    assert duel.over and duel.result == match_result(m.rules, m.records)


def test_a_match_reads_back_from_its_text_and_a_damaged_one_is_refused():
    rules = preset("classic")
    match = DuelMatch(rules, 1, (Outcome(1, 0, (23, 0), 0, False), Outcome(2, 0, (0, 0), None, True)))
    again = load_duel_match(match.dumps())
    assert (again.rules, again.me, again.outcomes) == (rules, 1, match.outcomes)
    good = json.loads(match.dumps())
    for bad in (
        "not json",
        json.dumps({**good, "me": 2}),
        json.dumps({**good, "hands": [[0, 0, 23, 0]]}),
        json.dumps({**good, "hands": [[True, 0, 23, 0, False]]}),
        json.dumps({**good, "hands": [[0, 0, -1, 0, False]]}),
        json.dumps({**good, "extra": 1}),
    ):
        with pytest.raises(DuelRecordError, match="a stored match is"):
            load_duel_match(bad)
