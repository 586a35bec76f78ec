"""Plain-words fragments for the one-line reasons bots give ("keeps 7♥ 8♥ for a run")."""

from __future__ import annotations

from ..arrange import best_arrangement
from ..cards import CARDS, cards_of
from ..melds import meld_masks


def sym(index: int) -> str:
    return CARDS[index].symbol


def cards_text(mask: int) -> str:
    return " ".join(c.symbol for c in cards_of(mask))


def meld_with(hand: int, card: int) -> str | None:
    """'makes a run 5♥ 6♥ 7♥' if ``card`` joins a meld of ``hand`` (which holds it), else None."""
    melds = [m for m in meld_masks(hand) if m >> card & 1]
    if not melds:
        return None
    best = min(melds, key=lambda m: m.bit_count())
    kind = "set" if len({c.rank for c in cards_of(best)}) == 1 else "run"
    return f"makes a {kind} {cards_text(best)}"


def draw_kept(hand: int, live: int) -> str | None:
    """'keeps 7♥ 8♥ for a run': the unmelded pair of ``hand`` with the most live cards (in
    ``live``) that would complete it, or None if no loose pair has any."""
    loose = [c.index for c in best_arrangement(cards_of(hand)).deadwood]
    best, best_outs = None, 0
    for k, a in enumerate(loose):
        for b in loose[k + 1:]:
            sa, ra = divmod(a, 13)
            sb, rb = divmod(b, 13)
            if ra == rb:
                outs = sum(1 for s in range(4) if live >> (13 * s + ra) & 1)
                kind = "set"
            elif sa == sb and abs(ra - rb) <= 2:
                lo, hi = min(ra, rb), max(ra, rb)
                ends = [lo + 1] if hi - lo == 2 else [lo - 1, hi + 1]
                outs = sum(1 for r in ends if 0 <= r < 13 and live >> (13 * sa + r) & 1)
                kind = "run"
            else:
                continue
            if outs > best_outs:
                best, best_outs = (a, b, kind), outs
    if best is None:
        return None
    a, b, kind = best
    return f"keeps {sym(a)} {sym(b)} for a {kind}"

