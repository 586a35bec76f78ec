"""Writes the tutor's state on the game's root: ``data-tutor="ready"`` while the values of your
moves this turn are known, so the question can be asked (what a browser test waits for)."""

from __future__ import annotations

from ..kit import dom


class TutorUI:
    def ready(self, known: bool) -> None:
        if known:
            dom.root.setAttribute("data-tutor", "ready")
        else:
            dom.root.removeAttribute("data-tutor")
