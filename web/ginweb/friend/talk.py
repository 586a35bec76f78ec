"""What two connected pages say to each other before a game: ``hello`` (the game's version,
the invitation's token and the player's name), checked as any outside text is: size, shape,
version, token (:class:`TalkError`, with words). Pure."""

from __future__ import annotations

import json
from typing import Any

from ..kit import safejson
from .invite import MAX_NAME, VERSION

MAX_HELLO = 200  # characters


class TalkError(ValueError):
    """A message from the other page refused: the message says why, in words for the player."""


def hello(token: str, name: str) -> str:
    return json.dumps({"v": VERSION, "kind": "hello", "token": token, "name": name[:MAX_NAME]})


def their_name(text: str, token: str) -> str:
    """The other player's name from their ``hello`` for the invitation ``token``."""
    data = greeting(text)
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
    if not isinstance(data, dict) or set(data) != {"v", "kind", "token", "name"} or data["kind"] != "hello":
        raise TalkError("the other device sent something that is not this game's greeting")
    return data
