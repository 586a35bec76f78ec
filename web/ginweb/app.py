"""Start-up and wiring: read the link and storage, build the parts, resume or deal.

The parts, in the order a click travels (see ARCHITECTURE.md): table/dom/inputs.py turns every
input into an intent; table/dispatch.py handles it by asking the session (table/session.py, the
one owner of the match, through the play state it holds) and then drawing the screen
(table/dom/screen.py: the pure presenter table/model.py, then the writers ui.py, board.py,
plates.py, panels.py beside it); table/dom/turns.py plays the computer's moves and the showdown.
The features plug into the table's port (table/port.py), wired to each other here. This module
only builds them and hands each the narrow thing it needs; nothing calls back into it but the
page's own services below (storage, tabs, the look).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from functools import partial

import js

from gin_core import Match, preset

from .daily.feature import DailyFeature
from .daily.ui import DailyUI
from .friend.feature import FriendFeature
from .friend.ui import FriendUI
from .kit import dom
from .lessons.feature import LessonsFeature
from .lessons.ui import LessonsUI
from .puzzles.feature import PuzzlesFeature
from .puzzles.ui import PuzzlesUI
from .review.feature import ReviewFeature
from .review.ui import ReviewUI
from .seats.feature import SeatsFeature
from .seats.ui import SeatsUI
from .storage import seatrecord
from .storage.local import Status, Store
from .storage.records import Records
from .storage.savefmt import Game
from .storage.settings import Settings
from .storage.stats import StatsRecord
from .storage.tabs import Tabs
from .table import intents as i
from .table import params
from .table.dispatch import Dispatcher
from .table.dom.board import Board
from .table.dom.dialogs import Dialogs
from .table.dom.inputs import Inputs
from .table.dom.panels import Panels
from .table.dom.screen import Screen
from .table.dom.settings_ui import SettingsUI
from .table.dom.sound import Sound
from .table.dom.turns import Turns
from .table.dom.ui import TableUI
from .table.playstate import new_game
from .table.port import Links, Plugs
from .table.session import Session
from .table.tablestate import Motion, Stage
from .tutor.feature import TutorFeature
from .tutor.ui import TutorUI
from .warmup import DEFERRED, after_ready

Notify = Callable[[str], None]
SAVE_STATUS_TEXT: dict[Status, str] = {
    "saving": "",
    "full": "Not saving: the browser's storage is full. Retrying every few seconds.",
    "newer": "Not saving: a newer version of this page saved your data here. Reload to get it.",
    "off": "Not saving: this browser window does not allow storage.",
}


def show_saving(status: Status) -> None:
    """The lasting "not saving" indicator (#save-status) while saves fail."""
    box = dom.by_id("save-status")
    if box is None:
        return
    dom.set_hidden(box, status == "saving")
    dom.set_text(dom.by_id("save-status-text"), SAVE_STATUS_TEXT[status])
    dom.set_hidden(dom.by_id("save-retry"), status != "full")


def apply_look(s: Settings, fast: bool) -> None:
    root = dom.root
    root.classList.toggle("four-colour", s.four_colour)
    root.dataset.back = s.back
    root.dataset.felt = s.felt
    root.classList.toggle("no-motion", fast or s.motion == "on")
    root.classList.toggle("fast", s.speed == "fast")
    root.classList.toggle("left-handed", s.left_handed)
    root.dataset.cards = s.card_size
    root.dataset.motion = s.motion  # "system": style.css follows prefers-reduced-motion


def link_params(plugs: Plugs) -> params.Params:
    """The options of this page: the container's data-* attributes when embedded, else the
    link; the features' own among them, and their refusal of a seed or deal code."""
    extra = [name for f in plugs.links for name in f.link_names]
    longer = [name for f in plugs.links for name in f.long_links]
    refuse = plugs.refuses_start

    if dom.embedded:
        return params.from_options(dom.data_options((*params.NAMES, *extra)), refuse, extra, longer)
    return params.parse(str(js.location.search), refuse, extra, longer)


class Page:
    """The page's own services for dispatch (its PageServices): statistics as stored, the look, the
    tab that owns the match."""

    def __init__(self, records: Records, store: Store, fast: bool) -> None:
        self.records = records
        self.store = store
        self.fast = fast
        self.tabs = Tabs(store, self.lost_tab, self.stored_changed)
        self.session: Session | None = None
        self.screen: Screen | None = None
        self.turns: Turns | None = None
        tab_dlg = dom.by_id("dlg-tab")  # stays up (Escape included) until "Play here"
        dom.listen(tab_dlg, "cancel", lambda event: event.preventDefault())
        dom.listen(tab_dlg, "close", lambda _: None if self.tabs.owner else tab_dlg.showModal())

    def statistics(self) -> StatsRecord:
        return self.records.stats_data

    def reset_stats(self) -> None:
        self.records.reset_stats()

    def apply_look(self, s: Settings) -> None:
        apply_look(s, self.fast)

    def retry_saving(self) -> None:
        self.store.retry()

    def lost_tab(self) -> None:
        """Another tab took the match: say so, modally, until the player takes it back here."""
        dlg = dom.by_id("dlg-tab")
        if not dlg.open:
            dlg.showModal()

    def stored_changed(self, name: str) -> None:
        if name == "stats":
            self.records.stats_data = self.records.load_stats()
        for f in self.session.plugs.watches if self.session is not None else ():
            f.stored_changed(name)

    def take_over(self) -> None:
        """ "Play here": this tab owns the match again; the same match as stored resumes from the
        other tab's last move, a different one is saved from this tab (the other tab then says so)."""
        assert self.session is not None and self.screen is not None and self.turns is not None
        self.tabs.claim()
        dlg = dom.by_id("dlg-tab")
        if dlg.open:
            dlg.close()
        s = self.session
        game = self.records.read_game("match", "match")
        if game is not None and game.uid == s.reads.own_game.uid:
            s.plays.resume_stored(
                game, self.records.read_game("practice", "practice hand"), stored_table(self.records)
            )
            self.screen.render(Motion.NONE)
            self.turns.kick()
        else:
            s.kept.save()
        self.records.stats_data = self.records.load_stats()


def link_match(
    p: params.Params, stored: Game | None, features: Sequence[Links], records: Records
) -> tuple[Game | None, list[str]]:
    """The match a feature's link parameters ask for (a daily), and the problems to say. An
    embedded game's options start its first match only: once a match is stored, a feature's
    link that would replace it is not followed, but what opens over it (a post's lesson or
    puzzle) opens on every visit (issue 43, item 3)."""
    resume = dom.embedded and stored is not None
    problems: list[str] = []
    dealt: Game | None = None
    for f in features:  # every feature reads its own: a puzzle or a lesson opens over a dealt daily
        game, said = feature_link(f, p, stored)
        problems += said
        if game is None or resume:
            continue
        if dealt is not None:
            problems.append(f"{', '.join(f.link_names)}: a link deals one match, and it asked for another")
        dealt = dealt or game
    if dealt is not None:
        records.remove("practice")
    return dealt, problems


def feature_link(f: Links, p: params.Params, stored: Game | None) -> tuple[Game | None, list[str]]:
    """``f``'s part of a link: what it deals and what it says. Whatever a link's text provokes
    in it, the page starts: the feature's parameters are then ignored, and said (issue 43)."""
    try:
        return f.link_match(p, stored)
    except Exception:  # outside text: the page must start whatever it holds
        asked = [name for name in f.link_names if name in dict(p.options)]
        if not asked:
            raise  # not a link's doing
        return None, [f"{', '.join(asked)}: not understood"]


def first_game(p: params.Params, stored: Game | None, prefs: Settings, records: Records) -> tuple[Game, bool]:
    """The match to put on the table at start: one a link asks for, the stored one, or a new
    deal; and whether it is fresh. An embedded game's options start its first match only."""
    if p.new_match and not (dom.embedded and stored is not None):
        records.remove("practice")
        rules = preset(p.preset) if p.preset else prefs.game_rules()
        m = Match(rules, seed=p.seed, dealer=p.dealer, first_deal=p.deal)
        return new_game(m, p.level or prefs.level, records.new_uid(), records.now()), True
    if stored is not None:
        return stored, False
    return new_game(Match(prefs.game_rules()), prefs.level, records.new_uid(), records.now()), True


def open_session(prefs: Settings, records: Records, game: Game, fresh: bool, plugs: Plugs) -> Session:
    """The session on ``game``. A stored match the checks let through but the table cannot take
    is set aside like any unreadable save and a new match dealt, so no stored value can stop
    the page for good (issue 32)."""
    try:
        return Session(prefs, records, game, fresh, plugs)
    except Exception as e:  # whatever a damaged save provokes: the page must start
        if fresh:
            raise
        text = records.store.get("match")
        if text is not None:
            records.store.set_aside("match", text, "match", str(e) or type(e).__name__)
        new = new_game(Match(prefs.game_rules()), prefs.level, records.new_uid(), records.now())
        return Session(prefs, records, new, True, plugs)


def stored_table(records: Records) -> seatrecord.Seated | None:
    """The table of seats stored (None: none, or a damaged record, which says so)."""
    key = records.seal_key()
    return records.read(seatrecord.NAME, lambda d: seatrecord.parse(d, key), "table of players")


def resume_table(session: Session, records: Records) -> None:
    """A table of seats stored is on the table: it comes back (covered with several people)."""
    seated = stored_table(records)
    if seated is not None:
        session.plays.seat_table(seated, fresh=False)


def plug_features(records: Records) -> Plugs:
    """The features: each plugs into the table here, and nowhere else (table/port.py), and what
    one gives another is wired here (the review's flagged decisions to the puzzles, the review's
    dialog to the seats for a table's games, the lessons' practice hand that wants the tutor on);
    ``records`` keeps their parts of the stored match and of the statistics from now on."""
    review = ReviewFeature(records, ReviewUI())
    lessons = LessonsFeature(records, LessonsUI(), lasting=not dom.embedded)
    plugs = Plugs(
        (
            DailyFeature(records, DailyUI()),
            review,
            PuzzlesFeature(records, PuzzlesUI(), review, lasting=not dom.embedded),
            TutorFeature(TutorUI(), tutored=lessons.tutors),
            SeatsFeature(records, SeatsUI(), review.show_game),
            lessons,
            FriendFeature(records, FriendUI(), review.show_game),
        )
    )
    records.plug(
        [k for f in plugs.match_parts for k in f.part_keys],
        {k: check for f in plugs.stats_parts for k, check in f.stats_parts().items()},
    )
    return plugs


def start() -> Plugs:
    """Build the page and put the first match on the table; the features plugged in."""
    panels = Panels()
    dom.on_error(lambda text: panels.notice(text, "error", 10000))
    store = Store(lambda text: panels.notice(text, "info", 8000), show_saving)

    def notify(text: str) -> None:
        panels.notice(text, "info", 8000)

    records = Records(store, notify)
    sound = Sound()  # the table's sounds, also played at a seated table
    plugs = plug_features(records)
    p = link_params(plugs)
    page = Page(records, store, p.fast)
    prefs = records.load_settings()
    page.tabs.claim()
    stored = records.read_game(
        "match", "match"
    )  # read even when a link starts a new match: a newer save is kept
    linked, said = link_match(p, stored, plugs.links, records)
    game, fresh = (linked, True) if linked is not None else first_game(p, stored, prefs, records)
    session = open_session(prefs, records, game, fresh, plugs)
    if not fresh:
        session.plays.resume_practice(records.read_game("practice", "practice hand"))
    resume_table(session, records)
    board = Board()
    screen = Screen(session, board, TableUI(board), panels, plugs)
    screen.sound = sound.play
    dialogs = Dialogs()
    turns = Turns(session, screen, dialogs, lambda: p.fast)
    page.session, page.screen, page.turns = session, screen, turns
    dispatch = Dispatcher(session, screen, dialogs, SettingsUI(), turns, page, plugs)
    turns.match_ended = partial(dispatch, i.ShowMatchResult())
    Inputs(dispatch, board, session.reads.hand_keys, lambda: session.ui.stage == Stage.LIVE, plugs)
    for problem in (*p.problems, *said):
        panels.notice(f"Ignored a link parameter: {problem}.", "info", 8000)
    apply_look(prefs, p.fast)
    screen.render(Motion.DEAL if fresh else Motion.NONE)
    turns.kick()
    ready(p, plugs)
    panels.page_shown()
    return plugs


def ready(p: params.Params, plugs: Plugs) -> None:
    """One-time link parameters leave the address bar; the boot screen goes."""
    if not dom.embedded:
        query = params.strip_consumed(str(js.location.search), [n for f in plugs.links for n in f.link_names])
        if query != str(js.location.search):
            js.history.replaceState(js.history.state, "", f"{js.location.pathname}{query}{js.location.hash}")
    dom.root.classList.remove("booting")
    dom.by_id("boot").hidden = True
    dom.root.dataset.ready = "1"
    js.performance.mark("gin-ready")


def show_engine_version() -> None:
    """The installed engine's version in the footer, once the later archive has arrived: the
    package's own ``__version__`` (the wheel's, tests/test_packaging.py). Not read through
    importlib.metadata, whose import and parsing (``email``) made one task of 60-100 ms on a
    first visit, while the player may already be playing."""
    import gin_core

    dom.set_text(dom.by_id("engine-version"), gin_core.__version__)


def main() -> None:
    try:
        plugs = start()
    except Exception as exc:
        dom.report(exc)
        box = dom.by_id("boot-text")
        if box is not None:
            box.textContent = f"The game could not start: {exc}"
        raise
    # Everything alive now (Pyodide, PyScript, the engine, the page) lives as long as the page:
    # put it out of the garbage collector's reach. In Pyodide a full collection walks every
    # tracked object at about 1.5 µs each, and start-up leaves tens of thousands of them, so
    # every full collection froze the page for tens of milliseconds, mid-thought or mid-render.
    gc.freeze()
    after_ready((*DEFERRED, *(m for f in plugs.loads_later for m in f.deferred)), arrived=show_engine_version)
