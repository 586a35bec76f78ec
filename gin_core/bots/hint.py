"""The Hint button: every legal move of the player to act, valued by the hard search, best first.

Values are the expected points of this hand for the player (positive is good) and, under
rules with a target, the expected chance to win the match once the hand is over, which then
ranks the moves (see :mod:`.judge`); both are measured by playouts on guesses of the hidden
cards, all moves on the same guesses, within the hard level's
budget; the close contenders get the most playouts (the worse half is set aside twice). The
order is the hard level's: the standard level's choice comes first unless another move plays
out ``SearchBot.prior`` points better. Ranked by the playouts alone, the hint would follow a
search that lost to the standard level (see :mod:`.search`). Like the bots, a hint is a pure
function of the view and the seed.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..checks import check_is, check_seed, check_slice_ms
from ..flow import Phase
from ..view import PlayerView
from .base import Candidate, Work, finish, forced_decision, rng_for
from .knowledge import Knowledge
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
    trials.sort(key=lambda t: -t.ranked)
    return [Candidate(t.action, round(t.value, 2), t.reason(), chance(t.win)) for t in trials]


def chance(win: float | None) -> float | None:
    """A chance to win the match as the hint gives it (to a hundredth of a percent)."""
    return None if win is None else round(win, 4)


def hint(view: PlayerView, seed: int = 0) -> list[Candidate]:
    """Every legal move with its estimated points and a reason, best first."""
    return finish(think_hint(view, seed))
