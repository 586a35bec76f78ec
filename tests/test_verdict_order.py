"""Issue 41.4: one order everywhere. For the same position the hint, the coach, the tutor (whose
values are the coach's) and the puzzles rank the moves with one function
(``gin_core.bots.rank_key``), and every table shown is sorted by the values it shows."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gin_core import Match, Phase, PlayerView, preset
from gin_core.analysis import same_move, think_choices
from gin_core.analysis.coach import think_values
from gin_core.bots import Candidate, hint, make_bot, rank_key
from gin_core.bots.base import finish
from gin_core.puzzles.position import Position
from gin_core.puzzles.puzzle import puzzle_of, think_solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.puzzles import model as puzzle_model
from ginweb.tutor.model import concern
from ginweb.words import narrate


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


def sorted_by_rank(values: list[tuple[float | None, float]]) -> bool:
    keys = [rank_key(win, points) for win, points in values]
    return keys == sorted(keys)


CHANGE = re.compile(r"^([+\u2212]?\d+\.\d)% to win")


def shown_change(text: str) -> float:
    """The hint dialog's value read back: the chance's change from the best (0 for the best)."""
    found = CHANGE.match(text)
    if found is None or "to win the match \u00b7" in text[:30]:
        return 0.0
    return float(found[1].replace("\u2212", "-"))


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
    # the hint's own list shows values that never rise down the list
    best = cands[0]
    if best.win is not None:
        changes = [100 * ((c.win or 0) - best.win) for c in cands]
        assert changes == sorted(changes, reverse=True)
        assert narrate.hint_value(cands[1], best)[0].startswith(narrate.signed(changes[1]))
    # the coach ranks its moves with the same key: its best is the top of what it measured, and
    # the tutor's better move is the coach's (it asks with the review's own verdicts)
    trials = finish(think_values(view, cands[-1].action, seed=5))
    assert sorted_by_rank([(t.win, t.value) for t in trials])
    [judged] = [j for j in finish(think_choices(view, 0, 5)) if same_move(j.verdict.played, cands[-1].action)]
    assert same_move(judged.verdict.best, trials[0].action)
    found = concern((judged,), cands[-1].action)
    assert found is None or same_move(found.judged.verdict.best, trials[0].action)


def test_a_close_move_is_marked_in_the_hint_and_a_clear_one_is_not() -> None:
    from gin_core.bots import CLEAR_ERRORS

    cands = hint(VIEWS[0], seed=5)
    best, other = cands[0], cands[1]
    assert best.win is not None and other.win is not None
    gap = best.win - other.win
    close = Candidate(other.action, other.value, other.reason, other.win, error=gap / CLEAR_ERRORS + 1e-3)
    clear = Candidate(other.action, other.value, other.reason, other.win, error=gap / CLEAR_ERRORS / 2)
    assert narrate.close_mark(close, best).endswith(narrate.CLOSE_WORD)
    assert narrate.close_mark(clear, best) == "" and narrate.close_mark(best, best) == ""


def test_no_trace_of_a_credit_in_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The standard level's credit used to put its move first "unless clearly beaten": now a huge
    credit changes which moves are played out longest, never the order of the values shown."""
    from gin_core.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "prior", 1000.0)
    for view in VIEWS:
        cands = hint(view, seed=5)
        assert sorted_by_rank([(c.win, c.value) for c in cands])
