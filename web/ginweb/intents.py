"""What a player asks of the page, as typed values.

Every input (a click or tap on a control or card, a drag, a key, a form) becomes one of these
intents and goes to the one :func:`dispatch.Dispatcher.__call__`; two inputs for the same wish
(clicking the stock, dragging it onto the hand, pressing ``d``) produce the same intent. Intents
carry values (cards, actions, element ids), never DOM elements, so dispatch is testable in
CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gin_core import Action, Card
from gin_core.actions import ActionKind

Origin = tuple[float, float, float]  # (left, top, width) a drawn card flies from (a drag's ghost)
SortWay = Literal["rank", "suit"]
EndKind = Literal["knock", "gin", "big_gin"]


@dataclass(frozen=True)
class Play:
    """An engine action for you: draw, take, pass, discard, knock with melds, next hand."""

    action: Action
    origin: Origin | None = None


@dataclass(frozen=True)
class PlayCard:
    """A card of your hand chosen (click, tap, Enter): discard it while the hand is live."""

    card: Card


@dataclass(frozen=True)
class EndHand:
    """Knock, gin or big gin asked for: confirmed (with the melds) before it is played."""

    kind: EndKind


@dataclass(frozen=True)
class Next:
    """The next hand, or the match result when the match is over."""


@dataclass(frozen=True)
class ShowMatchResult:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Sort:
    way: SortWay


@dataclass(frozen=True)
class Reorder:
    """Move a card of your hand to place ``index`` (a drag, or Shift+arrow when ``said``)."""

    card: Card
    index: int
    said: bool = False


@dataclass(frozen=True)
class FocusCard:
    """The keyboard focus moves to a card of your hand (arrows, Home/End, or a focus event when
    ``move`` is False: the focus is already there)."""

    card: Card
    move: bool = True


@dataclass(frozen=True)
class NewMatchForm:
    """The "New match" form as filled in: level, preset (or "custom"), code, dealer."""

    level: str
    preset: str
    code: str
    dealer: str


@dataclass(frozen=True)
class OpenNewMatch:
    pass


@dataclass(frozen=True)
class StartMatch:
    form: NewMatchForm


@dataclass(frozen=True)
class NewMatch:
    """A new match at once with the saved settings (from the match result)."""


@dataclass(frozen=True)
class Replay:
    """Play a deal again as a practice hand."""

    code: str
    dealer: int


@dataclass(frozen=True)
class EndPractice:
    pass


@dataclass(frozen=True)
class OpenSettings:
    pass


@dataclass(frozen=True)
class SaveSettings:
    pass


@dataclass(frozen=True)
class SettingsEdited:
    """A control of the settings form changed (``control`` is its id)."""

    control: str


@dataclass(frozen=True)
class OpenStats:
    pass


@dataclass(frozen=True)
class ExportStats:
    pass


@dataclass(frozen=True)
class ResetStats:
    pass


@dataclass(frozen=True)
class OpenHelp:
    pass


@dataclass(frozen=True)
class CloseDialog:
    dialog: str


@dataclass(frozen=True)
class ConfirmOk:
    pass


@dataclass(frozen=True)
class ConfirmCancel:
    pass


@dataclass(frozen=True)
class TakeOver:
    """ "Play here": this tab takes the match back from another tab."""


@dataclass(frozen=True)
class RetrySaving:
    pass


@dataclass(frozen=True)
class DismissNotice:
    notice: str


# ----- review -----

ReviewWay = Literal["first", "prev", "next", "last"]


@dataclass(frozen=True)
class OpenReview:
    """Open the review of finished hand ``hand`` of your match (at ``step``)."""

    hand: int
    step: int = 0


@dataclass(frozen=True)
class ReviewGo:
    """Step through the open review: first, previous, next, last (buttons, arrows, Home/End)."""

    way: ReviewWay


@dataclass(frozen=True)
class ReviewStep:
    """Jump to step ``step`` of the open review (the list of moves)."""

    step: int


@dataclass(frozen=True)
class CloseReview:
    pass


@dataclass(frozen=True)
class PlayOn:
    """ "Play on from here": a practice hand from your decision at the review's step."""


# ----- end review -----
# ----- daily -----


@dataclass(frozen=True)
class OpenDaily:
    """Play a daily deal: today's (``day`` None) or an earlier one as practice ("YYYY-MM-DD")."""

    day: str | None = None


@dataclass(frozen=True)
class ShareDaily:
    """Copy the finished daily's result to share."""


@dataclass(frozen=True)
class ShowChart:
    """Build chart ``name`` (daily_view.CHARTS) now that the player opened it."""

    name: str


@dataclass(frozen=True)
class DuplicateDone:
    """The expert has replayed one more hand of the daily (a background job ended)."""


Intent = (
    Play
    | PlayCard
    | EndHand
    | Next
    | ShowMatchResult
    | Hint
    | Undo
    | Sort
    | Reorder
    | FocusCard
    | OpenNewMatch
    | StartMatch
    | NewMatch
    | Replay
    | EndPractice
    | OpenSettings
    | SaveSettings
    | SettingsEdited
    | OpenStats
    | ExportStats
    | ResetStats
    | OpenHelp
    | CloseDialog
    | ConfirmOk
    | ConfirmCancel
    | TakeOver
    | RetrySaving
    | DismissNotice
    | OpenReview
    | ReviewGo
    | ReviewStep
    | CloseReview
    | PlayOn
    | OpenDaily
    | ShareDaily
    | ShowChart
    | DuplicateDone
)


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
        return StartMatch(NewMatchForm(data["level"], data["preset"], data["code"], data["dealer"]))
    if name in ("close", "settings-cancel"):
        return CloseDialog(data.get("dialog", "dlg-settings"))
    if name == "dismiss":
        return DismissNotice(data["notice"])
    # ----- daily -----
    if name == "daily-play":
        return OpenDaily(data.get("day") or None)
    if name == "chart":
        return ShowChart(data["chart"])
    return _review_control(name, data)


# ----- review -----

REVIEW_WAYS: dict[str, ReviewWay] = {
    "review-first": "first",
    "review-prev": "prev",
    "review-next": "next",
    "review-last": "last",
}


def _review_control(name: str, data: dict[str, str]) -> Intent | None:
    if name == "review":
        return OpenReview(int(data["hand"]))
    if name == "review-step":
        return ReviewStep(int(data["step"]))
    if name in REVIEW_WAYS:
        return ReviewGo(REVIEW_WAYS[name])
    if name == "review-close":
        return CloseReview()
    if name == "review-play-on":
        return PlayOn()
    return None


# ----- end review -----


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
    # ----- daily -----
    "daily": OpenDaily(),
    "daily-share": ShareDaily(),
}
