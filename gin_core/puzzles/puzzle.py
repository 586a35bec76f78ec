"""Puzzles: a position, every legal move valued, and one clearly best answer.

The shipped set lives in :mod:`gin_core.puzzle_data` (made and verified by
``scripts/make_puzzles.py``, re-checked by ``scripts/check_puzzles.py``; the method and the
figures are in ``benchmarks/puzzles.md``). It is read lazily: a puzzle's line is parsed when it
is asked for, so the daily puzzle costs one parse, not a thousand.

A puzzle's difficulty is a rating on a Glicko-like scale: the lowest bot level that finds the
answer sets the base (:data:`LEVEL_RATINGS`) and a small margin over the runner-up adds up to
:data:`MARGIN_RATING` (a close call is harder to see), see :func:`rating_for`.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Generator
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from ..actions import Action, ActionKind
from ..analysis.coach import MistakeKind, diagnose
from ..bots.kernel import Judge, Knowledge, Reason, rank_key, rank_value, reason_of, think_hint
from ..checks import describe
from ..errors import GinError
from ..flow import Phase
from ..view import PlayerView
from .declaring import HINT_GUESSES, declaration_reason, measure_declarations
from .position import Position
from .verify import Measure, measure

LEVEL_RATINGS = {"beginner": 800, "standard": 1200, "hard": 1600, "expert": 2000, None: 2200}
"""The base rating of a puzzle by the lowest level whose move is the answer (``None``: no level
finds it). One step between levels is 400 points: a player rated one step higher solves such a
puzzle about nine times in ten on the Glicko-like scale."""
MARGIN_RATING = 200
"""Added to the base for a margin at the verification's minimum, falling to 0 at
:data:`EASY_MARGIN_WIN` (or :data:`EASY_MARGIN_POINTS`)."""
EASY_MARGIN_WIN = 0.10  # a margin of 10 points of match-win chance is plain to see
EASY_MARGIN_POINTS = 20.0  # and of 20 hand points under one-hand rules
VERIFIED_MOVES = 3
"""The moves of a shipped puzzle the verifying search values: the hint's best three."""
AD_HOC_BASE = 1400  # the base rating of a puzzle made from a shared position (no level tried)
BASE32 = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648's letters, lower case: an id's six of them


class Checked(StrEnum):
    """What the reference check (other models of the hidden cards, other players playing on;
    :mod:`.reference_data`) says of a shipped puzzle's answer against its runner-up (a meld
    choice's: against every other declaration listed, under every hand model; nobody plays on)."""

    ROBUST = "robust"  # better under every hand model x continuation policy pair
    UNCLEAR = "unclear"  # checked: never clearly worse, not better under every pair
    UNCHECKED = "unchecked"  # verified by the project's own search only


class PuzzleError(GinError):
    """Raised for a puzzle id that is not in the set, or a move that is not legal in a puzzle."""


class DecisionKind(StrEnum):
    """What a puzzle's player decides: take the first upcard or pass (``upcard``), stock or
    pile, or take to knock at the wall (``draw``), what to throw (``discard``), knock or gin
    against playing on (``knock``), or the knocker's melds (``melds``)."""

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCK = "knock"
    MELDS = "melds"


@dataclass(frozen=True)
class MoveValue:
    """One legal move valued: expected points of this hand for the player (as the hint gives),
    the chance (0-1) to win the match when the rules have a target, and ``error``: the paired
    standard error of the best move's score less this one's (None: the best move, or a value
    not measured with one, as in the shipped set, whose answers were verified clear)."""

    action: Action
    points: float
    win: float | None
    error: float | None = None

    def score(self) -> float:
        """The value moves are ranked by (see :mod:`gin_core.bots.ranking`)."""
        return rank_value(self.win, self.points)


@dataclass(frozen=True)
class Puzzle:
    """A position, its legal moves valued best first (``moves[0]`` is the answer), what is
    decided, the tempting mistake (the coach's kind of the runner-up) and a rating."""

    id: str
    position: Position
    moves: tuple[MoveValue, ...]
    kind: DecisionKind
    theme: MistakeKind
    rating: int

    @property
    def answer(self) -> Action:
        return self.moves[0].action

    @property
    def verified(self) -> int:
        """How many moves, from the best, are valued on one scale: a shipped puzzle's first
        :data:`VERIFIED_MOVES` (by the verifying search; the others kept the hint's values,
        another scale, and are listed unvalued), every move of an ad hoc puzzle (one search)."""
        return min(VERIFIED_MOVES, len(self.moves)) if self.id else len(self.moves)

    @property
    def margin(self) -> float:
        """How much better the answer is than the runner-up (in the unit of the ranking)."""
        return self.moves[0].score() - self.moves[1].score()

    def value_of(self, action: Action) -> MoveValue:
        """The value of a legal move (:class:`PuzzleError` for any other)."""
        for m in self.moves:
            if m.action == action:
                return m
        raise PuzzleError(f"{action} is not a legal move in puzzle {self.id or self.position.code}")

    def reason(self, action: Action) -> Reason:
        """Why the move, as data (the hint's reason, with the move's value in points)."""
        value = self.value_of(action)
        view = self.position.view()
        if self.position.knock is not None:
            return declaration_reason(view, action, value.points)
        return replace(reason_of(view, Knowledge.of(view), action), points=value.points)


def decision_kind(position: Position, best: Action, runner_up: Action) -> DecisionKind:
    """What the puzzle decides, from the phase and the two moves that compete."""
    phase = position.phase
    if phase == Phase.OFFER:
        return DecisionKind.UPCARD
    if phase != Phase.DISCARD:
        return DecisionKind.DRAW
    ending = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
    if best.kind in ending or runner_up.kind in ending:
        if best.kind == runner_up.kind and best.card == runner_up.card:
            return DecisionKind.MELDS
        return DecisionKind.KNOCK
    return DecisionKind.DISCARD


def rating_for(level: str | None, margin: float, by_match: bool, base: int | None = None) -> int:
    """The rating of a puzzle: the base of the lowest level that finds it, plus up to
    :data:`MARGIN_RATING` as the margin shrinks to nothing."""
    easy = EASY_MARGIN_WIN if by_match else EASY_MARGIN_POINTS
    close = max(0.0, 1.0 - max(margin, 0.0) / easy)
    return (LEVEL_RATINGS[level] if base is None else base) + round(MARGIN_RATING * close)


def puzzle_of(position: Position, moves: tuple[MoveValue, ...], pid: str = "") -> Puzzle:
    """An ad hoc puzzle of a shared position or a player's own decision, from its valued
    moves (best first): id ``""``, rated by its margin alone."""
    if not isinstance(position, Position):
        raise PuzzleError(f"a puzzle is of a Position, not {describe(position)}")
    if not (isinstance(moves, tuple) and all(isinstance(m, MoveValue) for m in moves)) or len(moves) < 2:
        raise PuzzleError("a puzzle needs two or more valued moves (a tuple of MoveValue)")
    if not isinstance(pid, str):
        raise PuzzleError(f"a puzzle's id is text, not {describe(pid)}")
    best, second = moves[0], moves[1]
    view = position.view()
    theme = diagnose(view, second.action, best.action).kind
    margin = best.score() - second.score()
    rating = rating_for(None, margin, best.win is not None, AD_HOC_BASE)
    return Puzzle(pid, position, moves, decision_kind(position, best.action, second.action), theme, rating)


def think_solve(
    position: Position, seed: int = 0, slice_ms: float | None = None
) -> Generator[int, None, tuple[MoveValue, ...]]:
    """Hint-strength values of every legal move of any position, best first, in slices like
    :func:`gin_core.bots.hint.think_hint` (yields the work units of each slice). A meld
    choice's declarations are valued on :data:`~gin_core.puzzles.declaring.HINT_GUESSES`
    guesses of the defender's hand, in one slice."""
    if not isinstance(position, Position):
        raise PuzzleError(f"a position to solve is a Position, not {describe(position)}")
    if position.knock is not None:
        yield HINT_GUESSES
        return declaration_values(position.view(), seed, HINT_GUESSES)
    found = yield from think_hint(position.view(), seed, slice_ms)
    return tuple(MoveValue(c.action, c.value, c.win, c.error) for c in found)


def declaration_values(view: PlayerView, seed: int, samples: int) -> tuple[MoveValue, ...]:
    """Every declaration of a meld choice valued on one seed's ``samples`` guesses, best first."""
    actions = view.legal_actions
    values = measure_declarations(view, actions, seed, samples)
    judge = Judge.of(view)
    moves = [
        MoveValue(a, _mean(vs), None if judge is None else _mean([judge(round(v)) for v in vs]))
        for a, vs in zip(actions, values, strict=True)
    ]
    return tuple(sorted(moves, key=lambda m: rank_key(m.win, m.points)))


def verifier(position: Position) -> Measure:
    """How a position's moves are measured when verified: the declarations' measure for a meld
    choice, else the verifying search."""
    return measure if position.knock is None else measure_declarations


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


# ----- the shipped set ------------------------------------------------------------------------


def stable_id(code: str, answer: int) -> str:
    """A puzzle's id from what it is: its position's code and its answer's index in the legal
    moves, digested (``p`` and six base-32 letters). It survives the set being pruned, reordered
    or regenerated, and changes when the answer does (a re-answered puzzle is another puzzle)."""
    bits = int.from_bytes(hashlib.sha256(f"{code} {answer}".encode()).digest()[:4]) >> 2
    return "p" + "".join(BASE32[bits >> shift & 31] for shift in range(25, -1, -5))


@cache
def _lines() -> tuple[str, ...]:
    from ..puzzle_data import PUZZLES

    return tuple(line for line in PUZZLES.split("\n") if line)


def line_id(line: str) -> str:
    """The stable id of a data line (see :func:`parse_line`), read off its code and answer."""
    moves = line.rindex(" ") + 1  # the last field: the answer's index, then ":"
    return stable_id(line[: line.index(" ")], int(line[moves : line.index(":", moves)]))


@cache
def _ids() -> tuple[str, ...]:
    """The set's ids in order, as the data holds them (digesting a thousand lines took 110 ms in
    Pyodide under load: more than a page task may take)."""
    from ..puzzle_data import IDS

    return tuple(IDS.split(" "))


@cache
def _index() -> dict[str, int]:
    return {pid: k for k, pid in enumerate(_ids())}


@cache
def _line_ids() -> tuple[str, ...]:
    from .line_ids import LINE_IDS

    return tuple(LINE_IDS.split(" "))


def puzzle_id(index: int) -> str:
    """The id of the set's ``index``-th puzzle (from 0); :class:`PuzzleError` past the end."""
    ids = _ids()
    if type(index) is not int or not 0 <= index < len(ids):
        raise PuzzleError(f"the set has {len(ids)} puzzles, not a puzzle {describe(index)}")
    return ids[index]


def current_id(pid: str) -> str:
    """The stable id a stored or shared id stands for: an id from when ids were line numbers
    (``p0421``, see :mod:`.line_ids`) becomes that puzzle's stable id, also if the puzzle was
    retired since; any other text is returned as it is."""
    old = _line_ids()
    if re.fullmatch(r"p[0-9]{4}", pid, re.ASCII) and 1 <= int(pid[1:]) <= len(old):
        return old[int(pid[1:]) - 1]
    return pid


def next_id(pid: str) -> str:
    """The id after ``pid`` in the set: the first after the last, or after an id not in it."""
    ids = _ids()
    k = _index().get(pid, len(ids) - 1)
    return ids[(k + 1) % len(ids)]


def parse_line(pid: str, line: str) -> Puzzle:
    """One puzzle of the data: ``code rating kind theme moves``; each move is its index in the
    legal actions, its points and its chance to win in thousandths (``-`` under one-hand
    rules), ``:``-separated, and the moves ``,``-separated, best first."""
    code, rating, kind, theme, values = line.split(" ")
    position = Position.parse(code)
    acts = position.legal_actions
    moves = []
    for item in values.split(","):
        index, points, win = item.split(":")
        moves.append(MoveValue(acts[int(index)], float(points), None if win == "-" else int(win) / 1000))
    return Puzzle(pid, position, tuple(moves), DecisionKind(kind), MistakeKind(theme), int(rating))


def format_line(puzzle: Puzzle) -> str:
    """The data line of a puzzle (see :func:`parse_line`)."""
    acts = puzzle.position.legal_actions
    values = ",".join(
        f"{acts.index(m.action)}:{m.points:g}:{'-' if m.win is None else round(m.win * 1000)}"
        for m in puzzle.moves
    )
    return f"{puzzle.position.code} {puzzle.rating} {puzzle.kind} {puzzle.theme} {values}"


@cache
def _checks() -> dict[str, Checked]:
    from .reference_data import ROBUST, UNCLEAR

    return {
        pid: Checked(kind) for kind, ids in (("robust", ROBUST), ("unclear", UNCLEAR)) for pid in ids.split()
    }


def reference_check(puzzle: Puzzle) -> Checked:
    """What the reference check found of this puzzle's answer (an ad hoc puzzle: unchecked)."""
    return _checks().get(puzzle.id, Checked.UNCHECKED)


def puzzle_by_id(pid: str) -> Puzzle:
    """The shipped puzzle with this id, or with the line number it had before ids were stable
    (:class:`PuzzleError` naming it if there is none, saying so if it was retired, by either id,
    from the set as it stood when ids were line numbers; any value that is not such an id, "p²"
    or a list included)."""
    stable = current_id(pid) if isinstance(pid, str) else None
    index = None if stable is None else _index().get(stable)
    if index is not None:
        return _puzzle(index)
    if stable is not None and (stable != pid or stable in _line_ids()):  # once shipped, now retired
        raise PuzzleError(
            f"no puzzle {pid} any more: it was retired from the set "
            "(its answer was not confirmed by the double check)"
        )
    raise PuzzleError(f"no puzzle {describe(pid)}: an id is p and six letters or digits, such as {_ids()[0]}")


@cache
def _puzzle(index: int) -> Puzzle:
    return parse_line(_ids()[index], _lines()[index])


def puzzle_set() -> tuple[Puzzle, ...]:
    """The shipped set, in id order."""
    return tuple(_puzzle(k) for k in range(len(_lines())))


FIRST_DAY = datetime.date(2026, 1, 1)  # day 0 of the daily order


def fold_days(days: tuple[str, ...], ids: tuple[str, ...]) -> tuple[str, ...]:
    """The ledger of days (:data:`.daily_ledger.DAYS`) once the set holds ``ids`` (in set order):
    each day keeps its puzzle; a day whose puzzle was retired goes to a spare (a puzzle of the
    set with no day yet: one added since), days in order, spares in set order; the spares left
    over get new days at the end. A retired day with no spare left takes the puzzle of the
    pass's last day (years ahead: the pass is the set's length), and the pass ends a day
    earlier. So a fold changes no other day of the pass, adding puzzles changes none, and every
    puzzle of the set keeps exactly one day."""
    present, dated = set(ids), set(days)
    spares = iter([pid for pid in ids if pid not in dated])
    kept: list[str | None] = [pid if pid in present else next(spares, None) for pid in days]
    kept += spares
    while None in kept:
        last = kept.pop()
        if last is not None:
            kept[kept.index(None)] = last
    return tuple(pid for pid in kept if pid is not None)


@cache
def _daily_order() -> tuple[int, ...]:
    """The set's puzzle numbers in the order the days take them: the ledger, folded over the set
    as it is (:func:`fold_days`; the ledger on disk is folded whenever the set changes, so this
    changes nothing then)."""
    from .daily_ledger import DAYS

    index = _index()
    return tuple(index[pid] for pid in fold_days(tuple(DAYS.split(" ")), _ids()))


def daily_puzzle(day: datetime.date) -> Puzzle:
    """The puzzle of a date: the same for everyone; the days walk the ledger (:func:`_daily_order`),
    one pass of the set, then again (day ``% len(order)``): none twice within a pass."""
    if not isinstance(day, datetime.date) or isinstance(day, datetime.datetime):
        raise PuzzleError(f"the day of a daily puzzle is a date, not {describe(day)}")
    order = _daily_order()
    return _puzzle(order[(day - FIRST_DAY).days % len(order)])
