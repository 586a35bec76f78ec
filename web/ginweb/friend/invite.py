"""The handshake of a game between two devices, small enough for a chat message and a QR code.

A WebRTC offer or answer is some 1-2 KB of SDP text, nearly all of it the same on every
browser. What differs is a few fields: the ICE user name and password, the DTLS certificate's
SHA-256 fingerprint and the addresses (candidates) where the device listens. :class:`Handshake`
holds those and the game's own (who, which invitation, when, whether the hint and tutor are
agreed); :func:`pack` writes it as some 120 bytes in base64url (about 170 characters, a QR
code of version 8-10) and :func:`unpack` reads it back, refusing anything else with words
(:class:`HandshakeError`). :func:`to_sdp` rebuilds the SDP a browser accepts. Pure: tested in
tests/test_web_friend.py."""

from __future__ import annotations

import base64
import binascii
import re
import struct

from ..kit.frozen import Frozen

VERSION = 1
INVITE, ANSWER = "invite", "answer"
KINDS = (INVITE, ANSWER)
LIFETIME_S = 30 * 60  # an invitation older than this is refused (the host has likely moved on)
MAX_TEXT = 600  # characters of packed text read at most (a handshake is ~170)
MAX_NAME = 20  # characters of a player's name (as the table's names)
MAX_CANDIDATES = 8
CANDIDATE_TYPES = ("host", "srflx", "prflx")  # never "relay": this game uses no TURN server
PRIORITY = {"host": 2130706431, "srflx": 1686052607, "prflx": 1845501695}
FRAGMENT = "friend="  # the link's fragment: #friend=<packed>
CANDIDATE_RE = re.compile(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx|prflx)", re.IGNORECASE)


class HandshakeError(ValueError):
    """A handshake refused: the message says why, in words for the player."""


class NotAHandshake(HandshakeError):
    """The text is not a handshake of this game (cut short, changed, or something else)."""


class OtherVersion(HandshakeError):
    """The handshake was made by another version of this game."""


class Expired(HandshakeError):
    """The invitation is older than :data:`LIFETIME_S`."""


class NoAddress(HandshakeError):
    """The browser offered no address to connect to."""


class Candidate(Frozen):
    """An address where a device listens (UDP): its type, address (an IP, or a browser's
    private ``.local`` name) and port."""

    kind: str
    address: str
    port: int


class Handshake(Frozen):
    """One side's half of the connection: the invitation (``kind`` INVITE) or the answer.
    ``token`` names the invitation (the answer repeats it), ``made`` is when (Unix seconds),
    ``helps``: the hint and the tutor (the host proposes, the friend agrees)."""

    kind: str
    token: str  # 8 hex digits
    made: int
    helps: bool
    name: str
    ufrag: str
    pwd: str
    fingerprint: bytes  # 32 bytes: SHA-256 of the device's DTLS certificate
    candidates: tuple[Candidate, ...]


# ----- from and to SDP -----------------------------------------------------------------------------


def sdp_field(sdp: str, name: str) -> str:
    """The value of the first ``a=<name>:`` line."""
    for line in sdp.splitlines():
        if line.startswith(f"a={name}:"):
            return line[len(name) + 3 :].strip()
    raise NotAHandshake(f"the browser's description has no {name}")


def candidates_of(sdp: str) -> tuple[Candidate, ...]:
    """The UDP candidates of an SDP (each address once), the first :data:`MAX_CANDIDATES`."""
    found: list[Candidate] = []
    for line in sdp.splitlines():
        m = CANDIDATE_RE.match(line.strip())
        if m is not None:
            c = Candidate(m.group(3).lower(), m.group(1), int(m.group(2)))
            if c not in found:
                found.append(c)
    return tuple(found[:MAX_CANDIDATES])


def from_sdp(sdp: str, kind: str, token: str, made: int, name: str, helps: bool) -> Handshake:
    """The handshake of a browser's offer (``kind`` INVITE) or answer, once its addresses are
    gathered; NoAddress if it has none."""
    fingerprint = sdp_field(sdp, "fingerprint")
    if not fingerprint.lower().startswith("sha-256 "):
        raise NotAHandshake("the browser's certificate fingerprint is not SHA-256")
    found = candidates_of(sdp)
    if not found:
        raise NoAddress("this device found no network address to offer (is it offline?)")
    fp = bytes.fromhex(fingerprint.split(" ", 1)[1].replace(":", ""))
    return Handshake(
        kind,
        token,
        made,
        helps,
        name[:MAX_NAME],
        sdp_field(sdp, "ice-ufrag"),
        sdp_field(sdp, "ice-pwd"),
        fp,
        found,
    )


def to_sdp(h: Handshake) -> str:
    """The SDP a browser takes as the remote description: one data channel (DTLS over SCTP)."""
    fingerprint = ":".join(f"{b:02X}" for b in h.fingerprint)
    lines = [
        "v=0",
        f"o=- {int(h.token, 16)} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        f"a=ice-ufrag:{h.ufrag}",
        f"a=ice-pwd:{h.pwd}",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{'actpass' if h.kind == INVITE else 'active'}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    lines += [
        f"a=candidate:{i + 1} 1 udp {PRIORITY[c.kind] - i} {c.address} {c.port} typ {c.kind}"
        for i, c in enumerate(h.candidates)
    ]
    return "\r\n".join(lines) + "\r\n"


# ----- packed text ---------------------------------------------------------------------------------


def _text(value: str) -> bytes:
    raw = value.encode()
    if len(raw) > 255:
        raise NotAHandshake("a field is too long")
    return bytes([len(raw)]) + raw


def pack(h: Handshake) -> str:
    """The handshake as base64url text (no padding)."""
    head = struct.pack(">BB4sI?", VERSION, KINDS.index(h.kind), bytes.fromhex(h.token), h.made, h.helps)
    body = _text(h.name) + _text(h.ufrag) + _text(h.pwd) + h.fingerprint + bytes([len(h.candidates)])
    for c in h.candidates:
        body += bytes([CANDIDATE_TYPES.index(c.kind)]) + struct.pack(">H", c.port) + _text(c.address)
    return base64.urlsafe_b64encode(head + body).decode().rstrip("=")


class Reader:
    """Reads a packed handshake's bytes in order; NotAHandshake when they run out."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise NotAHandshake("the text is cut short")
        self.at += n
        return self.data[self.at - n : self.at]

    def text(self, limit: int) -> str:
        n = self.take(1)[0]
        if n > limit:
            raise NotAHandshake("a field is too long")
        try:
            return self.take(n).decode()
        except UnicodeDecodeError:
            raise NotAHandshake("a field is not text") from None

    def candidate(self) -> Candidate:
        kind, port = self.take(1)[0], struct.unpack(">H", self.take(2))[0]
        if kind >= len(CANDIDATE_TYPES) or port == 0:
            raise NotAHandshake("an address is not one this game uses")
        address = self.text(64)
        if not re.fullmatch(r"[0-9A-Za-z.:-]+", address):
            raise NotAHandshake("an address is not an address")
        return Candidate(CANDIDATE_TYPES[kind], address, port)


def extract(text: str) -> str:
    """The packed part of what a player pasted: a whole link (its fragment), or the text alone."""
    text = text.strip()
    at = text.rfind(FRAGMENT)
    return text[at + len(FRAGMENT) :] if at >= 0 else text


def decode(text: str) -> bytes:
    packed = extract(text)
    if not packed or len(packed) > MAX_TEXT or not re.fullmatch(r"[A-Za-z0-9_-]+", packed):
        raise NotAHandshake("this is not an invitation or an answer of this game")
    try:
        return base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise NotAHandshake("this is not an invitation or an answer of this game") from None


def unpack(text: str) -> Handshake:
    """The handshake in ``text`` (a link or its packed text); HandshakeError with words if it
    is none, or of another version."""
    r = Reader(decode(text))
    version, kind = r.take(1)[0], r.take(1)[0]
    if version == 0:
        raise NotAHandshake("this is not an invitation or an answer of this game")
    if version != VERSION:
        raise OtherVersion(
            f"it was made by another version of this game (handshake {version}, this page reads {VERSION})"
        )
    if kind >= len(KINDS):
        raise NotAHandshake("this is not an invitation or an answer of this game")
    token, made, helps = struct.unpack(">4sI?", r.take(9))
    name, ufrag, pwd = r.text(4 * MAX_NAME), r.text(256), r.text(256)
    fingerprint = r.take(32)
    found = tuple(r.candidate() for _ in range(r.take(1)[0]))
    if not found or len(found) > MAX_CANDIDATES or r.at != len(r.data):
        raise NotAHandshake("this is not an invitation or an answer of this game")
    return Handshake(
        KINDS[kind], token.hex(), made, bool(helps), name[:MAX_NAME], ufrag, pwd, fingerprint, found
    )


def check_fresh(h: Handshake, now: float) -> None:
    """Expired if the invitation was made over :data:`LIFETIME_S` ago (or is dated ahead)."""
    age = now - h.made
    if age > LIFETIME_S:
        raise Expired(
            f"this invitation expired: it was made {int(age // 60)} minutes ago (it lasts {LIFETIME_S // 60})"
        )
    if age < -LIFETIME_S:
        raise Expired("this invitation is dated ahead of this device's clock: ask for a new one")
