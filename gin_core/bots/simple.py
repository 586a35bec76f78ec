"""``simple``: the SimpleGinRummyPlayer policy of the EAAI-21 Gin Rummy challenge (T. Neller).

Take the face-up card only if it joins a meld of the hand plus that card, else draw face down.
Discard at random among the cards leaving the least deadwood, never the face-up card just taken
and never repeating a (drawn card, discarded card) pair of this hand; knock as soon as the
deadwood allows (gin at 0). It ignores the opponent. It is the benchmark of the published
results, so it stays faithful rather than good. Pairs come from the view's event log: only
face-up draws can repeat, and those are public.
"""

from __future__ import annotations

import random

from ..actions import Action, ActionKind
from ..arrange import discard_deadwoods, min_deadwood
from ..cards import CARDS, Mask, mask_of
from ..flow import Phase
from ..view import PlayerView
from .base import Bot, Decision, Thinking, Work, lowest_end, meld_draw
from .knowledge import hand_events
from .reasons import Reason, ReasonKind


def used_pairs(view: PlayerView) -> set[tuple[int, int]]:
    """(face-up card taken, card then discarded) pairs of this player in this hand."""
    pairs, taken = set(), None
    for e in hand_events(view):
        if e.player != view.player:
            continue
        if e.kind == ActionKind.DRAW_PILE and e.card is not None:
            taken = e.card.index
        elif e.kind == ActionKind.DRAW_STOCK:
            taken = None
        elif e.kind == ActionKind.DISCARD and taken is not None and e.card is not None:
            pairs.add((taken, e.card.index))
    return pairs


def just_taken(view: PlayerView) -> int | None:
    """The face-up card taken this turn, if any (the last own draw of the hand)."""
    for e in reversed(hand_events(view)):
        if e.player == view.player and e.kind in ("draw_pile", "draw_stock"):
            return e.card.index if e.kind == ActionKind.DRAW_PILE and e.card is not None else None
    return None


class SimpleBot(Bot):
    name = "simple"
    slice_units = total_units = 20

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        yield from ()  # a handful of evaluations: one slice
        hand = mask_of(view.hand)
        work.add(1)
        if view.phase != Phase.DISCARD:
            return meld_draw(view, hand)
        if view.rules.big_gin and min_deadwood(hand) == 0:
            return Decision(Action(ActionKind.BIG_GIN), Reason(ReasonKind.BIG_GIN))
        card, least = least_new_discard(view, hand, rng)
        return end_or_discard(view, card, least)


def least_new_discard(view: PlayerView, hand: Mask, rng: random.Random) -> tuple[int, int]:
    """(card, deadwood left) of a random discard among those leaving the least deadwood, never
    the face-up card just taken nor one thrown after taking it before in this hand."""
    taken = just_taken(view)
    avoid = {d for t, d in used_pairs(view) if t == taken} if taken is not None else set()
    if taken is not None:
        avoid.add(taken)
    left = discard_deadwoods(hand, view.forbidden.bit if view.forbidden else 0)
    choices = {i: dw for i, dw in left.items() if i not in avoid} or left
    least = min(choices.values())
    return rng.choice(sorted(i for i, dw in choices.items() if dw == least)), least


def end_or_discard(view: PlayerView, card: int, least: int) -> Decision:
    """Put ``card`` down: gin or a knock as soon as the rules allow, else a discard."""
    kinds = {a.kind for a in view.legal_actions if a.card is not None and a.card.index == card}
    put = (CARDS[card],)
    if ActionKind.GIN in kinds:
        return Decision(Action(ActionKind.GIN, CARDS[card]), Reason(ReasonKind.GIN, put))
    if ActionKind.KNOCK in kinds:
        return Decision(
            Action(ActionKind.KNOCK, CARDS[card]), Reason(ReasonKind.KNOCKS_AT_ONCE, put, deadwood=least)
        )
    if ActionKind.DISCARD not in kinds:
        return lowest_end(view)
    return Decision(
        Action(ActionKind.DISCARD, CARDS[card]), Reason(ReasonKind.LEAVES_DEADWOOD, put, deadwood=least)
    )
