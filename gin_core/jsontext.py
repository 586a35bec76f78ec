"""The shape of JSON text (deepest nesting, longest number), measured before it is parsed.

``json.loads`` recurses (in Pyodide a value nested a few thousand levels deep overflows the
JavaScript stack, beyond any ``except``) and reads integers of any length, so a reader of stored
text measures it first. The measure is linear in the text whatever it holds: escapes are removed
first with ``str.replace``, and the one pattern left cannot backtrack (a string's closing quote is
optional, so an unterminated string ends the scan instead of being tried again from every quote
inside it, as ``"(?:[^"\\]|\\.)*"`` would: quadratic). A backslash outside a string is not JSON:
the parser stops there, so whatever this measure makes of the text after it is never built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate

from .checks import check_is

_STRING = re.compile(r'"[^"]*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DIGITS = re.compile(r"[0-9]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


@dataclass(frozen=True)
class JsonShape:
    """``depth``: the deepest nesting of arrays and objects; ``longest_number``: the longest run
    of digits outside strings. Both are exact up to the text's first
    error, beyond which a parser builds nothing."""

    depth: int
    longest_number: int


def json_shape(text: str) -> JsonShape:
    """The shape of ``text``, in time linear in its length (strings' contents are skipped)."""
    check_is(text, str, "text")
    unescaped = text.replace("\\\\", "").replace('\\"', "")  # pairs left to right, as JSON reads them
    outside = _STRING.sub('""', unescaped)
    brackets = _NOT_BRACKET.sub("", outside)
    depth = max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
    longest = max(map(len, _DIGITS.findall(outside)), default=0)
    return JsonShape(depth, longest)
