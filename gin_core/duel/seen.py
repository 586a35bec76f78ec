"""What one device's player may know of a duel's hand, as the engine's :class:`PlayerView`.

A :class:`~gin_core.duel.DuelHand` runs the engine on a deck whose unread places hold
stand-ins; this view keeps only what the rules have shown this player (its own cards, the pile,
the cards taken from it, counts, whose move it is, its legal moves) so the table that draws a
:class:`~gin_core.match.Match`'s view can draw a duel unchanged. The showdown waits until both
devices have verified the whole deal: until then a settlement would hold stand-ins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from ..actions import Action
from ..cards import Card
from ..events import Event
from ..flow import Phase
from ..hand import Hand
from ..results import HandRecord, hand_points
from ..rules import Rules
from ..scoring import Settlement
from ..view import PlayerView

NO_DEAL_CODE = ""
"""A duel's deck comes from no seed, so its record has no deal code to replay."""


class Peer(Protocol):
    """What the view reads of a peer (peer.py's DuelHand, which calls this module)."""

    rules: Rules
    me: int
    dealer: int
    number: int
    scores: tuple[int, int]
    table: Hand

    @property
    def known(self) -> Mapping[int, Card]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def settlement(self) -> Settlement | None: ...
    @property
    def dead(self) -> bool: ...
    def legal_actions(self) -> list[Action]: ...


def duel_view(duel: Peer) -> PlayerView:
    """Everything ``duel.me`` may know now, and nothing more."""
    table, me = duel.table, duel.me
    known = frozenset(duel.known.values())
    upcard = table.upcard if table.upcard in known else None
    over = table.phase == Phase.OVER
    dealt = upcard is not None or not duel.rules.first_upcard  # the upcard sets the limit
    record = _record(duel)
    mine = table.turn == me and table.phase == Phase.DISCARD and not over
    return PlayerView(
        player=me,
        rules=duel.rules,
        phase=Phase.HAND_OVER if over else table.phase,
        to_move=None if over else table.turn,
        hand=duel.hand,
        opponent_hand_size=len(table.hands[1 - me]),
        pile=_shown(table.pile, known),
        stock_size=len(table.stock),
        discards=tuple((p, c) for p, c in table.discards if c in known),
        pile_takes=(_shown(table.pile_takes[0], known), _shown(table.pile_takes[1], known)),
        declined=(_shown(table.declined[0], known), _shown(table.declined[1], known)),
        opponent_known=_shown(table.known[1 - me], known),
        upcard=upcard,
        forbidden=table.taken if mine and duel.rules.no_discard_after_pickup else None,
        must_knock=table.must_knock and mine,
        knock_limit=table.knock_limit if dealt else duel.rules.knock_limit_for(None),
        multiplier=table.multiplier if dealt else 1,
        dealer=duel.dealer,
        hand_number=duel.number,
        scores=duel.scores if record is None else _plus(duel.scores, record.points),
        knock_card=_my_knock_card(duel),
        showdown=record,
        deal_code=None,
        records=() if record is None else (record,),
        result=None,
        events=_events(duel, upcard, known),
        legal_actions=tuple(duel.legal_actions()),
    )


def _shown(cards: Iterable[Card], known: frozenset[Card]) -> tuple[Card, ...]:
    """The cards of a public place that this player has read (a stand-in is never shown)."""
    return tuple(c for c in cards if c in known)


def _my_knock_card(duel: Peer) -> Card | None:
    """The card this player knocked with, face down (theirs only), once the hand is over."""
    table = duel.table
    if table.phase != Phase.OVER or table.settlement is None or table.settlement.knocker != duel.me:
        return None
    return table.knock_card


def _plus(scores: tuple[int, int], points: tuple[int, int]) -> tuple[int, int]:
    return scores[0] + points[0], scores[1] + points[1]


def _record(duel: Peer) -> HandRecord | None:
    """The verified hand's record (None until both decks are verified)."""
    settlement = duel.settlement
    if settlement is None and not duel.dead:
        return None
    return HandRecord(duel.number, duel.dealer, NO_DEAL_CODE, settlement, hand_points(settlement))


def _events(duel: Peer, upcard: Card | None, known: frozenset[Card]) -> tuple[Event, ...]:
    """The deal, then the hand's public events (every card in them read by this player)."""
    deal = Event("deal", duel.dealer, upcard, number=duel.number)
    shown = (e for e in duel.table.events if e.card is None or e.card in known)
    return (deal, *shown)
