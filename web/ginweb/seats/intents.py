"""What a player asks of the seats feature: to sit down at a table (from New match) and to go
over a game of the table's hands between hands; every move at the table is the table's own
(table/intents.py)."""

from ..table.port import FeatureIntent


class SitDown(FeatureIntent):
    """Start a table: ``seating`` the name of one (words/seatwords.py; from New match), with at
    each seat a person (``kinds[s]`` "person", named ``typed[s]``) or the computer at the chosen
    difficulty (``level``; "": your match's)."""

    seating: str
    kinds: tuple[str, ...] = ("person", "computer", "computer", "computer")
    typed: tuple[str, ...] = ("", "", "", "")
    level: str = ""


class GoOver(FeatureIntent):
    """Go over ``seat``'s game of finished hand ``hand`` (0: the hand just played; behind a
    handover when several people are at the table)."""

    seat: int
    hand: int = 0
