"""The match with a friend as this device keeps it, so a reload or a dropped connection loses
nothing: the match's id (the host's, said in each hello), this device's seat, the names, the
hand's number, the match itself (gin_core's ``DuelMatch`` text: its rules and the outcomes of the
hands verified), the hand (gin_core's ``DuelRecord`` text: this device's own secrets and steps,
nothing it could not read), the host's deal message of that hand (sent again if the friend never
had it), whether the friend said the hand is over on its side, and the words of a lie that
stopped it. Written after every step, before anything is sent, in the one envelope of the
page's records (storage/envelope.py; the first records were ``{"v": 1, ...}``). Pure."""

from __future__ import annotations

import json
from typing import Any

from ..kit.frozen import Frozen
from ..storage.envelope import Envelope

NAME = "friend-match"
VERSION = 1
FORMAT = "gin-rummy.friend-match"
ENVELOPE = Envelope(FORMAT, VERSION, "a match with a friend", older_key="v")
HEAD = {"format", "version", "v"}  # the envelope's fields (open() writes them all)
MAX_ID = 16
MAX_TEXT = 400_000  # the hand's record (gin_core.duel.resume.MAX_RECORD_CHARS)


class Kept(Frozen):
    """See the module text. ``hand`` is "" before the first deal; ``deal`` "" on the friend's
    device; ``acked``: the friend's device said the hand is over there (the host may deal)."""

    match: str
    me: int
    names: tuple[str, str]
    number: int
    scored: str = ""
    hand: str = ""
    deal: str = ""
    acked: bool = False
    stopped: str = ""


def dumps(kept: Kept) -> str:
    data = {n: getattr(kept, n) for n in kept.__fields__}
    return json.dumps(ENVELOPE.stamp({**data, "names": list(kept.names)}))


def parse(raw: Any) -> Kept:
    """The stored match (``raw``: its JSON, read); ValueError for anything else."""
    data = ENVELOPE.open(raw)
    data.setdefault("v", VERSION)
    if not (_shaped(data) and _texts(data) and _numbers(data)):
        raise ValueError("not a kept match with a friend")
    names = data["names"]
    return Kept(
        match=data["match"],
        me=data["me"],
        names=(names[0], names[1]),
        number=data["number"],
        scored=data["scored"],
        hand=data["hand"],
        deal=data["deal"],
        acked=data["acked"],
        stopped=data["stopped"],
    )


def _shaped(data: Any) -> bool:
    return set(data) == {*HEAD, *Kept.__fields__} and isinstance(data["acked"], bool)


def _texts(data: dict[str, Any]) -> bool:
    names = data["names"]
    if not isinstance(names, list) or len(names) != 2:
        return False
    texts = (data["match"], data["scored"], data["hand"], data["deal"], data["stopped"], *names)
    return all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts) and 0 < len(data["match"]) <= MAX_ID


def _numbers(data: dict[str, Any]) -> bool:
    return data["me"] in (0, 1) and type(data["number"]) is int and data["number"] >= 0
