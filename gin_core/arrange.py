"""Best arrangements: the minimum-deadwood way to meld a hand, its ties, and the best discard.

A *packing* is a choice of melds that share no card. The deadwood of a hand is its value minus
the largest value any packing covers. Hands are small (at most 11 cards hold only a handful of
melds), so an exhaustive depth-first search over packings is exact and, on masks, fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from .cards import CARD_VALUES, CARDS, FULL_DECK_MASK, Card, cards_of, mask_value
from .checks import describe
from .errors import HandError
from .melds import Meld, meld_masks


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds and deadwood of one hand; melds ordered by their lowest card, deadwood by rank."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_value(self) -> int:
        return sum(c.value for c in self.deadwood)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds] + [str(c) for c in self.deadwood]
        return " ".join(parts)


def packings(melds: list[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every packing (set of pairwise disjoint melds) as (union mask, melds), the empty one first."""
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
    n = len(melds)
    while stack:
        start, used, chosen = stack.pop()
        yield used, chosen
        for j in range(n - 1, start - 1, -1):
            m = melds[j]
            if not m & used:
                stack.append((j + 1, used | m, chosen + (m,)))


def _best_packing(melds: list[int]) -> tuple[int, list[int]]:
    """The largest melded value and the packing that reaches it with the fewest melds (the first
    in search order among those), so ties resolve the same way every time."""
    value, best = _search(melds, [mask_value(m) for m in melds], 0, 0, 0, ())
    return value, list(best)


def _search(
    melds: list[int], values: list[int], start: int, used: int, acc: int, chosen: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    """The best packing (value, melds) among ``chosen`` and its extensions by melds from
    ``start`` on, depth first. A module function, not a closure: a nested recursive function is
    a reference cycle, garbage only the cycle collector frees (and the page pauses for it)."""
    best = (acc, chosen)
    for j in range(start, len(melds)):
        m = melds[j]
        if not m & used:
            found = _search(melds, values, j + 1, used | m, acc + values[j], (*chosen, m))
            if found[0] > best[0] or (found[0] == best[0] and len(found[1]) < len(best[1])):
                best = found
    return best


@cache
def min_deadwood(hand: int) -> int:
    """Deadwood of the best arrangement of a card mask (any size). Cached (see
    :func:`trim_caches`)."""
    melds = meld_masks(hand)
    total = mask_value(hand)
    if not melds:
        return total
    if len(melds) == 1:
        return total - mask_value(melds[0])
    return total - _best_packing(melds)[0]


def meld_order(packing: Iterable[int]) -> tuple[int, ...]:
    """Meld masks in the order an :class:`Arrangement` shows them: by their lowest card."""
    return tuple(sorted(packing, key=_lowest_key))


def _lowest_key(meld: int) -> int:
    """The sort key (rank * 4 + suit) of the lowest card of a mask, as :class:`Card` orders."""
    ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & 0x1FFF
    rank = (ranks & -ranks).bit_length() - 1
    suit = next(s for s in range(4) if meld >> (13 * s + rank) & 1)
    return rank * 4 + suit


def arrangement_from_masks(hand: int, packing: Iterable[int]) -> Arrangement:
    melds = tuple(Meld.from_mask(m) for m in meld_order(packing))
    used = 0
    for m in melds:
        used |= m.mask
    return Arrangement(melds, tuple(sorted(cards_of(hand & ~used))))


MAX_HAND = 11
"""The most cards a hand holds (after drawing): what :func:`deadwood` counts and
:func:`best_discard` needs. (Arranging a larger set is allowed, for tests and studies.)"""


def hand_mask(cards: Iterable[Card]) -> int:
    """The mask of a hand's cards, or :class:`HandError`: a card given twice is an error, not
    silently merged. The check at the public entry points (the bots pass masks)."""
    given: object = cards  # a caller may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise HandError(f"a hand is a list of cards, not {describe(given)}")
    cards = list(cards)
    mask = 0
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"a hand holds cards, not {describe(c)}")
        mask |= c.bit
    if mask.bit_count() != len(cards):
        raise HandError("a hand cannot hold the same card twice")
    return mask


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """The minimum-deadwood arrangement; among ties, always the same one (the first of
    :func:`optimal_arrangements`)."""
    hand = hand_mask(cards)
    melds = meld_masks(hand)
    return arrangement_from_masks(hand, _best_packing(melds)[1] if melds else [])


def optimal_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every arrangement with the minimum deadwood, :func:`best_arrangement` first."""
    hand = hand_mask(cards)
    return [arrangement_from_masks(hand, p) for p in optimal_packings(hand)]


def optimal_packings(hand: int) -> list[tuple[int, ...]]:
    """The melds of every minimum-deadwood arrangement of a mask, each in :func:`meld_order`,
    the one :func:`best_arrangement` picks first."""
    melds = meld_masks(hand)
    if not melds:
        return [()]
    best_value, first = _best_packing(melds)
    out = [meld_order(first)]
    for used, packing in packings(melds):
        if mask_value(used) == best_value and sorted(packing) != sorted(first):
            out.append(meld_order(packing))
    return out


def discard_deadwoods(hand: int, forbidden: int = 0) -> dict[int, int]:
    """For an 11-card mask: card index -> deadwood left after discarding that card.

    Cards in ``forbidden`` (e.g. the card just taken from the pile) are left out. Every packing
    of the full hand leaves some cards unmelded; discarding one of those is always at least as
    good as breaking a meld, so the minimum over packings is exact.
    """
    result: dict[int, int] = {}
    for used in _packed_masks(meld_masks(hand)):
        free = hand & ~used
        rest = mask_value(free)
        free &= ~forbidden
        while free:
            low = free & -free
            free ^= low
            i = low.bit_length() - 1
            dw = rest - CARD_VALUES[i]
            if result.get(i, 99) > dw:
                result[i] = dw
    return result


def least_discard(hand: int, forbidden: int = 0) -> tuple[int, int]:
    """For an 11-card mask: (card index, deadwood left) of the discard leaving the least
    deadwood; ties go to the higher card, then the higher index (the order of
    :func:`best_discard`). Cards in ``forbidden`` are left out.

    The same answer as the minimum of :func:`discard_deadwoods`, found faster: within one
    packing the best discard is its highest free card, so each packing costs one look-up.
    """
    total = mask_value(hand)
    allowed = hand & ~forbidden
    best_card = top_card(allowed)
    best_dw = total - CARD_VALUES[best_card]
    melds = meld_masks(hand)
    if not melds:
        return best_card, best_dw
    values = [mask_value(m) for m in melds]
    n = len(melds)
    stack = [(0, 0, 0)]  # every packing once, as (next meld, union mask, melded value)
    while stack:
        start, used, melded = stack.pop()
        for j in range(start, n):
            m = melds[j]
            if not m & used:
                both, value = used | m, melded + values[j]
                stack.append((j + 1, both, value))
                card = top_card(allowed & ~both)
                if card < 0:
                    continue
                dw = total - value - CARD_VALUES[card]
                if dw < best_dw or (
                    dw == best_dw and (CARD_VALUES[card], card) > (CARD_VALUES[best_card], best_card)
                ):
                    best_dw, best_card = dw, card
    return best_card, best_dw


@cache
def discard_code(key: int) -> int:
    """:func:`least_discard` of ``hand | forbidden << 52``, coded ``card | deadwood << 6``.
    Cached (see :func:`trim_caches`): the bots' playouts meet the same hands again and again."""
    card, dw = least_discard(key & FULL_DECK_MASK, key >> 52)
    return card | dw << 6


# Entries per cache (about 6 MB when full). Emptying a full one takes about 2 ms in CPython and
# 6-9 ms in Pyodide (twice that at 1 << 17); the bots run no faster with a larger limit.
CACHE_LIMIT = 1 << 16


def trim_caches() -> bool:
    """Empty a cache holding more than ``CACHE_LIMIT`` entries (the bots call this before each
    decision); True if one was emptied. The caches map ints to ints, a dict the garbage
    collector never walks; the ``lru_cache`` they replace kept tracked bookkeeping for 2 x 131k
    entries, and walking it made every full collection a 50 ms pause in the middle of a search."""
    emptied = False
    for cached in (min_deadwood, discard_code):
        if cached.cache_info().currsize > CACHE_LIMIT:
            cached.cache_clear()
            emptied = True
    return emptied


def _packed_masks(melds: list[int]) -> list[int]:
    """The union mask of every packing of ``melds`` (the empty packing first)."""
    out = [0]
    stack = [(0, 0)]
    n = len(melds)
    while stack:
        start, used = stack.pop()
        for j in range(start, n):
            m = melds[j]
            if not m & used:
                both = used | m
                out.append(both)
                stack.append((j + 1, both))
    return out


_BY_VALUE = tuple(sum(1 << i for i in range(52) if CARD_VALUES[i] == v) for v in range(10, 0, -1))


def top_card(mask: int) -> int:
    """The index of the highest-valued card of a mask (ties: the highest index); -1 if empty."""
    for cards in _BY_VALUE:
        m = mask & cards
        if m:
            return m.bit_length() - 1
    return -1


def best_discard(cards: Iterable[Card], forbidden: Card | None = None) -> tuple[Card, Arrangement]:
    """For 11 cards: the discard leaving the least deadwood (ties: the higher card, then the
    higher index) and the arrangement of the 10 cards kept."""
    hand = hand_mask(cards)
    if hand.bit_count() != MAX_HAND:
        raise HandError(f"best_discard needs exactly {MAX_HAND} cards, not {hand.bit_count()}")
    if forbidden is not None and not isinstance(forbidden, Card):
        raise HandError(f"the forbidden card must be a card or None, not {describe(forbidden)}")
    options = discard_deadwoods(hand, forbidden.bit if forbidden else 0)  # 10 cards at least
    index = min(options, key=lambda i: (options[i], -CARD_VALUES[i], -i))
    card = CARDS[index]
    return card, best_arrangement(cards_of(hand & ~card.bit))


def deadwood(cards: Iterable[Card]) -> int:
    """Deadwood value of the best arrangement of a hand (0 to 11 cards), or :class:`HandError`."""
    hand = hand_mask(cards)
    if hand.bit_count() > MAX_HAND:
        raise HandError(f"deadwood counts a hand of at most {MAX_HAND} cards, not {hand.bit_count()}")
    return min_deadwood(hand)
