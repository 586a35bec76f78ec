"""Where a game with a friend stands, and every word the dialog (#dlg-friend) says about it.

:class:`Link` is the state (a value: the feature replaces it at each step); :func:`present`
builds what ui.py writes. The words of a failure say why it failed, from what is known: whether
a STUN server was set, whether the other side had connected (tests/test_web_friend.py). Pure."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from ..kit.frozen import Frozen
from .invite import LIFETIME_S


class Stage(StrEnum):
    START = "start"  # nothing under way: the form to invite (or to paste an invitation)
    MAKING = "making"  # the browser gathers this device's addresses for the invitation
    INVITED = "invited"  # the invitation is out; the host waits for the answer
    JOINING = "joining"  # the friend's page makes its answer
    ANSWERED = "answered"  # the answer is out; the friend waits for the host to paste it
    CONNECTING = "connecting"  # both descriptions are set: the devices try to reach each other
    CONNECTED = "connected"  # the channel is open and both said hello
    FAILED = "failed"  # it did not work: ``problem`` says why


class Link(Frozen):
    """A connection to a friend as it stands: this device's part (``host``: it invited), the
    invitation's ``token``, the text to share (``share``: the packed handshake), the names, the
    STUN server used ("": none), whether the hint and tutor were agreed, and what went wrong."""

    stage: Stage = Stage.START
    host: bool = True
    token: str = ""
    share: str = ""
    name: str = ""
    friend: str = ""
    stun: str = ""
    helps: bool = False
    problem: str = ""

    def replace(self, **changes: Any) -> Link:
        """This link with ``changes`` (field: value)."""
        return Link(**{**{n: getattr(self, n) for n in self.__fields__}, **changes})


class FriendView(Frozen):
    """What the dialog shows: its status line, the link to share with its QR code (SVG text,
    "" for none), which boxes are open, and the problem in words."""

    status: str
    link: str
    qr: str
    form: bool  # the invitation form (name, STUN server, hint and tutor)
    answer_box: bool  # where the host pastes the answer
    join_box: bool  # where an invitation may be pasted (instead of opening its link)
    hang_up: bool
    problem: str


STUN_NOTE = (
    "No server is used by default: devices on the same network (the same Wi-Fi) find each other "
    "directly. To play across networks, name a STUN server (for example stun.l.google.com:19302): "
    "before connecting, your browser then asks it for your public address, so it learns your IP "
    "address and the time, and nothing of the game. This game never relays through a server (no TURN)."
)


def seat_names(link: Link) -> tuple[str, str]:
    """The players' names by seat: the host's seat 0, the friend's 1 (on both devices)."""
    return (link.name, link.friend) if link.host else (link.friend, link.name)


def share_link(address: str, link: Link) -> str:
    return f"{address}#friend={link.share}" if link.share else ""


def status(link: Link) -> str:
    """The dialog's status line at this stage."""
    friend = link.friend or "your friend"
    words = {
        Stage.START: "Play a friend on their own device: send them an invitation, they send back an answer, "
        "and your two devices connect directly.",
        Stage.MAKING: "Making the invitation…",
        Stage.INVITED: "Send this invitation to your friend (the link, the QR code or the text); it lasts "
        f"{LIFETIME_S // 60} minutes, while this page stays open. Then paste their answer below.",
        Stage.JOINING: f"Answering {friend}'s invitation…",
        Stage.ANSWERED: f"Send this answer back to {friend} (the link, the QR code or the text): "
        f"your devices connect once {friend} pastes it on their page.",
        Stage.CONNECTING: f"Connecting to {friend}…",
        Stage.CONNECTED: f"Connected: {link.name or 'you'} and {friend}.",
        Stage.FAILED: "It did not work.",
    }
    return words[link.stage]


def no_path(stun: str) -> str:
    """Why the devices found no way to each other."""
    if stun:
        return (
            f"Could not reach your friend's device, even with the STUN server {stun}: some networks "
            "(mobile data, strict routers) allow no direct connection, and this game uses no relay server."
        )
    return (
        "Could not reach your friend's device: the two devices are probably not on the same network "
        "(the same Wi-Fi), and no STUN server is set. Join one Wi-Fi, or name a STUN server, and make a "
        "new invitation."
    )


def closed(link: Link) -> str:
    """The other side went away (closed its page, or lost its network)."""
    friend = link.friend or "Your friend"
    if link.stage == Stage.CONNECTED:
        return f"{friend} closed the game, or their device lost the connection."
    return (
        f"{friend}'s page closed the connection before it was made: the invitation is no longer open there."
    )


def kept(link: Link) -> str:
    """Said when the connection ends with a hand under way: nothing of it is lost."""
    friend = link.friend or "your friend"
    return (
        f" The hand is kept on this device: invite {friend} again, or open their new invitation, "
        "to take it up where it stood."
    )


def present(link: Link, address: str, qr: str) -> FriendView:
    """The dialog of ``link``; ``address`` the game's, ``qr`` the QR code of the link to share."""
    sharing = link.stage in (Stage.INVITED, Stage.ANSWERED)
    return FriendView(
        status=status(link),
        link=share_link(address, link) if sharing else "",
        qr=qr if sharing else "",
        form=link.stage in (Stage.START, Stage.FAILED),
        answer_box=link.stage == Stage.INVITED,
        join_box=link.stage in (Stage.START, Stage.FAILED),
        hang_up=link.stage not in (Stage.START, Stage.FAILED),
        problem=link.problem if link.stage == Stage.FAILED else "",
    )


STUN_RE = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?")


def stun_server(typed: str) -> str:
    """The STUN server a player typed, as host[:port] ("": none); ValueError with words for
    anything else (a TURN server above all: this game relays through no server)."""
    text = typed.strip()
    if text.lower().startswith(("turn:", "turns:")):
        raise ValueError("a TURN server relays the whole game: this game uses none, only STUN (or nothing)")
    text = text.removeprefix("stun:").removeprefix("STUN:")
    if text and not STUN_RE.fullmatch(text):
        raise ValueError(
            f"{typed.strip()!r} is not a server's name: write host:port, e.g. stun.example.org:3478"
        )
    return text
