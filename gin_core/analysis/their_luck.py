"""The opponent's luck in a finished hand, as far as the reviewed player may know it (issue 27).

Once a knock or gin lays the opponent's hand open, its deal and its stock draws can be valued as
the player's own are (:func:`~gin_core.analysis.luck.hand_luck` on the coach's review of the
opponent's seat). Fairness: the opponent's stock draws are cards the player never saw being
drawn, so a draw's luck is given only if its card is known to the player by the hand's end (the
opponent discarded it face up later, or it was in the hand laid open), and the deal's only if
every card dealt to the opponent is. The rest is left out and only counted. A dead hand is never
shown, so nothing of it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import ActionKind
from ..checks import check_is
from ..errors import ArgumentError
from ..match import Match
from .coach import CoachDataError, HandReview, _whole
from .luck import Luck, LuckKind, hand_luck
from .replay import finished_record, hand_moves, hand_start

ITS_LUCK = (LuckKind.DEAL, LuckKind.STOCK)  # what the cards gave the opponent; its turns are its play


@dataclass(frozen=True)
class TheirLuck:
    """The opponent's luck in hand ``hand_number`` that the player may know (``items``: its deal
    and its stock draws whose cards the player came to know), out of ``draws`` stock draws."""

    hand_number: int
    deal_code: str
    draws: int
    items: tuple[Luck, ...]

    @property
    def total(self) -> float:
        return round(sum(i.points for i in self.items), 2)

    @property
    def deal(self) -> Luck | None:
        """The deal's luck, if every card dealt to the opponent is known to the player."""
        return next((i for i in self.items if i.kind == LuckKind.DEAL), None)

    @property
    def known_draws(self) -> int:
        return sum(1 for i in self.items if i.kind == LuckKind.STOCK)

    @property
    def hidden_draws(self) -> int:
        return self.draws - self.known_draws

    def at(self, move_index: int) -> Luck | None:
        """The luck of the opponent's stock draw at ``move_index``, if it is given."""
        return next((i for i in self.items if i.kind == LuckKind.STOCK and i.move_index == move_index), None)

    def to_data(self) -> dict[str, Any]:
        return {
            "hand": self.hand_number,
            "deal": self.deal_code,
            "draws": self.draws,
            "items": [i.to_data() for i in self.items],
        }

    @classmethod
    def from_data(cls, data: Any) -> TheirLuck:
        """The opponent's luck from :meth:`to_data`'s output, or :class:`CoachDataError`."""
        try:
            deal, items = data["deal"], data["items"]
            if not isinstance(deal, str) or not isinstance(items, list):
                raise CoachDataError("not a stored opponent's luck (bad 'deal' or 'items')")
            found = tuple(Luck.from_data(i) for i in items)
            draws = _whole(data["draws"], "draws", 0)
            if any(i.kind not in ITS_LUCK for i in found) or draws < sum(
                i.kind == LuckKind.STOCK for i in found
            ):
                raise CoachDataError("not a stored opponent's luck (an item it cannot hold)")
            return cls(_whole(data["hand"], "hand", 1), deal, draws, found)
        except KeyError as e:
            raise CoachDataError(f"not a stored opponent's luck (no {e})") from None
        except (AttributeError, TypeError, ValueError) as e:
            raise CoachDataError(
                f"not a stored opponent's luck ({str(e).partition(chr(10))[0][:160]})"
            ) from None


def _hand_end(match: Match, hand_number: int, seat: int) -> tuple[Match, frozenset[str]]:
    """The table at the end of hand ``hand_number``, and the cards the other seat discarded face
    up in it (a knock's or gin's discard goes face down: never known to ``seat``)."""
    table = hand_start(match, hand_number)
    discarded: set[str] = set()
    for player, action in hand_moves(match, hand_number):
        if player != seat and action.kind == ActionKind.DISCARD and action.card is not None:
            discarded.add(str(action.card))
        table.apply(action, player)
    return table, frozenset(discarded)


def laid_open(match: Match, hand_number: int, seat: int) -> bool:
    """The end of hand ``hand_number`` showed ``seat`` the other hand (a knock or gin; a dead
    hand's stay hidden)."""
    end = _hand_end(match, hand_number, seat)[0].view(seat)
    return end.showdown is not None and end.showdown.settlement is not None


def known_cards(match: Match, hand_number: int, seat: int) -> frozenset[str]:
    """The cards of the other seat that ``seat`` knows by the end of hand ``hand_number``: those
    it discarded face up, and its hand if the end laid it open."""
    table, discarded = _hand_end(match, hand_number, seat)
    if not laid_open(match, hand_number, seat):
        return discarded
    return discarded | {str(c) for c in table.hand.hands[1 - seat]}


def their_luck(match: Match, hand_number: int, review: HandReview) -> TheirLuck:
    """The luck of the seat the coach's ``review`` judged in finished hand ``hand_number``, as
    far as the other seat (the reviewed player) may know it; :class:`ArgumentError` if the hand's
    end did not lay that seat's hand open."""
    finished_record(match, hand_number)
    seat = 1 - check_is(review, HandReview, "review").player
    if not laid_open(match, hand_number, seat):
        raise ArgumentError(f"hand {hand_number} did not lay the other hand open: its luck stays hidden")
    known = known_cards(match, hand_number, seat)
    dealt = {str(c) for c in hand_start(match, hand_number).hand.hands[review.player]}
    items = [i for i in hand_luck(match, hand_number, review).items if i.kind in ITS_LUCK]
    shown = [
        i
        for i in items
        if (i.kind == LuckKind.DEAL and dealt <= known) or (i.card is not None and str(i.card) in known)
    ]
    draws = sum(1 for i in items if i.kind == LuckKind.STOCK)
    return TheirLuck(hand_number, review.deal_code, draws, tuple(shown))
