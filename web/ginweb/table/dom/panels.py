"""The side panels and messages: game log, scoreboard, hand result, practice bar, notices, the
live region. They write what the presenter built (present.py) and decide nothing."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import count
from typing import Any

from ...kit import dom
from ...storage.savefmt import LogLine
from ..around import PartyBoard
from ..model import Result, Scoreboard, ScoreRow
from ..port import HandButton

NOTICES_SHOWN = 3
NOTICE_CHARS = 600
BUTTONS = {
    "next": "Next hand",
    "show-result": "Match result",
    "practice-end": "Back to your match",
    "new": "New match",
    "wait": "The other game goes on\u2026",
}


class Panels:
    def __init__(self) -> None:
        g = dom.by_id
        self.log_el = g("log")
        self.board_el = g("scoreboard")
        self.board_chart = dom.q(g("board-title").parentElement, ".chart-box")  # the match's chart
        self.result_el = g("result")
        self.toasts = g("toasts")
        self.live = g("announce")
        self.practice_el = g("practice-bar")
        self.logged: list[tuple[int | None, str, str]] = []  # the log lines as written
        self.board_html = ""
        self.practice_code: str | None = ""  # as last written ("": not written yet)
        self.result_shown: Result | None = None
        self.waiting: list[tuple[str, str, int]] = []  # notices not shown yet (text, kind, ms)
        self.ids = count(1)
        self.unclocked: list[tuple[Any, int]] | None = []  # shown under the boot screen (None: page shown)

    # ----- log --------------------------------------------------------------------------

    def log(self, lines: Sequence[LogLine]) -> None:
        """Show ``lines``: what is new is appended; if a line already shown changed (reasons
        revealed at the hand's end, moves taken back) the log is written again."""
        wanted = [(ln.player, ln.text, ln.why) for ln in lines]
        if wanted[: len(self.logged)] != self.logged:
            self.log_el.innerHTML = ""
            self.logged = []
        new = "".join(_log_item(player, text, why) for player, text, why in wanted[len(self.logged) :])
        if new:  # one call into the DOM for all new lines (a resumed match's first render has many)
            self.log_el.insertAdjacentHTML("beforeend", new)
        if len(wanted) != len(self.logged):
            self.logged = wanted
            dom.before_paint(self.scroll_log)

    def scroll_log(self) -> None:
        """The newest line in view."""
        self.log_el.scrollTop = self.log_el.scrollHeight

    # ----- scoreboard -------------------------------------------------------------------

    def scoreboard(self, board: Scoreboard) -> None:
        self.board_el.classList.toggle("parties", board.parties is not None)
        self.board_chart.hidden = board.parties is not None  # a match's chart: none at a table of seats
        if board.parties is not None:
            self.write_board(_party_board(board.parties, board.buttons))
            return
        rows = [_record_row(r, board.buttons) for r in board.rows]
        if board.current is not None:
            code = (
                '<span class="hidden-code" title="Shown after the hand">hidden</span>' if board.coded else ""
            )
            rows.append(
                f'<tr class="current"><td>{board.current}</td><td>In play</td><td></td><td></td>'
                f"<td>{code}</td></tr>"
            )
        you, cpu = board.totals
        foot = f'<tr><th scope="row" colspan="2">Total</th><td>{you}</td><td>{cpu}</td><td></td></tr>'
        html = (
            '<thead><tr><th scope="col">#</th><th scope="col">Result</th>'
            f'<th scope="col">{dom.esc(board.names[0])}</th><th scope="col">{dom.esc(board.names[1])}</th>'
            '<th scope="col">Deal</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot>"
        )
        self.write_board(html)

    def write_board(self, html: str) -> None:
        if html != self.board_html:
            self.board_html = html
            self.board_el.innerHTML = html

    # ----- practice bar and hand result ---------------------------------------------------

    def practice(self, code: str | None) -> None:
        """The practice bar: shown (with the deal code) while a practice hand is on the table."""
        if code == self.practice_code:
            return
        self.practice_code = code
        dom.set_hidden(self.practice_el, code is None)
        if code is not None:
            dom.set_text(dom.by_id("practice-code"), code)

    def result(self, res: Result | None) -> bool:
        """Show the finished hand's result panel; True if it was newly shown."""
        if res == self.result_shown:
            return False
        self.result_shown = res
        if res is None:  # emptied too: a covered table holds no word of a hand in the page
            self.result_el.hidden = True
            self.result_el.innerHTML = ""
            return False
        items = "".join(f"<li>{dom.esc(t)}</li>" for t in res.lines)
        code = dom.esc(res.deal_code)
        off = " disabled" if res.button == "wait" else ""
        button = (
            f'<button type="button" class="primary" id="btn-next" data-act="{res.button}"{off}>'
            f"{BUTTONS[res.button]}</button>"
        )
        replay = (
            f' <button type="button" class="link" data-act="replay" data-code="{code}" '
            f'data-dealer="{res.dealer}">Replay this deal</button>'
            if res.replay
            else ""
        )
        self.result_el.innerHTML = (
            f'<h2 id="result-title">{dom.esc(res.title)}</h2><ul class="lines">{items}</ul>'
            f"{_score_line(res)}"
            f"{_deal_line(code, replay)}"
            f'{_reasons_html(res.reasons)}<div class="row">{_result_buttons(res)}{button}</div>'
        )
        self.result_el.hidden = False
        return True

    # ----- messages ---------------------------------------------------------------------

    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None:
        """A short message over the table; ``kind`` rule, error or info. At most NOTICES_SHOWN
        at once: more wait in a queue and show as earlier ones go (none is dropped; the same
        words twice are shown once). A text longer than NOTICE_CHARS is cut with an ellipsis."""
        if len(text) > NOTICE_CHARS:
            text = text[: NOTICE_CHARS - 1] + "\u2026"
        shown = [str(el.textContent) for el in self.toasts.querySelectorAll(".toast span")]
        if text in shown or any(text == t for t, _, _ in self.waiting):
            return  # the same words already there (a rule repeated by repeated clicks)
        self.waiting.append((text, kind, ms))
        self._show_waiting()

    def _show_waiting(self) -> None:
        while self.waiting and self.toasts.childElementCount < NOTICES_SHOWN:
            text, kind, ms = self.waiting.pop(0)
            box = dom.document.createElement("div")
            box.className = f"toast {kind}"
            box.id = f"notice-{next(self.ids)}"
            box.setAttribute("role", "alert" if kind in ("error", "rule") else "status")
            box.innerHTML = (
                f'<span>{dom.esc(text)}</span><button type="button" class="x" '
                'data-act="dismiss" aria-label="Dismiss">\u00d7</button>'
            )
            self.toasts.appendChild(box)
            if self.unclocked is None:
                dom.after(ms, partial(self.dismiss, box))
            else:
                self.unclocked.append((box, ms))

    def page_shown(self) -> None:
        """The boot screen is gone: a notice raised under it (a record that could not be read)
        starts its time now, so a slow first load cannot take it away before it was seen."""
        held, self.unclocked = self.unclocked or [], None
        for box, ms in held:
            dom.after(ms, partial(self.dismiss, box))

    def dismiss(self, box: Any) -> None:
        """Take a notice away (its timer) and show the next one waiting."""
        box.remove()
        self._show_waiting()

    def dismiss_id(self, ident: str) -> None:
        """Take notice ``ident`` away (its \u00d7)."""
        box = dom.by_id(ident)
        if box is not None:
            self.dismiss(box)

    def clear_notices(self, kind: str = "rule") -> None:
        """Take every notice of ``kind`` away (the ones waiting come forward)."""
        self.waiting = [w for w in self.waiting if w[1] != kind]
        for el in list(self.toasts.querySelectorAll(f".toast.{kind}")):
            el.remove()
        self._show_waiting()

    def chart_open(self, name: str) -> bool:
        """Chart ``name`` is open somewhere (the scoreboard's is kept up to date while it is)."""
        return dom.opt(dom.root.querySelector(f'details[open] > [data-chart-slot="{name}"]')) is not None

    def chart(self, name: str, html: str) -> None:
        for slot in dom.root.querySelectorAll(f'[data-chart-slot="{name}"]'):
            slot.innerHTML = html

    def announce(self, text: str) -> None:
        """Say ``text`` (written for speech: card names, not symbols) through the live region."""
        self.live.textContent = ""
        dom.after(30, lambda: setattr(self.live, "textContent", text))


def _score_line(res: Result) -> str:
    """The score under a finished hand: yours and the other's, or a table's every party."""
    if res.table:
        return f'<p class="score-line">Score: {dom.esc(res.table)}</p>'
    return (
        f'<p class="score-line">Score: {dom.esc(res.names[0])} <b id="res-you">{res.scores[0]}</b>'
        f' \u00b7 {dom.esc(res.names[1])} <b id="res-cpu">{res.scores[1]}</b></p>'
    )


def _party_board(board: PartyBoard, buttons: Sequence[HandButton]) -> str:
    """A table of seats' scoreboard: a column per party (around.party_board), and on each hand's
    row the features' buttons (going over your game of that hand)."""
    heads = (*board.head, *(("",) if buttons else ()))
    head = "".join(f'<th scope="col">{dom.esc(h)}</th>' for h in heads)
    rows = "".join(f"<tr>{_party_row(row, buttons)}</tr>" for row in board.rows)
    return f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"


def _party_row(row: tuple[str, ...], buttons: Sequence[HandButton]) -> str:
    """A row's cells; a hand's (its first cell a number) ends with the features' buttons."""
    cells = "".join(
        f"<td>{dom.esc(c)}</td>" if c.lstrip("-").isdigit() else f'<td class="said">{dom.esc(c)}</td>'
        for c in row
    )
    if not buttons:
        return cells
    acts = "".join(_row_button(b, int(row[0])) for b in buttons) if row[0].isdigit() else ""
    return f"{cells}<td>{acts}</td>"


def _deal_line(code: str, replay: str) -> str:
    """The finished hand's deal code and its replay button (none for a hand without a code: a
    friend's deal comes from no seed)."""
    return f'<p class="deal">Deal code <code id="deal-code">{code}</code>{replay}</p>' if code else ""


def _record_row(r: ScoreRow, buttons: Sequence[HandButton] = ()) -> str:
    code = dom.esc(r.code)
    replay = (
        f'<button type="button" class="code" data-act="replay" data-code="{code}" data-dealer="{r.dealer}" '
        f'aria-label="Replay deal {code}" title="Replay this deal">{code}</button>'
        if code
        else ""
    )
    return (
        f"<tr><td>{r.number}</td><td>{dom.esc(r.result)}</td><td>{r.you or ''}</td>"
        f"<td>{r.computer or ''}</td><td>{replay}"
        f"{''.join(_row_button(b, r.number) for b in buttons)}</td></tr>"
    )


def _row_button(b: HandButton, hand: int) -> str:
    """A feature's button on a finished hand's row of the scoreboard."""
    return (
        f'<button type="button" class="hand-act" data-act="{dom.esc(b.act)}" data-hand="{hand}" '
        f'aria-label="{dom.esc(b.short)} hand {hand}" title="{dom.esc(b.long)}">{dom.esc(b.short)}</button>'
    )


def _result_buttons(res: Result) -> str:
    """The features' buttons under the finished hand's result (your match's hands only)."""
    return "".join(
        f'<button type="button" id="{dom.esc(b.ident)}" data-act="{dom.esc(b.act)}" data-hand="{res.number}">'
        f"{dom.esc(b.long)}</button>"
        for b in res.buttons
    )


def _reasons_html(reasons: Sequence[tuple[str, str]]) -> str:
    """The computer's moves of the hand with its reason for each, folded away."""
    if not reasons:
        return ""
    items = "".join(
        f'<li>{dom.esc(text)}: <span class="why">{dom.esc(why)}</span></li>' for text, why in reasons
    )
    return (
        f'<details class="reasons"><summary>Why the computer played as it did</summary>'
        f"<ol>{items}</ol></details>"
    )


def _log_item(player: int | None, text: str, why: str) -> str:
    """One line of the game log as HTML: who (its class), what, and the computer's reason."""
    cls = "sys" if player is None else f"p{player}"
    why_html = f'<span class="why">{dom.esc(why)}</span>' if why else ""
    return f'<li class="{cls}"><span class="t">{dom.esc(text)}</span>{why_html}</li>'
