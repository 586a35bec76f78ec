"""The points of a knock in a playout: the engine's settlement, counting only what the points need.

:func:`~gin_core.scoring.knock_points` finds the defender's whole defence (their melds and
which card goes onto which of the knocker's melds), a quarter of a playout's time. The points
need only the defender's count: for each packing of the defender's own melds, the free cards
left once every card that can be laid off is laid off. Which cards can go does not depend on
the order they are laid (a run takes every free card its ends reach, a set its missing suit,
and a card fitting both goes somewhere), so that is one mask per packing. Same points as the
engine's, every time (a property test holds them equal).
"""

from __future__ import annotations

from ..arrange import min_deadwood, packings
from ..cards import Mask, mask_value
from ..declare import declared_deadwood, default_packing
from ..melds import meld_extensions, meld_masks
from ..rules import Rules
from ..scoring import verdict


def laid_off(free: Mask, targets: tuple[int, ...]) -> Mask:
    """The cards of ``free`` that can be laid off onto the melds ``targets``: a run grows at
    both ends as far as free cards reach, a set takes its missing suit."""
    laid = 0
    for meld in targets:
        fit = meld_extensions(meld) & free
        while fit:
            laid |= fit
            meld |= fit
            fit = meld_extensions(meld) & free & ~meld
    return laid


def defender_count(hand: Mask, targets: tuple[int, ...]) -> int:
    """The defender's least deadwood after laying off onto ``targets`` (the count of
    :func:`~gin_core.layoff.defend`), trying every packing of the defender's own melds."""
    melds = meld_masks(hand)
    if not melds:
        return mask_value(hand & ~laid_off(hand, targets))
    best = mask_value(hand)
    for used, _ in packings(melds):
        free = hand & ~used
        best = min(best, mask_value(free & ~laid_off(free, targets)))
    return best


def declared(knocker: Mask) -> tuple[int, ...]:
    """The melds the knocker declares (those of :func:`~gin_core.declare.default_packing`, in
    any order): the packing of most value when only one reaches it, found in one pass over
    the packings; else the engine's choice among the ties."""
    best, ties = -1, 0
    found: tuple[int, ...] = ()
    for used, packing in packings(meld_masks(knocker)):
        value = mask_value(used)
        if value > best:
            best, found, ties = value, packing, 1
        elif value == best:
            ties += 1
    return found if ties == 1 else default_packing(knocker)


def knock_score(knocker: Mask, defender: Mask, rules: Rules, big_gin: bool = False) -> int:
    """:func:`~gin_core.scoring.knock_points`: the points of a knock with the default
    declaration, positive when the knocker scores, negative when the defender does."""
    packing = declared(knocker)
    knocker_deadwood = declared_deadwood(knocker, packing)
    if big_gin and knocker_deadwood:
        raise ValueError("big gin needs all 11 cards melded")
    if knocker_deadwood or rules.layoff_on_gin:
        defender_deadwood = defender_count(defender, packing)
    else:
        defender_deadwood = min_deadwood(defender)
    _, winner_side, bonus, base = verdict(knocker_deadwood, defender_deadwood, rules, big_gin)
    if winner_side is None:
        return 0
    return base + bonus if winner_side == "knocker" else -(base + bonus)
