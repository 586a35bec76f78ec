"""The seated table as the page shows it to the person holding the device: a pure presenter
of that seat's ``SeatView`` (never of the table itself, so no hidden card can reach the screen).
Who sits where, who sits out, every game of the hand (theirs face up, the others face down),
their moves, and the scoreboard: per player, per side with both games of each hand, or
Hollywood's three games. Between the turns of two people the table is covered
(:func:`covered`): every hand face down, nothing to play, until the next person is ready."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from gin_core import ActionKind, Card, HandRecord, PlayerView, SeatView, TableHand, TablePhase

from ..table import handover
from ..table.around import PartyBoard, SeatSpot, game_result, party_board, party_names, seats_around
from ..table.handview import layout
from ..table.model import showdown_slots
from ..words import narrate
from .seatings import WORDS

Slot = tuple[Card, int, bool, bool]  # a card laid out: its meld group, starts a group, laid off


class GameWatch(Protocol):
    """What every seat sees of a game it does not play (gin_core's ``GameWatch``)."""

    @property
    def seats(self) -> tuple[int, int]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, int]: ...
    @property
    def showdown(self) -> HandRecord | None: ...


@dataclass(frozen=True)
class GameShown:
    """One game of the hand: its two players' names, your cards (yours only), how many cards
    each hides face down, the pile's top, the stock, and what is happening in it."""

    players: tuple[str, str]
    yours: bool  # the game of the person holding the device (face up)
    cards: tuple[Card, ...]
    face_down: tuple[int, int]
    top: Card | None
    stock: int
    status: str
    laid: LaidOut | None = None  # the game is over: both hands laid out
    groups: tuple[int, ...] = ()  # your cards' melds as the table tints them (-1: deadwood)
    deadwood: int | None = None  # your deadwood, live (yours only)


@dataclass(frozen=True)
class LaidOut:
    """A finished game's two hands as the two-player showdown lays them out (in the order of
    ``GameShown.players``): melds, lay-offs made onto the knocker's melds, and deadwood."""

    hands: tuple[tuple[Slot, ...], tuple[Slot, ...]]
    deadwood: tuple[int, int]
    words: tuple[str, str]  # each hand told, e.g. "Carol: melds 4♠ 5♠ 6♠; deadwood 7♥ (7)"


def laid_out(record: HandRecord | None, order: tuple[int, int], players: tuple[str, str]) -> LaidOut | None:
    """The showdown of ``record`` (None: not over, or a dead hand), its players in ``order``
    (their numbers in the game) named ``players``; every card of it is shown to every seat
    once it is over, as the two-player showdown shows it."""
    s = record.settlement if record is not None else None
    if s is None:
        return None
    dw = {s.knocker: s.knocker_deadwood, 1 - s.knocker: s.defender_deadwood}
    hands = tuple(tuple(showdown_slots(s, p, len(s.layoffs))) for p in order)
    deadwood = (dw[order[0]], dw[order[1]])
    words = tuple(_told(n, h, d) for n, h, d in zip(players, hands, deadwood, strict=True))
    return LaidOut((hands[0], hands[1]), deadwood, (words[0], words[1]))


def _told(name: str, slots: tuple[Slot, ...], deadwood: int) -> str:
    """One laid-out hand in words: its melds (with the cards laid off onto them), its deadwood."""
    melds: dict[int, list[Card]] = {}
    for card, group, _, _ in slots:
        melds.setdefault(group, []).append(card)
    said = [narrate.cards_words(cs, spoken=True) for g, cs in melds.items() if g >= 0]
    laid = [c for c, _, _, off in slots if off]
    parts = [f"melds {'; '.join(said)}" if said else "no meld"]
    if laid:
        parts.append(f"laid off {narrate.cards_words(laid, spoken=True)}")
    loose = melds.get(-1, [])
    parts.append(
        f"deadwood {narrate.cards_words(loose, spoken=True)} ({deadwood})" if loose else "no deadwood"
    )
    return f"{name}: {'. '.join(parts)}"


@dataclass(frozen=True)
class Help:
    """The hint at the table: ``offered`` (the holder is to move and has not asked yet) and the
    best move found, in words ("" until found)."""

    offered: bool = False
    hint: str = ""


@dataclass(frozen=True)
class SeatsModel:
    """Everything the seated table's dialog shows."""

    title: str
    seats: tuple[SeatSpot, ...]  # yours first, then clockwise (left, across, right)
    games: tuple[GameShown, ...]
    moves: tuple[tuple[str, str], ...]  # (action text, label) you may play now
    watching: bool  # you sit out (or your game is over) while another game is played
    status: str
    board: PartyBoard  # the scoreboard, one column per party
    handover: str | None = None  # covered until this person takes the device
    undo: bool = False  # the holder may take back their last move (nothing seen since)
    discards: tuple[tuple[Card, str, str], ...] = ()  # (card, action text, label): tap the card
    go_over: tuple[tuple[int, str], ...] = ()  # (seat, label): a person's game of a hand over
    hands_over: int = 0  # the hands over (their games may be gone over, the last one first)
    help: Help = Help()  # the hint (never on a covered table)
    sort: str = "rank"  # your cards by "rank" or "suit"


def _own(play: PlayerView, players: tuple[str, str], status: str, sort: str) -> GameShown:
    """Your game (``players``: you first), your cards laid out as the two-player table lays
    them out (table/handview.py: melds first and tinted, sorted by ``sort``) with their deadwood."""
    top = play.pile[-1] if play.pile else None
    laid = laid_out(play.showdown, (play.player, 1 - play.player), players)
    slots, deadwood = layout(play.hand, sort)
    cards = tuple(s.card for s in slots)
    shown = GameShown(players, True, cards, (0, play.opponent_hand_size), top, play.stock_size, status)
    return replace(shown, laid=laid, groups=tuple(s.group for s in slots), deadwood=deadwood)


def _watched(w: GameWatch, who: tuple[str, ...]) -> GameShown:
    players = (who[w.seats[0]], who[w.seats[1]])
    if w.showdown is not None:
        status = game_result(players, w.showdown)
    else:
        status = f"{who[w.to_move]} to move" if w.to_move is not None else ""
    top = w.pile[-1] if w.pile else None
    return GameShown(
        players, False, (), w.hand_sizes, top, w.stock_size, status, laid_out(w.showdown, (0, 1), players)
    )


def _own_status(play: PlayerView) -> str:
    if play.phase in ("match_over", "hand_over"):
        return "Your game is over"
    if play.to_move == play.player:
        return "Your turn"
    return "The other player's turn"


def games(view: SeatView, who: tuple[str, ...], sort: str = "rank") -> tuple[GameShown, ...]:
    """Your game first (if you play this hand; your cards sorted by ``sort``), then the others,
    face down."""
    shown = [_watched(w, who) for w in view.watching]
    game = next((seats for seats in view.pairing if view.seat in seats), None)
    if view.play is not None and game is not None:
        last = view.hands[-1] if view.phase != TablePhase.PLAY and view.hands else None
        players = (who[game[0]], who[game[1]])
        status = _own_status(view.play) if last is None else _own_result(last, players, view.seat)
        mine = players if game[0] == view.seat else (players[1], players[0])  # yours first
        shown.insert(0, _own(view.play, mine, status, sort))
    return tuple(shown)


def _own_result(hand: TableHand, players: tuple[str, str], seat: int) -> str:
    g = next(g for g in hand.games if seat in g.seats)
    return game_result(players, g.record)


def moves(view: SeatView) -> tuple[tuple[str, str], ...]:
    """The moves offered as buttons (a discard is played by its card: :func:`discards`)."""
    top = view.play.pile[-1] if view.play is not None and view.play.pile else None
    return tuple(
        (str(a), narrate.action_label(a, top)) for a in view.legal_actions if a.kind != ActionKind.DISCARD
    )


def discards(view: SeatView) -> tuple[tuple[Card, str, str], ...]:
    """Each card of the hand that may be discarded now, its action's text and label."""
    return tuple(
        (a.card, str(a), f"Discard {narrate.card_word(a.card, spoken=True)}")
        for a in view.legal_actions
        if a.kind == ActionKind.DISCARD and a.card is not None
    )


def status(view: SeatView, who: tuple[str, ...]) -> str:
    if view.result is not None:
        won = view.result.winner
        return (
            "The table is over: a tie"
            if won is None
            else f"The table is over: {party_names(view, who)[won]} won"
        )
    if view.phase == TablePhase.HAND_OVER:
        return f"Hand {view.hand_number} is over"
    return f"Hand {view.hand_number}"


def present(
    view: SeatView,
    who: tuple[str, ...],
    undo: bool = False,
    go_over: tuple[tuple[int, str], ...] = (),
    help_: Help = Help(),
    sort: str = "rank",
) -> SeatsModel:
    """The dialog for the seat of ``view`` (``who``: every seat's name), from its view only;
    ``undo``: it may take back its last move; ``go_over``: the games offered to go over
    (go_over_labels); ``help_``: the hint (weighed on that view only); ``sort``: your cards by
    "rank" or "suit"."""
    board = party_board(view, who)
    in_play = view.phase == TablePhase.PLAY
    mine_over = view.play is None or view.play.phase in ("match_over", "hand_over")
    return SeatsModel(
        title=WORDS[view.seating].title,
        seats=seats_around(view, who),
        games=games(view, who, sort),
        moves=moves(view),
        watching=in_play and mine_over,
        status=status(view, who),
        board=board,
        undo=undo,
        discards=discards(view),
        go_over=go_over,
        hands_over=len(view.hands) if go_over else 0,
        help=help_,
        sort=sort,
    )


def go_over_labels(seats: tuple[int, ...], who: tuple[str, ...], alone: bool) -> tuple[tuple[int, str], ...]:
    """The buttons to go over the games of the people of ``seats`` (``alone``: the only person at
    the table)."""
    return tuple((s, "Go over your game" if alone else f"Go over {who[s]}\u2019s game") for s in seats)


def covered(view: SeatView, who: tuple[str, ...]) -> SeatsModel:
    """The table while the device passes to the person of ``view``'s seat: what every seat
    sees (the seats, the piles, the score), every hand face down, and only "Ready" to play."""
    to = who[view.seat]
    shown = present(view, who)
    down = tuple(
        replace(
            g,
            yours=False,
            cards=(),
            groups=(),
            deadwood=None,
            face_down=(handover.face_down(g.cards), g.face_down[1]),
            status="",
        )
        if g.yours
        else g
        for g in shown.games
    )
    text = handover.instruction(to)
    return replace(
        shown,
        games=down,
        moves=(),
        discards=(),
        go_over=(),
        hands_over=0,
        help=Help(),
        undo=False,
        watching=False,
        status=text,
        handover=to,
    )
