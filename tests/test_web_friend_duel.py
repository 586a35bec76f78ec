"""A hand between two devices as the page runs it (ginweb/friend/duel.py): two rounds in one
process, their texts carried as the data channel carries them, play hands to the end; each
sees only its own cards; a refused text is said and changes nothing; a lie stops the hand
and is said."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from gin_core import ActionKind, preset
from gin_core.actions import ENDING
from gin_core.duel import DuelHand, DuelStage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.friend.duel import Round, seen

RULES = preset("classic")


def finish(work):
    while True:
        try:
            next(work)
        except StopIteration as end:
            return end.value


def pair(dealer: int = 0) -> tuple[Round, Round]:
    return Round(DuelHand(RULES, 0, dealer)), Round(DuelHand(RULES, 1, dealer))


def carry(rounds: tuple[Round, Round], sender: int, texts: list[str]) -> None:
    """Deliver ``texts`` from ``sender`` to the other, and whatever that answers, back and forth."""
    while texts:
        rounds[1 - sender].inbox.extend(texts)
        sender = 1 - sender
        texts = finish(rounds[sender].work())


def deal(rounds: tuple[Round, Round], dealer: int = 0) -> None:
    carry(rounds, dealer, finish(rounds[dealer].work()))
    finish(rounds[1 - dealer].work())  # starting: the other sends nothing


def play_out(rounds: tuple[Round, Round], rng: random.Random) -> None:
    for _ in range(400):
        if all(r.hand.stage == DuelStage.DONE for r in rounds):
            return
        mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
        moves = seen(rounds[mover]).moves
        ending = [a for a in moves if a.kind in (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)]
        action = ending[0] if ending else rng.choice(moves)
        carry(rounds, mover, rounds[mover].play(action))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("seed", range(3))
def test_two_devices_play_a_hand_to_the_end(seed):
    rounds = pair(dealer=seed % 2)
    deal(rounds, seed % 2)
    for r in rounds:
        assert len(seen(r).cards) == 10
    assert not set(seen(rounds[0]).cards) & set(seen(rounds[1]).cards)
    play_out(rounds, random.Random(seed))
    results = [seen(r) for r in rounds]
    assert results[0].settlement == results[1].settlement
    assert results[0].dead == results[1].dead
    assert not any(r.refused or r.stopped for r in rounds)


def test_each_sees_only_its_own_cards_while_the_hand_is_live():
    rounds = pair()
    deal(rounds)
    rng = random.Random(7)
    for _ in range(6):
        mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
        other = seen(rounds[1 - mover])
        mine = seen(rounds[mover])
        assert not set(mine.cards) & set(other.cards)
        assert mine.top == other.top
        carry(
            rounds,
            mover,
            rounds[mover].play(rng.choice([a for a in mine.moves if a.kind != ActionKind.KNOCK])),
        )


def test_a_refused_text_is_said_and_changes_nothing():
    rounds = pair()
    deal(rounds)
    before = (rounds[1].hand.seq, rounds[1].hand.stage, seen(rounds[1]))
    rounds[1].inbox += ["not json", json.dumps({"v": 2, "kind": "move"}), "x" * 20_000]
    assert finish(rounds[1].work()) == []
    assert len(rounds[1].refused) == 3
    assert all(words.startswith("A message from the other device was refused") for words in rounds[1].refused)
    assert (rounds[1].hand.seq, rounds[1].hand.stage, seen(rounds[1])) == before
    assert not rounds[1].stopped


def test_a_lie_stops_the_hand_and_is_said():
    rounds = pair()
    deal(rounds)
    while True:  # pass the upcard, draw from the stock, until a player is to discard
        mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
        moves = seen(rounds[mover]).moves
        discard = next((a for a in moves if a.kind == ActionKind.DISCARD), None)
        if discard is not None:
            break
        draw = next(a for a in moves if a.kind in (ActionKind.PASS, ActionKind.DRAW_STOCK))
        carry(rounds, mover, rounds[mover].play(draw))
    [text] = rounds[mover].play(discard)
    message = json.loads(text)
    held = [c for c in seen(rounds[mover]).cards if str(c) != message["card"]]
    message["card"] = str(held[0])  # another card than its key reads
    rounds[1 - mover].inbox.append(json.dumps(message))
    finish(rounds[1 - mover].work())
    assert rounds[1 - mover].stopped.startswith("The hand is stopped: the other device cheated")
    assert rounds[1 - mover].hand.stage == DuelStage.STOPPED
    assert not rounds[1 - mover].pending()


def test_the_dialogs_words_name_no_card_and_the_result_is_the_same_on_both():
    """The hand is played on the table: the dialog beside it says how the hand and the match
    stand, and names no card at all (neither hand's)."""
    from ginweb.friend.handview import hand_view
    from ginweb.words.narrate import card_word

    rounds = pair()
    deal(rounds)
    names = ("Ann", "Bea")
    every = set(seen(rounds[0]).cards) | set(seen(rounds[1]).cards)
    for me, r in enumerate(rounds):
        v = hand_view(seen(r), names, me)
        text = " ".join([v.status, v.result, v.match, v.deal])
        assert v.status == "Your move." if seen(r).my_turn else v.status == f"{names[1 - me]}'s move."
        assert not [c for c in every if card_word(c) in text or str(c) in text]
    play_out(rounds, random.Random(3))
    results = {hand_view(seen(r), names, me).result for me, r in enumerate(rounds)}
    assert len(results) == 1 and results.pop()


def hidden_from(me: int, rounds: tuple[Round, Round]) -> set:
    """The other's cards that ``me`` has not read (its engine holds stand-ins there)."""
    other = rounds[1 - me].hand
    return set(other.table.hands[other.me]) - set(rounds[me].hand.known.values())


def drawn_names(model: object, cards: set) -> list:
    """The cards of ``cards`` that the table's model names, by code (``TC``) or in words."""
    import re

    text = repr(model)
    return [c for c in cards if re.search(rf"\b{c}\b", text) or c.name in text]


def test_the_tables_presenter_draws_a_friends_hand_from_the_view_and_names_no_hidden_card():
    from ginweb.table.model import Look, present
    from ginweb.table.tablestate import Stage, TableState

    rounds = pair(dealer=1)
    deal(rounds, 1)
    rng = random.Random(5)
    for _ in range(400):
        for me, r in enumerate(rounds):
            view = r.hand.view()
            model = present(view, TableState(), Look(opp="Bea"))
            assert not drawn_names(model, hidden_from(me, rounds))
            assert all(str(c) in repr(model) for c in view.hand)  # your cards are on the table
        if all(r.hand.stage == DuelStage.DONE for r in rounds):
            break
        mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
        moves = seen(rounds[mover]).moves
        carry(rounds, mover, rounds[mover].play(rng.choice(moves)))
    shown = [present(r.hand.view(), TableState(stage=Stage.RESULT), Look()) for r in rounds]
    assert shown[0].result is not None and shown[0].result.title == shown[1].result.title


def dealt_and_played(seed: int, moves: int) -> tuple[Round, Round]:
    rounds = pair(dealer=seed % 2)
    deal(rounds, seed % 2)
    rng = random.Random(seed)
    for _ in range(moves):
        mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
        plain = [a for a in seen(rounds[mover]).moves if a.kind not in ENDING]
        carry(rounds, mover, rounds[mover].play(rng.choice(plain or list(seen(rounds[mover]).moves))))
    return rounds


@pytest.mark.parametrize("seed", range(2))
def test_a_kept_hand_is_taken_up_where_it_stood_and_played_to_the_end(seed):
    """Both pages reloaded mid-hand, a move and its answer lost: each replays its kept record,
    each takes the other's resume, what was lost comes again, and the hand ends verified."""
    rounds = dealt_and_played(seed, 4)
    mover = next(i for i, r in enumerate(rounds) if seen(r).moves)
    lost = rounds[mover].play(seen(rounds[mover]).moves[0])  # sent, never delivered
    assert lost
    shown = [seen(r) for r in rounds]
    back = tuple(finish(Round.restored(r.record())) for r in rounds)
    assert [seen(r) for r in back] == shown
    greetings = [r.hand.resume_text() for r in back]
    again = [back[i].resync(greetings[1 - i]) for i in (0, 1)]
    assert again[mover] == lost and again[1 - mover] == []
    carry(back, mover, again[mover])
    play_out(back, random.Random(seed))
    assert seen(back[0]).settlement == seen(back[1]).settlement
    assert not any(r.refused or r.stopped for r in back)


def test_the_hosts_hand_the_friend_never_had_is_sent_whole():
    host, friend = pair(dealer=0)
    sent = finish(host.work())  # the host's locked deck: lost with the connection
    back = finish(Round.restored(host.record()))
    assert back.replay_all() == sent
    friend.inbox.extend(sent)
    carry((back, friend), 1, finish(friend.work()))
    assert seen(back).stage == seen(friend).stage == DuelStage.PLAY


def test_a_resume_whose_history_differs_stops_the_hand_and_says_so():
    rounds = dealt_and_played(5, 2)
    body = json.loads(rounds[1].hand.resume_text())
    body["digest"] = "0" * 64
    assert rounds[0].resync(json.dumps(body)) == []
    assert "cheated" in rounds[0].stopped and "record of the hand differs" in rounds[0].stopped
    assert rounds[0].over()
