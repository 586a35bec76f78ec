"""``beginner``: plays like a careful newcomer, sensible and beatable.

It takes the face-up card only to make a meld, keeps its melds and its pairs (two of a rank,
or two close cards of a suit), throws the highest card that fits nothing, and knocks the moment
it can. It never looks at what the opponent collects or throws, and it does not count which
cards are still live, so it keeps pairs that can no longer be completed.
"""

from __future__ import annotations

import random

from ..actions import ENDING, Action, ActionKind
from ..arrange import best_arrangement
from ..cards import CARD_VALUES, CARDS, mask_of
from ..flow import Phase
from ..view import PlayerView
from .base import Bot, Decision, Thinking, Work, face_up, lowest_end, meld_draw
from .knowledge import SAME_RANK, SUIT_FAR, SUIT_NEAR
from .reasons import Reason, ReasonKind

NEAR = tuple(SAME_RANK[i] | SUIT_NEAR[i] | SUIT_FAR[i] for i in range(52))


class BeginnerBot(Bot):
    name = "beginner"
    slice_units = total_units = 20

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        yield from ()  # a few evaluations: one slice
        work.add(2)
        acts = view.legal_actions
        hand = mask_of(view.hand)
        if view.phase == Phase.WALL:
            return Decision(Action(ActionKind.DRAW_PILE), Reason(ReasonKind.TAKE_TO_KNOCK, (face_up(view),)))
        if view.phase != Phase.DISCARD:
            return meld_draw(view, hand)
        if any(a.kind in ENDING for a in acts):
            return lowest_end(view)
        return loose_discard(view)


def loose_discard(view: PlayerView) -> Decision:
    """The highest card that fits nothing (no meld, no pair), else the highest unmelded card."""
    forbidden = view.forbidden.bit if view.forbidden else 0
    loose = [c.index for c in best_arrangement(view.hand).deadwood if not c.bit & forbidden]
    loose_mask = mask_of(CARDS[i] for i in loose)
    if not loose:  # every card melds but one is forbidden: break the longest meld
        loose = [c.index for c in view.hand if not c.bit & forbidden]
    single = [i for i in loose if not NEAR[i] & loose_mask]
    pool = single or loose
    card = max(pool, key=lambda i: (CARD_VALUES[i], i))
    why = ReasonKind.LONE_HIGH if single else ReasonKind.LOOSE_HIGH
    return Decision(Action(ActionKind.DISCARD, CARDS[card]), Reason(why, (CARDS[card],)))
