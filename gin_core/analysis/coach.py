"""The coach: each decision of the player (seat 0) in a finished hand, judged on the player's view.

For every decision with more than one legal move, the hint engine values the move played and the
moves worth weighing against it on the view the player had then (never the opponent's hand or the
stock order: a view holds neither), and the coach compares the move played with the move it rates
best. A decision is a mistake only when the
loss is clearly beyond the estimate's noise (:data:`MISTAKE_POINTS`) whoever plays on, in
the hand's opening only a broken meld, a knock or a wait (:data:`OPENING_STOCK`), none in its
last cards (:data:`LATE_STOCK`), never a face-up card taken where it would have drawn from the
stock, and a wait only where the better move is gin (:func:`flagged_at`); the reason is data (a
:class:`MistakeKind`, cards and figures) for the page to put into words.

The analysis is a generator with the bots' slicing protocol (it yields the work units of each
slice and returns the :class:`HandReview`), and is deterministic: each decision's search is
seeded from what the player had seen then and the move's index (:func:`decision_seed`), never
from the deal. Reviews round-trip through plain JSON data, so
a page stores them with the match instead of recomputing them.

The playouts model the game the player actually plays: the computer it faces is the standard
level by default (hard and expert start from its choice), who knocks only well under its public
estimate of the other's count and so waits, often for gin, against a player who took pile
cards; both seats of the playouts knock that way (:attr:`Strength.cautious`). With the playout
policy's knock-at-once, the guessed opponent ended hands the real one plays on, and the coach
rated some knocks, late discards and late draws 10-14 points worse than a deeper search does.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..actions import Action, ActionKind
from ..arrange import best_arrangement, min_deadwood, trim_caches
from ..bots.kernel import (
    KNOCK_MARGIN,
    SAME_RANK,
    SUIT_FAR,
    SUIT_NEAR,
    ExpertBot,
    Guess,
    Inference,
    Judge,
    Knowledge,
    Option,
    Reason,
    SearchBot,
    SearchSettings,
    Work,
    best_knock,
    fits,
    guess_hidden,
    likely_deadwood,
    likely_opponent_deadwood,
    playout_bound,
    rank_key,
    reason_of,
    rng_for,
    simulate,
    standard_choice,
)
from ..cards import CARDS, Card, cards_of, mask_of
from ..checks import check_int, check_is, check_player, check_real, check_seed, check_slice_ms
from ..checks import describe as shown
from ..errors import ArgumentError, GinError
from ..flow import Phase
from ..match import Match
from ..view import PlayerView
from .replay import finished_record, hand_in_progress, hand_moves, hand_start


def _stdev(xs: list[float]) -> float:
    """The sample standard deviation (without the statistics module: it imports decimal and
    fractions, which the page would load at start-up for this one figure)."""
    mean = math.fsum(xs) / len(xs)
    return math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (len(xs) - 1))


PLAYER = 0  # the seat the coach judges unless told: the person at the page against the computer

MISTAKE_POINTS = 8.0
"""A loss (points of expected hand value) over this even :data:`SURE` standard errors lower is
a mistake (see :func:`beyond_noise`). Set against the deep oracle (``scripts/oracle_coach.py``:
200 guesses of the hidden cards, the standard level playing both seats to the end of the hand;
figures by ``scripts/coach_figures.py``, 409 decisions, the playouts' seats knocking like the
standard level): over 8 points, the oracle confirms all 3 flags (its 90% interval above 0) and
none of its 92 best moves is flagged; over 6, 6 of 6; over 4, 9 of 10 (none contradicted). On
the 51 flags of 540 more hands: 47 confirmed, none contradicted (``benchmarks/coach.md``)."""


Outcome = Callable[[int], float]
"""What the end of a hand is worth to the player, from its net points for them: the coach's
values are means of this over the playouts (hand points now; a match's rules can pass the
change in match-win chance instead, the losses are then in that unit)."""


def hand_points(points: int) -> float:
    """The value of a hand's end in hand points (the unit of one-hand rules)."""
    return float(points)


SURE = 1.645
"""How many standard errors a loss is lowered by before it is compared with a threshold (the
lower end of a one-sided 95% interval)."""


class Style(StrEnum):
    """How both seats of a playout knock once the move is made: who plays on decides many
    verdicts (issue 41), so a flag must hold under each style of :attr:`Strength.checks`.

    - ``cautious``: as :attr:`Strength.cautious` says (the coach's values: like the standard level);
    - ``at_once``: as soon as the rules allow (the simple player);
    - ``gin_only``: only with gin (the gin hunter after its first turns): hands run long.
    """

    CAUTIOUS = "cautious"
    AT_ONCE = "at_once"
    GIN_ONLY = "gin_only"


@dataclass(frozen=True)
class Strength:
    """How the coach values each decision: guesses of the hidden cards, work units (see
    :mod:`gin_core.bots.base`), discards shortlisted, the playouts' wary players (see
    :func:`~gin_core.bots.rollout.playout`), how the guesses are drawn, the value of an
    outcome, the other continuations a loss must hold under (``checks``, within
    ``check_units`` more work units a decision), and how much deeper a doubted knock is looked
    at (``doubt``, see :func:`doubted_knock`)."""

    samples: int
    total_units: int
    candidates: int = 3
    wary: int = 0
    aware: float = 0.0  # the share of guesses on which the opponent is also wary
    inference: Inference = SearchBot.inference
    outcome: Outcome = hand_points
    cautious: int = 0  # the playouts' seats (bit 0: the player) who knock like the standard level
    style: Style = Style.CAUTIOUS
    checks: tuple[Style, ...] = ()
    check_units: int = 0
    doubt: int = 1  # a doubted knock is valued again with this many times the guesses and units

    def deeper(self) -> Strength:
        """This strength with :attr:`doubt` times the guesses and work units (its checks' too),
        looking no deeper again."""
        return replace(
            self,
            samples=self.samples * self.doubt,
            total_units=self.total_units * self.doubt,
            check_units=self.check_units * self.doubt,
            doubt=1,
        )

    def limits(self, view: PlayerView, know: Knowledge) -> tuple[int, int] | None:
        """The counts the playouts' player and opponent knock with: a ``cautious`` seat knocks
        like the standard level, ``KNOCK_MARGIN`` under its public estimate of the other's count
        (which falls with each card the other took from the pile); the others with the rules'
        limit (None: both). Another :attr:`style` overrides it: the rules' limit, or gin only."""
        if self.style == Style.AT_ONCE:
            return None
        if self.style == Style.GIN_ONLY:
            return 0, 0
        if not self.cautious:
            return None
        rules_limit = view.knock_limit
        mine = likely_opponent_deadwood(view, know) - KNOCK_MARGIN if self.cautious & 1 else rules_limit
        took = len(view.pile_takes[view.player])
        theirs = likely_deadwood(view, view.player, took) - KNOCK_MARGIN if self.cautious & 2 else rules_limit
        return mine, theirs


@dataclass
class Trial:
    """One move's playouts: its value on each guess, in the order of the guesses."""

    action: Action
    why: Reason
    values: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)  # under a target: the match-win chance of each

    @property
    def value(self) -> float:
        """The move's mean value over the guesses (0 before any)."""
        return math.fsum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win(self) -> float | None:
        """The move's mean chance to win the match over the guesses (None under one-hand rules)."""
        return math.fsum(self.wins) / len(self.wins) if self.wins else None

    def reason(self) -> Reason:
        """Why the move, with how it fared, as the hint says it (:meth:`Reason.wins`: the percent
        of guesses it scored on, and its mean value)."""
        if not self.values:
            return self.why
        scored = sum(1 for v in self.values if v > 0)
        return replace(self.why, wins=round(100 * scored / len(self.values)), points=round(self.value, 2))


def paired_error(a: Trial, b: Trial) -> float:
    """The standard error of ``a``'s value minus ``b``'s, measured on their shared guesses
    (the difference's spread, which is far smaller than either value's)."""
    diffs = [x - y for x, y in zip(a.values, b.values, strict=True)]
    return _stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0


def win_loss(best: Trial, played: Trial) -> float | None:
    """The match-win chance (0-1) the move played gave away against the best move, measured on
    the same playouts as the points and lowered by one standard error like :attr:`Verdict.loss`
    (None under one-hand rules)."""
    if best.win is None or played.win is None:
        return None
    diffs = [x - y for x, y in zip(best.wins, played.wins, strict=True)]
    error = _stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return round(max(0.0, best.win - played.win - error), 4)


STANDARD = Strength(
    96,
    16_000,
    aware=0.5,
    inference=ExpertBot.inference,
    cautious=0b11,
    checks=(Style.AT_ONCE, Style.GIN_ONLY),
    check_units=12_000,
    doubt=4,
)
"""The coach's default, checked against the deep oracle (``scripts/oracle_coach.py``, figures
in ``scripts/coach_figures.py``). The expert's guesses: against our levels they guess the
opponent's deadwood within half a point, where the hard level's guess it 3 points too high
(a knock then looks 5 points better than it is). The opponent of the playouts sees an
undercut on half the guesses: the playouts' opponent knocks as soon as it can, so a wait
collected undercuts the standard level does not give (3.4 points too many on the standard
level's knocks), and an opponent who never walks into one makes waiting 3 points too poor.
Both seats of the playouts knock like the standard level (``cautious``), the computer the
player faces: an opponent knocking at once ended hands the standard level plays on (it waits
against a player who took pile cards), which priced a beginner's knocks and keeps of high
cards 10-20 points too low (``benchmarks/coach.md``).
96 guesses within 16,000 units: a review takes 0.4 s a hand in CPython (0.9 s at most).
Where the move played loses, the best move and it are played again on the same guesses with
both seats knocking at once and with both going for gin only (``checks``: the simple player and
the gin hunter, the ends of the reference analysis's continuations, ``benchmarks/verdicts.md``;
96 guesses take up to 6,000 and 10,000 units), and a flag must hold under all three. A knock
over the threshold in all three but not beyond the noise is valued again at four times the
guesses (``doubt``, :func:`doubted_knock`)."""

SHOWN_REASON = 160  # characters of a reason quoted in CoachDataError's one-line message
STORED_POINTS = 100_000.0
"""A stored value in points lies within +-this: no hand scores more under any rules (each bonus
is at most 1,000, the target 10,000), and a reader sums, scales by 10 and rounds them (a
finite -1e308 overflowed the coach's count; -1e25 wrote a 27-digit count)."""
STORED_WHOLE = 1 << 31  # a stored hand number, move index or count is below this
ENDINGS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
Thinking = Generator[int, None, "HandReview"]


class CoachDataError(GinError):
    """Raised for stored review data that is not a review (a reload then recomputes it)."""


class MistakeKind(StrEnum):
    """What went wrong in a decision the coach flags:

    - ``knocked_too_early``: knocked; waiting was worth more. cards: (knock card,).
    - ``waited_too_long``: could knock or go gin and discarded instead. cards: (the card to end
      with,); ``best_deadwood``: the count it could have ended with.
    - ``discarded_into_meld``: the discard joins cards the computer was seen taking from the pile.
      cards: (discard, *those cards).
    - ``broke_meld``: the discard broke a made meld. cards: (discard, *the meld's other cards).
    - ``kept_dead_pair``: kept a pair nothing can complete any more. cards: (the pair);
      ``gone``: the cards that would have completed it, all seen elsewhere.
    - ``took_unused``: took the face-up card and it fits nothing. cards: (taken,).
    - ``drew_wrong``: took the face-up card, or left it, when the other draw was worth more.
      cards: (face-up card,).
    - ``other``: none of the above; ``deadwood`` / ``best_deadwood`` compare the two moves.
    """

    KNOCKED_TOO_EARLY = "knocked_too_early"
    WAITED_TOO_LONG = "waited_too_long"
    DISCARDED_INTO_MELD = "discarded_into_meld"
    BROKE_MELD = "broke_meld"
    KEPT_DEAD_PAIR = "kept_dead_pair"
    TOOK_UNUSED = "took_unused"
    DREW_WRONG = "drew_wrong"
    OTHER = "other"


OPENING_STOCK = 24
"""While the stock still holds this many cards (about each player's first four draws), a loss
is flagged only if it is of a kind in :data:`HOLDS_EARLY`: with most of the hand to play, who
plays on decides which discard or draw was better, and the coach's three continuations do not
span the players who might. In the reference analysis (``benchmarks/verdicts.md``, third and
fourth runs: every hand model x continuation policy), none of the 16 discards and draws
checked at such a stock held under every pair (2 flags, 14 more that lost beyond 4 points in
every continuation), against 6 of the 40 checked later in the third run."""

LATE_STOCK = 8
"""With this many cards or fewer left in the stock, a loss is graded, not flagged (but for a
wait where the better move is gin): so close to the hand's end, who the opponent is decides
which move was better, and the coach guesses the hidden hand one way (the sampler's). In the
reference analysis (``benchmarks/verdicts.md``, session 35: the flags of sessions 30, 34 and
35, 471 in all, each checked at once under every hand model x continuation policy) 40 of the
52 flags at such a stock held (39 of 48 knocks), where 406 of the other 419 did; the pairs
that stop them short are mostly the posterior's, the hand model that weighs what the opponent
was seen to do."""

HOLDS_EARLY = frozenset({MistakeKind.BROKE_MELD, MistakeKind.KNOCKED_TOO_EARLY, MistakeKind.WAITED_TOO_LONG})
"""The kinds of mistake flagged however early. A made meld broken holds whoever plays on (the
broken set of sevens at stock 31 of deal 000-3C8J: better under all twelve pairs of the
reference analysis). A knock ends the hand at once, so only the other move's value hangs on who
plays on: 2 of the 3 early knocks flagged held under every pair (fourth run)."""


@dataclass(frozen=True)
class Mistake:
    """Why a decision is a mistake, as data (see :class:`MistakeKind` for what each carries);
    ``deadwood`` is the count after the move played, ``best_deadwood`` after the best move
    (``None`` in the draw phases)."""

    kind: MistakeKind
    cards: tuple[Card, ...] = ()
    gone: tuple[Card, ...] = ()
    deadwood: int | None = None
    best_deadwood: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "cards": [str(c) for c in self.cards],
            "gone": [str(c) for c in self.gone],
            "deadwood": self.deadwood,
            "best_deadwood": self.best_deadwood,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Mistake:
        with reading("a stored mistake"):
            return cls(
                MistakeKind(data["kind"]),
                _cards(data["cards"], "cards"),
                _cards(data["gone"], "gone"),
                _count(data["deadwood"], "deadwood"),
                _count(data["best_deadwood"], "best_deadwood"),
            )


@dataclass(frozen=True)
class Gap:
    """The best move's lead over the move played when the playouts go on in another
    :class:`Style`, on the same guesses: the mean paired difference (points, negative when the
    move played did better), its standard error, and the match-win chance lost (0-1, lowered by
    one error; None under one-hand rules)."""

    style: Style
    lead: float
    error: float
    win_loss: float | None = None

    @property
    def loss(self) -> float:
        """The lead less one standard error, never negative (as :attr:`Verdict.loss`)."""
        return max(0.0, self.lead - self.error)

    def to_data(self) -> dict[str, Any]:
        return {"style": self.style.value, "lead": self.lead, "error": self.error, "win_loss": self.win_loss}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Gap:
        with reading("a stored gap"):
            return cls(
                Style(data["style"]),
                _points(data["lead"], "lead"),
                _points(data["error"], "error"),
                _chance(data["win_loss"]),
            )


@dataclass(frozen=True)
class Verdict:
    """One decision of the player: the move played, the move the coach rates best, both valued
    in expected points of the hand; ``mistake`` is set only when the loss is beyond the noise
    under every continuation measured (:meth:`beyond`), and early in the hand only for a kind
    that holds then (:func:`flagged_at`). ``gaps``: the best move's lead under the
    other continuations (:attr:`Strength.checks`), measured where the loss is above 0. Under
    rules with a target, ``win_loss`` is the loss in the chance to win the match (0-1, the least
    over the continuations), the unit a player understands; the grades stay on the points."""

    move_index: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    mistake: Mistake | None = None
    error: float = 0.0  # the standard error of best_value - played_value (paired guesses)
    win_loss: float | None = None
    gaps: tuple[Gap, ...] = ()

    @property
    def measured_loss(self) -> float:
        """The best move's value less the move played's, as measured (never negative)."""
        return (
            0.0
            if same_move(self.played, self.best)
            else round(max(0.0, self.best_value - self.played_value), 2)
        )

    @property
    def loss(self) -> float:
        """Points the move played gave away against the best move (never negative): the
        measured loss less one standard error, the least over the continuations measured (the
        robust loss: who plays on decides many verdicts). The best of several noisy values runs
        high: against the deep oracle, measured losses were 1.7 points too high on average where
        the coach preferred another move; less one error, 0.2 (``scripts/coach_figures.py``)."""
        first = max(0.0, self.measured_loss - self.error)
        return round(min([first, *(g.loss for g in self.gaps)]), 2)

    def beyond(self, threshold: float) -> bool:
        """Whether the loss is over ``threshold`` beyond the noise (:func:`beyond_noise`) under
        every continuation measured."""
        return beyond_noise(self.measured_loss, self.error, threshold) and all(
            beyond_noise(g.lead, g.error, threshold) for g in self.gaps
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "move": self.move_index,
            "played": str(self.played),
            "best": str(self.best),
            "played_value": self.played_value,
            "best_value": self.best_value,
            "mistake": None if self.mistake is None else self.mistake.to_data(),
            "error": self.error,
            "win_loss": self.win_loss,
            "gaps": [g.to_data() for g in self.gaps],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Verdict:
        with reading("a stored verdict"):
            why = data["mistake"]
            return cls(
                _whole(data["move"], "move", 0),
                Action.parse(data["played"]),
                Action.parse(data["best"]),
                _points(data["played_value"], "played_value"),
                _points(data["best_value"], "best_value"),
                None if why is None else Mistake.from_data(why),
                _points(data["error"], "error"),
                _chance(data.get("win_loss")),  # absent in reviews stored before it was measured
                _gaps(data.get("gaps", [])),  # absent in reviews stored before the checks
            )


@dataclass(frozen=True)
class HandReview:
    """The coach's verdicts on the decisions of seat ``player`` in one finished hand
    (``hand_number`` counts from 1)."""

    hand_number: int
    deal_code: str
    verdicts: tuple[Verdict, ...]
    player: int = PLAYER

    @property
    def mistakes(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.mistake is not None)

    @property
    def given_away(self) -> float:
        """Points given away by the mistakes (losses within the noise are not counted)."""
        return round(sum(v.loss for v in self.mistakes), 2)

    @property
    def given_away_win(self) -> float | None:
        """The match-win chance the mistakes gave away (None unless every one was measured in it)."""
        lost = [v.win_loss for v in self.mistakes]
        return round(sum(w for w in lost if w is not None), 4) if None not in lost else None

    def verdict_at(self, move_index: int) -> Verdict | None:
        """The verdict on move ``move_index`` of the hand, if it was one of the player's decisions."""
        return next((v for v in self.verdicts if v.move_index == move_index), None)

    def to_data(self) -> dict[str, Any]:
        return {
            "hand": self.hand_number,
            "deal": self.deal_code,
            "verdicts": [v.to_data() for v in self.verdicts],
            "player": self.player,
        }

    @classmethod
    def from_data(cls, data: Any) -> HandReview:
        """A review from :meth:`to_data`'s output (types checked exactly: a stored review is
        ours or it is nothing), or :class:`CoachDataError`."""
        try:
            deal = data["deal"]
            if not isinstance(deal, str):
                raise CoachDataError(f"'deal' must be a deal code, not {shown(deal)}")
            verdicts = data["verdicts"]
            if not isinstance(verdicts, list):
                raise CoachDataError(f"'verdicts' must be a list, not {shown(verdicts)}")
            player = data.get("player", PLAYER)  # absent in reviews stored before a seat was chosen
            if type(player) is not int or player not in (0, 1):
                raise CoachDataError(f"'player' must be seat 0 or 1, not {shown(player)}")
            whole = _whole(data["hand"], "hand", 1)
            return cls(whole, deal, tuple(Verdict.from_data(v) for v in verdicts), player)
        except KeyError as e:  # our own keys: short
            raise CoachDataError(f"not a stored hand review (no {e})") from None
        except (TypeError, ValueError) as e:  # a GinError is a ValueError
            reason = str(e).partition("\n")[0]
            raise CoachDataError(f"not a stored hand review ({reason[:SHOWN_REASON]})") from None


@contextlib.contextmanager
def reading(what: str) -> Iterator[None]:
    """Whatever stored data that is not ``what`` provokes while it is read becomes one
    :class:`CoachDataError` naming the problem (a part's own message kept)."""
    try:
        yield
    except CoachDataError:
        raise
    except KeyError as e:
        raise CoachDataError(f"not {what} (no {e})") from None
    except (TypeError, ValueError, AttributeError) as e:  # a GinError is a ValueError
        raise CoachDataError(f"not {what} ({str(e).partition(chr(10))[0][:SHOWN_REASON]})") from None


def _whole(value: Any, what: str, least: int) -> int:
    """A stored whole number from ``least`` below :data:`STORED_WHOLE` (an int: not a bool, a
    float or a text)."""
    if type(value) is not int or not least <= value < STORED_WHOLE:
        raise CoachDataError(f"'{what}' must be a whole number from {least} below 2**31, not {shown(value)}")
    return value


def _count(value: Any, what: str) -> int | None:
    return None if value is None else _whole(value, what, 0)


def _points(value: Any, what: str) -> float:
    """A stored value in points: a number within +-:data:`STORED_POINTS` (not a bool, NaN or an
    infinity)."""
    if type(value) in (int, float) and abs(value) <= STORED_POINTS:
        return float(value)
    raise CoachDataError(
        f"'{what}' must be a number of points within +-{STORED_POINTS:,.0f}, not {shown(value)}"
    )


def _chance(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise CoachDataError(f"'win_loss' must be a chance from 0 to 1, not {shown(value)}")
    return float(value)


def _gaps(value: Any) -> tuple[Gap, ...]:
    if not isinstance(value, list) or len(value) > len(Style):
        raise CoachDataError(f"'gaps' must be a list of at most {len(Style)} gaps, not {shown(value)}")
    return tuple(Gap.from_data(g) for g in value)


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise CoachDataError(f"'{what}' must be a list of cards, not {shown(value)}")
    return tuple(Card.parse(c) for c in value)


def same_move(a: Action, b: Action) -> bool:
    """The same move, whatever melds a knock declares."""
    check_is(a, Action, "a")
    check_is(b, Action, "b")
    return a.kind == b.kind and a.card == b.card


def decision_seed(view: PlayerView, move_index: int) -> int:
    """The search seed of one decision: a hash of what the deciding player has seen (their
    seat, their cards, the hand's public events) and the move's index, so the same in every run
    and on every deal they could not tell from this one. Never of the deal: a seed drawn from
    hidden cards would make a verdict shown during the hand depend on them. The arguments are
    checked."""
    check_is(view, PlayerView, "view")
    check_int(move_index, "move_index", 0, STORED_WHOLE)
    events = ";".join(f"{e.kind},{e.player},{e.card},{e.number},{e.cause}" for e in view.events)
    seen = f"coach:{view.player}:{move_index}:{' '.join(map(str, view.hand))}:{events}"
    digest = hashlib.sha256(seen.encode()).digest()
    return int.from_bytes(digest[:4], "big")


# ----- the analysis ---------------------------------------------------------------------------


def think_review(  # 6 parameters: the hand, the coach's settings, slices and the seat judged
    match: Match,
    hand_number: int,
    threshold: float = MISTAKE_POINTS,
    strength: Strength = STANDARD,
    slice_ms: float | None = None,
    player: int = PLAYER,
) -> Thinking:
    """Judge every decision of seat ``player`` in finished hand ``hand_number`` of ``match``, in
    slices (``slice_ms``: see :class:`~gin_core.bots.base.Work`): yields the work units of each
    slice (0 for emptying the caches), returns the review. The arguments are checked at the call,
    not at the first slice."""
    finished_record(match, hand_number)
    seat = check_player(player)
    threshold = check_real(threshold, "threshold", 0.0, STORED_POINTS)
    check_is(strength, Strength, "strength")
    return _judge_hand(match, hand_number, threshold, strength, check_slice_ms(slice_ms), seat)


def _judge_hand(  # 6 parameters: think_review's, checked
    match: Match, hand_number: int, threshold: float, strength: Strength, slice_ms: float | None, seat: int
) -> Thinking:
    record = finished_record(match, hand_number)
    table = hand_start(match, hand_number)
    verdicts = []
    for index, (player, action) in enumerate(hand_moves(match, hand_number)):
        view = table.view(seat) if player == seat else None
        if view is not None and len(view.legal_actions) > 1:
            if trim_caches():
                yield 0
            seed = decision_seed(view, index)
            judge = match_judge(match, hand_number, view)
            verdicts.append(
                (yield from think_verdict(view, action, index, seed, threshold, strength, slice_ms, judge))
            )
        table.apply(action, player)
    return HandReview(hand_number, record.deal_code, tuple(verdicts), seat)


def match_judge(match: Match, hand_number: int, view: PlayerView) -> Judge | None:
    """What a hand's points are worth in ``match`` at the score before hand ``hand_number``
    (``view`` is of the hand replayed alone, without the target; None under one-hand rules)."""
    return Judge.of(replace(view, rules=match.rules, scores=_scores_before(match, hand_number)))


def _scores_before(match: Match, hand_number: int) -> tuple[int, int]:
    """Each seat's points from the hands of ``match`` before hand ``hand_number``."""
    before = match.records[: hand_number - 1]
    return sum(r.points[0] for r in before), sum(r.points[1] for r in before)


def review(
    match: Match,
    hand_number: int,
    threshold: float = MISTAKE_POINTS,
    strength: Strength = STANDARD,
    player: int = PLAYER,
) -> HandReview:
    """:func:`think_review` run to the end."""
    thinking = think_review(match, hand_number, threshold, strength, player=player)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: HandReview = done.value
            return result


def think_verdict(  # 8 parameters: a decision, its seed, think_review's settings and the match's judge
    view: PlayerView,
    played: Action,
    move_index: int,
    seed: int,
    threshold: float = MISTAKE_POINTS,
    strength: Strength = STANDARD,
    slice_ms: float | None = None,
    judge: Judge | None = None,
) -> Generator[int, None, Verdict]:
    """Value every legal move of ``view`` (the hint engine, seeded with ``seed``) and judge
    ``played``: a pure function of the view, the move and the seed; with ``judge`` (the match's
    rules and score, see :func:`match_judge`) the loss is also measured in match-win chance."""
    judged = yield from think_judged(view, played, move_index, seed, threshold, strength, slice_ms, judge)
    return judged.verdict


@dataclass(frozen=True)
class Judged:
    """A verdict with what the two moves it compares do, as their playouts found them
    (:meth:`Trial.reason`: a knock's share of guesses won, its points): the reasons the tutor
    gives before a move (:func:`think_decision`)."""

    verdict: Verdict
    played_why: Reason
    best_why: Reason
    played_win: float | None = None  # under a target: the move's own chance to win the match


def think_judged(  # 8 parameters: think_verdict's
    view: PlayerView,
    played: Action,
    move_index: int,
    seed: int,
    threshold: float,
    strength: Strength,
    slice_ms: float | None,
    judge: Judge | None,
) -> Generator[int, None, Judged]:
    """:func:`think_verdict`, with the reasons of the move played and of the best move; a
    doubted knock (:func:`doubted_knock`) judged again at :meth:`Strength.deeper`."""
    for look in (strength, strength.deeper()) if strength.doubt > 1 else (strength,):
        measured = yield from think_measured(view, played, seed, look, slice_ms, judge)
        best = measured.trials[0]
        mine = next(t for t in measured.trials if same_move(t.action, played))
        verdict = Verdict(
            move_index,
            played,
            best.action,
            round(mine.value, 2),
            round(best.value, 2),
            error=round(paired_error(best, mine), 2),
            win_loss=win_loss(best, mine),
        )
        if verdict.loss > 0 and look.checks:
            gaps = yield from think_gaps(measured, mine, look, slice_ms, judge)
            lost = [w for w in (verdict.win_loss, *(g.win_loss for g in gaps)) if w is not None]
            verdict = replace(verdict, gaps=gaps, win_loss=min(lost) if lost else None)
        if verdict.beyond(threshold):
            mistake = diagnose(view, played, best.action)
            if flagged_at(view.stock_size, mistake.kind, played.kind, best.action.kind):
                verdict = replace(verdict, mistake=mistake)
        if not doubted_knock(verdict, threshold):
            break
    win = None if mine.win is None else round(mine.win, 4)
    return Judged(verdict, mine.reason(), best.reason(), win)


def doubted_knock(verdict: Verdict, threshold: float) -> bool:
    """Whether a knock the coach did not flag lost more than ``threshold`` by every value
    measured (its own and each continuation's) without clearing the noise: the wait's value
    under the gin-only continuation is the noisiest, and more guesses settle it. Against the
    reference analysis (``benchmarks/verdicts.md``, session 29; ``scripts/coach_doubt.py``) such
    knocks, looked at with four times the guesses, gave 39 flags of which 37 held whoever plays
    on (30 of 32 on the hands the rule was not found on); discards in the same state gave 6, of
    which 2 held (more guesses do not mend a disagreement between continuations), so only
    knocks are looked at again."""
    return (
        verdict.played.kind == ActionKind.KNOCK
        and verdict.mistake is None
        and not verdict.beyond(threshold)
        and verdict.measured_loss > threshold
        and all(g.lead > threshold for g in verdict.gaps)
    )


def think_decision(
    match: Match, strength: Strength = STANDARD, slice_ms: float | None = None
) -> Generator[int, None, tuple[Judged, ...]]:
    """Before the player to move in ``match``'s hand in progress decides: the verdict the review
    will give each of their legal moves once the hand is over (:func:`think_review`), with the
    reasons (empty with fewer than two moves, or no hand in progress). The same values, not an
    estimate of them: each move is judged as the review judges it, on the same view (the hand
    replayed alone), with the same seed, judge and strength. The hidden cards only deal the
    replay, whose view has none of them; the guesses are seeded from that view
    (:func:`decision_seed`, as the review's): no verdict depends on a card the player has not
    seen. The arguments are checked
    at the call, not at the first slice."""
    check_is(strength, Strength, "strength")
    slice_ms = check_slice_ms(slice_ms)
    table = hand_in_progress(match)
    seat = None if table is None else table.to_move
    if table is None or seat is None:
        return _judge_all(None, 0, 0, None, strength, slice_ms)
    view = table.view(seat)
    index = len(table.history)
    alone = replace(view, rules=match.rules, scores=_scores_before(match, len(match.records) + 1))
    seed = decision_seed(view, index)
    return _judge_all(view, index, seed, Judge.of(alone), strength, slice_ms)


def think_choices(
    view: PlayerView, move_index: int, seed: int, strength: Strength = STANDARD, slice_ms: float | None = None
) -> Generator[int, None, tuple[Judged, ...]]:
    """Every legal move of ``view`` judged as :func:`think_review` judges a move played (move
    ``move_index`` of its hand, guesses seeded with ``seed``, in match-win chance by the view's
    own rules and score): for a hand with no deal to replay (a friend's device deals it with
    the other: :mod:`gin_core.duel`), where :func:`think_decision` cannot be. The arguments are
    checked at the call."""
    slice_ms = _checked_choices(view, move_index, seed, strength, slice_ms)
    return _judge_all(view, move_index, seed, Judge.of(view), strength, slice_ms)


def think_seen(
    view: PlayerView, move_index: int, seed: int, strength: Strength = STANDARD, slice_ms: float | None = None
) -> Generator[int, None, tuple[Judged, ...]]:
    """Every legal move of the player's own view of a match's hand (the match's target, scores
    and hand number in it, as a position code keeps them) judged exactly as :func:`think_review`
    judges move ``move_index`` of that hand with ``seed`` (:func:`decision_seed` of the hand-alone view at
    the move): on the hand alone (:func:`~.replay.hand_start`: no target, no scores, hand 1,
    which the guesses' random stream depends on), in match-win chance by the view's own rules and
    score. A puzzle of your mistake gets the review's own verdicts from this. The arguments are
    checked at the call."""
    slice_ms = _checked_choices(view, move_index, seed, strength, slice_ms)
    alone = replace(view, rules=view.rules.replace(target=None), scores=(0, 0), hand_number=1)
    return _judge_all(alone, move_index, seed, Judge.of(view), strength, slice_ms)


def _checked_choices(
    view: PlayerView, move_index: int, seed: int, strength: Strength, slice_ms: float | None
) -> float | None:
    """The checks of :func:`think_choices`' and :func:`think_seen`'s arguments; the slice."""
    check_is(view, PlayerView, "view")
    check_int(move_index, "move_index", 0, STORED_WHOLE)
    check_seed(seed)
    check_is(strength, Strength, "strength")
    return check_slice_ms(slice_ms)


def ranked(judged: Sequence[Judged]) -> tuple[Judged, ...]:
    """A decision's moves as the hint lists them, from the review's own verdicts on each
    (:func:`think_decision`, :func:`think_choices`): first the move the review prefers (the best
    its verdicts name most often, on a tie the one whose own values rank first), then every other
    move by what the review says it gives away against its better move (:attr:`Verdict.win_loss`
    under a target, then :attr:`Verdict.loss`), ties by the move's own values. So the values
    shown, the best's own and the others' losses, never rise down the list, and the first move
    is the one the review's "Coach prefers" names. The argument is checked (a list or tuple of
    :class:`Judged`)."""
    if not isinstance(judged, (list, tuple)):
        raise ArgumentError(f"judged must be a list or tuple of Judged, not {shown(judged)}")
    moves = [check_is(j, Judged, "each judged move") for j in judged]
    if not moves:
        return ()
    named = Counter(str(j.verdict.best) for j in moves)

    def own(j: Judged) -> tuple[float, float]:
        return rank_key(j.played_win, j.verdict.played_value)

    first = min(moves, key=lambda j: (-named[str(j.verdict.played)], own(j)))
    rest = sorted(
        (j for j in moves if j is not first),
        key=lambda j: (j.verdict.win_loss or 0.0, j.verdict.loss, own(j)),
    )
    return (first, *rest)


def _judge_all(  # 6 parameters: a decision, its seed and judge, and how it is valued
    view: PlayerView | None,
    index: int,
    seed: int,
    judge: Judge | None,
    strength: Strength,
    slice_ms: float | None,
) -> Generator[int, None, tuple[Judged, ...]]:
    """Each legal move of ``view`` judged (none without a view or with fewer than two moves:
    no decision)."""
    found: list[Judged] = []
    if view is None or len(view.legal_actions) < 2:
        return ()
    for action in view.legal_actions:
        if trim_caches():
            yield 0
        found.append(
            (yield from think_judged(view, action, index, seed, MISTAKE_POINTS, strength, slice_ms, judge))
        )
    return tuple(found)


def think_gaps(
    measured: Measured, mine: Trial, strength: Strength, slice_ms: float | None, judge: Judge | None
) -> Generator[int, None, tuple[Gap, ...]]:
    """The best move's lead over ``mine`` when the playouts go on in each style of
    ``strength.checks``, on the guesses the moves were valued on (each style within
    ``strength.check_units``)."""
    best = measured.trials[0]
    gaps = []
    for style in strength.checks:
        work = Work(SearchBot.slice_units, strength.check_units, slice_ms)
        pair = [Trial(best.action, best.why), Trial(mine.action, mine.why)]
        chosen = replace(strength, style=style)
        yield from play_paired(measured.view, measured.know, pair, measured.found, chosen, work, judge)
        if work.in_slice:
            yield work.cut()
        lead = pair[0].value - pair[1].value
        gaps.append(Gap(style, round(lead, 2), round(paired_error(*pair), 2), win_loss(*pair)))
    return tuple(gaps)


def flagged_at(stock_size: int, kind: MistakeKind, played: ActionKind, best: ActionKind) -> bool:
    """Whether a loss beyond the threshold in every continuation is flagged with
    ``stock_size`` cards in the stock after ``played`` (``best``: the move the coach rates best):
    from :data:`OPENING_STOCK` up, only a kind of :data:`HOLDS_EARLY`; at :data:`LATE_STOCK`
    or fewer, none; never a face-up card taken where the coach would have drawn from the stock;
    and a wait only where the better move is gin (then at any stock).

    The playouts rate the stock's unknown card above a known card that fits the hand: in the
    reference analysis (``benchmarks/verdicts.md``, sixth run: every hand model x continuation
    policy) 1 of the 10 such decisions checked held (4 found taking the card clearly better, 5
    unclear; 1 of the 4 flags among them held), where 143 of the 150 flags it keeps held. A wait
    against a knock held in none of the 4 such flags checked (session 34, up to 1,536 guesses a
    pair: 3 contradicted, 1 unclear): the coach guesses the hidden hand with the sampler only, and
    under the posterior, or with the knock-at-once player playing on, the opponent's lower
    count undercuts the knock or waiting wins."""
    if kind == MistakeKind.DREW_WRONG and played == ActionKind.DRAW_PILE:
        return False
    if kind == MistakeKind.WAITED_TOO_LONG:
        return best != ActionKind.KNOCK
    if stock_size <= LATE_STOCK:
        return False
    return stock_size < OPENING_STOCK or kind in HOLDS_EARLY


def beyond_noise(loss: float, error: float, threshold: float = MISTAKE_POINTS) -> bool:
    """A measured loss is a mistake when it is over ``threshold`` even :data:`SURE` standard
    errors lower (see :attr:`Verdict.loss` for why measured losses run high)."""
    return loss - SURE * error > threshold


def think_values(  # 6 parameters: a decision, its seed, the coach's strength, slices and judge
    view: PlayerView,
    played: Action,
    seed: int,
    strength: Strength = STANDARD,
    slice_ms: float | None = None,
    judge: Judge | None = None,
) -> Generator[int, None, list[Trial]]:
    """The move played and the moves the coach shortlists, valued by playouts on the same
    guesses of the hidden cards (so their differences are measured, not their luck), best first
    by the one ranking of every verdict (:func:`~gin_core.bots.ranking.rank_key`: the chance to
    win the match under a target, else the points), which the hint, the tutor and the puzzles
    show too."""
    measured = yield from think_measured(view, played, seed, strength, slice_ms, judge)
    return measured.trials


@dataclass(frozen=True)
class Measured:
    """A decision's moves valued (best first) and the guesses they were valued on, which the
    other continuations replay (:func:`think_gaps`)."""

    view: PlayerView
    know: Knowledge
    trials: list[Trial]
    found: list[Guess]


def think_measured(  # 6 parameters: think_values'
    view: PlayerView,
    played: Action,
    seed: int,
    strength: Strength,
    slice_ms: float | None,
    judge: Judge | None,
) -> Generator[int, None, Measured]:
    """:func:`think_values`, with the guesses."""
    work = Work(SearchBot.slice_units, strength.total_units, slice_ms)
    know = Knowledge.of(view)
    holding = know.holding()
    favourite, options = standard_choice(view, know, holding, work)
    listed = shortlist(view, know, played, favourite, options, strength)
    trials = [Trial(a, reason_of(view, know, a)) for a in listed]
    if work.in_slice:
        yield work.cut()
    settings = SearchSettings(strength.samples, strength.inference, wary=strength.wary)
    found = yield from guess_hidden(know, holding, settings, rng_for(seed, view), work)
    yield from play_paired(view, know, trials, found, strength, work, judge)
    if work.in_slice:
        yield work.cut()
    trials.sort(key=lambda t: rank_key(t.win, t.value))
    return Measured(view, know, trials, found)


def play_paired(  # 7 parameters: the decision, its moves and guesses, and how they are valued
    view: PlayerView,
    know: Knowledge,
    trials: list[Trial],
    found: list[Guess],
    strength: Strength,
    work: Work,
    judge: Judge | None = None,
) -> Generator[int, None, None]:
    """Play every trial on each guess in turn (a guess the budget cannot finish for all of them
    is dropped, so all are valued on the same guesses), each result valued by
    ``strength.outcome`` (and by ``judge`` in match-win chance); yields at slice ends."""
    bound = playout_bound(know.stock, strength.wary | 2 if strength.aware else strength.wary)
    limits = strength.limits(view, know)
    for n, guess in enumerate(found):
        wary = strength.wary | 2 if int((n + 1) * strength.aware) > int(n * strength.aware) else strength.wary
        results = []
        for t in trials:
            if work.left() < bound:
                return
            if not work.room(bound):
                yield work.cut()
            points, used = simulate(view, know, t.action, guess, wary, limits)
            work.add(used)
            results.append(points)
        for t, points in zip(trials, results, strict=True):
            t.values.append(strength.outcome(points))
            if judge is not None:
                t.wins.append(judge(points))


def shortlist(
    view: PlayerView,
    know: Knowledge,
    played: Action,
    favourite: Action,
    options: list[Option],
    strength: Strength,
) -> list[Action]:
    """The moves worth weighing against the one played: every draw choice; or the standard
    level's choice, its best-ranked discards, the least-deadwood knock and any gin."""
    acts = view.legal_actions
    if view.phase != Phase.DISCARD:
        picks = list(acts)
    else:
        discards = [Action(ActionKind.DISCARD, CARDS[o.card]) for o in options[: strength.candidates]]
        ends = [a for a in acts if a.kind in (ActionKind.GIN, ActionKind.BIG_GIN)]
        knock = best_knock(view, know)
        picks = [favourite, *discards, *ends, *([knock] if knock else [])]
    out = [played]
    for a in picks:
        if a in acts and not any(same_move(a, b) for b in out):
            out.append(a)
    return out


# ----- why a move was a mistake ----------------------------------------------------------------


def diagnose(view: PlayerView, played: Action, best: Action) -> Mistake:
    """What kind of mistake ``played`` was against ``best``, from what ``view`` shows."""
    check_is(view, PlayerView, "view")
    check_is(played, Action, "played")
    check_is(best, Action, "best")
    hand = mask_of(view.hand)
    if played.kind in (ActionKind.DRAW_PILE, ActionKind.DRAW_STOCK, ActionKind.PASS):
        top = view.top
        cards = () if top is None else (top,)
        if played.kind == ActionKind.DRAW_PILE and top is not None and not fits(hand, top.index):
            return Mistake(MistakeKind.TOOK_UNUSED, cards)
        return Mistake(MistakeKind.DREW_WRONG, cards)
    left = _left(hand, played)
    best_left = _left(hand, best)
    if played.kind in ENDINGS and best.kind not in ENDINGS:
        return Mistake(MistakeKind.KNOCKED_TOO_EARLY, _card(played), deadwood=left, best_deadwood=best_left)
    if best.kind in ENDINGS and played.kind not in ENDINGS:
        return Mistake(MistakeKind.WAITED_TOO_LONG, _card(best), deadwood=left, best_deadwood=best_left)
    if played.card is not None and best.card is not None:
        found = discard_mistake(view, played.card, best.card)
        if found is not None:
            return Mistake(found[0], found[1], found[2], left, best_left)
    return Mistake(MistakeKind.OTHER, _card(played), deadwood=left, best_deadwood=best_left)


def _left(hand: int, action: Action) -> int | None:
    """The deadwood kept after putting down the action's card (None for a draw)."""
    return None if action.card is None else min_deadwood(hand & ~action.card.bit)


def _card(action: Action) -> tuple[Card, ...]:
    return () if action.card is None else (action.card,)


def discard_mistake(
    view: PlayerView, card: Card, better: Card
) -> tuple[MistakeKind, tuple[Card, ...], tuple[Card, ...]] | None:
    """Why discarding ``card`` rather than ``better`` was wrong, as (kind, cards, gone cards),
    if it is one of the named kinds: feeding the computer's known cards, breaking a meld, or
    keeping a pair nothing can complete."""
    known = mask_of(view.opponent_known)
    near = SAME_RANK[card.index] | SUIT_NEAR[card.index]
    if known & near and not known & (SAME_RANK[better.index] | SUIT_NEAR[better.index]):
        return MistakeKind.DISCARDED_INTO_MELD, (card, *cards_of(known & near)), ()
    meld = next((m for m in best_arrangement(view.hand).melds if card in m.cards), None)
    if meld is not None and better not in meld.cards:
        return MistakeKind.BROKE_MELD, (card, *(c for c in meld.cards if c != card)), ()
    dead = dead_pair(view, better, mask_of(view.hand) & ~card.bit)
    if dead is not None:
        return MistakeKind.KEPT_DEAD_PAIR, dead[0], dead[1]
    return None


def dead_pair(view: PlayerView, card: Card, hand: int) -> tuple[tuple[Card, Card], tuple[Card, ...]] | None:
    """A loose pair of ``hand`` holding ``card`` that no card can complete any more (every card
    that would is in the player's hand, the pile or the computer's known cards), and those cards."""
    live = mask_of(view.unseen()) & ~mask_of(view.opponent_known)
    loose = mask_of(best_arrangement(cards_of(hand)).deadwood)
    if not loose & card.bit:
        return None
    for mate in cards_of(loose & (SAME_RANK[card.index] | SUIT_NEAR[card.index] | SUIT_FAR[card.index])):
        completing = _completing(card.index, mate.index)
        if completing and not completing & live:
            pair = (min(card, mate), max(card, mate))
            return pair, tuple(cards_of(completing))
    return None


def _completing(a: int, b: int) -> int:
    """The cards that make a meld of three with cards ``a`` and ``b``."""
    sa, ra = divmod(a, 13)
    sb, rb = divmod(b, 13)
    if ra == rb:
        return sum(1 << (13 * s + ra) for s in range(4) if s not in (sa, sb))
    lo, hi = min(ra, rb), max(ra, rb)
    ends = [lo + 1] if hi - lo == 2 else [lo - 1, hi + 1]
    return sum(1 << (13 * sa + r) for r in ends if 0 <= r < 13)


# ----- summaries --------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSummary:
    """The top of a review: the costliest mistakes (costliest first), the points they gave away,
    how many decisions the player made."""

    costliest: tuple[Verdict, ...]
    given_away: float
    mistakes: int
    decisions: int


def hand_summary(review: HandReview, top: int = 3) -> HandSummary:
    """The ``top`` costliest mistakes of a review and its totals."""
    check_is(review, HandReview, "review")
    check_int(top, "top", 0, 1 << 31)
    ranked = sorted(review.mistakes, key=lambda v: (-v.loss, v.move_index))
    return HandSummary(tuple(ranked[:top]), review.given_away, len(review.mistakes), len(review.verdicts))


@dataclass(frozen=True)
class CoachStats:
    """Across reviewed hands: points given away per hand (in order) and how often each kind of
    mistake was made (most frequent first, ties in :class:`MistakeKind` order)."""

    given_away: tuple[float, ...]
    kinds: tuple[tuple[MistakeKind, int], ...]

    @property
    def hands(self) -> int:
        return len(self.given_away)

    @property
    def total(self) -> float:
        return round(sum(self.given_away), 2)

    @property
    def average(self) -> float:
        """Points given away per hand, on average (0 with no hands)."""
        return round(self.total / self.hands, 2) if self.hands else 0.0


def coach_stats(reviews: Iterable[HandReview]) -> CoachStats:
    """Points given away per hand and the mistakes counted by kind, over ``reviews``."""
    reviews = list(reviews)
    counts = Counter(v.mistake.kind for r in reviews for v in r.verdicts if v.mistake is not None)
    order = list(MistakeKind)
    kinds = sorted(counts.items(), key=lambda kc: (-kc[1], order.index(kc[0])))
    return CoachStats(tuple(r.given_away for r in reviews), tuple(kinds))
