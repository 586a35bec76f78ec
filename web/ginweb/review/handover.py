"""Whose review, and the handover before it, in a match of two people on one device.

Each person's review is shown only behind a handover ("Pass to Bob to see Bob's review", with
Ready), always, never only when the hand's cards happen to be public: a review shows, step by
step, the hand its person held (cards drawn from the stock that the other never saw while they
were held), the coach's verdicts on that person's decisions and what they gave away. Even after
a knock that laid both hands open, which cards were held when is not public, and after a dead
hand the hands were never shown at all. One rule that is always fair is also one the people can
learn: the review is for the person it names, so the device goes to them first. The review
itself shows only that seat's view (seen.py): the other hand only as far as that seat knew it.
"""

from __future__ import annotations

from ..table import handover
from ..table.port import Question, Table
from .intents import OpenReview


def ask_whose(table: Table, hand: int, people: tuple[str, str]) -> None:
    """Ask whose review of hand ``hand`` to open, then hand the device to that person."""
    choices = tuple((str(seat), f"{name}\u2019s review") for seat, name in enumerate(people))
    text = "Each person's review shows their own cards and decisions, so it opens for them alone."
    q = Question(f"Review hand {hand}", text, "Next", choices=choices, legend="Whose review")
    table.ask(q, lambda value: pass_to(table, hand, int(value), people))


def pass_to(table: Table, hand: int, seat: int, people: tuple[str, str]) -> None:
    """The handover: the review of ``seat`` opens once that person says they have the device."""
    name = people[seat]
    q = Question(f"{name}\u2019s review", handover.before(name, f"see {name}\u2019s review"), handover.READY)
    table.ask(q, lambda _: table(OpenReview(hand, 0, seat)))
