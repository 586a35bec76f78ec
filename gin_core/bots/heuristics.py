"""Hand judgement on card masks: deadwood now, how much the next draw is likely to help, and how
likely a discard is to give the opponent a meld.

A kept hand is scored as ``deadwood - GAIN * expected gain of one draw + DANGER * chance the
opponent melds the discard``: lower is better. The expected gain counts every unseen card by the
chance it is in the stock, so cards already dead (discarded, or held by the opponent) add no
outs, and a hand with many live ways to meld beats one with the same deadwood and few.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arrange import discard_code, discard_deadwoods, min_deadwood
from ..cards import CARD_VALUES, Mask
from .base import Work
from .knowledge import Knowledge, meld_chance, meld_reach

GAIN = 1.0
DANGER = 6.0


def cached_discard(hand: Mask, forbidden: Mask = 0) -> tuple[int, int]:
    """(card, deadwood left) of the discard from an 11-card mask leaving the least deadwood;
    ties go to the higher card. Cached: playouts meet the same hands again and again."""
    code = discard_code(hand | forbidden << 52)
    return code & 63, code >> 6


def best_after(hand: Mask, forbidden: Mask = 0) -> int:
    """The least deadwood left after discarding one card of an 11-card mask."""
    return discard_code(hand | forbidden << 52) >> 6


def afters(hand: Mask, odds: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """(least deadwood after drawing card ``i`` into a 10-card hand and discarding, chance) for
    each card of ``odds``. A card joining no meld of the hand (:func:`meld_reach`) is kept only in
    place of a card worth more: its deadwood is looked up once for the hand, not searched per card
    (half or more of the stock cards, and the bots' most frequent search)."""
    reach = meld_reach(hand)
    out = []
    loose = keep = -1
    for i, p in odds:
        if reach >> i & 1:
            out.append((best_after(hand | 1 << i), p))
            continue
        if loose < 0:
            loose, keep = best_after(hand), min_deadwood(hand)
        out.append((min(keep, loose + CARD_VALUES[i]), p))
    return out


def draw_gain(hand: Mask, deadwood: int, odds: list[tuple[int, float]], work: Work) -> float:
    """Expected deadwood saved by drawing one stock card into a 10-card hand of ``deadwood``
    (and discarding the worst card, possibly the one drawn)."""
    work.add(len(odds))
    saved = 0.0
    for after, p in afters(hand, odds):
        if after < deadwood:
            saved += p * (deadwood - after)
    return saved


@dataclass(frozen=True, slots=True)
class Option:
    """One possible discard from an 11-card hand, with the parts of its score."""

    card: int
    deadwood: int
    gain: float
    danger: float

    @property
    def score(self) -> float:
        return self.deadwood - GAIN * self.gain + DANGER * self.danger


def discard_options(
    hand: Mask,
    know: Knowledge,
    holding: list[float],
    odds: list[tuple[int, float]],
    work: Work,
    careful: bool = True,
) -> list[Option]:
    """Every legal discard of an 11-card hand, best (lowest score) first; ties go to the higher
    card. ``careful=False`` ignores the opponent (no danger term)."""
    left = discard_deadwoods(hand, know.forbidden)
    work.add(1)
    options = []
    for i, dw in left.items():
        kept = hand & ~(1 << i)
        danger = meld_chance(i, holding) if careful else 0.0
        options.append(Option(i, dw, draw_gain(kept, dw, odds, work), danger))
    options.sort(key=lambda o: (o.score, -CARD_VALUES[o.card], -o.card))
    return options


def stock_expectation(hand: Mask, odds: list[tuple[int, float]], work: Work) -> float:
    """Expected least deadwood after drawing from the stock into a 10-card hand."""
    work.add(len(odds))
    return sum(p * after for after, p in afters(hand, odds))
