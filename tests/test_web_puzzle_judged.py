"""Issue 41, items 2 and 4: a puzzle made from your mistake judges as the hand's review judges.
Its moves are the review's verdicts on every move (``gin_core.analysis.think_seen`` with the
review's seed, stored with the mistake), in the hint's order (``ranked``); your answer is right
only for the move the review prefers, close for another the review grades best or good, wrong
for one it marks costly. It used to rank the moves with the hint's own search, which called
the very move the review graded an inaccuracy "Right: the best move"."""

from __future__ import annotations

import datetime
import json
import random
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

from gin_core import Action, Match, Phase, Rules, analysis, make_bot, preset
from gin_core.analysis import Grade, HandReview, Judged, decision_seed, grade, ranked, same_move
from gin_core.analysis.coach import STANDARD
from gin_core.bots.base import finish
from gin_core.puzzles.position import Position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ginweb.puzzles import judged, model, record, valued
from ginweb.puzzles.play import NAME, Puzzles, code_seed
from ginweb.review.feature import seen_at
from ginweb.words.verdicts import choice
from test_verdict_order import shown_figures
from test_web_puzzles_model import Keep

COSTLY = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


def judged_of(moves: tuple[Judged, ...], played: Action) -> Judged:
    """The analysis's verdict on ``played`` among the moves (a knock by its card)."""
    return next(j for j in moves if same_move(j.verdict.played, played))


def review_seed(m: Match, hand_number: int, move_index: int) -> int:
    """The seed the review drew its guesses with at that move: of your view of the hand alone."""
    return decision_seed(analysis.position(m, hand_number, move_index).view(0), move_index)


def played_match(rules: Rules, seed: int, hands: int, wild: float = 0.0) -> Match:
    """``hands`` hands of the beginner (seat 0, it makes mistakes; a random move on a ``wild``
    share of its decisions, it makes more) against the standard level."""
    m = Match(rules, seed=seed)
    rnd = random.Random(seed)
    bots = [make_bot("beginner", 1), make_bot("standard", 2)]
    while len(m.records) < hands and m.phase != Phase.MATCH_OVER:
        if m.phase == Phase.HAND_OVER:
            m.apply("next_hand")
            continue
        view = m.view(m.to_move)
        wildly = m.to_move == 0 and rnd.random() < wild
        m.apply(rnd.choice(view.legal_actions) if wildly else bots[m.to_move].decide(view).action, m.to_move)
    return m


@cache
def seed_55() -> tuple[Match, HandReview]:
    """The reported case: default rules, seed 55; the review grades move 11 an inaccuracy."""
    m = played_match(Rules(), 55, 1)
    return m, analysis.review(m, 1)


def mistake_puzzle(m: Match, hand: int, move: int, seed: int) -> tuple[Puzzles, tuple[Judged, ...]]:
    """Your mistake at (``hand``, ``move``) queued as the page queues it, shown, and valued; and
    the analysis's verdicts it was valued with, ranked."""
    play = Puzzles(Keep())
    [view] = seen_at(m, [(hand, move)])
    assert play.add_mistakes([(view, seed)]) == 1
    assert play.mistake() is not None
    job = play.work()
    assert job is not None
    found = finish(job[1])
    assert play.solved(job[0], found)
    return play, ranked(found)


def test_seed_55_move_11_the_puzzle_s_best_move_is_the_review_s_coach_prefers() -> None:
    """The review says "Inaccuracy. Coach prefers: Discard 3♠"; the puzzle made of it showed the
    move played, Discard 9♠, as "Right: the best move" (the hint's search ranked it first).
    Now the best move is the review's, the move played is wrong, and its figures are the
    review's own."""
    m, reviewed = seed_55()
    verdict = reviewed.verdict_at(11)
    assert verdict is not None and grade(verdict) == Grade.INACCURACY
    assert (str(verdict.played), str(verdict.best)) == ("discard 9S", "discard 3S")
    play, moves = mistake_puzzle(m, 1, 11, review_seed(m, 1, 11))
    s = play.shown
    assert s is not None and s.ranked == valued.of(moves) and s.seed is not None
    assert same_move(s.ranked.moves[0][0], verdict.best)
    assert play.answer(str(verdict.played))
    found = play.answered()
    assert found is not None and found.verdict == "wrong" and not found.right
    mine = judged_of(moves, verdict.played)
    assert (
        found.headline
        == "Not the best: you chose Discard 9\u2660 ("
        + choice(mine, moves[0])[0]
        + "). The best move is Discard 3\u2660."
    )
    assert found.rows[0].label == "Discard 3\u2660" and found.rows[0].best
    assert mine.verdict == verdict  # the review's own values
    stored = json.loads(play.keep.stored[NAME])
    assert [m["seed"] for m in stored["mistakes"]] == [review_seed(m, 1, 11)]


@cache
def classic_reviews() -> tuple[Match, tuple[HandReview, ...]]:
    m = played_match(preset("classic"), 5, 2, wild=0.3)  # 4 costly moves in hands 1 and 2
    return m, tuple(analysis.review(m, h) for h in range(1, len(m.records) + 1))


def test_every_mistake_puzzle_ranks_the_review_s_verdicts_and_grades_the_move_as_the_review() -> None:
    """On every decision a classic match's review marks costly (hands 1-3: the scores and the
    hand number are in the position, and the review judges the hand alone): the puzzle's verdict
    on the move played is the review's, its first move is the review's "Coach prefers", its
    order is ``ranked`` of its verdicts (its figures never rise down the list), and the move
    played is graded wrong."""
    m, reviews = classic_reviews()
    costly = [(r, v) for r in reviews for v in r.verdicts if grade(v) in COSTLY]
    assert len(costly) >= 3 and {r.hand_number for r, _ in costly} == {1, 2}
    for r, v in costly:
        play, moves = mistake_puzzle(
            m, r.hand_number, v.move_index, review_seed(m, r.hand_number, v.move_index)
        )
        s = play.shown
        assert s is not None and s.ranked == valued.of(moves)
        mine = judged_of(moves, v.played).verdict
        assert mine == replace(v, played=mine.played, best=mine.best)  # a knock's melds aside
        assert same_move(mine.best, v.best) and same_move(s.ranked.moves[0][0], v.best)
        assert judged.grade_of(s.ranked, v.played) == "wrong"
        figures = [shown_figures(row.value) for row in judged.rows(s.position, s.ranked, v.played)[1:]]
        assert figures == sorted(figures, reverse=True)


def test_the_move_index_of_a_position_is_the_review_s() -> None:
    """The puzzle judges move ``len(position.moves)``: the index the review gave the decision."""
    m, reviews = classic_reviews()
    for r in reviews:
        views = seen_at(m, [(r.hand_number, v.move_index) for v in r.verdicts])
        for view, v in zip(views, r.verdicts, strict=True):
            assert len(Position.of(view).moves) == v.move_index


LIGHT = replace(STANDARD, samples=8, total_units=1_200, check_units=900)
"""The grading holds at any strength: a light judge keeps the many positions quick."""


def light_positions() -> list[tuple[Position, tuple[Judged, ...]]]:
    m, reviews = classic_reviews()
    wanted = [(r.hand_number, v.move_index) for r in reviews for v in r.verdicts][::4]
    out = []
    for view in seen_at(m, wanted):
        position = Position.of(view)
        found = finish(analysis.think_seen(position.view(), len(position.moves), 3, LIGHT))
        out.append((position, ranked(found)))
    return out


def test_close_is_said_exactly_when_the_review_grades_a_move_that_is_not_its_best_best_or_good() -> None:
    """Every move of many positions: right only for the first; "close" (and its words, with both
    moves' figures) exactly for another move the review grades best or good; wrong exactly for
    a move it marks costly. A close answer counts as solved; a wrong one does not."""
    closes = 0
    for position, moves in light_positions():
        first = moves[0]
        for j in moves:
            played = j.verdict.played
            shown = judged.answer(position, valued.of(moves), played, "", True)
            accepted = grade(j.verdict) in (Grade.BEST, Grade.GOOD)
            expected = "right" if j is first else "close" if accepted else "wrong"
            assert shown.verdict == expected and shown.right == (expected != "wrong")
            said = shown.headline.startswith("Close: both moves are reasonable.")
            assert said == (expected == "close")
            if said:
                closes += 1
                assert choice(j, first)[0] in shown.headline
                assert choice(first, first)[0] in shown.headline
                assert f"grades yours {grade(j.verdict).value}" in shown.headline
            assert [r.yours for r in shown.rows].count(True) == 1 and shown.rows[0].best
    assert closes >= 1


OLD_RECORD = {**record.empty(), "version": 2}  # as version 2 stored it


def test_an_old_stored_mistake_without_its_review_s_seed_loads_and_plays() -> None:
    """A mistake queued before the seed was kept (version 2): it loads with nothing reset, and
    is judged as the review judges, its guesses seeded from its code, the same every time."""
    m, _ = seed_55()
    [view] = seen_at(m, [(1, 11)])
    code = Position.of(view).code
    keep = Keep()
    keep.stored[NAME] = json.dumps(OLD_RECORD | {"mistakes": [{"code": code, "after": 0, "day": None}]})
    play = Puzzles(keep)
    assert keep.notices == [] and record.seed_of(play.data, code) is None
    s = play.mistake()
    assert s is not None and s.seed is None
    job = play.work()
    assert job is not None and job[0] == f"judged:{code_seed(code)}:{code}"
    assert play.answer("discard 9S") and play.answered() is None  # the values are still worked out
    assert play.solved(job[0], finish(job[1]))
    found = play.answered()
    assert found is not None and found.verdict in ("right", "close", "wrong")
    assert found.legend.startswith("The values are measured as the hand's analysis measures a move")
    assert json.loads(keep.stored[NAME])["version"] == record.VERSION


def test_a_stored_seed_is_checked_and_kept_when_a_miss_comes_back() -> None:
    data = record.empty()
    assert record.add_mistake(data, "code-a", 12345) and record.add_mistake(data, "code-b")
    assert record.validate(json.loads(json.dumps(data)))[1] == []
    assert record.answer_mistake(data, "code-a", False, datetime.date(2026, 11, 26))
    assert record.seed_of(data, "code-a") == 12345 and record.seed_of(data, "code-b") is None
    for bad in (-1, True, "7", 1 << 32, 1.5):
        stored = dict(data) | {"mistakes": [{"code": "c", "after": 0, "day": None, "seed": bad}]}
        assert record.validate(stored)[1] == ["mistakes"], bad
    extra = dict(data) | {"mistakes": [{"code": "c", "after": 0, "day": None, "other": 1}]}
    assert record.validate(extra)[1] == ["mistakes"]


def test_a_shared_position_is_judged_as_the_review_judges_with_a_seed_of_its_code() -> None:
    """A shared position has no review: its moves are judged by the same function, strength and
    order as the hint's (``think_seen``, ``ranked``), its guesses seeded from its code."""
    m, _ = seed_55()
    [view] = seen_at(m, [(1, 11)])
    position = Position.of(view)
    play = Puzzles(Keep())
    shown = play.shared(position.code)
    assert shown.kind == "shared" and shown.seed is None
    job = play.work()
    assert job is not None
    found = finish(job[1])
    assert play.solved(job[0], found)
    assert play.shown is not None and play.shown.ranked == valued.of(
        ranked(finish(analysis.think_seen(position.view(), len(position.moves), code_seed(position.code))))
    )
    assert not play.solved("judged:1:" + position.code, found), "another job's values are not these"


def test_a_close_answer_counts_as_solved_and_a_wrong_one_comes_back() -> None:
    """Storage follows the grade: a mistake answered close drops out (solved), as a right one."""
    for position, moves in light_positions():
        close = [j for j in moves[1:] if grade(j.verdict) in (Grade.BEST, Grade.GOOD)]
        if not close:
            continue
        keep = Keep()
        play = Puzzles(keep)
        record.add_mistake(play.data, position.code, 3)
        play.save()
        s = play.mistake()
        assert s is not None
        play.shown = s.replace(ranked=valued.of(moves))  # the light values stand in for the full ones
        assert play.answer(str(close[0].verdict.played))
        assert json.loads(keep.stored[NAME])["mistakes"] == []
        found = play.answered()
        assert found is not None and found.verdict == "close" and isinstance(found, model.AnswerModel)
        return
    raise AssertionError("no close move among the positions")


def test_a_missed_mistake_back_in_the_same_visit_has_its_values_at_once() -> None:
    """The background runs a key's job once (kit/background.py): a missed mistake shown again in
    the same visit waited for values that never came ("Working out the values..." for good).
    The puzzles keep the values of the last positions valued."""
    m, _ = seed_55()
    play, _ = mistake_puzzle(m, 1, 11, review_seed(m, 1, 11))
    assert play.answer("discard 9S") and play.answered() is not None
    assert play.mistake() is None  # missed: it comes back tomorrow
    play.keep.clock = "2026-11-27T01:00:00Z"
    again = play.mistake()
    assert again is not None and again.valued and play.work() is None
    assert play.answer("discard 3S")
    found = play.answered()
    assert found is not None and found.verdict == "right"
