"""A match walked turn by turn, for the scripts that stop at a player's decisions to ask other
players or look at the hidden cards (``budget_agreement``, ``divergence``, ``guess_bias``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gin_core import Match
from gin_core.actions import Action
from gin_core.bots import Bot
from gin_core.view import PlayerView


def turns(match: Match, bots: Sequence[Bot]) -> Iterator[tuple[int, PlayerView, Action]]:
    """(player, view, move) at each decision of ``match`` to its end, the move ``bots[player]``'s;
    the match is as the view shows it while the caller holds the turn, and the move is played
    when the walk goes on. Hands are dealt as they end."""
    while match.result is None:
        player = match.to_move
        if player is None:
            match.apply("next_hand")
            continue
        view = match.view(player)
        move = bots[player].decide(view).action
        yield player, view, move
        match.apply(move, player)
