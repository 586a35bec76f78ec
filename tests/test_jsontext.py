"""json_shape: the nesting and longest number of JSON text, measured as the parser reads it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import JsonShape, json_shape


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("", JsonShape(0, 0)),
        ('[1, {"a": [22]}]', JsonShape(3, 2)),
        ('["[[[", "\\"[[", "\\\\", [123]]', JsonShape(2, 3)),  # brackets in strings, escapes
        ('"\\\\"[[7]]', JsonShape(2, 1)),  # an escaped backslash ends before the quote
        ('"unterminated [[[ 12345', JsonShape(0, 0)),
        ('["' + '\\"' * 1000, JsonShape(1, 0)),
        ("[" * 50 + "]" * 50, JsonShape(50, 0)),
        ('{"seed": 123456789012345678901234567}', JsonShape(1, 27)),
    ],
)
def test_shapes(text: str, shape: JsonShape) -> None:
    assert json_shape(text) == shape


texts = st.text(alphabet='\\"[]{}a1 ,:', max_size=30) | st.text(max_size=20)
values = st.recursive(
    st.none() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)


@given(values)
def test_the_depth_is_the_parsed_values(value: Any) -> None:
    assert json_shape(json.dumps(value)).depth == _depth(value)
    assert json_shape(json.dumps(value, ensure_ascii=False)).depth == _depth(value)
