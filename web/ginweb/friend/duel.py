"""One hand between the two devices as this page runs it, over gin_core's duel protocol
(docs/friend-protocol.md).

The texts the other device sends wait their turn in :attr:`Round.inbox`: taking one may mean a
hundred scalar multiplications (0.2-0.4 s of work), which the page runs in background slices
(``work()`` yields one unit per multiplication, as the bots' ``Work`` does), and the texts it
returns go back over the channel. A text refused (a ``DuelMessageError``: malformed, oversized,
replayed, out of turn, another version) is said and dropped with the hand untouched; a lie
(``CheatDetected``) stops the hand and is said. Moves of this device go through
:meth:`Round.play` (``IllegalAction`` if refused). What is shown (:func:`seen`) is read from the
engine's view of this device's player (``DuelHand.view``, the view the table draws): their own
cards, the discard pile's top, and, once the hand is verified, the result. Pure: two rounds
in one process play whole hands in tests/test_web_friend_duel.py."""

from __future__ import annotations

from collections.abc import Generator

from gin_core import Action, Card, Settlement
from gin_core.duel import (
    CheatDetected,
    DuelHand,
    DuelMessageError,
    DuelStage,
    Resume,
    load_record,
    record_of,
    resumed,
)
from gin_core.duel import text as message_text

from ..kit.frozen import Frozen


class Round:
    """One hand of this device (``hand``), its texts received, what went wrong (in words)."""

    def __init__(self, hand: DuelHand) -> None:
        self.hand = hand
        self.inbox: list[str] = []
        self.started = False
        self.refused: list[str] = []  # the words of each text refused (the hand untouched)
        self.stopped = ""  # the words of the lie that stopped the hand ("": none)

    @classmethod
    def restored(cls, record: str, stopped: str = "") -> Generator[int, None, Round]:
        """The hand of a kept ``record`` replayed to where it stood, in work units
        (``DuelRecordError`` if it does not replay); ``stopped``: the words it was stopped with."""
        r = cls((yield from resumed(load_record(record))))
        r.started, r.stopped = True, stopped
        return r

    def record(self) -> str:
        """The hand as this device keeps it (gin_core's ``DuelRecord`` text)."""
        return record_of(self.hand).dumps()

    def resync(self, text: str) -> list[str]:
        """The other device's ``resume`` after a new connection: what it missed, to send again
        (a refusal is said, a differing history stops the hand)."""
        try:
            return self.hand.resync(text)
        except CheatDetected as lie:
            self.stopped = f"The hand is stopped: the other device cheated ({lie})."
        except DuelMessageError as e:
            self.refused.append(f"A message from the other device was refused: {e}.")
        return []

    def replay_all(self) -> list[str]:
        """Every text of this device's in the hand, for a device that never had the hand (the
        host's, to a friend who lost its deal): a resync from the hand's start."""
        return self.resync(message_text(Resume(0, self.hand.number, self.hand.digest_at(0))))

    def over(self) -> bool:
        return self.hand.stage in (DuelStage.DONE, DuelStage.STOPPED) or bool(self.stopped)

    def pending(self) -> bool:
        """Work is waiting: the dealer's first deck, or a text received."""
        return not self.stopped and (not self.started or bool(self.inbox))

    def work(self) -> Generator[int, None, list[str]]:
        """Start (the dealer's locked deck), then each text received in order; the texts to send."""
        out: list[str] = []
        if not self.started:
            self.started = True
            out += yield from self.hand.start()
        while self.inbox and not self.stopped:
            text = self.inbox.pop(0)
            try:
                out += yield from self.hand.receive(text)
            except CheatDetected as lie:
                self.stopped = f"The hand is stopped: the other device cheated ({lie})."
            except DuelMessageError as e:
                self.refused.append(f"A message from the other device was refused: {e}.")
        return out

    def play(self, action: Action) -> list[str]:
        """This device's move (IllegalAction if refused, nothing changed): the texts to send."""
        return self.hand.play(action)


class Seen(Frozen):
    """What this device's player sees of the hand: its stage, their cards, the discard pile's
    top, whose turn, their moves now, and the verified result."""

    stage: DuelStage
    cards: tuple[Card, ...]
    top: Card | None
    my_turn: bool
    moves: tuple[Action, ...]
    settlement: Settlement | None
    dead: bool


def seen(r: Round) -> Seen:
    """The hand as this device's player may see it: drawn from the engine's view of what they
    have read (``DuelHand.view``), never a card of the other hand."""
    h = r.hand
    view = h.view()
    shown = view.showdown
    return Seen(
        stage=h.stage,
        cards=view.hand,
        top=view.top,
        my_turn=h.waiting_for == h.me,
        moves=view.legal_actions,
        settlement=shown.settlement if shown is not None else None,
        dead=shown is not None and shown.settlement is None,
    )
