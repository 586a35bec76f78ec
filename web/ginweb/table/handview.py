"""How a hand is shown: melds grouped and tinted, deadwood after them, sorted by rank or suit,
or in the player's own order. Pure functions over gin_core cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gin_core import Arrangement, Card, best_arrangement, is_meld_mask

from ..kit.frozen import Frozen

SORTS = ("rank", "suit", "custom")
# suits alternate in colour when sorted by suit: spades, hearts, clubs, diamonds
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


class Slot(Frozen):
    """One card of the shown hand: ``group`` is its meld number or -1 for deadwood;
    ``start`` marks the first card of a new group (a small gap before it)."""

    card: Card
    group: int
    start: bool


def suit_key(card: Card) -> tuple[int, int]:
    return SUIT_ORDER[card.suit], card.rank


def rank_key(card: Card) -> tuple[int, int]:
    return card.rank, SUIT_ORDER[card.suit]


def _meld_cards(cards: Sequence[Card]) -> list[Card]:
    if cards[0].rank == cards[-1].rank:  # a set: by suit
        return sorted(cards, key=suit_key)
    return sorted(cards, key=lambda c: c.rank)


def layout(cards: Iterable[Card], sort: str = "rank", order: Sequence[str] = ()) -> tuple[list[Slot], int]:
    """The shown order of ``cards`` and the deadwood of their best arrangement.

    ``sort`` is ``rank`` or ``suit`` (melds first, then deadwood) or ``custom`` (the cards in
    ``order``, given as card texts, with any others appended by rank). Groups follow what is
    shown: in your own order a meld is tinted only while its cards sit side by side."""
    cards = list(cards)
    if not cards:
        return [], 0
    arr = best_arrangement(cards)
    shown, groups = _own_order(cards, order) if sort == "custom" else _melds_first(arr, sort)
    return _slots(shown, groups), arr.deadwood_value


def _own_order(cards: Sequence[Card], order: Sequence[str]) -> tuple[list[Card], list[int]]:
    """The cards in the player's ``order`` (others after them, by rank), grouped as they sit."""
    pos = {t: i for i, t in enumerate(order)}
    shown = sorted(cards, key=lambda c: (pos.get(str(c), len(pos)), rank_key(c)))
    return shown, shown_groups(shown)


def _melds_first(arr: Arrangement, sort: str) -> tuple[list[Card], list[int]]:
    """The best arrangement's melds (ordered by their first card), then its deadwood, each
    sorted by ``sort`` (rank or suit)."""
    key = suit_key if sort == "suit" else rank_key
    melds = [_meld_cards(m.cards) for m in arr.melds]
    melds.sort(key=lambda m: key(m[0]))
    shown = [c for m in melds for c in m] + sorted(arr.deadwood, key=key)
    group = {c: i for i, m in enumerate(melds) for c in m}
    return shown, [group.get(c, -1) for c in shown]


def _slots(shown: Sequence[Card], groups: Sequence[int]) -> list[Slot]:
    """Each card with its group, marked where a new group starts (a gap is drawn before it)."""
    slots, last = [], None
    for i, (c, g) in enumerate(zip(shown, groups, strict=False)):
        slots.append(Slot(c, g, i > 0 and g != last))
        last = g
    return slots


def shown_groups(shown: Sequence[Card]) -> list[int]:
    """The meld number of each card (-1: deadwood) when the hand is grouped as it is shown:
    melds are runs of neighbouring cards, chosen to leave the least deadwood."""
    n = len(shown)
    best: list[tuple[int, tuple[tuple[int, int], ...]]] = [(0, ())]
    for i in range(1, n + 1):
        cand = (best[i - 1][0] + shown[i - 1].value, best[i - 1][1])
        for j in range(max(0, i - 13), i - 2):
            if best[j][0] < cand[0] and is_meld_mask(sum(c.bit for c in shown[j:i])):
                cand = (best[j][0], best[j][1] + ((j, i),))
        best.append(cand)
    groups = [-1] * n
    for number, (j, i) in enumerate(best[n][1]):
        groups[j:i] = [number] * (i - j)
    return groups


def melds_shown(slots: Iterable[Slot]) -> list[frozenset[Card]]:
    """The melds of a hand as grouped on screen (each group of ``slots``; deadwood aside)."""
    groups: dict[int, set[Card]] = {}
    for s in slots:
        if s.group >= 0:
            groups.setdefault(s.group, set()).add(s.card)
    return [frozenset(g) for g in groups.values()]


def arrangement_slots(
    melds: Sequence[Sequence[Card]], deadwood: Sequence[Card], extra: Sequence[Card] = ()
) -> list[tuple[Card, int, bool]]:
    """Showdown order: each meld (group 0, 1, ...), then deadwood (-1), then ``extra`` cards
    still to be laid off (-2). Returns (card, group, starts a group)."""
    out: list[tuple[Card, int, bool]] = []
    groups = [(i, _meld_cards(list(m))) for i, m in enumerate(melds)]
    groups.append((-1, sorted(deadwood, key=rank_key)))
    groups.append((-2, sorted(extra, key=rank_key)))
    for g, cards in groups:
        for j, c in enumerate(cards):
            out.append((c, g, bool(out) and j == 0))
    return out
