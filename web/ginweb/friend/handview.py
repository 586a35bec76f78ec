"""How the hand and the match with a friend stand, as the dialog says it beside the table
(where the hand is played, seat.py): every word from what this device's player may see
(duel.py's ``Seen``), and no card at all. Pure."""

from __future__ import annotations

from gin_core.duel import DuelMatch, DuelStage

from ..kit.frozen import Frozen
from ..words import narrate
from .duel import Seen

DEALING = (DuelStage.SHUFFLE, DuelStage.MIX, DuelStage.LOCK, DuelStage.DEAL_KEYS)


class HandView(Frozen):
    """The hand's status, the result once both devices checked the deal, the match's score (or
    its result, every bonus named) and the words of the host's Deal button."""

    status: str
    result: str
    match: str = ""
    deal: str = "Deal a hand"


NO_HAND = HandView(status="", result="")
"""The dialog's hand part when no hand was dealt."""


def match_words(match: DuelMatch | None, names: tuple[str, str]) -> tuple[str, str]:
    """The match's line and the Deal button's words (from the match's rules and outcomes)."""
    if match is None:
        return "", "Deal a hand"
    result = match.result
    if result is None:
        target = match.rules.target
        goal = f"Match to {target}" if target is not None else "One hand"
        a, b = match.scores
        return f"{goal}: {names[0]} {a}, {names[1]} {b}.", "Deal the next hand"
    lead = "a tie" if result.winner is None else f"{names[result.winner]} wins"
    totals = f"{result.totals[0]} to {result.totals[1]}"
    parts = " ".join(f"{line}." for line in result.explain(names))
    return f"Match over: {lead}, {totals}. {parts}", "New match"


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


def hand_view(
    s: Seen, names: tuple[str, str], me: int, stopped: str = "", match: DuelMatch | None = None
) -> HandView:
    """``names``: the players' by seat (the host's first), ``me`` yours; ``match`` the match
    this hand is part of."""
    match_line, deal = match_words(match, names)
    result = ""
    if s.stage == DuelStage.DONE:
        result = narrate.hand_headline(None if s.dead else s.settlement, names)
    return HandView(
        status=status(s, names[1 - me], stopped),
        result=result,
        match=match_line,
        deal=deal,
    )
