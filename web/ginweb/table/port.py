"""The table's plug-in port: what a feature brings to the table, and what it may ask of it.

A feature lives in a folder of its own (``ginweb/<name>/``) with its intents, its handlers, its
parts of what is stored, a pure presenter and its DOM writer. It plugs in here: its class
subclasses :class:`Feature` and each role it plays (:class:`Acts`, :class:`Guards`,
:class:`Draws`...), a small ABC per role, grouped by the part of the table that calls it. A
role has no do-nothing default: a feature that does not play a role does not subclass it, and
one that does gives every member (Python refuses to build it otherwise). app.py, the composition
root, builds the features; :class:`Plugs` registers each under every role it plays, and each
part of the table calls the players of its roles only.

What a feature may ask of the table is :class:`Table` (table/facade.py gives it), never the
session: a handful of reads and commands, each documented. A feature never reaches another
through this port: what one gives another (a practice hand that wants the tutor on, a table's
games to go over) is a value or a callable app.py hands over.

Hooks are called with data (the game, the intent, names), never with the DOM.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..kit.frozen import Frozen

if TYPE_CHECKING:
    from gin_core import Action, Match, PlayerView
    from gin_core.analysis import HandReview

    from ..kit.background import Slices
    from ..kit.charts import Chart
    from ..storage.savefmt import Game
    from ..storage.seatrecord import Seated
    from ..storage.settings import Settings
    from ..storage.stats import PartCheck
    from .params import Params
    from .remote import Remote
    from .tablestate import Motion, Stage

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


class PastGame(Frozen):
    """A game played outside your match (a table's one-hand game, a hand with a friend) to go
    over move by move as one seat saw it: ``seat`` its player in ``match``, ``names`` both
    players' (by player), ``alone``: the only person there (the words say "you"), ``hand`` its
    hand at its table or match, ``analysis`` the verdicts on that seat's decisions (None while
    they are worked out). ``update``: only refresh it if it is open on this game already (the
    analysis came in). The feature that played it hands it to a :data:`ShowGame` (app.py wires
    the one that shows it)."""

    match: Match
    seat: int
    names: tuple[str, str]
    alone: bool
    hand: int
    analysis: HandReview | None = None
    update: bool = False


ShowGame = Callable[[PastGame], None]
"""Opens (or refreshes) a :class:`PastGame`, move by move."""


class Question(Frozen):
    """A confirmation's words: its title, its text, its OK and cancel buttons, and the ``choices``
    (value, label) offered under ``legend`` (none: a plain yes or no). Dispatch asks it before a
    knock or a new match; a feature asks it before your move is played
    (:meth:`Questions.before_move`: the move goes through on ``ok``, ``cancel`` lets you choose
    again) or before its own command (:meth:`Table.ask`)."""

    title: str
    text: str
    ok: str
    cancel: str = "Cancel"
    choices: tuple[tuple[str, str], ...] = ()
    legend: str = "Discard"


class Table(Protocol):
    """What a feature may ask of the table: the reads and commands below, no more (table/facade.py
    implements them over the session and dispatch; tests/test_web_layout.py checks that a
    feature reaches nothing else)."""

    # ----- reads ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The match on the table: your match, a practice hand, or a table of seats' game shown."""

    @property
    def own_game(self) -> Game:
        """Your match, also while a practice hand or a table of seats is on the table."""

    @property
    def practicing(self) -> bool:
        """A practice hand is on the table (it never counts; your match waits)."""

    @property
    def settings(self) -> Settings:
        """The player's settings (the tutor on, the rules of the next match)."""

    @property
    def epoch(self) -> int:
        """A number that changes whenever the table is replaced or moves are taken back."""

    @property
    def stage(self) -> Stage:
        """How far the hand on the table is shown (live, showdown, its result)."""

    @property
    def seated(self) -> Seated | None:
        """The table of seats on the table (None: none is)."""

    def seated_seat(self) -> int:
        """The seat a table of seats is shown from (its holder's, or while covered the next one's)."""

    def view(self) -> PlayerView:
        """What the seat at the device knows of the game shown."""

    def deciding(self) -> bool:
        """The person at the device is to move in the game shown (the table uncovered, the seat
        not sitting the hand out)."""

    def hand_over(self, hand: int) -> bool:
        """Hand ``hand`` of your match is over and its result was shown."""

    def help_off(self) -> str | None:
        """Why the hint and the tutor are off now (words for the player), or None."""

    def leaving(self) -> str | None:
        """The warning before your match is left for another (None: nothing in progress)."""

    # ----- commands ------------------------------------------------------------------------------

    def __call__(self, intent: Any) -> bool:
        """Dispatch ``intent`` as if the player asked for it; False if it was refused."""

    def work(self) -> None:
        """Queue the features' background work wanted now, and run it while the table is idle."""

    def ask(self, question: Question, then: Callable[[str], object]) -> None:
        """Confirm first (a modal ``question``); ``then`` gets the value chosen once the player
        says its OK."""

    def notice(self, text: str, kind: str = "info", ms: int = 6000) -> None:
        """Show a passing notice (``kind`` "rule" for a refusal)."""

    def announce(self, text: str) -> None:
        """Say ``text`` to a screen reader."""

    def render(self, motion: Motion = ...) -> None:
        """Draw the table again from its state now."""

    def close_dialog(self, ident: str) -> None:
        """Close the dialog ``ident``."""

    def close_dialogs(self) -> None:
        """Close every open dialog."""

    def close_hint(self) -> None:
        """Close the hint, if it is open."""

    def replace_match(self, game: Game) -> None:
        """Deal the just-made ``game`` in place of your match (one in progress counts as abandoned)."""

    def practice(self, code: str, dealer: int, start: Match | None = None) -> None:
        """A practice hand of deal ``code`` (``start``: the match to play on from) over your match."""

    def sit(self, seated: Seated) -> None:
        """Put a just-seated table of seats on the table (your match waits)."""

    def reseat(self, seated: Seated | None) -> None:
        """The table of seats as another tab left it (None: it was left): put back and drawn."""

    def show_seat(self, seat: int) -> None:
        """Show your match from seat ``seat`` (two people: the device is theirs now)."""

    def save_own(self) -> None:
        """Save your match (its part a feature keeps changed; also under a practice hand)."""

    def play_remote(self, remote: Remote) -> None:
        """Put a hand with a person on another device on the table (remote.py; your match waits)."""

    def remote_changed(self) -> None:
        """The hand with the other device changed there (a move, a card, a check): draw it."""

    def end_remote(self) -> None:
        """The hand with the other device leaves the table (it stays kept): your match is back."""

    @property
    def progress(self) -> int:
        """How many moves the game on the table has had (with :attr:`epoch`, a key of the turn)."""

    @property
    def remote(self) -> Remote | None:
        """The hand with another device on the table, if one is (:meth:`play_remote`)."""


class Feature:
    """A feature plugged into the table (see the module text): the table it serves."""

    attached: Table | None = None

    def attach(self, table: Table) -> None:
        """The table this feature serves (dispatch attaches it once every part is built)."""
        self.attached = table

    @property
    def table(self) -> Table:
        """The table this feature serves: what it may ask of it (:class:`Table`)."""
        assert self.attached is not None, "dispatch attaches every feature before the first intent"
        return self.attached


# ----- roles: the input layer and dispatch ---------------------------------------------------------


class Acts(ABC):
    """It has controls and intents of its own (inputs.py reads the controls, dispatch.py routes
    the intents)."""

    @abstractmethod
    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        """The intent of a ``data-act`` control of this feature's, or None."""

    @abstractmethod
    def handlers(self) -> Mapping[type, Handler]:
        """The handler of each of its intent types."""


class ClosesDialogs(ABC):
    """It has dialogs of its own whose closing it hears (inputs.py)."""

    dialog_closes: ClassVar[Mapping[str, FeatureIntent]]  # its dialogs (ids): the intent of closing each


class DialogKeys(ABC):
    """It gives keys a meaning in its own open dialog (inputs.py)."""

    dialog_keys: ClassVar[Mapping[str, Mapping[str, FeatureIntent]]]  # a key's intent in its open dialog


class Questions(ABC):
    """It may question your move before it is played (dispatch.py's play)."""

    @abstractmethod
    def before_move(self, action: Action) -> Question | None:
        """A question to ask you before your move ``action`` is played (None: play it now)."""

    def holds(self, action: Action) -> Question | None:
        """What to show while this feature still works out whether to question ``action`` (None:
        nothing to wait for). The table holds the move under it: its OK plays the move at once,
        unasked; once the verdicts of your turn are known (``table/judgement.py``) the table closes
        it and asks :meth:`before_move` again."""
        return None


# ----- roles: the start of the page (app.py, params.py, warmup.py) and other tabs ------------------


class Links(ABC):
    """It reads link (and embed) parameters of its own at start (app.py)."""

    link_names: ClassVar[tuple[str, ...]]  # its parameters (one-time, like seed=)
    long_links: ClassVar[tuple[str, ...]] = ()  # those of them whose value may be long (params.MAX_OPTION)

    @abstractmethod
    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """The match a link's (or an embed's) parameters (its own are in ``link.options``) ask
        for instead of ``stored`` (None: no such match), and the problems to say about them."""


class LoadsLater(ABC):
    """It has modules the first paint does not need, imported after it (warmup.py)."""

    deferred: ClassVar[tuple[str, ...]]


class Watches(ABC):
    """It keeps stored records another tab may change (app.py hears the storage event)."""

    @abstractmethod
    def stored_changed(self, name: str) -> None:
        """Another tab changed the stored record ``name``."""


# ----- roles: the match on the table (session.py, dispatch.py) -------------------------------------


class Guards(ABC):
    """It restricts the match on the table: whether it counts, undo, the hint, a new match's
    seed (the session, dispatch and a link's parameters ask it)."""

    @abstractmethod
    def counts(self) -> bool:
        """Whether your match on the table counts in the statistics."""

    @abstractmethod
    def undo_off(self) -> str | None:
        """Why moves cannot be taken back in your match now (words for the player), or None."""

    @abstractmethod
    def help_off(self) -> str | None:
        """Why the hint and the tutor are off in your match now (words for the player), or None
        (a match that measures you against others: they would play it for you)."""

    @abstractmethod
    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        """Why a new match may not start from this seed or deal code (words), or None."""


class MatchPart(ABC):
    """It keeps a part of the stored match (top-level keys: the save format keeps them) and
    reads it when a match is put on the table (session.py)."""

    part_keys: ClassVar[tuple[str, ...]]

    @abstractmethod
    def table_set(self, game: Game, fresh: bool) -> None:
        """``game`` is now your match on the table (just dealt when ``fresh``, else resumed)."""


class Counted(ABC):
    """It counts something of your match when the statistics do (session.py)."""

    @abstractmethod
    def counted(self, game: Game) -> None:
        """The statistics of ``game`` were just counted (a hand or the match ended)."""


class SeatedWatch(ABC):
    """It follows a table of seats on the table (session.py)."""

    @abstractmethod
    def seated_changed(self, seated: Seated) -> None:
        """A table of seats is on the table (table/seated.py) and moved, or was just seated."""


# ----- roles: the screen and the work behind it (screen.py, dispatch.py, turns.py) -----------------


class Draws(ABC):
    """It draws a part of the page from the table's state (screen.py, after every drawing)."""

    @abstractmethod
    def draw(self) -> None:
        """The table was just drawn: draw this feature's part from the new state."""


class HandButtons(ABC):
    """It puts buttons on the finished hands of your match (screen.py)."""

    @abstractmethod
    def hand_buttons(self) -> tuple[HandButton, ...]:
        """Its buttons on each finished hand of your match (not asked over a practice hand)."""


class Results(ABC):
    """It may show its own result of the match on the table (dispatch.py)."""

    @abstractmethod
    def shows_result(self) -> bool:
        """The match on the table has ended: show this feature's own result instead of the
        ordinary match result (True if it did)."""


class Background(ABC):
    """It has work done in the background while the table is idle (turns.py, kit/background.py)."""

    @abstractmethod
    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """Background work wanted now (``known`` keys are queued or done already)."""


# ----- roles: the statistics (storage/records.py, dispatch.py) -------------------------------------


class StatsParts(ABC):
    """It keeps parts of the stored statistics (storage/records.py reads them with its checks)."""

    @abstractmethod
    def stats_parts(self) -> Mapping[str, PartCheck]:
        """Its parts of the stored statistics (top-level keys), each with its check."""


class Statistics(ABC):
    """It fills a part of the statistics dialog (dispatch.py)."""

    @abstractmethod
    def statistics_opened(self) -> None:
        """The statistics dialog was opened: fill this feature's part of it."""


class Charts(ABC):
    """It draws charts of the statistics dialog (dispatch.py)."""

    @abstractmethod
    def chart(self, name: str) -> Chart | None:
        """Chart ``name`` if it is this feature's (built when the player opens it)."""


class Plugs:
    """The features plugged into the table, registered under each role they play: each part of
    the table is given this and calls a role's players only."""

    def __init__(self, features: Sequence[Feature] = ()) -> None:
        self.features = tuple(features)
        self.input_roles()
        self.start_roles()
        self.match_roles()
        self.screen_roles()
        self.statistics_roles()

    def input_roles(self) -> None:
        """The players of the roles the input layer and dispatch call."""
        fs = self.features
        self.acts = tuple(f for f in fs if isinstance(f, Acts))
        self.closes_dialogs = tuple(f for f in fs if isinstance(f, ClosesDialogs))
        self.dialog_keys = tuple(f for f in fs if isinstance(f, DialogKeys))
        self.questions = tuple(f for f in fs if isinstance(f, Questions))

    def start_roles(self) -> None:
        """The players of the roles the page's start (app.py) and another tab's change call."""
        fs = self.features
        self.links = tuple(f for f in fs if isinstance(f, Links))
        self.loads_later = tuple(f for f in fs if isinstance(f, LoadsLater))
        self.watches = tuple(f for f in fs if isinstance(f, Watches))

    def match_roles(self) -> None:
        """The players of the roles the session calls about the match on the table."""
        fs = self.features
        self.guards = tuple(f for f in fs if isinstance(f, Guards))
        self.match_parts = tuple(f for f in fs if isinstance(f, MatchPart))
        self.counters = tuple(f for f in fs if isinstance(f, Counted))
        self.seated_watches = tuple(f for f in fs if isinstance(f, SeatedWatch))

    def screen_roles(self) -> None:
        """The players of the roles the screen, dispatch and the background work call."""
        fs = self.features
        self.draws = tuple(f for f in fs if isinstance(f, Draws))
        self.hand_buttons = tuple(f for f in fs if isinstance(f, HandButtons))
        self.results = tuple(f for f in fs if isinstance(f, Results))
        self.background = tuple(f for f in fs if isinstance(f, Background))

    def statistics_roles(self) -> None:
        """The players of the roles the stored statistics and the statistics dialog call."""
        fs = self.features
        self.stats_parts = tuple(f for f in fs if isinstance(f, StatsParts))
        self.statistics = tuple(f for f in fs if isinstance(f, Statistics))
        self.charts = tuple(f for f in fs if isinstance(f, Charts))

    def attach(self, table: Table) -> None:
        """Every feature serves ``table`` from now on."""
        for f in self.features:
            f.attach(table)

    # ----- what the parts of the table ask every player of a role --------------------------------

    def counts(self) -> bool:
        """No guard says your match on the table does not count."""
        return all(f.counts() for f in self.guards)

    def undo_off(self) -> str | None:
        """The first guard's reason why moves cannot be taken back, or None."""
        return next((why for f in self.guards if (why := f.undo_off()) is not None), None)

    def help_off(self) -> str | None:
        """The first guard's reason why the hint and the tutor are off, or None."""
        return next((why for f in self.guards if (why := f.help_off()) is not None), None)

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        """The first guard's reason against a new match from this seed or deal code, or None."""
        return next((why for f in self.guards if (why := f.refuses_start(seed, deal)) is not None), None)

    def question(self, action: Action) -> Question | None:
        """The first question about your move ``action`` before it is played, or None."""
        return next(filter(None, (f.before_move(action) for f in self.questions)), None)

    def hold(self, action: Action) -> Question | None:
        """The first feature's words while it works out whether to question ``action``, or None."""
        return next(filter(None, (f.holds(action) for f in self.questions)), None)

    def chart(self, name: str) -> Chart | None:
        """Chart ``name`` if a feature draws it."""
        return next((c for f in self.charts if (c := f.chart(name)) is not None), None)
