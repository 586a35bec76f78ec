"""Melds: the value type, its notation, and fast enumeration of every meld inside a hand mask.

A meld is a set (three or four cards of one rank) or a run (three or more consecutive cards of
one suit, ace low, no wrap: Q-K-A is not a run).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import SUIT_MASK, Card, CardError, card_list, cards_of, mask_of, parse_cards
from .checks import describe
from .errors import GinError


class MeldError(GinError):
    """Raised for cards that do not form a meld."""


def _block_runs(low: int, length: int) -> tuple[int, ...]:
    """The runs inside one block of ``length`` consecutive ranks whose lowest card is ``low``
    (a one-bit mask), by start then length."""
    return tuple(
        (((1 << n) - 1) << start) * low for start in range(length - 2) for n in range(3, length - start + 1)
    )


def _run_table() -> tuple[tuple[int, ...], ...]:
    """For every 13-bit suit mask, the masks of all runs (length >= 3) inside it, by start then
    length. A mask's runs are those of its lowest block of consecutive ranks followed by those of
    the rest (a smaller mask, already in the table): cheap enough to build at import in Pyodide."""
    blocks: dict[tuple[int, int], tuple[int, ...]] = {}
    table: list[tuple[int, ...]] = [()] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        block = m & ~(m + low)  # the lowest block of consecutive set bits
        rest = table[m ^ block]
        length = block.bit_count()
        if length < 3:
            table[m] = rest
            continue
        runs = blocks.get((low, length))
        if runs is None:
            runs = blocks[(low, length)] = _block_runs(low, length)
        table[m] = runs + rest
    return tuple(table)


RUNS_IN_SUIT = _run_table()
_RANK_BITS = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))


def meld_masks(hand: int) -> list[int]:
    """Every meld contained in ``hand`` (a card mask), runs first, in a fixed order."""
    out: list[int] = []
    s0 = hand & SUIT_MASK
    s1 = (hand >> 13) & SUIT_MASK
    s2 = (hand >> 26) & SUIT_MASK
    s3 = hand >> 39
    for shift, sm in ((0, s0), (13, s1), (26, s2), (39, s3)):
        runs = RUNS_IN_SUIT[sm]
        if runs:
            out.extend(r << shift for r in runs)
    three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    while three:
        low = three & -three
        r = low.bit_length() - 1
        full = hand & _RANK_BITS[r]
        if full == _RANK_BITS[r]:
            out.append(full)
            rest = full
            while rest:
                b = rest & -rest
                out.append(full ^ b)
                rest ^= b
        else:
            out.append(full)
        three ^= low
    return out


def _mask(mask: object) -> int:
    """``mask`` if it is a mask of cards (an int of 52 bits), else :class:`MeldError`."""
    if type(mask) is int and 0 <= mask < 1 << 52:
        return mask
    raise MeldError(f"a mask of cards is a whole number in 0..2**52-1, not {describe(mask)}")


def is_meld_mask(mask: int) -> bool:
    """True if exactly the cards of ``mask`` form one meld."""
    n = _mask(mask).bit_count()
    if n < 3:
        return False
    low = (mask & -mask).bit_length() - 1
    rank, suit = low % 13, low // 13
    if mask & ~(((1 << 13) - 1) << (13 * suit)) == 0:
        run = ((1 << n) - 1) << low
        return run == mask and rank + n <= 13
    return n <= 4 and mask & ~_RANK_BITS[rank] == 0


@dataclass(frozen=True, slots=True)
class Meld:
    """A set or a run, its cards in order (runs by rank; sets by suit)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not is_meld_mask(mask_of(self.cards)) or len(set(self.cards)) != len(self.cards):
            raise MeldError(
                f"not a meld: {' '.join(map(str, self.cards))} "
                "(a meld is 3-4 cards of one rank, or 3+ consecutive cards of one suit, ace low)"
            )

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Meld:
        """A meld from cards in any order (they are put in canonical order)."""
        return cls.from_mask(mask_of(card_list(cards)))

    @classmethod
    def from_mask(cls, mask: int) -> Meld:
        cards = cards_of(_mask(mask))
        if len({c.rank for c in cards}) == 1:
            cards.sort(key=lambda c: c.index)
        return cls(tuple(cards))

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``"AS-2S-3S"`` or ``"7C 7D 7H"``."""
        if not isinstance(text, str):
            raise MeldError(f"a meld is text like 'AS-2S-3S', not {describe(text)}")
        try:
            return cls.of(parse_cards(text.replace("-", " ")))
        except CardError as e:
            raise MeldError(str(e)) from None

    @property
    def kind(self) -> str:
        """``"set"`` or ``"run"``."""
        return "set" if self.cards[0].rank == self.cards[-1].rank else "run"

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def value(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self) -> str:
        return "-".join(str(c) for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def meld_extensions(meld_mask: int) -> int:
    """The cards that could be added to a meld one at a time (a set's missing suit, a run's ends)."""
    low = (meld_mask & -meld_mask).bit_length() - 1
    high = meld_mask.bit_length() - 1
    if low // 13 == high // 13 and high - low + 1 == meld_mask.bit_count():
        ext = 0
        if low % 13 > 0:
            ext |= 1 << (low - 1)
        if high % 13 < 12:
            ext |= 1 << (high + 1)
        return ext
    return _RANK_BITS[low % 13] & ~meld_mask
