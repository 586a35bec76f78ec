"""A direct connection to another page: one RTCPeerConnection with one data channel, and no
server of ours (the only browser module that speaks WebRTC).

The channel is negotiated (both sides make it with id 0), so an offer and an answer are all the
two pages exchange; their addresses are gathered before the description is handed out (no
trickle: the whole handshake travels in one message). ICE servers: none, or the one STUN
server the player named (never TURN). What happens is told through the callbacks of
:class:`Events`; the page decides what it means."""

from __future__ import annotations

from collections.abc import Callable

import js

from . import dom
from .frozen import Frozen

GATHER_MS = 5000  # at most this long spent gathering addresses (a STUN server that does not answer)
MAX_MESSAGE = 16_000  # characters: a longer message from the other side is dropped unread


class Events(Frozen):
    """What the page is told: the channel opened, a message (text), the channel closed, the
    connection failed (ICE found no path)."""

    opened: Callable[[], None]
    message: Callable[[str], None]
    closed: Callable[[], None]
    failed: Callable[[], None]


class Peer:
    """One connection to another page."""

    def __init__(self, stun: str, events: Events) -> None:
        """``stun``: host:port of a STUN server ("": none, only this network's addresses)."""
        servers = [dom.js_obj({"urls": f"stun:{stun}"})] if stun else []
        self.pc = js.RTCPeerConnection.new(dom.js_obj({"iceServers": servers}))
        self.channel = self.pc.createDataChannel("gin", dom.js_obj({"negotiated": True, "id": 0}))
        self.events = events
        self.done = False
        dom.listen(self.channel, "open", lambda _: self.events.opened())
        dom.listen(self.channel, "message", self.received)
        dom.listen(self.channel, "close", lambda _: self.ended(self.events.closed))
        dom.listen(self.pc, "connectionstatechange", lambda _: self.state_changed())

    def received(self, event: dom.Js) -> None:
        data = event.data
        if isinstance(data, str) and len(data) <= MAX_MESSAGE:
            self.events.message(data)

    def state_changed(self) -> None:
        state = str(self.pc.connectionState)
        if state == "failed":
            self.ended(self.events.failed)
        elif state == "closed":
            self.ended(self.events.closed)

    def ended(self, tell: Callable[[], None]) -> None:
        """Tell once that the connection is over (closed or failed)."""
        if not self.done:
            self.done = True
            tell()

    async def offer(self) -> str:
        """This side's offer, its addresses gathered."""
        await self.pc.setLocalDescription(await self.pc.createOffer())
        return await self.gathered()

    async def answer(self, offer: str) -> str:
        """The answer to the other side's ``offer``, its addresses gathered."""
        await self.pc.setRemoteDescription(dom.js_obj({"type": "offer", "sdp": offer}))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        return await self.gathered()

    async def accept(self, answer: str) -> None:
        """The other side's answer: the connection is tried from now on."""
        await self.pc.setRemoteDescription(dom.js_obj({"type": "answer", "sdp": answer}))

    async def gathered(self) -> str:
        waited = 0
        while str(self.pc.iceGatheringState) != "complete" and waited < GATHER_MS:
            await dom.pause(50)
            waited += 50
        return str(self.pc.localDescription.sdp)

    def open(self) -> bool:
        return str(self.channel.readyState) == "open"

    def send(self, text: str) -> bool:
        """Send ``text`` if the channel is open (False: it is not)."""
        if not self.open():
            return False
        self.channel.send(text)
        return True

    def close(self) -> None:
        """Close the connection (the other side is told); no more events from it."""
        self.done = True
        self.channel.close()
        self.pc.close()


def fragment() -> str:
    """This page's address fragment, without its ``#``."""
    return str(js.location.hash).removeprefix("#")


def drop_fragment() -> None:
    """Take the fragment out of the address bar (a handshake is used once)."""
    js.history.replaceState(js.history.state, "", f"{js.location.pathname}{js.location.search}")
