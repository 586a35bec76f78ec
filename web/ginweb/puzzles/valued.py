"""A position's moves as the hand's analysis values them, in the form a puzzle shows and keeps:
ranked as the hint ranks them (``gin_core.analysis.ranked``), each with the figures its row shows
(``words/verdicts.py`` :class:`~ginweb.words.verdicts.Figures`: rounded to the tenth shown, with the
grade the analysis gives it), and why the best move (its reason as data, without the playouts'
figures, which the puzzle does not show).

So a mistake valued in the background keeps its verdicts with it in the puzzles record
(record.py, version 4: :func:`to_data`, read back by :func:`from_data` with its checks) and shows
them at once, the very words and grades ``think_seen``'s verdicts give (:func:`of`): judged.py
draws both from this form. Small: about 40 bytes a move (the move's printed form, its grade,
two numbers) and one reason. Pure: no ``js``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gin_core import Action, Card, GinError, MeldShape, Reason, ReasonKind, parse_cards
from gin_core.analysis import Grade, Judged, same_move
from gin_core.puzzles.position import Position

from ..kit.frozen import Frozen
from ..words.verdicts import Figures, figures

MAX_MOVES = 32  # more than any decision has (eleven discards, a knock, gin)
MAX_TEXT = 60  # a move's printed form, a reason's cards
MAX_FIGURE = 100_000.0  # points within +-this (gin_core.analysis' stored points), a percent within 0-100
NESTED = 2  # a reason's declined reasons within it (the bots give one at most)
COUNTS = ("deadwood", "before", "opponent")  # a reason's whole-number figures
GRADES = frozenset(g.value for g in Grade)


class Valued(Frozen):
    """A position's moves, ranked, each with its figures; why the best (without its playouts'
    share of wins and points)."""

    moves: tuple[tuple[Action, Figures], ...]
    why: Reason

    def fits(self, position: Position) -> bool:
        """Whether these are the values of ``position``: one for each of its legal moves (values
        kept for another position, or damaged, are not shown)."""
        legal = position.view().legal_actions
        mine = [a for a, _ in self.moves]
        return len(mine) == len(legal) and all(any(same_move(a, b) for b in mine) for a in legal)


def of(ranked: Sequence[Judged]) -> Valued:
    """``think_seen``'s verdicts, ranked (at least one), in the form shown and kept."""
    first = ranked[0]
    why = replace(first.played_why, wins=None, points=None)
    return Valued(tuple((j.verdict.played, figures(j, first)) for j in ranked), why)


# ----- kept with your mistake ------------------------------------------------------------------


def to_data(v: Valued) -> dict[str, Any]:
    """The stored form: ``moves``, each [printed move, grade, points, percent or null], and
    ``why``, the best move's reason."""
    moves = [[str(a), f.grade.value, f.points, f.percent] for a, f in v.moves]
    return {"moves": moves, "why": _reason_data(v.why)}


def well_formed(data: Any) -> bool:
    """Whether ``data`` has the stored form's shape, its figures in range: checked on every read
    of the record (cheaply: each move and the reason are parsed only when shown, by
    :func:`from_data`)."""
    if not isinstance(data, dict) or set(data) != {"moves", "why"} or not isinstance(data["why"], dict):
        return False
    moves = data["moves"]
    return (
        isinstance(moves, list)
        and 0 < len(moves) <= MAX_MOVES
        and all(_row(m, n == 0) for n, m in enumerate(moves))
    )


def _row(m: Any, own: bool) -> bool:
    """[move, grade, points, percent or null]: the move's text not parsed yet."""
    return (
        isinstance(m, list)
        and len(m) == 4
        and isinstance(m[0], str)
        and len(m[0]) <= MAX_TEXT
        and m[1] in GRADES
        and _within(m[2], -MAX_FIGURE if own else 0, MAX_FIGURE)
        and (m[3] is None or _within(m[3], 0, 100))
    )


def _within(x: Any, least: float, most: float) -> bool:
    return type(x) in (int, float) and least <= x <= most


def from_data(data: Any) -> Valued | None:
    """The values as stored, checked and parsed (None: damaged or not a move's, they are not
    shown and are worked out again)."""
    try:
        moves = data["moves"]
        if not isinstance(moves, list) or not 0 < len(moves) <= MAX_MOVES or set(data) != {"moves", "why"}:
            return None
        read = tuple(_move(m, n == 0) for n, m in enumerate(moves))
        return Valued(read, _reason(data["why"], NESTED))
    except (GinError, KeyError, TypeError, ValueError):
        return None


def _move(m: Any, own: bool) -> tuple[Action, Figures]:
    if not isinstance(m[0], str) or len(m[0]) > MAX_TEXT:
        raise ValueError("not a move")
    return Action.parse(m[0]), _figures(m, own)


def _figures(m: Any, own: bool) -> Figures:
    """A stored move's figures ([move, grade, points, percent]), in range."""
    _, said, points, percent = m
    share = None if percent is None else _real(percent, 0, 100)
    return Figures(own, _real(points, -MAX_FIGURE if own else 0, MAX_FIGURE), share, Grade(said))


def _real(x: Any, least: float, most: float) -> float:
    """``x`` as a figure, if it is a number from ``least`` to ``most``."""
    if not _within(x, least, most):
        raise ValueError("not a figure in range")
    return float(x)


def _reason_data(r: Reason) -> dict[str, Any]:
    """A reason's fields that are set (its figures of the playouts are not kept)."""
    out: dict[str, Any] = {"kind": r.kind.value}
    if r.cards:
        out["cards"] = " ".join(str(c) for c in r.cards)
    if r.meld is not None:
        out["meld"] = r.meld.value
    out |= {name: getattr(r, name) for name in COUNTS if getattr(r, name) is not None}
    if r.safe:
        out["safe"] = True
    if r.declined is not None:
        out["declined"] = _reason_data(r.declined)
    return out


def _reason(d: Any, nested: int) -> Reason:
    """A stored reason, checked (``nested``: how many declined reasons it may hold within)."""
    if not isinstance(d, dict) or not set(d) <= {"kind", "cards", "meld", "safe", "declined", *COUNTS}:
        raise ValueError("not a reason")
    declined = d.get("declined")
    if declined is not None and nested <= 0:
        raise ValueError("reasons nested too deep")
    meld = d.get("meld")
    return Reason(
        ReasonKind(d["kind"]),
        _cards(d.get("cards", "")),
        None if meld is None else MeldShape(meld),
        safe=d.get("safe", False) is True,
        declined=None if declined is None else _reason(declined, nested - 1),
        **{name: _count(d.get(name)) for name in COUNTS},
    )


def _cards(text: Any) -> tuple[Card, ...]:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError("not a reason's cards")
    return tuple(parse_cards(text)) if text else ()


def _count(value: Any) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value <= MAX_FIGURE):
        raise ValueError("not a reason's count")
    return value  # an int or None, checked above
