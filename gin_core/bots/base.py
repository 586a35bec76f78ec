"""What every bot shares: the decision types, the think/decide protocol and the work counter.

A bot sees only a :class:`~gin_core.view.PlayerView`. Its randomness comes from its seed and the
public state of the view, so a decision is a pure function of (seed, view): the same seed always
makes the same decisions, and nothing hidden can leak in through the random stream.

Budgets are counted in *work units*, not seconds, so they are deterministic. One unit is one
hand evaluation (a best-discard or meld search over one hand of 10-11 cards), 2-5 µs in
CPython on the reference machine; a simulated turn of a playout costs 2. With the work around
them, a search slice of 500 units takes 4-7 ms of CPU (``python -m gin_core.tools.bench
--think expert``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TypeVar

from ..actions import DECLARING, ENDING, Action, ActionKind
from ..arrange import min_deadwood, trim_caches
from ..cards import Card, Mask, mask_of
from ..checks import check_seed, check_slice_ms
from ..declare import default_declaration
from ..flow import STOCK_MOST, Phase, hand_bound, pile_limit_reached
from ..rules import Rules
from ..view import PlayerView
from .knowledge import hand_events, pile_history
from .reasons import Reason, ReasonKind, meld_with, takes_for_meld

T = TypeVar("T")
Thinking = Generator[int, None, "Decision"]


def finish(thinking: Generator[int, None, T]) -> T:
    """Run every slice of a thinking generator; its return value."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            value: T = done.value
            return value


@dataclass(frozen=True)
class Decision:
    """An action and why, as data (see :class:`~.reasons.Reason`)."""

    action: Action
    reason: Reason

    def describe(self) -> str:
        """One line for the arena or a command line: the move and why."""
        return f"{self.action}: {self.reason.describe()}"


@dataclass(frozen=True)
class Candidate:
    """A legal action with its estimated value (expected points of this hand for the player to
    move, positive is good), why, as data, and under rules with a target ``win``: the expected
    chance (0-1) to win the match once the hand is over, which ranks the moves there.
    ``error``: the paired standard error of the best move's ranking value (``win``, else
    ``value``) less this one's, on the guesses both were played on (None: the best move itself,
    or not measured); see :mod:`.ranking` for when a gap is clear."""

    action: Action
    value: float
    reason: Reason
    win: float | None = None
    error: float | None = None


class Work:
    """Counts work units and cuts them into slices of at most ``slice_units``.

    Search code calls :meth:`room` before a step of known maximum cost; when the step would
    overflow the slice, the caller yields :meth:`cut` first (the units the slice used).

    With ``slice_ms`` a slice also ends once it has run that long (a page gives a slice a part
    of a frame: a unit's time varies with the hand and the machine); the step under way when
    the time is up is finished first. Slices only decide where the thinking pauses: the budget
    is counted in units, so the result is the same either way.
    """

    def __init__(self, slice_units: int, total_units: int, slice_ms: float | None = None):
        self.slice_units = slice_units
        self.total_units = total_units
        self.spent = 0
        self.in_slice = 0
        slice_ms = check_slice_ms(slice_ms)
        self.slice_s = None if slice_ms is None else slice_ms / 1000
        self.started = 0.0

    def add(self, units: int) -> None:
        if not self.in_slice:
            self.clock()
        self.spent += units
        self.in_slice += units

    def clock(self) -> None:
        """A slice's time starts at its first count (never while the thinking was paused)."""
        if self.slice_s is not None:
            self.started = time.perf_counter()

    def room(self, units: int) -> bool:
        """True if a step costing up to ``units`` fits in the current slice (in units, and in
        time with ``slice_ms``; a slice always has room for its first step)."""
        if self.in_slice + units > self.slice_units:
            return False
        if self.slice_s is None:
            return True
        if not self.in_slice:
            self.clock()
            return True
        return time.perf_counter() - self.started < self.slice_s

    def left(self) -> int:
        return self.total_units - self.spent

    def cut(self) -> int:
        used, self.in_slice = self.in_slice, 0
        return used


class Bot:
    """Base class. Subclasses implement :meth:`plan`, a generator that yields the units of each
    finished slice and returns a :class:`Decision`.

    ``slice_units`` bounds one slice and ``total_units`` one decision; both are class constants
    of each level (see the level modules for what they buy). ``slice_ms`` also ends a slice
    after that long (see :class:`Work`); it never changes a decision.
    """

    name = "bot"
    slice_units = 2_000
    total_units = 2_000

    def __init__(self, seed: int = 0, slice_ms: float | None = None):
        self.seed = check_seed(seed)
        self.slice_ms = check_slice_ms(slice_ms)

    def decide(self, view: PlayerView) -> Decision:
        """Think to the end and return the decision."""
        return finish(self.think(view))

    def think(self, view: PlayerView) -> Thinking:
        """A generator: each ``next`` runs one slice of at most ``slice_units`` work units and
        yields the units it used; the decision is its return value (``StopIteration.value``).
        Emptying the hand caches, when due, is a slice of its own that yields 0."""
        if not view.legal_actions:
            raise ValueError("it is not this player's turn")
        forced = forced_decision(view)
        if forced is not None:
            return declared(forced, view)
        if trim_caches() and self.slice_units < self.total_units:
            yield 0
        work = Work(self.slice_units, self.total_units, self.slice_ms)
        decision = yield from self.plan(view, rng_for(self.seed, view), work)
        if work.in_slice:
            yield work.cut()
        return declared(no_take_back(decision, view), view)

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        raise NotImplementedError


BOT_PILE_DRAWS = (STOCK_MOST + 1) * 2 * 52
"""The most draws from the pile in a hand between two bots, whatever the rules: a stretch of
turns without a stock draw ends before either bot takes a card twice in it (see
:func:`no_take_back`), so it holds at most 2 x 52 draws from the pile, and there are at most
``STOCK_MOST + 1`` such stretches (each stock draw ends one)."""


def bot_hand_bound(rules: Rules) -> int:
    """The most actions of a hand between two bots (see :func:`~gin_core.flow.hand_bound`):
    bounded by the rules' pile draw limit, and without one by :data:`BOT_PILE_DRAWS`."""
    bound = hand_bound(rules, BOT_PILE_DRAWS)
    assert bound is not None  # BOT_PILE_DRAWS bounds it
    return bound


def thrown_since_stock(view: PlayerView) -> int:
    """The cards this player discarded since the last draw from the stock (by either player) in
    this hand, as a mask."""
    thrown = 0
    for e in reversed(view.events):
        if e.kind in ("draw_stock", "deal"):
            break
        if e.kind == "discard" and e.player == view.player and e.card is not None:
            thrown |= e.card.bit
    return thrown


def no_take_back(decision: Decision, view: PlayerView) -> Decision:
    """``decision``, except that a bot never takes from the pile a card it threw since the last
    stock draw: it draws from the stock instead. Two players who pass the pile's cards back and
    forth draw nothing from the stock, so the hand could go on for ever; with this, in a stretch
    of turns without a stock draw a bot takes each card at most once (to take it again it must
    have thrown it, in the stretch), so the stretch ends within 2 x 52 draws from the pile. The
    wall is exempt: a card taken there ends the hand."""
    top = view.top
    if (
        decision.action.kind != ActionKind.DRAW_PILE
        or view.phase != Phase.DRAW
        or top is None
        or not top.bit & thrown_since_stock(view)
    ):
        return decision
    return Decision(Action(ActionKind.DRAW_STOCK), Reason(ReasonKind.NO_TAKE_BACK, (top,)))


def forced_decision(view: PlayerView) -> Decision | None:
    """The decision when there is nothing to think about (a single legal action)."""
    acts = view.legal_actions
    if len(acts) != 1:
        return None
    act = acts[0]
    cards = (act.card,) if act.card else ()
    kind = {
        ActionKind.NEXT_HAND: ReasonKind.NEXT_HAND,
        ActionKind.PASS: ReasonKind.CANNOT_END,
        ActionKind.GIN: ReasonKind.GIN,
        ActionKind.BIG_GIN: ReasonKind.BIG_GIN,
    }.get(act.kind, ReasonKind.ONLY_MOVE)
    return Decision(act, Reason(kind, cards))


def declared(decision: Decision, view: PlayerView) -> Decision:
    """A knock or gin with the melds the bot lays down, chosen from its view alone (the default
    declaration against the cards it has not seen)."""
    act = decision.action
    if act.kind not in DECLARING or act.card is None or act.melds is not None:
        return decision
    kept = [c for c in view.hand if c != act.card]
    melds = default_declaration(kept, view.unseen())
    return replace(decision, action=replace(act, melds=melds))


def face_up(view: PlayerView) -> Card:
    """The pile's top card, in the phases that always have one (the offer, the wall, a draw
    from the pile)."""
    top = view.top
    if top is None:
        raise ValueError("the discard pile is empty")
    return top


def pile_draw_kills(view: PlayerView, draws: int) -> bool:
    """Whether taking the face-up card now ends the hand dead: in the draw phase, the draw from
    the pile that reaches ``Rules.pile_draw_limit`` (``draws``: the hand's counted draws so far,
    :func:`.knowledge.pile_history` of its public events; the first upcard's offer and the wall
    are not counted)."""
    return view.phase == Phase.DRAW and pile_limit_reached(view.rules, draws + 1)


def meld_draw(view: PlayerView, hand: Mask) -> Decision:
    """The plain players' draw (simple, beginner): the face-up card only if it joins a meld of
    ``hand`` plus that card, else the stock (or a pass, where passing is legal).

    Never the draw that ends the hand dead (:func:`pile_draw_kills`): a dead hand scores 0 for
    both, and these players do not weigh the opponent's hand, so they cannot tell a hand they
    would lose from one they would win; playing on keeps their chance to score."""
    acts = view.legal_actions
    top = view.top
    joins = meld_with(hand | top.bit, top.index) if top is not None else None
    other = Action(ActionKind.PASS) if Action(ActionKind.PASS) in acts else Action(ActionKind.DRAW_STOCK)
    if top is not None and joins and Action(ActionKind.DRAW_PILE) in acts:
        if pile_draw_kills(view, pile_history(view.rules, hand_events(view))[0]):
            return Decision(other, Reason(ReasonKind.PILE_LIMIT, (top,)))
        return Decision(Action(ActionKind.DRAW_PILE), takes_for_meld(top, joins))
    return Decision(other, Reason(ReasonKind.FITS_NOTHING, (top,) if top else ()))


def rng_for(seed: int, view: PlayerView) -> random.Random:
    """A random stream fixed by the seed and the public state of the view (string seeds are
    hashed with SHA-512, so this is the same in every process and Python version)."""
    key = (
        f"{seed}|{view.player}|{view.hand_number}|{view.phase}|{mask_of(view.hand)}|"
        f"{mask_of(view.pile)}|{len(view.discards)}|{view.stock_size}|{view.scores}"
    )
    return random.Random(key)


def lowest_end(view: PlayerView) -> Decision:
    """The gin or knock leaving the least deadwood (big gin first): for when the hand must end
    now, as after taking the discard at the wall."""
    hand = mask_of(view.hand)
    ends = [a for a in view.legal_actions if a.kind in ENDING]
    best = min(ends, key=lambda a: min_deadwood(hand & ~a.card.bit) if a.card else -1)
    if best.kind == ActionKind.BIG_GIN:
        return Decision(best, Reason(ReasonKind.BIG_GIN))
    if best.kind == ActionKind.GIN:
        return Decision(best, Reason(ReasonKind.GIN, (best.put,)))
    left = min_deadwood(hand & ~best.put.bit)
    return Decision(best, Reason(ReasonKind.MUST_END, (best.put,), deadwood=left))
