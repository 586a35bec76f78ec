"""Every public entry point refuses a bad argument with a GinError naming it (issue 17, item 9).

One table: each row calls an entry point with an argument of the wrong type or out of range
(ints, None, bytes, lists, dicts, floats, bools, bad text, ints too long to print). The call
must raise a :class:`GinError` subclass -- never ``AttributeError``, ``TypeError`` or a bare
``ValueError`` -- with a one-line message of reasonable length naming the problem, and a match
it was called on must be unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gin_core import (
    CARDS,
    ActionError,
    Card,
    GinError,
    Match,
    Rules,
    best_discard,
    deadwood,
    decode_deal_code,
    encode_deal_code,
    parse_cards,
    preset,
    save_match,
    settle,
)
from gin_core.analysis.coach import review, think_review
from gin_core.analysis.duplicate import duplicate_line
from gin_core.analysis.replay import frames, position
from gin_core.bots import make_bot

HUGE = 10**5000  # Python refuses to print it: a message must not try
ODD_VALUES: list[Any] = [5, None, b"draw_stock", ["draw_stock"], {"kind": "pass"}, 1.0, True, HUGE]


def _match() -> Match:
    return Match(preset("classic"), seed=1)


TEN = parse_cards("AC 2C 3C 5S 6S 7S 9H TH JH 9D")
OTHER = parse_cards("4D 5D 6D 8C 8D 8S JC QC KC 3H")
ELEVEN = TEN + parse_cards("KD")


def _duplicate(**given: Any) -> object:
    """duplicate_line with one argument replaced: refused at the call, before any slice."""
    args: dict[str, Any] = {"seat": 0, "day_seed": 1, "opponent": ("standard", 1)}
    return duplicate_line(preset("classic"), (), **(args | given))


def _calls() -> list[tuple[str, Callable[[], object], str]]:
    """(id, call, a word the message must contain)."""
    rows: list[tuple[str, Callable[[], object], str]] = []
    for v in ODD_VALUES:
        name = type(v).__name__ if v is not HUGE else "huge"
        rows += [
            (f"Card.parse({name})", lambda v=v: Card.parse(v), "card"),
            (f"decode_deal_code({name})", lambda v=v: decode_deal_code(v), "deal code"),
            (f"Rules(stock_end={name})", lambda v=v: Rules(stock_end=v), "stock_end"),
            (f"Rules.from_dict({name})", lambda v=v: Rules.from_dict(v), "rule"),
            (f"preset({name})", lambda v=v: preset(v), "preset"),
        ]
        if v != 5:  # 5 is a fine seed, deal seed and knock limit
            rows += [
                (f"encode_deal_code({name})", lambda v=v: encode_deal_code(v), "seed"),
                (f"Rules(knock_limit={name})", lambda v=v: Rules(knock_limit=v), "knock_limit"),
            ]
        if v != 5 and v is not None:
            rows.append((f"Match(seed={name})", lambda v=v: Match(seed=v), "seed"))
        if v is not None:  # None means "default rules" / "random seed" / "the rules' dealer" / "the mover"
            rows += [
                (f"Match(rules={name})", lambda v=v: Match(rules=v), "rules"),
                (f"Match(dealer={name})", lambda v=v: Match(dealer=v), "dealer"),
                (f"Match(first_deal={name})", lambda v=v: Match(first_deal=v), "deal code"),
                (f"apply({name})", lambda v=v: _match().apply(v), "action"),
                (f"apply(pass, player={name})", lambda v=v: _match().apply("pass", v), "player"),
            ]
        if not isinstance(v, (str, bytes, list, dict)) and v is not None:
            rows.append((f"parse_cards({name})", lambda v=v: parse_cards(v), "cards"))
        rows += [
            (f"view({name})", lambda v=v: _match().view(v), "player"),
            (f"undo({name})", lambda v=v: _match().undo(v), "player"),
            (f"make_bot({name})", lambda v=v: make_bot(v), "level"),
            (f"review({name})", lambda v=v: review(v, 1), "match"),
            (f"position({name})", lambda v=v: position(v, 1, 0), "match"),
            (f"duplicate_line(opponent={name})", lambda v=v: _duplicate(opponent=v), "opponent"),
        ]
        if v is not None and (type(v) not in (int, float) or v is HUGE):  # None, 5 and 1.0 are fine
            rows.append((f"make_bot(slice_ms={name})", lambda v=v: make_bot("standard", 1, v), "slice_ms"))
        if not isinstance(v, (list, dict)):
            rows.append((f"deadwood({name})", lambda v=v: deadwood(v), "list of cards"))
        if v != 5:  # 5 is a fine seed
            rows += [
                (f"make_bot(standard, {name})", lambda v=v: make_bot("standard", v), "seed"),
                (f"duplicate_line(day_seed={name})", lambda v=v: _duplicate(day_seed=v), "day_seed"),
            ]
        if v not in (0, 1) or isinstance(v, bool):
            rows.append((f"duplicate_line(seat={name})", lambda v=v: _duplicate(seat=v), "seat"))
    # the `type: ignore`s below mark the wrong types these calls pass on purpose: they are the misuse
    rows += [
        ("Match(seed=-1)", lambda: Match(seed=-1), "seed"),
        ("Match(seed=2**64)", lambda: Match(seed=2**64), "seed"),
        ("Match(dealer=2)", lambda: Match(dealer=2), "dealer"),
        ("Match(first_deal='x')", lambda: Match(first_deal="x"), "deal code"),
        ("view(2)", lambda: _match().view(2), "player"),
        ("view(-1)", lambda: _match().view(-1), "player"),
        ("view(0.0)", lambda: _match().view(0.0), "player"),  # type: ignore[arg-type]
        ("apply(player=2)", lambda: _match().apply("pass", 2), "player"),
        ("apply(object())", lambda: _match().apply(object()), "action"),  # type: ignore[arg-type]
        ("undo() with no move", lambda: _match().undo(0), "no move"),
        ("redo() with nothing undone", lambda: _match().redo(), "no move"),
        ("Card.parse('XX')", lambda: Card.parse("XX"), "card"),
        ("Card.parse('A' * 10**6)", lambda: Card.parse("A" * 10**6), "card"),
        ("Card(14, 'S')", lambda: Card(14, "S"), "card"),
        ("Card(1, ['S'])", lambda: Card(1, ["S"]), "card"),  # type: ignore[arg-type]
        ("parse_cards('AS XX')", lambda: parse_cards("AS XX"), "card"),
        ("parse_cards(b'AS')", lambda: parse_cards(b"AS"), "cards"),  # type: ignore[arg-type]
        ("parse_cards([1, 2])", lambda: parse_cards([1, 2]), "card"),  # type: ignore[list-item]
        ("parse_cards({'AS': 1})", lambda: parse_cards({"AS": 1}), "cards"),  # type: ignore[arg-type]
        ("decode_deal_code('7KQ-M2X')", lambda: decode_deal_code("7KQ-M2X"), "deal code"),
        ("decode_deal_code('9' * 5000)", lambda: decode_deal_code("9" * 5000), "deal code"),
        ("encode_deal_code(2**35)", lambda: encode_deal_code(2**35), "seed"),
        ("Rules(1)", lambda: Rules(1), "by name"),  # type: ignore[misc]
        ("Rules(knock_limt=10)", lambda: Rules(knock_limt=10), "no such rule"),  # type: ignore[call-arg]
        ("Rules(target=0)", lambda: Rules(target=0), "target"),
        ("Rules(first_dealer=2)", lambda: Rules(first_dealer=2), "first_dealer"),
        (
            "Rules(oklahoma=True, first_upcard=False)",
            lambda: Rules(oklahoma=True, first_upcard=False),
            "upcard",
        ),
        ("Rules.from_dict({})", lambda: Rules.from_dict({}), "missing rule"),
        ("Rules.from_dict({1: 2})", lambda: Rules.from_dict({1: 2}), "no such rule"),
        ("Rules.from_dict({HUGE: 2})", lambda: Rules.from_dict({HUGE: 2}), "no such rule"),
        ("Rules().replace(foo=1)", lambda: Rules().replace(foo=1), "no such rule"),
        ("preset('Classic')", lambda: preset("Classic"), "preset"),
        ("make_bot('nobody', 1)", lambda: make_bot("nobody", 1), "the levels are beginner, standard"),
        ("make_bot(standard, 'x')", lambda: make_bot("standard", "x"), "seed"),  # type: ignore[arg-type]
        ("make_bot(standard, -1)", lambda: make_bot("standard", -1), "seed"),
        ("make_bot(standard, 2**64)", lambda: make_bot("standard", 2**64), "seed"),
        ("make_bot(standard, slice_ms='x')", lambda: make_bot("standard", 1, "x"), "slice_ms"),  # type: ignore[arg-type]
        ("make_bot(standard, slice_ms=0)", lambda: make_bot("standard", 1, 0), "slice_ms"),
        ("make_bot(standard, slice_ms=-8)", lambda: make_bot("standard", 1, -8), "slice_ms"),
        ("make_bot(standard, slice_ms=nan)", lambda: make_bot("standard", 1, float("nan")), "slice_ms"),
        ("make_bot(standard, slice_ms=inf)", lambda: make_bot("standard", 1, float("inf")), "slice_ms"),
        ("review(None, 1)", lambda: review(None, 1), "match"),  # type: ignore[arg-type]
        ("review(hand 1 unfinished)", lambda: review(_match(), 1), "finished hand"),
        ("think_review(None, 1)", lambda: think_review(None, 1), "match"),  # type: ignore[arg-type]
        ("position(None, 1, 0)", lambda: position(None, 1, 0), "match"),  # type: ignore[arg-type]
        ("frames(None, 1)", lambda: frames(None, 1), "match"),  # type: ignore[arg-type]
        ("position(hand HUGE)", lambda: position(_match(), HUGE, 0), "finished hand"),
        ("duplicate_line(seat=True)", lambda: _duplicate(seat=True), "seat"),
        ("duplicate_line(seat=2)", lambda: _duplicate(seat=2), "seat"),
        ("duplicate_line(opponent=None)", lambda: _duplicate(opponent=None), "opponent"),
        ("duplicate_line(opponent=('nobody', 1))", lambda: _duplicate(opponent=("nobody", 1)), "level"),
        ("duplicate_line(opponent=('standard', -1))", lambda: _duplicate(opponent=("standard", -1)), "seed"),
        ("duplicate_line(level='x')", lambda: _duplicate(level="x"), "level"),
        ("duplicate_line(slice_ms=0)", lambda: _duplicate(slice_ms=0), "slice_ms"),
        ("best_discard(10 cards)", lambda: best_discard(TEN), "11 cards"),
        ("best_discard(12 cards)", lambda: best_discard(TEN + parse_cards("2D 3D")), "exactly 11"),
        ("best_discard(forbidden='KC')", lambda: best_discard(ELEVEN, "KC"), "forbidden"),  # type: ignore[arg-type]
        ("settle(a card twice)", lambda: settle(TEN[:9] + TEN[:1], OTHER, preset("classic")), "twice"),
        (
            "settle(defender: a card twice)",
            lambda: settle(TEN, OTHER[:9] + OTHER[:1], preset("classic")),
            "twice",
        ),
        ("deadwood([1, 2])", lambda: deadwood([1, 2]), "cards"),  # type: ignore[list-item]
        ("deadwood('AS KS')", lambda: deadwood("AS KS"), "list of cards"),  # type: ignore[arg-type]
        ("deadwood(12 cards)", lambda: deadwood(TEN + parse_cards("2D 3D")), "at most 11"),
        ("deadwood(52 cards)", lambda: deadwood(CARDS), "at most 11"),
    ]
    return rows


CALLS = _calls()
# apply("discard XX") raises ActionError, which becomes a GinError on the engine14 branch
# (issue 17, item 9); until both are merged these rows expect exactly that ActionError.
ACTION_TEXT = ["discard XX", "", "shuffle", "discard", "pass AS", "draw_stock now please", "\n"]
XFAIL_ACTION = pytest.mark.xfail(
    not issubclass(ActionError, GinError),
    raises=ActionError,
    strict=True,
    reason="ActionError is not yet a GinError (engine14's change)",
)


def _check(call: Callable[[], object], word: str) -> None:
    with pytest.raises(GinError) as info:
        call()
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 300, message
    assert word.lower() in message.lower(), f"{message!r} does not name {word!r}"


@pytest.mark.parametrize(("call", "word"), [(c, w) for _, c, w in CALLS], ids=[i for i, _, _ in CALLS])
def test_misuse_raises_a_gin_error_naming_the_problem(call, word):
    _check(call, word)


@pytest.mark.parametrize("text", [pytest.param(t, marks=XFAIL_ACTION) for t in ACTION_TEXT])
def test_bad_action_text_raises_a_gin_error(text):
    _check(lambda: _match().apply(text), "action")


@pytest.mark.parametrize(
    "bad", [v for v in ODD_VALUES if v is not None] + [2, -1, "x"], ids=lambda v: type(v).__name__
)
def test_a_refused_call_changes_nothing(bad):
    m = _match()
    m.apply("pass")
    before = save_match(m)
    for call in (
        lambda: m.apply(bad),
        lambda: m.apply("pass", bad),
        lambda: m.view(bad),
        lambda: m.undo(bad),
    ):
        try:
            call()
        except GinError:
            pass
        except ActionError:  # apply("x"): see XFAIL_ACTION
            pass
        assert save_match(m) == before


def test_dealer_true_is_refused_not_saved():
    """Item 9: Match(dealer=True) was accepted, and its save then failed to load."""
    with pytest.raises(GinError, match="dealer must be 0 or 1, not True"):
        Match(dealer=True)


def test_the_table_covers_every_entry_point():
    names = {row_id.split("(")[0].split(" ")[0] for row_id, _, _ in CALLS}
    assert names >= {
        "Match",
        "view",
        "apply",
        "undo",
        "redo",
        "Card.parse",
        "Card",
        "parse_cards",
        "decode_deal_code",
        "encode_deal_code",
        "Rules",
        "Rules.from_dict",
        "preset",
        "make_bot",
        "review",
        "think_review",
        "position",
        "frames",
        "duplicate_line",
        "best_discard",
        "settle",
        "deadwood",
    }
