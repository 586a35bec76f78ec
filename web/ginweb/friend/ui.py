"""The friend dialog's writer (#dlg-friend): writes what model.py built, reads its form, and
copies the link to the clipboard. Decides nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..kit import dom

if TYPE_CHECKING:
    from .handview import HandView
    from .model import FriendView

DIALOG = "dlg-friend"


class FriendUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id(DIALOG)
        self.qr = ""  # the QR code as last written

    def show(self, v: FriendView, open_it: bool) -> None:
        """Write ``v``; open the dialog if ``open_it`` (over New match, which closes)."""
        dom.set_text(dom.by_id("friend-status"), v.status)
        problem = dom.by_id("friend-problem")
        dom.set_text(problem, v.problem)
        dom.set_hidden(problem, not v.problem)
        dom.set_hidden(dom.by_id("friend-share"), not v.link)
        dom.by_id("friend-link").value = v.link
        if v.qr != self.qr:
            self.qr = v.qr
            dom.by_id("friend-qr").innerHTML = v.qr
        dom.set_hidden(dom.by_id("friend-form"), not v.form)
        dom.set_hidden(dom.by_id("friend-answer-box"), not v.answer_box)
        dom.set_hidden(dom.by_id("friend-join-box"), not v.join_box)
        dom.set_hidden(dom.by_id("friend-hang-up"), not v.hang_up)
        from .model import STUN_NOTE  # after the first paint (later.zip), as the dialog opens

        dom.set_text(dom.by_id("friend-stun-help"), STUN_NOTE)
        if open_it and not self.dlg.open:
            new = dom.by_id("dlg-new")
            if new is not None and new.open:
                new.close()
            self.dlg.showModal()

    def hand(self, v: HandView | None, can_deal: bool, problem: str) -> None:
        """The hand with your friend (None: no hand yet), the match, the Deal button (a new
        match's once one is over), the last refusal."""
        from .handview import NO_HAND  # later.zip's, as the hand's words are

        dom.set_hidden(dom.by_id("friend-hand"), v is None and not can_deal)
        v = v or NO_HAND
        deal = dom.by_id("friend-deal")
        dom.set_hidden(deal, not can_deal)
        dom.set_text(deal, v.deal)
        dom.set_text(dom.by_id("friend-match"), v.match)
        said = dom.by_id("friend-hand-problem")
        dom.set_text(said, problem)
        dom.set_hidden(said, not problem)
        dom.set_text(dom.by_id("friend-hand-status"), v.status)
        dom.set_text(dom.by_id("friend-result"), v.result)

    def show_statistics(self, head: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
        """The matches with friends, one row per friend (apart from the record against the
        computer above them)."""
        box = dom.by_id("friends-stats")
        if not rows:
            box.innerHTML = "<p>No match with a friend played yet.</p>"
            return
        box.innerHTML = dom.figures_table("Matches with friends", head, rows)

    def fill(self, name: str, stun: str) -> None:
        """The name and STUN server as last used."""
        dom.by_id("friend-name").value = name
        dom.by_id("friend-stun").value = stun

    def form(self) -> tuple[str, str, bool]:
        """The name, STUN server and hint-and-tutor choice typed in the form."""
        return (
            str(dom.by_id("friend-name").value),
            str(dom.by_id("friend-stun").value),
            bool(dom.by_id("friend-helps").checked),
        )

    def answer(self) -> str:
        return str(dom.by_id("friend-answer").value)

    def pasted(self) -> str:
        return str(dom.by_id("friend-paste").value)

    def close(self) -> None:
        if self.dlg.open:
            self.dlg.close()

    async def copy(self, text: str) -> None:
        """To the clipboard; if the browser refuses, the link is left selected to copy by hand."""
        said = dom.by_id("friend-copied")
        try:
            await dom.window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001  (refused, or no clipboard in this context)
            box = dom.by_id("friend-link")
            box.focus()
            box.select()
            dom.set_text(said, "The browser did not allow copying: the link is selected, copy it by hand.")
            return
        dom.set_text(said, "Copied to the clipboard.")
