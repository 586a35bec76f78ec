"""The seats feature's part of the page: adds the seatings to New match's Seating, reads the
seats chosen there (a person or the computer, and a name) and the difficulty, and writes the
statistics of the tables played. The table itself is the table's (table/seated.py)."""

from __future__ import annotations

from ..kit import dom
from ..words.seatwords import WORDS

SEATS_MAX = 4  # the seats of the form (partners)


class SeatsUI:
    def __init__(self) -> None:
        choices = "".join(
            f'<option value="{dom.esc(str(s))}">{dom.esc(w.choice)}</option>' for s, w in WORDS.items()
        )
        dom.by_id("new-seating").insertAdjacentHTML("beforeend", choices)  # after "Two players"

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
        box.innerHTML = dom.figures_table("Tables by seating", head, rows)
