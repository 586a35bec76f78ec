"""JSON from text the page did not write itself (localStorage, imported files), checked before
it reaches the parser.

``json.loads`` is recursive: in Pyodide a value nested a few thousand levels deep overflows the
JavaScript stack, which no ``except`` catches, and the page hangs on every load. Integers of
thousands of digits make it raise a raw ``ValueError``. So the text is measured first (length,
nesting depth, longest number) with a linear scan that does not recurse, and anything out of
bounds is refused with a :class:`StoredTextError` naming the bound.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_CHARS = 1_000_000  # a long match with its log is about 60 KB
MAX_DEPTH = 32  # our records nest 5 deep; the engine's save inside a save is text
MAX_DIGITS = 24  # seeds are below 2**64 (20 digits); counts are far smaller

_OUTSIDE = re.compile(r'[^"]*')
# the rest of a string after its opening quote, closing quote included; possessive, so a string
# that never ends fails in one pass instead of backtracking over every escape (issue 32)
_STRING_REST = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


class StoredTextError(ValueError):
    """Stored text that is not JSON this page can safely read."""


class NewerVersionError(ValueError):
    """A stored record written by a newer version of the page: to be left as it is."""


def _depth(outside: str) -> int:
    """The deepest nesting of arrays and objects in JSON text whose strings were emptied."""
    return max(accumulate(1 if c in "[{" else -1 for c in _NOT_BRACKET.sub("", outside)), default=0)


def strings_emptied(text: str) -> str:
    """``text`` with every JSON string's content removed (``""`` left), in one linear pass:
    each character is read once. StoredTextError for a string that never ends."""
    parts: list[str] = []
    pos, end = 0, len(text)
    while True:
        outside = _OUTSIDE.match(text, pos)
        assert outside is not None  # [^"]* matches the empty string
        parts.append(outside.group())
        pos = outside.end()
        if pos == end:
            return "".join(parts)
        rest = _STRING_REST.match(text, pos + 1)
        if rest is None:
            raise StoredTextError("the stored value has a string that never ends")
        parts.append('""')
        pos = rest.end()


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Raise StoredTextError if ``text`` is too long, too deeply nested or holds a huge number."""
    if not isinstance(text, str):
        raise StoredTextError("the stored value is not text")
    if len(text) > max_chars:
        raise StoredTextError(f"the stored value is {len(text):,} characters long (at most {max_chars:,})")
    outside = strings_emptied(text)
    if _LONG_NUMBER.search(outside):
        raise StoredTextError(f"the stored value holds a number of more than {MAX_DIGITS} digits")
    d = _depth(outside)
    if d > max_depth:
        raise StoredTextError(f"the stored value is nested {d} levels deep (at most {max_depth})")


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` after :func:`check`; every failure is a StoredTextError with a worded reason."""
    check(text, max_chars, max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        reason = e.msg if isinstance(e, json.JSONDecodeError) else "unreadable"
        raise StoredTextError(f"the stored value is not valid JSON ({reason})") from None
