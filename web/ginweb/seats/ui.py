"""The seated table's dialog (#dlg-seats): write what model.py built into the DOM, and decide
nothing. The holder's cards are shown with their symbols and named for a screen reader; a
hidden hand is only a count of card backs; covered for a handover, only "Ready" (focused) can
be played. Also adds the seatings to New match's Seating and reads the seats chosen there (a
person or the computer, and a name) and the difficulty."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gin_core import Card

from ..kit import dom
from ..table import handover
from ..table.cardface import face_html
from ..table.model import tint
from ..words import narrate
from .seatings import WORDS

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from ..table.around import SeatSpot
    from .model import GameShown, LaidOut, SeatsModel, Slot

RED = ("\u2665", "\u2666")
SEATS_MAX = 4  # the seats of the form (partners)


def _card(c: Card, extra: str = "") -> str:
    red = " red" if c.symbol.endswith(RED) else ""
    return f'<span class="rcard{red}{extra}">{dom.esc(c.symbol)}</span>'


def _slot(slot: Slot) -> str:
    """A laid-out card: a gap before each group, deadwood dimmed, a card laid off marked."""
    card, group, starts, off = slot
    extra = (" gap" if starts else "") + (" dead" if group < 0 else "") + (" off" if off else "")
    return _card(card, extra)


def _laid(laid: LaidOut, players: tuple[str, str]) -> str:
    """Both hands of a finished game laid out as the showdown shows them, each named."""
    return "".join(
        f'<div class="rhand laid" role="img" aria-label="{dom.esc(words)}">'
        f'<span class="laid-name">{dom.esc(name)}</span>{"".join(_slot(s) for s in slots)}'
        f'<span class="laid-dw">deadwood {dw}</span></div>'
        for name, slots, dw, words in zip(players, laid.hands, laid.deadwood, laid.words, strict=True)
    )


def _face(c: Card, play: tuple[str, str] | None, group: int = -1, starts: bool = False) -> str:
    """A card of the holder's hand as the main table draws it, its meld tinted (a gap before
    each group); a button when it may be discarded (tap it to discard)."""
    cls = f"card face s{c.suit} {tint(group)}{' gap' if starts else ''}"
    if play is None:
        word = narrate.card_word(c, spoken=True)
        return f'<span class="{cls}" role="img" aria-label="{dom.esc(word)}">{face_html(c)}</span>'
    text, label = play
    return (
        f'<button type="button" class="{cls}" data-act="seat-move" data-action="{dom.esc(text)}"'
        f' aria-label="{dom.esc(label)}">{face_html(c)}</button>'
    )


def _hand(g: GameShown, discards: tuple[tuple[Card, str, str], ...], sort: str) -> str:
    """Your cards, melds tinted, with the live deadwood and the sort."""
    plays = {c: (text, label) for c, text, label in discards}
    groups = g.groups or (-1,) * len(g.cards)
    faces = "".join(
        _face(c, plays.get(c), grp, i > 0 and grp != groups[i - 1])
        for i, (c, grp) in enumerate(zip(g.cards, groups, strict=True))
    )
    what = "tap a card to discard it" if plays else f"{len(g.cards)} cards"
    other = "suit" if sort == "rank" else "rank"
    tools = (
        f'<p class="seat-tools"><span>Deadwood <b>{g.deadwood}</b></span>'
        f'<button type="button" data-act="seat-sort">Sort by {other}</button></p>'
        if g.deadwood is not None
        else ""
    )
    return f'<div class="seat-hand" role="group" aria-label="Your hand: {what}">{faces}</div>{tools}'


def _game(g: GameShown, discards: tuple[tuple[Card, str, str], ...] = (), sort: str = "rank") -> str:
    title = f"{g.players[0]} against {g.players[1]}"
    if g.laid is not None:
        mine = _laid(g.laid, g.players)
    elif g.yours:
        mine = _hand(g, discards, sort)
    else:
        mine = _backs(g.players[0], g.face_down[0])
    top = "empty" if g.top is None else narrate.card_word(g.top, spoken=True)
    pile = _card(g.top) if g.top is not None else "&mdash;"
    return (
        f'<section class="seat-game" aria-label="{dom.esc(title)}"><h3>{dom.esc(title)}</h3>'
        f"{mine}{'' if g.laid else _backs(g.players[1], g.face_down[1])}"
        f'<p>Pile: <span aria-label="{dom.esc(top)}">{pile}</span> &middot; stock {g.stock}</p>'
        f'<p class="seat-status" aria-live="polite">{dom.esc(g.status)}</p></section>'
    )


def _backs(name: str, n: int) -> str:
    if not n:
        return ""
    backs = '<span class="rcard back" aria-hidden="true">\u2592</span>' * n
    return f'<div class="rhand" role="img" aria-label="{dom.esc(name)}: {n} cards face down">{backs}</div>'


def _moves(m: SeatsModel) -> str:
    if m.handover is not None:
        return (
            '<button type="button" class="primary" id="seats-ready" data-act="seat-ready">'
            f"{handover.READY}</button>"
        )
    buttons = "".join(
        f'<button type="button" data-act="seat-move" data-action="{dom.esc(text)}">{dom.esc(label)}</button>'
        for text, label in m.moves
    )
    if m.undo:
        buttons += '<button type="button" data-act="seat-undo">Take back</button>'
    if m.help.offered:
        buttons += '<button type="button" data-act="seat-hint">Hint</button>'
    if m.help.hint:
        buttons += f'<p class="seat-hint" role="status">Hint: {dom.esc(m.help.hint)}</p>'
    buttons += _go_over(m)
    if m.watching:
        buttons += '<button type="button" data-act="seat-skip">Skip to the result</button>'
    return buttons


def _go_over(m: SeatsModel) -> str:
    """The buttons to go over a person's game, and which hand (the last first) once several
    are over."""
    pick = ' data-value-of="seats-hand"' if m.hands_over > 1 else ""
    buttons = "".join(
        f'<button type="button" data-act="seat-go-over" data-seat="{seat}"{pick}>{dom.esc(label)}</button>'
        for seat, label in m.go_over
    )
    if not pick:
        return buttons
    hands = "".join(f'<option value="{h}">Hand {h}</option>' for h in range(m.hands_over, 0, -1))
    return f'<label for="seats-hand">Go over</label><select id="seats-hand">{hands}</select>{buttons}'


def _spot(s: SeatSpot) -> str:
    """A seat around the table: its name, its party when several seats share one, and what it
    is doing (deals, to move, sits out, the cards it holds)."""
    return f'<li class="spot {s.place}{" moving" if s.to_move else ""}">{dom.esc(s.label)}</li>'


def _board(caption: str, cols: tuple[str, ...], body: tuple[tuple[str, ...], ...]) -> str:
    """A table of figures: ``cols`` its columns' heads, each row headed by its first cell."""
    head = "".join(f'<th scope="col">{dom.esc(h)}</th>' for h in cols)
    rows = "".join(
        f'<tr><th scope="row">{dom.esc(r[0])}</th>{"".join(f"<td>{dom.esc(c)}</td>" for c in r[1:])}</tr>'
        for r in body
    )
    return (
        f'<table class="stats"><caption>{dom.esc(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


class SeatsUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id("dlg-seats")
        choices = "".join(
            f'<option value="{dom.esc(str(s))}">{dom.esc(w.choice)}</option>' for s, w in WORDS.items()
        )
        dom.by_id("new-seating").insertAdjacentHTML("beforeend", choices)  # after "Two players"

    def show(self, m: SeatsModel) -> None:
        """Draw the table and open its dialog."""
        dom.set_text(dom.by_id("seats-title"), m.title)
        dom.set_text(dom.by_id("seats-status"), m.status)
        dom.by_id("seats-list").innerHTML = "".join(_spot(s) for s in m.seats)
        dom.by_id("seats-games").innerHTML = "".join(
            _game(g, m.discards if g.yours else (), m.sort) for g in m.games
        )
        dom.by_id("seats-moves").innerHTML = _moves(m)
        dom.by_id("seats-board").innerHTML = _board("Scores", m.board.head, m.board.rows)
        if not self.dlg.open:
            self.dlg.showModal()
        if m.handover is not None:  # the next person starts from "Ready"
            dom.before_paint(dom.by_id("seats-ready").focus)

    def form(self) -> tuple[tuple[str, ...], tuple[str, ...], str]:
        """Each seat's choice in New match ("person" or "computer", and the name typed) and the
        difficulty chosen there."""
        kinds = tuple(str(dom.by_id(f"seats-kind{i}").value) for i in range(1, SEATS_MAX + 1))
        typed = tuple(str(dom.by_id(f"seats-name{i}").value) for i in range(1, SEATS_MAX + 1))
        return kinds, typed, str(dom.by_id("new-level").value)

    def show_statistics(self, head: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> None:
        """The statistics of the tables played, one row per seating (kept apart from the
        two-player record above them)."""
        box = dom.by_id("seats-stats")
        if not rows:
            box.innerHTML = "<p>No table of another seating played yet.</p>"
            return
        box.innerHTML = _board("Tables by seating", head, rows)

    def hide(self) -> None:
        if self.dlg.open:
            self.dlg.close()
