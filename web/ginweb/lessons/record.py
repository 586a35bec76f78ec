"""The learner's progress, stored under its own key (``lessons``): the lessons done, by id.
Pure (no DOM); a stored value is checked here when read: only known lesson ids are kept, and a
record that is not one is refused (the store sets it aside)."""

from __future__ import annotations

import json
from typing import Any

from ..kit.safejson import NewerVersionError

KEY = "lessons"
VERSION = 1


def read(raw: Any) -> frozenset[str]:
    """The lessons done in a stored record; ValueError if it is not a progress record."""
    from .content import BY_ID  # deferred: read when the lessons are first opened

    if not isinstance(raw, dict) or not isinstance(raw.get("v"), int):
        raise ValueError("not a record of lessons done")
    if raw["v"] > VERSION:
        raise NewerVersionError("written by a newer version")
    done = raw.get("done")
    if not isinstance(done, list):
        raise ValueError("no list of lessons done")
    return frozenset(x for x in done if isinstance(x, str) and x in BY_ID)


def write(done: frozenset[str]) -> str:
    """The record of ``done`` as stored (:func:`read` reads it back)."""
    return json.dumps({"v": VERSION, "done": sorted(done)})
