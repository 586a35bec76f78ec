"""A daily that cannot be gamed and stored data that can neither stop nor freeze the page
(issue 32), in the page's pure parts: each defect as it was reproduced, then fixed."""

from __future__ import annotations

import datetime
import json
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import PYODIDE
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, SaveError, deal_seed, encode_deal_code, load_match, preset, save_match
from gin_core.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import model as daily_view
from ginweb.daily import record as daily
from ginweb.daily.feature import DailyFeature
from ginweb.daily.intents import OpenDaily
from ginweb.daily.play import daily_game, day_of_game
from ginweb.daily.record import Attempt
from ginweb.kit import safejson
from ginweb.review import record as review_record
from ginweb.review.feature import ReviewFeature
from ginweb.review.intents import OpenReview
from ginweb.storage import savefmt, stats
from ginweb.storage.settings import Settings
from ginweb.table import intents as i
from ginweb.table import params
from ginweb.table.dispatch import Dispatcher
from ginweb.table.model import Look, present
from ginweb.table.playstate import new_game
from ginweb.table.port import Plugs
from ginweb.table.session import Session
from ginweb.tutor.feature import TutorFeature
from ginweb.words import narrate
from test_web_daily_play import DAY, DailyRecorder, feature, play_out, start_daily, stored_dailies
from test_web_daily_play import table as daily_tab
from test_web_dispatch import KEY, Vault, confirm_ok

PREFS = Settings().with_rules(preset("classic"))
PARTS = DailyFeature.part_keys


def refuse(seed: int | None, deal: str | None) -> str | None:
    return daily.refused_start(seed, deal, DAY)


def link(query: str) -> params.Params:
    """A link's parameters as the page reads them on DAY, the daily plugged in."""
    return params.parse(query, refuse, DailyFeature.link_names)


def embed(options: dict[str, str]) -> params.Params:
    return params.from_options(options, refuse, DailyFeature.link_names)


def daily_table(
    vault: Vault, stored: dict[str, Any] | None = None
) -> tuple[Dispatcher, Session, DailyRecorder]:
    """A tab of the page on ``vault`` (tabs share it as they share localStorage)."""
    d, s, r, _ = daily_tab(stored, vault)
    return d, s, r


def resumed(game: savefmt.Game) -> Session:
    """The table a reload puts ``game`` on (the daily plugged in)."""
    vault = Vault()
    return Session(PREFS, vault, game, False, Plugs([DailyFeature(vault, DailyRecorder())]))


def daily_save(iso: str, moves: int = 6) -> dict[str, Any]:
    """A stored daily a few moves in, as the page saves it, with its ``daily`` field set to ``iso``."""
    g = daily_game(DAY, "u1", "2026-11-23T12:00:00Z")
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    for _ in range(moves):
        g.match.apply(bots[g.match.to_move].decide(g.match.view(g.match.to_move)).action)
    data = json.loads(g.dumps(KEY))
    data["daily"] = iso
    return data


def finishes_within(seconds: float, fn: Callable[[], object]) -> bool:
    """Whether ``fn`` returns within ``seconds`` (a guard against hours of work, not a timing)."""
    worker = threading.Thread(target=fn, daemon=True)
    worker.start()
    worker.join(seconds)
    return not worker.is_alive()


# ----- 1. a stored impossible date never stops the page ------------------------------------------


@pytest.mark.parametrize("iso", ["2026-02-30", "0000-01-01", "\uff12\uff10\uff12\uff16-11-23", "2026-13-01"])
def test_a_stored_impossible_daily_date_keeps_the_match_as_an_ordinary_one(iso):
    game = savefmt.from_data(daily_save(iso), KEY, PARTS)
    assert day_of_game(game) is None and len(game.match.history) == 6
    s = resumed(game)  # before the fix: "day 30 must be in range 1..28"
    assert feature(s).attempt is None


def test_a_stored_date_before_the_first_daily_is_no_daily():
    game = savefmt.from_data(daily_save("2020-01-01"), KEY, PARTS)
    s = resumed(game)
    assert feature(s).attempt is None


@given(st.data())
def test_mutated_daily_saves_start_a_session_or_are_refused(data):
    """The fuzz all the way through start-up: what the loader lets through, the table takes."""
    text = json.dumps(daily_save("2026-11-23", 8))
    pos = data.draw(st.integers(0, len(text) - 1))
    junk = data.draw(st.text(alphabet='0123456789-"\\[]{}:,\uff10', max_size=4))
    mutated = text[:pos] + junk + text[pos + data.draw(st.integers(0, 3)) :]
    try:
        game = savefmt.loads(mutated, KEY, PARTS)
    except SaveError:
        return
    s = resumed(game)
    assert load_match(save_match(s.match)).history == game.match.history


# ----- 2. a stale tab neither counts a second daily nor erases the first ----------------------------


def test_a_stale_tab_gets_practice_and_leaves_the_finished_daily_alone():
    shared = Vault()  # one localStorage, two tabs
    _, a, _ = daily_table(shared)
    _, b, _ = daily_table(shared)  # opened before A plays: its record of dailies is empty
    start_daily(a, DAY)
    assert feature(a).attempt == Attempt.COUNTED
    play_out(a)
    finished = stored_dailies(shared)
    assert finished["days"][DAY.isoformat()]["result"] is not None and finished["streak"]["current"] == 1
    start_daily(b, DAY)  # "Play here" in B, then "Daily deal"
    assert feature(b).attempt == Attempt.PRACTICE
    assert stored_dailies(shared) == finished  # the result, streak and best are kept
    assert feature(b).dailies.record == finished  # and B shows them


# ----- 3. today's and coming dailies are reachable only as the daily -------------------------------


@pytest.mark.parametrize("ahead", [0, 1, 400])
def test_a_seed_link_to_a_daily_not_over_is_refused(ahead):
    seed = daily.match_seed(DAY + datetime.timedelta(days=ahead))
    p = link(f"?seed={seed}&level=standard&preset=classic")
    assert p.seed is None and any("play it as the daily" in problem for problem in p.problems)
    assert embed({"seed": str(seed)}).seed is None


def test_deal_codes_of_todays_daily_are_refused_and_older_dailies_open_as_seeds():
    code = encode_deal_code(deal_seed(daily.match_seed(DAY), 2))  # the daily's third deal
    p = link(f"?seed={code}")
    assert p.deal is None and p.problems == ("seed: that deal is in today's daily: play it as the daily",)
    yesterday = daily.match_seed(DAY - datetime.timedelta(days=1))
    assert link(f"?seed={yesterday}").seed == yesterday  # a past daily: open to all
    assert link("?seed=12345").seed == 12345


def test_the_new_match_form_refuses_a_daily_seed_and_changes_nothing():
    d, s, r, _ = daily_tab()
    before = s.game.uid
    form = i.NewMatchForm("standard", "classic", str(daily.match_seed(DAY)), "cut")
    d(i.StartMatch(form))
    assert r.named("new_error") == [
        ("that seed is a daily deal's that is not over yet: play it as the daily",)
    ]
    assert s.game.uid == before


# ----- 4. stored text is read in linear time --------------------------------------------------------


@pytest.mark.skipif(PYODIDE, reason="no threads in Pyodide: the smaller case below runs there")
def test_an_unterminated_string_of_escaped_quotes_is_refused_at_once():
    text = '"' + '\\"' * ((safejson.MAX_CHARS - 1) // 2)  # before the fix: hours
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            safejson.loads(text)
        except safejson.StoredTextError as e:
            outcome.append(e)

    assert finishes_within(30, read)
    assert [str(e) for e in outcome] == [
        "the stored value is not valid JSON (Unterminated string starting at)"
    ]


def test_escaped_quotes_inside_strings_still_read():
    assert safejson.loads(json.dumps({"a": '\\"' * 5000 + '"'})) == {"a": '\\"' * 5000 + '"'}
    with pytest.raises(safejson.StoredTextError, match="Unterminated string"):
        safejson.loads('["ok", "' + '\\"' * 4000)
    text = json.dumps({"deep": '\\"[[[' * 100}) + "[" * 40  # brackets in strings never count
    with pytest.raises(safejson.StoredTextError, match="nested 40 levels"):
        safejson.check(text)


# ----- 5. a counted daily plays without undo ----------------------------------------------------------


def test_a_counted_daily_cannot_take_back_a_move():
    _, s, _ = daily_table(Vault())
    start_daily(s, DAY)
    assert feature(s).attempt == Attempt.COUNTED
    you = make_bot("simple", 1)
    while s.match.to_move != 0:
        s.computer_plays(s.bot.decide(s.match.view(1)).action, "")
    s.play(you.decide(s.reads.view()).action)
    assert not s.reads.can_undo() and s.reads.strict
    assert s.undo() == "Undo is off in a counted daily."
    start_daily(s, DAY)  # the same day again: practice, where undo is allowed
    assert feature(s).attempt == Attempt.PRACTICE and not s.reads.strict


def test_a_counted_daily_has_no_hint_nor_tutor_and_its_bar_says_so():
    """Issue 43, item 4: the hint and the tutor would play your attempt, and "+N against the
    expert" would measure them; they are off in a counted daily, and its line says so."""
    vault = Vault()
    prefs = replace(PREFS, tutor=True)
    game = new_game(Match(prefs.game_rules(), seed=5), prefs.level, vault.new_uid(), vault.now())
    r, tutor = DailyRecorder(), TutorFeature()
    s = Session(prefs, vault, game, True, Plugs([DailyFeature(vault, r), tutor]))
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    start_daily(s, DAY)
    assert feature(s).attempt == Attempt.COUNTED
    while s.match.to_move != 0:
        s.computer_plays(s.bot.decide(s.match.view(1)).action, "")
    off = "No hint, no tutor and no going over its hands in a counted daily until its end."
    assert s.reads.help_off() == off
    bar = daily_view.bar(feature(s).day(), feature(s).attempt) or ""
    assert "no hint, no tutor, no going over a hand before its end" in bar
    model = present(s.reads.view(), s.ui, Look(helped=s.reads.help_off() is None))
    assert not model.controls.hint
    d(i.Hint())
    assert not r.named("ask_hint") and (off, "info", 3000) in r.named("notice")
    assert tutor.turn_key() is None and tutor.jobs(lambda key: False) == []
    start_daily(s, DAY)  # the same day again: practice, where both help
    while s.match.to_move != 0:
        s.computer_plays(s.bot.decide(s.match.view(1)).action, "")
    assert s.reads.help_off() is None and tutor.turn_key() is not None
    d(i.Hint())
    assert r.named("ask_hint")


def first_hand_played(s: Session) -> None:
    """Both seats by bots until the match's first hand is over (you: the simple level)."""
    you = make_bot("simple", 1)
    while not s.reads.hand_over(1):
        m = s.match
        if m.to_move == 0:
            s.play(you.decide(m.view(0)).action)
        else:
            s.computer_plays(s.bot.decide(m.view(1)).action, "")


def test_a_counted_daily_opens_no_review_before_its_end():
    """Its coach would show you the best moves of the hands before the next one: the review of
    a counted daily's hands opens once the match is over (and at once in a practice attempt)."""
    vault, r = Vault(), DailyRecorder()
    game = new_game(Match(PREFS.game_rules(), seed=5), PREFS.level, vault.new_uid(), vault.now())
    review = ReviewFeature(vault, r)
    s = Session(PREFS, vault, game, True, Plugs([DailyFeature(vault, r), review]))
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    start_daily(s, DAY)
    assert feature(s).attempt == Attempt.COUNTED
    first_hand_played(s)
    assert s.match.result is None, "the daily's match goes on after its first hand"
    d(OpenReview(1))
    off = "No hint, no tutor and no going over its hands in a counted daily until its end."
    assert review.reviewing is None and r.named("notice")[-1] == (off, "info", 3000)
    play_out(s)
    d(OpenReview(1))
    assert review.reviewing == (1, 0)
    start_daily(s, DAY)  # the same day again: practice, its review open at each hand's end
    first_hand_played(s)
    d(OpenReview(1))
    assert review.reviewing == (1, 0)


# ----- 7. practice dailies are not counted in the statistics --------------------------------------


def test_practice_dailies_count_nothing():
    vault = Vault()
    _, s, _ = daily_table(
        vault, {**daily.empty(), "days": {DAY.isoformat(): {"id": "other", "result": None}}}
    )
    for _ in range(3):
        start_daily(s, DAY)
        assert feature(s).attempt == Attempt.PRACTICE
        play_out(s)
    assert vault.stats == stats.empty()
    start_daily(s, DAY)
    you = make_bot("simple", 1)
    while not s.reads.in_progress():
        m = s.match
        if m.to_move == 0:
            s.play(you.decide(m.view(0)).action)
        else:
            s.computer_plays(s.bot.decide(m.view(1)).action, "")
    s.plays.new_match()  # leaving a practice daily is no abandoned match either
    assert vault.stats == stats.empty()


def test_leaving_a_match_that_does_not_count_for_the_daily_does_not_say_it_counts():
    """Issue 43, item 7: the daily warned that abandoning a pass-and-play match counts in the
    statistics; it does not (Session.abandon), and the warning says what will happen."""
    vault = Vault()
    m = Match(PREFS.game_rules(), seed=5)
    game = new_game(m, PREFS.level, vault.new_uid(), vault.now())
    game.people = ("Ann", "Bob")
    r = DailyRecorder()
    s = Session(PREFS, vault, game, True, Plugs([DailyFeature(vault, r)]))
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    while not s.reads.in_progress():
        seat = s.match.to_move
        s.play(make_bot("simple", seat).decide(s.match.view(seat)).action)
        s.ui.handover = False
    assert not s.reads.counts
    d(OpenDaily())
    [asked] = r.named("confirm")[-1]
    assert "does not count" in asked.text and "counts as abandoned" not in asked.text, asked
    confirm_ok(d, r)
    r.run_later()
    assert feature(s).attempt == Attempt.COUNTED and vault.stats == stats.empty()
    # an ordinary match against the computer does count as abandoned, and says so
    s.plays.replace_match(
        new_game(Match(PREFS.game_rules(), seed=6), PREFS.level, vault.new_uid(), vault.now())
    )
    while not s.reads.in_progress():
        if s.match.to_move == 0:
            s.play(make_bot("simple", 1).decide(s.reads.view()).action)
        else:
            s.computer_plays(s.bot.decide(s.match.view(1)).action, "")
    assert s.reads.leaving() == narrate.leaving_words(
        True
    ) and "counts as abandoned" in narrate.leaving_words(True)


# ----- 8. a daily dated after today neither counts nor keeps a streak -------------------------------


def test_a_daily_after_today_is_practice_and_records_nothing():
    vault = Vault()
    _, s, _ = daily_table(vault)
    start_daily(s, DAY + datetime.timedelta(days=1))  # a clock that went back, or a planted save
    assert feature(s).attempt == Attempt.PRACTICE and "dailies" not in vault.data


def test_future_days_and_streaks_are_dropped_from_a_stored_record():
    record = daily.empty()
    record["days"]["2099-01-01"] = {"id": "x", "result": {"you": 100, "computer": 0, "hands": "w"}}
    record["days"][DAY.isoformat()] = {"id": "y", "result": None}
    record["streak"] = {"current": 40, "last": "2099-01-01"}
    checked, bad = daily.validate(json.loads(json.dumps(record)), DAY)
    assert list(checked["days"]) == [DAY.isoformat()] and bad == ["days.2099-01-01", "streak"]
    assert daily.streaks(checked, DAY).current == 0
    assert daily.streaks(record, DAY).current == 0  # and a streak "last" ahead of today is not alive


# ----- 9. options that exist for tests never reach a counted result ----------------------------------


def test_a_daily_shortened_by_target_is_practice():
    vault = Vault()
    _, s, _ = daily_table(vault)
    start_daily(s, DAY, target=1)
    assert feature(s).attempt == Attempt.PRACTICE
    play_out(s)
    assert "dailies" not in vault.data and vault.stats == stats.empty()


# ----- 10. a too-long daily value is said ------------------------------------------------------------


def test_a_too_long_daily_value_is_a_problem_said():
    p = link("?daily=" + "2" * 40)
    assert p.options == () and p.problems == ("daily is 40 characters long (at most 32)",)
    assert embed({"daily": "x" * 33}).problems == ("daily is 33 characters long (at most 32)",)


# ----- 11. a browser that keeps nothing cannot count a daily ---------------------------------------


def test_without_storage_a_daily_is_practice():
    vault = Vault()
    vault.keeps = False
    _, s, _ = daily_table(vault)
    start_daily(s, DAY)
    assert feature(s).attempt == Attempt.PRACTICE


# ----- 6. one unreadable coach review drops that entry, never the match -----------------------------


@pytest.mark.parametrize("entry", ['{"hand":1e999}', '{"hand":1,"played_value":NaN}', '{"hand":-Infinity}'])
def test_an_unreadable_stored_review_is_dropped_and_the_match_kept(entry):
    text = json.dumps(daily_save("2026-11-23", 10))[:-1] + f', "reviews": {{"1": {entry}}}}}'
    assert entry in text
    game = savefmt.loads(text, KEY, (*PARTS, *ReviewFeature.part_keys))  # before the fix: OverflowError
    assert len(game.match.history) == 10, "the match is kept"
    assert review_record.read_reviews(game.parts["reviews"], game.match.records) == ({}, {})
