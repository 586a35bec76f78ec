"""The Hint button: every legal move of the player to act, valued by the hard search, best first.

Values are the expected points of this hand for the player (positive is good) and, under
rules with a target, the expected chance to win the match once the hand is over, which then
ranks the moves (see :mod:`.match_chance`); both are measured by playouts on guesses of the hidden
cards, all moves on the same guesses, within the hard level's budget; the close contenders get
the most playouts (the worse half is set aside twice, the standard level's choice credited
``SearchBot.prior`` points while they are). The order is :mod:`.ranking`'s, the one the coach,
the tutor and the puzzles use: by the values shown, so a value never contradicts the order, and
each move carries the paired standard error of its gap to the best, which says whether the gap
is clear or the two are close. A move set aside early is valued on the guesses it was played
on, corrected by how the most played move fared on those guesses against all of them (a
control variate: both then stand on the same guesses' footing). Like the bots, a hint is a pure
function of the view and the seed.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import replace

from ..checks import check_is, check_seed, check_slice_ms
from ..flow import Phase
from ..view import PlayerView
from .base import Candidate, Work, finish, forced_decision, rng_for
from .knowledge import Knowledge
from .ranking import paired_error, rank_key
from .search import (
    Playouts,
    SearchBot,
    credit_favourite,
    guess_hidden,
    play_candidates,
    reason_of,
    standard_choice,
)
from .standard import discard_decision

HintThinking = Generator[int, None, list[Candidate]]
HALVINGS = 2  # a hint weighs every legal move: up to 12, narrowed to 3 close contenders


def think_hint(view: PlayerView, seed: int = 0, slice_ms: float | None = None) -> HintThinking:
    """Like :meth:`Bot.think`: yields the units of each slice, returns the candidates."""
    check_is(view, PlayerView, "view")
    check_seed(seed)
    slice_ms = check_slice_ms(slice_ms)
    acts = view.legal_actions if view.my_turn or view.phase == Phase.HAND_OVER else ()
    forced = forced_decision(view) if acts else None
    if forced is not None:
        return [Candidate(forced.action, 0.0, forced.reason)]
    if not acts:
        return []
    work = Work(SearchBot.slice_units, SearchBot.total_units, slice_ms)
    know = Knowledge.of(view)
    holding = know.holding()
    whys = {a: reason_of(view, know, a) for a in acts}
    favourite, options = standard_choice(view, know, holding, work)
    for o in options:
        d = discard_decision(know, o)
        whys[d.action] = d.reason
    trials = [Playouts(a, whys[a]) for a in acts]
    settings = replace(SearchBot.settings(), halvings=HALVINGS)
    credit_favourite(trials, favourite, settings.prior)
    if work.in_slice:
        yield work.cut()
    found = yield from guess_hidden(know, holding, settings, rng_for(seed, view), work)
    yield from play_candidates(view, know, trials, found, settings, work)
    if work.in_slice:
        yield work.cut()
    return candidates(trials)


def candidates(trials: list[Playouts]) -> list[Candidate]:
    """The trials as candidates on one footing, ranked (:func:`.ranking.rank_key`), each with
    the paired standard error of its gap to the best."""
    leader = max(trials, key=lambda t: (t.runs, t.ranked))
    valued = sorted(
        ((_footed(t, leader), t) for t in trials), key=lambda ct: rank_key(ct[0].win, ct[0].value)
    )
    top = valued[0][1]
    return [replace(c, error=None if t is top else _gap_error(top, t)) for c, t in valued]


def _footed(t: Playouts, leader: Playouts) -> Candidate:
    """A trial's candidate, its values moved by how the ``leader`` (the most played trial) fared
    on ``t``'s guesses against all of its own (nothing for a trial played on all of them)."""
    n = t.runs
    points, win = t.value, t.win
    if 0 < n < leader.runs:
        points += leader.value - _mean(leader.by_guess[:n])
        if win is not None and leader.win is not None:
            win = min(1.0, max(0.0, win + leader.win - _mean(leader.chance_by_guess[:n])))
    reason = replace(t.reason(), points=round(points, 2)) if n else t.reason()
    return Candidate(t.action, round(points, 2), reason, chance(win))


def _gap_error(top: Playouts, t: Playouts) -> float | None:
    """The paired standard error of ``top``'s ranking value less ``t``'s."""
    if top.chances is not None and t.chances is not None:
        error = paired_error(top.chance_by_guess, t.chance_by_guess)
    else:
        error = paired_error(top.by_guess, t.by_guess)
    return None if error is None else round(error, 4)


def _mean(xs: list[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def chance(win: float | None) -> float | None:
    """A chance to win the match as the hint gives it (to a hundredth of a percent)."""
    return None if win is None else round(win, 4)


def hint(view: PlayerView, seed: int = 0) -> list[Candidate]:
    """Every legal move with its estimated points and a reason, best first."""
    return finish(think_hint(view, seed))
