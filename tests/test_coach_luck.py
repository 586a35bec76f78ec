"""Grades, accuracy, skill bands (gin_core.analysis.rating) and luck (gin_core.analysis.luck):
the grades follow the verdicts, accuracy falls with the loss, and every hand's result is its luck
minus its losses."""

from __future__ import annotations

import json

import pytest

from gin_core import Action, ArgumentError, Match, Rules, make_bot
from gin_core.analysis import (
    CoachDataError,
    Grade,
    HandLuck,
    HandReview,
    LuckKind,
    MatchLuck,
    Mistake,
    MistakeKind,
    Rating,
    SkillBand,
    Verdict,
    grade,
    hand_luck,
    match_luck,
    move_accuracy,
    rating,
)
from gin_core.analysis.coach import review
from gin_core.analysis.rating import BANDS, BLUNDER_POINTS, INACCURACY_POINTS, band_of
from gin_core.analysis.replay import position
from gin_core.tools.hands import played_match
from tests.test_coach import HAND_A, HAND_B, played


@pytest.fixture(scope="module")
def hands() -> list[tuple[Match, HandReview]]:
    matches = [played(HAND_A), played(HAND_B), played_match(3, "beginner"), played_match(4, "standard")]
    return [(m, review(m, 1)) for m in matches]


def test_result_is_luck_minus_losses(hands: list[tuple[Match, HandReview]]) -> None:
    """Exactly for the signed measured losses; within the noise (the losses' standard errors,
    and what a verdict clips to 0) for the verdicts' losses."""
    for m, r in hands:
        luck = hand_luck(m, 1, r)
        signed = sum(v.best_value - v.played_value for v in r.verdicts)
        assert luck.result == pytest.approx(luck.total - signed, abs=0.01 * (len(luck.items) + 1))
        clipped = sum(v.loss for v in r.verdicts)
        # what a verdict clips: a gain, one error, and the lead the other continuations take off
        noise = sum(
            max(0.0, v.played_value - v.best_value) + v.error + max(0.0, v.measured_loss - v.error) - v.loss
            for v in r.verdicts
        )
        assert abs(luck.result - (luck.total - clipped)) <= noise + 0.01 * (len(luck.items) + 1)
        assert luck.adjusted == pytest.approx(-clipped, abs=0.01)  # the verdicts' losses: the review's
        assert luck.luck == pytest.approx(luck.result - luck.adjusted)
        record = m.records[0]
        assert luck.result == record.points[0] - record.points[1]


def test_luck_pieces_are_where_the_cards_came(hands: list[tuple[Match, HandReview]]) -> None:
    for m, r in hands:
        luck = hand_luck(m, 1, r)
        kinds = [i.kind for i in luck.items]
        assert kinds[0] == LuckKind.DEAL and kinds[-1] == LuckKind.SHOWDOWN
        assert len(luck.items) == len(r.verdicts) + 1
        for item in luck.items:
            assert (item.card is not None) == (item.kind == LuckKind.STOCK)
            if item.kind == LuckKind.STOCK:
                player, action = m.history[item.move_index]
                assert player == 0 and action == Action.parse("draw_stock")
                assert item.card in position(m, 1, item.move_index + 1).hand.hands[0]


def test_a_stock_draw_s_luck_is_the_card_against_the_mean(hands: list[tuple[Match, HandReview]]) -> None:
    """The value after seeing the card minus what drawing from the stock was worth (for a
    draw the player chose: a forced one is luck of the turn before)."""
    m, r = hands[2]
    luck = hand_luck(m, 1, r)
    later = {v.move_index: v for v in r.verdicts}
    chosen = [i for i in luck.items if i.kind == LuckKind.STOCK and i.move_index in later]
    assert chosen
    for item in chosen:
        if item.kind == LuckKind.STOCK:
            drew = later[item.move_index]
            after = min(v for v in later if v > item.move_index)
            assert item.points == pytest.approx(later[after].best_value - drew.played_value, abs=0.011)


def test_luck_round_trips_and_is_checked(hands: list[tuple[Match, HandReview]]) -> None:
    m, r = hands[0]
    luck = hand_luck(m, 1, r)
    assert HandLuck.from_data(json.loads(json.dumps(luck.to_data()))) == luck
    for bad in (
        {},
        {"hand": 1, "deal": "x", "result": 1.5, "items": []},
        None,
        {**luck.to_data(), "items": [{}]},
    ):
        with pytest.raises(CoachDataError):
            HandLuck.from_data(bad)
    with pytest.raises(ArgumentError):
        hand_luck(hands[1][0], 1, r)  # another hand's review


def verdict(loss: float, error: float = 0.0, flagged: bool = False, same: bool = False) -> Verdict:
    best = Action.parse("discard 9C" if same else "discard KD")
    mistake = Mistake(MistakeKind.OTHER) if flagged else None
    return Verdict(0, Action.parse("discard 9C"), best, -loss, 0.0, mistake, error)


def test_grades_follow_the_loss_and_the_noise() -> None:
    assert grade(verdict(0.0, same=True)) == Grade.BEST
    assert grade(verdict(INACCURACY_POINTS)) == Grade.GOOD
    assert grade(verdict(INACCURACY_POINTS + 1)) == Grade.INACCURACY
    assert grade(verdict(INACCURACY_POINTS + 1, error=1.0)) == Grade.GOOD  # within the noise
    assert grade(verdict(6.0, flagged=True)) == Grade.MISTAKE
    assert grade(verdict(BLUNDER_POINTS + 1, flagged=True)) == Grade.BLUNDER


def test_accuracy_falls_with_the_loss_and_bands_are_ordered() -> None:
    assert move_accuracy(0.0) == 100.0
    points = [move_accuracy(x) for x in (0.5, 1, 2, 5, 10, 20, 100)]
    assert points == sorted(points, reverse=True) and points[-1] == 0.0
    limits = [most for most, _ in BANDS]
    assert limits == sorted(limits)
    order = list(SkillBand)
    assert [order.index(band) for _, band in BANDS] == sorted(
        (order.index(b) for _, b in BANDS), reverse=True
    )
    assert band_of(0.0) == BANDS[0][1] and band_of(limits[-1] + 1) == SkillBand.NOVICE


def test_ratings_add_up_and_round_trip(hands: list[tuple[Match, HandReview]]) -> None:
    reviews = [r for _, r in hands]
    whole = rating(reviews)
    assert whole.decisions == sum(len(r.verdicts) for r in reviews)
    losses = [v.loss for r in reviews for v in r.verdicts]
    assert whole.average_loss == pytest.approx(sum(losses) / len(losses), abs=0.005)
    assert 0 <= whole.accuracy <= 100 and whole.band == band_of(whole.average_loss)
    assert Rating.from_data(json.loads(json.dumps(whole.to_data()))) == whole
    assert rating([]) == Rating(0, 100.0, 0.0, None)
    with pytest.raises(CoachDataError):
        Rating.from_data({"decisions": -1, "accuracy": 1.0, "average_loss": 0.0, "band": None})


def test_a_match_s_luck_adds_up_its_reviewed_hands() -> None:
    """The per-match luck-adjusted result: the hands' results and luck added, with the cards
    taken out; a hand not yet reviewed is not counted, and a review must be of a finished hand."""
    m = Match(Rules(), seed=11, dealer=0)
    bots = (make_bot("beginner", 11), make_bot("standard", 12))
    while len(m.records) < 2:
        p = m.to_move
        if p is None:
            m.apply("next_hand")
            continue
        m.apply(bots[p].decide(m.view(p)).action, p)
    reviews = {n: review(m, n) for n in (1, 2)}
    whole = match_luck(m, reviews)
    hands = [hand_luck(m, n, r) for n, r in reviews.items()]
    assert whole.hands == 2
    assert whole.result == sum(h.result for h in hands) == sum(r.points[0] - r.points[1] for r in m.records)
    assert whole.luck == pytest.approx(sum(h.luck for h in hands), abs=0.01)
    assert whole.adjusted == pytest.approx(whole.result - whole.luck, abs=0.01)
    assert match_luck(m, {2: reviews[2]}).result == hands[1].result
    assert match_luck(m, {}) == MatchLuck(0, 0, 0.0, 0.0)
    with pytest.raises(ArgumentError):
        match_luck(m, {3: reviews[2]})


def test_the_coach_judges_either_seat(hands: list[tuple[Match, HandReview]]) -> None:
    """Two people on one device: each seat's decisions judged from its own view, with its
    luck, and the seat kept with the stored review (old reviews are seat 0's)."""
    m, _ = hands[3]
    theirs = review(m, 1, player=1)
    seats = {i for i, (p, _a) in enumerate(m.history) if p == 1}
    assert theirs.player == 1 and theirs.verdicts and {v.move_index for v in theirs.verdicts} <= seats
    luck = hand_luck(m, 1, theirs)
    record = m.records[0]
    assert luck.result == record.points[1] - record.points[0]
    signed = sum(v.best_value - v.played_value for v in theirs.verdicts)
    assert luck.result == pytest.approx(luck.total - signed, abs=0.01 * (len(luck.items) + 1))
    assert HandReview.from_data(json.loads(json.dumps(theirs.to_data()))) == theirs
    old = hands[0][1].to_data()
    del old["player"]
    assert HandReview.from_data(old) == hands[0][1]
    with pytest.raises(CoachDataError):
        HandReview.from_data(theirs.to_data() | {"player": 2})
    with pytest.raises(ArgumentError):
        review(m, 1, player=2)
