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
from gin_core.analysis import hand_luck, move_accuracy
from gin_core.analysis.coach import HandReview, Mistake, MistakeKind, Verdict, review
from gin_core.analysis.replay import hand_moves, position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.kit.background import Jobs
from ginweb.review import model as presenter
from ginweb.review import record
from ginweb.review.feature import ReviewFeature
from ginweb.review.intents import CloseReview, OpenReview, PlayOn, ReviewGo, ReviewStep
from ginweb.storage import savefmt, stats
from ginweb.storage.settings import Settings
from ginweb.table import intents as i
from ginweb.table.dispatch import Dispatcher
from ginweb.table.model import Look, present
from ginweb.table.playstate import new_game
from ginweb.table.port import Plugs
from ginweb.table.session import Session
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


class Table:
    """The table with the review plugged in, its parts recorded (screen, dialogs, turns...)."""

    def __init__(self, game: savefmt.Game | None = None) -> None:
        self.vault = Vault()
        self.r = Recorder()
        self.review = ReviewFeature(self.vault, self.r)  # type: ignore[arg-type]  # a recorder for its ui
        self.vault.stats = stats.empty(self.review.stats_parts())
        game = game or new_game(played(), "beginner", "u1", self.vault.now())
        self.s = Session(Settings(), self.vault, game, False, Plugs([self.review]))
        r = self.r
        self.d = Dispatcher(self.s, r, r, r, r, r, self.s.plugs)


def table() -> tuple[Dispatcher, Session, Recorder, Vault]:
    t = Table()
    return t.d, t.s, t.r, t.vault


def feature(d: Dispatcher) -> ReviewFeature:
    found = d.plugs.features[0]
    assert isinstance(found, ReviewFeature)
    return found


def shown(s: Session) -> tuple[int, int] | None:
    """The review open (read through a call, so each assertion reads it anew)."""
    found = s.plugs.features[0]
    assert isinstance(found, ReviewFeature)
    return found.reviewing


def stored_open(v: Vault) -> Any:
    """The open review as saved with the match."""
    return savefmt.loads(v.data["match"], KEY, ReviewFeature.part_keys).parts.get(record.OPEN)


@pytest.fixture(scope="module")
def coached() -> HandReview:
    return review(played(), 1)


# ----- opening and stepping ---------------------------------------------------------------------


def test_only_a_finished_hand_opens_and_the_open_review_is_saved() -> None:
    d, s, r, v = table()
    assert not d(OpenReview(2)), "hand 2 is live"
    assert shown(s) is None and r.named("notice")
    assert d(OpenReview(1))
    assert shown(s) == (1, 0) and r.named("work")
    assert stored_open(v) == [1, 0]


def test_stepping_first_previous_next_last_and_to_a_move() -> None:
    d, s, _r, v = table()
    d(OpenReview(1))
    last = len(hand_moves(s.match, 1))
    steps = []
    for it in (ReviewGo("next"), ReviewGo("next"), ReviewGo("last"), ReviewGo("next"),
               ReviewGo("prev"), ReviewGo("first"), ReviewGo("prev"), ReviewStep(5)):  # fmt: skip
        d(it)
        now = shown(s)
        assert now is not None
        steps.append(now[1])
    assert steps == [1, 2, last, last, last - 1, 0, 0, 5]
    assert stored_open(v) == [1, 5]
    model = feature(d).model()
    assert model is not None and model.step == 5 and model.title == "Hand 1 review"


def test_closing_forgets_the_open_review() -> None:
    d, s, r, v = table()
    d(OpenReview(1, 4))
    d(CloseReview())
    assert shown(s) is None and r.named("close") == [(), ("dlg-review",)]  # emptied, then closed
    assert stored_open(v) is None
    assert "reviewing" not in json.loads(v.data["match"]), "as a stored match reads back: no null part"
    assert not d(ReviewGo("next"))


def test_the_review_shows_the_computers_reason_only_for_its_moves() -> None:
    d, s, _r, _v = table()
    s.game.log.append(savefmt.LogLine(6, 1, "Computer discards K\u2660", "K\u2660 fits nothing"))
    d(OpenReview(1, 5))
    model = feature(d).model()
    assert model is not None and model.reason is not None and model.reason.text == "K\u2660 fits nothing"
    d(ReviewStep(3))
    model = feature(d).model()
    assert model is not None and model.reason is None


# ----- play on from here ------------------------------------------------------------------------


def test_play_on_is_a_practice_hand_from_your_decision_and_the_match_comes_back_as_it_was() -> None:
    d, s, _r, v = table()
    d(OpenReview(1, 3))
    own = v.data["match"]
    counted = copy.deepcopy(v.stats)
    history = list(s.match.history)
    assert d(PlayOn())
    assert s.reads.practicing and shown(s) is None
    assert s.match.history == position(played(), 1, 3).history
    assert len(s.reads.view().hand) == 11 and s.ui.drawn is not None, "you drew: the card drawn is marked"
    assert s.game.level == "beginner"
    s.play(Action.parse("discard TC"))
    s.kept.flush()
    assert v.data["match"] == own and v.stats == counted, "a practice hand never counts"
    d(i.EndPractice())
    assert s.reads.own_game is s.game and s.match.history == history, "not practising any more"
    assert shown(s) == (1, 3), "back to the review where it was"
    assert v.stats == counted


def test_play_on_only_from_your_decisions() -> None:
    d, s, _r, _v = table()
    d(OpenReview(1, 1))  # the computer's pass
    assert not d(PlayOn()) and not s.reads.practicing
    d(ReviewGo("last"))  # after the last move: nothing to play on from
    assert not d(PlayOn()) and not s.reads.practicing


def test_no_review_over_a_practice_hand() -> None:
    d, s, _r, _v = table()
    d(i.Replay(CODE, 1))
    assert s.reads.practicing and not feature(d).reviewable(1)
    assert not d(OpenReview(1))


# ----- the coach's reviews kept and counted -----------------------------------------------------


def test_the_coach_is_due_on_finished_hands_and_its_review_is_kept_saved_and_counted_once(
    coached: HandReview,
) -> None:
    d, s, _r, v = table()
    f = feature(d)
    assert f.coach_due() == [1]
    theirs_queued = lambda key: key == "coach:u1:theirs:1"  # noqa: E731 - the computer's luck: test_web_review_luck.py
    assert [key for key, _, _ in f.jobs(lambda _: False)] == ["coach:u1:1", "coach:u1:theirs:1"]
    assert f.jobs(lambda key: key.startswith("coach:u1:")) == [], "a job queued or done is not asked again"
    assert f.keep_review("u1", coached)
    assert f.coach_due() == [] and f.jobs(theirs_queued) == []
    back = savefmt.loads(v.data["match"], KEY, ReviewFeature.part_keys)
    assert record.read_reviews(back.parts["reviews"], back.match.records) == ({1: coached}, {})
    assert v.stats["coach"]["hands"] == 1
    assert v.stats["coach"]["given_tenths"] == round(coached.given_away * 10)
    f.keep_review("u1", coached)
    s.kept.flush()
    s.kept.count_stats()
    assert v.stats["coach"]["hands"] == 1, "counted once"
    assert not f.keep_review("another-match", coached)
    d(OpenReview(1, 3))
    model = f.model()
    assert model is not None and [m.index for m in model.moves if m.mistake] == [
        x.move_index for x in coached.mistakes
    ]


# ----- stored forms -----------------------------------------------------------------------------


def test_the_coach_stops_at_its_next_slice_once_the_match_is_left_and_reports_nothing() -> None:
    d, s, _r, _v = table()
    f = feature(d)
    f.ui.timed = lambda hand, work: work  # type: ignore[method-assign] # the browser's timing only
    jobs, reported = Jobs(), []
    for key, work, _done in f.jobs(lambda _: False):
        jobs.add(key, work, reported.append)
    assert [j.key for j in jobs.queue] == ["coach:u1:1", "coach:u1:theirs:1"]
    assert jobs.step()  # a slice of the analysis of your hand 1
    d(i.StartMatch(i.NewMatchForm("hard", "classic", "", "cut")))
    assert s.reads.own_game.uid != "u1"
    assert jobs.step() and not jobs.step(), "each job stops at its next slice"
    assert reported == [] and jobs.finished == set()
    assert jobs.add("coach:u1:1", iter(()), reported.append), "not counted done: asked again if it comes back"


def fake_review(hand: int, deal: str) -> HandReview:
    bad = Mistake(MistakeKind.BROKE_MELD, (), (), 20, 5)
    return HandReview(
        hand, deal, (Verdict(3, Action.parse("discard TC"), Action.parse("discard KD"), -3.0, 4.5, bad),)
    )


def saved_data(reviews: dict[int, HandReview], reviewing: tuple[int, int] | None) -> dict[str, Any]:
    g = new_game(played(), "beginner", "u1", "")
    g.parts = {record.REVIEWS: record.reviews_part((reviews, {})), record.OPEN: reviewing and list(reviewing)}
    data: dict[str, Any] = json.loads(g.dumps(KEY))
    return data


def reloaded(data: dict[str, Any]) -> ReviewFeature:
    """The review feature of a table resumed from the stored ``data``."""
    return Table(savefmt.from_data(data, KEY, ReviewFeature.part_keys)).review


def test_the_stored_part_round_trips_and_version_2_has_none() -> None:
    data = saved_data({1: fake_review(1, CODE)}, (1, 4))
    assert data["version"] == savefmt.VERSION == 3
    f = reloaded(data)
    assert f.reviews == {1: fake_review(1, CODE)} and f.open == (1, 4)
    old = {k: v for k, v in data.items() if k not in ReviewFeature.part_keys} | {"version": 2}
    f = reloaded(old)
    assert f.reviews == {} and f.open is None


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
    f = reloaded(data)
    assert f.reviews == {} and f.coach_due() == [1]
    assert f.open is None or f.open == (1, 2)


def test_stats_version_2_has_an_empty_coach_and_bad_coach_fields_reset() -> None:
    parts = {"coach": record.check_counts}
    data, bad = stats.validate({"format": stats.FORMAT, "version": 2, "hands": {"played": 3}}, parts)
    assert data["version"] == 3 and data["coach"] == record.empty_counts() and not bad
    raw = stats.empty(parts)
    kinds = {"broke_meld": 2, "nonsense": 1, "other": "x"}
    matches = {"m1": {"hands": [1, 2], "given_tenths": 40}, "m2": {"hands": "x"}}
    raw["coach"] = {"hands": -1, "given_tenths": 40, "kinds": kinds, "matches": matches}
    data, bad = stats.validate(raw, parts)
    assert bad == ["coach.hands"]
    assert data["coach"]["given_tenths"] == 40 and data["coach"]["kinds"] == {"broke_meld": 2}
    assert list(data["coach"]["matches"]) == ["m1"]
    assert (
        data["coach"]["matches"]["m1"]["hands"] == [1, 2]
        and data["coach"]["matches"]["m1"]["given_tenths"] == 40
    )
    data, bad = stats.validate(raw | {"coach": [1]}, parts)
    assert bad == ["coach"] and data["coach"] == record.empty_counts()
    assert "coach" not in stats.validate(raw)[0], "without the feature, its part is not kept"


def test_coach_statistics_rows_and_charts() -> None:
    data = stats.empty({"coach": record.check_counts})
    counts = data["coach"]
    assert presenter.coach_rows(counts) == [("Coach", "no hand reviewed yet")]
    assert record.count_review(data, "m1", fake_review(1, CODE), "hard", (4.0, 10))
    assert not record.count_review(data, "m1", fake_review(1, CODE), "hard", (4.0, 10))
    assert record.count_review(data, "m1", HandReview(2, CODE, ()), "hard", (-2.0, -6))
    assert record.count_review(data, "m2", fake_review(1, CODE), "standard", (0.0, 0))
    rows = dict(presenter.coach_rows(counts))
    assert rows["Hands reviewed by the coach"] == "3"
    assert rows[presenter.GIVEN_LABEL] == "5.0"  # 7.5 + 0 + 7.5 over 3 hands
    assert rows["Mistakes made most often"] == "broke up a meld (2)"
    accuracy = move_accuracy(7.5)
    assert rows["Your accuracy (last 2 matches)"].startswith(f"{accuracy:.0f}% \u00b7 ")
    assert rows["Accuracy by the computer's level"] == f"standard {accuracy:.0f}%, hard {accuracy:.0f}%"
    # (10-6)/2 and 0; (4-2)/2 and 0: the luck-adjusted result is the net less the luck, as shown
    assert rows[presenter.NET_LABEL] == "+1.0 = +0.5 luck +0.5 your decisions"
    assert record.given_away_by_match(counts) == [3.8, 7.5]
    chart = presenter.given_chart(counts)
    assert chart.svg.count("<rect") >= 2 and chart.table.rows == (("1", "3.8"), ("2", "7.5"))
    assert "latest 7.5" in chart.summary
    assert "No hand reviewed yet" in presenter.given_chart(record.empty_counts()).svg
    chart = presenter.accuracy_chart(counts)
    assert chart.table.rows == (("1", "hard", f"{accuracy:.0f}%"), ("2", "standard", f"{accuracy:.0f}%"))
    # a line per level, each named in the legend, the standard level's before the hard one's
    assert chart.svg.count("<polyline") == 2 and chart.svg.index(">standard<") < chart.svg.index(">hard<")
    assert 'polyline class="chart-line-1"' in chart.svg and 'polyline class="chart-line-2"' in chart.svg
    assert chart.svg.count('class="chart-point"') == 2
    chart = presenter.skill_chart(counts)
    assert chart.table.rows == (
        ("1", "hard", "+2.0", "+1.0", "+1.0"),
        ("2", "standard", "0.0", "0.0", "0.0"),
    )
    assert chart.svg.count("<rect") == 2 and "latest 0.0 a hand luck-adjusted" in chart.summary
    assert "No hand reviewed yet" in presenter.skill_chart(record.empty_counts()).svg


def test_older_coach_counts_read_with_no_rating_yet() -> None:
    """Matches counted before the rating (hands and points given away only) read as matches
    with no decision judged: they stay in the points given away, not in the accuracy."""
    old = {"hands": 1, "given_tenths": 75, "kinds": {}, "matches": {"m0": {"hands": [1], "given_tenths": 75}}}
    counts, bad = record.check_counts(old)
    assert not bad and counts["matches"]["m0"]["decisions"] == 0 and record.match_play(counts) == []
    assert record.given_away_by_match(counts) == [7.5]
    assert "Your accuracy" not in dict(presenter.coach_rows(counts))


def test_the_coach_counts_your_level_and_the_hand_s_luck(coached: HandReview) -> None:
    d, s, _r, v = table()
    assert feature(d).keep_review("u1", coached)
    m = v.stats["coach"]["matches"]["u1"]
    luck = hand_luck(s.reads.own_game.match, 1, coached)
    assert m["level"] == "beginner" and m["decisions"] == len(coached.verdicts)
    assert m["luck_tenths"] == round(luck.luck * 10) and m["net"] == luck.result


def test_review_controls_keys_and_dialog_are_its_intents() -> None:
    f = Table().review
    assert f.control("review", {"hand": "2"}) == OpenReview(2)
    assert f.control("review-step", {"step": "7"}) == ReviewStep(7)
    assert f.control("review-prev", {}) == ReviewGo("prev")
    assert f.control("review-close", {}) == CloseReview()
    assert f.control("review-play-on", {}) == PlayOn()
    assert f.control("stats", {}) is None and i.from_control("review", {"hand": "2"}) is None
    assert f.dialog_keys["dlg-review"]["ArrowLeft"] == ReviewGo("prev")
    assert f.dialog_keys["dlg-review"]["End"] == ReviewGo("last")
    assert f.dialog_closes == {"dlg-review": CloseReview()}


def test_finished_hands_carry_the_features_buttons() -> None:
    d, s, _r, _v = table()
    buttons = feature(d).hand_buttons()
    assert [b.act for b in buttons] == ["review"]
    look = Look(hand_buttons=buttons)
    model = present(s.reads.view(), s.ui, look)
    assert model.scoreboard.buttons == buttons and [r.number for r in model.scoreboard.rows] == [1]
    assert present(s.reads.view(), s.ui, Look()).scoreboard.buttons == ()
