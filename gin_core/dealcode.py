"""Seeds and deal codes: a match is fixed by its seed; each deal by a short code people can type.

The match seed is secret (64 bits); each deal's shuffle seed is derived from it one way, and
only that 35-bit shuffle seed is ever shown, as the deal code, once its hand is over.

A deal code is the 35-bit seed of one shuffle written as seven Crockford base-32 characters
(shown as ``XXX-XXXX``); reading forgives case, hyphens, and I/L/O typed for 1/1/0.

A deck that no seed shuffled (two devices dealing a hand with a friend, each shuffling in turn:
``gin_core.duel``) has a *deck code* instead: ``D`` and the order's rank among the 52! orders
in 46 base-32 characters (:func:`deck_code`). :func:`deck_of` reads either kind, so a hand dealt
from a deck replays, and is reviewed, as one dealt from a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import CARDS, Card
from .checks import MATCH_SEED_BITS, check_int, check_seed, describe
from .errors import GinError

SEED_BITS = 35
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}


class DealCodeError(GinError):
    """Raised for text that is not a deal code, or a number that is not a deal's seed."""


def encode(seed: int) -> str:
    """The deal code of a seed."""
    if type(seed) is not int or not 0 <= seed < 1 << SEED_BITS:
        raise DealCodeError(
            f"a deal's seed must be a whole number in 0..2**{SEED_BITS}-1, not {describe(seed)}"
        )
    chars = [ALPHABET[(seed >> (5 * i)) & 31] for i in reversed(range(7))]
    return "".join(chars[:3]) + "-" + "".join(chars[3:])


def decode(code: str) -> int:
    """The seed of a deal code (``"7KQ-M2XD"``, ``"7kqm2xd"``...)."""
    if not isinstance(code, str):
        raise DealCodeError(f"a deal code must be text like 7KQ-M2XD, not {describe(code)}")
    text = code.upper().replace("-", "").replace(" ", "")
    if len(text) != 7 or any(c not in _READ for c in text):
        raise DealCodeError(f"not a deal code: {describe(code)} (seven letters and digits, e.g. 7KQ-M2XD)")
    seed = 0
    for c in text:
        seed = seed << 5 | _READ[c]
    return seed


DECK_MARK = "D"
DECK_CHARS = 46  # 52! < 32**46


def deck_code(deck: Sequence[Card]) -> str:
    """The deck code of an order of the 52 cards (its rank among the orders, Lehmer code)."""
    order = [CARDS.index(c) for c in deck] if all(isinstance(c, Card) for c in deck) else []
    if sorted(order) != list(range(len(CARDS))):
        raise DealCodeError(f"a deck code names an order of the 52 cards, not {describe(deck)}")
    rank, left = 0, list(range(len(CARDS)))
    for i in order:
        k = left.index(i)
        rank = rank * len(left) + k
        left.pop(k)
    return DECK_MARK + "".join(ALPHABET[(rank >> (5 * i)) & 31] for i in reversed(range(DECK_CHARS)))


def _deck_of_rank(rank: int) -> list[Card]:
    """The order of rank ``rank`` (:func:`deck_code`'s inverse)."""
    digits = []
    for base in range(1, len(CARDS) + 1):
        rank, k = divmod(rank, base)
        digits.append(k)
    if rank:
        raise DealCodeError("not a deck code: its number is beyond the orders of 52 cards")
    left = list(CARDS)
    return [left.pop(k) for k in reversed(digits)]


def _deck_text(code: object) -> str | None:
    """A deck code's characters after its mark (None: not a deck code's length and mark)."""
    text = code.upper().replace("-", "").replace(" ", "") if isinstance(code, str) else ""
    return text[1:] if len(text) == 1 + DECK_CHARS and text.startswith(DECK_MARK) else None


def is_deck_code(code: object) -> bool:
    """``code`` has a deck code's mark and length (whether it reads is :func:`deck_of`'s)."""
    return _deck_text(code) is not None


def deck_of(code: str) -> list[Card]:
    """The 52 cards a deal code (its seed's shuffle) or a deck code (its order) deals."""
    text = _deck_text(code)
    if text is None:
        return shuffled_deck(decode(code))
    if any(c not in _READ for c in text):
        raise DealCodeError(f"not a deck code: {describe(code)}")
    rank = 0
    for c in text:
        rank = rank << 5 | _READ[c]
    return _deck_of_rank(rank)


def normal(code: str) -> str:
    """A deal or deck code as the engine keeps it (a deal code as ``XXX-XXXX``, upper case)."""
    return encode(decode(code)) if _deck_text(code) is None else deck_code(deck_of(code))


def random_seed(rng: random.Random | None = None) -> int:
    """A fresh match seed (64 bits, so it cannot be searched for from the deal codes it makes)."""
    return (rng or random.SystemRandom()).getrandbits(MATCH_SEED_BITS)


def deal_seed(match_seed: int, deal_number: int) -> int:
    """The shuffle seed of a match's n-th deal (redeals count). It is a one-way function of the
    match seed (SHA-512 inside ``random.Random``), so the deal codes shown after each hand do
    not reveal the deals still to come."""
    check_seed(match_seed, "match_seed")
    check_int(deal_number, "deal_number", 0, 1 << 31)
    return random.Random(f"gin-deal:{match_seed}:{deal_number}").getrandbits(SEED_BITS)


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards in the order a seed shuffles them (identical in every Python 3 version)."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return deck


def cut_for_deal(match_seed: int) -> tuple[int, list[tuple[Card, Card]]]:
    """Both players cut; the lower rank deals, equal ranks cut again. Returns the dealer and
    every pair of cuts (player 0's card, player 1's card)."""
    rng = random.Random(f"gin-cut:{match_seed}")
    cuts = []
    while True:
        a, b = rng.sample(CARDS, 2)
        cuts.append((a, b))
        if a.rank != b.rank:
            return (0 if a.rank < b.rank else 1), cuts
