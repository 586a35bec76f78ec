"""The table's plug-in port (table/port.py, issue 44): a feature registers for the roles it plays,
the table asks a role's players only, in the order app.py plugged them in, and a role half
played cannot be plugged in."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.table.port import Draws, Feature, Guards, Plugs


class Daily(Feature, Guards):
    """A guard like the daily's: a counted match, no undo, no seed but its own."""

    def counts(self) -> bool:
        return False

    def undo_off(self) -> str | None:
        return "No undo here."

    def help_off(self) -> str | None:
        return None

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        return "Not that seed." if seed == 1 else None


class Quiet(Feature, Guards):
    """A guard that allows everything."""

    def counts(self) -> bool:
        return True

    def undo_off(self) -> str | None:
        return None

    def help_off(self) -> str | None:
        return "No hint here."

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        return "Never." if seed == 2 else None


class Drawn(Feature, Draws):
    """Draws only: never asked what the guards are asked."""

    def __init__(self) -> None:
        self.times = 0

    def draw(self) -> None:
        self.times += 1


def test_each_role_holds_the_features_that_play_it_in_their_order() -> None:
    quiet, daily, drawn = Quiet(), Daily(), Drawn()
    plugs = Plugs((quiet, drawn, daily))
    assert plugs.guards == (quiet, daily) and plugs.draws == (drawn,)
    assert plugs.acts == () and plugs.background == () and plugs.links == ()
    assert plugs.features == (quiet, drawn, daily)


def test_the_table_asks_every_guard_and_takes_the_first_reason() -> None:
    plugs = Plugs((Quiet(), Drawn(), Daily()))
    assert not plugs.counts()  # one guard says no
    assert plugs.undo_off() == "No undo here." and plugs.help_off() == "No hint here."
    assert plugs.refuses_start(1, None) == "Not that seed." and plugs.refuses_start(2, None) == "Never."
    assert plugs.refuses_start(3, None) is None
    assert Plugs((Drawn(),)).counts() and Plugs().undo_off() is None  # no guard: nothing restricted


def test_a_role_half_played_cannot_be_plugged_in() -> None:
    class Half(Feature, Guards):
        def counts(self) -> bool:
            return True

    with pytest.raises(TypeError, match="abstract"):
        Half()  # type: ignore[abstract]
