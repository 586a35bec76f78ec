"""Play a friend, the page's pure parts (ginweb/friend/): the handshake packed small and read
back, refused with words when it is not one (cut, changed, another version, expired); the
hello between the pages; the dialog's words, said from the facts they speak of."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import contextlib

from ginweb.friend import invite, keep, talk
from ginweb.friend.feature import ENVELOPE, parse_kept
from ginweb.friend.model import Link, Stage, closed, no_path, present, seat_names, stun_server
from ginweb.kit import qr
from ginweb.kit.safejson import NewerVersionError

FINGERPRINT = ":".join(f"{b:02X}" for b in range(32))
# an offer as Chromium writes it for one data channel (addresses gathered; a TCP candidate and
# an mDNS name among them)
OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 57210 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 192.168.1.20",
        "a=candidate:2831447467 1 udp 2113937151 7d3c3c53-6b3e-4b7e-8f1e-0f6c2b1d2e3f.local 57210 typ host "
        "generation 0 network-cost 999",
        "a=candidate:1467250027 1 udp 2122260223 192.168.1.20 57211 typ host generation 0 network-id 1",
        "a=candidate:842163049 1 udp 1686052607 203.0.113.7 40001 typ srflx raddr 192.168.1.20 rport 57211",
        "a=candidate:3600341659 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0",
        "a=ice-ufrag:8hhY",
        "a=ice-pwd:asd88fgpdd777uzjYhagZg9k",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {FINGERPRINT}",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)
NOW = 1_800_000_000


def handshake(kind: str = invite.INVITE, made: int = NOW) -> invite.Handshake:
    return invite.from_sdp(OFFER, kind, "0a1b2c3d", made, "Ann", True)


def test_the_offer_keeps_what_differs_between_browsers():
    h = handshake()
    assert (h.ufrag, h.pwd, h.fingerprint) == ("8hhY", "asd88fgpdd777uzjYhagZg9k", bytes(range(32)))
    assert [(c.kind, c.port) for c in h.candidates] == [("host", 57210), ("host", 57211), ("srflx", 40001)]
    assert h.candidates[0].address.endswith(".local")  # the TCP candidate is left out


def test_a_handshake_round_trips_and_is_small():
    h = handshake()
    text = invite.pack(h)
    assert invite.unpack(text) == h
    assert invite.unpack(f"https://example.org/gin/#friend={text}") == h  # the whole link pasted
    assert len(text) < 260  # a chat message (three addresses, one a 42-character mDNS name)
    assert qr.version_for(len(f"https://example.org/gin/#friend={text}"), "L") <= 11


def test_the_rebuilt_description_carries_the_same_handshake():
    h = handshake()
    sdp = invite.to_sdp(h)
    assert invite.from_sdp(sdp, h.kind, h.token, h.made, h.name, h.helps) == h
    assert "a=setup:actpass" in sdp
    assert "a=setup:active" in invite.to_sdp(handshake(invite.ANSWER))


def test_no_address_is_said():
    bare = "\r\n".join(line for line in OFFER.split("\r\n") if " udp " not in line)
    with pytest.raises(invite.NoAddress, match="no network address"):
        invite.from_sdp(bare, invite.INVITE, "0a1b2c3d", NOW, "Ann", False)


@pytest.mark.parametrize(
    "text", ["", "hello there", "AAAA", "%%%", "x" * (invite.MAX_TEXT + 1), invite.pack(handshake())[:-6]]
)
def test_what_is_not_a_handshake_is_refused_in_words(text):
    with pytest.raises(invite.NotAHandshake, match=r"not an invitation|cut short|field|address"):
        invite.unpack(text)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 255))
def test_a_changed_byte_is_refused_or_read_as_a_handshake(at, value):
    """Whatever a link's text becomes, reading it raises HandshakeError or gives a Handshake:
    never another exception."""
    raw = bytearray(invite.decode(invite.pack(handshake())))
    raw[at % len(raw)] = value
    text = invite.base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with contextlib.suppress(invite.HandshakeError):
        assert isinstance(invite.unpack(text), invite.Handshake)


def test_another_version_is_named():
    raw = bytearray(invite.decode(invite.pack(handshake())))
    raw[0] = invite.VERSION + 1
    with pytest.raises(invite.OtherVersion, match=f"handshake {invite.VERSION + 1}"):
        invite.unpack(invite.base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))


def test_an_old_invitation_expired():
    invite.check_fresh(handshake(), NOW + invite.LIFETIME_S)
    with pytest.raises(invite.Expired, match="expired: it was made 31 minutes ago"):
        invite.check_fresh(handshake(), NOW + invite.LIFETIME_S + 60)


def test_hello_gives_the_name_and_kept_match_only_for_this_invitation():
    theirs = talk.their_hello(talk.hello("0a1b2c3d", "Bea", "5e6f7a8b", 3), "0a1b2c3d")
    assert theirs == talk.Hello("Bea", "5e6f7a8b", 3)
    assert talk.their_hello(talk.hello("0a1b2c3d", "Bea"), "0a1b2c3d") == talk.Hello("Bea", "", 0)
    with pytest.raises(talk.TalkError, match="another invitation"):
        talk.their_hello(talk.hello("ffffffff", "Bea"), "0a1b2c3d")
    for bad in (
        "[]",
        "{",
        '{"v": 1}',
        "x" * 500,
        talk.hello("0a1b2c3d", "").replace('"name": ""', '"name": 5'),
        talk.hello("0a1b2c3d", "Bea", "m" * 17),
        talk.hello("0a1b2c3d", "Bea").replace('"hand": 0', '"hand": -1'),
        talk.hello("0a1b2c3d", "Bea").replace(', "hand": 0', ""),
    ):
        with pytest.raises(talk.TalkError):
            talk.their_hello(bad, "0a1b2c3d")


def test_ready_names_its_hand_and_nothing_else_is_taken_for_one():
    assert talk.ready_of(talk.ready(4)) == 4 and talk.kind(talk.ready(4)) == "ready"
    for bad in ("{", '{"v": 1, "kind": "ready", "hand": "4"}', '{"v": 1, "kind": "ready"}', "x" * 300):
        with pytest.raises(talk.TalkError, match="a hand is over"):
            talk.ready_of(bad)


def kept_match(**changes) -> keep.Kept:
    fields = {"match": "5e6f7a8b", "me": 1, "names": ("Ann", "Bea"), "number": 2, "scored": "{}"}
    return keep.Kept(**{**fields, "hand": "{}", "deal": "", "acked": False, "stopped": "", **changes})


def test_a_kept_match_reads_back_and_a_damaged_one_is_refused():
    kept = kept_match()
    assert keep.parse(json.loads(keep.dumps(kept))) == kept
    good = json.loads(keep.dumps(kept))
    assert good["format"] == "gin-rummy.friend-match" and good["version"] == 1 and good["v"] == 1
    before_the_envelope = {k: v for k, v in good.items() if k not in ("format", "version")}
    assert keep.parse(before_the_envelope) == kept, "a record kept as {'v': 1, ...} still reads"
    with pytest.raises(NewerVersionError, match="version 2 of a match with a friend is newer"):
        keep.parse({**good, "version": 2})
    with pytest.raises(ValueError, match="not a match with a friend"):
        keep.parse({**good, "format": "gin-rummy.stats"})
    for change in (
        {"match": ""},
        {"me": 2},
        {"names": ["Ann"]},
        {"scored": 5},
        {"number": "2"},
        {"acked": 1},
        {"hand": 5},
        {"extra": 1},
    ):
        with pytest.raises(ValueError, match="not a kept match"):
            keep.parse({**good, **change})


def test_the_name_and_stun_server_are_kept_in_the_one_envelope():
    stored = json.loads(json.dumps(ENVELOPE.stamp({"name": "Ann", "stun": "stun.example.org:3478"})))
    assert stored["format"] == "gin-rummy.friend" and stored["version"] == 1
    assert parse_kept(stored) == ("Ann", "stun.example.org:3478")
    assert parse_kept({"v": 1, "name": "Bea", "stun": ""}) == ("Bea", ""), "kept before the envelope"
    for bad in ({**stored, "version": 2}, {**stored, "name": 7}, {**stored, "stun": "x" * 300}, [1]):
        with pytest.raises(ValueError):
            parse_kept(bad)


def test_a_failure_says_whether_a_stun_server_was_set():
    assert "no STUN server is set" in no_path("")
    assert "not on the same network" in no_path("")
    assert "stun.example.org:3478" in no_path("stun.example.org:3478")
    assert "no STUN server" not in no_path("stun.example.org:3478")


def test_closing_says_who_and_when():
    assert closed(Link(Stage.CONNECTED, friend="Bea")).startswith("Bea closed the game")
    assert "before it was made" in closed(Link(Stage.ANSWERED, friend="Ann"))


def test_stun_only_and_never_turn():
    assert stun_server("") == ""
    assert stun_server(" stun:stun.example.org:3478 ") == "stun.example.org:3478"
    with pytest.raises(ValueError, match="TURN"):
        stun_server("turn:relay.example.org")
    with pytest.raises(ValueError, match="not a server's name"):
        stun_server("http://x y")


def test_the_dialog_shares_only_while_waiting_for_the_other_side():
    waiting = Link(Stage.INVITED, share="QQ", name="Ann")
    v = present(waiting, "https://example.org/gin/", "<svg/>")
    assert (v.link, v.qr, v.answer_box, v.form) == (
        "https://example.org/gin/#friend=QQ",
        "<svg/>",
        True,
        False,
    )
    done = present(waiting.replace(stage=Stage.CONNECTED, friend="Bea"), "https://example.org/gin/", "<svg/>")
    assert (done.link, done.qr) == ("", "")
    assert "Ann" in done.status and "Bea" in done.status
    failed = present(Link(Stage.FAILED, problem="why"), "https://example.org/gin/", "")
    assert failed.problem == "why" and failed.form


def test_both_devices_name_the_seats_alike():
    host = Link(Stage.CONNECTED, host=True, name="Ann", friend="Bea")
    guest = Link(Stage.CONNECTED, host=False, name="Bea", friend="Ann")
    assert seat_names(host) == seat_names(guest) == ("Ann", "Bea")


def test_the_match_line_says_the_matchs_own_scores_target_and_totals():
    from ginweb.friend.handview import match_words

    from gin_core import preset
    from gin_core.duel import DuelMatch
    from gin_core.results import Outcome

    names = ("Ann", "Bea")
    rules = preset("classic")
    under_way = DuelMatch(rules, 0, (Outcome(1, 0, (23, 0), 0, False), Outcome(2, 1, (0, 31), 1, False)))
    assert match_words(under_way, names) == (
        f"Match to {rules.target}: Ann 23, Bea 31.",
        "Deal the next hand",
    )
    over = DuelMatch(rules, 0, (*under_way.outcomes, Outcome(3, 0, (rules.target, 0), 0, False)))
    line, button = match_words(over, names)
    result = over.result
    assert result is not None and button == "New match"
    assert line.startswith(f"Match over: Ann wins, {result.totals[0]} to {result.totals[1]}.")
    assert all(part in line for part in result.explain(names))
    assert match_words(None, names) == ("", "Deal a hand")
