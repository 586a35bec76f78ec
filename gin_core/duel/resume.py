"""A hand between two devices taken up again after a reload or a dropped connection.

Each device keeps a :class:`DuelRecord` of its hand after every step: where the hand stands in
the match, this device's own secrets (its keys and shuffle: nothing of the other's that it
could not read anyway) and the steps it took (each text taken from the other, each move of its
own). :func:`resumed` replays them on a new :class:`~.peer.DuelHand`: the same secrets give the
same texts, so the hand is exactly where it was. Then, on the new connection, each device sends
:meth:`DuelHand.resume_text` and takes the other's with :meth:`DuelHand.resync`, which resends
what the other missed and checks that both hold the same messages (a chain of their texts).

A record is this device's own and stays in its storage; a record that does not parse or does
not replay is refused (:class:`DuelRecordError`) and nothing is resumed.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..actions import Action, ActionError
from ..errors import GinError
from ..jsontext import json_shape
from ..refusals import IllegalAction
from ..rules import Rules
from .curve import parse_scalar, scalar_text
from .deal import Secrets
from .errors import CheatDetected, DuelMessageError, DuelRecordError
from .peer import MAX_HANDS, MAX_SCORE, DuelHand

RECORD_VERSION = 1
MAX_STEPS = 600
"""More steps than any hand takes (a hand has at most a few hundred messages and moves)."""
MAX_RECORD_CHARS = 400_000
STEP_TAGS = ("in", "play")


@dataclass(frozen=True)
class DuelRecord:
    """What one device keeps of a hand to take it up again (see the module text)."""

    rules: Rules
    me: int
    dealer: int
    number: int
    scores: tuple[int, int]
    secrets: Secrets
    steps: tuple[tuple[str, str], ...]

    def dumps(self) -> str:
        """The record as JSON text (parsed back by :func:`load_record`)."""
        lock = self.secrets.lock
        return json.dumps(
            {
                "v": RECORD_VERSION,
                "rules": self.rules.to_dict(),
                "me": self.me,
                "dealer": self.dealer,
                "number": self.number,
                "scores": list(self.scores),
                "lock": None if lock is None else scalar_text(lock),
                "keys": [scalar_text(k) for k in self.secrets.keys],
                "order": list(self.secrets.order),
                "steps": [list(s) for s in self.steps],
            },
            separators=(",", ":"),
        )


def record_of(hand: DuelHand) -> DuelRecord:
    """The record of ``hand`` as it stands now."""
    secrets = Secrets(hand.lock, tuple(hand.keys), tuple(hand.order))
    return DuelRecord(hand.rules, hand.me, hand.dealer, hand.number, hand.scores, secrets, tuple(hand.steps))


def load_record(raw: object) -> DuelRecord:
    """The record in ``raw`` (text written by :meth:`DuelRecord.dumps`), or
    :class:`DuelRecordError` saying why it is none."""
    if not isinstance(raw, str) or len(raw) > MAX_RECORD_CHARS or json_shape(raw).depth > 3:
        raise DuelRecordError("a stored hand is JSON text of a record")
    try:
        body = json.loads(raw)
    except ValueError:
        raise DuelRecordError("a stored hand is JSON text of a record") from None
    if not isinstance(body, dict) or body.get("v") != RECORD_VERSION:
        raise DuelRecordError(f"a stored hand is a record of version {RECORD_VERSION}")
    try:
        return _record(body)
    except (KeyError, TypeError):
        raise DuelRecordError("a stored hand has the fields of a record") from None


def _record(body: dict[str, Any]) -> DuelRecord:
    me, dealer, number, scores = body["me"], body["dealer"], body["number"], body["scores"]
    if me not in (0, 1) or dealer not in (0, 1) or type(number) is not int or not 1 <= number <= MAX_HANDS:
        raise DuelRecordError("a stored hand names seats 0 or 1 and a hand number")
    if not (isinstance(scores, list) and len(scores) == 2 and all(_score(s) for s in scores)):
        raise DuelRecordError(f"a stored hand's scores are two whole numbers in 0..{MAX_SCORE}")
    try:
        rules = Rules.from_dict(body["rules"])
    except GinError as e:
        raise DuelRecordError(f"a stored hand's rules: {e}") from None
    lock = None if body["lock"] is None else _scalar(body["lock"])
    keys = tuple(_scalar(k) for k in body["keys"])
    order = body["order"]
    if not isinstance(order, list) or not all(type(i) is int for i in order):
        raise DuelRecordError("a stored hand's shuffle is a list of places")
    secrets = Secrets(lock, keys, tuple(order)).checked(me == dealer)
    return DuelRecord(rules, me, dealer, number, (scores[0], scores[1]), secrets, _steps(body["steps"]))


def _score(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SCORE


def _scalar(value: object) -> int:
    scalar = parse_scalar(value)
    if scalar is None:
        raise DuelRecordError("a stored hand's keys are 64 hexadecimal digits each")
    return scalar


def _steps(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or len(value) > MAX_STEPS:
        raise DuelRecordError(f"a stored hand has at most {MAX_STEPS} steps")
    steps = []
    for step in value:
        if not (isinstance(step, list) and len(step) == 2 and step[0] in STEP_TAGS) or not isinstance(
            step[1], str
        ):
            raise DuelRecordError("a stored hand's step is a text taken or a move played")
        steps.append((str(step[0]), step[1]))
    return tuple(steps)


def resumed(record: DuelRecord) -> Generator[int, None, DuelHand]:
    """The hand of ``record`` replayed to where it stood (in work units, as the deal runs);
    :class:`DuelRecordError` if a step does not replay (a lie was refused when it came, so a
    record that holds one was altered since)."""
    hand = DuelHand(record.rules, record.me, record.dealer, record.number, record.scores, record.secrets)
    yield from hand.start()
    for i, (tag, payload) in enumerate(record.steps):
        try:
            if tag == "in":
                yield from hand.receive(payload)
            else:
                hand.play(Action.parse(payload))
        except (DuelMessageError, CheatDetected, IllegalAction, ActionError) as e:
            raise DuelRecordError(f"the stored hand does not replay at step {i + 1}: {e}") from None
    return hand
