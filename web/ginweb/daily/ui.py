"""The daily deal's writers: the line on the table, the daily's result dialog, the daily part
of the statistics, and the clipboard. They copy what model.py built into the DOM and decide
nothing."""

from __future__ import annotations

from ..kit import dom
from .model import DailyResult, DailyStats


class DailyUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id("dlg-daily")
        self.bar_text: str | None = ""  # as last written ("": not written yet)

    def bar(self, text: str | None) -> None:
        """The daily's line on the table (hidden for an ordinary match); written when it changed."""
        if text == self.bar_text:
            return
        self.bar_text = text
        dom.set_hidden(dom.by_id("daily-bar"), text is None)
        dom.set_text(dom.by_id("daily-bar-text"), text or "")

    def result(self, model: DailyResult) -> None:
        """Fill the daily's result (again, as the expert's replays come in) and open it."""
        dom.set_text(dom.by_id("daily-title"), model.title)
        dom.set_text(dom.by_id("daily-note"), model.note)
        counted = model.share is not None
        head = ["Hand", "You", "Expert", "Difference"] if counted else ["Hand", "You"]
        rows = []
        for r in model.rows:
            cells = [_signed(r.you)]
            if counted:
                cells += ["\u2026" if r.expert is None else _signed(r.expert)]
                cells += ["" if r.difference is None else _signed(r.difference)]
            tds = "".join(f"<td>{c}</td>" for c in cells)
            rows.append(f'<tr><th scope="row">{r.number}</th>{tds}</tr>')
        caption = "Your net points each hand" + (", and the expert's on the same cards" if counted else "")
        ths = "".join(f'<th scope="col">{h}</th>' for h in head)
        dom.by_id("daily-body").innerHTML = (
            f'<table class="itemised daily-hands"><caption>{caption}</caption>'
            f"<thead><tr>{ths}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
        total = dom.by_id("daily-total")
        dom.set_text(total, model.total)
        total.classList.toggle("done", model.complete)
        total.classList.toggle("behind", model.behind)
        dom.set_hidden(dom.by_id("daily-share-box"), not counted)
        link = dom.by_id("daily-link")
        link.href = model.link
        dom.set_text(link, model.link)
        if not self.dlg.open:
            dom.set_text(dom.by_id("daily-share-status"), "")
            dom.set_hidden(dom.by_id("daily-share-text"), True)
            self.dlg.showModal()
            dom.by_id("daily-close").focus()

    def result_open(self) -> bool:
        return bool(self.dlg.open)

    def show_daily_statistics(self, model: DailyStats) -> None:
        """Streaks, the history of dailies (each playable again as practice) and the calendar;
        the charts start closed (each is built when opened)."""
        dom.set_text(dom.by_id("daily-streak"), model.streak)
        items = "".join(
            f"<li><span>{dom.esc(r.label)}: {dom.esc(r.outcome)}</span> "
            f'<button type="button" class="link" data-act="daily-play" data-day="{dom.esc(r.day)}" '
            f'aria-label="Play again: {dom.esc(r.label)}, as practice">Play again</button></li>'
            for r in model.rows
        )
        history = dom.by_id("daily-history")
        history.innerHTML = items
        dom.set_hidden(history, not items)  # none: a sentence says so, not a list of one
        dom.set_hidden(dom.by_id("daily-history-none"), bool(items))
        field = dom.by_id("daily-date")
        field.min, field.max = model.first, model.today
        if not str(field.value):
            field.value = model.today
        for box in dom.by_id("dlg-stats").querySelectorAll("details.chart-box"):
            box.open = False

    def share(self, text: str) -> None:
        dom.spawn(self.copy(text))

    async def copy(self, text: str) -> None:
        """To the clipboard; if the browser refuses, the text is shown selected to copy by hand."""
        status = dom.by_id("daily-share-status")
        box = dom.by_id("daily-share-text")
        try:
            await dom.window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001  (refused, or no clipboard in this context)
            box.value = text
            dom.set_hidden(box, False)
            box.focus()
            box.select()
            dom.set_text(
                status, "The browser did not allow copying: the text is selected below, copy it by hand."
            )
            return
        dom.set_hidden(box, True)
        dom.set_text(status, "Copied to the clipboard.")

    def base(self) -> str:
        """The game's address without a query: the shared link opens the same daily."""
        return dom.game_address()


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212") if n else "0"
