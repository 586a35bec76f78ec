"""Argument checks shared by the public entry points, so misuse gets a one-line GinError.

A message names the problem and shows the value only in a short, printable form: a huge
integer, a long text or an arbitrary object must never make the message itself fail (Python
refuses to print ints over 4,300 digits) or run over many lines.
"""

from __future__ import annotations

from .errors import ArgumentError

SHOWN_CHARS = 40


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
