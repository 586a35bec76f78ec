"""JSON from text the page did not write itself (localStorage, imported files), checked before
it reaches the parser.

``json.loads`` is recursive: in Pyodide a value nested a few thousand levels deep overflows the
JavaScript stack, which no ``except`` catches, and the page hangs on every load. Integers of
thousands of digits make it raise a raw ``ValueError``. So the text is measured first (length,
nesting depth, longest number) with gin_core's linear scan that does not recurse, and anything out of
bounds is refused with a :class:`StoredTextError` naming the bound.
"""

from __future__ import annotations

import json
from typing import Any

from gin_core import json_shape

MAX_CHARS = 1_000_000  # a long match with its log is about 60 KB
MAX_DEPTH = 32  # our records nest 5 deep; the engine's save inside a save is text
MAX_DIGITS = 24  # seeds are below 2**64 (20 digits); counts are far smaller


class StoredTextError(ValueError):
    """Stored text that is not JSON this page can safely read."""


class NewerVersionError(ValueError):
    """A stored record written by a newer version of the page: to be left as it is."""


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Raise StoredTextError if ``text`` is too long, too deeply nested or holds a huge number."""
    if not isinstance(text, str):
        raise StoredTextError("the stored value is not text")
    if len(text) > max_chars:
        raise StoredTextError(f"the stored value is {len(text):,} characters long (at most {max_chars:,})")
    shape = json_shape(text)  # linear, whatever the text holds (issue 32: escaped quotes)
    if shape.longest_number > MAX_DIGITS:
        raise StoredTextError(f"the stored value holds a number of more than {MAX_DIGITS} digits")
    if shape.depth > max_depth:
        raise StoredTextError(f"the stored value is nested {shape.depth} levels deep (at most {max_depth})")


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` after :func:`check`; every failure is a StoredTextError with a worded reason."""
    check(text, max_chars, max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        reason = e.msg if isinstance(e, json.JSONDecodeError) else "unreadable"
        raise StoredTextError(f"the stored value is not valid JSON ({reason})") from None
