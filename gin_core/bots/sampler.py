"""Guesses of the hidden cards that fit everything public: the opponent's hand and the stock.

A guess holds the opponent's known cards (taken from the pile and kept) plus unknown cards from
the unseen ones, favouring cards the opponent's history points to (see
:meth:`Knowledge.holding`). Ten random cards are a poor guess late in a hand: the opponent has
been keeping what melds and throwing the rest. So each guess *replays* the opponent's stock
draws: it draws that many more unseen cards into the guessed hand, each time dropping the card
that leaves the least deadwood (never a known card). Guesses are then weighted by how well they
explain what the opponent did, and resampled: a hand that could have melded a card the opponent
passed over, or threw, is unlikely; a hand in which a card they took fits nothing is less
likely. An inference that rules out gin (expert's) gives no weight to a guessed hand that is
already gin once the opponent has discarded this hand: they would have gone gin instead. The
stock is the rest of the unseen cards in random order. Nothing here can see the real hidden
cards: only the view's public masks come in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..arrange import min_deadwood
from ..cards import Mask
from .deadwood_shown import pulled
from .heuristics import best_after, cached_discard
from .knowledge import SAME_RANK, SUIT_FAR, SUIT_NEAR, Knowledge, fits

Guess = tuple[Mask, list[int]]  # the opponent's hand, and the stock (card indices, the next card last)


def proposal_units(know: Knowledge) -> int:
    """Work units of proposing and weighing one guess (one per replayed draw)."""
    return 2 + know.opp_draws


@dataclass(frozen=True)
class Inference:
    """How hard a sampler looks: guesses proposed per guess kept, and the likelihood factors
    for a passed card that would meld, a thrown card that would meld, a taken card that fits
    nothing, and a hand low enough to have knocked (the opponent did not); ``timed`` fades old
    evidence; ``replay`` is the share of the opponent's stock draws replayed; ``rules_out_gin``:
    a hand that is gin after the opponent's discard is impossible (weight 0), not merely a hand
    that could have knocked; ``showdowns``: the deadwood the opponent showed at our knocks this
    match, which the guesses are pulled toward (see :mod:`.deadwood_shown`; none: not pulled). The
    defaults fit a player who knocks as soon as it can (the guesses of hands that could have
    knocked are rare, and partial replays keep them so); expert's fit one who waits."""

    proposals: int = 2
    passed_melds: float = 0.15
    threw_melds: float = 0.35
    took_loose: float = 0.5
    could_knock: float = 0.25
    timed: bool = False
    replay: float = 0.7
    rules_out_gin: bool = False
    showdowns: tuple[int, ...] = ()
    threw_worse: float = 1.0

    def weigh(self, factor: float, age: int) -> float:
        """A likelihood factor for evidence ``age`` turns old. Timed inference fades it: the
        opponent has replaced about a tenth of the hand per turn since, and a meld needs two
        cards held then and now."""
        if not self.timed:
            return factor
        kept = max(0.0, 1.0 - age / 10) ** 2
        return 1.0 - (1.0 - factor) * kept


def _bits(mask: Mask) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


class Proposer:
    """Proposes guessed opponent hands for one decision. What every proposal shares is worked
    out once: each unseen card's sampling exponent, the faded weight of each passed or thrown
    card, the cards the opponent took and their relatives."""

    def __init__(self, know: Knowledge, holding: list[float], inference: Inference):
        self.know, self.inference = know, inference
        self.unseen = _bits(know.unseen)
        self.exponents = [1.0 / max(p, 1e-6) for p in holding]
        self.evidence = tuple(
            (card, inference.weigh(factor, age))
            for played, factor in (
                (know.passed_ages, inference.passed_melds),
                (know.threw_ages, inference.threw_melds),
            )
            for card, age in played
        )
        self.taken = tuple(
            (card, SAME_RANK[card] | SUIT_NEAR[card] | SUIT_FAR[card]) for card in _bits(know.known)
        )
        self.no_gin = inference.rules_out_gin and know.threw != 0
        self.last = next((card for card, age in know.threw_ages if age == 0), None)

    def propose(self, rng: random.Random) -> tuple[Mask, float]:
        """One guessed opponent hand and how well it explains their actions."""
        know, draw, exponents = self.know, rng.random, self.exponents
        k = know.opp_unknown
        # Weighted sampling without replacement: the k largest keys u ** (1 / w).
        keyed = sorted(self.unseen, key=lambda i: draw() ** exponents[i])
        if k <= 0:
            return know.known, 1.0
        hand = replay(know, know.known | sum(1 << i for i in keyed[-k:]), keyed[:-k], rng, self.inference)
        return hand, self.likelihood(hand)

    def likelihood(self, hand: Mask) -> float:
        """How well a guessed opponent hand explains the opponent's public actions."""
        w = 1.0
        for card, factor in self.evidence:
            if not hand >> card & 1 and fits(hand, card):
                w *= factor
        for card, relatives in self.taken:
            if not fits(hand & ~(1 << card), card) and not relatives & hand:
                w *= self.inference.took_loose
        deadwood = min_deadwood(hand)
        last, worse = self.last, self.inference.threw_worse
        if last is not None and worse < 1.0:  # the last discard against the hand's best one
            excess = deadwood - best_after(hand | 1 << last)
            if excess > 0:
                w *= worse**excess
        if self.know.opp_draws or self.no_gin:
            if deadwood == 0 and self.no_gin:
                return 0.0
            if self.know.opp_draws and deadwood <= self.know.limit:
                w *= self.inference.could_knock
        return w


def replay(know: Knowledge, hand: Mask, rest: list[int], rng: random.Random, inference: Inference) -> Mask:
    """Improve a guessed hand as the opponent would have over their stock draws: draw from
    ``rest`` (unseen cards not in the hand), drop the card leaving the least deadwood."""
    if know.opp_unknown <= 0 or not rest:
        return hand
    rest = rest.copy()
    for _ in range(min(round(inference.replay * know.opp_draws), len(rest))):
        card = rest.pop(rng.randrange(len(rest)))
        drop, _ = cached_discard(hand | 1 << card, know.known)
        hand = (hand | 1 << card) & ~(1 << drop)
        if drop != card:
            rest.append(drop)
    return hand


def resample(know: Knowledge, pool: list[tuple[Mask, float]], n: int, rng: random.Random) -> list[Guess]:
    """``n`` guesses (opponent's hand, stock with the next card last), drawn from the weighted
    proposals by systematic resampling (equally, should every proposal weigh nothing)."""
    unseen = _bits(know.unseen)
    total = sum(w for _, w in pool)
    if not total:
        pool, total = [(hand, 1.0) for hand, _ in pool], float(len(pool))
    step = total / n
    mark = rng.random() * step
    out, acc, j = [], pool[0][1], 0
    for _ in range(n):
        while acc < mark and j + 1 < len(pool):
            j += 1
            acc += pool[j][1]
        hand = pool[j][0]
        stock = [i for i in unseen if not hand >> i & 1]
        rng.shuffle(stock)
        out.append((hand, stock))
        mark += step
    return out


def guesses(
    know: Knowledge, holding: list[float], n: int, rng: random.Random, inference: Inference
) -> list[Guess]:
    """``n`` guesses in one go (the search proposes in slices instead)."""
    proposer = Proposer(know, holding, inference)
    pool = [proposer.propose(rng) for _ in range(n * inference.proposals)]
    return resample(know, pulled(pool, inference.showdowns), n, rng)
