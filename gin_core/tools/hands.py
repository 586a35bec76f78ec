"""One-hand matches played out by two levels: the hands the coach's oracle, its figures, the
rating's calibration and the luck tests replay (the same seed always gives the same hand)."""

from __future__ import annotations

from ..bots import make_bot
from ..match import Match
from ..rules import Rules


def played_match(seed: int, first: str, second: str = "standard") -> Match:
    """A one-hand match of ``first`` (seat 0) against ``second``, played to its end."""
    m = Match(Rules().replace(target=None), seed=seed, dealer=seed % 2)
    bots = (make_bot(first, seed), make_bot(second, seed + 1))
    while m.phase not in ("hand_over", "match_over"):
        p = m.to_move
        assert p is not None
        m.apply(bots[p].decide(m.view(p)).action, p)
    return m
