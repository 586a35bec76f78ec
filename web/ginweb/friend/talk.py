"""What two connected pages say to each other around the duel's own messages: ``hello`` (the
game's version, the invitation's token, the player's name, and the match this device keeps
with its hand's number, so two devices that share an unfinished match take it up), the host's
``deal`` of each hand, and ``ready`` (the friend's device has the hand over: the host may deal
the next). Each is checked as any outside text is: size, shape, version, token
(:class:`TalkError`, with words). Pure."""

from __future__ import annotations

import json
from typing import Any

from gin_core import GinError, Rules

from ..kit import safejson
from ..kit.frozen import Frozen
from .invite import MAX_NAME, VERSION

MAX_HELLO = 260  # characters
MAX_MATCH = 16  # characters of a match's id
HELLO = {"v", "kind", "token", "name", "match", "hand"}


class TalkError(ValueError):
    """A message from the other page refused: the message says why, in words for the player."""


class Hello(Frozen):
    """The other device's hello: its player's name, the match it keeps ("": none) and that
    match's hand number (0: none dealt)."""

    name: str
    match: str
    hand: int


def hello(token: str, name: str, match: str = "", hand: int = 0) -> str:
    data = {"v": VERSION, "kind": "hello", "token": token, "name": name[:MAX_NAME]}
    return json.dumps({**data, "match": match, "hand": hand})


def their_hello(text: str, token: str) -> Hello:
    """The other device's ``hello`` for the invitation ``token``."""
    data = greeting(text)
    match, hand = data["match"], data["hand"]
    if not (isinstance(match, str) and len(match) <= MAX_MATCH and type(hand) is int and hand >= 0):
        raise TalkError("the other device sent something that is not this game's greeting")
    return Hello(their_name(data, token), match, hand)


def their_name(data: dict[str, Any], token: str) -> str:
    """The other player's name from their greeting's fields, for the invitation ``token``."""
    if data["v"] != VERSION:
        raise TalkError(
            f"the other device runs another version of this game ({data['v']}, this one {VERSION})"
        )
    if data["token"] != token:
        raise TalkError("the other device answered another invitation")
    name = data["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise TalkError("the other device sent no name a person could have typed")
    return name.strip()


def greeting(text: str) -> dict[str, Any]:
    """``text`` read as a hello's fields (not yet checked but for their names)."""
    if len(text) > MAX_HELLO:
        raise TalkError("the other device sent a greeting too long to be this game's")
    try:
        data = safejson.loads(text)
    except ValueError:
        raise TalkError("the other device sent something that is not this game's") from None
    if not isinstance(data, dict) or set(data) != HELLO or data["kind"] != "hello":
        raise TalkError("the other device sent something that is not this game's greeting")
    return data


MAX_CHARS = 16_000  # characters of any message read (the duel's are at most 12,000)
MAX_DEAL = 4_000  # characters of a deal message (the rules are some 1,200)


def deal(number: int, rules: Rules, dealer: int, scores: tuple[int, int]) -> str:
    """The host's word that hand ``number`` starts, on ``rules`` (the host picks them)."""
    data = {"v": VERSION, "kind": "deal", "hand": number, "rules": rules.to_dict(), "dealer": dealer}
    return json.dumps({**data, "scores": list(scores)})


def ready(number: int) -> str:
    """The friend's word that hand ``number`` is over on its device (the host may deal)."""
    return json.dumps({"v": VERSION, "kind": "ready", "hand": number})


def ready_of(text: str) -> int:
    """The hand's number of a ``ready`` message."""
    try:
        data = safejson.loads(text, max_chars=MAX_HELLO)
    except ValueError:
        data = None
    fields = isinstance(data, dict) and set(data) == {"v", "kind", "hand"}
    if not fields or data["v"] != VERSION or data["kind"] != "ready" or type(data["hand"]) is not int:
        raise TalkError("the other device's word that a hand is over is not one of this game")
    return data["hand"]


def kind(text: str) -> str:
    """The kind of a message after the hello ("deal", or one of the duel protocol's)."""
    try:
        data = safejson.loads(text, max_chars=MAX_CHARS)
    except ValueError:
        return ""
    return str(data.get("kind", "")) if isinstance(data, dict) else ""


def deal_of(text: str) -> tuple[int, Rules, int, tuple[int, int]]:
    """The hand's number, rules, dealer and scores of the host's deal message."""
    try:
        data = safejson.loads(text, max_chars=MAX_DEAL)
        if not isinstance(data, dict) or set(data) != {"v", "kind", "hand", "rules", "dealer", "scores"}:
            raise ValueError("not a deal")
        scores = data["scores"]
        if (
            data["v"] != VERSION
            or data["dealer"] not in (0, 1)
            or not isinstance(scores, list)
            or len(scores) != 2
        ):
            raise ValueError("not a deal")
        return (
            int(data["hand"]),
            Rules.from_dict(data["rules"]),
            data["dealer"],
            (int(scores[0]), int(scores[1])),
        )
    except (ValueError, TypeError, GinError) as e:
        raise TalkError(f"the other device's deal is not one of this game ({e})") from None
