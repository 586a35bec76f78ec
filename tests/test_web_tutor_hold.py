"""Issue 41, item 5: the tutor never misses a knock it would question. A knock made before the
verdicts of the turn are known is held under "One moment" (``Questions.holds``) until they are;
then the table asks the tutor again: its question if it has one, else the knock is played. The
player may answer first: "Knock now" plays it unasked, "Change my move" (or Escape) keeps the turn,
and the verdicts arriving later change nothing. Other moves are never held."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

from gin_core import Action, ActionKind, Match, Phase, make_bot
from gin_core.bots.base import finish

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ginweb.storage import settings  # the page's package lives in web/
from ginweb.table import intents as i
from ginweb.table.dispatch import Dispatcher
from ginweb.table.playstate import new_game
from ginweb.table.port import Feature, Plugs, Question, Questions
from ginweb.table.session import Session
from ginweb.tutor.feature import HOLD_TEXT, TutorFeature
from test_web_dispatch import Recorder, Vault

RULES = settings.Settings().game_rules()
SEED = 25  # of the match below: the deal, the beginner's (you) and the standard level's (seed + 1)
MOVES = 31  # how far in the tutor finds both your knocks too early (stock 18)


class Dialogs(Recorder):
    """The stand-in parts, with the confirmation's open state as the page has it: open from
    ``confirm`` until closed (Escape closes it without a word to dispatch)."""

    def __init__(self) -> None:
        super().__init__()
        self.open = False

    def confirm(self, question: Question) -> None:
        self.calls.append(("confirm", (question,)))
        self.open = True

    def close(self, ident: str) -> None:
        self.calls.append(("close", (ident,)))
        self.open = False

    def showing(self, ident: str) -> bool:
        return self.open

    def judged(self) -> None:
        """The verdicts of the turn are known: what turns.py's ``when_judged`` then calls."""
        for (then,) in self.named("when_judged"):
            then()
        self.run_later()


@cache
def flagged_knock() -> tuple[Action, ...]:
    """The moves to a position (default rules) where the tutor questions every knock you can
    make as too early: a beginner (you) against the standard level, :data:`MOVES` moves in."""
    m = Match(RULES, seed=SEED, dealer=1)
    bots = [make_bot("beginner", SEED), make_bot("standard", SEED + 1)]
    for _ in range(MOVES):
        m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return tuple(a for _seat, a in m.history)


def tutored(moves: tuple[Action, ...]) -> tuple[Dispatcher, Session, Dialogs, TutorFeature]:
    """A table with the tutor on at the position ``moves`` reach (you to move)."""
    vault = Vault()
    match = Match(RULES, seed=SEED, dealer=1)
    for a in moves:
        match.apply(a)
    tutor = TutorFeature()
    prefs = replace(settings.Settings(), tutor=True)
    s = Session(prefs, vault, new_game(match, "standard", "u0", vault.now()), True, Plugs([tutor]))
    r = Dialogs()
    return Dispatcher(s, r, r, r, r, r, s.plugs), s, r, tutor


def work_out(tutor: TutorFeature) -> None:
    """Run the tutor's job of this turn to its end (what the table's background work does)."""
    for _key, work, done in tutor.jobs(lambda _: False):
        done(finish(work))


def knock(s: Session) -> Action:
    return next(a for a in s.reads.view().legal_actions if a.kind == ActionKind.KNOCK)


def test_a_knock_made_before_the_verdicts_waits_for_them_then_is_questioned() -> None:
    d, s, r, tutor = tutored(flagged_knock())
    move = knock(s)
    assert not d(i.Play(move))
    [held] = r.named("confirm")[-1]
    assert (held.title, held.text, held.ok, held.cancel) == (
        "One moment",
        HOLD_TEXT,
        "Knock now",
        "Change my move",
    )
    assert s.match.phase != Phase.HAND_OVER and len(s.match.history) == MOVES
    work_out(tutor)
    r.judged()
    assert r.named("close")[-1] == ("dlg-confirm",)
    [question] = r.named("confirm")[-1]
    assert question.title == "Are you sure?" and question.text.startswith("Knock"), question.text
    assert "Knocked too early" in question.text or "undercut" in question.text, question.text
    assert question.text == tutor.before_move(move).text  # type: ignore[union-attr]
    d(i.ConfirmOk())
    r.run_later()
    assert s.match.history[-1][1] == move


def test_knock_now_plays_the_held_knock_unasked_and_the_verdicts_change_nothing() -> None:
    d, s, r, tutor = tutored(flagged_knock())
    move = knock(s)
    d(i.Play(move))
    d(i.ConfirmOk())  # "Knock now"
    r.run_later()
    assert s.match.history[-1][1] == move
    asked = len(r.named("confirm"))
    work_out(tutor)
    r.judged()
    assert len(r.named("confirm")) == asked and len(s.match.history) == MOVES + 1


def answered(answer: Callable[[Dispatcher, Dialogs], object]) -> None:
    """The held knock answered by ``answer`` before the verdicts come: nothing is played then."""
    d, s, r, tutor = tutored(flagged_knock())
    d(i.Play(knock(s)))
    answer(d, r)
    asked = len(r.named("confirm"))
    work_out(tutor)
    r.judged()
    assert len(s.match.history) == MOVES and len(r.named("confirm")) == asked
    assert s.reads.deciding()


def test_change_my_move_keeps_the_turn_when_the_verdicts_come() -> None:
    answered(lambda d, _r: d(i.ConfirmCancel()))


def test_a_held_knock_closed_by_escape_stays_unplayed() -> None:
    def escape(_d: Dispatcher, r: Dialogs) -> None:
        r.open = False

    answered(escape)


def test_a_knock_with_the_verdicts_known_is_not_held_nor_any_other_move() -> None:
    d, s, r, tutor = tutored(flagged_knock())
    move = knock(s)
    discard = next(a for a in s.reads.view().legal_actions if a.kind == ActionKind.DISCARD)
    assert tutor.holds(discard) is None
    assert tutor.holds(move) is not None
    work_out(tutor)
    assert tutor.holds(move) is None
    d(i.Play(move))
    [question] = r.named("confirm")[-1]
    assert question.title == "Are you sure?"
    assert not r.named("when_judged")


class Unasking(Feature, Questions):
    """A feature that holds every move and then has no question: the move goes on by itself."""

    def holds(self, action: Action) -> Question | None:
        return Question("Wait", "Working it out.", "Play now", "Change my move")

    def before_move(self, action: Action) -> Question | None:
        return None


def test_a_held_move_without_a_question_is_played_once_the_verdicts_are_known() -> None:
    vault = Vault()
    match = Match(RULES, seed=1, dealer=1)
    s = Session(
        settings.Settings(), vault, new_game(match, "standard", "u0", vault.now()), True, Plugs([Unasking()])
    )
    r = Dialogs()
    d = Dispatcher(s, r, r, r, r, r, s.plugs)
    move = s.reads.view().legal_actions[0]
    d(i.Play(move))
    assert r.named("confirm")[-1][0].title == "Wait" and not s.match.history
    r.judged()
    assert s.match.history[-1][1] == move and not r.open
