"""The review in a match of two people on one device (issue 31): each person's review shows
that seat's view only and never names a card it could not know, it opens only behind a
handover to the person it names, it speaks of both people by name, its reviews are kept per
seat (older stored reviews read back as seat 0's), and it is never counted."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Card, Match
from gin_core.analysis import hand_moves
from gin_core.analysis.coach import HandReview
from gin_core.analysis.replay import hand_start

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.review import model as presenter  # noqa: E402  (the page's package lives in web/)
from ginweb.review import record  # noqa: E402  (same)
from ginweb.review.intents import OpenReview  # noqa: E402  (same)
from ginweb.review.seen import Reader, named, seat_frames  # noqa: E402  (same)
from ginweb.storage import savefmt, stats  # noqa: E402  (same)
from ginweb.table import intents as i  # noqa: E402  (same)
from test_web_dispatch import KEY  # noqa: E402  (same)
from test_web_pass import NAMES, play_hand  # noqa: E402  (two people playing random legal moves)
from test_web_review_page import CODE, Recorder, Table, fake_review, played  # noqa: E402  (same)


def never_seen(m: Match, hand: int, seat: int) -> set[Card]:
    """The cards ``seat`` never saw in hand ``hand``: unseen at every step of it (a card seen
    once, then hidden again, was seen: e.g. one taken from the pile and put face down at a knock)."""
    fresh = hand_start(m, hand)
    hidden = set(fresh.view(seat).unseen())
    for player, action in hand_moves(m, hand):
        fresh.apply(action, player)
        hidden &= set(fresh.view(seat).unseen())
    return hidden


def names_any(text: str, cards: set[Card]) -> set[Card]:
    return {c for c in cards if str(c) in text or c.name in text or c.symbol in text}


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([0, 1]))
def test_a_persons_review_never_names_a_card_that_seat_could_not_know(seed: int, seat: int) -> None:
    s = play_hand(seed, lambda *_: None)
    m, reader = s.match, Reader(seat=seat, people=NAMES)
    hidden = never_seen(m, 1, seat)
    steps = len(hand_moves(m, 1))
    for step in sorted({0, steps // 2, steps - 1, steps}):  # the model replays the hand: a few steps
        shown = presenter.review_model(m, 1, step, None, {}, {}, reader)
        assert not names_any(repr(shown), hidden), f"step {step} shows a card {NAMES[seat]} never saw"
        assert NAMES[seat] in shown.title and shown.rows[0] == NAMES[seat]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([0, 1]))
def test_a_seats_frames_hold_its_own_hand_and_of_the_other_only_what_it_knew(seed: int, seat: int) -> None:
    m = play_hand(seed, lambda *_: None).match
    fresh = hand_start(m, 1)
    shown = seat_frames(m, 1, seat)
    for k, (player, action) in enumerate([*hand_moves(m, 1), (None, None)]):
        v = fresh.view(seat)
        assert shown[k].frame.hands[0] == tuple(sorted(v.hand))
        assert len(shown[k].frame.hands[1]) + shown[k].face_down == v.opponent_hand_size
        if v.showdown is None or v.showdown.settlement is None:
            assert set(shown[k].frame.hands[1]) == set(v.opponent_known)
        if action is not None:
            fresh.apply(action, player)


def test_the_other_persons_knock_keeps_its_face_down_card() -> None:
    m = played()  # hand 1: seat 0 knocked, putting the jack of clubs face down
    knock = Card.parse("JC")
    for_other = presenter.review_model(m, 1, 11, None, {}, {}, Reader(seat=1, people=NAMES))
    assert for_other.move is not None and for_other.move.text == "Ann: Knock, discarding face down"
    assert all(knock.symbol not in mv.label.text for mv in for_other.moves)
    for_knocker = presenter.review_model(m, 1, 11, None, {}, {}, Reader(seat=0, people=NAMES))
    assert for_knocker.move is not None and knock.symbol in for_knocker.move.text


def test_the_words_name_both_people_and_keep_you_for_one_person() -> None:
    bob = Reader(seat=1, people=NAMES)
    assert named("You knock with 5.", bob) == "Bob knocks with 5."
    assert named("Deadwood: you 3, computer 10.", bob) == "Deadwood: Bob 3, Ann 10."
    assert named("You gave away 2.0 points; your play.", bob) == "Bob gave away 2.0 points; Bob\u2019s play."
    m = played()
    one = presenter.review_model(m, 1, 12, None, {}, {})
    assert one.title == "Hand 1 review" and one.rows == ("You", "Computer")
    assert "You knock" in repr(one.result)
    ann = presenter.review_model(m, 1, 12, None, {}, {}, Reader(seat=0, people=NAMES))
    bob_view = presenter.review_model(m, 1, 12, None, {}, {}, bob)
    assert ann.title == "Ann\u2019s hand 1 review" and bob_view.title == "Bob\u2019s hand 1 review"
    assert "Ann knocks" in repr(ann.result) and "Ann knocks" in repr(bob_view.result)
    assert not re.search(r"\b[Yy]ou\b", repr((ann.result, bob_view.result, bob_view.moves)))


def test_match_luck_is_each_persons_own() -> None:
    m = played()  # hand 1: Ann (seat 0) knocked and won
    ann = presenter.match_luck(m, {1: HandReview(1, CODE, (), player=0)})
    bob = presenter.match_luck(m, {1: HandReview(1, CODE, (), player=1)})
    assert ann.result > 0 and bob.result == -ann.result
    text = named(presenter.match_luck_text(bob), Reader(1, NAMES))
    assert text.endswith("from Bob\u2019s decisions.") and "your" not in text


# ----- stored per seat -----------------------------------------------------------------------------


def test_reviews_per_seat_round_trip_and_an_old_record_loads_as_seat_0() -> None:
    records = played().records
    ann, bob = fake_review(1, CODE), HandReview(1, CODE, fake_review(1, CODE).verdicts, player=1)
    part = record.reviews_part(({1: ann}, {1: bob}))
    assert set(part) == {"1", "1:1"}
    assert record.read_reviews(json.loads(json.dumps(part)), records) == ({1: ann}, {1: bob})
    old = {"1": {k: v for k, v in ann.to_data().items() if k != "player"}}  # stored before seats
    assert record.read_reviews(old, records) == ({1: ann}, {})
    assert record.read_reviews({"1": bob.to_data()}, records) == ({}, {})  # seat 1's under seat 0's key


class Handing(Recorder):
    """The dialogs' answer: the first person asked for is Bob."""

    def confirm_value(self) -> str:
        return "1"


def two_people_table() -> Table:
    t = Table()
    g = t.s.game
    g.people = NAMES
    t.r.__class__ = Handing
    t.review.table_set(g, False)
    return t


def test_a_persons_review_opens_only_behind_the_handover_and_is_never_counted() -> None:
    t = two_people_table()
    assert t.s.reads.two_people and t.review.hand_buttons()
    t.d(OpenReview(1))
    assert t.review.open is None, "no review before the device is handed over"
    assert [a[0].title for a in t.r.named("confirm")] == ["Review hand 1"]
    t.d(i.ConfirmOk())
    [question] = t.r.named("confirm")[-1]
    assert (question.title, question.text, question.ok) == (
        "Bob\u2019s review",
        "Pass to Bob to see Bob\u2019s review.",
        "Ready",
    )
    assert t.review.open is None
    t.d(i.ConfirmOk())
    assert t.review.open == (1, 0) and t.review.seat == 1
    shown = t.review.model()
    assert shown is not None and shown.title == "Bob\u2019s hand 1 review"
    assert not t.review.can_play_on(1, 0)
    bob = HandReview(1, CODE, fake_review(1, CODE).verdicts, player=1)
    assert t.review.keep_review(t.s.game.uid, bob)
    assert t.review.seats[1] == {1: bob} and t.review.seats[0] == {}
    assert t.vault.stats[record.COACH] == stats.empty(t.review.stats_parts())[record.COACH]
    assert sorted(key for key, *_ in t.review.jobs(lambda _: False)) == [f"coach:{t.s.game.uid}:1"]
    assert t.s.seat == 1, "the table behind the review shows Bob's own view"


def test_a_two_person_matchs_reviews_are_sealed_in_storage_and_read_back() -> None:
    t = two_people_table()
    bob = HandReview(1, CODE, fake_review(1, CODE).verdicts, player=1)
    assert t.review.keep_review(t.s.game.uid, bob)
    stored = json.loads(t.vault.data["match"])
    assert stored["reviews"].startswith("sealed1:") and set(stored["reviews"][8:]) <= set("abcdefghijklmnop")
    back = savefmt.from_data(stored, KEY, t.review.part_keys)
    assert record.read_reviews(back.parts["reviews"], back.match.records, back.uid) == ({}, {1: bob})
    assert record.read_reviews(back.parts["reviews"], back.match.records) == ({}, {})
