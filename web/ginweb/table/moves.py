"""Your moves and your hand, as dispatch (dispatch.py) handles them: a move asks the session,
then has the screen drawn, then lets the computer move; a refusal is said with the rule it
broke. Knock, gin and big gin are confirmed first; a feature may question a move before it is
played, or hold it while it works out whether to (``port.Questions``). The words of every
refusal dispatch says are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from gin_core import Action, ActionKind, IllegalAction, Phase, PlayerView, TakeBack

from ..words import narrate
from . import handover, knock
from . import intents as i
from .parts import ComputerPlay, Confirms, Display, Modals
from .playstate import Blocked
from .port import Plugs, Question
from .remote import REMOTE_WORDS
from .session import Session
from .tablestate import Motion, Stage

BLOCKED_TEXT = {
    Blocked.COMPUTERS_TURN: "Wait for the computer to finish its turn.",
    Blocked.UNDO_STRICT: "Undo is off in strict mode.",
    Blocked.HANDOVER: handover.WAIT,
    Blocked.SITS_OUT: "You sit this hand out: the others play it.",
    **REMOTE_WORDS,
}
TAKE_BACK_TEXT = {
    TakeBack.NOTHING: "Nothing to undo in this hand.",
    TakeBack.CARD_SEEN: "A card drawn from the stock can't be taken back: you have seen it.",
    TakeBack.ANSWERED: "The computer has replied to that move: it can't be taken back.",
}
END_WORDS = {"knock": ("Knock?", "Knock"), "gin": ("Go gin?", "Gin")}


def undo_refused_text(why: Blocked | TakeBack | str) -> str:
    """Why undo did nothing, in words (a feature's reason comes as words already)."""
    if isinstance(why, Blocked):
        return BLOCKED_TEXT[why]
    if isinstance(why, TakeBack):
        return TAKE_BACK_TEXT[why]
    return why


def knock_text(kind: str, choices: Sequence[knock.KnockChoice]) -> str:
    """The knock's (or gin's) confirmation: the one way to lay down, or the choice of ways."""
    first = choices[0]
    if len(choices) > 1:
        return "Choose the card you put face down and the melds you lay down:"
    if kind == "knock":
        return f"Lay down your melds and put the {first.card.name} face down: {first.label()}."
    return f"All ten cards meld: {first.label()}."


class Moves:
    """Your moves (and the hint, undo, the next hand, the match's result) and your hand's order."""

    def __init__(
        self,
        session: Session,
        screen: Display,
        dialogs: Modals,
        turns: ComputerPlay,
        plugs: Plugs,
        confirms: Confirms,
    ) -> None:
        self.session = session
        self.screen = screen
        self.dialogs = dialogs
        self.turns = turns
        self.plugs = plugs
        self.confirms = confirms
        self.ask = confirms.ask

    def move(self, intent: i.YourMove) -> bool | None:
        """Handle a move of yours (False: refused, a dragged card then goes back)."""
        match intent:
            case i.Play():
                return self.play(intent.action, intent.origin)
            case i.PlayCard():
                return self.session.ui.stage == Stage.LIVE and self.play(
                    Action(ActionKind.DISCARD, intent.card)
                )
            case i.EndHand():
                self.end_hand(intent.kind)
            case i.Next():
                self.next()
            case i.ShowMatchResult():
                self.show_match_result()
            case i.Undo():
                self.undo()
            case i.Hint():
                self.hint()
            case _:
                assert_never(intent)
        return None

    def arrange(self, intent: i.YourHand) -> None:
        """Your hand's order and the keyboard's place in it (nothing is played)."""
        match intent:
            case i.Sort():
                self.session.sort(intent.way)
                self.screen.render()
            case i.Reorder():
                self.reorder(intent)
            case i.FocusCard() if intent.move:
                self.screen.focus_card(str(intent.card))
            case i.FocusCard():
                self.session.focus_on(str(intent.card))
            case _:
                assert_never(intent)

    # ----- a move played --------------------------------------------------------------------

    def play(self, action: Action, origin: i.Origin | None = None, asked: bool = False) -> bool:
        """Play ``action`` for you: drawn first, then counted and saved; the rule if refused. A
        feature's question comes first (``asked``: it was answered "play it")."""
        if not asked and self.questioned(action, origin):
            return False
        return self.played(action, origin)

    def played(self, action: Action, origin: i.Origin | None) -> bool:
        """Play ``action`` for you now (see :meth:`play`)."""
        s = self.session
        keyboard = action.kind == ActionKind.DISCARD and self.screen.hand_has_focus()
        # a keyboard user's next key must find the focus moved; a pointer's click need not wait
        focus = self.screen.focus_card if self.screen.keys_in_use() else self.screen.focus_card_soon
        keys = s.reads.hand_keys()
        place = keys.index(s.ui.focus) if s.ui.focus in keys else 0
        refused = s.play(action)
        if refused is not None:
            self.refuse(refused)
            return False
        self.screen.clear_notices("rule")
        self.dialogs.close_hint()
        if s.ui.handover:
            self.pass_device()
        self.screen.render(Motion.DEAL if action.kind == ActionKind.NEXT_HAND else Motion.MOVE, origin)
        key = self.focus_after(action, keyboard, place)
        if key is not None:
            focus(key)
        self.screen.later(s.kept.flush)
        self.turns.kick()
        return True

    def focus_after(self, action: Action, keyboard: bool, place: int) -> str | None:
        """Where the keyboard goes after your move (None: it stays): a discard by key, to the
        card now at its ``place``; a draw, to the card drawn; a pass, to your hand (the Pass
        button under the focus is gone)."""
        s = self.session
        keys = s.reads.hand_keys()
        if keyboard:
            return keys[min(place, len(keys) - 1)] if keys else None
        if s.ui.drawn is not None:
            return s.ui.drawn
        if action.kind == ActionKind.PASS and keys:
            return s.ui.focus if s.ui.focus in keys else keys[0]
        return None

    def questioned(self, action: Action, origin: i.Origin | None) -> bool:
        """Ask a feature's question about your move before it is played (True if one is asked):
        its OK plays the move, its cancel leaves you to choose again. A feature still working out
        whether to ask holds the move instead (:meth:`held`)."""
        q = self.plugs.question(action)
        if q is not None:
            self.ask(q, lambda _: self.play(action, origin, True))
            return True
        wait = self.plugs.hold(action)
        if wait is None:
            return False

        def now(_: str) -> None:  # its OK ("Knock now"): played at once, unasked
            self.play(action, origin, True)

        self.ask(wait, now)
        self.turns.when_judged(lambda: self.held(action, origin, now))
        return True

    def held(self, action: Action, origin: i.Origin | None, now: Callable[[str], object]) -> None:
        """The verdicts of your turn are known while your move is held: if you have not answered
        the words it was held under, they close and the move goes on (a question if a feature
        now has one, else played), in a task of its own (a modal's closing restyles the page)."""
        if not self.confirms.withdraw(now):  # answered already: played at once, or changed
            return

        def go_on() -> None:
            q = self.plugs.question(action)
            if q is None:
                self.played(action, origin)
            else:
                self.ask(q, lambda _: self.play(action, origin, True))

        self.screen.later(go_on)

    def pass_device(self) -> None:
        """Two people, the turn passed: nothing of the last person's hand stays in the page (the
        dialogs emptied, the live region's last words replaced by whom to pass the device to)."""
        self.dialogs.forget()
        to = self.session.reads.seating().get("handover")
        self.screen.announce(handover.announcement(str(to)))

    def refuse(self, refused: IllegalAction | Blocked) -> None:
        self.screen.clear_notices("rule")
        text = BLOCKED_TEXT[refused] if isinstance(refused, Blocked) else narrate.rule_message(refused)
        self.screen.notice(text, "rule", 3000 if isinstance(refused, Blocked) else 6000)

    # ----- the end of a hand, the next one, the match's result ------------------------------

    def end_hand(self, kind: i.EndKind) -> None:
        """Knock, gin or big gin: confirmed first (the card put face down and the melds laid
        down, your own grouping on screen first); when not legal the engine says which rule."""
        s = self.session
        blocked = s.reads.blocked(ActionKind(kind))
        if blocked is not None:
            self.refuse(blocked)
            return
        v = s.reads.view()
        if kind == "big_gin":
            self.big_gin(v)
            return
        choices = knock.knock_choices(v, kind, s.reads.shown_melds())
        if not choices:  # not legal now: the engine names the rule
            least = v.least_discard
            self.play(Action(ActionKind(kind), least[0] if least else v.hand[-1]))
            return
        title, ok = END_WORDS[kind]
        options = tuple((str(c.action), c.label()) for c in choices)
        q = Question(title, knock_text(kind, choices), ok, choices=options, legend="Your knock")
        self.ask(q, lambda value: self.play(Action.parse(value)))

    def big_gin(self, v: PlayerView) -> None:
        """Big gin, confirmed when legal; when not, the engine says which rule."""
        if not any(a.kind == ActionKind.BIG_GIN for a in v.legal_actions):
            self.play(Action(ActionKind.BIG_GIN))
            return
        q = Question("Big gin?", "All eleven cards meld: end the hand without a discard.", "Big gin")
        self.ask(q, lambda _: self.play(Action(ActionKind.BIG_GIN)))

    def next(self) -> None:
        s = self.session
        m = s.match
        if s.reads.seated is not None or s.state.remote or m.phase == Phase.HAND_OVER:
            self.play(Action(ActionKind.NEXT_HAND))
        elif m.phase == Phase.MATCH_OVER:
            self.show_match_result()

    def show_match_result(self) -> None:
        result = self.session.match.result
        if self.session.reads.seated is not None:  # a table's end is on its result panel
            return
        if result is not None and not any(f.shows_result() for f in self.plugs.results):
            names = self.session.reads.names()
            if names is None:
                self.dialogs.match_over(result)
            else:  # two people on one device: the result by name
                self.dialogs.match_over(result, names)

    # ----- undo and the hint ----------------------------------------------------------------

    def undo(self) -> None:
        s = self.session
        blocked = s.undo()
        if blocked is not None:
            self.screen.notice(undo_refused_text(blocked), "info", 3000)
            return
        self.dialogs.close_hint()
        self.screen.render()
        self.screen.announce("Move taken back. " + narrate.status_text(s.reads.view(), False, spoken=True))
        self.turns.kick()

    def hint(self) -> None:
        off = self.session.reads.help_off()
        if off is not None:  # the key (the button is disabled): said, not asked
            self.screen.notice(off, "info", 3000)
            return
        self.turns.ask_hint()

    # ----- your hand ------------------------------------------------------------------------

    def reorder(self, it: i.Reorder) -> None:
        key = str(it.card)
        self.session.reorder(key, it.index)
        self.screen.render()
        if it.said:
            self.screen.focus_card(key)
            keys = self.session.reads.hand_keys()
            if key in keys:
                self.screen.announce(f"{it.card.name} moved to place {keys.index(key) + 1}")
