"""Lay-offs: the defender's best play against a knock, chosen jointly with the defender's melds.

After a knock the defender melds what they can and lays off deadwood onto the knocker's melds:
the fourth card of a set, cards extending a run at either end (in chains: 8 then 9 onto 5-6-7).
Never onto the knocker's deadwood. Sometimes a card is worth more laid off than kept in a meld,
so every packing of the defender's hand is tried with its lay-offs and the lowest count wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .arrange import Arrangement, arrangement_from_masks, hand_mask, packings
from .cards import CARDS, Card, mask_value
from .checks import check_is, check_items
from .melds import Meld, meld_extensions, meld_masks


@dataclass(frozen=True, slots=True)
class Layoff:
    """One defender card laid off onto the knocker's meld number ``meld`` (its arrangement order)."""

    card: Card
    meld: int


def _lay_off(free: int, targets: Sequence[int]) -> list[tuple[int, int]]:
    """Lay off as many cards of ``free`` as possible onto ``targets``: (card index, meld number).

    Runs go first and grow as far as chains of free cards reach; only then do sets take their
    fourth card. A card fitting both a run and a set is worth more on the run (it can carry a
    chain), and a set can take one card only, so this order lays off every card that can go.
    """
    grown = list(targets)
    runs_first = sorted(range(len(grown)), key=lambda k: not _is_run(grown[k]))
    placed: list[tuple[int, int]] = []
    for k in runs_first:
        fit = meld_extensions(grown[k]) & free
        while fit:
            low = fit & -fit
            free ^= low
            grown[k] |= low
            placed.append((low.bit_length() - 1, k))
            fit = meld_extensions(grown[k]) & free
    return placed


def _is_run(meld: int) -> bool:
    low = (meld & -meld).bit_length() - 1
    return meld >> (low - low % 13) < 1 << 13


def best_defence(
    defender: Sequence[Card], knocker_melds: Sequence[Meld], allow_layoffs: bool = True
) -> tuple[Arrangement, tuple[Layoff, ...]]:
    """The defender's arrangement (own melds and remaining deadwood) and lay-offs that leave the
    least deadwood. Ties go to the first packing found (the defender's best own arrangement is
    tried first), then to the fewest lay-offs."""
    hand = hand_mask(defender)
    melds = check_items(knocker_melds, Meld, "knocker_melds")
    targets = [m.mask for m in melds] if check_is(allow_layoffs, bool, "allow_layoffs") else []
    _, own, placed = defend(hand, targets)
    return defence_of(hand, own, placed)


def defence_of(
    hand: int, own: Sequence[int], placed: Sequence[tuple[int, int]]
) -> tuple[Arrangement, tuple[Layoff, ...]]:
    """The arrangement and lay-offs of a defence found by :func:`defend`."""
    laid = sum(1 << i for i, _ in placed)
    return arrangement_from_masks(hand & ~laid, own), tuple(Layoff(CARDS[i], k) for i, k in placed)


def defend(hand: int, targets: Sequence[int]) -> tuple[int, tuple[int, ...], list[tuple[int, int]]]:
    """:func:`best_defence` on masks: (deadwood left, own melds, lay-offs as (card index, meld
    number)) for a defender's mask against the knocker's meld masks (none: no lay-offs)."""
    best_key: tuple[int, int] | None = None
    best: tuple[tuple[int, ...], list[tuple[int, int]]] = ((), [])
    for used, packing in packings(meld_masks(hand)):
        free = hand & ~used
        placed = _lay_off(free, targets) if targets else []
        laid = sum(1 << i for i, _ in placed)
        key = (mask_value(free & ~laid), len(placed))
        if best_key is None or key < best_key:
            best_key, best = key, (packing, placed)
    assert best_key is not None
    return best_key[0], best[0], best[1]
