"""Every entry point of the engine's front door, walked with odd arguments (issue 43 item 12).

Each callable ``gin_core`` exports (its functions, the constructors of the classes a caller
builds, their ``parse``/``of``/``from_data``/``from_dict``, and the methods of a Match and a
Table) is called with valid arguments but one, which is replaced by an odd value: None, a
wrong type, an out-of-range or huge integer, NaN, infinities, text. The call either raises a
:class:`GinError` subclass with a one-line message, or succeeds (a documented success: the
odd value is one it takes). A thinking generator is advanced one slice: its arguments are
checked at the call. The value types the engine returns (Arrangement, Frame, PlayerView...)
are results, not entry points: a caller never builds them.

``test_every_exported_callable_is_walked`` fails when a name is added to the front door without
a row here.
"""

from __future__ import annotations

import datetime
import inspect
from collections.abc import Callable, Generator
from functools import cache
from typing import Any

import pytest

import gin_core
import gin_core.puzzles
from gin_core import (
    Action,
    Card,
    GinError,
    HandReview,
    Match,
    Rules,
    Table,
    make_bot,
    parse_cards,
    preset,
    table_preset,
)
from gin_core.analysis.coach import Strength
from gin_core.analysis.duplicate import dealt_hands
from gin_core.puzzles import Position, daily_puzzle
from gin_core.table import TablePhase

HUGE = 10**5000
ODD: list[Any] = [None, "x", "", -1, 7, 2**64, HUGE, float("nan"), float("inf"), -1e308, True, [], {}, b"x"]
LIGHT = Strength(4, 300)


@cache
def finished() -> Match:
    """A match of classic rules with two hands finished."""
    m = Match(preset("classic"), seed=11)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    while len(m.records) < 2:
        if m.phase == "hand_over":
            m.apply(m.view(0).legal_actions[0])
        else:
            m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return m


@cache
def a_review() -> HandReview:
    return gin_core.analysis.coach.review(finished(), 1, strength=LIGHT)


@cache
def a_table() -> Table:
    table = Table(table_preset("three"), seed=5, dealer=0)
    bots = [make_bot("beginner", s) for s in range(table.seats)]
    while table.phase == TablePhase.PLAY:
        seat = table.to_move[0]
        view = table.view(seat).play
        assert view is not None
        table.apply(seat, bots[seat].decide(view).action)
    return table


TEN = parse_cards("AC 2C 3C 5S 6S 7S 9H TH JH 9D")
ELEVEN = [*TEN, Card.parse("KD")]
OTHER = parse_cards("4D 5D 6D 8C 8D 8S JC QC KC 3H")


def fresh() -> Match:
    return Match(preset("classic"), seed=1)


def moved() -> Match:
    """A match with one move to take back."""
    m = fresh()
    m.apply("pass")
    return m


Row = tuple[Callable[..., Any], list[Any], dict[str, Any]]


def rows() -> dict[str, Row]:
    """name -> (the callable, valid positional arguments, valid keyword arguments)."""
    m, r, t = finished(), a_review(), a_table()
    start = fresh()
    view = start.view(start.to_move)  # a decision: take the upcard or pass
    code = m.records[0].deal_code
    hand = dealt_hands(m.records, 0)[0]
    luck = gin_core.hand_luck(m, 1, r)
    shipped = gin_core.puzzles.puzzle_by_id("p0001")
    g = gin_core
    return {
        "Action": (Action, [g.ActionKind.PASS], {}),
        "Action.parse": (Action.parse, ["discard AS"], {}),
        "Card": (Card, [1, "S"], {}),
        "Card.parse": (Card.parse, ["AS"], {}),
        "DuplicateLine.from_data": (
            g.DuplicateLine.from_data,
            [{"seat": 0, "opponent": "standard", "hands": []}],
            {},
        ),
        "HandLuck.from_data": (g.HandLuck.from_data, [luck.to_data()], {}),
        "HandReview.from_data": (HandReview.from_data, [r.to_data()], {}),
        "Hand": (g.Hand, [preset("classic"), list(g.CARDS), 0], {}),
        "Luck.from_data": (g.Luck.from_data, [luck.items[0].to_data()], {}),
        "Match": (Match, [], {"rules": preset("classic"), "seed": 1, "dealer": 0, "first_deal": code}),
        "Match.apply": (lambda *a: fresh().apply(*a), ["pass", start.to_move], {}),
        "Match.view": (lambda *a: fresh().view(*a), [0], {}),
        "Match.undo": (lambda *a: moved().undo(*a), [start.to_move], {}),
        "Match.fair_undo": (lambda *a: fresh().fair_undo(*a), [0], {}),
        "Match.can_undo": (lambda *a: fresh().can_undo(*a), [0], {}),
        "Meld.parse": (g.Meld.parse, ["AS 2S 3S"], {}),
        "Meld.of": (g.Meld.of, [parse_cards("AS 2S 3S")], {}),
        "Meld.from_mask": (g.Meld.from_mask, [7], {}),
        "Mistake.from_data": (
            g.Mistake.from_data,
            [g.Mistake(g.MistakeKind.KNOCKED_TOO_EARLY).to_data()],
            {},
        ),
        "Position.of": (Position.of, [view], {}),
        "Position.parse": (Position.parse, [Position.of(view).code], {}),
        "Rating.from_data": (g.Rating.from_data, [g.rating([r]).to_data()], {}),
        "Rules": (Rules, [], {"knock_limit": 10}),
        "Rules.from_dict": (Rules.from_dict, [preset("classic").to_dict()], {}),
        "Table": (Table, [table_preset("three")], {"seed": 1, "dealer": 0}),
        "Table.replay": (lambda *a: a_table().replay(*a), [1, 0], {}),
        "Table.view": (lambda *a: a_table().view(*a), [0], {}),
        "Table.legal_actions": (lambda *a: a_table().legal_actions(*a), [0], {}),
        "Table.game_of": (lambda *a: a_table().game_of(*a), [1], {}),
        "Table.fair_undo": (lambda *a: a_table().fair_undo(*a), [0], {}),
        "TableRules.from_dict": (g.TableRules.from_dict, [table_preset("three").to_dict()], {}),
        "TheirLuck.from_data": (g.TheirLuck.from_data, [g.their_luck(m, 1, r).to_data()], {}),
        "Verdict.from_data": (g.Verdict.from_data, [r.verdicts[0].to_data()], {}),
        "band_of": (g.band_of, [2.0], {}),
        "best_arrangement": (g.best_arrangement, [TEN], {}),
        "best_defence": (g.best_defence, [OTHER, list(g.best_arrangement(TEN).melds)], {}),
        "best_discard": (g.best_discard, [ELEVEN], {}),
        "daily_puzzle": (daily_puzzle, [datetime.date(2026, 1, 1)], {}),
        "deadwood": (g.deadwood, [TEN], {}),
        "deal_seed": (g.deal_seed, [1, 1], {}),
        "dealt_hands": (g.dealt_hands, [m.records, 0], {}),
        "declarations": (g.declarations, [ELEVEN, 10], {}),
        "decode_deal_code": (g.decode_deal_code, [code], {}),
        "default_declaration": (g.default_declaration, [ELEVEN], {}),
        "diagnose": (g.diagnose, [view, view.legal_actions[0], view.legal_actions[-1]], {}),
        "encode_deal_code": (g.encode_deal_code, [1], {}),
        "expert_seed": (g.expert_seed, [1, 1], {}),
        "first_move": (g.first_move, [m, 1], {}),
        "format_cards": (g.format_cards, [TEN], {}),
        "frames": (g.frames, [m, 1], {}),
        "grade": (g.grade, [r.verdicts[0]], {}),
        "hand_luck": (g.hand_luck, [m, 1, r], {}),
        "hand_moves": (g.hand_moves, [m, 1], {}),
        "hand_points": (g.hand_points, [m.records[0].settlement], {}),
        "hand_summary": (g.hand_summary, [r], {"top": 3}),
        "hollywood_score": (g.hollywood_score, [preset("classic"), 150, []], {}),
        "is_meld_mask": (g.is_meld_mask, [7], {}),
        "json_shape": (g.json_shape, ["[1]"], {}),
        "load_any": (g.load_any, [g.save_match(m)], {}),
        "load_match": (g.load_match, [g.save_match(m)], {}),
        "load_table": (g.load_table, [g.save_table(t)], {}),
        "make_bot": (g.make_bot, ["standard", 1, None], {}),
        "match_luck": (g.match_luck, [m, {1: r}], {}),
        "match_result": (g.match_result, [preset("classic"), m.records], {}),
        "move_accuracy": (g.move_accuracy, [2.0], {}),
        "never_seen": (g.never_seen, [m, 1, 0], {}),
        "optimal_arrangements": (g.optimal_arrangements, [TEN], {}),
        "parse_cards": (g.parse_cards, ["AS 2S"], {}),
        "position": (g.position, [m, 1, 0], {}),
        "preset": (g.preset, ["classic"], {}),
        "preset_name": (g.preset_name, [preset("classic")], {}),
        "puzzle_by_id": (gin_core.puzzles.puzzle_by_id, ["p0001"], {}),
        "puzzle_of": (gin_core.puzzles.puzzle_of, [shipped.position, shipped.moves], {"pid": ""}),
        "puzzle_set": (gin_core.puzzles.puzzle_set, [], {}),
        "rating": (g.rating, [[r]], {}),
        "replay_hand": (
            g.replay_hand,
            [preset("classic"), hand, 0, make_bot("beginner"), make_bot("beginner")],
            {},
        ),
        "rule_fields": (g.rule_fields, [], {}),
        "same_move": (g.same_move, [view.legal_actions[0], view.legal_actions[0]], {}),
        "save_match": (g.save_match, [m], {}),
        "save_table": (g.save_table, [t], {}),
        "settle": (g.settle, [TEN, OTHER, preset("classic")], {"knocker": 0, "multiplier": 1}),
        "sort_cards": (g.sort_cards, [TEN, "rank"], {}),
        "stacked_deck": (g.stacked_deck, [TEN, OTHER], {}),
        "table_preset": (g.table_preset, ["three"], {}),
        "their_luck": (g.their_luck, [m, 1, r], {}),
        "think_hint": (g.think_hint, [view, 1, None], {}),
        "think_review": (g.think_review, [m, 1], {"threshold": 8.0, "slice_ms": None, "player": 0}),
        "think_solve": (gin_core.puzzles.think_solve, [Position.of(view)], {"seed": 0, "slice_ms": None}),
        "whole_number": (g.whole_number, ["7", 9], {"low": 0}),
    }


def _run(call: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> None:
    """Call; a thinking generator is advanced one slice (its arguments are checked at the call)."""
    out = call(*args, **kwargs)
    if isinstance(out, Generator):
        next(out, None)


def odd_calls(name: str) -> list[tuple[str, list[Any], dict[str, Any]]]:
    """Every call of ``name``'s row with one argument replaced by an odd value."""
    _, args, kwargs = rows()[name]
    found: list[tuple[str, list[Any], dict[str, Any]]] = []
    for odd in ODD:
        shown = "huge" if odd is HUGE else repr(odd)[:12]
        found += [(f"arg {k} = {shown}", [*args[:k], odd, *args[k + 1 :]], kwargs) for k in range(len(args))]
        found += [(f"{key} = {shown}", args, kwargs | {key: odd}) for key in kwargs]
    return found


def test_every_exported_callable_is_walked() -> None:
    walked = {name.partition(".")[0] for name in rows()}
    exported = set(gin_core.__all__) | set(gin_core.puzzles.__all__)
    entry_points = {
        n
        for n in exported
        if (inspect.isfunction(getattr(gin_core.puzzles if n in gin_core.puzzles.__all__ else gin_core, n)))
    }
    assert entry_points <= walked, sorted(entry_points - walked)


@pytest.mark.parametrize("name", sorted(rows()))
def test_odd_arguments_raise_a_gin_error_or_are_taken(name: str) -> None:
    call, args, kwargs = rows()[name]
    _run(call, args, kwargs)  # the row itself is valid
    wrong = []
    for label, odd_args, odd_kwargs in odd_calls(name):
        try:
            _run(call, odd_args, odd_kwargs)
        except GinError as e:
            message = str(e)
            if not message or "\n" in message or len(message) > 300:
                wrong.append(f"{label}: message {message[:80]!r}")
        except Exception as e:  # noqa: BLE001  (what the test finds: must be none)
            wrong.append(f"{label}: {type(e).__name__}: {str(e)[:60]}")
    assert not wrong, f"{name}: {len(wrong)} of {len(odd_calls(name))} odd calls\n" + "\n".join(wrong)


@pytest.mark.parametrize("text", ["²", "p", "٣", " 7", "7 ", "+7", "-7", "1_000", "", "7" * 41, "10"])
def test_whole_number_reads_ascii_digits_only(text: str) -> None:
    """Issue 43 item 10: ``str.isdigit`` is true for "²" and ``int`` takes "٣" and "1_000"."""
    assert gin_core.whole_number(text, 9) is None
    assert gin_core.whole_number("7", 9) == 7 and gin_core.whole_number("007", 9) == 7
