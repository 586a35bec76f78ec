"""The daily deal in the page's pure parts: the session plays a day's match (one counted
attempt, then practice), records its outcome and the expert's line hand by hand (dailyplay.py),
dispatch opens dailies, results, charts and the share text, the presenter words them
(daily_view.py), and the stored formats keep the day (savefmt v3) and a per-match history
(stats v3), migrating older versions."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gin_core import Action, Match, preset
from gin_core.actions import ActionKind
from gin_core.analysis.duplicate import HandComparison, compute
from gin_core.bots import make_bot
from gin_core.flow import Phase

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import model as daily_view
from ginweb.daily import record as daily
from ginweb.daily.feature import DATE_WORDS, DailyFeature
from ginweb.daily.intents import DuplicateDone, OpenDaily, ShareDaily
from ginweb.daily.play import daily_game, day_of_game
from ginweb.daily.record import Attempt
from ginweb.storage import savefmt, stats
from ginweb.storage.settings import Settings
from ginweb.table import chartview, params
from ginweb.table import intents as i
from ginweb.table.dispatch import Dispatcher
from ginweb.table.playstate import new_game
from ginweb.table.port import Plugs
from ginweb.table.session import Session
from test_web_dispatch import KEY, Recorder, Vault, confirm_ok

DAY = datetime.date(2026, 11, 23)  # Daily #1, and "today" in the Vault's clock


class DailyRecorder(Recorder):
    def base(self) -> str:
        return "https://gin.example/"

    def result_open(self) -> bool:
        return True


def table(
    stored: dict[str, Any] | None = None, vault: Vault | None = None
) -> tuple[Dispatcher, Session, DailyRecorder, Vault]:
    """A table with the daily plugged in (``stored``: the record of dailies in storage)."""
    vault = vault or Vault()
    if stored is not None:
        vault.data["dailies"] = json.dumps(stored)
    prefs = Settings().with_rules(preset("classic"))
    game = new_game(Match(prefs.game_rules(), seed=5), prefs.level, vault.new_uid(), vault.now())
    r = DailyRecorder()
    s = Session(prefs, vault, game, True, Plugs([DailyFeature(vault, r)]))
    return Dispatcher(s, r, r, r, r, r, s.plugs), s, r, vault


def feature(s: Session) -> DailyFeature:
    """The daily plugged into the table of session ``s``."""
    found = s.plugs.features[0]
    assert isinstance(found, DailyFeature)
    return found


def start_daily(s: Session, day: datetime.date, target: int | None = None) -> None:
    """Deal ``day``'s daily on the table (as "Daily deal" does, without the confirmation)."""
    s.plays.replace_match(feature(s).new_daily(day, target))


def play_out(s: Session) -> None:
    """Both seats by bots until the match is over (you: the simple level)."""
    you = make_bot("simple", 1)
    m = s.match
    while m.result is None:
        if m.phase == Phase.HAND_OVER:
            s.play(Action(ActionKind.NEXT_HAND))
        elif m.to_move == 0:
            assert s.play(you.decide(m.view(0)).action) is None
        else:
            s.computer_plays(s.bot.decide(m.view(1)).action, "")
        s.kept.flush()


def run_jobs(s: Session) -> int:
    """Run the expert's replays the session asks for (what turns.py does between frames)."""
    jobs = feature(s).jobs(lambda key: False)
    for _, work, done in jobs:
        while True:
            try:
                next(work)
            except StopIteration as end:
                done(end.value)
                break
    return len(jobs)


def stored_dailies(vault: Vault) -> dict[str, Any]:
    return daily.validate(json.loads(vault.data["dailies"]), DAY)[0]


# ----- the session -----------------------------------------------------------------------------


def test_the_days_first_attempt_counts_and_the_second_is_practice():
    d, s, r, vault = table()
    d(OpenDaily())
    r.run_later()
    assert s.game.parts.get("daily") == DAY.isoformat() and feature(s).attempt == Attempt.COUNTED
    m = s.match
    assert m.seed == daily.match_seed(DAY) and m.rules == preset("classic")
    assert s.game.level == "standard" and s.game.bot_seed == daily.bot_seed(DAY)
    first = s.game.uid
    assert stored_dailies(vault)["days"][DAY.isoformat()]["id"] == first
    d(OpenDaily())  # the same daily on the table, unfinished: nothing is dealt again
    assert s.game.uid == first
    start_daily(s, DAY)
    assert feature(s).attempt == Attempt.PRACTICE and s.game.uid != first
    assert "practice" in (daily_view.bar(feature(s).day(), feature(s).attempt) or "")
    assert stored_dailies(vault)["days"][DAY.isoformat()]["id"] == first


def test_an_unfinished_daily_resumes_as_the_same_attempt():
    d, s, r, vault = table()
    d(OpenDaily())
    r.run_later()
    back = savefmt.loads(vault.data["match"], KEY, DailyFeature.part_keys)
    assert back.parts == {"daily": DAY.isoformat()}
    again = Session(s.settings, vault, back, False, Plugs([DailyFeature(vault, r)]))
    assert feature(again).attempt == Attempt.COUNTED and day_of_game(again.game) == DAY


def test_earlier_days_are_practice_and_bad_dates_are_said():
    d, s, r, _vault = table()
    d(OpenDaily("2026-11-30"))
    d(OpenDaily("yesterday"))
    assert s.game.parts.get("daily") is None
    assert [a[0] for a in r.named("notice")] == [
        dispatch_words(daily.DateProblem.FUTURE),
        dispatch_words(daily.DateProblem.MALFORMED),
    ]


def dispatch_words(problem: daily.DateProblem) -> str:
    return DATE_WORDS[problem]


def test_a_match_in_progress_is_abandoned_only_when_confirmed():
    d, s, r, _vault = table()
    while s.match.to_move != 0:
        s.computer_plays(s.bot.decide(s.match.view(1)).action, "")
    assert s.play(s.reads.view().legal_actions[0]) is None and s.reads.in_progress()
    d(OpenDaily())
    assert s.game.parts.get("daily") is None and r.named("confirm")
    confirm_ok(d, r)
    assert s.game.parts.get("daily") == DAY.isoformat()


def test_a_finished_daily_is_scored_against_the_expert_hand_by_hand_once():
    d, s, r, vault = table()
    feature(s).dailies.level = "standard"  # the expert takes ~2 s a hand: the same work, quicker
    start_daily(s, DAY)  # a whole classic daily (a shortened one would be practice)
    play_out(s)
    result = s.match.result
    assert result is not None
    entry = stored_dailies(vault)["days"][DAY.isoformat()]
    assert entry["result"]["duplicate"] is None  # the expert's line is still to come
    n = run_jobs(s)
    assert n == len(s.match.records)
    assert feature(s).jobs(lambda key: False) == []  # kept: never computed again
    entry = stored_dailies(vault)["days"][DAY.isoformat()]
    line = daily.compared(stored_dailies(vault), DAY, s.game.uid)
    assert len(line) == n and entry["result"]["duplicate"] == sum(h.difference for h in line)
    m = s.match
    at_once = compute(m.rules, m.records, 0, daily.match_seed(DAY), daily.opponent(DAY), "standard")
    assert line == at_once.hands  # hand by hand as they end = the whole line at the end
    d(DuplicateDone())
    model = r.named("result")[-1][0]
    assert model.complete and model.total == daily_view.against(entry["result"]["duplicate"])
    assert (
        model.share.startswith("Gin rummy Daily #1\n")
        and "https://gin.example/?daily=2026-11-23" in model.share
    )
    d(ShareDaily())
    assert r.named("share") == [(model.share,)]
    d(i.ShowMatchResult())  # a daily shows its own result, not the ordinary match dialog
    assert not r.named("match_over")


def test_practice_dailies_queue_no_expert_work_and_share_nothing():
    d, s, r, _vault = table({**daily.empty(), "days": {DAY.isoformat(): {"id": "other", "result": None}}})
    start_daily(s, DAY, target=10)
    assert feature(s).attempt == Attempt.PRACTICE
    play_out(s)
    assert feature(s).jobs(lambda key: False) == []
    d(i.ShowMatchResult())
    model = r.named("result")[-1][0]
    assert model.share is None and "Practice" in model.note


# ----- the presenter --------------------------------------------------------------------------


def test_the_result_shows_each_hand_and_the_expert_as_it_comes_in():
    m = Match(preset("classic").replace(target=10), seed=daily.match_seed(DAY))
    bots = [make_bot("simple", 3), make_bot("standard", 4)]
    while m.result is None:
        if m.phase == Phase.HAND_OVER:
            m.apply(Action(ActionKind.NEXT_HAND))
        else:
            p = m.to_move
            m.apply(bots[p].decide(m.view(p)).action, p)
    nets = [rec.points[0] - rec.points[1] for rec in m.records]
    half = daily_view.result(DAY, Attempt.COUNTED, m.records, m.result, (), "https://x/")
    assert not half.complete and "0 of" in half.total and all(row.expert is None for row in half.rows)
    compared = [
        HandComparison(rec.number, rec.deal_code, nets[k], nets[k] - 12, "knock")
        for k, rec in enumerate(m.records)
    ]
    full = daily_view.result(DAY, Attempt.COUNTED, m.records, m.result, compared, "https://x/")
    assert full.complete and full.total == f"+{12 * len(nets)} against the expert on the same cards"
    assert [row.difference for row in full.rows] == [12] * len(nets)
    assert daily_view.against(-5) == "\u22125 against the expert on the same cards"


def test_daily_statistics_give_streaks_and_history_newest_first():
    record = daily.empty()
    for k, iso in enumerate(("2026-11-23", "2026-11-24")):
        day = datetime.date.fromisoformat(iso)
        daily.begin(record, day, day, f"u{k}")
        daily.finish(record, day, f"u{k}", daily.Outcome(100 + k, 50, (daily.HandMark.WON,), 12))
    view = daily_view.daily_stats(record, datetime.date(2026, 11, 25))
    assert view.streak == "Current streak: 2 days. Best: 2 days."
    assert [row.day for row in view.rows] == ["2026-11-24", "2026-11-23"]
    assert view.rows[0].outcome == "won 101\u201350, +12 against the expert on the same cards"


@pytest.mark.parametrize("name", [*chartview.CHARTS, "dailies"])
def test_every_chart_has_its_table_alternative(name):
    data = stats.empty()
    m = Match(preset("classic"), seed=9)
    _, s, _, _ = table()
    chart = feature(s).chart(name) or chartview.chart(name, data, m.records, 100)
    html = chartview.chart_html(chart)
    assert "<svg" in html and "<table" in html and "<details" in html
    with pytest.raises(ValueError):
        chartview.chart("nope", data, (), None)
    assert feature(s).chart("nope") is None


# ----- stored formats and links -----------------------------------------------------------------


def test_the_saved_game_keeps_its_day_and_older_versions_load_without_one():
    g = daily_game(DAY, "u1", "2026-11-23T00:00:00Z")
    text = g.dumps(KEY)
    parts = DailyFeature.part_keys
    assert json.loads(text)["version"] == 3 and savefmt.loads(text, KEY, parts).parts == {
        "daily": "2026-11-23"
    }
    for version in (2, 3):
        data = json.loads(text) | {"version": version}
        if version == 2:
            del data["daily"]
        back = savefmt.loads(json.dumps(data), KEY, parts)
        assert day_of_game(back) == (None if version == 2 else DAY)
    assert savefmt.loads(text, KEY).parts == {}  # a part no feature reads is not kept
    bad = json.loads(text) | {"daily": "<b>"}
    assert day_of_game(savefmt.loads(json.dumps(bad), KEY, parts)) is None


def test_stats_keep_a_short_history_and_version_2_migrates_with_an_empty_one():
    data = stats.empty()
    m = Match(preset("classic").replace(target=10), seed=11)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    while m.result is None:
        if m.phase == Phase.HAND_OVER:
            m.apply(Action(ActionKind.NEXT_HAND))
        else:
            p = m.to_move
            m.apply(bots[p].decide(m.view(p)).action, p)
    for rec in m.records:
        stats.count_hand(data, "a", rec)
    stats.count_match(data, "a", m.result, "standard", m.rules, "2026-11-23")
    stats.count_match(data, "a", m.result, "standard", m.rules, "2026-11-23")  # counted once
    assert stats.hand_nets(data) == [rec.points[0] - rec.points[1] for rec in m.records]
    assert stats.won_history(data) == [m.result.winner == 0]
    back, bad = stats.validate(json.loads(json.dumps(data)))
    assert not bad and back["history"] == data["history"]
    v2 = json.loads(json.dumps(data)) | {"version": 2}
    del v2["history"]
    old, bad = stats.validate(v2)
    assert not bad and old["history"] == {"matches": [], "hands": []} and old["version"] == stats.VERSION
    broken = json.loads(json.dumps(data))
    broken["history"]["matches"].append(["x", 1, 2])
    assert stats.validate(broken)[1] == ["history.matches"]


def test_the_record_keeps_the_expert_line_and_drops_a_bad_one():
    record = daily.empty()
    daily.begin(record, DAY, DAY, "u")
    assert daily.add_compared(record, DAY, "u", HandComparison(1, "ABC-DEFG", 5, -3, "gin"))
    assert not daily.add_compared(record, DAY, "u", HandComparison(1, "ABC-DEFG", 5, -3, "gin"))
    assert not daily.add_compared(record, DAY, "other", HandComparison(2, "ABC-DEFG", 5, -3, "gin"))
    back, bad = daily.validate(json.loads(json.dumps(record)), DAY)
    assert not bad and daily.compared(back, DAY, "u")[0].difference == 8
    record["days"][DAY.isoformat()]["line"] = [["x"]]
    assert "line" not in daily.validate(record, DAY)[0]["days"][DAY.isoformat()]


def test_daily_links_and_the_test_target():
    _, s, _, _ = table()
    f = feature(s)

    def link(query: str) -> tuple[savefmt.Game | None, list[str]]:
        return f.link_match(params.parse(query, f.refuses_start, f.link_names), None)

    game, said = link("?daily=2026-11-23&target=10&fast=1")
    assert game is not None and game.match.rules.target == 10 and said == []
    assert link("?daily=2026-11-23&target=10")[1] == ["target is a test option and needs fast=1"]
    assert link("?daily=2026-11-23&target=0&fast=1")[1] == ["target must be a number from 1 to 500"]
    assert link("?daily=2026-11-30")[1] == ["daily: That day's daily is not open yet."]
    assert params.strip_consumed("?daily=2026-11-23&target=10&fast=1", f.link_names) == "?fast=1"
    embedded = params.from_options({"daily": "2026-11-23"}, f.refuses_start, f.link_names)
    assert embedded.options == (("daily", "2026-11-23"),)
