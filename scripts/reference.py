"""The reference analysis (issue 41): a verdict checked by other minds. A benchmark tool kept out
of gin_core, so the page never ships it (every gin_core module goes into the site's archives).

A verdict (a puzzle's answer, a coach's flag) says one move is better than another. Here it is
checked outside the project's own model: full game states are rebuilt from the decision's public
facts (a :class:`~gin_core.puzzles.position.Position`) under several *hand models* of the hidden
cards, and both moves are played out to the end of the hand by several *continuation policies*
in both seats, paired over the same guesses. A move is *robustly* better when it wins under
every model x policy pair (the uniform model aside) with its interval above 0.

Hand models (:data:`MODELS`):

- ``sampler``: the expert level's inference sampler (:func:`gin_core.bots.sampler.guesses`);
- ``posterior``: uniform proposals weighted by how likely an explicit opponent model (the
  standard level, :data:`OPPONENT_MODEL`) was to make each pickup, pass and discard it was seen
  to make (a move it would not have made counts :data:`MISS` against the guess), resampled;
- ``uniform``: the opponent keeps what it was seen taking, the rest drawn uniformly from the
  cards the player has not seen: far above real hands late in a hand, so it is reported as the
  bound that favours knocking and left out of the criterion.

A guess fixes the opponent's hand and the stock order; the deal is rebuilt so the public moves
replay to the position (:func:`deck_for`: which card each stock draw brought is not public, so
each player's unknown cards are spread over their unknown draws at random, each card held by the
time it was thrown). The posterior's likelihood is measured on that rebuilt history.

Policies (:data:`POLICIES`, cheapest first): ``simple`` (knocks at once, like the EAAI simple
player), ``hunter`` (the low-deadwood gin hunter), ``beginner``, ``standard``, and the search
levels ``hard`` and ``expert`` at a tenth of their budget (:class:`QuickHard`, :class:`QuickExpert`).
Values are the chance to win the match (the equity table) where the rules have a target, else
hand points. The comparison is sequential (:func:`compare`): batches of guesses until the pair's
interval is clear of 0, or its mean is too small to clear 0 within the budget (:func:`settled`),
or the budget is spent; the first pair that is not clearly won ends the check (the verdict is
then not robust, whatever the rest would say).

A meld choice (the knocker's declaration, once the knock card is chosen) ends the hand: no
continuation policy plays after it. Its check (:func:`compare_declarations`) pairs the answer's
declaration with each other declaration on the same rebuilt tables under each hand model, the
engine scoring each knock at once (the defender melding and laying off by
:func:`gin_core.layoff.defend`, deterministic for a hand); its pairs carry :data:`SHOWDOWN` in
place of a policy, and the answer is robust when it is clearly better than every other
declaration under every model (:func:`declaration_verdict`).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from gin_core.actions import Action, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots import Bot, make_bot
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.match_chance import Judge
from gin_core.bots.sampler import Guess, Inference, Proposer, guesses
from gin_core.bots.search import ExpertBot, SearchBot
from gin_core.cards import CARDS, Card, Mask, mask_of
from gin_core.events import Event
from gin_core.flow import Phase
from gin_core.hand import Hand, stacked_deck
from gin_core.match import Match
from gin_core.puzzles.position import Position
from gin_core.tools.opponents import arena_bot

Z = 1.645
"""The one-sided 95% normal quantile: what :func:`quantile` tends to as the draws grow."""
MISS = 0.35
"""The posterior's likelihood factor for an opponent move its model would not have made."""
OPPONENT_MODEL = "standard"
"""The opponent whose policy the posterior assumes: the computer the coach's players face, and
the level most puzzles' opponents were."""
PROPOSALS = 4
"""Proposals per posterior guess kept."""
PROPOSAL_INFERENCE = Inference(passed_melds=1.0, threw_melds=1.0, took_loose=1.0, could_knock=1.0, replay=1.0)
"""How the posterior proposes: the sampler's proposer (unseen cards by the history's odds, then
every stock draw of the opponent replayed, keeping the least deadwood) with none of its own
likelihood factors: the evidence is weighed by the opponent model alone."""


@cache
def quantile(draws: int) -> float:
    """Standard errors a mean difference must clear 0 by to count as won or lost: the one-sided
    95% quantile of Student's t with one degree of freedom less than the independent ``draws``
    behind the error (the cluster-robust error of G draws has G - 1). At 16 guesses of 3-16
    distinct hands it is 2.92-1.75, not 1.645; it tends to :data:`Z` as the draws grow."""
    low, high = 0.0, 100.0
    for _ in range(60):  # bisection on P(|T| <= t) = 0.90
        mid = (low + high) / 2
        low, high = (mid, high) if _central(mid, draws - 1) < 0.90 else (low, mid)
    return high


def _central(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (an integer >= 1): the finite
    series of Abramowitz and Stegun 26.7.3-4, in theta = atan(t / sqrt(df))."""
    theta = math.atan(t / math.sqrt(df))
    c2, term, total = math.cos(theta) ** 2, 1.0, 1.0
    for j in range(1, (df - 1) // 2 if df % 2 else df // 2):  # the terms in cos^2j
        term *= c2 * (2 * j / (2 * j + 1) if df % 2 else (2 * j - 1) / (2 * j))
        total += term
    if df % 2 == 0:
        return math.sin(theta) * total
    series = math.sin(theta) * math.cos(theta) * total if df > 1 else 0.0
    return 2 / math.pi * (theta + series)


class Model(StrEnum):
    """How the hidden cards are guessed (see the module docstring)."""

    SAMPLER = "sampler"
    POSTERIOR = "posterior"
    UNIFORM = "uniform"


MODELS: tuple[Model, ...] = (Model.SAMPLER, Model.POSTERIOR)
"""The models a robust verdict must hold under (uniform is reported as a bound)."""


class QuickHard(SearchBot):
    """The hard level at a tenth of its budget: affordable for hundreds of playouts."""

    name = "hard"
    samples = SearchBot.samples // 10
    total_units = SearchBot.total_units // 10


class QuickExpert(ExpertBot):
    """The expert level at a tenth of the budget it had through the first five runs (160 guesses,
    45,000 units; the page's expert has thought at four times that since session 23): pinned,
    so the reference stays the same mind, at the same cost, from run to run."""

    name = "expert"
    samples = 16
    total_units = 4_500


POLICIES = ("simple", "hunter", "beginner", "standard", "hard", "expert")
"""The continuation policies, cheapest first."""
SHOWDOWN = "showdown"
"""What stands in a meld choice's pairs for a policy: nobody plays on, the knock is scored at
once (see :func:`showdown`)."""


def policy_bot(name: str, seed: int) -> Bot:
    """A continuation policy's bot (the search levels at a reduced budget)."""
    if name == "hard":
        return QuickHard(seed)
    if name == "expert":
        return QuickExpert(seed)
    return arena_bot(name, seed)


# ----- the deal rebuilt from a position and a guess -------------------------------------------


def _cards(mask: Mask) -> list[Card]:
    return [CARDS[i] for i in range(52) if mask >> i & 1]


class _Holder:
    """One player's cards through the replayed moves: cards taken from the pile and still held,
    and one slot per card of unknown origin (the deal's ten, then each stock draw) with the card
    that fills it."""

    def __init__(self) -> None:
        self.taken: set[Card] = set()
        self.slots: list[Card | None] = [None] * 10

    def throw(self, card: Card, rng: random.Random) -> None:
        if card in self.taken:
            self.taken.discard(card)
            return
        free = [k for k, c in enumerate(self.slots) if c is None]
        if not free:
            raise ValueError(f"{card} was thrown but no unknown card was held then")
        self.slots[rng.choice(free)] = card

    def end(self, hand: Iterable[Card], rng: random.Random) -> None:
        rest = [c for c in hand if c not in self.taken]
        free = [k for k, c in enumerate(self.slots) if c is None]
        if len(rest) != len(free):
            raise ValueError("the hand does not fit the moves (a known card missing)")
        rng.shuffle(rest)
        for k, card in zip(free, rest, strict=True):
            self.slots[k] = card


def deck_for(position: Position, opponent: Mask, stock: Sequence[int], rng: random.Random) -> list[Card]:
    """A deck whose deal replays ``position``'s public moves and leaves the opponent holding
    ``opponent`` with ``stock`` to come (the next card last, as a guess holds it)."""
    holders = (_Holder(), _Holder())
    drawn: list[tuple[int, int]] = []  # (player, slot) of each stock draw, in order
    for e in position.moves:
        assert e.player is not None  # a public move has its player
        h = holders[e.player]
        if e.kind == "draw_stock":
            drawn.append((e.player, len(h.slots)))
            h.slots.append(None)
        elif e.kind == "draw_pile" and e.card is not None:
            h.taken.add(e.card)
        elif e.kind == "discard" and e.card is not None:
            h.throw(e.card, rng)
    holders[position.player].end(position.hand, rng)
    holders[1 - position.player].end(_cards(opponent), rng)
    dealt = [[c for c in h.slots[:10] if c is not None] for h in holders]
    past = [holders[p].slots[k] for p, k in drawn]
    first = 1 - position.dealer
    return stacked_deck(
        dealt[first],
        dealt[position.dealer],
        position.upcard,
        [c for c in past if c is not None] + [CARDS[i] for i in reversed(stock)],
    )


def action_of(e: Event) -> Action:
    """The action a public move event records."""
    kind = {"pass": ActionKind.PASS, "draw_stock": ActionKind.DRAW_STOCK, "draw_pile": ActionKind.DRAW_PILE}
    if e.kind == "discard":
        return Action(ActionKind.DISCARD, e.card)
    return Action(kind[e.kind])


Observer = Callable[[Match, int, Action], None]
"""Called before each replayed move with the table, the player and the move."""


def table_for(position: Position, deck: list[Card], observe: Observer | None = None) -> Match:
    """A real table at ``position``'s decision, dealt from ``deck`` (see :func:`deck_for`): a
    one-hand match whose scores, dealer and hand number are the position's, the public moves
    replayed (each shown to ``observe`` first)."""
    m = Match(position.rules, seed=0, dealer=position.dealer)
    m.scores = list(position.scores)
    m.events = []
    m.hand = Hand(position.rules, deck, position.dealer, position.scores, m.events)
    m.deals = position.hand_number
    m.events.append(Event("deal", position.dealer, m.hand.upcard, number=m.deals))
    for e in position.moves:
        assert e.player is not None
        action = action_of(e)
        if observe is not None:
            observe(m, e.player, action)
        m.apply(action, e.player)
    return m


# ----- hand models ----------------------------------------------------------------------------


def uniform_guess(know: Knowledge, rng: random.Random) -> Guess:
    """The opponent's known cards plus unseen cards drawn uniformly; the rest is the stock."""
    unseen = [i for i in range(52) if know.unseen >> i & 1]
    rng.shuffle(unseen)
    k = max(0, know.opp_unknown)
    hand = know.known | sum(1 << i for i in unseen[:k])
    return hand, unseen[k:]


class Likelihood:
    """How likely the opponent model was to make the opponent's moves on a rebuilt table: the
    product of :data:`MISS` over the moves it would have made otherwise."""

    def __init__(self, opponent: int, policy: Bot):
        self.opponent, self.policy, self.weight = opponent, policy, 1.0

    def __call__(self, table: Match, player: int, action: Action) -> None:
        if player == self.opponent and self.policy.decide(table.view(player)).action != action:
            self.weight *= MISS


@dataclass(frozen=True)
class Guessed:
    """Guesses of one model at one decision: tables ready at the decision, and (posterior)
    the effective number of proposals behind them."""

    tables: tuple[Match, ...]
    effective: float


def guessed_tables(position: Position, model: Model, n: int, seed: int) -> Guessed:
    """``n`` tables at ``position``'s decision under ``model``."""
    rng = random.Random(f"reference:{position.code}:{model}:{seed}")
    view = position.view()
    know = Knowledge.of(view)
    if model == Model.SAMPLER:
        found = guesses(know, know.holding(), n, rng, ExpertBot.inference)
        return Guessed(tuple(table_for(position, deck_for(position, h, s, rng)) for h, s in found), n)
    if model == Model.UNIFORM:
        picks = [uniform_guess(know, rng) for _ in range(n)]
        return Guessed(tuple(table_for(position, deck_for(position, h, s, rng)) for h, s in picks), n)
    proposer = Proposer(know, know.holding(), PROPOSAL_INFERENCE)
    pool: list[tuple[Match, float]] = []
    for _ in range(n * PROPOSALS):
        hand, prior = proposer.propose(rng)
        stock = [i for i in range(52) if know.unseen >> i & 1 and not hand >> i & 1]
        rng.shuffle(stock)
        seen = Likelihood(1 - position.player, make_bot(OPPONENT_MODEL, seed))
        pool.append((table_for(position, deck_for(position, hand, stock, rng), seen), prior * seen.weight))
    chosen = resampled([w for _, w in pool], n, rng)
    return Guessed(tuple(_restocked(pool[k][0], rng) for k in chosen), effective_size([w for _, w in pool]))


def resampled(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """``n`` indices drawn in proportion to ``weights`` (systematic resampling)."""
    total = math.fsum(weights)
    if total <= 0:
        weights, total = [1.0] * len(weights), float(len(weights))
    step = total / n
    mark, acc, j, out = rng.random() * step, weights[0], 0, []
    for _ in range(n):
        while acc < mark and j + 1 < len(weights):
            j += 1
            acc += weights[j]
        out.append(j)
        mark += step
    return out


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of importance weights: how many equal guesses they are worth."""
    square = math.fsum(w * w for w in weights)
    return math.fsum(weights) ** 2 / square if square else 0.0


def _restocked(table: Match, rng: random.Random) -> Match:
    """A copy of ``table`` with its stock shuffled (a guess kept twice plays on different cards)."""
    fresh = copy.deepcopy(table)
    rng.shuffle(fresh.hand.stock)
    return fresh


def opponent_deadwood(table: Match, player: int) -> int:
    """The deadwood of the hand a table gives the player's opponent."""
    return min_deadwood(sum(c.bit for c in table.hand.hands[1 - player]))


# ----- playouts and the comparison ------------------------------------------------------------


def play_out(table: Match, move: Action, bots: Sequence[Bot] = ()) -> int:
    """The deciding player's net hand points (before the multiplier) when ``move`` is played
    at ``table`` (copied) and ``bots`` play both seats to the end of the hand; with no bots,
    ``move`` must end the hand (:func:`showdown`)."""
    m = copy.deepcopy(table)
    player = m.to_move
    assert player is not None
    multiplier = m.hand.multiplier
    m.apply(move, player)
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        p = m.to_move
        assert p is not None
        if not bots:
            raise ValueError(f"{move} does not end the hand, and no policy plays on")
        m.apply(bots[p].decide(m.view(p)).action, p)
    points = m.records[-1].points
    return (points[player] - points[1 - player]) // multiplier


def showdown(table: Match, move: Action) -> int:
    """:func:`play_out` of a knock with its declaration, which nobody plays on: the engine
    scores it at once, the defender melding and laying off by :func:`gin_core.layoff.defend`."""
    return play_out(table, move)


Outcome = Callable[[Match, Action], int]
"""A move's net hand points for the deciding player at a table (copied)."""


def outcome_of(policy: str, seed: int) -> Outcome:
    """How a move is played out under ``policy`` (its bots seeded from ``seed``): to the end of
    the hand in both seats, or for :data:`SHOWDOWN` scored at once."""
    if policy == SHOWDOWN:
        return showdown
    bots = (policy_bot(policy, seed + 1), policy_bot(policy, seed + 2))
    return lambda table, move: play_out(table, move, bots)


class State(StrEnum):
    """Where a model x policy pair's comparison stands."""

    BETTER = "better"  # the interval of the difference is above 0
    WORSE = "worse"  # below 0
    UNCLEAR = "unclear"  # the budget ran out with 0 inside


def judged(mean: float, error: float, draws: int, floor: int = 2) -> State:
    """Where a mean difference stands: clear of 0 by :func:`quantile` errors of its ``draws``
    (at least ``floor``, and two: one draw has no error), or unclear."""
    if draws < max(floor, 2):
        return State.UNCLEAR
    margin = quantile(draws) * error
    if mean - margin > 0:
        return State.BETTER
    if mean + margin < 0:
        return State.WORSE
    return State.UNCLEAR


@dataclass(frozen=True)
class Pair:
    """One model x policy pair: the differences (move minus the other) on each guess, paired.
    ``clusters`` (if given, one key a guess): the guesses that are one draw of the hidden cards
    (a guess the resampling kept twice, restocked): the error is then taken over the draws, not
    the guesses, since copies of one hand do not vary as independent guesses would. ``floor``:
    the fewest draws it is judged on (see :class:`Budget`)."""

    model: Model
    policy: str
    diffs: tuple[float, ...]
    clusters: tuple[Hashable, ...] = ()
    floor: int = 2
    rival: str = ""
    """The move compared with, when a check compares with several (a meld choice's declarations)."""

    @property
    def n(self) -> int:
        return len(self.diffs)

    @property
    def mean(self) -> float:
        return math.fsum(self.diffs) / self.n if self.diffs else 0.0

    @property
    def error(self) -> float:
        if not self.clusters:
            return self._spread([(d,) for d in self.diffs])
        drawn: dict[Hashable, list[float]] = {}
        for key, d in zip(self.clusters, self.diffs, strict=True):
            drawn.setdefault(key, []).append(d)
        return self._spread(list(drawn.values()))

    def _spread(self, groups: list[Sequence[float]]) -> float:
        """The standard error of the mean with the differences in independent groups (the
        cluster-robust estimate; one difference a group: the usual one)."""
        if len(groups) < 2:
            return math.inf
        mean = self.mean
        total = math.fsum(math.fsum(d - mean for d in g) ** 2 for g in groups)
        return math.sqrt(total * len(groups) / (len(groups) - 1)) / self.n

    @property
    def draws(self) -> int:
        """Independent draws of the hidden cards behind the differences."""
        return len(set(self.clusters)) if self.clusters else self.n

    @property
    def state(self) -> State:
        return judged(self.mean, self.error, self.draws, self.floor)

    def to_data(self) -> dict[str, object]:
        return (
            {
                "model": str(self.model),
                "policy": self.policy,
                "n": self.n,
                "mean": round(self.mean, 5),
                "error": round(self.error, 5) if self.draws > 1 else None,
                "state": str(self.state),
            }
            | ({"draws": self.draws} if self.clusters else {})
            | ({"rival": self.rival} if self.rival else {})
        )


class Verdict(StrEnum):
    """A move against another under the reference analysis."""

    ROBUST = "robust"  # better under every model x policy pair (uniform aside)
    CONTRADICTED = "contradicted"  # clearly worse under some pair
    UNCLEAR = "unclear"  # neither


def verdict(
    pairs: Iterable[Pair], models: Sequence[Model] = MODELS, policies: Sequence[str] = POLICIES
) -> Verdict:
    """The robust criterion: every model x policy pair (uniform aside) measured and won."""
    states: dict[tuple[Model, str], State] = {
        (p.model, p.policy): p.state for p in pairs if p.model != Model.UNIFORM
    }
    if State.WORSE in states.values():
        return Verdict.CONTRADICTED
    needed = {(m, p) for m in models for p in policies}
    if needed <= states.keys() and all(states[k] == State.BETTER for k in needed):
        return Verdict.ROBUST
    return Verdict.UNCLEAR


@dataclass(frozen=True)
class Budget:
    """What a check may spend: guesses per batch, at most per pair; ``stop``: end the check at
    the first pair that is not won (the verdict cannot be robust any more). A deeper check
    (:data:`DEEP`) looks only when the guesses have doubled, never gives a pair up as hopeless
    before its cap (``futile`` off), and draws fresh guesses (``draw``: 0 is the first runs'
    draw, all at once; another draw comes ``chunk`` guesses at a time, as the pair asks).
    ``floor``: no pair is won or lost on fewer distinct draws (t's quantile assumes the draws'
    means near normal, which a few lumpy hands are not; the posterior's weight can fall on 2-4
    proposals late in a hand)."""

    batch: int = 16
    most: int = 192
    stop: bool = True
    futile: bool = True
    doubling: bool = False
    draw: int = 0
    chunk: int = 64
    clustered: bool = False
    floor: int = 2

    def looks_at(self, n: int) -> bool:
        """Whether the comparison is looked at after ``n`` guesses."""
        if n >= self.most:
            return True
        if not self.doubling:
            return n % self.batch == 0
        return n >= self.batch and n % self.batch == 0 and (n // self.batch) & (n // self.batch - 1) == 0


DEEP = Budget(batch=16, most=384, futile=False, doubling=True, draw=2, clustered=True, floor=8)
"""The deeper check of issue 41's fifth run: fresh guesses, looks at 16, 32, 64, 128, 256 and
384 guesses (six looks, where the first budget had twelve from 16 to 192), a pair stopping only
once its interval is clear of 0 either way or at 384 guesses, its error taken over the distinct
draws of the hidden cards (``clustered``: the resampling keeps one proposal many times; at one
flag the first budget's 192 posterior guesses were 23 hands). Its first form (``draw`` 1, the
error over guesses) is :data:`DEEP_UNCLUSTERED`. Since the sixth run a pair is judged by t over
its draws (:func:`quantile`) and on 8 distinct draws at least (``floor``): two knocks lost at
the first look on 3 and 4 hands were won on 49 and 60."""
DEEP_UNCLUSTERED = Budget(batch=16, most=384, futile=False, doubling=True, draw=1)


class Drawn:
    """One model's guessed tables at a decision, drawn a chunk at a time as a comparison asks
    for more (the first draw, 0, all at once: the earlier runs' guesses, unchanged)."""

    def __init__(self, position: Position, model: Model, budget: Budget):
        self.position, self.model, self.budget = position, model, budget
        self.tables: list[Match] = []
        self.keys: list[tuple[int, int]] = []

    def __getitem__(self, k: int) -> Match:
        while len(self.tables) <= k:
            size = self.budget.most if self.budget.draw == 0 else self.budget.chunk
            chunk = len(self.tables) // max(size, 1)
            more = guessed_tables(self.position, self.model, size, 1000 * self.budget.draw + chunk).tables
            self.tables += more
            self.keys += [(chunk, mask_of(t.hand.hands[1 - self.position.player])) for t in more]
        return self.tables[k]

    def draw_of(self, k: int) -> tuple[int, int]:
        """Which draw of the hidden cards table ``k`` is (its chunk and the opponent's hand)."""
        self[k]
        return self.keys[k]


Value = Callable[[int], float]


def measure_pair(
    tables: Drawn, moves: tuple[Action, Action], policy: str, value: Value, budget: Budget
) -> Pair:
    """Differences of ``moves[0]`` over ``moves[1]`` on the tables in order, looking when the
    budget says, until the comparison is settled (see :func:`settled`) or the budget is spent."""
    diffs: list[float] = []
    clusters: list[Hashable] = []
    outcome = outcome_of(policy, 2 * budget.draw)
    for k in range(budget.most):
        a, b = (value(outcome(tables[k], move)) for move in moves)
        diffs.append(a - b)
        if budget.clustered:
            clusters.append(tables.draw_of(k))
        if budget.looks_at(len(diffs)) and settled(
            Pair(tables.model, policy, tuple(diffs), tuple(clusters), budget.floor),
            budget.most if budget.futile else None,
        ):
            break
    return Pair(tables.model, policy, tuple(diffs), tuple(clusters), budget.floor)


FUTILE_FROM = 32
"""Guesses before a comparison may be given up as one that cannot clear 0."""


def settled(pair: Pair, most: int | None) -> bool:
    """Whether more guesses are pointless: the interval of the paired differences is clear of 0
    either way, or (after :data:`FUTILE_FROM` guesses, unless ``most`` is None) the mean is under
    what would clear 0 even with the error shrunk to its size at ``most`` guesses."""
    if pair.state != State.UNCLEAR:
        return True
    return (
        most is not None and pair.n >= FUTILE_FROM and pair.mean < Z * pair.error * math.sqrt(pair.n / most)
    )


def value_of(position: Position) -> Value:
    """A playout's worth to the deciding player: the match-win chance under a target, else points."""
    judge = Judge.of(position.view())
    return float if judge is None else judge


def compare(  # 6 parameters: the decision, its two moves, and what the check may spend
    position: Position,
    better: Action,
    other: Action,
    models: Sequence[Model] = MODELS,
    policies: Sequence[str] = POLICIES,
    budget: Budget = Budget(),
) -> list[Pair]:
    """Whether ``better`` beats ``other`` at ``position``: one :class:`Pair` per model x policy
    measured (policies in the order given, each under every model, on the same guesses),
    stopping at the first pair not won when ``budget.stop``."""
    value = value_of(position)
    tables = {model: Drawn(position, model, budget) for model in models}  # guessed when first needed
    pairs = []
    for policy in policies:
        for model in models:
            pair = measure_pair(tables[model], (better, other), policy, value, budget)
            pairs.append(pair)
            if budget.stop and pair.state != State.BETTER and model != Model.UNIFORM:
                return pairs
    return pairs


def compare_declarations(
    position: Position,
    answer: Action,
    rivals: Sequence[Action],
    models: Sequence[Model] = MODELS,
    budget: Budget = Budget(),
) -> list[Pair]:
    """Whether the declaration ``answer`` beats each of ``rivals`` at a meld choice: one
    :class:`Pair` (policy :data:`SHOWDOWN`, ``rival`` named) per rival x model measured, rivals
    in the order given, each under every model on the same guesses, stopping at the first pair
    not won when ``budget.stop``. The hands come from the rebuilt tables (:class:`Drawn`), so a
    guess is the game state the other kinds' checks play out from."""
    value = value_of(position)
    tables = {model: Drawn(position, model, budget) for model in models}
    pairs = []
    for rival in rivals:
        for model in models:
            pair = replace(
                measure_pair(tables[model], (answer, rival), SHOWDOWN, value, budget), rival=str(rival)
            )
            pairs.append(pair)
            if budget.stop and pair.state != State.BETTER and model != Model.UNIFORM:
                return pairs
    return pairs


def declaration_verdict(
    pairs: Iterable[Pair], rivals: Sequence[Action], models: Sequence[Model] = MODELS
) -> Verdict:
    """The robust criterion where nobody plays on: the answer clearly better than every rival
    under every model (uniform aside), contradicted if clearly worse than any under any model.
    Each rival's pairs are judged by :func:`verdict` with :data:`SHOWDOWN` the one policy."""
    found = list(pairs)
    each = [verdict([p for p in found if p.rival == str(r)], models, (SHOWDOWN,)) for r in rivals]
    if Verdict.CONTRADICTED in each:
        return Verdict.CONTRADICTED
    return Verdict.ROBUST if each and all(v == Verdict.ROBUST for v in each) else Verdict.UNCLEAR
