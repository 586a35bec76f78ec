"""Argument checks shared by the public entry points, so misuse gets a one-line GinError.

A message names the problem and shows the value only in a short, printable form: a huge
integer, a long text or an arbitrary object must never make the message itself fail (Python
refuses to print ints over 4,300 digits) or run over many lines.
"""

from __future__ import annotations

from typing import TypeVar

from .errors import ArgumentError

T = TypeVar("T")

SHOWN_CHARS = 40
DIGITS = frozenset("0123456789")
MAX_DIGITS = 40
"""Text read as a number (:func:`whole_number`) is ASCII digits only, at most this many."""
MATCH_SEED_BITS = 64
"""Seeds (of a match, a bot) are whole numbers below ``2**MATCH_SEED_BITS``."""
MAX_SLICE_MS = 3_600_000
"""The longest slice of thinking a caller may ask for (an hour: a slice is meant to be a part of
a frame; the bound keeps a huge number from overflowing the conversion to seconds)."""


def describe(value: object) -> str:
    """A short one-line description of any value, for error messages."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 64:
            return repr(value)
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, str):
        shown = repr(value[:SHOWN_CHARS])
        return shown + ("..." if len(value) > SHOWN_CHARS else "")
    return f"a {type(value).__name__}"


def check_player(value: object, what: str = "player") -> int:
    """``value`` if it is player 0 or 1 (an int, not a bool), else :class:`ArgumentError`."""
    if type(value) is int and value in (0, 1):
        return value
    raise ArgumentError(f"{what} must be 0 or 1, not {describe(value)}")


def check_seed(value: object, what: str = "seed") -> int:
    """``value`` if it is a seed (an int in 0..2**64-1, not a bool), else :class:`ArgumentError`."""
    if type(value) is int and 0 <= value < 1 << MATCH_SEED_BITS:
        return value
    raise ArgumentError(f"{what} must be a whole number in 0..2**{MATCH_SEED_BITS}-1, not {describe(value)}")


def check_slice_ms(value: object) -> float | None:
    """``value`` if it is None or a number of milliseconds in (0, :data:`MAX_SLICE_MS`] (not a
    bool), else :class:`ArgumentError`."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= MAX_SLICE_MS:
        return float(value)
    raise ArgumentError(
        f"slice_ms must be a number of milliseconds in (0, {MAX_SLICE_MS:,}] or None, not {describe(value)}"
    )


def whole_number(text: object, high: int, low: int = 0) -> int | None:
    """``text`` as a whole number in ``low..high`` if it is 1 to :data:`MAX_DIGITS` ASCII digits,
    else None. The one reader of numbers in outside text (links, stored keys, forms): Python's
    ``str.isdigit`` is true for "²" (which ``int`` then refuses with a ValueError), and ``int``
    takes "٣", " 7", "+7" and "1_000"; none of them is a number a person typed here."""
    if type(high) is not int or type(low) is not int:
        raise ArgumentError(f"the bounds are whole numbers, not {describe(low)}..{describe(high)}")
    if not (isinstance(text, str) and 0 < len(text) <= MAX_DIGITS and DIGITS.issuperset(text)):
        return None
    value = int(text)
    return value if low <= value <= high else None


def check_is(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is a ``kind``, else :class:`ArgumentError` naming ``what``."""
    if isinstance(value, kind):
        return value
    raise ArgumentError(f"{what} must be a {kind.__name__}, not {describe(value)}")


def check_int(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number in ``low..high`` (an int, not a bool), else
    :class:`ArgumentError`."""
    if type(value) is int and low <= value <= high:
        return value
    raise ArgumentError(f"{what} must be a whole number in {low}..{high}, not {describe(value)}")


def check_real(value: object, what: str, low: float, high: float) -> float:
    """``value`` as a float if it is a number in ``low..high`` (not a bool, NaN or an infinity
    beyond the bounds), else :class:`ArgumentError`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
        return float(value)
    raise ArgumentError(f"{what} must be a number in {low:g}..{high:g}, not {describe(value)}")


def check_items(value: object, kind: type[T], what: str) -> tuple[T, ...]:
    """``value`` as a tuple if it is a list or tuple of ``kind``, else :class:`ArgumentError`."""
    if isinstance(value, (list, tuple)) and all(isinstance(v, kind) for v in value):
        return tuple(value)
    raise ArgumentError(f"{what} must be a list of {kind.__name__}, not {describe(value)}")
