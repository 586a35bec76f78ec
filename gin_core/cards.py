"""Cards: an immutable value type, its text notation, and 52-bit card masks.

Every card has a fixed index 0..51 (suit-major: clubs, diamonds, hearts, spades; ace low inside
each suit), so a hand is also an int whose bit ``i`` is set when card ``i`` is held. The meld and
deadwood code works on those masks because they are fast and hashable; everything a person or a
JSON file sees uses the notation ``"AS"``, ``"TD"`` (or ``"10D"``), ``"KH"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from .checks import describe
from .errors import GinError

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_NAMES = (
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)
Mask: TypeAlias = int
"""A set of cards as an int: bit ``i`` is set when card ``i`` (see :attr:`Card.index`) is in the
set. An alias, so it costs nothing: it says in a signature that an int is a card set (a hand,
the cards taken, the forbidden card) rather than a count, a card index or points."""

SUIT_MASK: Mask = (1 << 13) - 1
FULL_DECK_MASK: Mask = (1 << 52) - 1


class CardError(GinError):
    """Raised for text that is not a card or a list of cards."""


class Card:
    """One playing card, immutable. Ordered by rank, then suit (clubs < diamonds < hearts <
    spades). ``index``, ``bit`` and ``value`` are stored because the engine reads them in its
    inner loops."""

    __slots__ = ("_key", "bit", "index", "rank", "suit", "value")

    rank: int
    suit: str
    index: int
    bit: Mask
    value: int
    _key: int

    def __init__(self, rank: int, suit: str) -> None:
        if type(rank) is not int or not 1 <= rank <= 13 or suit not in tuple(SUITS):
            raise CardError(f"no such card: rank {describe(rank)}, suit {describe(suit)}")
        s = SUITS.index(suit)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", s * 13 + rank - 1),
            ("value", min(rank, 10)),
            ("_key", rank * 4 + s),
        ):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "bit", 1 << self.index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    def __le__(self, other: Card) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Card) -> bool:
        return self._key > other._key

    def __ge__(self, other: Card) -> bool:
        return self._key >= other._key

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"AS"``, ``"td"``, ``"10D"``, ``"KH"`` (case-insensitive)."""
        if not isinstance(text, str):
            raise CardError(f"a card must be text like 'AS', not {type(text).__name__}")
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise CardError(
                f"not a card: {describe(text)} (expected rank A23456789TJQK and suit CDHS, e.g. 'QS')"
            )
        return CARDS[SUITS.index(t[1]) * 13 + RANKS.index(t[0])]

    @property
    def name(self) -> str:
        """Readable name for people and screen readers, e.g. 'queen of spades'."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def symbol(self) -> str:
        """Short label with a suit symbol, e.g. '10♥'."""
        rank = "10" if self.rank == 10 else RANKS[self.rank - 1]
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
CARD_VALUES: tuple[int, ...] = tuple(c.value for c in CARDS)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (``"AS 2S 3S"``), or an iterable of card texts."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray, dict)):
        parts = list(text)
    else:
        raise CardError(f"cards must be text like 'AS 2S 3S' or card texts, not {describe(text)}")
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards in the notation :func:`parse_cards` reads."""
    return " ".join(str(c) for c in card_list(cards))


def mask_of(cards: Iterable[Card]) -> Mask:
    """The 52-bit mask of some cards (each card counted once)."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a mask, in index order (suit, then rank)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def _suit_value_table() -> tuple[int, ...]:
    """Deadwood value of every 13-bit suit mask, built by doubling: the masks whose top card is
    rank r are the smaller masks plus that card (one list comprehension per rank, which keeps
    the import cheap in Pyodide)."""
    table = [0]
    for rank in range(13):
        value = min(rank + 1, 10)
        table += [v + value for v in table]
    return tuple(table)


SUIT_VALUE = _suit_value_table()


def mask_value(mask: Mask) -> int:
    """Total deadwood value of the cards in a mask (four table look-ups)."""
    return (
        SUIT_VALUE[mask & SUIT_MASK]
        + SUIT_VALUE[(mask >> 13) & SUIT_MASK]
        + SUIT_VALUE[(mask >> 26) & SUIT_MASK]
        + SUIT_VALUE[mask >> 39]
    )


def sort_cards(cards: Iterable[Card], by: str = "rank") -> list[Card]:
    """Sort by ``"rank"`` (rank, then suit) or ``"suit"`` (suit, then rank)."""
    cards = card_list(cards)
    if by == "suit":
        return sorted(cards, key=lambda c: c.index)
    if by == "rank":
        return sorted(cards)
    raise CardError(f"sort by 'rank' or 'suit', not {describe(by)}")


def card_list(cards: object) -> list[Card]:
    """``cards`` as a list if it is an iterable of cards (not text), else :class:`CardError`."""
    if isinstance(cards, (str, bytes, dict)) or not isinstance(cards, Iterable):
        raise CardError(f"cards must be a list of cards, not {describe(cards)}")
    found = list(cards)
    if not all(isinstance(c, Card) for c in found):
        raise CardError("cards must be a list of cards (Card values)")
    return found
