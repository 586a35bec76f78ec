"""A practice hand: a deal played again (or on from a position of it) at your match's level and
rules while your match waits, set aside untouched and still saved under its own key. It never
counts, features see neither it nor its statistics, and it is saved as "practice" so a reload
puts it back on the table over your match.
"""

from __future__ import annotations

from gin_core import Match

from ..storage.savefmt import Game
from .playstate import Holder, PlayState, just_drawn


class PracticeHand(PlayState):
    """A practice hand on the table; ``own``: your match, set aside until you go back."""

    practice = True
    counts = False
    record_key = "practice"

    def __init__(self, own: Game) -> None:
        self.own = own

    def end(self, s: Holder) -> None:
        s.game, s.state = self.own or s.game, PlayState()
        s.vault.remove(self.record_key)


def start(s: Holder, code: str, dealer: int, begin: Match | None = None) -> None:
    """Play deal ``code`` again as a practice hand at your match's level and rules (or on
    from ``begin``, a one-hand match of that deal part played)."""
    own = (s.state.own if s.state.practice else None) or s.game  # a practice hand's: your match
    m = begin or Match(own.match.rules.replace(target=None), dealer=dealer, first_deal=code)
    s.state = PracticeHand(own)
    s.adopt(s.new_game(m, own.level, f"practice-{m.seed:x}"), fresh=True)
    s.ui.drawn = s.ui.focus = just_drawn(m)


def end(s: Holder) -> None:
    """Back to your match, exactly where it was."""
    if s.state.practice:
        s.state.end(s)
        s.adopt(s.game, fresh=False)


def resume(s: Holder, game: Game | None) -> None:
    """After a reload: put back the practice hand that was on the table, if any."""
    if game is not None:
        s.state = PracticeHand(s.game)
        s.adopt(game, fresh=False)
