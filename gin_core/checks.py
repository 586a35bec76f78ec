"""Argument checks shared by the public entry points, so misuse gets a one-line GinError.

A message names the problem and shows the value only in a short, printable form: a huge
integer, a long text or an arbitrary object must never make the message itself fail (Python
refuses to print ints over 4,300 digits) or run over many lines.
"""

from __future__ import annotations

from .errors import ArgumentError

SHOWN_CHARS = 40
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
