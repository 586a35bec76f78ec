"""Seatings on worked examples from the rule texts (/work/shared/reference/seatings.md): the
three-player rotation, the partnership net and box, Hollywood's three games, and the table's
refusals."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gin_core import Match, make_bot, preset, save_match
from gin_core.errors import ArgumentError, SaveError
from gin_core.hollywood import hollywood_score
from gin_core.refusals import IllegalAction
from gin_core.rules import RulesError
from gin_core.seating import SEATINGS, Scoring, Seating, TableRules, next_table_dealer, pairing, table_preset
from gin_core.table import TableMatch, TablePhase
from gin_core.tablesave import dumps, load_any, loads
from gin_core.tablescore import game_result, side_net

CLASSIC = preset("classic")


def test_the_side_ahead_on_the_net_of_both_games_wins_the_difference():
    """Bicycle "Partnership Rummy": "if one member wins by 12 and the other loses by 10, that
    side wins the hand by 2"; rummytalk: a dead game leaves only the other counted."""
    assert side_net([(12, 0), (0, 10)]) == (2, 0)
    assert side_net([(0, 12), (10, 0)]) == (0, 2)
    assert side_net([(0, 0), (0, 31)]) == (0, 31)
    assert side_net([(10, 0), (0, 10)]) == (0, 0)


def test_partners_switch_opponents_every_hand_and_the_deal_passes_round():
    """Partners opposite (seats 0 and 2 against 1 and 3), "opponents switch each hand"."""
    table = table_preset("partners")
    hands = [pairing(table, dealer, n) for n, dealer in enumerate((0, 1, 2, 3))]
    assert hands[0] == ((0, 1), (2, 3)) and hands[1] == ((0, 3), (2, 1))
    assert hands[2] == hands[0] and hands[3] == hands[1]
    assert [next_table_dealer(table, d, None) for d in range(4)] == [1, 2, 3, 0]


def test_three_players_the_winner_meets_the_previous_dealer_and_the_loser_deals():
    """ginrummy.com: "the lowest card deals to the other two and does not play; the winner of a
    hand plays the next hand against the previous dealer; the loser deals the next hand"."""
    table = table_preset("three")
    assert pairing(table, 0, 0) == ((1, 2),)
    dealer = next_table_dealer(table, 0, 2)  # seat 2 beat seat 1: seat 1 deals
    assert dealer == 1
    assert set(pairing(table, dealer, 1)[0]) == {2, 0}  # the winner against the previous dealer
    assert next_table_dealer(table, 1, None) == 1  # a dead hand: the same dealer deals again


def test_three_players_clockwise_rotation_follows_the_seed_text():
    """Seed 000: "you can have the third person be the dealer. This would then rotate to the
    next player after each hand"."""
    table = table_preset("three").replace(rotation="clockwise")
    assert [next_table_dealer(table, d, w) for d, w in ((0, 1), (1, None), (2, 0))] == [1, 2, 0]


def test_a_game_scores_the_game_bonus_the_box_and_the_shutout_per_party():
    """Partnership gin (rummy-games.com): game to 125, game bonus 100, shutout 100, box per
    side (25 a hand in the classic rules)."""
    rules = table_preset("partners").rules
    r = game_result(rules, (130, 40), (4, 2))
    assert r.totals == (130 + 100 + 100, 40 + 50) and r.winner == 0 and not r.shutout
    s = game_result(rules, (126, 0), (3, 0))
    assert s.shutout and s.shutout_bonus == (100, 0) and s.totals == (126 + 100 + 75 + 100, 0)
    three = game_result(CLASSIC, (20, 105, 0), (1, 3, 0))
    assert three.totals == (45, 105 + 100 + 75, 0) and three.winner == 1


def test_hollywood_enters_the_first_win_in_game_1_the_second_in_1_and_2_then_all_three():
    """rummy-games.com "Hollywood gin": a player's first win is entered in game 1, the second
    in games 1 and 2, later wins in all three."""
    score = hollywood_score(CLASSIC, 150, [(0, 20), (0, 30), (1, 10), (0, 5), (1, 7)])
    assert [g.points for g in score.games] == [(55, 17), (35, 7), (5, 0)]
    assert [g.hands_won for g in score.games] == [(3, 2), (2, 1), (1, 0)]
    assert not score.over and score.totals == (0, 0)


def test_hollywood_a_shut_out_players_next_score_starts_in_the_next_game_in_progress():
    """everything2: each game ends at its target; a shut-out player's next score starts in the
    next game in progress (here game 2), not the finished game 1."""
    score = hollywood_score(CLASSIC, 50, [(0, 30), (0, 30), (1, 10)])
    first = score.games[0].result
    assert first is not None and first.shutout and first.totals == (60 + 100 + 50 + 100, 0)
    assert [g.points for g in score.games[1:]] == [(30, 10), (0, 0)]
    assert score.totals == first.totals


def test_hollywood_ends_when_the_three_games_are_over():
    score = hollywood_score(CLASSIC, 30, [(0, 30), (1, 40), (1, 40), (0, 31)])
    assert score.over
    assert [g.result.winner for g in score.games if g.result] == [0, 1, 1]
    late = hollywood_score(CLASSIC, 30, [(0, 30), (1, 40), (1, 40), (0, 31), (0, 99)])
    assert late == score  # a hand after the end enters nothing


def test_table_rules_round_trip_and_refuse_bad_options():
    for name in ("hollywood", "three", "partners"):
        rules = table_preset(name)
        assert TableRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError):
        TableRules(Seating.THREE, CLASSIC, 0)
    with pytest.raises(RulesError):
        table_preset("three").replace(rotation="backwards")
    with pytest.raises(RulesError):
        table_preset("five")


def test_a_seat_sitting_out_is_refused_and_nothing_changes():
    table = TableMatch(table_preset("three"), seed=7, dealer=0)
    view = table.view(0)
    assert view.play is None and view.legal_actions == ()
    before = dumps(table)
    with pytest.raises(IllegalAction):
        table.apply(0, "pass")
    with pytest.raises(ArgumentError):
        table.apply(3, "pass")
    assert dumps(table) == before and table.phase == TablePhase.PLAY


def test_a_save_with_an_edited_action_or_state_is_refused():
    table = TableMatch(table_preset("partners"), seed=3, dealer=1)
    mover = table.to_move[0]
    table.apply(mover, table.legal_actions(mover)[0])
    text = dumps(table)
    assert dumps(loads(text)) == text and isinstance(load_any(text), TableMatch)
    with pytest.raises(SaveError):
        loads(text.replace('"dealer":1', '"dealer":2', 1))
    with pytest.raises(SaveError):
        loads(text.replace('"version":2', '"version":9'))


@pytest.mark.parametrize(
    ("where", "field", "value"),
    [
        ("table", "target", 151),
        ("table", "rotation", "clockwise"),
        ("rules", "gin_bonus", 26),
        ("rules", "game_bonus", 101),
        ("rules", "undercut_bonus", 26),
        ("rules", "knock_limit", 9),
    ],
)
def test_a_save_with_an_edited_set_up_is_refused(where: str, field: str, value: object) -> None:
    """Issue 43 item 11: these edits loaded silently as a different table (a match save has had
    a digest of its set-up since version 2)."""
    table = TableMatch(table_preset("three"), seed=3, dealer=1)
    mover = table.to_move[0]
    table.apply(mover, table.legal_actions(mover)[0])
    data = json.loads(dumps(table))
    part = data["table"] if where == "table" else data["table"]["rules"]
    assert field in part and part[field] != value
    part[field] = value
    with pytest.raises(SaveError, match="does not match"):
        loads(json.dumps(data))


def test_a_version_1_table_save_still_loads() -> None:
    """Tables stored before the set-up digest (browsers keep them) load as they were."""
    table = TableMatch(table_preset("partners"), seed=3, dealer=1)
    mover = table.to_move[0]
    table.apply(mover, table.legal_actions(mover)[0])
    data = json.loads(dumps(table))
    del data["state"]["setup"]
    data["version"] = 1
    assert dumps(loads(json.dumps(data))) == dumps(table)


def test_load_any_reads_a_two_player_save_as_before():
    match = Match(CLASSIC, seed=11, dealer=0)
    match.apply("pass")
    loaded = load_any(save_match(match))
    assert isinstance(loaded, Match) and save_match(loaded) == save_match(match)


def test_every_seating_is_one_definition_the_table_reads():
    """Seatings as data (issue 42): seats, parties, pairings and scoring are one definition per
    seating; every pairing seats two parties against each other and every preset is its own."""
    for seating, definition in SEATINGS.items():
        rules = definition.preset()
        assert rules.seating == seating and rules.seats == definition.seats
        table = TableMatch(rules, seed=5, dealer=0)
        view = table.view(0)
        assert view.parties == definition.parties and len(view.scores) == definition.party_count
        for pair in table.pairing:
            assert definition.parties[pair[0]] != definition.parties[pair[1]]


def test_a_definition_that_cannot_seat_a_table_is_refused():
    good = SEATINGS[Seating.PARTNERS]
    with pytest.raises(RulesError):
        replace(good, parties=(0, 1, 0))  # a seat without a party
    with pytest.raises(RulesError):
        replace(good, pairings=(((0, 2), (1, 3)),))  # partners playing each other
    with pytest.raises(RulesError):
        replace(good, pairings=(((0, 1), (1, 3)),))  # a seat in two games
    with pytest.raises(RulesError):
        replace(SEATINGS[Seating.THREE], scoring=Scoring.HOLLYWOOD)  # Hollywood is two parties


def test_hollywood_at_a_partners_table_enters_each_sides_net_in_three_games():
    """The seating added as data (issue 42): partners' hands (two games, the side ahead on the
    net wins the difference) scored as Hollywood's three games between the two sides."""
    rules = table_preset("hollywood_partners").replace(target=40)
    table = TableMatch(rules, seed=12, dealer=0)
    bots = [make_bot("beginner", s) for s in range(4)]
    while table.result is None:
        if table.phase == TablePhase.HAND_OVER:
            table.apply(0, "next_hand")
            continue
        seat = table.to_move[0]
        table.apply(seat, bots[seat].decide(table.view(seat).play).action)
    view = table.view(2)
    assert view.parties == (0, 1, 0, 1) and len(view.scores) == 2 and len(table.result.games) == 3
    for h in table.hands:
        assert len(h.games) == 2 and h.points == side_net([g.record.points for g in h.games])
    wins = [(h.winner, max(h.points)) for h in table.hands]
    assert view.hollywood == hollywood_score(rules.rules, 40, wins) and view.hollywood.over
    assert table.result.totals == view.scores == view.hollywood.totals


def test_every_finished_hand_is_kept_as_played():
    """A table's earlier hands can be gone over move by move: their games as they were played."""
    table = TableMatch(table_preset("three").replace(target=300), seed=4, dealer=0)
    bots = [make_bot("beginner", s) for s in range(3)]
    ends: list[list[str]] = []
    while len(table.hands) < 3:
        if table.phase == TablePhase.HAND_OVER:
            ends.append([save_match(m) for m in table.games])
            table.apply(0, "next_hand")
            continue
        seat = table.to_move[0]
        table.apply(seat, bots[seat].decide(table.view(seat).play).action)
    ends.append([save_match(m) for m in table.games])
    for number in (1, 2, 3):
        assert [save_match(m) for m in table.played(number)] == ends[number - 1]
    with pytest.raises(ArgumentError):
        table.played(4)
