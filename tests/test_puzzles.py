"""Puzzles (issue 29): position codes round-trip and hide what the player cannot know; the
shipped set parses, its answers are legal and a seeded sample re-verifies at the 10x search;
the daily puzzle is fixed by the date."""

from __future__ import annotations

import copy
import datetime
import itertools
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Match, Rules, preset
from gin_core.actions import Action, ActionKind
from gin_core.bots import make_bot
from gin_core.bots.base import finish
from gin_core.puzzles import (
    Position,
    PositionCodeError,
    PositionError,
    PuzzleError,
    daily_puzzle,
    puzzle_by_id,
    puzzle_of,
    puzzle_set,
    think_solve,
)
from gin_core.puzzles import puzzle as puzzle_module
from gin_core.puzzles.puzzle import (
    current_id,
    format_line,
    next_id,
    parse_line,
    puzzle_id,
    stable_id,
    verifier,
)
from gin_core.puzzles.verify import verify
from gin_core.view import PlayerView

EXAMPLES = settings.default.max_examples  # the active profile's (see conftest.py)
RULES = (
    Rules(),
    preset("classic"),
    preset("no_upcard"),
    preset("openspiel"),
    Rules(oklahoma=True, target=None),
)
FIELDS = (
    "hand", "pile", "discards", "pile_takes", "declined", "opponent_known", "scores", "dealer", "phase",
    "forbidden", "must_knock", "legal_actions", "stock_size", "knock_limit", "multiplier", "upcard",
    "hand_number", "to_move", "player", "rules",
)  # fmt: skip


def decision(seed: int, steps: int) -> tuple[Match, PlayerView]:
    """A match of beginner against standard played to a decision of the player to move, at
    about ``steps`` moves in (the rules picked by the seed)."""
    m = Match(RULES[seed % len(RULES)], seed=seed)
    bots = [make_bot("beginner", seed), make_bot("standard", seed + 1)]
    found: tuple[Match, PlayerView] | None = None
    for _ in range(steps + 200):
        if m.phase == "match_over":
            break
        if m.phase == "hand_over":
            m.apply("next_hand")
            continue
        p = m.to_move
        assert p is not None
        v = m.view(p)
        if len(v.legal_actions) > 1:
            found = (copy.deepcopy(m), v)
            if steps <= 0:
                break
        steps -= 1
        m.apply(bots[p].decide(v).action, p)
    assert found is not None
    return found


@settings(max_examples=max(3, EXAMPLES // 2))
@given(st.integers(0, 10_000), st.integers(0, 120))
def test_codes_round_trip(seed: int, steps: int) -> None:
    _, v = decision(seed, steps)
    p = Position.of(v)
    assert Position.parse(p.code) == p
    assert str(p) == p.code
    assert p.preset == (
        None if seed % len(RULES) == 4 else ("default", "classic", "no_upcard", "openspiel")[seed % 5]
    )
    assert set(p.code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    w = p.view()
    for name in FIELDS:
        assert getattr(w, name) == getattr(v, name), name


@settings(max_examples=max(3, EXAMPLES // 4))
@given(st.integers(0, 10_000), st.integers(0, 60), st.randoms(use_true_random=False))
def test_code_holds_no_hidden_card(seed: int, steps: int, rnd: random.Random) -> None:
    """Two matches that differ only in cards the deciding player has not seen (the opponent's
    unknown cards and the stock, swapped) give the same code."""
    m, v = decision(seed, steps)
    h = m.hand
    me = v.player
    other = copy.deepcopy(m)
    oh = other.hand
    unknown = [c for c in oh.hands[1 - me] if c not in oh.known[1 - me]]
    if oh.stock and unknown:
        i, j = oh.hands[1 - me].index(rnd.choice(unknown)), rnd.randrange(len(oh.stock))
        oh.hands[1 - me][i], oh.stock[j] = oh.stock[j], oh.hands[1 - me][i]
    assert other.view(me).hand == v.hand
    assert Position.of(other.view(me)).code == Position.of(v).code
    assert h.hands[1 - me] is not oh.hands[1 - me]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "letters, digits"),
        ("ab!c", "only letters"),
        ("A", "base64"),
        ("AgAB", "version"),
        ("AQ", "cut short"),
        ("AQkAAQ", "no preset"),
    ],
)
def test_bad_codes_name_the_rule(text: str, words: str) -> None:
    with pytest.raises(PositionCodeError, match=words):
        Position.parse(text)


def _bytes_code(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_bad_positions_are_refused() -> None:
    _, v = decision(3, 30)
    p = Position.of(v)
    import base64

    raw = bytearray(base64.urlsafe_b64decode(p.code + "=" * (-len(p.code) % 4)))
    hand_at = 10  # version, rules (a preset), seats, hand number (2), scores (4), upcard
    size = raw[hand_at]
    twice = bytearray(raw)
    twice[hand_at + 2] = twice[hand_at + 1]
    with pytest.raises(PositionCodeError):
        Position.parse(_bytes_code(bytes(twice)))
    not_card = bytearray(raw)
    not_card[hand_at + size] = 60
    with pytest.raises(PositionCodeError, match="not a card"):
        Position.parse(_bytes_code(bytes(not_card)))
    with pytest.raises(PositionCodeError, match="no move"):
        Position.parse(_bytes_code(bytes(raw) + bytes([200])))
    short_hand = bytearray(raw)
    short_hand[hand_at] = size - 1
    del short_hand[hand_at + size]
    with pytest.raises(PositionCodeError):
        Position.parse(_bytes_code(bytes(short_hand)))


def test_a_view_that_is_no_decision_is_refused() -> None:
    m = Match(preset("no_upcard"), seed=1)
    v = m.view(m.to_move or 0)
    with pytest.raises(PositionError, match="decision"):
        Position.of(v)


def test_every_shipped_puzzle_parses_with_a_legal_answer() -> None:
    puzzles = puzzle_set()
    assert len(puzzles) >= 1  # the count is in benchmarks/puzzles.md
    for k, pz in enumerate(puzzles):
        legal = pz.position.legal_actions
        assert pz.id == puzzle_id(k) == stable_id(pz.position.code, legal.index(pz.answer))
        assert pz.answer in legal
        assert {m.action for m in pz.moves} <= set(legal)
        assert pz.moves[0].score() >= pz.moves[1].score()
        assert 600 <= pz.rating <= 2400
        assert pz.reason(pz.moves[1].action).points == pz.moves[1].points
    assert puzzle_by_id(puzzles[-1].id) == puzzles[-1]


def test_an_id_is_a_digest_of_position_and_answer_not_a_line_number() -> None:
    """Issue 41: ids were line numbers, so pruning the set renumbered every later puzzle (and
    the progress keyed by them). An id now depends on the puzzle alone."""
    puzzles = puzzle_set()
    assert len({pz.id for pz in puzzles}) == len(puzzles)
    assert all(re.fullmatch(r"p[a-z2-7]{6}", pz.id) for pz in puzzles)
    pz = puzzles[0]
    other = pz.position.legal_actions.index(pz.moves[1].action)
    assert stable_id(pz.position.code, other) != pz.id  # re-answered: another puzzle
    assert parse_line("", format_line(pz)) == replace(pz, id="")  # the line holds no id


def test_an_id_from_when_ids_were_line_numbers_finds_its_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Links shared and progress stored before issue 41 name puzzles by line number; they open
    the same puzzle (pinned: lines 1 and 1257 of the set then), and a retired one says so."""
    assert (current_id("p0001"), current_id("p1257")) == ("p53dl4f", "pcqxrfl")
    assert current_id("p53dl4f") == "p53dl4f" and current_id("p9999") == "p9999"  # not another puzzle
    here = {pz.id for pz in puzzle_set()}
    for n in range(1, 1258):
        old = f"p{n:04d}"
        if current_id(old) in here:
            assert puzzle_by_id(old).id == current_id(old)
        else:
            with pytest.raises(PuzzleError, match=f"{old} any more: it was retired"):
                puzzle_by_id(old)
            with pytest.raises(PuzzleError, match=f"{current_id(old)} any more: it was retired"):
                puzzle_by_id(current_id(old))  # a link shared with its stable id says so too
    monkeypatch.setattr(puzzle_module, "_line_ids", lambda: ("pretird",))
    with pytest.raises(PuzzleError, match="p0001 any more: it was retired"):
        puzzle_by_id("p0001")


def test_the_next_id_walks_the_set_and_wraps() -> None:
    ids = [pz.id for pz in puzzle_set()]
    assert next_id(ids[0]) == ids[1] and next_id(ids[-1]) == ids[0]
    assert next_id("not one") == ids[0]


def test_a_seeded_sample_re_verifies_at_the_10x_search(scale: float) -> None:
    puzzles = puzzle_set()
    for pz in random.Random(29).sample(puzzles, 2 if scale >= 1 else 1):
        acts = tuple(m.action for m in pz.moves[:3])
        checked = verify(pz.position.view(), acts, by=verifier(pz.position))
        assert checked.passed, pz.id
        assert checked.actions[0] == pz.answer, pz.id


@pytest.mark.parametrize(
    "pid", ["p²", "p\u0661", "p 1", "p+1", "p1_0", "p0", ["p0001"], None, 1, "p" + "9" * 5000]
)
def test_an_id_that_is_not_one_raises_puzzle_error(pid: object) -> None:
    """Issue 43 item 10: "p²" passed ``isdigit()`` and ``int()`` raised ValueError past the page's
    ``except GinError``; a list raised TypeError (unhashable, from the cache)."""
    with pytest.raises(PuzzleError, match="no puzzle"):
        puzzle_by_id(pid)  # type: ignore[arg-type]


def test_unknown_ids_and_moves_are_refused() -> None:
    with pytest.raises(PuzzleError, match="p99999"):
        puzzle_by_id("p99999")
    with pytest.raises(PuzzleError, match="no puzzle"):
        puzzle_by_id("x")
    pz = puzzle_by_id("p0001")
    with pytest.raises(PuzzleError, match="not a legal move"):
        pz.value_of(Action(ActionKind.NEXT_HAND))
    assert pz.reason(pz.answer).points == pz.moves[0].points


def test_daily_puzzle_is_fixed_by_the_date() -> None:
    days = [datetime.date(2026, 11, 23), datetime.date(2026, 12, 25), datetime.date(2027, 6, 1)]
    picks = [daily_puzzle(d) for d in days]
    assert [p.id for p in picks] == PINNED_DAILY
    assert daily_puzzle(days[0]) == picks[0]
    # a year of days, no puzzle twice (the days walk a fixed shuffle of the whole set)
    year = {daily_puzzle(days[0] + datetime.timedelta(days=k)).id for k in range(366)}
    assert len(year) == 366


def _pass(days: int) -> list[str]:
    """The id of each of the first ``days`` days of the daily order (wrapping as daily_puzzle
    does), read off the set's ids without parsing a puzzle."""
    puzzle_module._daily_order.cache_clear()
    order, ids = puzzle_module._daily_order(), puzzle_module._ids()
    return [ids[order[d % len(order)]] for d in range(days)]


def _with_set(monkeypatch: pytest.MonkeyPatch, ids: tuple[str, ...]) -> None:
    """The set as if it held ``ids`` (in this order): a fold simulated on the ids alone."""
    monkeypatch.setattr(puzzle_module, "_ids", lambda: ids)
    monkeypatch.setattr(puzzle_module, "_index", lambda: {pid: k for k, pid in enumerate(ids)})


@settings(max_examples=max(10, EXAMPLES), deadline=None)
@given(st.sets(st.integers(0, len(puzzle_module._ids()) - 1), min_size=1, max_size=80), st.integers(0, 80))
def test_a_fold_changes_only_the_retired_puzzles_days(retired: set[int], added: int) -> None:
    """Issue: retiring a puzzle moved every later day up one, days already walked included.
    Now a retired puzzle's days (and only they) change within the pass: a puzzle added in the
    same fold takes them, or else the puzzle of the pass's last day (years ahead) moves in and
    the pass ends earlier; adding puzzles changes no day of the pass; every puzzle of the set
    keeps exactly one day of the pass."""
    ids = puzzle_module._ids()
    before = _pass(len(ids))
    gone = {before[k] for k in retired}
    new = tuple(f"pnew{k:03d}" for k in range(added))
    folded = tuple(pid for pid in ids if pid not in gone) + new
    with pytest.MonkeyPatch.context() as monkeypatch:
        _with_set(monkeypatch, folded)
        after = _pass(len(folded))  # one pass: the set's length
    changed = {k for k in range(min(len(ids), len(after))) if after[k] != before[k]}
    assert changed == {k for k in retired if k < len(after)}
    assert sorted(after) == sorted(folded)  # each puzzle of the set one day
    if added >= len(retired):
        assert after[len(ids) :] == list(new[len(retired) :])  # the new puzzles left over: new days
    puzzle_module._daily_order.cache_clear()


def test_every_puzzle_of_the_set_has_its_day_once() -> None:
    """The ledger is folded whenever the set changes (scripts/reference_verdicts.py prune): each
    puzzle has one day of the pass, so none comes twice before all others had theirs; the pass
    is the set's length and wraps (day len(set) is day 0's puzzle again)."""
    from gin_core.puzzles.daily_ledger import DAYS

    days = tuple(DAYS.split(" "))
    assert sorted(days) == sorted(puzzle_module._ids())
    assert puzzle_module.fold_days(days, puzzle_module._ids()) == days  # nothing left to fold
    first = puzzle_module.FIRST_DAY
    assert daily_puzzle(first + datetime.timedelta(days=len(days))) == daily_puzzle(first)


RELEASES = (1145, 1183)
"""The set's size before each release that grew it while ids were line numbers (line_ids.py):
each release's puzzles were shuffled on their own (seeded by text) and walked after the earlier
ones, so a larger set did not change a day already walked."""


def test_the_ledger_keeps_the_line_numbered_releases_order() -> None:
    """The ledger was begun from the releases' shuffles (a puzzle retired before it left its
    place); the line-numbered puzzles still in it keep that order."""
    from gin_core.puzzles.daily_ledger import DAYS

    old = puzzle_module._line_ids()
    walked: list[str] = []
    bounds = [0, *RELEASES, len(old)]
    for k, (start, end) in enumerate(itertools.pairwise(bounds)):
        batch = list(range(start, end))
        random.Random("gin-puzzle:order" + (f":{k}" if k else "")).shuffle(batch)
        walked += [old[n] for n in batch]
    dated = set(DAYS.split(" "))
    assert [pid for pid in walked if pid in dated] == [pid for pid in DAYS.split(" ") if pid in set(old)]


def test_solving_a_shared_position() -> None:
    _, v = decision(5, 20)
    p = Position.parse(Position.of(v).code)
    moves = finish(think_solve(p, seed=1, slice_ms=5.0))
    assert {m.action for m in moves} == set(p.legal_actions)
    pz = puzzle_of(p, moves)
    assert pz.id == "" and pz.answer == moves[0].action
    assert 600 <= pz.rating <= 2400


def test_the_data_file_is_small() -> None:
    """The set loads with the later archive, once the page has started (``LATER_MODULES`` in
    scripts/build_site.py), so its budget is what that download may grow by. Since session 33
    the set holds only checked answers (``prune --checked-only``): 1,346 puzzles in 252 KB. 300
    KB, the budget of session 31, leaves room for 240 to 340 more (another puzzle takes about 200
    bytes, a meld choice about 140)."""
    import gin_core

    data = Path(gin_core.__file__).parent / "puzzle_data.py"
    assert data.stat().st_size <= 300_000


PINNED_DAILY = ["pwmo7jl", "pzieh7x", "pp2ups6"]
"""Pinned again when puzzles were retired (issue 41: a retired puzzle left its place in the
order, the later days moved up); before, by line number: p0612, p1100, p0107. Since the ledger
(daily_ledger.py) a day moves only if its own puzzle is retired."""
