"""The learner's progress, stored under its own key (``lessons``): the lessons done, by id.
Pure (no DOM); a stored value is checked here when read: only known lesson ids are kept, and a
record that is not one is refused (the store sets it aside).

The first records had no ``format``, only ``{"v": 1, "done": [...]}``: they read as version 1 of
the one envelope (storage/envelope.py), which writes ``v`` too, so that a page of before the
envelope reads what this one writes."""

from __future__ import annotations

import json
from typing import Any

from ..storage.envelope import Envelope

KEY = "lessons"
VERSION = 1
FORMAT = "gin-rummy.lessons"
ENVELOPE = Envelope(FORMAT, VERSION, "a record of lessons done", older_key="v")


def read(raw: Any) -> frozenset[str]:
    """The lessons done in a stored record; ValueError if it is not a progress record."""
    from .content import BY_ID  # deferred: read when the lessons are first opened

    done = ENVELOPE.open(raw).get("done")
    if not isinstance(done, list):
        raise ValueError("no list of lessons done")
    return frozenset(x for x in done if isinstance(x, str) and x in BY_ID)


def write(done: frozenset[str]) -> str:
    """The record of ``done`` as stored (:func:`read` reads it back)."""
    return json.dumps(ENVELOPE.stamp({"done": sorted(done)}))
