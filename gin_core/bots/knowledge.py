"""What a player can infer from a view, as card masks: the opponent's known cards and habits.

The opponent's hand is the cards they took from the pile and kept (known) plus unknown cards
drawn from the unseen ones. Their history shifts which unseen cards they probably hold: a player
who took a card collects its neighbours; one who threw or passed a card does not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import SUIT_MASK, Card, Mask, mask_of
from ..events import Event
from ..flow import STOCK_MOST, at_the_wall
from ..rules import Rules
from ..view import PlayerView


def _relatives() -> tuple[tuple[Mask, ...], tuple[Mask, ...], tuple[Mask, ...]]:
    """Per card index: same rank (other suits), same suit one rank away, two ranks away."""
    rank, near, far = [], [], []
    for i in range(52):
        s, r = divmod(i, 13)
        rank.append(sum(1 << (13 * t + r) for t in range(4) if t != s))
        near.append(sum(1 << (13 * s + q) for q in (r - 1, r + 1) if 0 <= q < 13))
        far.append(sum(1 << (13 * s + q) for q in (r - 2, r + 2) if 0 <= q < 13))
    return tuple(rank), tuple(near), tuple(far)


SAME_RANK, SUIT_NEAR, SUIT_FAR = _relatives()

# How the opponent's history scales the odds that they hold a relative of a card:
# (same rank, one away in suit, two away in suit).
TOOK = (1.8, 1.6, 1.25)
THREW = (0.55, 0.6, 0.8)
PASSED = (0.7, 0.75, 0.9)


def _meld_pairs() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per card index: the pairs of other cards that make a three-card meld with it."""
    out = []
    for i in range(52):
        s, r = divmod(i, 13)
        mates = [13 * t + r for t in range(4) if t != s]
        pairs = [(a, b) for k, a in enumerate(mates) for b in mates[k + 1 :]]
        for lo in (r - 2, r - 1, r):
            run = [13 * s + q for q in range(lo, lo + 3) if q != r]
            if lo >= 0 and lo + 2 <= 12:
                pairs.append((run[0], run[1]))
        out.append(tuple(pairs))
    return tuple(out)


MELD_PAIRS = _meld_pairs()
PAIR_MASKS: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(1 << a | 1 << b for a, b in pairs) for pairs in MELD_PAIRS
)


def fits(hand: Mask, card: int) -> bool:
    """True if ``card`` joins a meld of ``hand`` plus that card (any meld holding it holds a
    three-card meld holding it, so checking the pairs is enough)."""
    for pair in PAIR_MASKS[card]:  # noqa: SIM110 - any() over a generator is 3.5x slower in the sampler loop
        if hand & pair == pair:
            return True
    return False


def meld_reach(hand: Mask) -> Mask:
    """Every card that :func:`fits` ``hand``, as one mask: the four cards of each rank held twice
    or more, and each card with two held neighbours in its suit (below, around or above it)."""
    suits = [(hand >> shift) & SUIT_MASK for shift in (0, 13, 26, 39)]
    a, b, c, d = suits
    twice = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    reach = twice | twice << 13 | twice << 26 | twice << 39
    for shift, s in zip((0, 13, 26, 39), suits, strict=True):
        up, down = s << 1, s >> 1
        reach |= (((up & s << 2) | (up & down) | (down & s >> 2)) & SUIT_MASK) << shift
    return reach & ~hand


def hand_events(view: PlayerView) -> list[Event]:
    """The public events of the current hand (after its deal)."""
    events = view.events
    start = max((k for k, e in enumerate(events) if e.kind == "deal"), default=-1)
    return list(events[start + 1 :])


def pile_history(rules: Rules, events: Iterable[Event]) -> tuple[int, bool, Mask]:
    """What a hand's public ``events`` say of its pile draws, for the rules that end a hand on
    them (``Rules.pile_draw_limit``, ``Rules.throw_back_dead``), counted as
    :class:`~gin_core.hand.Hand` counts them but from public moves only: (the draws from the
    pile in the draw phase, the first upcard's offer and the wall not counted; whether the last
    discard was the card taken just before it; the card taken from the pile this turn, or 0)."""
    draws, thrown_back, taken = 0, False, 0
    stock, offer = STOCK_MOST - (1 if rules.first_upcard else 0), True
    for e in events:
        kind = e.kind
        if kind == "draw_pile" and e.card is not None:
            draws += not offer and not at_the_wall(rules, stock)
            taken = e.card.bit
        elif kind == "discard" and e.card is not None:
            thrown_back, taken, offer = e.card.bit == taken, 0, False
        elif kind == "draw_stock":
            stock, taken, offer = stock - 1, 0, False
    return draws, thrown_back, taken


def ages(cards: Iterable[Card]) -> tuple[tuple[int, int], ...]:
    """(card index, number of cards after it) for cards in order of play."""
    cards = list(cards)
    return tuple((c.index, len(cards) - 1 - k) for k, c in enumerate(cards))


@dataclass(frozen=True)
class Knowledge:
    """Public facts of one decision, as masks over card indices (``opp_draws``: the stock
    cards the opponent has drawn this hand; ``limit``: this hand's knock limit; the ``ages``
    pair each card the opponent passed or threw with how many they passed or threw since;
    ``pile_draws``, ``thrown_back`` and ``taken``: the hand's :func:`pile_history`, which the
    playouts need to end the hand where the pile draw limit or a second throw-back ends it)."""

    me: Mask
    unseen: Mask
    known: Mask
    opp_unknown: int
    stock: int
    threw: Mask
    passed: Mask
    took: Mask
    forbidden: Mask
    opp_draws: int
    limit: int
    passed_ages: tuple[tuple[int, int], ...]
    threw_ages: tuple[tuple[int, int], ...]
    pile_draws: int = 0
    thrown_back: bool = False
    taken: Mask = 0

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        opp = view.opponent
        known = mask_of(view.opponent_known)
        threw = [c for p, c in view.discards if p == opp]
        events = hand_events(view)
        pile_draws, thrown_back, taken = pile_history(view.rules, events)
        return cls(
            me=mask_of(view.hand),
            unseen=mask_of(view.unseen()),
            known=known,
            opp_unknown=view.opponent_hand_size - known.bit_count(),
            stock=view.stock_size,
            threw=mask_of(threw),
            passed=mask_of(view.declined[opp]),
            took=mask_of(view.pile_takes[opp]),
            forbidden=view.forbidden.bit if view.forbidden else 0,
            opp_draws=sum(1 for e in events if e.kind == "draw_stock" and e.player == opp),
            limit=view.knock_limit,
            passed_ages=ages(view.declined[opp]),
            threw_ages=ages(threw),
            pile_draws=pile_draws,
            thrown_back=thrown_back,
            taken=taken,
        )

    def holding(self) -> list[float]:
        """Per card index, the probability that the opponent holds it (1 for known cards, 0 for
        cards seen elsewhere; unseen cards share the unknown count by history-based weights)."""
        weights = [0.0] * 52
        unseen = [i for i in range(52) if self.unseen >> i & 1]
        for i in unseen:
            w = 1.0
            for mask, factors in ((self.took, TOOK), (self.threw, THREW), (self.passed, PASSED)):
                if mask:
                    w *= factors[0] ** (mask & SAME_RANK[i]).bit_count()
                    w *= factors[1] ** (mask & SUIT_NEAR[i]).bit_count()
                    w *= factors[2] ** (mask & SUIT_FAR[i]).bit_count()
            weights[i] = w
        p = [0.0] * 52
        if unseen and self.opp_unknown > 0:
            total = sum(weights[i] for i in unseen)
            scale = self.opp_unknown / total
            for i in unseen:
                p[i] = min(0.95, weights[i] * scale)
        for i in range(52):
            if self.known >> i & 1:
                p[i] = 1.0
        return p

    def stock_odds(self, holding: list[float]) -> list[tuple[int, float]]:
        """The cards the next stock draw may be, with probabilities summing to 1."""
        odds = [(i, 1.0 - holding[i]) for i in range(52) if self.unseen >> i & 1]
        total = sum(w for _, w in odds) or 1.0
        return [(i, w / total) for i, w in odds]


def meld_chance(card: int, holding: list[float]) -> float:
    """The chance that a player holding cards with these probabilities can meld ``card``."""
    miss = 1.0
    for a, b in MELD_PAIRS[card]:
        pa = holding[a]
        if pa:
            miss *= 1.0 - pa * holding[b]
    return 1.0 - miss
