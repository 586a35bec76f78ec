"""The engine's arrangement, discard, lay-off and settlement searches against brute force.

The brute force here shares no code with gin_core.arrange / melds / layoff: melds are found by
trying every subset of the cards against the definition (a set is 3-4 cards of one rank; a run
is 3+ consecutive cards of one suit, ace low, no wrap), packings (disjoint melds) are enumerated
by deciding the fate of the lowest remaining card, and lay-offs by trying every subset of the
defender's deadwood and every order and target meld for it (chains included).

Hands: uniform random ones and "dense" ones (a few neighbouring ranks in a few suits, so that
sets and runs overlap and ties abound), 0..11 cards; lay-off and settlement positions both
constructed and taken from knocks in random games.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import is_meld

from gin_core import CARDS, Card, Match, Meld, Rules
from gin_core.arrange import (
    best_arrangement,
    best_discard,
    deadwood,
    discard_deadwoods,
    least_discard,
    min_deadwood,
    optimal_arrangements,
)
from gin_core.cards import mask_of, parse_cards
from gin_core.layoff import best_defence
from gin_core.presets import PRESETS
from gin_core.scoring import knock_points, settle


def examples(fraction: float, minimum: int = 2) -> int:
    """A fraction of the active profile's max_examples (see conftest.py)."""
    return max(minimum, int(settings.default.max_examples * fraction))


# ----- brute force, from the definitions ------------------------------------------------------


def card(rank: int, suit: str) -> Card:
    """The engine's own Card object for a rank and suit."""
    return CARDS["CDHS".index(suit) * 13 + rank - 1]


def value(c: Card) -> int:
    return min(c.rank, 10)


def total(cards) -> int:
    return sum(min(c.rank, 10) for c in cards)


@lru_cache(maxsize=1 << 16)
def is_meld_set(cards: frozenset) -> bool:
    return is_meld(cards)


def order(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.suit, c.rank)))


@lru_cache(maxsize=1 << 14)
def brute_melds(cards: tuple[Card, ...]) -> tuple[frozenset, ...]:
    """Every subset of ``cards`` (in a canonical order) that is a meld."""
    return tuple(
        frozenset(combo)
        for size in range(3, len(cards) + 1)
        for combo in itertools.combinations(cards, size)
        if is_meld(combo)
    )


def brute_packings(cards: tuple[Card, ...], melds=None) -> list[frozenset]:
    """Every packing (set of pairwise disjoint melds) of ``cards``, each exactly once: the
    lowest undecided card is either left unmelded or put in one of the melds containing it."""
    melds = brute_melds(cards) if melds is None else melds
    out: list[frozenset] = []

    def rec(rest: tuple[Card, ...], chosen: tuple) -> None:
        if not rest:
            out.append(frozenset(chosen))
            return
        first = rest[0]
        rec(rest[1:], chosen)  # first card unmelded
        left = set(rest)
        for m in melds:
            if first in m and m <= left:
                rec(tuple(c for c in rest if c not in m), chosen + (m,))

    rec(cards, ())
    return out


def brute_deadwood_of(cards, packing) -> int:
    used = set().union(*packing) if packing else set()
    return total(c for c in cards if c not in used)


@lru_cache(maxsize=1 << 14)
def brute(cards: tuple[Card, ...]) -> tuple[int, frozenset]:
    """(minimum deadwood, the set of optimal packings) of a canonical card tuple."""
    packs = brute_packings(cards)
    values = [(brute_deadwood_of(cards, p), p) for p in packs]
    best = min(v for v, _ in values)
    return best, frozenset(p for v, p in values if v == best)


def packing_of(arrangement) -> frozenset:
    return frozenset(frozenset(m.cards) for m in arrangement.melds)


@lru_cache(maxsize=1 << 16)
def layable(rest: frozenset, grown: tuple[frozenset, ...]) -> bool:
    """Can all of ``rest`` be laid off onto the melds ``grown``, one card at a time, each card
    making a meld with the (already grown) meld it joins? Tries every order and every meld."""
    if not rest:
        return True
    for c in rest:
        for k, g in enumerate(grown):
            if is_meld_set(g | {c}) and layable(rest - {c}, grown[:k] + (g | {c},) + grown[k + 1 :]):
                return True
    return False


def brute_defence(defender, knocker_melds, allow: bool = True) -> tuple[int, int]:
    """(least deadwood, fewest lay-offs reaching it) over every packing of the defender's hand
    and every subset of the rest that can be laid off onto the knocker's melds."""
    cards = order(defender)
    targets = tuple(frozenset(m) for m in knocker_melds)
    best: tuple[int, int] | None = None
    for packing in brute_packings(cards):
        used = set().union(*packing) if packing else set()
        free = [c for c in cards if c not in used]
        # only a card of a target's rank (sets) or suit (runs) can ever join it
        near = [
            c
            for c in free
            if allow and any(c.rank in {x.rank for x in t} or c.suit in {x.suit for x in t} for t in targets)
        ]
        for size in range(len(near) + 1):
            for laid in itertools.combinations(near, size):
                key = (total(free) - total(laid), size)
                if (best is None or key < best) and (not laid or layable(frozenset(laid), targets)):
                    best = key
    assert best is not None
    return best


# ----- hand generators -----------------------------------------------------------------------


def random_hand(rng: random.Random, n: int, dense: bool | None = None) -> list[Card]:
    """``n`` distinct cards; dense hands come from a few neighbouring ranks of a few suits."""
    if dense is None:
        dense = rng.random() < 0.6
    if not dense:
        return rng.sample(CARDS, n)
    width = rng.randint(3, 6)
    low = rng.randint(1, 14 - width)
    suits = rng.sample("CDHS", rng.randint(2, 4))
    pool = [card(r, s) for r in range(low, low + width) for s in suits]
    hand = rng.sample(pool, min(n, len(pool)))
    rest = [c for c in CARDS if c not in hand]
    return hand + rng.sample(rest, n - len(hand))


@st.composite
def hands(draw, min_size: int = 0, max_size: int = 11) -> list[Card]:
    n = draw(st.integers(min_size, max_size))
    seed = draw(st.integers(0, 2**32))
    return random_hand(random.Random(seed), n, draw(st.booleans()))


# ----- arrangements --------------------------------------------------------------------------


def check_arrangements(cards: list[Card]) -> None:
    canon = order(cards)
    best_value, optimal = brute(canon)
    mask = mask_of(cards)
    assert min_deadwood(mask) == best_value, f"min_deadwood {show(cards)}"
    assert deadwood(cards) == best_value
    arrangements = optimal_arrangements(cards)
    packs = [packing_of(a) for a in arrangements]
    assert len(set(packs)) == len(packs), f"duplicate optimal arrangements for {show(cards)}"
    assert set(packs) == optimal, (
        f"optimal arrangements of {show(cards)}: engine {sorted(map(str, arrangements))}, "
        f"brute force finds {len(optimal)}"
    )
    for a in arrangements:
        melded = [c for m in a.melds for c in m.cards]
        assert all(is_meld(m.cards) for m in a.melds)
        assert sorted(melded + list(a.deadwood)) == sorted(cards)
        assert a.deadwood_value == best_value
        assert list(a.deadwood) == sorted(a.deadwood)  # deadwood by rank
    best = best_arrangement(cards)
    assert best == arrangements[0]
    assert packing_of(best) in optimal and best.deadwood_value == best_value
    # among ties, the fewest melds; and never dependent on the order the cards come in
    assert len(best.melds) == min(len(p) for p in optimal)
    shuffled = list(cards)
    random.Random(len(cards)).shuffle(shuffled)
    assert best_arrangement(shuffled) == best
    assert best_arrangement(reversed(cards)) == best


def show(cards) -> str:
    """Cards as text, for messages."""
    return " ".join(map(str, cards))


@pytest.mark.parametrize("n", range(12))
def test_arrangements_every_size_against_brute_force(n, count):
    rng = random.Random(f"sizes:{n}")
    for _ in range(count(60 if n >= 9 else 40, 5)):
        check_arrangements(random_hand(rng, n))


def test_arrangements_10_and_11_cards_against_brute_force(count):
    rng = random.Random("ten-eleven")
    for i in range(count(200, 30)):
        check_arrangements(random_hand(rng, 10 + i % 2))


@settings(max_examples=examples(3.0))
@given(cards=hands())
def test_arrangements_hypothesis(cards):
    check_arrangements(cards)


def test_arrangement_edge_cases():
    assert min_deadwood(0) == 0 and deadwood([]) == 0
    empty = best_arrangement([])
    assert empty.melds == () and empty.deadwood == () and optimal_arrangements([]) == [empty]
    with pytest.raises(ValueError):
        best_arrangement([CARDS[0], CARDS[0]])
    # no wrap: Q-K-A is not a run; a 5-card set does not exist
    qka = [Card.parse(t) for t in ("QS", "KS", "AS")]
    assert not is_meld(qka) and min_deadwood(mask_of(qka)) == 21
    check_arrangements(qka)
    # the classic trap: a card wanted by both a set and a run
    check_arrangements(parse_cards("7C 7D 7H 7S 5S 6S 8S 9S 8H 9H 8D"))


# ----- discards ------------------------------------------------------------------------------


def check_discards(cards: list[Card], forbidden: Card | None) -> None:
    assert len(cards) == 11
    mask = mask_of(cards)
    expected = {}
    for c in cards:
        if c != forbidden:
            expected[c.index] = brute(order(x for x in cards if x != c))[0]
    got = discard_deadwoods(mask, forbidden.bit if forbidden else 0)
    assert got == expected, f"discard_deadwoods({show(cards)}, forbidden={forbidden})"
    card, arrangement = best_discard(cards, forbidden)
    assert least_discard(mask, forbidden.bit if forbidden else 0) == (card.index, arrangement.deadwood_value)
    assert card != forbidden and card in cards
    least = min(expected.values())
    assert expected[card.index] == least == arrangement.deadwood_value
    # ties: the higher card, then the higher index
    ties = [CARDS[i] for i, v in expected.items() if v == least]
    assert card == max(ties, key=lambda c: (value(c), c.index))
    assert sorted(arrangement.cards) == sorted(c for c in cards if c != card)
    assert arrangement == best_arrangement([c for c in cards if c != card])


def test_discards_against_brute_force(count):
    rng = random.Random("discards")
    for _ in range(count(60, 15)):
        cards = random_hand(rng, 11)
        check_discards(cards, rng.choice([None, *cards]))


@settings(max_examples=examples(1.5))
@given(cards=hands(11, 11), pick=st.integers(0, 11))
def test_discards_hypothesis(cards, pick):
    check_discards(cards, cards[pick] if pick < 11 else None)


def test_best_discard_rejects_wrong_sizes():
    rng = random.Random(3)
    for n in (0, 9, 10, 12):
        with pytest.raises(ValueError):
            best_discard(rng.sample(CARDS, n))


# ----- lay-offs ------------------------------------------------------------------------------


def random_melds(rng: random.Random, k: int) -> list[frozenset]:
    """``k`` disjoint random melds (runs of 3-6, sets of 3-4)."""
    used: set[Card] = set()
    out: list[frozenset] = []
    while len(out) < k:
        if rng.random() < 0.5:
            suit, length = rng.choice("CDHS"), rng.randint(3, 6)
            low = rng.randint(1, 14 - length)
            meld = {card(r, suit) for r in range(low, low + length)}
        else:
            rank = rng.randint(1, 13)
            meld = set(rng.sample([card(rank, s) for s in "CDHS"], rng.randint(3, 4)))
        if not meld & used:
            used |= meld
            out.append(frozenset(meld))
    return out


def near_cards(melds) -> list[Card]:
    """Cards one or two steps from the melds: what lay-off chains are made of."""
    out = set()
    for m in melds:
        for c in m:
            for dr in (-2, -1, 1, 2):
                if 1 <= c.rank + dr <= 13:
                    out.add(card(c.rank + dr, c.suit))
            out.update(card(c.rank, s) for s in "CDHS")
    return sorted(out - set().union(*melds), key=lambda c: c.index)


def random_position(rng: random.Random) -> tuple[list[Card], list[frozenset]]:
    melds = random_melds(rng, rng.randint(1, 3))
    taken = set().union(*melds)
    near = [c for c in near_cards(melds) if c not in taken]
    k = min(len(near), rng.randint(0, 7))
    defender = rng.sample(near, k)
    rest = [c for c in CARDS if c not in taken and c not in defender]
    dense = random_hand(rng, 10, True)
    fill = [c for c in dense if c in rest and c not in defender] if rng.random() < 0.5 else []
    defender += fill[: 10 - len(defender)]
    rest = [c for c in rest if c not in defender]
    defender += rng.sample(rest, 10 - len(defender))
    return defender, melds


def check_defence(defender: list[Card], melds: list[frozenset], allow: bool) -> None:
    knocker_melds = [Meld.of(m) for m in melds]
    arrangement, layoffs = best_defence(defender, knocker_melds, allow)
    want_dw, want_n = brute_defence(defender, melds, allow)
    laid = [lay.card for lay in layoffs]
    assert arrangement.deadwood_value == want_dw, (
        f"best_defence({show(defender)}, melds {[show(order(m)) for m in melds]}, allow={allow}): "
        f"engine leaves {arrangement.deadwood_value}, brute force {want_dw}"
    )
    assert len(layoffs) == want_n, "the fewest lay-offs among the best defences"
    if not allow:
        assert not layoffs
    melded = [c for m in arrangement.melds for c in m.cards]
    assert all(is_meld(m.cards) for m in arrangement.melds)
    assert sorted(melded + list(arrangement.deadwood) + laid) == sorted(defender)
    grown = [set(m.cards) for m in knocker_melds]
    for lay in layoffs:  # in the order given, each card joins the (grown) meld it names
        assert is_meld(grown[lay.meld] | {lay.card}), f"{lay.card} cannot join {grown[lay.meld]}"
        grown[lay.meld].add(lay.card)


def test_layoffs_against_brute_force(count):
    rng = random.Random("layoffs")
    for i in range(count(60, 15)):
        defender, melds = random_position(rng)
        check_defence(defender, melds, allow=i % 7 != 0)


@settings(max_examples=examples(1.0))
@given(seed=st.integers(0, 2**32), allow=st.booleans())
def test_layoffs_hypothesis(seed, allow):
    defender, melds = random_position(random.Random(seed))
    check_defence(defender, melds, allow)


def test_layoff_chains_and_packing_choice():
    """Worked cases: a chain (8 then 9 onto 5-6-7); a card better laid off than kept in a set;
    the fourth card of a set; never onto a meld the card does not touch."""
    run = [frozenset(Card.parse(t) for t in ("5H", "6H", "7H"))]
    check_defence(parse_cards("8H 9H TH 2C 3D KS QS JS 4C 9D"), run, True)
    sets = [frozenset(Card.parse(t) for t in ("9C", "9D", "9H"))]
    check_defence(parse_cards("9S TS JS 2C 2D 2H 5C 6D KD QH"), sets, True)
    both = [
        frozenset(Card.parse(t) for t in ("4S", "5S", "6S")),
        frozenset(Card.parse(t) for t in ("7C", "7D", "7H")),
    ]
    check_defence(parse_cards("7S 8S 3S 2S AS 8C 9C TC KH KD"), both, True)


# ----- settlements ---------------------------------------------------------------------------


def check_settle(knocker: list[Card], defender: list[Card], rules: Rules, big: bool = False) -> None:
    best_value, optimal = brute(order(knocker))
    gin = best_value == 0
    allow = not gin or rules.layoff_on_gin
    # the knocker lays out an optimal arrangement chosen from the knocker's cards alone: one
    # offering the fewest direct lay-off spots to the cards outside the hand
    spots = {p: brute_spots(knocker, p) for p in optimal}
    s = settle(knocker, defender, rules, knocker=1, big_gin=big)
    chosen = packing_of(s.knocker_arrangement)
    assert chosen in optimal and spots[chosen] == min(spots.values())
    dd = brute_defence(defender, list(chosen), allow)[0]
    assert s.knocker_deadwood == best_value and s.defender_deadwood == dd, (
        f"settle({show(knocker)} vs {show(defender)}): engine {s.knocker_deadwood}/"
        f"{s.defender_deadwood}, brute force {best_value}/{dd}"
    )
    if gin:
        kind, winner, base = ("big_gin" if big else "gin"), 1, dd
        bonus = rules.big_gin_bonus if big else rules.gin_bonus
    elif dd < best_value or (dd == best_value and rules.equal_is_undercut):
        kind, winner, base, bonus = "undercut", 0, best_value - dd, rules.undercut_bonus
    else:
        kind, winner, base, bonus = "knock", (1 if dd > best_value else None), dd - best_value, 0
    assert (s.kind, s.winner, s.points) == (kind, winner, base + bonus)
    signed = 0 if winner is None else (base + bonus) * (1 if winner == 1 else -1)
    assert knock_points(mask_of(knocker), mask_of(defender), rules, big) == signed


def brute_spots(knocker, packing) -> int:
    """Cards outside the knocker's hand that make a meld with one of the packing's melds."""
    outside = [c for c in CARDS if c not in set(knocker)]
    return sum(1 for c in outside if any(is_meld(set(m) | {c}) for m in packing))


def knock_positions(rng: random.Random, n: int):
    """(knocker's cards, defender's cards, rules, big gin?) at knocks of random games."""
    out = []
    names = sorted(PRESETS)
    while len(out) < n:
        rules = PRESETS[rng.choice(names)]().replace(target=None)
        m = Match(rules, seed=rng.getrandbits(35))
        while m.result is None:
            acts = m.legal_actions()
            ends = [a for a in acts if a.kind in ("knock", "gin", "big_gin")]
            if ends and rng.random() < 0.5:
                m.apply(rng.choice(ends))
                break
            h = m.hand
            if h.phase == "discard" and rng.random() < 0.9:
                mask = mask_of(h.hands[h.turn])
                scored = [(min_deadwood(mask & ~a.card.bit), a) for a in acts if a.kind == "discard"]
                if scored:
                    m.apply(min(scored, key=lambda x: (x[0], rng.random()))[1])
                    continue
            m.apply(rng.choice([a for a in acts if a.kind not in ("knock", "gin", "big_gin")] or acts))
        if m.records and m.records[-1].settlement:
            s = m.records[-1].settlement
            knocker = list(s.knocker_arrangement.cards)
            defender = list(s.defender_arrangement.cards) + [lay.card for lay in s.layoffs]
            out.append((knocker, defender, rules, s.kind == "big_gin"))
    return out


def test_settle_against_brute_force_at_real_knocks(count):
    rng = random.Random("settle")
    for knocker, defender, rules, big in knock_positions(rng, count(30, 5)):
        for variant in (
            rules,
            rules.replace(
                layoff_on_gin=not rules.layoff_on_gin, equal_is_undercut=not rules.equal_is_undercut
            ),
        ):
            check_settle(knocker, defender, variant, big)


def test_settle_against_brute_force_constructed(count):
    """Knocker hands built from melds plus a little deadwood, defenders full of lay-off
    candidates; both tie rules, lay-offs on gin allowed or not."""
    rng = random.Random("settle-constructed")
    done = 0
    while done < count(40, 5):
        melds = random_melds(rng, rng.randint(2, 3))
        melded = set().union(*melds)
        if len(melded) > 10:
            continue
        rest = [c for c in CARDS if c not in melded]
        knocker = sorted(melded) + rng.sample([c for c in rest if c.rank <= 4], 10 - len(melded))
        others = [c for c in rest if c not in knocker]
        near = [c for c in near_cards(melds) if c in others]
        defender = rng.sample(near, min(len(near), rng.randint(2, 6)))
        defender += rng.sample([c for c in others if c not in defender], 10 - len(defender))
        rules = Rules(layoff_on_gin=rng.random() < 0.5, equal_is_undercut=rng.random() < 0.5)
        check_settle(knocker, defender, rules)
        done += 1
