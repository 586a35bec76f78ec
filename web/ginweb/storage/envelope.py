"""The one envelope of every record the page stores, and the one version helper that reads it.

A stored record is a JSON object whose ``format`` names its kind (each reader's ``FORMAT``: the
table's are :class:`RecordKind`, a feature names its own) and whose ``version`` says which shape
its other fields (the payload) have:

    {"format": "gin-rummy.stats", "version": 3, <the payload's fields>}

An :class:`Envelope` is one kind's: the version this page writes and a step from each older
version it reads to the next (:attr:`Envelope.steps`). Reading (:meth:`Envelope.open`) refuses
what is not a record of that kind, leaves a newer version's record alone (``NewerVersionError``:
the store keeps it and never writes over it, storage/local.py) and brings an older one to this
version one step at a time, so every reader sees one shape; a version with no step is refused
with a message naming the versions this page reads (the store sets such a record aside, never
deletes it). Writing (:meth:`Envelope.stamp`) puts the kind and this version on a payload.

A record's integrity stays where it is kept: a sealed field opens only whole (seal.py: the
compressed stream must end where the text does) and the engine's saves inside it carry their
own digests (``gin_core.save_match``, ``gin_core.save_table``), checked when they are replayed.
Pure: no ``js``, no storage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, TypedDict

from ..kit.frozen import Frozen
from ..kit.safejson import NewerVersionError

Step = Callable[[dict[str, Any]], dict[str, Any]]
"""An older version's record (its fields as stored) to the next version's."""


class Stamped(TypedDict):
    """The envelope's fields, first in every record (its typed shape adds the payload's)."""

    format: str
    version: int


class RecordKind(StrEnum):
    """The ``format`` of each record of the table, by the storage key it is kept under."""

    MATCH = "gin-rummy.web-match"  # "match" and "practice" (savefmt.py)
    SETTINGS = "gin-rummy.settings"  # "settings" (settings.py)
    STATS = "gin-rummy.stats"  # "stats" (stats.py)


class Envelope(Frozen):
    """One kind of record: the version written, the steps up from each older version read, the
    words naming it in a message, and the errors its readers raise (a refused record, a newer one).

    ``older_key``: the field an older shape of this kind kept its version under, without a
    ``format`` (a feature's first records: ``{"v": 1, ...}``); it is written too, so a page
    that still reads that shape sees a newer record and leaves it alone."""

    kind: str
    version: int
    what: str
    steps: Mapping[int, Step] = {}
    refused: type[ValueError] = ValueError
    newer: type[NewerVersionError] = NewerVersionError
    older_key: str | None = None

    @property
    def oldest(self) -> int:
        """The oldest version this page reads."""
        return min((*self.steps, self.version))

    def head(self) -> Stamped:
        """This kind and version, as a record of this version starts."""
        return {"format": self.kind, "version": self.version}

    def stamp(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        """``payload`` as stored: its fields after this kind and version."""
        head: dict[str, Any] = dict(self.head())
        older = {self.older_key: self.version} if self.older_key else {}
        return head | older | {k: v for k, v in payload.items() if k not in head}

    def open(self, data: Any) -> dict[str, Any]:
        """``data`` (parsed JSON) as a record of this version, brought up from an older one step
        by step. Raises :attr:`refused` if it is not a record of this kind or of a version read
        here, :attr:`newer` if a newer version of the page wrote it."""
        version = self.version_of(data)
        if type(version) is int and version > self.version:
            raise self.newer(f"version {version} of {self.what} is newer than this page's {self.version}")
        if type(version) is not int or not self.oldest <= version <= self.version:
            raise self.refused(f"version {version!r:.20} of {self.what} is not read here: {self._reads()}")
        record = dict(data)
        for older in range(version, self.version):
            record = self.steps[older](record)
        return record | {"format": self.kind, "version": self.version}

    def version_of(self, data: Any) -> object:
        """The version ``data`` says it has (refused if it is not a record of this kind)."""
        if isinstance(data, dict) and data.get("format") == self.kind:
            return data.get("version")
        if isinstance(data, dict) and self.older_key is not None and "format" not in data:
            return data.get(self.older_key)
        raise self.refused(f"not {self.what} of this page")

    def _reads(self) -> str:
        if self.oldest == self.version:
            return f"this page reads version {self.version}"
        return f"this page reads versions {self.oldest} to {self.version}"
