"""The seated table as stored (``gin-rummy/v1/seats``): gin_core's ``save_table`` text sealed
(it holds the seed, from which every hidden card could be dealt again) inside a small JSON
record with the computer's level. Reading checks everything; a bad record raises ValueError so
the store sets it aside with a notice."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gin_core import Table, load_table, save_table

from ..storage.seal import seal, unseal
from ..storage.settings import LEVELS

NAME = "seats"
YOU = 0  # your seat at every table
FORMAT = "ginweb.seats"
VERSION = 1
_KEYS = frozenset({"format", "version", "level", "table"})


@dataclass(frozen=True)
class Seated:
    """A table on the page: you sit at seat 0, the computer (at ``level``) at the others."""

    table: Table
    level: str


def dumps(seated: Seated, key: str) -> str:
    """The stored text of ``seated`` (the table sealed with ``key``)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "level": seated.level,
        "table": seal(save_table(seated.table), key),
    }
    return json.dumps(data, separators=(",", ":"))


def parse(data: Any, key: str) -> Seated:
    """The table stored as ``data`` (parsed JSON); ValueError names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != _KEYS:
        raise ValueError("not a table of this page")
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise ValueError(f"table record version {data['version']!r} is not supported")
    if data["level"] not in LEVELS:
        raise ValueError(f"table record level {data['level']!r} is not a level of the page")
    return Seated(load_table(unseal(data["table"], key)), data["level"])
