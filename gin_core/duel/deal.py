"""The deal's cryptographic steps, each a generator that yields one work unit per scalar
multiplication (about 3 ms in CPython), so a page runs them in slices between frames.

Three passes make the deck (``D1``, ``D2``, ``D3``; keys are nonzero scalars modulo the order):

1. the dealer locks every card with one key ``a`` and shuffles: ``D1 = shuffle(a * card)``;
2. the other shuffles and locks each place with its own key: ``D2[j] = b_j * D1[perm(j)]``;
3. the dealer takes its lock off and locks each place with a key of its own:
   ``D3[j] = (a⁻¹ · a_j) * D2[j]``.

``D3[j]`` is card ``j`` under ``a_j · b_j``: whoever holds both keys of a place reads it, and a
key of one place says nothing of another.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..cards import CARDS, Card
from .curve import ORDER, Point, card_point, inverse, multiply, point_card
from .errors import DuelRecordError

Steps = Generator[int, None, "tuple[Point, ...]"]


def new_key() -> int:
    """A secret key: a uniform scalar in 1..ORDER-1 (from :mod:`secrets`)."""
    return 1 + secrets.randbelow(ORDER - 1)


def new_keys() -> list[int]:
    """A key for each of the 52 places."""
    return [new_key() for _ in CARDS]


def secret_order(n: int) -> list[int]:
    """A uniform permutation of range(n) from the system's secure randomness."""
    order = list(range(n))
    random.SystemRandom().shuffle(order)
    return order


@dataclass(frozen=True)
class Secrets:
    """One device's secrets for a hand: its lock (the dealer's only), its key of each place and
    its shuffle (a permutation of the 52 places). Kept only on that device, so a hand can be
    taken up again after a reload; revealed to the other at the hand's end."""

    lock: int | None
    keys: tuple[int, ...]
    order: tuple[int, ...]

    @classmethod
    def new(cls, dealing: bool) -> Secrets:
        return cls(new_key() if dealing else None, tuple(new_keys()), tuple(secret_order(len(CARDS))))

    def checked(self, dealing: bool) -> Secrets:
        """These secrets, if they are a hand's for this seat (else :class:`DuelRecordError`)."""
        if (self.lock is not None) != dealing or not all(0 < k < ORDER for k in (self.lock or 1, *self.keys)):
            raise DuelRecordError("a hand's secrets are a lock for the dealer only and keys in 1..ORDER-1")
        if len(self.keys) != len(CARDS) or sorted(self.order) != list(range(len(CARDS))):
            raise DuelRecordError("a hand's secrets are a key for each of the 52 places and their shuffle")
        return self


def lock_deck(lock: int, order: Sequence[int]) -> Steps:
    """Step 1: the cards in ``order`` (indexes into CARDS), each locked with ``lock``."""
    out = []
    for i in order:
        out.append(multiply(lock, card_point(CARDS[i])))
        yield 1
    return tuple(out)


def mix_deck(deck: Sequence[Point], order: Sequence[int], keys: Sequence[int]) -> Steps:
    """Step 2: place ``j`` gets ``deck[order[j]]`` locked with ``keys[j]``."""
    out = []
    for j, i in enumerate(order):
        out.append(multiply(keys[j], deck[i]))
        yield 1
    return tuple(out)


def relock_deck(deck: Sequence[Point], lock: int, keys: Sequence[int]) -> Steps:
    """Step 3: the lock taken off and each place locked with its own key."""
    unlock = inverse(lock)
    out = []
    for point, key in zip(deck, keys, strict=True):
        out.append(multiply(unlock * key % ORDER, point))
        yield 1
    return tuple(out)


def read(point: Point, mine: int, theirs: int) -> Card | None:
    """The card a place holds, from both keys of it (None: the keys read no card)."""
    return point_card(multiply(inverse(mine * theirs % ORDER), point))


def unmix(
    before: Sequence[Point], after: Sequence[Point], keys: Sequence[int]
) -> Generator[int, None, list[int] | None]:
    """Check step 2 with the keys revealed: the place of ``before`` each place of ``after``
    came from, or None if ``after`` is not ``before`` shuffled and locked with ``keys``."""
    where = {point: i for i, point in enumerate(before)}
    order = []
    for point, key in zip(after, keys, strict=True):
        i = where.get(multiply(inverse(key), point))
        yield 1
        if i is None:
            return None
        order.append(i)
    return order if len(set(order)) == len(order) else None


def relocked(
    before: Sequence[Point], after: Sequence[Point], lock: int, keys: Sequence[int]
) -> Generator[int, None, bool]:
    """Check step 3 with the keys revealed: True if ``after`` is ``before`` relocked."""
    unlock = inverse(lock)
    for b, a, key in zip(before, after, keys, strict=True):
        yield 1
        if multiply(unlock * key % ORDER, b) != a:
            return False
    return True
