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
from ..cards import CARDS, mask_of
from ..flow import Phase
from ..view import PlayerView
from .base import Bot, Decision, Thinking, Work, lowest_end
from .knowledge import hand_events
from .reasons import Reason, ReasonKind, meld_with, takes_for_meld


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
        acts = set(view.legal_actions)
        hand = mask_of(view.hand)
        work.add(1)
        if view.phase != Phase.DISCARD:
            top = view.top
            joins = meld_with(hand | top.bit, top.index) if top is not None else None
            if top is not None and joins and Action(ActionKind.DRAW_PILE) in acts:
                return Decision(Action(ActionKind.DRAW_PILE), takes_for_meld(top, joins))
            other = (
                Action(ActionKind.PASS) if Action(ActionKind.PASS) in acts else Action(ActionKind.DRAW_STOCK)
            )
            return Decision(other, Reason(ReasonKind.FITS_NOTHING, (top,) if top else ()))
        if view.rules.big_gin and min_deadwood(hand) == 0:
            return Decision(Action(ActionKind.BIG_GIN), Reason(ReasonKind.BIG_GIN))
        taken = just_taken(view)
        avoid = {d for t, d in used_pairs(view) if t == taken} if taken is not None else set()
        if taken is not None:
            avoid.add(taken)
        left = discard_deadwoods(hand, view.forbidden.bit if view.forbidden else 0)
        choices = {i: dw for i, dw in left.items() if i not in avoid} or left
        least = min(choices.values())
        card = rng.choice(sorted(i for i, dw in choices.items() if dw == least))
        kinds = {a.kind for a in acts if a.card is not None and a.card.index == card}
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
