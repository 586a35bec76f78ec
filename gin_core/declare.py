"""The knocker's declaration: the melds laid down at a knock, chosen from what the knocker knows.

At a table the knocker lays down melds before the defender shows a card, so the choice among
equally low arrangements may use only the knocker's own knowledge. The default here prefers
the declaration that offers the fewest lay-off spots to cards the knocker has not seen (a card
fits a spot if it extends a declared meld directly: a set's missing suit, a run's ends); ties go
to the first of :func:`~gin_core.arrange.optimal_packings`, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable

from .arrange import hand_mask, meld_order, optimal_packings, packings
from .cards import FULL_DECK_MASK, Card, mask_of, mask_value
from .checks import check_int
from .melds import Meld, meld_extensions, meld_masks

Declaration = tuple[Meld, ...]


def layoff_spots(packing: Iterable[int], unseen: int) -> int:
    """How many cards of the ``unseen`` mask could be laid off directly on the melds."""
    fits = 0
    for meld in packing:
        fits |= meld_extensions(meld)
    return (fits & unseen).bit_count()


def default_packing(hand: int, unseen: int | None = None) -> tuple[int, ...]:
    """:func:`default_declaration` on masks (``unseen``: every card not in ``hand``)."""
    choices = optimal_packings(hand)
    if len(choices) == 1:
        return choices[0]
    hidden = FULL_DECK_MASK & ~hand if unseen is None else unseen & ~hand
    return min(choices, key=lambda p: layoff_spots(p, hidden))


def default_declaration(cards: Iterable[Card], unseen: Iterable[Card] | None = None) -> Declaration:
    """The knocker's melds: a least-deadwood arrangement of the cards kept, offering the fewest
    lay-off spots to the ``unseen`` cards (default: every card not in the hand)."""
    hand = hand_mask(cards)
    packing = default_packing(hand, None if unseen is None else mask_of(unseen))
    return tuple(Meld.from_mask(m) for m in packing)


def declarations(
    cards: Iterable[Card], limit: int, unseen: Iterable[Card] | None = None
) -> list[Declaration]:
    """Every declaration of the cards kept (disjoint melds) leaving at most ``limit`` deadwood,
    best first: least deadwood, then fewest lay-off spots for ``unseen`` cards, then a fixed
    order. The first is :func:`default_declaration` when it is within the limit."""
    hand = hand_mask(cards)
    check_int(limit, "limit", 0, 1 << 31)
    hidden = FULL_DECK_MASK & ~hand if unseen is None else hand_mask(unseen) & ~hand
    total = mask_value(hand)
    found = []
    for used, packing in packings(meld_masks(hand)):
        left = total - mask_value(used)
        if left <= limit:
            order = meld_order(packing)
            found.append(((left, layoff_spots(order, hidden), _rank(order, hand)), order))
    found.sort()
    return [tuple(Meld.from_mask(m) for m in order) for _, order in found]


def _rank(order: tuple[int, ...], hand: int) -> int:
    """Position among the optimal packings (the tie-break of :func:`default_packing`), else
    after them all, in the order of the meld masks."""
    optimal = optimal_packings(hand)
    return optimal.index(order) if order in optimal else len(optimal)


def declared_deadwood(hand: int, melds: Iterable[int]) -> int:
    """The deadwood left by declaring ``melds`` from ``hand``."""
    return mask_value(hand) - sum(mask_value(m) for m in melds)
