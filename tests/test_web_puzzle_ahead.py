"""Issue 41's budget: a puzzle of your mistake shows its verdict at once. Each mistake the review
flags is valued ahead in the background (``PuzzlesFeature.jobs``: your flagged decisions queued
after a hand is judged, then your newest mistake not valued yet) and its values kept with it in
the puzzles record (version 4, ``puzzles/valued.py``'s form). Opening it then needs no job: the
verdict is there on answering, the very one ``think_seen``'s verdicts give. Older records load
(their mistakes unvalued); damaged or stale values are dropped, the mistake kept."""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Action, PlayerView, Rules, analysis
from gin_core.analysis import Grade, Judged, ranked
from gin_core.bots.base import finish
from gin_core.puzzles.position import Position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ginweb.kit.background import Jobs
from ginweb.puzzles import judged, record, valued
from ginweb.puzzles.feature import PuzzlesFeature
from ginweb.puzzles.intents import AnswerPuzzle, OpenPuzzle
from ginweb.puzzles.play import NAME, judged_key
from ginweb.puzzles.valued import MAX_FIGURE
from ginweb.review.feature import seen_at
from ginweb.words.verdicts import Figures, choice, figure_words
from test_web_puzzle_judged import light_positions, played_match, review_seed
from test_web_puzzles_model import Keep


class Anything:
    """Stands in for the dialog's writer and the table: every call is recorded."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kw: self.calls.append(name)

    def __call__(self, intent: Any) -> bool:
        self.calls.append(type(intent).__name__)
        return True


class Review:
    """The review's side of ``Decisions``: your flagged decisions, after ``hands`` judged."""

    def __init__(self, flagged: list[tuple[PlayerView, int]]) -> None:
        self.found = flagged
        self.hands = 0

    def flagged(self) -> list[tuple[PlayerView, int]]:
        return self.found

    def decision_view(self) -> PlayerView | None:
        return None

    def judged_hands(self) -> tuple[str, int]:
        return "match-1", self.hands


@cache
def mistake() -> tuple[PlayerView, int]:
    """The reported case (default rules, seed 55): move 11, an inaccuracy, with its review's seed."""
    m = played_match(Rules(), 55, 1)
    [view] = seen_at(m, [(1, 11)])
    return view, review_seed(m, 1, 11)


@cache
def analysis_verdicts() -> tuple[Judged, ...]:
    """``think_seen``'s verdicts on every move of that decision, ranked (the review's own)."""
    view, seed = mistake()
    position = Position.of(view)
    return ranked(finish(analysis.think_seen(position.view(), len(position.moves), seed)))


def plugged(keep: Keep, review: Review) -> tuple[PuzzlesFeature, Anything, Jobs]:
    feature = PuzzlesFeature(keep, Anything(), review)  # type: ignore[arg-type]
    table = Anything()
    feature.attach(table)  # type: ignore[arg-type]
    return feature, table, Jobs()


def run_idle(feature: PuzzlesFeature, jobs: Jobs) -> list[str]:
    """What the page's background does while the table is idle: the feature's jobs queued and
    run to the end, queued again whenever one is done (the table's work()); their keys."""
    known = lambda key: key in jobs.finished or any(j.key == key for j in jobs.queue)  # noqa: E731
    ran: list[str] = []
    while True:
        for key, work, done in feature.jobs(known):
            jobs.add(key, work, done)
        if not jobs.queue:
            return ran
        while jobs.queue:
            head = jobs.queue[0].key
            jobs.step()
            if head in jobs.finished and head not in ran:
                ran.append(head)


@cache
def valued_ahead() -> tuple[Keep, list[str]]:
    """A hand judged with one flagged decision: the background queues it and values it."""
    keep = Keep()
    review = Review([mistake()])
    feature, _, jobs = plugged(keep, review)
    assert run_idle(feature, jobs) == [], "nothing before the coach judged a hand"
    review.hands = 1
    return keep, run_idle(feature, jobs)


def test_the_background_keeps_think_seen_s_values_with_the_mistake() -> None:
    keep, ran = valued_ahead()
    view, seed = mistake()
    code = Position.of(view).code
    assert ran == ["puzzles:flagged:match-1:1", judged_key(code, seed)]
    stored = json.loads(keep.stored[NAME])
    assert stored["version"] == record.VERSION == 4
    [kept] = stored["mistakes"]
    assert (kept["code"], kept["seed"]) == (code, seed)
    assert kept["values"] == valued.to_data(valued.of(analysis_verdicts()))
    assert valued.from_data(kept["values"]) == valued.of(analysis_verdicts())
    assert len(json.dumps(kept["values"])) < 700, "small: the moves, grades and figures shown"


def test_a_valued_mistake_opens_with_its_verdict_at_once_and_needs_no_job() -> None:
    """Opened in a later visit (the values read back from storage), answered with the move the
    review prefers and with the move played: each verdict is there at once, word for word the one
    the analysis's verdicts give, and no job is offered for it."""
    keep, _ = valued_ahead()
    position = Position.of(mistake()[0])
    moves = analysis_verdicts()
    for move, verdict in ((moves[0].verdict.played, "right"), (Action.parse("discard 9S"), "wrong")):
        again = Keep()
        again.stored = dict(keep.stored)
        feature, _, _ = plugged(again, Review([]))
        feature.open_puzzle(OpenPuzzle("mistake"))
        shown = feature.puzzles.shown
        assert shown is not None and shown.ranked == valued.of(moves)
        offered = feature.jobs(lambda key: False)
        for _, work, _ in offered:
            work.close()
        assert [key for key, _, _ in offered if key.startswith("judged:")] == [], "no job values it"
        assert feature.answer(AnswerPuzzle(str(move)))
        found = feature.puzzles.answered()
        assert found is not None, "the verdict at once"
        assert found == judged.answer(position, valued.of(moves), move, found.progress, True)
        assert found.verdict == verdict
        assert json.loads(again.stored[NAME])["answered"] == 1, "the answer counted at once"


def test_values_round_trip_through_the_record() -> None:
    view, seed = mistake()
    code = Position.of(view).code
    data = record.empty()
    assert record.add_mistake(data, code, seed)
    kept = valued.to_data(valued.of(analysis_verdicts()))
    assert record.keep_values(data, code, seed, kept)
    assert not record.keep_values(data, code, seed + 1, kept), "another seed's values are not its own"
    again, reset = record.validate(json.loads(json.dumps(data)))
    assert reset == [] and again == data and record.values_of(again, code) == kept
    # a miss keeps them with the mistake that comes back
    assert record.answer_mistake(again, code, False, datetime.date(2026, 11, 26))
    assert record.values_of(again, code) == kept


@pytest.mark.parametrize("version", [1, 2, 3])
def test_an_older_record_loads_with_its_mistakes_unvalued(version: int) -> None:
    view, seed = mistake()
    code = Position.of(view).code
    mistake_kept: dict[str, Any] = {"code": code, "after": 0, "day": None}
    if version >= 3:
        mistake_kept["seed"] = seed
    old = {**record.empty(), "version": version, "mistakes": [mistake_kept]}
    keep = Keep()
    keep.stored[NAME] = json.dumps(old)
    feature, _, _ = plugged(keep, Review([]))
    data = feature.puzzles.data
    assert keep.notices == [] and data["mistakes"] == [mistake_kept]
    assert record.values_of(data, code) is None
    ahead = feature.puzzles.ahead(lambda key: False)
    assert ahead is not None and ahead[0] == judged_key(code, seed if version >= 3 else None)
    ahead[1].close()


DAMAGED: list[Callable[[dict[str, Any]], Any]] = [  # the values' shape or figures: dropped on reading
    lambda v: None,
    lambda v: "values",
    lambda v: {**v, "extra": 1},
    lambda v: {**v, "why": "because"},
    lambda v: {**v, "moves": []},
    lambda v: {**v, "moves": v["moves"] * 20},
    lambda v: {**v, "moves": [[*v["moves"][0][:1], "superb", *v["moves"][0][2:]], *v["moves"][1:]]},
    lambda v: {**v, "moves": [v["moves"][0], [*v["moves"][1][:2], -3.0, v["moves"][1][3]]]},
    lambda v: {**v, "moves": [[*v["moves"][0][:2], 1e300, None]]},
    lambda v: {**v, "moves": [[*v["moves"][0][:3], 101.0]]},
    lambda v: {**v, "moves": [[*v["moves"][0][:2], True, None]]},
    lambda v: {**v, "moves": [v["moves"][0][:3]]},
    lambda v: {**v, "moves": [[7, *v["moves"][0][1:]]]},
]
UNREADABLE: list[Callable[[dict[str, Any]], Any]] = [  # of the right shape, parsed when shown: never shown
    lambda v: {**v, "moves": v["moves"][:-1]},  # another position's (fewer moves)
    lambda v: {**v, "moves": [["discard ZZ", *v["moves"][0][1:]], *v["moves"][1:]]},
    lambda v: {**v, "why": {"kind": "wonders"}},
    lambda v: {**v, "why": {**v["why"], "cards": "ZZ"}},
    lambda v: {**v, "why": {**v["why"], "deadwood": -1}},
    lambda v: {**v, "why": {**v["why"], "meld": "pair"}},
    lambda v: {
        **v,
        "why": {
            "kind": "draws",
            "declined": {"kind": "draws", "declined": {"kind": "draws", "declined": {"kind": "draws"}}},
        },
    },
]


@pytest.mark.parametrize("damage", range(len(DAMAGED)))
def test_damaged_values_are_dropped_and_the_mistake_kept(damage: int) -> None:
    view, seed = mistake()
    code = Position.of(view).code
    good = valued.to_data(valued.of(analysis_verdicts()))
    data = record.empty()
    record.add_mistake(data, code, seed)
    record.add_mistake(data, "other-code", 7)
    record.keep_values(data, code, seed, DAMAGED[damage](good))
    record.keep_values(data, "other-code", 7, good)
    again, reset = record.validate(json.loads(json.dumps(data)))
    assert reset == [] and [m["code"] for m in again["mistakes"]] == [code, "other-code"]
    assert record.values_of(again, code) is None and record.values_of(again, "other-code") == good


@pytest.mark.parametrize("damage", range(len(UNREADABLE)))
def test_values_not_of_the_position_or_unreadable_are_not_shown_and_the_mistake_is_valued_again(
    damage: int,
) -> None:
    """Values kept that do not parse, or are another position's, are never shown: the mistake is
    valued on screen as one not valued yet (and its new values kept)."""
    view, seed = mistake()
    code = Position.of(view).code
    values = valued.to_data(valued.of(analysis_verdicts()))
    keep = Keep()
    data = record.empty()
    record.add_mistake(data, code, seed)
    record.keep_values(data, code, seed, UNREADABLE[damage](values))
    keep.stored[NAME] = json.dumps(data)
    feature, _, _ = plugged(keep, Review([]))
    assert record.values_of(feature.puzzles.data, code) == UNREADABLE[damage](values)
    feature.open_puzzle(OpenPuzzle("mistake"))
    shown = feature.puzzles.shown
    assert shown is not None and shown.ranked is None
    job = feature.puzzles.work()
    assert job is not None and job[0] == judged_key(code, seed)
    job[1].close()
    feature.valued(job[0], analysis_verdicts())
    assert record.values_of(json.loads(keep.stored[NAME]), code) == values


@given(
    st.booleans(),
    st.floats(-MAX_FIGURE, MAX_FIGURE),
    st.none() | st.floats(0, 100),
    st.sampled_from(list(Grade)),
)
def test_figures_rounded_to_the_tenth_say_the_same_words(
    own: bool, points: float, percent: Any, grade: Grade
) -> None:
    """The values kept are rounded as shown: the words of the rounded figures are those of the
    figures as measured (a loss is never below nothing)."""
    points = points if own else abs(points)
    rounded = Figures(own, round(points, 1), None if percent is None else round(percent, 1), grade)
    assert figure_words(rounded) == figure_words(Figures(own, points, percent, grade))


def test_every_move_s_words_are_the_same_kept_or_worked_out() -> None:
    """On many positions (a light judge), every answer's verdict from the values read back from
    storage is the one from ``think_seen``'s verdicts, and each row says the hint's figures."""
    for position, moves in light_positions():
        kept = valued.from_data(json.loads(json.dumps(valued.to_data(valued.of(moves)))))
        assert kept == valued.of(moves) and kept.fits(position)
        for j in moves:
            played = j.verdict.played
            shown = judged.answer(position, kept, played, "", True)
            assert shown == judged.answer(position, valued.of(moves), played, "", True)
            assert [r.value for r in shown.rows] == [choice(m, moves[0])[0] for m in moves]


def test_valuing_ahead_gives_way_to_a_mistake_on_screen_waiting_for_its_values() -> None:
    """Your newest mistake's job stops (to come back later) once an older one, not valued yet,
    is on screen: the player waits for that one only."""
    codes = [position.code for position, _ in light_positions()[:2]]
    keep = Keep()
    data = record.empty()
    for code in codes:
        record.add_mistake(data, code, 5)
    keep.stored[NAME] = json.dumps(data)
    feature, _, jobs = plugged(keep, Review([]))
    known = lambda key: key in jobs.finished or any(j.key == key for j in jobs.queue)  # noqa: E731
    [(key, work, done)] = feature.jobs(known)
    assert key == judged_key(codes[1], 5), "the newest first"
    jobs.add(key, work, done)
    assert jobs.step() and jobs.queue[0].key == key  # under way
    feature.open_puzzle(OpenPuzzle("mistake"))  # the oldest due: codes[0]
    for key, work, done in feature.jobs(known):
        jobs.add(key, work, done)
    assert [j.key for j in jobs.queue] == [judged_key(codes[1], 5), judged_key(codes[0], 5), "puzzles:set"]
    jobs.step()
    assert jobs.queue[0].key == judged_key(codes[0], 5) and not jobs.finished, "it gave way, unreported"
    for j in jobs.queue:
        j.work.close()
