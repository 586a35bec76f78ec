"""Comfort and the tutor (issue 30, items 2 and 4; web/ginweb/storage/settings.py,
web/ginweb/table/cues.py, web/ginweb/tutor/): the comfort settings are kept and a bad stored
value falls back on its own; each move makes its sound; the tutor asks before a move clearly
worse than the best, not before a good one, lets a move through when its values are not ready,
and decides from your view only."""

from __future__ import annotations

import sys
from collections.abc import Generator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Action, ActionKind, Candidate, Card, Match, Phase, PlayerView, preset
from gin_core.analysis import MistakeKind
from gin_core.bots import make_bot
from gin_core.bots.hint import hint

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.storage import settings
from ginweb.table import cues
from ginweb.table import intents as i
from ginweb.tutor import feature as tutor_feature
from ginweb.tutor.model import FAR_WIN, concern, question_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ginweb.table.dispatch import Dispatcher
from ginweb.table.playstate import new_game
from ginweb.table.port import Plugs
from ginweb.table.session import Session
from test_web_dispatch import Recorder, Vault

COMFORT = {
    "card_size": ("small", "medium", "large"),
    "motion": ("system", "on", "off"),
    "left_handed": (True, False),
    "sound": (True, False),
    "tutor": (True, False),
}

# ----- settings -----------------------------------------------------------------------------------


def test_comfort_is_off_by_default_and_every_choice_is_kept():
    s = settings.Settings()
    assert (s.card_size, s.motion, s.left_handed, s.sound, s.tutor) == (
        "medium",
        "system",
        False,
        False,
        False,
    )
    for name, values in COMFORT.items():
        for value in values:
            kept, bad = settings.from_record(settings.to_record(replace(s, **{name: value})))
            assert getattr(kept, name) == value and bad == []


@given(
    st.sampled_from(sorted(COMFORT)),
    st.one_of(st.none(), st.integers(), st.text(max_size=8), st.lists(st.booleans())),
)
def test_a_bad_stored_comfort_value_falls_back_on_its_own(name, value):
    if value in COMFORT[name] and type(value) is type(COMFORT[name][0]):
        return
    record = settings.to_record(replace(settings.Settings(), felt="blue", sound=True, card_size="large"))
    s, bad = settings.from_record({**record, name: value})
    assert bad == [name]
    assert getattr(s, name) == getattr(settings.Settings(), name)
    assert (
        s.felt == "blue" and (name == "sound" or s.sound) and (name == "card_size" or s.card_size == "large")
    )


def test_the_settings_form_and_the_stored_record_agree_on_every_choice():
    """The form's values go through the checks a stored record does: each choice is kept, one
    that is not a choice keeps the old value, and the rules chosen come with their preset."""
    old = replace(settings.default(), felt="blue")
    for name, values in COMFORT.items():
        for value in values:
            assert getattr(settings.chosen(old, {name: value}, preset("classic")), name) == value
    odd = settings.chosen(
        old, {"felt": "purple", "card_size": "huge", "level": "standard"}, preset("tournament")
    )
    assert (odd.felt, odd.card_size, odd.preset) == ("blue", old.card_size, "tournament")
    assert settings.from_record(settings.to_record(odd)) == (odd, [])


def test_the_new_match_form_keeps_custom_rules_and_takes_a_preset():
    custom = settings.default().with_rules(preset("classic").replace(knock_limit=7))
    kept = settings.for_new_match(custom, "hard", "custom")
    assert (kept.level, kept.preset, kept.game_rules()) == ("hard", "custom", custom.game_rules())
    assert settings.for_new_match(custom, "beginner", "big_gin").game_rules() == preset("big_gin")


# ----- sounds -------------------------------------------------------------------------------------


def test_each_move_makes_its_sound_and_the_end_of_a_match_its_own():
    assert cues.cue([], Phase.DRAW) is None
    assert cues.cue([ActionKind.DRAW_STOCK], Phase.DISCARD) == "draw"
    assert cues.cue([ActionKind.DRAW_PILE], Phase.DISCARD) == "draw"
    assert cues.cue([ActionKind.DRAW_STOCK, ActionKind.DISCARD], Phase.DRAW) == "discard"
    assert cues.cue([ActionKind.KNOCK], Phase.HAND_OVER) == "knock"
    assert cues.cue([ActionKind.GIN], Phase.HAND_OVER) == "gin"
    assert cues.cue([ActionKind.GIN], Phase.MATCH_OVER) == "match"
    assert cues.cue([ActionKind.PASS], Phase.OFFER) is None
    assert all(0 < len(tones) <= 4 and all(t < 0.3 for _, t in tones) for tones in cues.TONES.values())


# ----- the tutor ----------------------------------------------------------------------------------


def discard_view(seed: int) -> PlayerView:
    """Your view with a discard to make, a few moves into a hand of two simple players."""
    m = Match(preset("classic"), seed=seed)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    while not (m.to_move == 0 and m.phase == Phase.DISCARD):
        m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return m.view(0)


@pytest.fixture(scope="module")
def valued() -> tuple[PlayerView, list[Candidate]]:
    view = discard_view(5)
    return view, hint(view, seed=1)


def with_loss(values: list[Candidate], played: Action, far: bool) -> list[Candidate]:
    """The values, ``played`` set below the best: far (beyond the tutor's gap, clearly) or
    just short of it."""
    best = values[0]
    assert best.win is not None  # classic plays to 100: the hint ranks by match-win chance
    gap = FAR_WIN * (1.5 if far else 0.9)
    return [
        replace(c, value=best.value - 100 * gap, win=best.win - gap, error=0.001) if c.action == played else c
        for c in values
    ]


def test_a_move_far_and_clearly_below_the_best_is_questioned_with_its_reason(valued):
    view, values = valued
    played = values[-1].action
    found = concern(view, with_loss(values, played, True), played)
    assert found is not None and found.best.action == values[0].action and found.played.action == played
    text = question_text(found, view.top)
    assert text.startswith("Discard ") and "Better: Discard " in text
    assert f"about {100 * FAR_WIN * 1.5:.1f} points more chance to win the match" in text


def test_a_good_move_a_small_loss_or_a_loss_within_the_noise_is_not_questioned(valued):
    view, values = valued
    played = values[-1].action
    assert concern(view, values, values[0].action) is None
    assert concern(view, with_loss(values, played, False), played) is None
    noisy = [replace(c, error=FAR_WIN) if c.action == played else c for c in with_loss(values, played, True)]
    assert concern(view, noisy, played) is None  # 1.5 x FAR_WIN is within 1.645 errors of FAR_WIN


def test_without_values_the_move_goes_through(valued):
    view, values = valued
    assert concern(view, None, values[-1].action) is None
    assert concern(view, [], values[-1].action) is None


def run(work: Generator[Any, None, Any]) -> Any:
    try:
        while True:
            next(work)
    except StopIteration as end:
        return end.value


def tutored(
    seed: int = 5, on: bool = True
) -> tuple[Dispatcher, Session, Recorder, tutor_feature.TutorFeature]:
    """A table with the tutor where it is your turn to discard."""
    vault = Vault()
    prefs = replace(settings.Settings(), tutor=on).with_rules(preset("classic"))
    tutor = tutor_feature.TutorFeature()
    s = Session(
        prefs,
        vault,
        new_game(Match(prefs.game_rules(), seed=seed), "beginner", "u0", vault.now()),
        True,
        Plugs([tutor]),
    )
    r = Recorder()
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    m = s.match
    while not (m.to_move == 0 and m.phase == Phase.DISCARD):
        if m.to_move == 1:
            s.computer_plays(s.bot.decide(m.view(1)).action, "because")
        else:
            d(i.Play(Action(ActionKind.PASS if m.phase == Phase.OFFER else ActionKind.DRAW_STOCK)))
    r.calls.clear()
    return d, s, r, tutor


def ready(tutor: tutor_feature.TutorFeature, far: bool | None = None) -> list[Candidate]:
    """Run the tutor's job for this turn; with ``far``, the worst move set below the best (far
    or not, see :func:`with_loss`)."""
    [(_key, work, done)] = tutor.jobs(lambda _: False)
    found = run(work)
    if far is not None:
        found = with_loss(found, found[-1].action, far)
    done(found)
    return list(found)


def test_the_tutor_asks_before_a_bad_discard_and_change_my_move_lets_you_choose_again():
    d, s, r, tutor = tutored()
    values = ready(tutor, True)
    bad = values[-1].action
    moves = len(s.match.history)
    assert d(i.PlayCard(bad.card)) is False
    [question] = r.named("confirm")[-1]
    title, text, ok, cancel = question.title, question.text, question.ok, question.cancel
    assert (title, ok, cancel) == ("Are you sure?", "Play it anyway", "Change my move")
    assert "Better: " in text and len(s.match.history) == moves
    d(i.ConfirmCancel())
    assert len(s.match.history) == moves
    good = values[0].action
    assert d(i.PlayCard(good.card)) is True and s.match.history[-1] == (0, good)
    assert d.session.vault.stats["matches"]["with_undo"] == 0, "a question is no undo"


def test_play_it_anyway_plays_the_questioned_move():
    d, s, r, tutor = tutored()
    bad = ready(tutor, True)[-1].action
    d(i.PlayCard(bad.card))
    d(i.ConfirmOk())
    r.run_later()
    assert s.match.history[-1] == (0, bad)


def test_a_move_before_the_values_are_ready_goes_through_unasked():
    d, s, r, _tutor = tutored()
    card = s.reads.view().hand[0]
    assert d(i.PlayCard(card)) is True
    assert r.named("confirm") == [] and s.match.history[-1] == (0, Action(ActionKind.DISCARD, card))


def test_the_tutor_off_does_no_work_and_asks_nothing():
    d, s, r, tutor = tutored(on=False)
    assert tutor.jobs(lambda _: False) == []
    assert d(i.PlayCard(s.reads.view().hand[0])) is True and r.named("confirm") == []


def test_the_tutor_values_your_view_only(monkeypatch):
    seen: list[Any] = []

    def think(
        view: Any, seed: int = 0, slice_ms: float | None = None
    ) -> Generator[int, None, list[Candidate]]:
        seen.append(view)
        return []
        yield 0

    monkeypatch.setattr(tutor_feature, "think_hint", think)
    _d, s, _r, tutor = tutored()
    ready(tutor)
    assert len(seen) == 1 and isinstance(seen[0], PlayerView) and seen[0] == s.match.view(0)


def test_the_tutor_asks_in_match_win_chance_with_the_meld_a_discard_breaks():
    """Issue 41.5: a discard that breaks a made run, far below the best in the hint's own order,
    is questioned in match-win chance, naming the run's other cards."""
    m = Match(preset("classic"), seed=0)
    bots = [make_bot("standard", 1), make_bot("standard", 2)]
    while len(m.history) < 21:
        m.apply(bots[m.to_move].decide(m.view(m.to_move)).action, m.to_move)
    view = m.view(0)
    assert view.phase == Phase.DISCARD
    played = Action(ActionKind.DISCARD, Card.parse("4D"))
    values = hint(view, seed=1)
    found = concern(view, values, played)
    assert found is not None and found.mistake.kind == MistakeKind.BROKE_MELD
    text = question_text(found, view.top)
    assert text.startswith("Discard 4\u2666? It breaks up your meld with 3\u2666 5\u2666.")
    best, mine = values[0], next(c for c in values if c.action == played)
    assert best.win is not None and mine.win is not None
    assert f"{100 * best.win:.1f}% against {100 * mine.win:.1f}%" in text


def test_the_tutor_s_gap_is_the_engine_s_least_noticeable_one():
    from gin_core.puzzles.verify import MIN_WIN

    assert FAR_WIN == MIN_WIN
