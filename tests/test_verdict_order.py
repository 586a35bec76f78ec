"""Issue 41.4: one order everywhere. For the same position the hint, the coach, the tutor (whose
values are the coach's) and the puzzles rank the moves with one function
(``gin_core.bots.rank_key``), and every table shown is sorted by the values it shows."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gin_core import Match, Phase, PlayerView, preset
from gin_core.analysis import Grade, grade, ranked, same_move, think_choices
from gin_core.analysis.coach import think_values
from gin_core.bots import hint, make_bot, rank_key
from gin_core.bots.base import finish
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import puzzle_of, think_solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.puzzles import model as puzzle_model
from ginweb.tutor.model import concern
from ginweb.words import verdicts


def decisions(rules: str, seed: int, count: int) -> list[PlayerView]:
    """The first ``count`` decisions with three or more moves of seat 0, standard against hard."""
    m = Match(preset(rules), seed=seed)
    bots = [make_bot("standard", 1), make_bot("hard", 2)]
    found: list[PlayerView] = []
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and len(found) < count:
        view = m.view(m.to_move)
        if m.to_move == 0 and len(view.legal_actions) > 2:
            found.append(view)
        m.apply(bots[m.to_move].decide(view).action, m.to_move)
    return found


VIEWS = [*decisions("eaai", 4, 3), *decisions("classic", 11, 2), *decisions("openspiel", 2, 1)]


HINTED = [*VIEWS, *decisions("eaai", 7, 3), *decisions("classic", 22, 3)]


def shown_figures(text: str) -> tuple[float, float]:
    """A hint row's figures read back (the first row: 0, 0): the change in the chance to win the
    match and in points, as the dialog shows them."""
    found = re.findall(r"([+\u2212]?\d+\.\d)", text)
    numbers = [float(f.replace("\u2212", "-")) for f in found]
    if not numbers:  # "no loss measured"
        return (0.0, 0.0)
    return (numbers[0], numbers[1]) if len(numbers) == 2 else (0.0, numbers[0])


@pytest.mark.parametrize("n", range(len(HINTED)))
def test_the_hint_lists_the_reviews_verdicts_in_the_order_of_its_figures(n: int) -> None:
    """The page's hint (``ranked`` over the review's verdicts of every move, the tutor's job):
    its rows' figures never rise down the list, each row's figures are the review's line on that
    move, and its first move is the one the review's "Coach prefers" names at every move it
    grades an inaccuracy or worse (the hint's own search named another in 6 of 26 positions)."""
    moves = ranked(finish(think_choices(HINTED[n], 0, 5)))
    first = moves[0]
    assert grade(first.verdict) == Grade.BEST
    figures = [shown_figures(verdicts.choice(j, first)[0]) for j in moves[1:]]
    assert figures == sorted(figures, reverse=True)
    for j in moves[1:]:
        v = j.verdict
        if grade(v) not in (Grade.BEST, Grade.GOOD):
            assert same_move(v.best, first.verdict.played), (str(v.played), str(v.best))
            said = verdicts.prefers(v, "it")
            assert f"{v.loss:.1f} point" in said
            assert v.win_loss is None or f"+{100 * v.win_loss:.1f}%" in said
    assert {str(j.verdict.played) for j in moves} == {str(a) for a in HINTED[n].legal_actions}


def sorted_by_rank(values: list[tuple[float | None, float]]) -> bool:
    keys = [rank_key(win, points) for win, points in values]
    return keys == sorted(keys)


@pytest.mark.parametrize("n", range(len(VIEWS)))
def test_hint_tutor_puzzle_and_coach_rank_one_position_alike(n: int) -> None:
    view = VIEWS[n]
    cands = hint(view, seed=5)
    assert sorted_by_rank([(c.win, c.value) for c in cands])
    # the puzzle made of this position is valued and ordered as the hint is
    position = Position.of(view)
    puzzle = puzzle_of(position, finish(think_solve(position, seed=5)))
    assert [m.action for m in puzzle.moves] == [c.action for c in cands]
    shown = puzzle_model.answer(puzzle, cands[-1].action, "")
    assert [r.label for r in shown.rows] == [puzzle_model.answer_label(position, c.action) for c in cands]
    # the coach ranks its moves with the same key: its best is the top of what it measured, and
    # the tutor's better move is the coach's (it asks with the review's own verdicts)
    trials = finish(think_values(view, cands[-1].action, seed=5))
    assert sorted_by_rank([(t.win, t.value) for t in trials])
    [judged] = [j for j in finish(think_choices(view, 0, 5)) if same_move(j.verdict.played, cands[-1].action)]
    assert same_move(judged.verdict.best, trials[0].action)
    found = concern((judged,), cands[-1].action)
    assert found is None or same_move(found.judged.verdict.best, trials[0].action)


def test_no_trace_of_a_credit_in_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The standard level's credit used to put its move first "unless clearly beaten": now a huge
    credit changes which moves are played out longest, never the order of the values shown."""
    from gin_core.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "prior", 1000.0)
    for view in VIEWS:
        cands = hint(view, seed=5)
        assert sorted_by_rank([(c.win, c.value) for c in cands])
