"""The hand review plugged into the table: its controls, keys and handlers, the review open on
the screen (kept with your match, so a reload comes back to it), "Play on from here", the
coach's analysis of each finished hand as background work (kept with your match and counted in
the statistics), its buttons on the finished hands, and its part of the statistics and its
chart. Everything of the review lives in this folder; app.py registers it (table/port.py).

In a match of two people on one device the coach judges both seats, each review is kept with
its seat, and each person's review opens only for them, behind a handover (handover.py says why
always), showing that seat's view only (seen.py); such reviews are never counted in the
statistics (they are one person's record against the computer), and a reload closes the review.

A game played elsewhere (a table's or a friend's, ``port.PastGame``, handed over by the feature that played
it: app.py wires it to :meth:`ReviewFeature.show_game`) is shown in the same dialog from its
seat's view only (seen.py); its owner computes and keeps the coach's analysis, which is never
counted in the statistics here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from gin_core import ActionKind, Match, PlayerView
from gin_core.analysis import (
    Grade,
    HandLuck,
    HandReview,
    TheirLuck,
    decision_seed,
    grade,
    hand_luck,
    hand_moves,
    position,
    their_luck,
    think_review,
)

from ..kit.background import SLICE_MS, Slices, while_current
from ..table.port import (
    Acts,
    Background,
    Charts,
    ClosesDialogs,
    Counted,
    DialogKeys,
    Draws,
    Feature,
    FeatureIntent,
    HandButton,
    HandButtons,
    Handler,
    Job,
    LoadsLater,
    MatchPart,
    PastGame,
    Statistics,
    StatsParts,
)
from ..table.tablestate import Motion
from . import record
from .intents import CloseReview, OpenReview, PlayOn, Reviewed, ReviewGo, ReviewStep

if TYPE_CHECKING:
    from ..kit.charts import Chart
    from ..storage.savefmt import Game
    from ..storage.stats import PartCheck
    from ..storage.vault import Vault
    from .model import ReviewModel
    from .ui import ReviewUI

DIALOG = "dlg-review"
CONTROLS: dict[str, FeatureIntent] = {
    "review-first": ReviewGo("first"),
    "review-prev": ReviewGo("prev"),
    "review-next": ReviewGo("next"),
    "review-last": ReviewGo("last"),
    "review-close": CloseReview(),
    "review-play-on": PlayOn(),
}
KEYS: dict[str, FeatureIntent] = {
    "ArrowLeft": ReviewGo("prev"),
    "ArrowRight": ReviewGo("next"),
    "Home": ReviewGo("first"),
    "End": ReviewGo("last"),
}
CHARTS = ("given", "accuracy", "skill")  # the statistics' charts this feature draws
COSTLY = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)  # the grades the review marks
BUTTON = HandButton("review", "Review", "Review this hand", "btn-review")


def _luck(luck: HandLuck) -> tuple[float, int]:
    """What the cards gave you in a hand, and its net result (for the statistics)."""
    return luck.luck, luck.result


def seen_at(match: Match, wanted: Sequence[tuple[int, int]]) -> list[PlayerView]:
    """Your view before each (hand, move index) of ``wanted`` (in order of play), in the match
    itself: its scores and target, as you decided (one replay of the match for them all)."""
    fresh = Match(match.rules, seed=match.seed, dealer=match.dealer_choice, first_deal=match.first_deal)
    left = list(wanted)
    hand, index, views = 1, 0, []
    for player, action in match.history:
        while left and left[0] == (hand, index):
            views.append(fresh.view(0))
            left.pop(0)
        if not left:
            break
        fresh.apply(action, player)
        hand, index = (hand + 1, 0) if action.kind == ActionKind.NEXT_HAND else (hand, index + 1)
    return views


def sealing(g: Game) -> str | None:
    """The key that seals a two-person match's reviews in storage (None: kept in clear)."""
    return g.uid if g.people is not None else None


class ReviewFeature(  # one base per role it plays (table/port.py)
    Feature,
    Acts,
    ClosesDialogs,
    DialogKeys,
    MatchPart,
    Counted,
    StatsParts,
    Draws,
    HandButtons,
    Statistics,
    Charts,
    Background,
    LoadsLater,
):
    part_keys = (record.REVIEWS, record.OPEN, record.THEIRS)
    deferred = ("ginweb.review.model", "ginweb.review.seen", "ginweb.review.handover")
    dialog_closes: ClassVar[Mapping[str, FeatureIntent]] = {DIALOG: CloseReview()}
    dialog_keys: ClassVar[Mapping[str, Mapping[str, FeatureIntent]]] = {DIALOG: KEYS}

    def __init__(self, counts: Vault, ui: ReviewUI) -> None:
        self.counts_kept = counts
        self.ui = ui
        self.seats: record.SeatReviews = ({}, {})  # the coach's, of your match: per seat by hand number
        self.open: tuple[int, int] | None = None  # the review open on screen: (hand, step)
        self.seat = 0  # whose review is open (seat 1 only in a match of two people)
        self.theirs: dict[int, TheirLuck] = {}  # the computer's luck you may know, by hand number
        self.sent: set[tuple[str, int]] = set()  # (match, hand) reviews already counted
        self.shown: tuple[object, ReviewModel | None] | None = None  # the last model, and its key
        self.outside: tuple[PastGame, int] | None = None  # a game played elsewhere open, and its step

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "review":
            return OpenReview(int(data["hand"]))
        if act == "review-step":
            return ReviewStep(int(data["step"]))
        return CONTROLS.get(act)

    def handlers(self) -> Mapping[type, Handler]:
        return {
            OpenReview: self.open_intent,
            ReviewGo: self.go,
            ReviewStep: lambda it: self.to_step(it.step),
            CloseReview: lambda _: self.close(),
            PlayOn: lambda _: self.play_on(),
            Reviewed: lambda _: self.draw(),
        }

    def stats_parts(self) -> Mapping[str, PartCheck]:
        return {record.COACH: record.check_counts}

    # ----- your match ----------------------------------------------------------------------------

    def table_set(self, game: Game, fresh: bool) -> None:
        records = game.match.records
        self.seats = record.read_reviews(game.parts.get(record.REVIEWS), records, sealing(game))
        self.seat = 0
        self.theirs = {} if game.people else record.read_theirs(game.parts.get(record.THEIRS), records)
        # two people: a reload closes the review (the device may be in the other person's hands)
        self.open = None if game.people else record.read_open(game.parts.get(record.OPEN), len(records))

    @property
    def reviews(self) -> dict[int, HandReview]:
        """The coach's reviews of seat 0 (you against the computer), by hand number."""
        return self.seats[0]

    @property
    def shown_reviews(self) -> dict[int, HandReview]:
        """The reviews of the seat whose review is open, by hand number."""
        return self.seats[self.seat]

    def counted(self, game: Game) -> None:
        self.count(game)

    def count(self, g: Game) -> None:
        """Count the coach's reviews of your match in the statistics (each once: the statistics
        know what they counted, and this table what it sent), with the computer's level and
        each hand's luck."""
        uid = g.uid
        if g.people is not None:  # two people's match: never counted (statistics are one person's)
            return
        new = [(n, r) for n, r in self.reviews.items() if (uid, n) not in self.sent]
        if not new:
            return
        found = [(r, _luck(hand_luck(g.match, n, r))) for n, r in new]
        self.sent |= {(uid, n) for n, _ in new}
        level = g.level
        self.counts_kept.count(lambda d: sum(record.count_review(d, uid, r, level, x) for r, x in found) > 0)

    def keep(self) -> None:
        """Your match's part changed: store it with the match."""
        g = self.table.own_game
        g.parts[record.REVIEWS] = record.reviews_part(self.seats, sealing(g))
        if self.open is None:  # absent, as a stored match reads back (savefmt keeps no null part)
            g.parts.pop(record.OPEN, None)
        else:
            g.parts[record.OPEN] = list(self.open)
        if self.theirs:
            g.parts[record.THEIRS] = record.theirs_part(self.theirs)
        self.table.save_own()

    # ----- the review open on the screen ---------------------------------------------------------

    @property
    def reviewing(self) -> tuple[int, int] | None:
        """The review open on screen (hand, step): of your match, never over a practice hand."""
        return None if self.table.practicing else self.open

    def reviewable(self, hand: int) -> bool:
        """Hand ``hand`` of your match is over and its result shown (a review never shows a
        hand still live, nor the computer's reasons before the hand's end)."""
        t = self.table
        return not t.practicing and t.hand_over(hand)

    def steps(self, hand: int) -> int:
        """The last step of hand ``hand``'s review (its number of moves)."""
        return len(hand_moves(self.table.own_game.match, hand))

    def open_at(self, hand: int, step: int = 0) -> bool:
        """Open the review of hand ``hand`` at ``step``; False if that hand cannot be reviewed."""
        if not self.reviewable(hand):
            return False
        self.open = (hand, max(0, min(step, self.steps(hand))))
        self.keep()
        return True

    def model(self) -> ReviewModel | None:
        """What the open review shows (the coach's verdicts once its analysis is in)."""
        shown = self.reviewing
        if shown is None or not self.reviewable(shown[0]):
            return None
        g = self.table.game
        hand, step = shown
        from . import model  # deferred: warmup.py imports it after the first paint

        reviews = self.shown_reviews
        if g.people is None:
            reasons = model.reasons_by_move(g.log, g.match, hand)
            theirs = self.theirs.get(hand)
            return model.review_model(g.match, hand, step, reviews.get(hand), reasons, reviews, theirs=theirs)
        from .seen import Reader  # deferred, as model

        reader = Reader(self.seat, g.people)
        return model.review_model(g.match, hand, step, reviews.get(hand), {}, reviews, reader)

    def can_play_on(self, hand: int, step: int) -> bool:
        """Step ``step`` of hand ``hand`` is one of your decisions (a practice hand can start there)."""
        two_people = self.table.game.people is not None  # a practice hand is against the computer
        if not self.reviewable(hand) or two_people:
            return False
        moves = hand_moves(self.table.own_game.match, hand)
        return 0 <= step < len(moves) and moves[step][0] == 0

    # ----- the coach -----------------------------------------------------------------------------

    def coach_due(self, seat: int = 0) -> list[int]:
        """Your match's finished hands the coach has not looked at yet for seat ``seat``."""
        n = len(self.table.own_game.match.records)
        done = self.seats[seat]
        return [k for k in range(1, n + 1) if k not in done and self.table.hand_over(k)]

    def judged(self) -> tuple[int, ...]:
        """The seats the coach judges: yours, or both people's."""
        return (0, 1) if self.table.own_game.people is not None else (0,)

    def keep_review(self, uid: str, found: HandReview) -> bool:
        """Keep the coach's review of a hand of match ``uid`` (counted in the statistics and
        saved with the match); False if that match is no longer yours."""
        if self.table.own_game.uid != uid:
            return False
        self.seats[found.player][found.hand_number] = found
        self.count(self.table.own_game)
        self.keep()
        return True

    def flagged(self) -> list[tuple[PlayerView, int]]:
        """Your decisions the coach graded as costly in your match (an inaccuracy or worse, as
        the review marks them), each as you saw it, with the seed the review drew its guesses
        with (app.py hands them on: your own mistakes to try again, judged as the review did)."""
        if self.table.own_game.people is not None:  # two people: no practice against the computer
            return []
        match = self.table.own_game.match
        wanted = [
            (n, v.move_index, decision_seed(position(match, n, v.move_index).view(0), v.move_index))
            for n, r in sorted(self.reviews.items())
            for v in r.verdicts
            if grade(v) in COSTLY
        ]
        views = seen_at(match, [(n, move) for n, move, _ in wanted])
        return [(view, seed) for view, (_, _, seed) in zip(views, wanted, strict=False)]

    def judged_hands(self) -> tuple[str, int]:
        """Your match and how many of its hands the coach judged (what :meth:`flagged` follows)."""
        g = self.table.own_game
        return g.uid, len(self.reviews)

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The coach's analysis of each finished hand of your match not yet reviewed (it runs in
        the background, only while the table is idle, and stops once the match is left)."""
        g = self.table.own_game
        due = [
            (f"coach:{g.uid}:{record.review_key(seat, hand)}", seat, hand)
            for seat in self.judged()
            for hand in self.coach_due(seat)
        ]
        return [
            (
                key,
                self.while_yours(
                    g.uid, self.ui.timed(hand, think_review(g.match, hand, slice_ms=SLICE_MS, player=seat))
                ),
                self.reviewed(g.uid),
            )
            for key, seat, hand in due
            if not known(key)
        ] + self.their_jobs(known)

    def their_jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """Against the computer, the coach's analysis of its decisions in each finished hand whose
        end laid its hand open (after yours: the computer's luck, as far as you may know it)."""
        g = self.table.own_game
        if g.people is not None:
            return []
        m, uid = g.match, g.uid
        due = [
            (f"coach:{uid}:theirs:{n}", n)
            for n in range(1, len(m.records) + 1)
            if n not in self.theirs and m.records[n - 1].settlement is not None and self.table.hand_over(n)
        ]
        return [
            (
                key,
                self.while_yours(uid, think_review(m, n, slice_ms=SLICE_MS, player=1)),
                self.their_reviewed(uid, n),
            )
            for key, n in due
            if not known(key)
        ]

    def while_yours(self, uid: str, work: Slices) -> Slices:
        """``work`` while match ``uid`` is yours: a match left for another one stops its
        analyses at their next slice (kit/background.py: queued again should it come back)."""
        return while_current(work, lambda: self.table.own_game.uid == uid)

    def their_reviewed(self, uid: str, hand: int) -> Callable[[HandReview], None]:
        def done(found: HandReview) -> None:
            g = self.table.own_game
            if g.uid == uid:
                self.theirs[hand] = their_luck(g.match, hand, found)
                self.keep()
                self.table(Reviewed())

        return done

    def reviewed(self, uid: str) -> Callable[[HandReview], None]:
        """Keep a hand's review, draw it, and queue the background work that follows from it
        (another feature's, from :meth:`flagged`)."""

        def done(found: HandReview) -> None:
            if self.keep_review(uid, found):
                self.table(Reviewed())
                self.table.work()

        return done

    # ----- the screen ----------------------------------------------------------------------------

    def draw(self) -> None:
        """The review dialog: open on the hand and step kept, or closed. The model is built
        again only when the step, the coach's verdicts or the log changed."""
        if self.outside is not None:
            self.ui.render(self.outside_model(), False)
            return
        t = self.table
        shown = self.reviewing
        g = t.own_game
        analysed = shown is not None and shown[0] in self.shown_reviews
        theirs = shown is not None and shown[0] in self.theirs
        key = (g.uid, shown, self.seat, analysed, theirs, len(g.log), t.stage)
        if self.shown is None or self.shown[0] != key:
            self.shown = (key, self.model() if shown is not None else None)
        found = self.shown[1]
        self.ui.render(
            found, found is not None and shown is not None and self.can_play_on(shown[0], found.step)
        )

    def show_game(self, game: PastGame) -> None:
        """Open the review of a game played elsewhere at its start (``game.update``: refresh the
        one open on that game, keeping its step)."""
        now = self.outside
        if game.update:
            if now is None or now[0].match is not game.match or now[0].seat != game.seat:
                return
            self.outside = (game, now[1])
        else:
            self.outside = (game, 0)
        self.draw()

    def outside_model(self) -> ReviewModel:
        """The open review of a game played elsewhere, from its seat's view only."""
        from . import model  # deferred: warmup.py imports it after the first paint
        from .seen import Reader  # deferred, as model

        assert self.outside is not None, "a game played elsewhere is open"
        g, step = self.outside
        reader = Reader(g.seat, g.names, g.alone, g.hand)
        return model.review_model(g.match, 1, step, g.analysis, {}, {}, reader)

    def hand_buttons(self) -> tuple[HandButton, ...]:
        """The review of a finished hand of your match (with two people, each person's own,
        behind a handover); none at a table of seats (its games are gone over there)."""
        return () if self.table.seated is not None or self.table.remote is not None else (BUTTON,)

    def statistics_opened(self) -> None:
        from . import model  # deferred: warmup.py imports it after the first paint

        self.ui.show_statistics(model.coach_rows(record.coach_counts(self.counts_kept.stats_data)))

    def chart(self, name: str) -> Chart | None:
        if name not in CHARTS:
            return None
        from . import model  # deferred: warmup.py imports it after the first paint

        draw = {"given": model.given_chart, "accuracy": model.accuracy_chart, "skill": model.skill_chart}
        return draw[name](record.coach_counts(self.counts_kept.stats_data))

    # ----- handlers ------------------------------------------------------------------------------

    def open_intent(self, it: OpenReview) -> bool:
        """The review of a finished hand of your match (never of a hand still live)."""
        t = self.table
        self.outside = None
        people = self.table.own_game.people
        if people is not None and it.seat is None:
            from .handover import ask_whose  # deferred: warmup.py imports it after the first paint

            ask_whose(t, it.hand, people)
            return True
        off = self.table.help_off()
        if off is not None and self.table.own_game.match.result is None:
            t.notice(off, "info", 3000)  # a match that counts, and the best moves shown would play it
            return False
        self.seat = it.seat or 0
        if people is not None and self.reviewable(it.hand):
            t.show_seat(self.seat)  # the device is theirs: the table behind shows their own view
        if not self.open_at(it.hand, it.step):
            t.notice("This hand can be reviewed once it is over.", "info", 3000)
            return False
        t.close_hint()
        t.render(Motion.NONE)
        t.work()
        return True

    def go(self, it: ReviewGo) -> bool:
        shown = self.reviewing if self.outside is None else (1, self.outside[1])
        if shown is None:
            return False
        hand, step = shown
        last = self.steps(hand) if self.outside is None else len(hand_moves(self.outside[0].match, 1))
        target = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}[it.way]
        return self.to_step(target)

    def to_step(self, step: int) -> bool:
        """Go to ``step`` of the open review (kept, so a reload comes back to it)."""
        if self.outside is not None:
            game = self.outside[0]
            self.outside = (game, max(0, min(step, len(hand_moves(game.match, 1)))))
            self.draw()
            return True
        shown = self.reviewing
        if shown is None or not self.open_at(shown[0], step):
            return False
        self.table.render(Motion.NONE)
        return True

    def close(self) -> None:
        """Close the review, emptied (ui.py: its cards do not stay in the page)."""
        self.outside = None
        if self.reviewing is not None:
            self.open = None
            self.keep()
        self.ui.close()
        self.table.close_dialog(DIALOG)

    def decision_view(self) -> PlayerView | None:
        """Your decision at the review's step as you saw it (None: the step is not yours); app.py
        hands it on, to be shared as a position."""
        shown = self.reviewing
        if shown is None or not self.can_play_on(*shown):
            return None
        return seen_at(self.table.own_game.match, [shown])[0]

    def play_on(self) -> bool:
        """A practice hand from just before your move at the review's step: the same deal and
        moves so far, the computer at your match's level. The review stays open in your match,
        so "Back to your match" returns to it exactly as it was."""
        shown = self.reviewing
        if shown is None or not self.can_play_on(*shown):
            return False
        hand, step = shown
        t = self.table
        m = t.own_game.match
        rec = m.records[hand - 1]
        t.practice(rec.deal_code, rec.dealer, position(m, hand, step))
        t.notice("Practice hand from your move. It does not count; your match waits.", "info", 4000)
        return True
