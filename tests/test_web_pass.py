"""Two people on one device (pass and play): the session, the presenter and the stored match.

The seat at the table sees only its own view; while the device goes to the other person the
table is covered; nothing on the model of one seat's turn, nor in storage, names a card of the
other seat's hand it could not know; a reload comes back covered with the same seating; such a
match is never counted."""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action, ActionKind, Card, Match, Phase, preset
from gin_core.bots import make_bot

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.storage import savefmt, stats  # noqa: E402  (the page's package lives in web/)
from ginweb.storage.settings import Settings  # noqa: E402  (same)
from ginweb.table import intents as i  # noqa: E402  (same)
from ginweb.table.dispatch import Dispatcher  # noqa: E402  (same)
from ginweb.table.model import Look, TableModel, present  # noqa: E402  (same)
from ginweb.table.playstate import Blocked, new_game  # noqa: E402  (same)
from ginweb.table.seatview import mirror, seen_from  # noqa: E402  (same)
from ginweb.table.session import Session  # noqa: E402  (same)
from ginweb.words import narrate  # noqa: E402  (same)
from test_web_dispatch import KEY, Vault  # noqa: E402  (storage, statistics, clock and ids in memory)

NAMES = ("Ann", "Bob")


class Quiet:
    """Stands in for the screen, dialogs, form, turns and page services: records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args: self.calls.append((name, args))

    def later(self, fn: Callable[[], None]) -> None:
        fn()

    def hand_has_focus(self) -> bool:
        return False

    def keys_in_use(self) -> bool:
        return False


def two_people(seed: int, people: tuple[str, str] | None = NAMES) -> tuple[Dispatcher, Session, Vault]:
    """A one-hand match (classic rules) at ``seed`` with ``people`` on one device."""
    vault = Vault()
    prefs = Settings().with_rules(preset("classic"))
    m = Match(prefs.game_rules().replace(target=None), seed=seed)
    game = new_game(m, prefs.level, "p0", vault.now())
    game.people = people
    s = Session(prefs, vault, game, True)
    q = Quiet()
    return Dispatcher(s, q, q, q, q, q), s, vault  # type: ignore[arg-type]  # one stand-in for all


def model(s: Session) -> TableModel:
    return present(s.reads.view(), s.ui, Look(log=s.game.log, **s.reads.seating()))


def hidden_from(m: Match, seat: int) -> set[Card]:
    """The other seat's cards that ``seat`` cannot know (not taken from the pile in sight)."""
    return set(m.view(1 - seat).hand) - set(m.view(seat).opponent_known)


def named(text: str, cards: set[Card]) -> set[Card]:
    """The cards of ``cards`` that ``text`` names (by key, name or symbol)."""
    return {c for c in cards if str(c) in text or c.name in text or c.symbol in text}


def stored_in_clear(v: Vault) -> str:
    """What storage holds, less the sealed part (letters a-p: no card can be written in it)."""
    data = json.loads(v.data["match"])
    assert set(data["sealed"].split(":", 1)[1]) <= set("abcdefghijklmnop")
    return json.dumps({k: val for k, val in data.items() if k != "sealed"}, ensure_ascii=False)


def shown(t: TableModel) -> str:
    """Everything the model shows, less the cut for the deal (public, made before the shuffle
    that dealt the hands: a cut card may be dealt to either seat)."""
    log = [ln.text for ln in t.log if " cuts the " not in ln.text]
    return repr([t.zones, t.piles, t.hands, t.controls, t.facts, t.scoreboard, t.result, log])


DEAL_CODE = (
    r"\b[0-9A-Z]{3}-[0-9A-Z]{4}\b"  # shown once a hand is over; letters and digits can read like a card
)


def check_fair(s: Session, v: Vault) -> None:
    """Nothing shown or stored names a card the seat at the table (or, covered, anyone) may
    not know."""
    m = s.match
    text = re.sub(DEAL_CODE, "", shown(model(s)))
    if s.ui.handover:
        assert not named(text, hidden_from(m, 0) | hidden_from(m, 1)), "a hand shows on the handover"
        assert model(s).zones.mine and all(c.card is None for c in model(s).zones.mine)
    else:
        assert not named(text, hidden_from(m, s.seat)), "the other person's cards show"
    stored = re.sub(DEAL_CODE, "", stored_in_clear(v).replace("cuts the", ""))
    assert not {c for c in hidden_from(m, 0) | hidden_from(m, 1) if str(c) in stored or c.symbol in stored}


def play_hand(seed: int, check: Callable[[Session, Vault], None]) -> Session:
    """Play the hand with random legal moves, the device handed over at every change of turn."""
    d, s, v = two_people(seed)
    rng = random.Random(seed)
    check(s, v)
    while s.match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if s.ui.handover:
            d(i.Ready())
            assert s.seat == s.match.to_move and not s.ui.handover
            check(s, v)
        view = s.reads.view()
        assert view.my_turn, "the seat at the table is the one to move"
        d(i.Play(rng.choice(view.legal_actions)))
        s.kept.flush()
        check(s, v)
    return s


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_neither_hand_shows_to_the_other_person_nor_in_storage(seed: int) -> None:
    play_hand(seed, check_fair)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_each_turn_passes_through_the_handover_screen(seed: int) -> None:
    seen: list[tuple[int, bool]] = []
    play_hand(seed, lambda s, v: seen.append((s.seat, s.ui.handover)))
    assert seen[0][1], "a new match opens covered"
    for (seat, covered), (nxt, covered_next) in itertools.pairwise(seen):
        if not covered and not covered_next:
            assert seat == nxt, "the seat changed without a handover"


def test_a_pass_and_play_match_is_not_counted() -> None:
    s = play_hand(3, lambda s, v: None)
    assert not s.reads.counts
    assert s.vault.stats == stats.empty()  # type: ignore[attr-defined]  # the in-memory vault


def test_a_reload_comes_back_covered_with_the_same_names() -> None:
    d, s, v = two_people(11)
    d(i.Ready())
    d(i.Play(s.reads.view().legal_actions[0]))
    s.kept.flush()
    game = savefmt.loads(v.data["match"], KEY)
    assert game.people == NAMES and game.order == []
    again = Session(s.settings, v, game, False)
    assert again.ui.handover and again.reads.two_people
    assert again.reads.seating()["handover"] == NAMES[again.match.to_move]
    assert again.play(Action(ActionKind.DRAW_STOCK)) is Blocked.HANDOVER


def test_passing_the_device_empties_the_dialogs_and_the_live_region() -> None:
    d, s, _ = two_people(5)
    d(i.Ready())
    q = d.screen
    assert isinstance(q, Quiet)
    q.calls.clear()
    d(i.Play(Action(ActionKind.PASS)))
    assert s.ui.handover
    names = [n for n, _ in q.calls]
    assert "forget" in names and ("announce", (f"Pass the device to {NAMES[s.match.to_move]}.",)) in q.calls


def test_undo_and_hint_are_the_seat_at_the_tables_own() -> None:
    d, s, _ = two_people(5)
    assert not s.reads.can_undo() and s.undo() is Blocked.HANDOVER
    d(i.Ready())
    seat = s.seat
    d(i.Play(Action(ActionKind.PASS)))
    assert s.ui.handover and not s.reads.can_undo(), "no undo while the device is handed over"
    d(i.Ready())
    assert s.seat == 1 - seat
    assert s.reads.can_undo() is (s.match.fair_undo(s.seat) is None)


def test_against_the_computer_nothing_changes() -> None:
    _, s, _ = two_people(5, None)
    assert s.reads.seating() == {} and not s.ui.handover and s.seat == 0 and not s.reads.two_people
    assert model(s) == present(s.match.view(0), s.ui, Look(log=s.game.log))


@pytest.mark.parametrize("seed", range(6))
def test_a_mirrored_view_is_the_seats_own_view_with_seats_swapped(seed: int) -> None:
    m = Match(preset("classic"), seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 30)):
        if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        p = m.to_move
        assert p is not None
        m.apply(rng.choice(m.view(p).legal_actions), p)
    v = m.view(1)
    told = seen_from(m, 1)
    assert told.player == 0 and told.hand == v.hand and told.legal_actions == v.legal_actions
    assert told.scores == v.scores[::-1] and mirror(told) == v


@pytest.mark.parametrize(
    ("first", "second", "ok"),
    [
        ("", "", ("Player 1", "Player 2")),
        (" Ann ", "Bob", ("Ann", "Bob")),
        ("Ann", "ann", None),
        ("x" * 21, "B", None),
    ],
)
def test_names_are_checked(first: str, second: str, ok: tuple[str, str] | None) -> None:
    if ok is None:
        with pytest.raises(ValueError, match="name"):
            savefmt.people_named(first, second)
    else:
        assert savefmt.people_named(first, second) == ok


@pytest.mark.parametrize(
    "stored",
    [
        ["Ann", "Ann"],
        ["Ann", "ann"],
        ["Ann", ""],
        ["Ann", 5],
        ["x" * 21, "Bob"],
        [" Ann", "Bob"],
        ["Ann"],
        "Ann",
        {},
    ],
)
def test_stored_people_are_checked_as_the_form_checks_them(stored: object) -> None:
    """Issue 43 item 17: ``["Ann", "Ann"]`` loaded as a match of two people the form refuses;
    unreadable names silently made it a match against the computer (seat 1's hand then shown
    to seat 0). It stays a match of two people, default names, the field named."""
    _, s, v = two_people(11)
    s.kept.flush()
    data = json.loads(v.data["match"])
    data["people"] = stored
    game = savefmt.loads(json.dumps(data), KEY)
    assert game.people == ("Player 1", "Player 2") and game.reset == ["people"]
    data["people"] = list(NAMES)
    assert savefmt.loads(json.dumps(data), KEY).reset == []


def test_the_match_result_names_the_winner() -> None:
    s = play_hand(8, lambda s, v: None)
    result = s.match.result
    assert result is not None
    text = narrate.match_headline(result, NAMES)
    assert ("drawn" in text) if result.winner is None else text.startswith(f"{NAMES[result.winner]} wins")


def test_words_for_the_computer_name_the_other_person() -> None:
    _, s, _ = two_people(2)
    assert s.reads.said("Computer knocks with 3.") == f"{NAMES[1 - s.seat]} knocks with 3."
    _, alone, _ = two_people(2, None)
    assert alone.reads.said("Computer knocks with 3.") == "Computer knocks with 3."


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_log_names_both_people_and_never_the_computer(seed: int) -> None:
    d, s, _ = two_people(seed)
    players = make_bot("simple", seed)  # plays both people's moves: a hand that is scored
    while s.match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if s.ui.handover:
            d(i.Ready())
        d(i.Play(players.decide(s.reads.view()).action))
        s.kept.flush()
    settled = s.match.records[-1].settlement
    assert settled is not None and settled.winner is not None, "the hand is scored"
    text = " ".join(line.text for line in s.game.log)
    assert "computer" not in text.lower() and "you win" not in text.lower()
    result = next(line.text for line in s.game.log if line.text.startswith("Hand 1 result"))
    assert f"{NAMES[settled.winner]} wins" in result
