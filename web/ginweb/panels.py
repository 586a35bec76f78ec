"""The side panels and messages: game log, scoreboard, hand result, notices, the live region."""

from __future__ import annotations

from functools import partial

from gin_core import HandRecord, PlayerView

from . import dom, narrate
from .savefmt import LogLine

NOTICES_SHOWN = 3
NOTICE_CHARS = 600


class Panels:
    def __init__(self):
        g = dom.by_id
        self.log_el = g("log")
        self.board_el = g("scoreboard")
        self.result_el = g("result")
        self.toasts = g("toasts")
        self.live = g("announce")
        self.practice_el = g("practice-bar")
        self.log_count = 0
        self.board_html = ""
        self.result_key = None
        self.waiting: list[tuple[str, str, int]] = []  # notices not shown yet (text, kind, ms)

    # ----- log --------------------------------------------------------------------------

    def log(self, lines: list[LogLine], full: bool = False) -> None:
        """Show ``lines``; appends what is new unless ``full``."""
        if full or len(lines) < self.log_count:
            self.log_el.innerHTML = ""
            self.log_count = 0
        for ln in lines[self.log_count:]:
            li = dom.document.createElement("li")
            li.className = {0: "p0", 1: "p1"}.get(ln.player, "sys")
            why = f'<span class="why">{dom.esc(ln.why)}</span>' if ln.why else ""
            li.innerHTML = f'<span class="t">{dom.esc(ln.text)}</span>{why}'
            self.log_el.appendChild(li)
        self.log_count = len(lines)
        self.log_el.scrollTop = self.log_el.scrollHeight

    # ----- scoreboard -------------------------------------------------------------------

    def scoreboard(self, v: PlayerView) -> None:
        rows = []
        for r in v.records:
            rows.append(_record_row(r))
        if v.phase not in ("hand_over", "match_over"):
            rows.append(
                f'<tr class="current"><td>{v.hand_number}</td><td>In play</td><td></td><td></td>'
                '<td><span class="hidden-code" title="Shown after the hand">hidden</span></td></tr>'
            )
        foot = (f'<tr><th scope="row" colspan="2">Total</th><td>{v.scores[0]}</td>'
                f'<td>{v.scores[1]}</td><td></td></tr>')
        html = (
            '<thead><tr><th scope="col">#</th><th scope="col">Result</th><th scope="col">You</th>'
            '<th scope="col">Comp.</th><th scope="col">Deal</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot>{foot}</tfoot>'
        )
        if html != self.board_html:
            self.board_html = html
            self.board_el.innerHTML = html

    # ----- hand result ------------------------------------------------------------------

    def practice(self, code: str | None) -> None:
        """The practice bar: shown (with the deal code) while a practice hand is on the table."""
        dom.set_hidden(self.practice_el, code is None)
        if code is not None:
            dom.set_text(dom.by_id("practice-code"), code)

    def result(self, v: PlayerView, show: bool, practice: bool = False, reasons: list[LogLine] = ()) -> bool:
        """Show the result panel of the finished hand, with the computer's reasons for its moves
        (kept hidden while the hand was live); returns True if it was newly shown."""
        rec = v.showdown if show else None
        key = (rec.number, v.phase, practice, len(reasons)) if rec else None
        if key == self.result_key:
            return False
        self.result_key = key
        if rec is None:
            self.result_el.hidden = True
            return False
        s = rec.settlement
        title = narrate.hand_headline(s)
        lines = narrate.settlement_lines(s) if s else [
            "Nobody knocked before the end of the stock: the hand is redealt by the same dealer."
        ]
        items = "".join(f"<li>{dom.esc(t)}</li>" for t in lines)
        if practice:
            button = ('<button type="button" class="primary" id="btn-next" data-act="practice-end">'
                      'Back to your match</button>')
        elif v.phase == "match_over":
            button = '<button type="button" class="primary" id="btn-next" data-act="show-result">Match result</button>'
        else:
            button = '<button type="button" class="primary" id="btn-next" data-act="next">Next hand</button>'
        self.result_el.innerHTML = (
            f'<h2 id="result-title">{dom.esc(title)}</h2><ul class="lines">{items}</ul>'
            f'<p class="score-line">Score: you <b id="res-you">{v.scores[0]}</b> \u00b7 computer '
            f'<b id="res-cpu">{v.scores[1]}</b></p>'
            f'<p class="deal">Deal code <code id="deal-code">{dom.esc(rec.deal_code)}</code> '
            f'<button type="button" class="link" data-act="replay" data-code="{dom.esc(rec.deal_code)}" '
            f'data-dealer="{rec.dealer}">Replay this deal</button></p>'
            f'{_reasons_html(reasons)}<div class="row">{button}</div>'
        )
        self.result_el.hidden = False
        return True

    # ----- messages ---------------------------------------------------------------------

    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None:
        """A short message over the table; ``kind`` rule, error or info. At most NOTICES_SHOWN
        at once: more wait in a queue and show as earlier ones go (none is dropped; the same
        words twice are shown once). A text longer than NOTICE_CHARS is cut with an ellipsis."""
        if len(text) > NOTICE_CHARS:
            text = text[:NOTICE_CHARS - 1] + "\u2026"
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
            box.setAttribute("role", "alert" if kind in ("error", "rule") else "status")
            box.innerHTML = (f'<span>{dom.esc(text)}</span><button type="button" class="x" '
                             'data-act="dismiss" aria-label="Dismiss">\u00d7</button>')
            self.toasts.appendChild(box)
            dom.after(ms, partial(self.dismiss, box))

    def dismiss(self, box) -> None:
        """Take a notice away (its timer or its \u00d7) and show the next one waiting."""
        box.remove()
        self._show_waiting()

    def clear_notices(self, kind: str = "rule") -> None:
        for el in list(self.toasts.querySelectorAll(f".toast.{kind}")):
            el.remove()

    def announce(self, text: str) -> None:
        """Say ``text`` (written for speech: card names, not symbols) through the live region."""
        self.live.textContent = ""
        dom.after(30, lambda: setattr(self.live, "textContent", text))


def _record_row(r: HandRecord) -> str:
    s = r.settlement
    you = r.points[0] or ""
    cpu = r.points[1] or ""
    code = dom.esc(r.deal_code)
    return (
        f'<tr><td>{r.number}</td><td>{dom.esc(narrate.hand_short(s))}</td><td>{you}</td><td>{cpu}</td>'
        f'<td><button type="button" class="code" data-act="replay" data-code="{code}" data-dealer="{r.dealer}" '
        f'aria-label="Replay deal {code}" title="Replay this deal">{code}</button></td></tr>'
    )


def _reasons_html(reasons: list[LogLine]) -> str:
    """The computer's moves of the hand with its reason for each, folded away."""
    if not reasons:
        return ""
    items = "".join(f'<li>{dom.esc(ln.text)}: <span class="why">{dom.esc(ln.why)}</span></li>' for ln in reasons)
    return (f'<details class="reasons"><summary>Why the computer played as it did</summary>'
            f'<ol>{items}</ol></details>')
