"""Undo and redo in Match (issue 15), with the same semantics the page had in controller.py.

``undo(p)`` takes back ``p``'s last move of the current hand and the opponent's replies after
it, never across a hand boundary nor once the hand is over; ``redo()`` plays the taken-back
moves again while nothing new was played; the save carries the redo stack.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action, Match, SaveError, TakeBack, UndoError, load_match, preset, save_match
from gin_core.presets import PRESETS
from gin_core.save import from_dict


def page_undo_point(m: Match) -> int | None:
    """The page's rule (web/ginweb/controller.py before the switch), for player 0."""
    if m.phase in ("hand_over", "match_over"):
        return None
    for i in range(len(m.history) - 1, -1, -1):
        p, a = m.history[i]
        if a.kind == "next_hand":
            return None
        if p == 0:
            return i
    return None


def page_replay(m: Match, n: int) -> Match:
    new = Match(m.rules, seed=m.seed, dealer=m.dealer_choice, first_deal=m.first_deal)
    for p, a in m.history[:n]:
        new.apply(a, p)
    return new


def position(name: str, seed: int, steps: int) -> Match:
    rng = random.Random(seed)
    m = Match(PRESETS[name](), seed=seed)
    for _ in range(steps):
        if m.result is not None:
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


def state(m: Match) -> tuple[object, ...]:
    return (m.view(0), m.view(1), m.history, m.events, m.records, m.legal_actions())


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_undo_is_the_page_undo(name, count):
    """At every point of random matches, undo(0) leaves what the page's undo_point + replay
    left, and is possible exactly when the page allowed it."""
    for seed in range(count(1)):
        m = position(name, seed, 0)
        rng = random.Random(seed)
        while m.result is None and len(m.history) < 90:
            k = page_undo_point(m)
            assert m.can_undo(0) == (k is not None) and m.undo_point(0) == k
            if k is not None:
                expected = page_replay(m, k)
                taken = m.history[k:]
                u = load_match(save_match(m))
                u.undo(0)
                assert state(u) == state(expected)
                assert u.can_redo and u.redo_stack == [tuple(taken)]
                u.redo()
                assert state(u) == state(m) and not u.can_redo
            m.apply(rng.choice(m.legal_actions()))


def test_undo_takes_back_the_replies_and_redo_plays_them_again():
    m = position("classic", 4, 0)
    rng = random.Random(4)
    while len(m.history) < 12 or m.to_move != 0:
        m.apply(rng.choice(m.legal_actions()))
    before = save_match(m)
    last_own = max(i for i, (p, _) in enumerate(m.history) if p == 0)
    replies = m.history[last_own + 1 :]
    assert replies and all(p == 1 for p, _ in replies)
    m.undo(0)
    assert len(m.history) == last_own and m.to_move == 0
    m.undo(0)
    assert m.can_redo and len(m.redo_stack) == 2
    m.redo()
    m.redo()
    assert save_match(m) == before and not m.can_redo
    with pytest.raises(UndoError, match="no move to play again"):
        m.redo()


def test_a_new_move_forgets_what_was_undone():
    m = position("eaai", 2, 20)
    while m.to_move != 0:
        m.apply(m.legal_actions()[0])
    m.undo(0)
    assert m.can_redo
    m.apply(m.legal_actions()[-1])
    assert not m.can_redo


def test_no_undo_across_a_hand_or_once_it_is_over():
    m = position("openspiel", 8, 0)
    rng = random.Random(8)
    while m.result is None:
        m.apply(rng.choice(m.legal_actions()))
    assert not m.can_undo(0) and not m.can_undo(1)
    with pytest.raises(UndoError, match="no move to take back"):
        m.undo(0)
    m = position("classic", 1, 0)
    rng = random.Random(1)
    while m.phase != "hand_over":
        m.apply(rng.choice(m.legal_actions()))
    m.apply("next_hand")
    assert not m.can_undo(0) and not m.can_undo(1)  # nobody has moved in the new hand


def test_undo_refused_changes_nothing():
    m = position("classic", 3, 0)
    before = save_match(m)
    for player in (0, 1):
        if not m.can_undo(player):
            with pytest.raises(UndoError):
                m.undo(player)
    assert save_match(m) == before


# ----- the save carries the redo stack ---------------------------------------------------------


def undone(name: str = "tournament", seed: int = 6, steps: int = 30) -> Match:
    m = position(name, seed, steps)
    while m.phase in ("hand_over", "match_over") or not m.can_undo(0):
        m.apply(m.legal_actions()[0])
    m.undo(0)
    if m.can_undo(1):
        m.undo(1)
    return m


def test_save_round_trip_keeps_the_redo_stack():
    m = undone()
    loaded = load_match(save_match(m))
    assert loaded.redo_stack == m.redo_stack and state(loaded) == state(m)
    while m.can_redo:
        m.redo()
        loaded.redo()
        assert state(loaded) == state(m)


@pytest.mark.parametrize(
    "edit",
    [
        "drop_first",
        "swap_players",
        "next_hand",
        "not_a_move",
        "empty_batch",
        "player_null",
        "order",
        "drop_batch",
        "extra",
    ],
)
def test_tampered_redo_stack_is_a_save_error(edit):
    m = undone()
    d = json.loads(save_match(m))
    redo = d["redo"]
    assert len(redo) == 2
    if edit == "drop_first":
        redo[-1] = redo[-1][1:]
    elif edit == "swap_players":
        redo[-1][0][0] = 1 - redo[-1][0][0]
    elif edit == "next_hand":
        redo[-1].append([None, "next_hand"])
    elif edit == "not_a_move":
        redo[-1][0][1] = "discard XX"
    elif edit == "empty_batch":
        redo.append([])
    elif edit == "player_null":
        redo[-1][0][0] = None
    elif edit == "order":
        redo.reverse()
    elif edit == "drop_batch":  # found by the save fuzz: a shorter stack undo could have left
        del redo[0]
    else:
        redo.append(redo[0])
    with pytest.raises(SaveError, match=r"redo|does not match"):
        from_dict(d)


# ----- a model: any sequence of moves, undos and redos ------------------------------------------


@settings(max_examples=2 * settings.default.max_examples)
@given(
    seed=st.integers(0, 2**20),
    ops=st.lists(st.sampled_from(["play", "play", "play", "undo0", "undo1", "redo", "save"]), max_size=80),
)
def test_undo_redo_against_a_model(seed, ops):
    """The match always equals a fresh replay of its history; redo returns to the state
    before the matching undo; a save at any point loads to the same match and stack."""
    rng = random.Random(seed)
    m = Match(preset("classic"), seed=seed)
    before_undo: list[str] = []
    for op in ops:
        if op == "play" and m.result is None:
            m.apply(rng.choice(m.legal_actions()))
            before_undo.clear()
        elif op.startswith("undo") and m.can_undo(int(op[-1])):
            before_undo.append(save_match(m))
            m.undo(int(op[-1]))
        elif op == "redo" and m.can_redo:
            m.redo()
            assert json.loads(save_match(m))["state"] == json.loads(before_undo.pop())["state"]
        elif op == "save":
            m = load_match(save_match(m))
        assert len(before_undo) == len(m.redo_stack)
        assert state(page_replay(m, len(m.history))) == state(m)


# ----- a person's undo: only what showed them nothing (issue 27, item 5) ----------------------------


def test_a_stock_draw_cannot_be_taken_back_fairly():
    """Taken back, the card drawn would still top the stock: the player could look, then take
    the pile instead."""
    m = Match(preset("classic"), seed=7, dealer=1)
    m.apply(Action.parse("pass"), 0)
    m.apply(Action.parse("pass"), 1)
    m.apply(Action.parse("draw_stock"), 0)
    assert m.can_undo(0) and m.fair_undo(0) == TakeBack.CARD_SEEN
    discard = next(a for a in m.legal_actions() if a.kind == "discard")
    m.apply(discard, 0)
    assert m.fair_undo(0) is None, "the discard after it showed nothing"
    m.undo(0)
    assert m.fair_undo(0) == TakeBack.CARD_SEEN, "but not the draw before it"


def test_a_move_the_opponent_answered_cannot_be_taken_back_fairly():
    m = Match(preset("classic"), seed=7, dealer=1)
    m.apply(Action.parse("pass"), 0)
    assert m.fair_undo(0) is None, "not answered yet"
    m.apply(Action.parse("pass"), 1)
    assert m.fair_undo(0) == TakeBack.ANSWERED
    m.apply(Action.parse("draw_stock"), 0)
    m.apply(next(a for a in m.legal_actions() if a.kind == "discard"), 0)
    m.apply(Action.parse("draw_pile"), 1)
    assert m.fair_undo(0) == TakeBack.ANSWERED, "it took your discard: you saw that it wanted it"
    assert m.fair_undo(1) is None, "a face-up card showed it nothing new"


def test_nothing_to_take_back_at_the_start_or_after_the_hand():
    m = Match(preset("classic"), seed=7, dealer=1)
    assert m.fair_undo(0) == TakeBack.NOTHING and m.fair_undo(1) == TakeBack.NOTHING


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_a_fair_undo_is_an_undo_of_the_last_move_only(seed, steps):
    """Whenever the fair rule allows it, undo takes back exactly one move, the player's last,
    with no reply of the opponent's."""
    m = position("classic", seed, steps)
    for player in (0, 1):
        if m.fair_undo(player) is None:
            n = len(m.history)
            assert m.history[-1][0] == player and m.history[-1][1].kind != "draw_stock"
            copy = load_match(save_match(m))
            copy.undo(player)
            assert len(copy.history) == n - 1
