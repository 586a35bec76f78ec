"""The plug-in interface: what a feature brings to the table.

A feature lives in a folder of its own (e.g. ``ginweb/<name>/``) with its intents, its handlers, its
part of the stored match, a pure presenter and its DOM writer, its background jobs and its
stored data. It plugs into the table through :class:`Feature`: the table core (session,
dispatch, screen, turns, the input layer, the save format) calls these hooks on every feature
it was given and never imports one. app.py, the composition root, is the only module that
builds features; adding one is its folder plus one line there.

Every hook has a default that does nothing, so a feature overrides only what it uses. Hooks are
called with data (the game, the intent, names), never with the DOM.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .kit.frozen import Frozen

if TYPE_CHECKING:
    from gin_core import Action, Match
    from gin_core.analysis import HandReview

    from .kit.background import Slices
    from .kit.charts import Chart
    from .storage.savefmt import Game
    from .storage.seatrecord import Seated
    from .storage.stats import PartCheck
    from .table.dispatch import Display, Modals
    from .table.params import Params
    from .table.session import Session

Handler = Callable[[Any], object]  # an intent handler: False means refused (a drag goes back)
Job = tuple[str, "Slices", Callable[[Any], None]]  # key (once per key), the work, what gets its result


class FeatureIntent(Frozen):
    """The base of a feature's intents: dispatch hands each to the feature that handles its type."""


class HandButton(Frozen):
    """A button a feature puts on each finished hand of your match: in the scoreboard's row
    (``short``, read as "<short> hand <n>") and under the hand's result (``long``, element id
    ``ident``); it sends ``data-act=act`` with ``data-hand`` the hand's number."""

    act: str
    short: str
    long: str
    ident: str


class Question(Frozen):
    """A question a feature asks before your move is played (:meth:`Feature.before_move`): the
    move goes through on ``ok``, and ``cancel`` lets you choose again."""

    title: str
    text: str
    ok: str
    cancel: str


class PastGame(Frozen):
    """A game played outside your match (a table's: a one-hand match) to go over move by move as
    one seat saw it: ``seat`` its player in ``match``, ``names`` both players' (by player),
    ``alone``: the only person there (the words say "you"), ``hand`` its hand at the table,
    ``analysis`` the verdicts on that seat's decisions (None while they are worked out).
    ``update``: only refresh it if it is open on this game already (the analysis came in)."""

    match: Match
    seat: int
    names: tuple[str, str]
    alone: bool
    hand: int
    analysis: HandReview | None = None
    update: bool = False


ShowGame = Callable[[PastGame], None]  # opens (or refreshes) such a game, move by move


class Host(Protocol):
    """What a feature's handlers use of the table: the session, the screen and dialogs, a
    confirmation, a change of the table, the background work, and the dispatch itself
    (dispatch.py's Dispatcher)."""

    session: Session
    screen: Display
    dialogs: Modals

    def __call__(self, intent: Any) -> bool: ...
    def work(self) -> None: ...
    def table_changed(self, change: Callable[[], object]) -> None: ...
    def ask(  # 7 parameters: as dispatch.py's Dispatcher.ask
        self,
        title: str,
        text: str,
        ok: str,
        then: Callable[[str], object],
        choices: Sequence[tuple[str, str]] = (),
        cancel: str = "Cancel",
        legend: str = "Discard",
    ) -> None: ...


class Feature:
    """A feature plugged into the table; see the module text."""

    name = ""  # a word that names it (in notices and tests)
    link_names: tuple[str, ...] = ()  # link and embed parameters it reads (one-time, like seed=)
    long_links: tuple[str, ...] = ()  # those of them whose value may be long (params.MAX_OPTION)
    part_keys: tuple[str, ...] = ()  # top-level keys of the stored match that are its part
    # its stored records a person changes by playing, kept from memory: only the tab that owns
    # the match writes them (storage/tabs.py); another tab reads them again (stored_changed)
    owned: tuple[str, ...] = ()
    deferred: tuple[str, ...] = ()  # its modules the first paint does not need (warmup.py)
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {}  # its dialogs (ids): the intent of closing each
    dialog_keys: ClassVar[Mapping[str, Mapping[str, FeatureIntent]]] = {}  # a key's intent in its open dialog
    attached: Host | None = None

    def attach(self, host: Host) -> None:
        """The table this feature serves (app.py attaches it once every part is built)."""
        self.attached = host

    @property
    def host(self) -> Host:
        """The table this feature serves: its session, screen, dialogs and dispatch."""
        assert self.attached is not None, "app.py attaches every feature before the first intent"
        return self.attached

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        """The intent of a ``data-act`` control of this feature's, or None."""
        return None

    def handlers(self) -> Mapping[type, Handler]:
        """The handler of each of its intent types."""
        return {}

    def stats_parts(self) -> Mapping[str, PartCheck]:
        """Its parts of the stored statistics (top-level keys), each with its check."""
        return {}

    # ----- the match on the table ----------------------------------------------------------------

    def table_set(self, game: Game, fresh: bool) -> None:
        """``game`` is now your match on the table (just dealt when ``fresh``, else resumed)."""

    def counts(self) -> bool:
        """Whether your match on the table counts in the statistics."""
        return True

    def undo_off(self) -> str | None:
        """Why moves cannot be taken back in your match now (words for the player), or None."""
        return None

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off in your match now (words for the player), or None
        (a match that measures you against others: they would play it for you)."""
        return None

    def tutors(self) -> bool:
        """Whether the tutor should be on for the match on the table whatever the settings (a
        practice hand this feature put there to learn on)."""
        return False

    def counted(self, game: Game) -> None:
        """The statistics of ``game`` were just counted (a hand or the match ended)."""

    def seated_changed(self, seated: Seated) -> None:
        """A table of seats is on the table (table/seated.py) and moved, or was just seated."""

    def before_move(self, action: Action) -> Question | None:
        """A question to ask you before your move ``action`` is played (None: play it now)."""
        return None

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        """Why a new match may not start from this seed or deal code (words), or None."""
        return None

    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """The match a link's (or an embed's) parameters (its own are in ``link.options``) ask
        for instead of ``stored`` (None: no such match), and the problems to say about them."""
        return None, []

    # ----- the screen and the work behind it -----------------------------------------------------

    def drawn(self) -> None:
        """The table was just drawn: draw this feature's part from the new state."""

    def hand_buttons(self) -> tuple[HandButton, ...]:
        """Its buttons on each finished hand of your match (not asked over a practice hand)."""
        return ()

    def shows_result(self) -> bool:
        """The match on the table has ended: show this feature's own result instead of the
        ordinary match result (True if it did)."""
        return False

    def statistics_opened(self) -> None:
        """The statistics dialog was opened: fill this feature's part of it."""

    def chart(self, name: str) -> Chart | None:
        """Chart ``name`` if it is this feature's (built when the player opens it)."""
        return None

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """Background work wanted now (``known`` keys are queued or done already)."""
        return []

    def stored_changed(self, name: str) -> None:
        """Another tab changed the stored record ``name``."""


def refused_start(features: Sequence[Feature], seed: int | None, deal: str | None) -> str | None:
    """The first reason a feature gives against a new match from this seed or deal code."""
    return next((why for f in features if (why := f.refuses_start(seed, deal)) is not None), None)
