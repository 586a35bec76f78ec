"""What a player asks of the page, as typed values.

Every input (a click or tap on a control or card, a drag, a key, a form) becomes one of these
intents and goes to the one :func:`dispatch.Dispatcher.__call__` (a feature brings its own,
subclasses of ``FeatureIntent``, and reads its controls: ``port.Acts.control``); two inputs for the same wish
(clicking the stock, dragging it onto the hand, pressing ``d``) produce the same intent. Intents
carry values (cards, actions, element ids), never DOM elements, so dispatch is testable in
CPython.
"""

from __future__ import annotations

from typing import Literal

from gin_core import Action, ActionKind, Card

from ..kit.frozen import Frozen
from .port import FeatureIntent

Origin = tuple[float, float, float]  # (left, top, width) a drawn card flies from (a drag's ghost)
SortWay = Literal["rank", "suit"]
EndKind = Literal["knock", "gin", "big_gin"]


class Play(Frozen):
    """An engine action for you: draw, take, pass, discard, knock with melds, next hand."""

    action: Action
    origin: Origin | None = None


class PlayCard(Frozen):
    """A card of your hand chosen (click, tap, Enter): discard it while the hand is live."""

    card: Card


class EndHand(Frozen):
    """Knock, gin or big gin asked for: confirmed (with the melds) before it is played."""

    kind: EndKind


class Next(Frozen):
    """The next hand, or the match result when the match is over."""


class ShowMatchResult(Frozen):
    pass


class Hint(Frozen):
    pass


class Undo(Frozen):
    pass


class Sort(Frozen):
    way: SortWay


class Reorder(Frozen):
    """Move a card of your hand to place ``index`` (a drag, or Shift+arrow when ``said``)."""

    card: Card
    index: int
    said: bool = False


class FocusCard(Frozen):
    """The keyboard focus moves to a card of your hand (arrows, Home/End, or a focus event when
    ``move`` is False: the focus is already there)."""

    card: Card
    move: bool = True


class NewMatchForm(Frozen):
    """The "New match" form as filled in: level, preset (or "custom"), code, dealer; players
    ("computer": you against it, "people": two people on one device) and their names."""

    level: str
    preset: str
    code: str
    dealer: str
    players: str = "computer"
    names: tuple[str, str] = ("", "")


class Ready(Frozen):
    """Two people: the next person has the device (the handover screen is lifted)."""


class OpenNewMatch(Frozen):
    pass


class StartMatch(Frozen):
    form: NewMatchForm


class NewMatch(Frozen):
    """A new match at once with the saved settings (from the match result)."""


class Replay(Frozen):
    """Play a deal again as a practice hand."""

    code: str
    dealer: int


class LeaveTable(Frozen):
    """Leave the table of seats (it ends, not kept): your match waiting under it comes back."""


class EndPractice(Frozen):
    pass


class OpenSettings(Frozen):
    pass


class SaveSettings(Frozen):
    pass


class SettingsEdited(Frozen):
    """A control of the settings form changed (``control`` is its id)."""

    control: str


class OpenStats(Frozen):
    pass


class ExportStats(Frozen):
    pass


class ResetStats(Frozen):
    pass


class OpenHelp(Frozen):
    pass


class CloseDialog(Frozen):
    dialog: str


class ConfirmOk(Frozen):
    pass


class ConfirmCancel(Frozen):
    pass


class TakeOver(Frozen):
    """ "Play here": this tab takes the match back from another tab."""


class RetrySaving(Frozen):
    pass


class DismissNotice(Frozen):
    notice: str


class ShowChart(Frozen):
    """Build chart ``name`` (chartview.CHARTS, or a feature's) now that the player opened it."""

    name: str


# The intents by what their handling touches (dispatch.py matches on each group, and mypy checks
# that each group's cases are all there):
YourMove = Play | PlayCard | EndHand | Next | ShowMatchResult | Undo | Hint  # the match (moves.py)
YourHand = Sort | Reorder | FocusCard  # your hand's order and the keyboard in it (moves.py)
TableChange = OpenNewMatch | StartMatch | NewMatch | Ready | Replay | EndPractice | LeaveTable
"""What is on the table, or who holds the device: a new match, a practice hand, back from a table."""
Preferences = OpenSettings | SettingsEdited | SaveSettings | OpenStats | ExportStats | ResetStats | ShowChart
"""The settings and the statistics."""
PageIntent = OpenHelp | CloseDialog | ConfirmOk | ConfirmCancel | TakeOver | RetrySaving | DismissNotice
"""The dialogs, the notices and the tab that owns the match."""
Intent = YourMove | YourHand | TableChange | Preferences | PageIntent | FeatureIntent


def from_control(name: str, data: dict[str, str]) -> Intent | None:
    """The intent of a ``data-act`` control (or shortcut) named ``name``; ``data`` holds the
    control's ``data-*`` values and, for forms and dialogs, what the input layer read for it."""
    simple = _SIMPLE.get(name)
    if simple is not None:
        return simple
    if name == "hint-play":
        return Play(Action.parse(data["action"]))
    if name == "replay":
        return Replay(data["code"], int(data["dealer"]))
    if name == "new-start":
        names = (data.get("name1", ""), data.get("name2", ""))
        form = NewMatchForm(
            data["level"],
            data["preset"],
            data["code"],
            data["dealer"],
            data.get("players", "computer"),
            names,
        )
        return StartMatch(form)
    if name in ("close", "settings-cancel"):
        return CloseDialog(data.get("dialog", "dlg-settings"))
    if name == "dismiss":
        return DismissNotice(data["notice"])
    if name == "chart":
        return ShowChart(data["chart"])
    return None


_SIMPLE: dict[str, Intent] = {
    "stock": Play(Action(ActionKind.DRAW_STOCK)),
    "pile": Play(Action(ActionKind.DRAW_PILE)),
    "take": Play(Action(ActionKind.DRAW_PILE)),
    "pass": Play(Action(ActionKind.PASS)),
    "knock": EndHand("knock"),
    "gin": EndHand("gin"),
    "big_gin": EndHand("big_gin"),
    "next": Next(),
    "show-result": ShowMatchResult(),
    "hint": Hint(),
    "undo": Undo(),
    "sort-rank": Sort("rank"),
    "sort-suit": Sort("suit"),
    "new": OpenNewMatch(),
    "match-new": NewMatch(),
    "practice-end": EndPractice(),
    "table-leave": LeaveTable(),
    "settings": OpenSettings(),
    "settings-save": SaveSettings(),
    "stats": OpenStats(),
    "stats-export": ExportStats(),
    "stats-reset": ResetStats(),
    "help": OpenHelp(),
    "confirm-ok": ConfirmOk(),
    "confirm-cancel": ConfirmCancel(),
    "take-over": TakeOver(),
    "save-retry": RetrySaving(),
    "ready": Ready(),
}
