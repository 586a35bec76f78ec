"""The one protocol of the page's records, for the table and every feature: what they may ask
of storage, the statistics, the clock and ids. records.py's ``Records`` is the page's; tests
give a plain object of these methods, and a page that keeps nothing gives one whose methods keep
nothing. Pure: no ``js``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .stats import StatsRecord, StatsUpdate

T = TypeVar("T")


class Vault(Protocol):
    """Stored records by name (``gin-rummy/v1/<name>``), each read checked by its own ``parse``
    (storage/envelope.py), the statistics counted in place, the clock and new match ids."""

    stats_data: StatsRecord  # the statistics as last read or counted

    def read(self, name: str, parse: Callable[[Any], T], what: str) -> T | None:
        """``parse`` of the stored JSON value ``name`` (None: none, or set aside as unreadable
        with a notice naming ``what``; a newer version's record is left as it is)."""

    def put(self, name: str, text: str) -> None:
        """Store ``text`` as ``name`` (kept to retry when the browser refuses)."""

    def remove(self, name: str) -> None: ...
    def seal_key(self) -> str:
        """This browser's key for sealed values (storage/seal.py)."""

    def count(self, update: StatsUpdate) -> None:
        """Count into the statistics as stored now (another tab may have counted since)."""

    def notify(self, text: str) -> None: ...
    def now(self) -> str:
        """The time, UTC, ISO 8601 to the second."""

    def new_uid(self) -> str: ...
    def lasting(self) -> bool:
        """Whether what is stored is kept (not a window that allows no storage)."""
