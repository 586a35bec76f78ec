"""Play a friend plugged into the page: "Play a friend…" in New match opens #dlg-friend, where
the host makes an invitation (invite.py: a link with the handshake in its fragment, its QR code
drawn by kit/qr.py, copyable text); the friend opens the link (or pastes it) and their page
makes the answer to send back the same way; the host pastes it and the two pages connect
directly (kit/peer.py: WebRTC, no server of ours; a STUN server only if the player names one,
said in the form before it is used). Once the channel is open each page says hello (talk.py)
and both show the other's name. Whatever fails is said with its reason (model.py).

The modules behind it are imported when first used, after the first paint (``deferred``), and
so is kit/dom.py (where it is used): this module loads in CPython's tests (tests/test_web_dispatch.py).
The name and STUN server last used are kept in the record ``friend``; the match itself, after
every step, in ``friend-match`` (keep.py): when the two devices connect again, each hello names
the match it keeps, and if both name the same one they take it up where it stood (play.py)."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from gin_core import whole_number

from ..storage import stats
from ..storage.envelope import Envelope
from ..table.port import (
    Acts,
    Background,
    ClosesDialogs,
    Feature,
    FeatureIntent,
    HandButton,
    HandButtons,
    Handler,
    Job,
    LoadsLater,
    ShowGame,
    Statistics,
    StatsParts,
    Table,
)
from . import tally
from .intents import (
    CloseFriend,
    CopyShare,
    DealHand,
    GoOverHand,
    HangUp,
    Join,
    MakeInvite,
    OpenFriend,
    TakeAnswer,
)

if TYPE_CHECKING:
    from ..kit.peer import Peer
    from .keep import Kept
    from .model import Link
    from .ontable import HandsOnTable
    from .play import Play
    from .talk import Hello
    from .ui import FriendUI

NAME = "friend"  # the stored record: the name and STUN server last used
ENVELOPE = Envelope("gin-rummy.friend", 1, "a friend record", older_key="v")  # first {"v": 1, ...}
DIALOG = "dlg-friend"
CONNECT_MS = 30_000  # no channel this long after both descriptions are set: no path was found
PLAIN: dict[str, FeatureIntent] = {
    "friend": OpenFriend(),
    "friend-copy": CopyShare(),
    "friend-hang-up": HangUp(),
    "friend-close": CloseFriend(),
    "friend-deal": DealHand(),
}
MAX_HAND = 999_999  # gin_core.duel's MAX_HANDS: a hand's number on a "Go over" button


class Vault(Protocol):
    """Where the name, the STUN server, the match and its hands are kept, and the statistics
    (records.py's Records)."""

    stats_data: stats.StatsRecord

    def read(self, name: str, parse: Callable[[Any], Any], what: str) -> Any: ...
    def put(self, name: str, text: str) -> None: ...
    def count(self, update: stats.StatsUpdate) -> None: ...
    def seal_key(self) -> str: ...


def parse_kept(data: Any) -> tuple[str, str]:
    """The stored (name, STUN server); ValueError for anything else."""
    kept = ENVELOPE.open(data)
    name, stun = kept.get("name"), kept.get("stun")
    if not (isinstance(name, str) and isinstance(stun, str) and len(name) <= 20 and len(stun) <= 260):
        raise ValueError("not a friend record")
    return name, stun


class FriendFeature(  # one base per role it plays (table/port.py)
    Feature, Acts, ClosesDialogs, LoadsLater, StatsParts, Statistics, HandButtons, Background
):
    deferred = (
        "ginweb.friend.model",
        "ginweb.friend.invite",
        "ginweb.friend.talk",
        "ginweb.kit.qr",
    )  # the rest on first use
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {DIALOG: CloseFriend()}

    def __init__(self, vault: Vault, ui: FriendUI, show_game: ShowGame) -> None:
        """``show_game``: opens a hand with the friend to go over (app.py wires it)."""
        self.vault = vault
        self.ui = ui
        self.show_game = show_game
        self.link: Link | None = None  # None until the dialog is first used
        self.peer: Peer | None = None
        self.qr = ""  # the QR code of the link to share (SVG text)
        self.greeted = False  # the other side's hello arrived
        self.serial = 0  # connections started here (an event of an earlier one is dropped)
        self.play: Play | None = None  # the hands over the open connection
        self.hands: HandsOnTable | None = None  # the same, as the table plays them
        self.mine: Hello | None = None  # this device's hello on the current connection

    def attach(self, table: Table) -> None:
        """A link with an invitation in its fragment is answered once the table is drawn, and
        when one is opened in this tab later (the same address: only its fragment changes)."""
        from ..kit import dom

        super().attach(table)
        if dom.embedded:
            return
        if self.invited():
            dom.before_paint(lambda: dom.after(0, self.join_from_link))
        dom.listen(dom.window, "hashchange", lambda _: self.join_from_link() if self.invited() else None)

    def invited(self) -> bool:
        from ..kit import dom

        return str(dom.window.location.hash).startswith("#friend=")

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "friend-invite":
            return MakeInvite(*self.ui.form())
        if act == "friend-answer":
            return TakeAnswer(self.ui.answer())
        if act == "friend-join":
            name, stun, _ = self.ui.form()
            return Join(self.ui.pasted(), name, stun)
        if act == "friend-go-over":  # a row of the scoreboard, or under the hand's result
            return GoOverHand(whole_number(data.get("hand", ""), MAX_HAND) or 0)
        return PLAIN.get(act)

    def handlers(self) -> Mapping[type, Handler]:
        return {
            OpenFriend: lambda _: self.open(),
            MakeInvite: self.invite,
            TakeAnswer: self.take_answer,
            Join: self.join,
            CopyShare: lambda _: self.copy(),
            HangUp: lambda _: self.hang_up(),
            CloseFriend: lambda _: self.ui.close(),
            DealHand: lambda _: self.deal(),
            GoOverHand: self.go_over,
        }

    # ----- the dialog ----------------------------------------------------------------------------

    def state(self) -> Link:
        if self.link is None:
            from .model import Link

            name, stun = self.vault.read(NAME, parse_kept, "friend settings") or ("", "")
            self.link = Link(name=name, stun=stun)
            self.ui.fill(name, stun)
        return self.link

    def show(self, link: Link, open_it: bool = False) -> None:
        from ..kit import dom
        from .model import present

        self.link = link
        self.ui.show(present(link, dom.game_address(), self.qr), open_it)
        p = self.play
        back = self.hands is not None and self.hands.off_table()
        view = p.view() if p else None
        if view is not None and back:
            view = view.replace(deal="Back to the hand")
        self.ui.hand(view, p is not None and (p.can_deal() or back), p.problem if p else "")

    def changed(self) -> None:
        """A step of the hand: the table follows it (ontable.py), the dialog says how the match
        stands."""
        if self.hands is not None:
            self.hands.follow()
        self.show(self.state())

    # ----- the statistics (tally.py) --------------------------------------------------------------

    def stats_parts(self) -> Mapping[str, stats.PartCheck]:
        return {tally.PART: tally.check}

    # ----- going over the hands played (ontable.py, goover.py) --------------------------------

    def hand_buttons(self) -> tuple[HandButton, ...]:
        return self.hands.hand_buttons() if self.hands is not None else ()

    def go_over(self, intent: GoOverHand) -> bool:
        return self.hands is not None and self.hands.go_over(intent.hand)

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        return self.hands.jobs(known) if self.hands is not None else []

    def statistics_opened(self) -> None:
        self.ui.show_statistics(tally.HEAD, tally.shown(stats.part(self.vault.stats_data, tally.PART)))

    def open(self) -> None:
        self.show(self.state(), open_it=True)

    def fail(self, problem: str) -> None:
        from .model import Stage

        self.show(self.state().replace(stage=Stage.FAILED, problem=problem), open_it=True)

    def keep(self, name: str, stun: str) -> None:
        self.vault.put(NAME, json.dumps(ENVELOPE.stamp({"name": name, "stun": stun})))

    def copy(self) -> None:
        from ..kit import dom
        from .model import share_link

        dom.spawn(self.ui.copy(share_link(dom.game_address(), self.state())))

    def hang_up(self) -> None:
        from .model import Link

        self.drop_peer()
        old = self.state()
        self.qr = ""
        self.show(Link(name=old.name, stun=old.stun))

    def drop_peer(self) -> None:
        self.serial += 1
        self.greeted = False
        if self.play is not None:
            self.play.over = True
        if self.hands is not None:  # the hand is kept, taken up on a new connection
            self.hands.leave()
            self.hands = None
        if self.peer is not None:
            self.peer.close()
            self.peer = None

    # ----- the handshake -------------------------------------------------------------------------

    def checked(self, name: str, stun: str) -> tuple[str, str] | None:
        """The name and STUN server typed, kept for next time; None (said) if the server is not one."""
        from .model import stun_server

        try:
            server = stun_server(stun)
        except ValueError as e:
            self.fail(f"STUN server: {e}.")
            return None
        name = name.strip()[:20] or "Friend"
        self.keep(name, server)
        return name, server

    def invite(self, intent: MakeInvite) -> None:
        from ..kit import dom

        typed = self.checked(intent.name, intent.stun)
        if typed is not None:
            dom.spawn(self.inviting(*typed, intent.helps))

    async def inviting(self, name: str, stun: str, helps: bool) -> None:
        from . import invite
        from .model import Link, Stage

        token = secrets.token_hex(4)
        self.show(Link(Stage.MAKING, True, token, name=name, stun=stun, helps=helps), open_it=True)
        peer, serial = self.new_peer(stun)
        sdp = await peer.offer()
        if serial != self.serial:
            return
        try:
            mine = invite.from_sdp(sdp, invite.INVITE, token, int(time.time()), name, helps)
        except invite.HandshakeError as e:
            self.fail(f"Could not make the invitation: {e}.")
            return
        await self.share(self.state().replace(stage=Stage.INVITED, share=invite.pack(mine)))

    async def share(self, link: Link) -> None:
        """Show ``link``'s text to share, with its QR code drawn in slices first."""
        from ..kit import dom, qr
        from .model import share_link

        serial = self.serial
        done = await dom.in_slices(
            qr.encoding(share_link(dom.game_address(), link).encode(), "L"), lambda: True
        )
        if serial != self.serial or done is None:
            return
        self.qr = qr.svg(done[0], title="QR code of the link")
        self.show(link, open_it=True)

    def join_from_link(self) -> None:
        from ..kit.peer import drop_fragment, fragment

        text = fragment()
        drop_fragment()
        name, stun = self.state().name, self.state().stun
        self.table(Join(text, name, stun))

    def join(self, intent: Join) -> None:
        from ..kit import dom
        from . import invite

        typed = self.checked(intent.name, intent.stun)
        if typed is None:
            return
        try:
            theirs = invite.unpack(intent.text)
            invite.check_fresh(theirs, time.time())
        except invite.HandshakeError as e:
            self.fail(f"This invitation cannot be used: {e}.")
            return
        if theirs.kind != invite.INVITE:
            self.fail(
                "This is an answer, not an invitation: it goes back to the page that made the invitation."
            )
            return
        dom.spawn(self.joining(theirs, *typed))

    async def joining(self, theirs: Any, name: str, stun: str) -> None:
        from . import invite
        from .model import Link, Stage

        link = Link(
            Stage.JOINING, False, theirs.token, name=name, friend=theirs.name, stun=stun, helps=theirs.helps
        )
        self.show(link, open_it=True)
        peer, serial = self.new_peer(stun)
        sdp = await peer.answer(invite.to_sdp(theirs))
        if serial != self.serial:
            return
        try:
            mine = invite.from_sdp(sdp, invite.ANSWER, theirs.token, int(time.time()), name, theirs.helps)
        except invite.HandshakeError as e:
            self.fail(f"Could not make the answer: {e}.")
            return
        await self.share(link.replace(stage=Stage.ANSWERED, share=invite.pack(mine)))
        self.watch(serial)

    def take_answer(self, intent: TakeAnswer) -> None:
        from ..kit import dom
        from . import invite
        from .model import Stage

        link = self.state()
        if link.stage != Stage.INVITED or self.peer is None:
            return
        try:
            theirs = invite.unpack(intent.text)
        except invite.HandshakeError as e:
            self.fail(f"This answer cannot be used: {e}.")
            return
        if theirs.kind != invite.ANSWER or theirs.token != link.token:
            self.fail("This is not the answer to this invitation: ask your friend to open the latest one.")
            return
        self.show(link.replace(stage=Stage.CONNECTING, friend=theirs.name))
        dom.spawn(self.peer.accept(invite.to_sdp(theirs)))
        self.watch(self.serial)

    def watch(self, serial: int) -> None:
        """No channel within CONNECT_MS: the devices found no path to each other."""
        from ..kit import dom
        from .model import Stage, no_path

        def check() -> None:
            if serial == self.serial and not self.greeted and self.state().stage != Stage.FAILED:
                self.drop_peer()
                self.fail(no_path(self.state().stun))

        dom.after(CONNECT_MS, check)

    # ----- the connection ------------------------------------------------------------------------

    def new_peer(self, stun: str) -> tuple[Peer, int]:
        from ..kit.peer import Events, Peer

        self.drop_peer()
        serial = self.serial

        def current(fn: Callable[..., None]) -> Callable[..., None]:
            return lambda *args: fn(*args) if serial == self.serial else None

        events = Events(current(self.opened), current(self.heard), current(self.closed), current(self.failed))
        self.peer = Peer(stun, events)
        return self.peer, serial

    def opened(self) -> None:
        """Say hello: the name, and the match this device keeps for this seat (the host names a
        new one if it keeps none)."""
        from .talk import Hello, hello

        link = self.state()
        kept = self.kept(0 if link.host else 1)
        match = kept.match if kept else (secrets.token_hex(4) if link.host else "")
        self.mine = Hello(link.name, match, kept.number if kept else 0)
        if self.peer is not None:
            self.peer.send(hello(link.token, link.name, self.mine.match, self.mine.hand))

    def kept(self, seat: int) -> Kept | None:
        from . import keep

        kept: Kept | None = self.vault.read(keep.NAME, keep.parse, "match with a friend")
        return kept if kept is not None and kept.me == seat else None

    def heard(self, text: str) -> None:
        from .model import Stage
        from .talk import TalkError, their_hello

        if self.greeted:
            if self.play is not None:
                self.play.heard(text)
            return
        try:
            theirs = their_hello(text, self.state().token)
        except TalkError as e:
            self.drop_peer()
            self.fail(f"The connection was closed: {e}.")
            return
        self.greeted = True
        link = self.state().replace(stage=Stage.CONNECTED, friend=theirs.name, share="")
        self.start_play(link, theirs)
        self.show(link, open_it=True)

    def start_play(self, link: Link, theirs: Hello) -> None:
        """The hands over this connection (the host deals them): the match both hellos name,
        taken up where it stood, or a new one."""
        from ..kit import dom
        from . import keep
        from .goover import GoneOver
        from .model import seat_names
        from .ontable import HandsOnTable
        from .play import Play
        from .seat import FriendSeat

        peer, mine = self.peer, self.mine
        assert peer is not None and mine is not None
        me = 0 if link.host else 1
        same = bool(mine.match) and theirs.match == mine.match
        match = mine.match if same or link.host else theirs.match
        play = Play(
            me,
            seat_names(link),
            match,
            peer.send,
            self.changed,
            lambda text: self.vault.put(keep.NAME, text),
        )
        self.play = play
        hands = GoneOver(play, self.vault)
        seat = FriendSeat(play, link.helps, self.table.settings.game_rules, hands.records)
        self.hands = HandsOnTable(self.table, play, seat, self.vault, hands, self.show_game)
        kept = self.kept(me)
        if same and kept is not None:
            dom.spawn(play.take_up(kept, theirs.hand))

    def deal(self) -> None:
        if self.hands is not None:
            self.hands.deal()

    def closed(self) -> None:
        from .model import closed

        words = closed(self.state()) + self.kept_words()
        self.drop_peer()
        self.fail(words)

    def failed(self) -> None:
        from .model import no_path

        words = no_path(self.state().stun) + self.kept_words()
        self.drop_peer()
        self.fail(words)

    def kept_words(self) -> str:
        """That the hand under way is kept, if one is."""
        from .model import kept

        r = self.play.round if self.play is not None else None
        return kept(self.state()) if r is not None and not r.over() else ""
