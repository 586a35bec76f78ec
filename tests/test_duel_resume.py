"""A hand between two devices taken up again (gin_core.duel.resume): a device's record replays
to exactly where it stood, and after a new connection the two agree on the messages so far,
resend what was lost and play to a verified end; a peer whose record differs is caught, and a
stored record that is damaged is refused in words."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action
from gin_core.actions import ActionKind
from gin_core.bots.base import finish
from gin_core.dealcode import shuffled_deck
from gin_core.duel import (
    Cheat,
    CheatDetected,
    DuelHand,
    DuelRecordError,
    DuelStage,
    MalformedMessage,
    OutOfTurnMessage,
    load_record,
    record_of,
    resumed,
)
from tests.test_duel import Duel, state


def whole(peer: DuelHand) -> tuple[object, ...]:
    """Everything a peer holds of the hand, its texts and steps included."""
    return (*state(peer), peer.texts, peer.steps, peer.lock, peer.keys, peer.order, peer.table.events)


def taken_up(peer: DuelHand) -> DuelHand:
    """The peer as a reload finds it: its stored record, read back and replayed."""
    return finish(resumed(load_record(record_of(peer).dumps())))


def reconnect(duel: Duel, reload: tuple[int, ...]) -> None:
    """The connection drops (every message on the wire is lost), the peers in ``reload`` are
    taken up from their records, and on the new connection each takes the other's resume."""
    duel.wire.clear()
    for seat in reload:
        duel.peers[seat] = taken_up(duel.peers[seat])
    greetings = [p.resume_text() for p in duel.peers]
    for seat, peer in enumerate(duel.peers):
        duel.wire.extend((seat, t) for t in peer.resync(greetings[1 - seat]))


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    dealer=st.integers(0, 1),
    cut=st.integers(0, 80),
    reload=st.sampled_from([(), (0,), (1,), (0, 1)]),
)
def test_a_hand_dropped_anywhere_resumes_and_ends_verified(seed, dealer, cut, reload):
    duel = Duel(seed, dealer)
    for _ in range(cut):
        if duel.done():
            break
        duel.step()
    before = [whole(p) for p in duel.peers]
    reconnect(duel, reload)
    for seat in reload:  # replayed to exactly where it stood
        assert whole(duel.peers[seat]) == before[seat]
    duel.play_out()
    a, b = duel.peers
    assert a.stage is b.stage is DuelStage.DONE
    assert a.table.events == b.table.events and a.settlement == b.settlement
    assert a.known == b.known and len(a.known) == 52


def test_lost_messages_both_ways_are_resent():
    """A draw from the stock sent, and the key answering it, lost: the drawer's resume says it
    stands after its draw, and only the key comes back. The deck is chosen (each device's own
    shuffle is random, and a hand may end on the deal before anyone can draw from the stock)."""
    duel = Duel(3, deck=shuffled_deck(3))
    while duel.wire or not any(
        ActionKind.DRAW_STOCK in {a.kind for a in p.legal_actions()} for p in duel.peers
    ):
        duel.step()
    mover = next(p for p in duel.peers if p.legal_actions())
    sent = mover.play(Action(ActionKind.DRAW_STOCK))
    answer = finish(duel.peers[1 - mover.me].receive(sent[0]))  # taken; its answer lost
    assert len(answer) == 1
    reconnect(duel, ())
    assert list(duel.wire) == [(1 - mover.me, answer[0])]
    duel.play_out()
    assert all(p.stage is DuelStage.DONE for p in duel.peers)


def played_to(seed: int, steps: int) -> Duel:
    """``steps`` messages or moves into a hand, or its end if it comes first (each device's
    shuffle is its own random one, so a hand may end within a few moves: a knock on the deal)."""
    duel = Duel(seed)
    for _ in range(steps):
        if duel.done():
            break
        duel.step()
    return duel


def test_a_resume_whose_history_differs_stops_the_hand():
    duel = played_to(5, 12)
    ahead, behind = sorted(duel.peers, key=lambda p: p.seq, reverse=True)
    duel.wire.clear()
    body = json.loads(behind.resume_text())
    assert body["seq"] > 0
    body["digest"] = ("0" if body["digest"][0] != "0" else "1") + body["digest"][1:]
    with pytest.raises(CheatDetected) as caught:
        ahead.resync(json.dumps(body))
    assert caught.value.code is Cheat.HISTORY and ahead.stage is DuelStage.STOPPED


def test_a_peer_claiming_to_be_ahead_is_checked_when_its_messages_come():
    duel = Duel(9)
    duel.step()  # the dealer's first deck on its way
    while not duel.wire:
        duel.step()
    pending = list(duel.wire)
    duel.wire.clear()
    sender = duel.peers[pending[0][0]]
    receiver = duel.peers[1 - sender.me]
    body = json.loads(sender.resume_text())
    body["digest"] = "f" * 64  # ahead, and lying about what it sent
    assert body["seq"] > receiver.seq and receiver.resync(json.dumps(body)) == []
    with pytest.raises(CheatDetected) as caught:
        for _, text in pending:
            finish(receiver.receive(text))
    assert caught.value.code is Cheat.HISTORY and receiver.stage is DuelStage.STOPPED


def test_a_resume_that_says_it_lost_its_own_message_is_caught():
    """The other device's resume stands before a message it sent and this one took: its record
    lost a message it had sent (it keeps its record before sending)."""
    duel = played_to(4, 1)  # the dealer's first deck taken by the other
    taker = duel.peers[1 - duel.peers[0].dealer]
    dealer = duel.peers[taker.dealer]
    earlier = json.dumps({"v": 1, "kind": "resume", "seq": 0, "hand": 1, "digest": dealer.digest_at(0)})
    with pytest.raises(CheatDetected) as caught:
        taker.resync(earlier)
    assert caught.value.code is Cheat.HISTORY


def test_a_resume_is_refused_with_the_hand_untouched_unless_it_is_one_of_this_hand():
    duel = played_to(6, 6)
    a, b = duel.peers
    before = whole(a)
    with pytest.raises(OutOfTurnMessage, match="at hand 1, not 2"):
        a.resync(json.dumps({"v": 1, "kind": "resume", "seq": 0, "hand": 2, "digest": "a" * 64}))
    with pytest.raises(MalformedMessage, match="first message is a resume"):
        a.resync(duel.peers[0].texts[0][1])
    with pytest.raises(MalformedMessage, match="64 hexadecimal digits"):
        a.resync(json.dumps({"v": 1, "kind": "resume", "seq": 0, "hand": 1, "digest": "xyz"}))
    with pytest.raises(OutOfTurnMessage):  # in play, a resume is not a message of the hand
        finish(a.receive(b.resume_text()))
    assert whole(a) == before


def test_a_record_round_trips_through_its_text():
    duel = played_to(8, 15)
    for peer in duel.peers:
        record = record_of(peer)
        assert load_record(record.dumps()) == record


def tampered(change) -> str:
    body = json.loads(record_of(played_to(2, 8).peers[0]).dumps())
    change(body)
    return json.dumps(body)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("not json", "JSON text of a record"),
        (json.dumps([1, 2]), "version 1"),
        (tampered(lambda b: b.update(v=2)), "version 1"),
        (tampered(lambda b: b.pop("steps")), "fields of a record"),
        (tampered(lambda b: b.update(me=3)), "seats 0 or 1"),
        (tampered(lambda b: b.update(scores=[0, -1])), "two whole numbers"),
        (tampered(lambda b: b["keys"].__setitem__(0, "zz")), "64 hexadecimal digits"),
        (tampered(lambda b: b.update(lock=None)), "lock for the dealer only"),
        (tampered(lambda b: b["order"].__setitem__(0, b["order"][1])), "their shuffle"),
        (tampered(lambda b: b["steps"].append(["look", "x"])), "a text taken or a move played"),
        (tampered(lambda b: b["rules"].update(knock_limit="ten")), "rules"),
    ],
)
def test_a_damaged_record_is_refused_in_words(raw, words):
    with pytest.raises(DuelRecordError, match=words):
        load_record(raw)


def test_a_record_whose_steps_do_not_replay_is_refused():
    def altered(body):
        body["steps"].append(["play", "knock 2C"])

    with pytest.raises(DuelRecordError, match="does not replay at step"):
        finish(resumed(load_record(tampered(altered))))
