"""The presenter of a table of seats (seated.py): pure, from the seat's ``SeatView`` and its
own game's view told as "yours" (never from the table itself, so no hidden card can reach the
screen). The seat's game is drawn as the two-player table draws a match (model.present: hand,
piles, knock, showdown, hint, undo), then the table's own parts replace the match's: the seats
around the table, the scoreboard with one column per party, and the end of a game, which is
not the end of the table. A seat that sits the hand out watches: the pile, the stock and the
players' card backs of the game played, its result once over.
"""

from __future__ import annotations

from gin_core import PlayerView, SeatView, TablePhase

from ..words import narrate
from .around import game_result, party_board, party_names, seats_around
from .model import (
    Controls,
    Facts,
    Hands,
    Look,
    Piles,
    Result,
    ResultButton,
    Scoreboard,
    Spec,
    TableModel,
    Zones,
    pile_style,
    present,
)
from .tablestate import Stage, TableState


def present_seated(
    view: SeatView, mine: PlayerView | None, ui: TableState, look: Look, who: tuple[str, ...]
) -> TableModel:
    """The table from ``view``'s seat (``who``: every seat's name): its game (``mine``, told as
    yours; None while it sits out) with the seats around it and the table's score."""
    base = watching(view, ui, look, who) if mine is None else present(mine, ui, look)
    return base.replace(
        seats=seats_around(view, who),
        scoreboard=scoreboard(view, who, base.scoreboard),
        result=None if base.result is None else table_result(view, who, base.result),
        facts=facts(view, who, base.facts, look.target),
    )


def facts(view: SeatView, who: tuple[str, ...], base: Facts, target: int | None) -> Facts:
    """The facts line of the table: your party's score and the other party's (your opponent's,
    or while you sit out the leader's), the table's target, its status and seating."""
    names, scores = party_names(view, who), view.scores
    mine = view.parties[view.seat]
    pair = next((p for p in view.pairing if view.seat in p), None)
    others = [p for p in range(len(names)) if p != mine]
    theirs = (
        view.parties[pair[1] if pair[0] == view.seat else pair[0]]
        if pair
        else max(others, key=lambda p: scores[p])
    )
    return base.replace(
        scores=(scores[mine], scores[theirs]),
        me=names[mine],
        opp=names[theirs],
        target=f"to {target}" if target is not None else base.target,
        status=status(view, who, base),
        seating=str(view.seating),
    )


def scoreboard(view: SeatView, who: tuple[str, ...], base: Scoreboard) -> Scoreboard:
    """The table's scoreboard, one column per party (around.party_board); the hand in play is
    the table's."""
    current = view.hand_number if view.phase == TablePhase.PLAY else None
    return Scoreboard((), current, (0, 0), base.buttons, base.names, party_board(view, who))


def table_result(view: SeatView, who: tuple[str, ...], game: Result) -> Result:
    """A finished game's panel at a table: its result, the other games of the hand once over,
    the table's score line; "Next hand" once every game of the hand is over, the table's end
    after its last."""
    shown = view.watching[:1] if view.play is None else ()  # the game watched is the one shown
    others = tuple(
        game_result((who[w.seats[0]], who[w.seats[1]]), w.showdown)
        for w in view.watching
        if w.showdown is not None and w not in shown
    )
    button: ResultButton = "next"
    lines = game.lines + tuple(f"The other game: {line}" for line in others)
    if view.phase == TablePhase.PLAY:
        button = "wait"
    elif view.result is not None:
        button = "new"
        lines += (ended(view, who),)
    names = party_names(view, who)
    line = " \u00b7 ".join(f"{n} {t}" for n, t in zip(names, view.scores, strict=True))
    buttons = () if button == "wait" else game.buttons
    number = view.hand_number
    return game.replace(number=number, lines=lines, button=button, table=line, replay=False, buttons=buttons)


def ended(view: SeatView, who: tuple[str, ...]) -> str:
    """The table's end in words: who won, with every party's total (bonuses included)."""
    result = view.result
    assert result is not None, "the table is over"
    names = party_names(view, who)
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, result.totals, strict=True))
    if result.winner is None:
        return f"The table ends level: {totals}."
    return f"{names[result.winner]} win{'' if names[result.winner] == 'You' else 's'} the table: {totals}."


def status(view: SeatView, who: tuple[str, ...], facts: Facts) -> str:
    """The status line: the game's, until it is over (its end is not the table's)."""
    if facts.handover is not None or (view.play is not None and view.play.result is None):
        return facts.status
    if view.result is not None:
        return ended(view, who)
    if view.phase == TablePhase.HAND_OVER:
        return f"Hand {view.hand_number} is over: deal the next."
    if view.play is None:
        playing = " and ".join(who[s] for pair in view.pairing for s in pair)
        return f"{sits_out(who[view.seat])}: {playing} play."
    return "Your game is over: the other game goes on."


def sits_out(name: str) -> str:
    """ "You sit this hand out", "Carol sits this hand out"."""
    return f"{name} {'sit' if name == 'You' else 'sits'} this hand out"


def watching(view: SeatView, ui: TableState, look: Look, who: tuple[str, ...]) -> TableModel:
    """The table of a seat sitting the hand out: the game played (pile, stock, both players'
    cards face down), nothing to play; its result once over, as every seat sees it."""
    game = view.watching[0]
    shown = game.pile[-3:]
    pile = tuple(Spec(str(c), c, "pc", style=pile_style(c, len(shown) - 1 - i)) for i, c in enumerate(shown))
    top = game.pile[-1] if game.pile else None
    n = game.stock_size
    players = f"{who[game.seats[0]]} and {who[game.seats[1]]}"
    return TableModel(
        zones=Zones((), pile, ()),  # the players' cards: counted on their plates
        seats=(),
        piles=Piles(
            n,
            f"Stock, {n} card{'s' if n != 1 else ''}",
            False,
            f"Discard pile, top card {top.name}" if top else "Discard pile, empty",
            False,
            None,
        ),
        hands=Hands(
            sits_out(who[view.seat]),
            False,
            False,
            f"{players}'s cards, face down",
            None,
            None,
            "",
            False,
            "",
        ),
        controls=Controls(False, False, False, False, False, False, False, not look.strict, look.sort),
        facts=Facts(
            scores=(0, 0),
            target="",
            hand=f"Hand {view.hand_number}",
            thinking=ui.thinking,
            level=look.level.capitalize(),
            phase=str(game.phase),
            turn="none",
            status="",
            me=who[view.seat],
            opp=players,
        ),
        scoreboard=Scoreboard((), None, (0, 0)),
        result=_watched_result(view, who, ui),
        practice_code=None,
        log=tuple(look.log),
    )


def _watched_result(view: SeatView, who: tuple[str, ...], ui: TableState) -> Result | None:
    """The result of the game a seat watched, once over (every seat sees a showdown)."""
    game = view.watching[0]
    record = game.showdown
    if record is None or ui.stage < Stage.RESULT:
        return None
    players = (who[game.seats[0]], who[game.seats[1]])
    s = record.settlement
    title = game_result(players, record) if s is None else narrate.hand_headline(s, players)
    lines = (game_result(players, record),)
    return Result(record.number, title, lines, (0, 0), record.deal_code, record.dealer, "next", ())
