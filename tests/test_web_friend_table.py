"""A hand with a friend played on the table itself (issue 47 item 4): two sessions, one a
device, each with the friend's seat (friend/seat.py) as its play state (table/remote.py), their
texts carried at once as the data channel would. Moves go through dispatch as the table's
inputs send them; each table draws only what its player may know; your match waits untouched;
undo is off, the hint and the tutor only if both agreed, the host deals the next hand."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gin_core import ENDED, Action, ActionKind, Rules
from gin_core.actions import ENDING
from gin_core.duel import DuelStage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.friend.duel import Round
from ginweb.friend.seat import FriendSeat
from ginweb.table import intents as i
from ginweb.table.model import Look, present
from ginweb.table.playstate import Blocked
from ginweb.table.remote import HELPS_OFF, REMOTE_WORDS
from ginweb.table.session import Session
from ginweb.words.narrate import card_word
from test_web_dispatch import table
from test_web_friend_duel import carry, deal, drawn_names, hidden_from, pair

NAMES = ("Ann", "Bea")


class Hands:
    """What the seat uses of play.py's Play: the round of this device, its texts carried to the
    other device at once, and the host's deals asked for (``dealt``)."""

    def __init__(self, rounds: tuple[Round, Round], me: int) -> None:
        self.rounds, self.me, self.names = rounds, me, NAMES
        self.match = "5e6f7a8b"  # the match's id
        self.restoring = False
        self.number = 1
        self.dealt: list[Rules] = []

    @property
    def round(self) -> Round:
        return self.rounds[self.me]

    def play(self, action: Action) -> None:
        carry(self.rounds, self.me, self.round.play(action))

    def can_deal(self) -> bool:
        return self.me == 0 and all(r.over() for r in self.rounds)

    def deal(self, rules: Rules) -> None:
        self.dealt.append(rules)


def devices(helps: bool = False):
    """Two tables, each with a match of its own against the computer underneath, and the hand
    with the friend dealt and put on both (the host is seat 0, the dealer seat 1)."""
    rounds = pair(dealer=1)
    deal(rounds, 1)
    out = []
    for me in (0, 1):
        d, s, r, vault = table(seed=10 + me)
        hands = Hands(rounds, me)
        seat = FriendSeat(hands, helps, s.settings.game_rules)  # type: ignore[arg-type]
        s.plays.play_remote(seat)
        out.append((d, s, r, vault, hands))
    return rounds, out


def drawn(s: Session):
    """The table's model, as screen.py builds it from the session."""
    look = Look(log=s.state.log_of(s), order=s.state.order_of(s), **s.reads.seating())
    return present(s.reads.view(), s.ui, look)


def check_nothing_hidden(rounds: tuple[Round, Round], sessions: list[Session]) -> None:
    for me, s in enumerate(sessions):
        hidden = hidden_from(me, rounds)
        assert not drawn_names(drawn(s), hidden), "the table names a card of the other hand"
        log = " ".join(line.text for line in s.state.log_of(s))
        assert not [c for c in hidden if card_word(c) in log or c.name in log]


def test_a_hand_with_a_friend_is_played_on_both_tables_and_names_no_hidden_card():
    rounds, tables = devices()
    sessions = [t[1] for t in tables]
    own = [(t[1].game, len(t[1].match.history), t[3].data.get("match")) for t in tables]
    for me, s in enumerate(sessions):
        assert set(s.reads.view().hand) == set(rounds[me].hand.hand) and len(s.reads.view().hand) == 10
        assert s.reads.seating() == {
            "me": NAMES[me],
            "opp": NAMES[1 - me],
            "people": True,
            "waiting": None,
            "coded": False,
        }
        board = drawn(s).scoreboard  # the hand in play: no deal code to come (it was "hidden")
        assert board.current == 1 and not board.coded
    rng = random.Random(4)
    for _ in range(400):
        check_nothing_hidden(rounds, sessions)
        if all(s.reads.ended() for s in sessions):
            break
        mover = next(k for k, s in enumerate(sessions) if s.reads.deciding())
        d, s = tables[mover][0], sessions[mover]
        moves = s.reads.view().legal_actions
        ending = [a for a in moves if a.kind in ENDING]
        action = ending[0] if ending else rng.choice([a for a in moves if a.kind not in ENDING])
        assert d(i.Play(action)) is not False
        sessions[1 - mover].plays.remote_changed()  # the other device's feature follows its round
    else:
        raise AssertionError("the hand did not end")
    lines = [s.state.log_of(s)[-1].text for s in sessions]
    assert lines[0] == lines[1] and lines[0].startswith("Hand 1 result: "), lines
    for (_, s, _, vault, _), (game, moves, stored) in zip(tables, own, strict=True):
        assert s.game is game and len(s.match.history) == moves, "your match waits, untouched"
        assert s.reads.view().phase in ENDED and not s.reads.counts
        assert vault.data.get("match") == stored, "nothing of the friend's hand is saved as your match"


def test_no_undo_the_hint_only_if_agreed_and_only_the_host_deals():
    _, tables = devices()
    (d0, s0, r0, _, host), (d1, s1, r1, _, guest) = tables
    mover = d0 if s0.reads.deciding() else d1
    r = r0 if mover is d0 else r1
    mover(i.Undo())
    assert r.named("notice")[-1][0] == REMOTE_WORDS[Blocked.NO_UNDO_REMOTE]
    assert s0.reads.strict and not s0.reads.can_undo()
    assert s0.reads.help_off() == s1.reads.help_off() == HELPS_OFF
    _, agreed = devices(helps=True)
    assert agreed[0][1].reads.help_off() is None and agreed[1][1].reads.help_off() is None
    # the guest's "Next hand" is the host's to deal; the host's deals on its own rules
    assert s1.state.refuses(s1, ActionKind.NEXT_HAND) is not None
    for rnd in host.rounds:
        rnd.stopped = "stopped for the test"
    assert s1.state.refuses(s1, ActionKind.NEXT_HAND) == Blocked.HOST_DEALS
    assert s0.state.refuses(s0, ActionKind.NEXT_HAND) is None
    s0.state.apply(s0, Action(ActionKind.NEXT_HAND))
    assert host.dealt == [s0.settings.game_rules()] and not guest.dealt


def test_the_tutor_judges_a_friends_hand_on_your_view_when_both_agreed():
    """No deal of the friend's hand is on this device to replay: the tutor judges each move of
    your view (``think_choices``) with the review's rules; your match underneath is not read."""
    from dataclasses import replace

    from ginweb.table.dispatch import Dispatcher
    from ginweb.table.port import Plugs
    from ginweb.tutor.feature import TutorFeature
    from test_web_comfort import run
    from test_web_dispatch import Recorder

    _, tables = devices(helps=True)
    s = next(t[1] for t in tables if t[1].reads.deciding())
    own = list(s.match.history)
    s.settings = replace(s.settings, tutor=True)
    tutor = TutorFeature()
    s.plugs = Plugs((tutor,))
    r = Recorder()
    Dispatcher(s, r, r, r, r, r, s.plugs)
    [(_key, work, done)] = tutor.jobs(lambda _: False)
    found = run(work)
    assert [j.verdict.played for j in found] == list(s.reads.view().legal_actions)
    assert all(j.verdict.win_loss is not None for j in found), "in match-win chance, as the review"
    done(found)
    assert tutor.before_move(found[0].verdict.best) is None, "the best move is never questioned"
    assert list(s.match.history) == own


def test_leaving_the_friends_hand_brings_your_match_back_as_it_was():
    _, tables = devices()
    s = tables[0][1]
    game, moves = s.game, len(s.match.history)
    assert "stays kept on both devices" in (s.reads.leaving() or "")
    s.plays.end_remote()
    assert not s.state.remote and s.game is game and len(s.match.history) == moves
    assert s.reads.view() == s.match.view(0)


def test_the_hand_just_played_is_gone_over_from_your_seat_once_both_devices_checked_it():
    from ginweb.friend.goover import BUTTON, GoneOver

    from gin_core.bots.base import finish

    rounds, tables = devices()
    guest, vault = tables[1][4], tables[1][3]
    gone = GoneOver(guest, vault)  # type: ignore[arg-type]
    gone.keep_checked()
    assert gone.past_game() is None, "not before both devices checked the hand"
    assert gone.jobs(lambda _: False, lambda _: None) == []
    rng = random.Random(8)
    while not all(r.hand.stage == DuelStage.DONE for r in rounds):
        mover = next(k for k, r in enumerate(rounds) if r.hand.legal_actions())
        moves = rounds[mover].hand.legal_actions()
        tables[mover][4].play(next((a for a in moves if a.kind in ENDING), None) or rng.choice(moves))
    gone.keep_checked()
    game = gone.past_game()
    assert (
        game is not None and game.seat == 1 and game.names == NAMES and game.alone and game.analysis is None
    )
    assert game.match.records[0].settlement == rounds[1].hand.settlement
    told = []
    [(key, work, keep)] = gone.jobs(lambda _: False, told.append)
    keep(finish(work))
    again = gone.past_game(1, update=True)
    assert told == [1] and again is not None and again.update and again.analysis is not None
    assert again.analysis.player == 1 and not gone.jobs(lambda _: False, lambda _: None)
    assert key.startswith("friend-go-over:") and BUTTON.act == "friend-go-over"


def test_a_practice_hand_on_the_table_is_asked_before_the_friends_hand_takes_its_place():
    from ginweb.friend.goover import GoneOver
    from ginweb.friend.ontable import HandsOnTable
    from ginweb.table.dispatch import Dispatcher
    from ginweb.table.facade import TableFacade
    from test_web_dispatch import confirm_ok

    rounds = pair(dealer=1)
    deal(rounds, 1)
    _, s, r, _ = table(seed=12)
    d = Dispatcher(s, r, r, r, r, r)
    s.plays.practice(s.match.deal_code, 0)
    hands = Hands(rounds, 0)
    seat = FriendSeat(hands, False, s.settings.game_rules)  # type: ignore[arg-type]
    kept = GoneOver(hands, s.vault)  # type: ignore[arg-type]
    on = HandsOnTable(TableFacade(s, d), hands, seat, s.vault, kept, lambda _: None)  # type: ignore[arg-type]
    on.put_on_table()
    [question] = r.named("confirm")[-1]
    assert question.title == "Play the hand with Bea?" and "practice hand" in question.text
    assert s.reads.practicing and not s.state.remote, "nothing changes before the answer"
    confirm_ok(d, r)
    assert s.state.remote and not s.reads.practicing and on.on_table()
    on.put_on_table()  # your match on the table: no question
    assert len(r.named("confirm")) == 1
