"""What a player asks of "Play a friend", as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from ..table.port import FeatureIntent


class OpenFriend(FeatureIntent):
    """ "Play a friend": the dialog, where the invitation or the connection stands."""


class MakeInvite(FeatureIntent):
    """Make an invitation as ``name``, through STUN server ``stun`` ("": none), the hint and
    the tutor proposed (``helps``)."""

    name: str
    stun: str
    helps: bool


class TakeAnswer(FeatureIntent):
    """The host pastes the friend's answer (a link or its text)."""

    text: str


class Join(FeatureIntent):
    """Answer an invitation (a link or its text) as ``name``, through ``stun`` ("": none)."""

    text: str
    name: str
    stun: str


class CopyShare(FeatureIntent):
    """Copy the invitation or the answer on screen (its link) to the clipboard."""


class HangUp(FeatureIntent):
    """Close the connection (or drop the invitation) and start again."""


class CloseFriend(FeatureIntent):
    """Close the dialog; an invitation or a connection under way stays."""


class DealHand(FeatureIntent):
    """The host deals the next hand (on the rules of its settings)."""


class GoOverHand(FeatureIntent):
    """Go over your decisions in finished hand ``hand`` of the match with your friend (0: the
    hand just played), kept on this device once both devices checked it."""

    hand: int = 0
