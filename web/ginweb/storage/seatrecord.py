"""The seated table as stored (``gin-rummy/v1/seats``): gin_core's ``save_table`` text sealed
(it holds the seed, from which every hidden card could be dealt again) inside a small JSON
record with the computer's level and who sits where (a person's name, or the computer). Reading
checks everything; a bad record raises ValueError so the store sets it aside with a notice. A
record of version 1 (before people) seats you at seat 0 and the computer everywhere else. From
version 3 it also keeps the analyses of the people's games, by table hand and seat
(``"<hand>:<seat>"``, ``gin_core.analysis.HandReview.to_data``), sealed like the table (one shows the
cards its person held); one that does not read back or is not of that seat's game is dropped
(worked out again while that hand is on the table); older records have none. From version 4 it
keeps the table's id for the statistics (tally.py); an older table's is made from its seed and
first dealer."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gin_core import GinError, Seating, TableMatch, load_table, save_table, whole_number
from gin_core.analysis import HandReview

from ..kit import safejson
from ..kit.safejson import NewerVersionError
from ..words.seatwords import WORDS
from .envelope import Envelope, Stamped, Step
from .savefmt import NAME_MAX, seat_name
from .seal import SealError, seal, unseal
from .settings import LEVELS

NAME = "seats"
FORMAT = "ginweb.seats"
VERSION = 4
_KEYS = {1: frozenset({"format", "version", "level", "table"})}
_KEYS[2] = _KEYS[1] | {"people"}
_KEYS[3] = _KEYS[2] | {"analyses"}
_KEYS[4] = _KEYS[3] | {"uid"}
UID_MAX = 80

People = tuple[str | None, ...]  # per seat: a person's name, or None for the computer
Analyses = dict[tuple[int, int], HandReview]  # the analyses, by (table hand, seat)


class NewerSeatsError(NewerVersionError):
    """A table stored by a newer version of the page: left as it is, never overwritten."""


_AS_STORED: dict[int, Step] = dict.fromkeys((1, 2, 3), dict)
ENVELOPE = Envelope(FORMAT, VERSION, "a table of players", _AS_STORED, newer=NewerSeatsError)
"""Each older version holds exactly its own fields; those added since are read with their
defaults (:func:`parse`: you alone against the computer, no analyses, an id from the table)."""


class SeatsRecord(Stamped):
    """The seated table as stored (see the module text)."""

    level: str
    people: list[str | None]
    table: str  # gin_core.save_table text, sealed
    analyses: str  # {"<hand>:<seat>": HandReview.to_data()}, sealed
    uid: str


@dataclass(frozen=True)
class Seated:
    """A table on the page: at each seat a person (by name) or the computer (at ``level``), and
    the analyses of the people's games."""

    table: TableMatch
    level: str
    people: People
    analyses: Analyses = field(default_factory=dict)
    uid: str = ""  # the table's id in the statistics (tally.py)


def alone(seats: int) -> People:
    """You at seat 0 against the computer at every other seat."""
    return ("You", *([None] * (seats - 1)))


def names(seating: Seating, people: People) -> tuple[str, ...]:
    """Every seat's name: the person's, or the computer's at that seat."""
    return tuple(WORDS[seating].computers[s] if p is None else p for s, p in enumerate(people))


def persons(people: People) -> tuple[int, ...]:
    """The seats of people, in seat order."""
    return tuple(s for s, p in enumerate(people) if p is not None)


def seat_people(seating: Seating, kinds: Sequence[str], typed: Sequence[str]) -> People:
    """Who sits where, as chosen in the form (``kinds[s]`` "person" or "computer", ``typed[s]``
    the name; an empty name is "You" for the only person, else "Player n"); ValueError naming
    the rule if no seat is a person, a name is too long, or two seats share a name."""
    n = len(WORDS[seating].computers)
    chosen = [s for s in range(n) if kinds[s] == "person"]
    people: list[str | None] = [None] * n
    for s in chosen:
        default = "You" if len(chosen) == 1 else f"Player {s + 1}"
        people[s] = seat_name(typed[s]) if typed[s].strip() else default
    return _checked(seating, tuple(people))


def _checked(seating: Seating, people: People) -> People:
    """``people`` if they seat a table: one to four people with names of their own."""
    if not persons(people):
        raise ValueError("At least one seat needs a person.")
    if any(p is not None and seat_name(p) != p for p in people):
        raise ValueError(f"A player's name has 1 to {NAME_MAX} letters, digits or spaces.")
    every = [n.casefold() for n in names(seating, people)]
    if any(every.count(every[s]) > 1 for s in persons(people)):
        raise ValueError("Every player needs a name of their own (not the computer's).")
    return people


def dumps(seated: Seated, key: str) -> str:
    """The stored text of ``seated`` (the table sealed with ``key``)."""
    data: SeatsRecord = {
        **ENVELOPE.head(),
        "level": seated.level,
        "people": list(seated.people),
        "table": seal(save_table(seated.table), key),
        "analyses": seal(json.dumps({f"{h}:{s}": r.to_data() for (h, s), r in seated.analyses.items()}), key),
        "uid": seated.uid or first_uid(seated.table),
    }
    return json.dumps(data, separators=(",", ":"))


def parse(data: Any, key: str) -> Seated:
    """The table stored as ``data`` (parsed JSON); ValueError names what is wrong,
    NewerSeatsError (the store keeps it as it is) for a newer version's record."""
    ENVELOPE.open(data)  # another kind, a newer version or one not read here is refused
    if set(data) != _KEYS[data["version"]]:
        raise ValueError(f"table record version {data['version']} has other fields than its own")
    if data["level"] not in LEVELS:
        raise ValueError(f"table record level {data['level']!r} is not a level of the page")
    table = load_table(unseal(data["table"], key))
    people = _people(data.get("people", alone(table.seats)), table)
    uid = _uid(data.get("uid", first_uid(table)))
    return Seated(table, data["level"], people, _analyses(data.get("analyses"), key, table), uid)


def _uid(raw: Any) -> str:
    if not isinstance(raw, str) or not 0 < len(raw) <= UID_MAX:
        raise ValueError("table record uid is not an id")
    return raw


def first_uid(table: TableMatch) -> str:
    """The id of a table stored before tables had one (version 3 and older): from its seed and
    first dealer, the same at every reading."""
    return f"table-{table.seed:x}-{table.first_dealer}"


def game_seat(table: TableMatch, hand: int, seat: int) -> tuple[int, int] | None:
    """(game, player in it) of ``seat`` in finished hand ``hand`` (None: it sat out)."""
    for g, played in enumerate(table.hands[hand - 1].games):
        if seat in played.seats:
            return g, played.seats.index(seat)
    return None


def _analyses(raw: Any, key: str, table: TableMatch) -> Analyses:
    """The stored analyses that read back and are of their seat's game (see the module text)."""
    try:
        found = safejson.loads(unseal(raw, key)) if isinstance(raw, str) else {}
    except (SealError, ValueError):  # StoredTextError too: nested too deep, a huge number
        return {}
    out: Analyses = {}
    for name, entry in found.items() if isinstance(found, dict) else ():
        hand, _, seat = str(name).partition(":")
        h, s = whole_number(hand, len(table.hands), 1), whole_number(seat, table.seats - 1)
        if h is not None and s is not None and (read := _analysis(entry, table, h, s)):
            out[h, s] = read
    return out


def _analysis(entry: Any, table: TableMatch, hand: int, seat: int) -> HandReview | None:
    """``entry`` read back if it is of ``seat``'s game of finished hand ``hand``, else None."""
    if not (0 < hand <= len(table.hands) and seat < table.seats):
        return None
    where = game_seat(table, hand, seat)
    try:
        read = HandReview.from_data(entry)
    except GinError:
        return None
    if where is None or read.player != where[1]:
        return None
    return read if read.deal_code == table.hands[hand - 1].games[where[0]].record.deal_code else None


def _people(raw: Any, table: TableMatch) -> People:
    """Who sits where as stored: a name or null per seat of ``table``."""
    if not (isinstance(raw, list | tuple) and len(raw) == table.seats):
        raise ValueError("table record people do not match its seats")
    if not all(p is None or isinstance(p, str) for p in raw):
        raise ValueError("table record people are names or null")
    return _checked(table.table.seating, tuple(raw))
