"""The hand with a friend as the dialog shows it: every word from what this device's player
may see (duel.py's ``Seen``), never a card of the other hand. Pure."""

from __future__ import annotations

from gin_core.duel import DuelStage

from ..kit.frozen import Frozen
from ..words import narrate
from .duel import Seen

DEALING = (DuelStage.SHUFFLE, DuelStage.MIX, DuelStage.LOCK, DuelStage.DEAL_KEYS)


class HandView(Frozen):
    """The hand's status, your cards and the discard pile's top (words), your moves now
    (action text, label), and the result once both devices checked the deal."""

    status: str
    cards: str
    top: str
    moves: tuple[tuple[str, str], ...]
    result: str


def status(s: Seen, friend: str, stopped: str) -> str:
    if s.stage == DuelStage.STOPPED:
        return stopped
    if s.stage in DEALING:
        return (
            "Dealing: each device shuffles and locks the deck in turn, so neither can see the other's cards…"
        )
    words = {
        DuelStage.PLAY: "Your move." if s.my_turn else f"{friend}'s move.",
        DuelStage.DRAW_KEY: "A card is drawn from the stock…",
        DuelStage.SHOWDOWN: "The hands are shown…",
        DuelStage.REVEAL: "The hand is over: both devices check the whole deal and every card played…",
        DuelStage.DONE: "The hand is over; both devices checked the deal and every card played.",
    }
    return words[s.stage]


def hand_view(s: Seen, names: tuple[str, str], me: int, stopped: str = "") -> HandView:
    """``names``: the players' by seat (the host's first), ``me`` yours."""
    result = ""
    if s.stage == DuelStage.DONE:
        result = narrate.hand_headline(None if s.dead else s.settlement, names)
    return HandView(
        status=status(s, names[1 - me], stopped),
        cards=narrate.cards_words(s.cards) if s.cards else "",
        top=narrate.card_word(s.top) if s.top is not None else "",
        moves=tuple((str(a), narrate.action_label(a, s.top)) for a in s.moves),
        result=result,
    )
