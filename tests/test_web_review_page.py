"""The hand review in the page's pure parts (web/ginweb: intents, dispatch, session, savefmt
version 3, stats version 3, charts): opening a review only of a finished hand, stepping through
it, "Play on from here" as a practice hand that leaves your match untouched, the coach's reviews
kept with the match and counted once, and the stored forms read back (older versions migrated,
bad entries dropped so the coach works them out again)."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gin_core import Action, Match, Rules
from gin_core.analysis.coach import HandReview, Mistake, MistakeKind, Verdict, review
from gin_core.analysis.replay import hand_moves, position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb import charts, savefmt, stats
from ginweb import intents as i
from ginweb.dispatch import Dispatcher
from ginweb.session import Session, new_game
from ginweb.settings import Settings
from test_web_dispatch import KEY, Vault

# Deal 000-2N25, dealer 1 (as in test_web_review.py): you break your run at move 3, knock at move 11.
CODE = "000-2N25"
MOVES = (
    "0:pass; 1:pass; 0:draw_stock; 0:discard TC; 1:draw_pile; 1:discard KS; 0:draw_stock; "
    "0:discard KD; 1:draw_stock; 1:discard 9H; 0:draw_stock; 0:knock JC 5C-5H-5S 7C-8C-9C QC-QH-QS"
)


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Callable[..., Any]:
        return lambda *args: self.calls.append((name, args))

    def later(self, fn: Callable[[], None]) -> None:
        fn()

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [a for n, a in self.calls if n == name]


def played() -> Match:
    """Hand 1 over (you knocked), hand 2 dealt and live."""
    m = Match(Rules(), dealer=1, first_deal=CODE)
    for item in MOVES.split("; "):
        player, action = item.split(":", 1)
        m.apply(Action.parse(action), int(player))
    m.apply(Action.parse("next_hand"))
    return m


def table() -> tuple[Dispatcher, Session, Recorder, Vault]:
    vault = Vault()
    s = Session(Settings(), vault, new_game(played(), "beginner", "u1", vault.now()), False)
    r = Recorder()
    return Dispatcher(s, r, r, r, r, r), s, r, vault


def shown(s: Session) -> tuple[int, int] | None:
    """The review open (read through a call, so each assertion reads it anew)."""
    return s.reviewing


@pytest.fixture(scope="module")
def coached() -> HandReview:
    return review(played(), 1)


# ----- opening and stepping ---------------------------------------------------------------------


def test_only_a_finished_hand_opens_and_the_open_review_is_saved() -> None:
    d, s, r, v = table()
    assert not d(i.OpenReview(2)), "hand 2 is live"
    assert shown(s) is None and r.named("notice")
    assert d(i.OpenReview(1))
    assert shown(s) == (1, 0) and r.named("work")
    assert savefmt.loads(v.data["match"], KEY).reviewing == (1, 0)


def test_stepping_first_previous_next_last_and_to_a_move() -> None:
    d, s, _r, v = table()
    d(i.OpenReview(1))
    last = len(hand_moves(s.match, 1))
    steps = []
    for it in (i.ReviewGo("next"), i.ReviewGo("next"), i.ReviewGo("last"), i.ReviewGo("next"),
               i.ReviewGo("prev"), i.ReviewGo("first"), i.ReviewGo("prev"), i.ReviewStep(5)):  # fmt: skip
        d(it)
        now = shown(s)
        assert now is not None
        steps.append(now[1])
    assert steps == [1, 2, last, last, last - 1, 0, 0, 5]
    assert savefmt.loads(v.data["match"], KEY).reviewing == (1, 5)
    model = s.review_model()
    assert model is not None and model.step == 5 and model.title == "Hand 1 review"


def test_closing_forgets_the_open_review() -> None:
    d, s, r, v = table()
    d(i.OpenReview(1, 4))
    d(i.CloseReview())
    assert shown(s) is None and r.named("close") == [("dlg-review",)]
    assert savefmt.loads(v.data["match"], KEY).reviewing is None
    assert not d(i.ReviewGo("next"))


def test_the_review_shows_the_computers_reason_only_for_its_moves() -> None:
    d, s, _r, _v = table()
    s.game.log.append(savefmt.LogLine(6, 1, "Computer discards K\u2660", "K\u2660 fits nothing"))
    d(i.OpenReview(1, 5))
    model = s.review_model()
    assert model is not None and model.reason is not None and model.reason.text == "K\u2660 fits nothing"
    d(i.ReviewStep(3))
    model = s.review_model()
    assert model is not None and model.reason is None


# ----- play on from here ------------------------------------------------------------------------


def test_play_on_is_a_practice_hand_from_your_decision_and_the_match_comes_back_as_it_was() -> None:
    d, s, _r, v = table()
    d(i.OpenReview(1, 3))
    own = v.data["match"]
    counted = copy.deepcopy(v.stats)
    history = list(s.match.history)
    assert d(i.PlayOn())
    assert s.practicing and shown(s) is None
    assert s.match.history == position(played(), 1, 3).history
    assert len(s.view().hand) == 11 and s.ui.drawn is not None, "you drew: the card drawn is marked"
    assert s.game.level == "beginner"
    s.play(Action.parse("discard TC"))
    s.flush()
    assert v.data["match"] == own and v.stats == counted, "a practice hand never counts"
    d(i.EndPractice())
    assert s.own_game is s.game and s.match.history == history, "not practising any more"
    assert shown(s) == (1, 3), "back to the review where it was"
    assert v.stats == counted


def test_play_on_only_from_your_decisions() -> None:
    d, s, _r, _v = table()
    d(i.OpenReview(1, 1))  # the computer's pass
    assert not d(i.PlayOn()) and not s.practicing
    d(i.ReviewGo("last"))  # after the last move: nothing to play on from
    assert not d(i.PlayOn()) and not s.practicing


def test_no_review_over_a_practice_hand() -> None:
    d, s, _r, _v = table()
    d(i.Replay(CODE, 1))
    assert s.practicing and not s.reviewable(1)
    assert not d(i.OpenReview(1))


# ----- the coach's reviews kept and counted -----------------------------------------------------


def test_the_coach_is_due_on_finished_hands_and_its_review_is_kept_saved_and_counted_once(
    coached: HandReview,
) -> None:
    d, s, _r, v = table()
    assert s.coach_due() == [1]
    assert s.keep_review("u1", coached)
    assert s.coach_due() == []
    back = savefmt.loads(v.data["match"], KEY)
    assert back.reviews == {1: coached}
    assert v.stats["coach"]["hands"] == 1
    assert v.stats["coach"]["given_tenths"] == round(coached.given_away * 10)
    s.keep_review("u1", coached)
    s.flush()
    s.count_stats()
    assert v.stats["coach"]["hands"] == 1, "counted once"
    assert not s.keep_review("another-match", coached)
    d(i.OpenReview(1, 3))
    model = s.review_model()
    assert model is not None and [m.index for m in model.moves if m.mistake] == [
        x.move_index for x in coached.mistakes
    ]


# ----- stored forms -----------------------------------------------------------------------------


def fake_review(hand: int, deal: str) -> HandReview:
    bad = Mistake(MistakeKind.BROKE_MELD, (), (), 20, 5)
    return HandReview(
        hand, deal, (Verdict(3, Action.parse("discard TC"), Action.parse("discard KD"), -3.0, 4.5, bad),)
    )


def saved_data(reviews: dict[int, HandReview], reviewing: tuple[int, int] | None) -> dict[str, Any]:
    g = new_game(played(), "beginner", "u1", "")
    g.reviews, g.reviewing = reviews, reviewing
    data: dict[str, Any] = json.loads(g.dumps(KEY))
    return data


def test_version_3_round_trip_and_version_2_migrates_without_reviews() -> None:
    data = saved_data({1: fake_review(1, CODE)}, (1, 4))
    assert data["version"] == savefmt.VERSION == 3
    back = savefmt.from_data(data, KEY)
    assert back.reviews == {1: fake_review(1, CODE)} and back.reviewing == (1, 4)
    old = dict(data, version=2)
    back = savefmt.from_data(old, KEY)
    assert back.reviews == {} and back.reviewing is None
    assert json.loads(back.dumps(KEY))["version"] == 3


@pytest.mark.parametrize(
    "reviews, reviewing",
    [
        ({"1": {"hand": 1, "deal": CODE, "verdicts": "nonsense"}}, [1, 2]),
        ({"1": {"hand": 2, "deal": CODE, "verdicts": []}}, [9, 0]),  # another hand's, a hand not played
        ({"1": {"hand": 1, "deal": "000-0000", "verdicts": []}}, [1, -1]),  # another deal's
        ({"2": {"hand": 2, "deal": CODE, "verdicts": []}}, "1,2"),  # hand 2 is not over
        ([1, 2], [1]),
    ],
)
def test_bad_stored_reviews_are_dropped_so_the_coach_works_them_out_again(
    reviews: Any, reviewing: Any
) -> None:
    data = saved_data({}, None) | {"reviews": reviews, "reviewing": reviewing}
    back = savefmt.from_data(data, KEY)
    assert back.reviews == {}
    assert back.reviewing is None or back.reviewing == (1, 2)


def test_stats_version_2_migrates_to_an_empty_coach_and_bad_coach_fields_reset() -> None:
    data, bad = stats.validate({"format": stats.FORMAT, "version": 2, "hands": {"played": 3}})
    assert data["version"] == 3 and data["coach"] == stats.empty()["coach"] and not bad
    raw = stats.empty()
    kinds = {"broke_meld": 2, "nonsense": 1, "other": "x"}
    matches = {"m1": {"hands": [1, 2], "given_tenths": 40}, "m2": {"hands": "x"}}
    raw["coach"] = {"hands": -1, "given_tenths": 40, "kinds": kinds, "matches": matches}
    data, bad = stats.validate(raw)
    assert bad == ["coach.hands"]
    assert data["coach"]["given_tenths"] == 40 and data["coach"]["kinds"] == {"broke_meld": 2}
    assert data["coach"]["matches"] == {"m1": {"hands": [1, 2], "given_tenths": 40}}
    data, bad = stats.validate(raw | {"coach": [1]})
    assert bad == ["coach"] and data["coach"] == stats.empty()["coach"]


def test_coach_statistics_rows_and_chart() -> None:
    data = stats.empty()
    assert stats.coach_rows(data) == [("Coach", "no hand reviewed yet")]
    assert stats.count_review(data, "m1", fake_review(1, CODE))
    assert not stats.count_review(data, "m1", fake_review(1, CODE))
    assert stats.count_review(data, "m1", HandReview(2, CODE, ()))
    assert stats.count_review(data, "m2", fake_review(1, CODE))
    rows = dict(stats.coach_rows(data))
    assert rows["Hands reviewed by the coach"] == "3"
    assert rows["Points given away per hand"] == "5.0"  # 7.5 + 0 + 7.5 over 3 hands
    assert rows["Mistakes made most often"] == "broke up a meld (2)"
    assert stats.given_away_by_match(data) == [3.8, 7.5]
    chart = charts.given_away(stats.given_away_by_match(data))
    assert chart.svg.count("<rect") >= 2 and chart.table.rows == (("1", "3.8"), ("2", "7.5"))
    assert "latest 7.5" in chart.summary
    assert "No hand reviewed yet" in charts.given_away([]).svg


def test_review_controls_are_intents() -> None:
    assert i.from_control("review", {"hand": "2"}) == i.OpenReview(2)
    assert i.from_control("review-step", {"step": "7"}) == i.ReviewStep(7)
    assert i.from_control("review-prev", {}) == i.ReviewGo("prev")
    assert i.from_control("review-close", {}) == i.CloseReview()
    assert i.from_control("review-play-on", {}) == i.PlayOn()
