"""What a player asks of the seated table, as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from ..feature import FeatureIntent


class SitDown(FeatureIntent):
    """Start a table: ``seating`` the name of one (seatings.py; from New match), with at each
    seat a person or the computer (``kinds``), the names typed (``typed``) and the computer's
    difficulty (``level``; "": your match's)."""

    seating: str
    kinds: tuple[str, ...] = ("person", "computer", "computer", "computer")
    typed: tuple[str, ...] = ("", "", "", "")
    level: str = ""


class Ready(FeatureIntent):
    """The person the device was passed to takes it: their view is shown."""


class SeatMove(FeatureIntent):
    """Play ``action`` (its text, e.g. ``discard 7H``) for you at the table."""

    action: str


class SkipHand(FeatureIntent):
    """Skip to the result of the games you are not in (the computer plays them at once)."""


class LeaveTable(FeatureIntent):
    """Leave the table: it ends (not kept), and your two-player match is back."""


class TakeBackMove(FeatureIntent):
    """Take back the holder's last move while their game showed them nothing since."""


class SortCards(FeatureIntent):
    """Show the holder's cards the other way: by suit if by rank, else by rank (melds first,
    as at two)."""


class AskHint(FeatureIntent):
    """The holder asks the hint for their move (weighed on their own view, as at two)."""


class GoOver(FeatureIntent):
    """Go over ``seat``'s game of finished hand ``hand`` (0: the hand just played; behind a
    handover when several people are at the table)."""

    seat: int
    hand: int = 0
