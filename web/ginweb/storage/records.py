"""The session's vault in the browser: saves go to storage (sealed), statistics are counted
into what is stored now (another tab may have counted since), and the clock and match ids.

Statistics are not owned by a tab: each count reads, counts and writes back at once, so tabs
add up and each match is counted once (stats.py)."""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any, TypeVar

import js

from ..kit import safejson
from . import savefmt, settings, stats
from .local import Store

Notify = Callable[[str], None]
T = TypeVar("T")


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Records:
    def __init__(self, store: Store, notify: Notify) -> None:
        """The statistics are read when the features are plugged in (:meth:`plug`): their parts
        are checked with the rest."""
        self.store = store
        self.notify = notify
        self.part_keys: tuple[str, ...] = ()
        self.stats_parts: dict[str, stats.PartCheck] = {}
        self.stats_data = stats.empty()

    def plug(self, part_keys: Sequence[str], stats_parts: Mapping[str, stats.PartCheck]) -> None:
        """Keep the features' parts of what is stored from now on: ``part_keys`` of the stored
        match, ``stats_parts`` of the statistics with their checks (the statistics read again)."""
        self.part_keys = tuple(part_keys)
        self.stats_parts = dict(stats_parts)
        self.stats_data = self.load_stats()

    # ----- the Vault (vault.py) ----------------------------------------------------------------

    def put(self, name: str, text: str) -> None:
        self.store.put(name, text)

    def remove(self, name: str) -> None:
        self.store.remove(name)

    def seal_key(self) -> str:
        return self.store.seal_key()

    def count(self, update: stats.StatsUpdate) -> None:
        text = self.store.get("stats")
        data = self.stats_data
        if text is not None:
            with contextlib.suppress(ValueError):  # unreadable or newer: said at load; count in memory
                data = stats.validate(safejson.loads(text), self.stats_parts)[0]
        if update(data):
            self.store.put("stats", json.dumps(data))
        self.stats_data = data

    def now(self) -> str:
        return utc_now()

    def read(self, name: str, parse: Callable[[Any], T], what: str) -> T | None:
        """A stored record read as :meth:`Store.read` does (a feature's own record)."""
        return self.store.read(name, parse, what)

    def lasting(self) -> bool:
        """The browser keeps what is stored (not a window that allows no storage)."""
        return self.store.ls is not None

    def new_uid(self) -> str:
        return f"{secrets.token_hex(6)}-{int(js.Date.now()):x}"  # random: the seed stays hidden

    # ----- reading --------------------------------------------------------------------------------

    def load_settings(self) -> settings.Settings:
        found = self.store.read(settings.NAME, settings.from_record, "settings")
        if found is None:
            return settings.default()
        s, bad = found
        if bad:
            self.notify(f"Some saved settings could not be read and were reset: {', '.join(bad)}.")
            self.store.put(settings.NAME, settings.dumps(s))  # said once, not on every load
        return s

    def load_stats(self) -> stats.StatsRecord:
        found = self.store.read("stats", partial(stats.validate, parts=self.stats_parts), "statistics")
        if found is None:
            return stats.empty(self.stats_parts)
        data, bad = found
        if bad:
            shown = ", ".join(bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
            self.notify(f"Some statistics could not be read and were reset to zero: {shown}.")
            self.store.put("stats", json.dumps(data))
        return data

    def reset_stats(self) -> None:
        self.stats_data = stats.empty(self.stats_parts)
        self.store.put("stats", json.dumps(self.stats_data))

    def read_game(self, name: str, what: str) -> savefmt.Game | None:
        """The stored match ("match") or the practice hand on the table ("practice")."""
        key = self.store.seal_key()
        game = self.store.read(name, lambda data: savefmt.from_data(data, key, self.part_keys), what)
        if game is not None and game.reset:
            self.notify(
                f"Some of your saved {what} could not be read and was reset: {', '.join(game.reset)}."
            )
        return game
