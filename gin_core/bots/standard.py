"""``standard``: a strong heuristic player, and the move generator of the search levels.

Draws: takes the face-up card when the best hand it makes beats the expected hand after a stock
draw. Discards: the card whose kept hand scores best (deadwood, live outs of the next draw, and
the chance the opponent can meld the discard, see :mod:`.heuristics`). Knocks: when its count
is well under how far along the opponent probably is, because a knock with a middling count
invites an undercut.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..actions import Action, ActionKind
from ..arrange import min_deadwood
from ..cards import CARDS, Card
from ..flow import Phase
from ..view import PlayerView
from .base import Bot, Decision, Thinking, Work, face_up, lowest_end, pile_draw_kills
from .heuristics import GAIN, Option, discard_options, draw_gain, stock_expectation
from .knowledge import Knowledge
from .reasons import Reason, ReasonKind, draw_kept, meld_with, takes_for_meld

TAKE_MARGIN = 0.5
KNOCK_MARGIN = 2
WALL_MARGIN = 2
LIKELY_FLOOR = 16
LIKELY_TOOK = 5


class StandardBot(Bot):
    name = "standard"
    slice_units = total_units = 1_500

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        yield from ()  # a few hundred evaluations: one slice
        know = Knowledge.of(view)
        holding = know.holding()
        odds = know.stock_odds(holding)
        if view.phase == Phase.WALL:
            return wall_decision(view, know)
        if view.phase != Phase.DISCARD:
            return draw_decision(view, know, holding, odds, work)
        acts = view.legal_actions
        if view.must_knock or any(a.kind in (ActionKind.BIG_GIN, ActionKind.GIN) for a in acts):
            return lowest_end(view)
        return knock_or_discard(view, know, discard_options(know.me, know, holding, odds, work))


def knock_or_discard(view: PlayerView, know: Knowledge, options: list[Option]) -> Decision:
    """The knock if the judgement says so, else the best-ranked discard of ``options``."""
    knock = best_knock(view, know)
    if knock is not None:
        worth, why = knock_judgement(view, know, knock)
        if worth:
            return Decision(knock, why)
        return discard_decision(know, options[0], why)
    return discard_decision(know, options[0])


def draw_decision(
    view: PlayerView, know: Knowledge, holding: list[float], odds: list[tuple[int, float]], work: Work
) -> Decision:
    """Take the face-up card if the hand it makes beats the expected hand after a stock draw."""
    pile = Action(ActionKind.DRAW_PILE)
    other = Action(ActionKind.PASS) if view.phase == Phase.OFFER else Action(ActionKind.DRAW_STOCK)
    top = view.top
    if pile not in view.legal_actions or top is None:
        return Decision(other, Reason(ReasonKind.PILE_FORBIDDEN))
    if pile_draw_kills(view, know.pile_draws):
        return dead_or_stock(view, know, top, odds, work)
    take, why = pile_value(view, know, top, holding, odds, work)
    return Decision(pile if take else other, why)


def dead_or_stock(
    view: PlayerView, know: Knowledge, top: Card, odds: list[tuple[int, float]], work: Work
) -> Decision:
    """The draw when taking ``top`` would end the hand dead (the pile draw limit). A dead hand
    scores 0 for both, so it is the better outcome only when playing on likely loses points:
    the standard level takes it only if the opponent can likely knock (their likely count,
    :func:`likely_opponent_deadwood`, is within the knock limit) while its own expected count
    after a stock draw is not; otherwise it draws from the stock, as a stock draw keeps the
    hand, and its chance to score, alive."""
    likely = likely_opponent_deadwood(view, know)
    mine = round(stock_expectation(know.me, odds, work))
    if likely <= view.knock_limit < mine:
        why = Reason(ReasonKind.ENDS_DEAD, (top,), deadwood=mine, opponent=likely)
        return Decision(Action(ActionKind.DRAW_PILE), why)
    return Decision(Action(ActionKind.DRAW_STOCK), Reason(ReasonKind.PILE_LIMIT, (top,)))


def pile_value(
    view: PlayerView,
    know: Knowledge,
    top: Card,
    holding: list[float],
    odds: list[tuple[int, float]],
    work: Work,
) -> tuple[bool, Reason]:
    """Whether taking the face-up card ``top`` beats a stock draw, and why."""
    hand = know.me
    now = min_deadwood(hand)
    forbid = top.bit if view.rules.no_discard_after_pickup else 0
    taken = replace(know, me=hand | top.bit, forbidden=forbid)
    best = discard_options(taken.me, taken, holding, odds, work, careful=False)[0]
    pile_score = best.score
    stock_score = stock_expectation(hand, odds, work) - GAIN * draw_gain(hand, now, odds, work)
    joins = meld_with((hand | top.bit) & ~(1 << best.card), top.index)
    if pile_score < stock_score - TAKE_MARGIN and best.card != top.index:
        if joins:
            return True, takes_for_meld(top, joins)
        return True, Reason(ReasonKind.LOWERS_DEADWOOD, (top,), before=now, deadwood=best.deadwood)
    return False, Reason(ReasonKind.HELPS_TOO_LITTLE if joins else ReasonKind.FITS_NOTHING, (top,))


def best_knock(view: PlayerView, know: Knowledge) -> Action | None:
    """The knock leaving the least deadwood (ties: discarding the higher card)."""
    knocks = [a for a in view.legal_actions if a.kind == ActionKind.KNOCK]
    if not knocks:
        return None
    return min(knocks, key=lambda a: (min_deadwood(know.me & ~a.put.bit), -a.put.value))


def knock_judgement(view: PlayerView, know: Knowledge, knock: Action) -> tuple[bool, Reason]:
    """Knock or wait. The opponent has had draws and pile cards to get low, so knock only with a
    count well under their likely count; otherwise a low hand waits: for gin, or to undercut
    their knock."""
    card = knock.put
    left = min_deadwood(know.me & ~card.bit)
    likely = likely_opponent_deadwood(view, know)
    if left + KNOCK_MARGIN <= likely:
        return True, Reason(ReasonKind.KNOCK_BEATS_LIKELY, (card,), deadwood=left, opponent=likely)
    return False, Reason(ReasonKind.WAITS, (card,), deadwood=left, opponent=likely)


def likely_opponent_deadwood(view: PlayerView, know: Knowledge) -> int:
    """A rough count for the opponent's hand: about 56 after the deal, falling by 6 a turn to
    about 16 (measured over simple-vs-simple hands), less for each card they took from the pile
    (each usually completes a meld)."""
    return likely_deadwood(view, view.opponent, know.took.bit_count())


def likely_deadwood(view: PlayerView, seat: int, took: int) -> int:
    """:func:`likely_opponent_deadwood` of ``seat``, who took ``took`` cards from the pile: a
    count anyone at the table can work out (the coach's model of how the standard level, facing
    the player, rates the player's hand)."""
    turns = sum(1 for p, _ in view.discards if p == seat)
    return max(LIKELY_FLOOR, 56 - 6 * turns) - LIKELY_TOOK * took


def discard_decision(know: Knowledge, option: Option, declined: Reason | None = None) -> Decision:
    """The discard of ``option``, and why: the pair it keeps, else the deadwood it leaves
    (``declined``: the knock it does not make)."""
    card = CARDS[option.card]
    kept = know.me & ~card.bit
    live = know.unseen & ~know.known
    pair = draw_kept(kept, live)
    safe = option.danger < 0.1 and bool(know.took)
    if pair is not None:
        a, b, shape = pair
        why = Reason(ReasonKind.KEEPS_PAIR, (card, a, b), meld=shape, safe=safe, declined=declined)
    else:
        why = Reason(
            ReasonKind.LEAVES_DEADWOOD, (card,), deadwood=option.deadwood, safe=safe, declined=declined
        )
    return Decision(Action(ActionKind.DISCARD, card), why)


def wall_decision(view: PlayerView, know: Knowledge) -> Decision:
    """At the wall, take the discard only to knock with a count that should win."""
    top = face_up(view)
    forbid = top.bit if view.rules.no_discard_after_pickup else 0
    hand = know.me | top.bit
    left = min(min_deadwood(hand & ~(1 << i)) for i in range(52) if hand >> i & 1 and not forbid >> i & 1)
    likely = likely_opponent_deadwood(view, know)
    if left + WALL_MARGIN <= likely:
        return Decision(Action(ActionKind.DRAW_PILE), Reason(ReasonKind.TAKE_TO_KNOCK, (top,), deadwood=left))
    return Decision(
        Action(ActionKind.PASS), Reason(ReasonKind.WALL_PASS, (top,), deadwood=left, opponent=likely)
    )
