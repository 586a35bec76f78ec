"""One dispatch over the session (web/ginweb/table/dispatch.py, session.py, intents.py; pure): every
intent, in every phase, with stand-ins for the screen, dialogs, settings form and turns."""

from __future__ import annotations

import json
import re
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gin_core import Action, Card, IllegalAction, Match, preset
from gin_core.actions import ActionKind
from gin_core.flow import Phase

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.daily.feature import DailyFeature  # noqa: E402  (same)
from ginweb.friend.feature import FriendFeature  # noqa: E402  (same)
from ginweb.lessons.feature import LessonsFeature  # noqa: E402  (same)
from ginweb.puzzles.feature import PuzzlesFeature  # noqa: E402  (same)
from ginweb.review.feature import ReviewFeature  # noqa: E402  (same)
from ginweb.seats.feature import SeatsFeature  # noqa: E402  (same)
from ginweb.storage import savefmt, stats  # noqa: E402  (same)
from ginweb.storage.settings import Settings  # noqa: E402  (same)
from ginweb.table import intents as i  # noqa: E402  (the page's package lives in web/)
from ginweb.table.dispatch import Dispatcher  # noqa: E402  (same)
from ginweb.table.playstate import new_game  # noqa: E402  (same)
from ginweb.table.port import FeatureIntent  # noqa: E402  (same)
from ginweb.table.session import Session  # noqa: E402  (same)
from ginweb.table.tablestate import Stage  # noqa: E402  (same)

KEY = "ab" * 32


class Vault:
    """The session's storage, statistics, clock and ids, in memory."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.stats: dict[str, Any] = stats.empty()
        self.uids = 0
        self.keeps = True  # False: a browser window that allows no storage
        self.notices: list[str] = []

    def put(self, name: str, text: str) -> None:
        self.data[name] = text

    def remove(self, name: str) -> None:
        self.data.pop(name, None)

    def seal_key(self) -> str:
        return KEY

    def count(self, update: Callable[[dict[str, Any]], bool]) -> None:
        update(self.stats)

    @property
    def stats_data(self) -> dict[str, Any]:
        return self.stats

    def now(self) -> str:
        return "2026-11-23T12:00:00Z"

    def new_uid(self) -> str:
        self.uids += 1
        return f"uid{self.uids}"

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any:
        """A stored record as the page reads it (what another tab wrote included)."""
        text = self.data.get(name)
        return None if text is None else parse(json.loads(text))

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def lasting(self) -> bool:
        return self.keeps


class Recorder:
    """Stands in for the screen, dialogs, settings form, turns and page services at once: each
    call is recorded as (name, args)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.pending: list[Callable[[], None]] = []
        self.choice: str | None = None
        self.chosen_settings: Settings | None = None
        self.keyboard = False  # the player is using the keys on the table (else a pointer)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record

    def later(self, fn: Callable[[], None]) -> None:
        self.pending.append(fn)

    def hand_has_focus(self) -> bool:
        return False

    def keys_in_use(self) -> bool:
        return self.keyboard

    def confirm_value(self) -> str:
        self.calls.append(("confirm_value", ()))
        choices = self.named("confirm")[-1][0].choices
        return self.choice or (choices[0][0] if choices else "")

    def chosen(self, old: Settings) -> Settings | None:
        return self.chosen_settings

    def statistics(self) -> dict[str, Any]:
        """The page's statistics as stored."""
        return {}

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [a for n, a in self.calls if n == name]

    def run_later(self) -> None:
        """Run what was left for a task of its own (screen.later), in order."""
        while self.pending:
            self.pending.pop(0)()


def confirm_ok(d: Dispatcher, r: Recorder) -> None:
    """Say OK to the confirmation: the dialog is closed at once, the answer acted on in a task
    of its own (a modal's closing restyles the page: never with a render in one task)."""
    d(i.ConfirmOk())
    assert r.calls[-1] == ("confirm_value", ()), "the dialog is closed first, nothing else yet"
    r.run_later()


def table(seed: int = 7, prefs: Settings | None = None) -> tuple[Dispatcher, Session, Recorder, Vault]:
    vault = Vault()
    prefs = prefs or Settings().with_rules(preset("classic"))
    s = Session(
        prefs, vault, new_game(Match(prefs.game_rules(), seed=seed), prefs.level, "u0", vault.now()), True
    )
    r = Recorder()
    return Dispatcher(s, r, r, r, r, r), s, r, vault


def computer_moves(s: Session) -> None:
    """The computer plays until it is your turn or the hand is over (what turns.py does)."""
    m = s.match
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and m.to_move == 1:
        s.computer_plays(s.bot.decide(m.view(1)).action, "because")


def your_turn(seed: int, phase: Phase) -> tuple[Dispatcher, Session, Recorder, Vault]:
    """A table where it is your turn in ``phase``."""
    for k in range(seed, seed + 50):
        d, s, r, v = table(k)
        computer_moves(s)
        if s.match.to_move == 0 and s.match.phase == Phase.OFFER and phase != Phase.OFFER:
            d(i.Play(Action(ActionKind.PASS)))
            computer_moves(s)
        if s.match.to_move == 0 and s.match.phase == Phase.DRAW and phase == Phase.DISCARD:
            d(i.Play(Action(ActionKind.DRAW_STOCK)))
        if s.match.to_move == 0 and s.match.phase == phase:
            r.calls.clear()
            for f in r.pending:
                f()
            r.pending.clear()
            return d, s, r, v
    raise AssertionError(f"no {phase} position")


# ----- intents ------------------------------------------------------------------------------------


def controls_in_page() -> set[str]:
    """Every data-act name the page's HTML and its Python-written HTML use."""
    texts = [(WEB / "index.html").read_text()] + [p.read_text() for p in (WEB / "ginweb").glob("**/*.py")]
    names = set()
    for t in texts:
        names |= set(re.findall(r'data-act="([a-z_-]+)"', t))
        names |= set(re.findall(r'data-act="\{res\.button\}"', t) and ["next", "show-result", "practice-end"])
    return names


class SeatsForm(Recorder):
    """The seated table's screen, with its seats chosen in New match (a person at seat 1)."""

    def form(self) -> tuple[tuple[str, ...], tuple[str, ...], str]:
        return ("person", "computer", "computer", "computer"), ("", "", "", ""), "standard"


class FriendForm(Recorder):
    """The friend dialog's fields (friend/ui.py) as typed."""

    def form(self) -> tuple[str, str, bool]:
        return "Ann", "", False

    def answer(self) -> str:
        return "an answer"

    def pasted(self) -> str:
        return "an invitation"


def test_every_control_of_the_page_has_its_intent():
    data = {"action": "draw_stock", "code": "ABCD", "dealer": "0", "level": "standard", "preset": "classic",
            "dialog": "dlg-help", "notice": "notice-1", "hand": "1", "step": "0", "chart": "score",
            "day": "2026-11-23", "value": "three", "seat": "1"}  # fmt: skip
    names = controls_in_page()
    assert {"stock", "next", "replay", "dismiss", "new-start", "practice-end", "daily-play"} <= names
    features = [DailyFeature(Vault(), Recorder()), ReviewFeature(Vault(), Recorder())]
    features += [
        PuzzlesFeature(Vault(), Recorder(), Recorder()),
        SeatsFeature(Vault(), SeatsForm(), lambda game: None),
    ]
    features.append(LessonsFeature(Vault(), None))
    features.append(FriendFeature(Vault(), FriendForm(), lambda _: None))
    for name in names:
        assert i.from_control(name, data) or any(f.control(name, data) for f in features), name


def test_the_same_wish_by_any_input_is_the_same_intent():
    assert i.from_control("stock", {}) == i.Play(Action(ActionKind.DRAW_STOCK))
    assert i.from_control("take", {}) == i.from_control("pile", {}) == i.Play(Action(ActionKind.DRAW_PILE))
    assert i.from_control("hint-play", {"action": "discard 9C"}) == i.Play(Action.parse("discard 9C"))


# ----- your moves ---------------------------------------------------------------------------------


def test_a_draw_by_keyboard_moves_the_focus_at_once():
    """The next key press must act from the drawn card, not from where the focus was."""
    d, s, r, _ = your_turn(1, Phase.DRAW)
    r.keyboard = True
    assert d(i.Play(Action(ActionKind.DRAW_STOCK)))
    assert r.named("focus_card") == [(s.ui.drawn,)] and not r.named("focus_card_soon")


def test_a_draw_is_drawn_first_then_saved_and_the_computer_is_let_move():
    d, s, r, v = your_turn(1, Phase.DRAW)
    n = len(s.match.history)
    assert d(i.Play(Action(ActionKind.DRAW_STOCK), (1.0, 2.0, 3.0)))
    assert len(s.match.history) == n + 1
    assert r.named("render") == [("move", (1.0, 2.0, 3.0))]
    # a click: the focus goes to the drawn card at the next frame, the click waits for no layout
    assert s.ui.drawn is not None and r.named("focus_card_soon")[-1] == (s.ui.drawn,)
    assert not r.named("focus_card")
    assert v.data.get("match") != s.game.dumps(KEY), "saved only after the screen is drawn"
    assert s.kept.dirty and len(r.pending) == 1
    r.pending.pop()()
    assert savefmt.loads(v.data["match"], KEY).match.history == s.match.history
    assert r.named("kick")


def test_a_refused_move_names_the_rule_and_changes_nothing():
    d, s, r, _ = your_turn(1, Phase.DRAW)
    before = s.match.history[:]
    assert not d(i.Play(Action(ActionKind.DISCARD, s.reads.view().hand[0])))
    assert s.match.history == before
    [(text, kind, _ms)] = r.named("notice")
    assert kind == "rule" and text[0].isupper()
    with pytest.raises(IllegalAction) as refused:
        s.match.apply(Action(ActionKind.DISCARD, s.reads.view().hand[0]), 0)
    assert text.lower() == str(refused.value).lower()
    assert not r.named("render")


def test_moves_wait_for_the_computer():
    d, s, r, _ = table(2)
    if s.match.to_move == 0:
        d(i.Play(Action(ActionKind.PASS)))
    assert s.match.to_move == 1
    n = len(s.match.history)
    assert not d(i.Play(Action(ActionKind.DRAW_STOCK)))
    d(i.EndHand("knock"))
    assert len(s.match.history) == n
    assert {t for t, *_ in r.named("notice")} == {"Wait for the computer to finish its turn."}


def test_a_card_chosen_discards_it_but_not_during_a_showdown():
    d, s, _r, _ = your_turn(1, Phase.DISCARD)
    card = next(c for c in s.reads.view().hand if c != s.reads.view().forbidden)
    s.ui.stage = Stage.LAID_OUT
    assert not d(i.PlayCard(card))
    s.ui.stage = Stage.LIVE
    assert d(i.PlayCard(card))
    assert card in s.reads.view().pile


def knock_table() -> tuple[Dispatcher, Session, Recorder, Vault]:
    for k in range(300):
        d, s, r, v = table(k)
        while s.match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if s.match.to_move == 1:
                computer_moves(s)
                continue
            kinds = {a.kind for a in s.reads.view().legal_actions}
            if "knock" in kinds:
                r.calls.clear()
                return d, s, r, v
            s.play(s.bot.decide(s.reads.view()).action)  # a bot plays your seat to get there
    raise AssertionError("no knock found")


def test_a_knock_is_confirmed_with_your_melds_then_played():
    d, s, r, _ = knock_table()
    d(i.EndHand("knock"))
    [(question,)] = r.named("confirm")
    title, ok, choices = question.title, question.ok, question.choices
    assert (title, ok) == ("Knock?", "Knock") and choices
    assert s.match.phase == Phase.DISCARD, "nothing played before OK"
    d(i.ConfirmOk())
    assert s.match.phase == Phase.DISCARD and r.calls[-1] == ("confirm_value", ()), "closed first"
    r.run_later()
    assert s.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert s.match.history[-1][1] == Action.parse(choices[0][0])


def test_a_cancelled_knock_plays_nothing():
    d, s, r, _ = knock_table()
    d(i.EndHand("knock"))
    d(i.ConfirmCancel())
    d(i.ConfirmOk())
    r.run_later()
    assert s.match.phase == Phase.DISCARD
    assert ("dlg-confirm",) in r.named("close")


def test_gin_when_not_legal_is_refused_by_the_engine():
    d, s, r, _ = your_turn(3, Phase.DISCARD)
    if "gin" in {a.kind for a in s.reads.view().legal_actions}:
        pytest.skip("gin is legal here")
    d(i.EndHand("gin"))
    assert not r.named("confirm") and r.named("notice")[0][1] == "rule"


def play_out_hand(d: Dispatcher, s: Session) -> None:
    """A bot plays your seat to the end of the hand, through dispatch."""
    while s.match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if s.match.to_move == 1:
            computer_moves(s)
        else:
            assert d(i.Play(s.bot.decide(s.reads.view()).action))


def test_next_deals_the_next_hand_and_shows_the_match_result_at_the_end():
    prefs = Settings().with_rules(preset("classic").replace(target=None))
    d, s, r, _ = table(4, prefs)
    play_out_hand(d, s)
    assert s.match.phase == Phase.MATCH_OVER
    d(i.Next())
    assert r.named("match_over") == [(s.match.result,)]
    d, s, r, _ = table(4)
    play_out_hand(d, s)
    if s.match.phase == Phase.HAND_OVER:
        s.ui.stage = Stage.RESULT
        d(i.Next())
        assert s.match.phase != Phase.HAND_OVER and s.ui.stage == Stage.LIVE
        assert r.named("render")[-1][0] == "deal"


def test_undo_takes_back_a_move_that_showed_you_nothing_unless_strict():
    d, s, r, v = your_turn(1, Phase.DRAW)
    while Action(ActionKind.DRAW_PILE) not in s.reads.view().legal_actions:  # not the first draw
        d(i.Play(Action(ActionKind.DRAW_STOCK)))
        d(i.Play(s.reads.view().legal_actions[-1]))
        computer_moves(s)
    n = len(s.match.history)
    d(i.Play(Action(ActionKind.DRAW_PILE)))  # the card was face up: taking it back shows nothing
    assert s.reads.can_undo()
    d(i.Undo())
    assert len(s.match.history) == n and s.ui.drawn is None
    assert r.named("announce")[-1][0].startswith("Move taken back.")
    assert savefmt.loads(v.data["match"], KEY).undos == 1
    s.kept.flush()
    s.kept.count_stats()
    assert v.stats["matches"]["with_undo"] == 1, "the match is marked in the statistics"
    s.kept.count_stats()
    assert v.stats["matches"]["with_undo"] == 1, "once"
    d(i.Undo())
    assert r.named("notice")[-1][0] == "The computer has replied to that move: it can't be taken back."
    d(i.Play(Action(ActionKind.DRAW_STOCK)))
    assert not s.reads.can_undo()
    d(i.Undo())
    assert r.named("notice")[-1][0] == "A card drawn from the stock can't be taken back: you have seen it."
    assert len(s.reads.view().hand) == 11, "the card drawn stays yours"
    n = len(s.match.history)
    s.settings = Settings(strict=True).with_rules(preset("classic"))
    assert s.match.to_move == 0 and d(i.Play(s.reads.view().legal_actions[0]))
    d(i.Undo())
    assert len(s.match.history) == n + 1
    assert r.named("notice")[-1][0] == "Undo is off in strict mode."


def test_sorting_and_your_own_order_are_kept_in_the_settings_and_the_save():
    d, s, r, v = your_turn(1, Phase.DRAW)
    d(i.Sort("suit"))
    assert s.settings.sort == "suit" and json.loads(v.data["settings"])["sort"] == "suit"
    keys = s.reads.hand_keys()
    d(i.Reorder(Card.parse(keys[0]), 5, said=True))
    assert s.reads.hand_keys().index(keys[0]) == 5 and s.settings.sort == "custom"
    assert savefmt.loads(v.data["match"], KEY).order == s.reads.hand_keys()
    assert r.named("announce")[-1][0].endswith("moved to place 6")


# ----- matches and practice hands -----------------------------------------------------------------


def test_a_practice_hand_never_counts_and_your_match_comes_back_unchanged():
    d, s, r, v = your_turn(1, Phase.DRAW)
    d(i.Play(Action(ActionKind.DRAW_STOCK)))
    r.pending.pop()()
    own = s.match.history[:]
    own_uid = s.game.uid
    d(i.Replay(s.match.deal_code, 1))
    r.run_later()
    assert s.reads.practicing and s.match.history == [] and s.match.rules.target is None
    play_out_hand(d, s)
    for f in r.pending:
        f()
    assert "practice" in v.data
    assert not any(practice_uid.startswith("practice") for practice_uid in v.stats.get("counted", {}) or {})
    d(i.EndPractice())
    r.run_later()
    assert not s.reads.practicing and s.game.uid == own_uid and s.match.history == own
    assert "practice" not in v.data


def test_a_code_that_cannot_be_read_is_said_in_the_form_and_nothing_changes():
    d, s, r, _ = table(1)
    uid = s.game.uid
    d(i.StartMatch(i.NewMatchForm("hard", "classic", "not a code!", "cut")))
    assert r.named("new_error") and s.game.uid == uid


def test_the_new_match_form_starts_the_match_it_asks_for():
    d, s, r, _ = table(1)
    d(i.StartMatch(i.NewMatchForm("hard", "tournament", "", "1")))
    assert s.game.level == "hard" and s.match.rules == preset("tournament")
    assert s.settings.preset == "tournament" and s.reads.view().dealer == 1
    assert r.named("close_all") and not r.named("render"), "the form closed first, then the deal"
    r.run_later()
    assert r.named("render")[-1][0] == "deal"


def test_new_rules_mid_match_ask_before_starting_again():
    d, s, r, _ = table(1)
    d(i.Play(Action(ActionKind.PASS)) if s.match.to_move == 0 else i.Hint())
    uid = s.game.uid
    r.chosen_settings = s.settings.with_rules(preset("tournament"))
    d(i.SaveSettings())
    assert s.game.uid == uid and r.named("confirm")[-1][0].title == "New rules"
    confirm_ok(d, r)
    assert s.game.uid != uid and s.match.rules == preset("tournament")


def test_a_new_level_takes_the_computers_seat_at_once():
    d, s, r, _ = table(1)
    r.chosen_settings = Settings(level="hard").with_rules(preset("classic"))
    d(i.SaveSettings())
    assert s.bot.name == "hard" and s.game.level == "hard"
    assert r.named("notice")[-1][0] == "Settings saved." and r.named("apply_look")


def test_statistics_are_reset_only_when_confirmed():
    d, _s, r, _ = table(1)
    d(i.ResetStats())
    assert not r.named("reset_stats")
    confirm_ok(d, r)
    assert r.named("reset_stats")


@pytest.mark.parametrize(
    "intent, call",
    [
        (i.OpenHelp(), "help"),
        (i.OpenStats(), "show_statistics"),
        (i.CloseDialog("dlg-help"), "close"),
        (i.TakeOver(), "take_over"),
        (i.RetrySaving(), "retry_saving"),
        (i.DismissNotice("notice-2"), "dismiss"),
        (i.Hint(), "ask_hint"),
        (i.OpenSettings(), "open"),
        (i.OpenNewMatch(), "new_match"),
        (i.SettingsEdited("set-preset"), "edited"),
        (i.ExportStats(), "export_stats"),
    ],
)
def test_page_intents_reach_their_one_handler(intent, call):
    d, _s, r, _ = table(1)
    d(intent)
    assert r.named(call)


TABLE_GROUPS = (i.YourMove, i.YourHand, i.TableChange, i.Preferences, i.PageIntent)
"""The groups dispatch matches on (mypy checks that each group's match has all its cases)."""


def test_every_intent_has_exactly_one_handler():
    grouped = [kind for group in TABLE_GROUPS for kind in typing.get_args(group)]
    assert len(grouped) == len(set(grouped)), "an intent in two groups goes to the first only"
    table = set(grouped)
    assert set(typing.get_args(i.Intent)) - {FeatureIntent} == table
    daily, review = DailyFeature(Vault(), Recorder()), ReviewFeature(Vault(), Recorder())
    puzzles = PuzzlesFeature(Vault(), Recorder(), Recorder())
    lessons = LessonsFeature(Vault(), None).handlers()
    assert not set(daily.handlers()) & set(review.handlers())
    seats = SeatsFeature(Vault(), Recorder(), lambda game: None).handlers()
    assert not {*daily.handlers(), *review.handlers()} & set(puzzles.handlers())
    assert not set(seats) & {*daily.handlers(), *review.handlers(), *puzzles.handlers()}
    assert not set(lessons) & {*daily.handlers(), *review.handlers(), *puzzles.handlers(), *seats}
    friend = FriendFeature(Vault(), FriendForm(), lambda _: None).handlers()
    handled = {*daily.handlers(), *review.handlers(), *puzzles.handlers(), *seats, *lessons}
    assert not set(friend) & handled
    handled |= set(friend)
    assert handled == set(FeatureIntent.__subclasses__()) - table
