"""Meld rules written from the rule texts, independently of ``gin_core``: the oracle the
brute-force and shadow-implementation tests check the engine against."""

from __future__ import annotations


def is_meld(cards) -> bool:
    """A set (3-4 cards of one rank) or a run (3+ consecutive of one suit, ace low, no wrap)."""
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))
