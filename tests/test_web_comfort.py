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

from hypothesis import given
from hypothesis import strategies as st

from gin_core import Action, ActionKind, Match, Phase, preset
from gin_core.analysis import Judged, Mistake, MistakeKind, same_move, think_decision

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.storage import settings
from ginweb.table import cues
from ginweb.table import intents as i
from ginweb.tutor import feature as tutor_feature
from ginweb.tutor.model import concern

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
# Whether it asks, its grade and its figure are the review's own: tests/test_tutor_review.py.


def flagged(values: tuple[Judged, ...], played: Action) -> tuple[Judged, ...]:
    """The tutor's values with ``played`` judged a blunder against the first other move (for the
    question's flow: the positions the review really flags are in test_tutor_review.py)."""
    other = next(j.verdict.played for j in values if not same_move(j.verdict.played, played))
    bad = Mistake(MistakeKind.OTHER, (played.card,) if played.card else ())
    return tuple(
        replace(
            j,
            verdict=replace(
                j.verdict,
                best=other,
                best_value=j.verdict.played_value + 30,
                error=0.01,
                gaps=(),
                mistake=bad,
            ),
        )
        if same_move(j.verdict.played, played)
        else j
        for j in values
    )


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


def ready(tutor: tutor_feature.TutorFeature, bad: bool = False) -> tuple[Judged, ...]:
    """Run the tutor's job for this turn; with ``bad``, the last legal move judged a blunder."""
    [(_key, work, done)] = tutor.jobs(lambda _: False)
    found: tuple[Judged, ...] = run(work)
    if bad:
        found = flagged(found, found[-1].verdict.played)
    done(found)
    return found


def test_the_tutor_asks_before_a_flagged_move_and_change_my_move_lets_you_choose_again():
    d, s, r, tutor = tutored()
    values = ready(tutor, True)
    bad = values[-1].verdict
    moves = len(s.match.history)
    assert d(i.PlayCard(bad.played.card)) is False
    [question] = r.named("confirm")[-1]
    title, text, ok, cancel = question.title, question.text, question.ok, question.cancel
    assert (title, ok, cancel) == ("Are you sure?", "Play it anyway", "Change my move")
    assert "Blunder. Coach prefers: " in text and len(s.match.history) == moves
    d(i.ConfirmCancel())
    assert len(s.match.history) == moves
    good = bad.best
    assert d(i.PlayCard(good.card)) is True and s.match.history[-1] == (0, good)
    assert d.session.vault.stats["matches"]["with_undo"] == 0, "a question is no undo"


def test_play_it_anyway_plays_the_questioned_move():
    d, s, r, tutor = tutored()
    bad = ready(tutor, True)[-1].verdict.played
    d(i.PlayCard(bad.card))
    d(i.ConfirmOk())
    r.run_later()
    assert s.match.history[-1] == (0, bad)


def test_a_move_the_review_will_not_flag_is_not_questioned():
    d, _s, r, tutor = tutored()
    values = ready(tutor)
    unflagged = [j.verdict.played for j in values if j.verdict.mistake is None]
    assert unflagged and concern(values, unflagged[-1]) is None
    assert d(i.PlayCard(unflagged[-1].card)) is True and r.named("confirm") == []


def test_a_move_before_the_values_are_ready_goes_through_unasked():
    d, s, r, _tutor = tutored()
    card = s.reads.view().hand[0]
    assert concern(None, Action(ActionKind.DISCARD, card)) is None
    assert d(i.PlayCard(card)) is True
    assert r.named("confirm") == [] and s.match.history[-1] == (0, Action(ActionKind.DISCARD, card))


def test_the_tutor_off_does_no_work_and_asks_nothing():
    d, s, r, tutor = tutored(on=False)
    assert tutor.jobs(lambda _: False) == []
    assert d(i.PlayCard(s.reads.view().hand[0])) is True and r.named("confirm") == []


def test_the_tutor_judges_every_move_of_your_turn_as_the_review_will():
    """Its values are the review's verdicts on each legal move of the decision (the same view of
    the hand replayed alone: no hidden card in it)."""
    _d, s, _r, tutor = tutored()
    values = ready(tutor)
    view = s.match.view(0)
    assert [j.verdict.played for j in values] == list(view.legal_actions)
    assert {j.verdict.move_index for j in values} == {len(s.match.history)}  # one hand: its moves
    assert values == run(think_decision(s.match))
