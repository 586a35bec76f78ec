"""``hard`` and ``expert``: Monte Carlo search over guesses of the hidden cards.

Each decision: the standard heuristic proposes a few candidate moves; the sampler guesses the
opponent's hand and the stock many times, consistently with everything public; every candidate
is played out to the end of the hand on every guess (the same guesses for all candidates, so
their difference is measured, not their luck); the candidate with the best average points
wins (under rules with a target, the best average chance to win the match of the scores the
playouts reach, see :mod:`.match_chance`; the credit below is then converted at the score's rate),
except that the standard level's own choice is credited ``prior`` points: the playouts
follow a cruder policy than the heuristic and their averages are noisy, so the search overrides
the heuristic only when it finds a clearly better move (against the standard level the search
alone lost 39.5% of matches; with the credit it won 58.0%, see ``benchmarks/bots.md``). A knock
needs no playout: it is scored exactly against each guessed hand, so the undercut risk is
counted, not estimated. ``expert`` searches more and models a stronger opponent (see
:class:`ExpertBot`). Work is counted in units and cut into slices (see :mod:`.base`).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field, replace

from ..actions import Action, ActionKind
from ..arrange import best_arrangement, min_deadwood
from ..cards import Card, Mask, cards_of
from ..equity import equity_loaded
from ..flow import Phase, dead_after_discard, pile_limit_reached
from ..rules import Rules
from ..view import PlayerView
from .base import Bot, Decision, Thinking, Work, face_up, lowest_end
from .deadwood_shown import pulled, shown_deadwood
from .heuristics import Option, discard_options
from .knowledge import Knowledge, fits
from .match_chance import Judge
from .reasons import MeldShape, Reason, ReasonKind
from .rollout import END_UNITS, PlayoutState, playout, playout_bound, score
from .sampler import Guess, Inference, Proposer, proposal_units, resample
from .standard import best_knock, discard_decision, draw_decision, knock_or_discard, wall_decision
from .undercut_risk import undercut_risk
from .waiting import waiting_chance, wary_share


@dataclass
class Playouts:
    """Playout results of one candidate."""

    action: Action
    why: Reason
    points: float = 0.0
    wins: int = 0
    runs: int = 0
    credit: float = 0.0  # added when ranking: the search's prior, for the favourite
    chances: float | None = None  # the sum of the playouts' chances to win the match, if judged
    by_guess: list[float] = field(default_factory=list)  # each guess's points, in guess order
    chance_by_guess: list[float] = field(default_factory=list)  # and its chance, if judged

    @property
    def value(self) -> float:
        return self.points / self.runs if self.runs else 0.0

    @property
    def win(self) -> float | None:
        """The playouts' average chance to win the match (``None`` if not judged by it)."""
        if self.chances is None:
            return None
        return self.chances / self.runs if self.runs else 0.0

    @property
    def ranked(self) -> float:
        """The value used to rank candidates: the playouts' average (chances to win the match
        when judged by them, else points) plus the credit."""
        win = self.win
        return (self.value if win is None else win) + self.credit

    def judged(self, slope: float) -> None:
        """Rank this trial by chances to win the match from now on: its credit, in points,
        becomes chances at ``slope`` chances a point (see :attr:`Judge.slope`)."""
        self.chances = 0.0
        self.credit *= slope

    def credited(self, favourite: Action | None, prior: float) -> float:
        """The value used to rank candidates, the favourite and its credit given here (for
        trials made without a credit)."""
        return self.value + (prior if self.action == favourite else 0.0)

    def reason(self) -> Reason:
        """Why the move, with how it fared in the playouts if it was played out."""
        if not self.runs:
            return self.why
        pct = round(100 * self.wins / self.runs)
        return replace(self.why, wins=pct, points=round(self.value, 2))


Evaluating = Generator[int, None, list[Playouts]]  # slices of work units, then the trials played
Guessing = Generator[int, None, list[Guess]]  # slices of work units, then the guesses


@dataclass(frozen=True)
class SearchSettings:
    """What a search keeps fixed through a decision: ``samples`` guesses of the hidden cards,
    each picked from proposals by ``inference``; ``halvings`` times the worse half of the
    candidates is set aside; ``prior`` points are credited to the standard level's choice;
    ``wary``: the players (bit 0: this one) who never knock into an undercut in playouts;
    ``by_match``: playouts are valued by the chance to win the match of the score they reach
    (under rules with a target), not by their points; ``opponent_wary``: the share of guesses
    (spread evenly over them) whose playouts keep the opponent's ``wary`` bit; ``self_wary``: the
    same for this player's bit (a wary playout self knocks knowing the guessed hand, which the
    real one never does); ``opponent_gin_only``: the share of guesses (spread the same way)
    whose playouts give the opponent's seat a knock limit of 0, a player who waits for gin;
    ``blind_limit``: the count this player knocks with in the playouts of the guesses where it
    is not wary (the rules' limit if ``None``), a blind self that knocks only as low as the
    risk it can see allows. The budget is the :class:`Work` counter's."""

    samples: int
    inference: Inference
    halvings: int = 0
    prior: float = 0.0
    wary: int = 0
    by_match: bool = False
    opponent_wary: float = 1.0
    self_wary: float = 1.0
    opponent_gin_only: float = 0.0
    blind_limit: int | None = None


def marked(share: float, n: int) -> bool:
    """True if guess ``n`` is one of an even ``share`` of the guesses: of any first run of them,
    exactly the share rounded down (no random number drawn, so every candidate meets the same)."""
    return int((n + 1) * share) > int(n * share)


def wary_seats(settings: SearchSettings, n: int) -> int:
    """The wary players of the playouts of guess ``n``: ``settings.wary``, less the opponent on
    all but an even ``settings.opponent_wary`` share of the guesses, and this player on all but
    an even ``settings.self_wary`` share."""
    seats = settings.wary if marked(settings.opponent_wary, n) else settings.wary & ~0b10
    return seats if marked(settings.self_wary, n) else seats & ~0b01


def seat_limits(settings: SearchSettings, n: int, limit: int) -> tuple[int, int] | None:
    """The counts this player and the opponent knock with in the playouts of guess ``n``: on an
    even ``settings.opponent_gin_only`` share of the guesses the opponent waits for gin (0);
    this player, on the guesses where it is not wary, ``settings.blind_limit`` if set; else
    the hand's ``limit`` (both: ``None``)."""
    blind = None if marked(settings.self_wary, n) else settings.blind_limit
    gin_only = marked(settings.opponent_gin_only, n)
    if blind is None and not gin_only:
        return None
    return (limit if blind is None else blind, 0 if gin_only else limit)


def credit_favourite(trials: list[Playouts], favourite: Action | None, prior: float) -> None:
    """Credit ``prior`` points to the trial of the ``favourite`` move (none to the others)."""
    for t in trials:
        t.credit = prior if t.action == favourite else 0.0


def simulate(  # 6 parameters: the decision, its guess, and how the playout's seats knock
    view: PlayerView,
    know: Knowledge,
    action: Action,
    guess: Guess,
    wary: int = 0,
    limits: tuple[int, int] | None = None,
) -> tuple[int, int]:
    """Points for this player (and the work units used) if ``action`` is played and the hidden
    cards are ``guess``; player 0 of the playout is this player, ``wary`` as in :func:`playout`;
    ``limits``: the counts this player and the opponent knock with (both the rules' limit if not
    given), as in :func:`playout`."""
    rules, limit = view.rules, view.knock_limit
    opp, stock = guess[0], guess[1].copy()
    me, draws = know.me, know.pile_draws
    top = [view.top.index] if view.top else []
    kind = action.kind
    if kind == ActionKind.KNOCK or kind == ActionKind.GIN:
        return score(rules, [me & ~action.put.bit, opp], 0), END_UNITS
    if kind == ActionKind.BIG_GIN:
        return score(rules, [me, opp], 0, big=True), END_UNITS
    if kind == ActionKind.DISCARD:
        if dead_after_discard(rules, len(stock)) or action.put.bit & fatal_card(rules, know, know.taken):
            return 0, END_UNITS
        held = [me & ~action.put.bit, opp]
        state = PlayoutState(held, [action.put.index], stock, 1, Phase.DRAW, pile_draws=draws)
    elif kind == ActionKind.DRAW_STOCK:
        state = PlayoutState([me | 1 << stock.pop(), opp], top, stock, 0, Phase.DISCARD, pile_draws=draws)
    elif kind == ActionKind.DRAW_PILE:
        return played_take(view, know, opp, stock, wary, limits)
    elif view.phase == Phase.WALL:  # pass at the wall: the hand is dead
        return 0, END_UNITS
    elif view.player == view.dealer:  # the second pass of the upcard: the other player draws
        state = PlayoutState([me, opp], top, stock, 1, Phase.DRAW, stock_only=True, pile_draws=draws)
    else:
        state = PlayoutState([me, opp], top, stock, 1, Phase.OFFER, passes=1)
    return playout(rules, limit, state, wary, limits)


def played_take(  # 6 parameters: simulate's, its guess as the opponent's hand and a copied stock
    view: PlayerView,
    know: Knowledge,
    opp: Mask,
    stock: list[int],
    wary: int,
    limits: tuple[int, int] | None,
) -> tuple[int, int]:
    """:func:`simulate` of taking the face-up card. At the wall the take obliges the knock, so
    the knock follows it, by the rules' limit, whatever ``wary`` and ``limits`` model: a wary
    playout self would decline an undercut knock and play on, a move the engine does not allow."""
    started = taking_state(view, know, opp, stock)
    if started is None:  # this draw reaches the pile draw limit: the hand is dead
        return 0, END_UNITS
    if view.phase == Phase.WALL:
        return playout(view.rules, view.knock_limit, started, wary & ~1)
    return playout(view.rules, view.knock_limit, started, wary, limits)


def taking_state(view: PlayerView, know: Knowledge, opp: Mask, stock: list[int]) -> PlayoutState | None:
    """Where a playout starts once this player takes the face-up card (the guess: ``opp`` and
    ``stock``), or ``None`` if the take ends the hand: a draw from the pile in the draw phase
    counts toward ``Rules.pile_draw_limit`` (the first upcard's offer and the wall do not)."""
    rules, draws = view.rules, know.pile_draws
    if view.phase == Phase.DRAW:
        draws += 1
        if pile_limit_reached(rules, draws):
            return None
    taken = face_up(view).bit
    forbid = taken if rules.no_discard_after_pickup else 0
    held = [know.me | taken, opp]
    fatal = fatal_card(rules, know, taken)
    return PlayoutState(held, [], stock, 0, Phase.DISCARD, forbid, pile_draws=draws, fatal=fatal)


def fatal_card(rules: Rules, know: Knowledge, taken: Mask) -> Mask:
    """The card (``taken`` from the pile this turn) whose discard now ends the hand dead: a
    second throw-back in a row under ``Rules.throw_back_dead``; 0 if there is none."""
    return taken if rules.throw_back_dead and know.thrown_back else 0


def reason_of(view: PlayerView, know: Knowledge, action: Action) -> Reason:
    """What a move does (the search adds how it fared)."""
    kind, top = action.kind, view.top
    if kind == ActionKind.DRAW_PILE and top is not None:
        return taking(know.me, top)
    if kind == ActionKind.DRAW_STOCK:
        return Reason(ReasonKind.DRAWS) if top is None else leaving(know.me, top)
    if kind == ActionKind.PASS:
        if view.phase == Phase.WALL or top is None:
            return Reason(ReasonKind.WALL_PASS)
        return leaving(know.me, top)
    if kind == ActionKind.BIG_GIN or action.card is None:
        return Reason(ReasonKind.BIG_GIN)
    if kind == ActionKind.GIN:
        return Reason(ReasonKind.GIN, (action.card,))
    left = min_deadwood(know.me & ~action.card.bit)
    kind_of = ReasonKind.KNOCKS if kind == ActionKind.KNOCK else ReasonKind.LEAVES_DEADWOOD
    return Reason(kind_of, (action.card,), deadwood=left)


def taking(hand: Mask, top: Card) -> Reason:
    """What taking ``top`` does to ``hand`` once the best card is thrown back: the meld of the
    best arrangement it then lies in (never a meld that arrangement breaks), else the deadwood
    it lowers, else the pair it keeps for a meld, else only that it takes the card."""
    held = hand | top.bit
    throws = list(cards_of(held & ~top.bit))
    thrown = min(throws, key=lambda c: (min_deadwood(held & ~c.bit), -c.index))
    kept = best_arrangement(cards_of(held & ~thrown.bit))
    meld = next((m for m in kept.melds if top in m.cards), None)
    if meld is not None:
        shape = MeldShape.SET if len({c.rank for c in meld.cards}) == 1 else MeldShape.RUN
        return Reason(ReasonKind.MAKES_MELD, (top, *meld.cards), meld=shape)
    before, after = min_deadwood(hand), kept.deadwood_value
    if after < before:
        return Reason(ReasonKind.LOWERS_DEADWOOD, (top,), before=before, deadwood=after)
    mate = next((c for c in kept.deadwood if c != top and _pairs(top, c)), None)
    if mate is not None:  # kept for a meld to come: the pair it makes, the card thrown first
        shape = MeldShape.SET if mate.rank == top.rank else MeldShape.RUN
        return Reason(ReasonKind.KEEPS_PAIR, (thrown, *sorted((top, mate))), meld=shape)
    return Reason(ReasonKind.TAKES, (top,))


def _pairs(a: Card, b: Card) -> bool:
    """Two cards a third could make a meld of: one rank, or one suit within two ranks."""
    return a.rank == b.rank or (a.suit == b.suit and abs(a.index - b.index) <= 2)


def leaving(hand: Mask, top: Card) -> Reason:
    """Why a draw from the stock or a pass leaves ``top``: it would help too little (it would
    meld or lower the deadwood, and the playouts still prefer the stock), or it fits nothing."""
    taken = taking(hand, top)
    helps = taken.kind in (ReasonKind.MAKES_MELD, ReasonKind.LOWERS_DEADWOOD) or fits(hand, top.index)
    return Reason(ReasonKind.HELPS_TOO_LITTLE if helps else ReasonKind.FITS_NOTHING, (top,))


def guess_hidden(
    know: Knowledge, holding: list[float], settings: SearchSettings, rng: random.Random, work: Work
) -> Guessing:
    """``settings.samples`` guesses of the hidden cards: proposed (``inference.proposals`` for
    each guess kept) in slices of the budget, yielding at slice ends, then resampled by weight."""
    samples, inference = settings.samples, settings.inference
    cost = proposal_units(know)
    proposer = Proposer(know, holding, inference)
    pool = []
    for _ in range(samples * inference.proposals):
        if not work.room(cost):
            yield work.cut()
        pool.append(proposer.propose(rng))
        work.add(cost)
    return resample(know, pulled(pool, inference.showdowns), samples, rng)


def play_candidates(
    view: PlayerView,
    know: Knowledge,
    trials: list[Playouts],
    found: list[Guess],
    settings: SearchSettings,
    work: Work,
) -> Evaluating:
    """Play the candidates on the same guesses, a guess at a time, until the guesses or the
    budget run out, yielding at slice ends; returns the candidates still in the running.

    A guess the budget cannot finish for every candidate is dropped, so candidates are always
    compared on the same guesses; with ``settings.by_match`` they are judged by the chances to
    win the match of the playouts' scores (see :class:`Judge`). With ``settings.halvings``,
    the worse half of the candidates (ranked with their credit) is set aside that many times
    at even steps, so the close contenders get the most playouts."""
    samples, halvings = settings.samples, settings.halvings
    bound = playout_bound(know.stock, settings.wary)
    judge = yield from judging(view, trials, settings, work)
    active = list(trials)
    cuts = {samples * (k + 1) // (halvings + 2) for k in range(halvings)}
    for n, guess in enumerate(found):
        if n in cuts and len(active) > 2:
            active.sort(key=lambda t: -t.ranked)
            active = active[: max(2, (len(active) + 1) // 2)]
        results, wary = [], wary_seats(settings, n)
        limits = seat_limits(settings, n, view.knock_limit)
        for t in active:
            if work.left() < bound:
                return active
            if not work.room(bound):
                yield work.cut()
            points, used = simulate(view, know, t.action, guess, wary, limits)
            work.add(used)
            results.append(points)
        for t, points in zip(active, results, strict=True):
            t.points += points
            t.wins += points > 0
            t.runs += 1
            t.by_guess.append(points)
            if judge is not None:
                chance = judge(points)
                t.chances = (t.chances or 0.0) + chance
                t.chance_by_guess.append(chance)
    return active


def judging(
    view: PlayerView, trials: list[Playouts], settings: SearchSettings, work: Work
) -> Generator[int, None, Judge | None]:
    """The judge of a search by the chance to win the match (``None``: by points), the trials
    made ready for it. The table's first use (a few ms) starts a slice of its own."""
    if not settings.by_match:
        return None
    if not equity_loaded(view.rules) and work.in_slice:
        yield work.cut()
    judge = Judge.of(view)
    if judge is not None:
        slope = judge.slope
        for t in trials:
            t.judged(slope)
    return judge


def evaluate(  # 8 parameters: the call of analysis/coach.py (outside the bots), kept as it was
    view: PlayerView,
    know: Knowledge,
    holding: list[float],
    trials: list[Playouts],
    samples: int,
    inference: Inference,
    rng: random.Random,
    work: Work,
) -> Evaluating:
    """:func:`guess_hidden`, then :func:`play_candidates`, with no halvings, credit or wary
    player."""
    settings = SearchSettings(samples, inference)
    found = yield from guess_hidden(know, holding, settings, rng, work)
    return (yield from play_candidates(view, know, trials, found, settings, work))


class SearchBot(Bot):
    """Hard: 3 candidates, up to 96 guesses weighed with fading evidence, within 10,000 units
    (about 50 ms mean, 80 ms at the 95th percentile in CPython) in slices of 500 units (4-7 ms
    of CPU, the page paints between them); the standard level's choice is kept unless another
    move plays out ``prior`` points better."""

    name = "hard"
    slice_units = 500  # no less: its first slice is the standard heuristic, up to 1 + 12 x 41 units
    total_units = 10_000
    candidates = 3
    samples = 96
    halvings = 0
    inference = Inference(proposals=3, passed_melds=0.1, threw_melds=0.25, timed=True)
    prior = 1.5
    wary = 0  # players (bit 0: this one) who never knock into an undercut in playouts
    self_wary = 1.0  # the share of guesses on which this player's playout seat keeps its wary bit
    by_match = True  # playouts valued by the chance to win the match (rules with a target)
    learns_waiting = False  # the chance the opponent waits with a knock is learnt from the match
    learns_showdowns = False  # at a knock chance, guesses pulled toward the opponent's showdowns
    learns_eagerness = False  # the opponent's seat is wary in playouts as its waits against knocks say
    prices_undercuts = False  # a knock's undercut share is raised to the learnt risk (.undercut_risk)

    @classmethod
    def settings(cls) -> SearchSettings:
        """This level's search settings, from its class constants (which levels and tests
        override)."""
        return SearchSettings(
            cls.samples,
            cls.inference,
            cls.halvings,
            cls.prior,
            cls.wary,
            cls.by_match,
            self_wary=cls.self_wary,
        )

    def settings_for(self, view: PlayerView) -> SearchSettings:
        """This decision's settings: the level's, with what the level learns from the match:
        the chance that the opponent waits with a hand it could knock with, how often it is
        wary in the playouts (see :func:`.waiting.wary_share`), and at a knock chance the
        deadwood it showed at our knocks (see :mod:`.deadwood_shown`)."""
        settings = self.settings()
        if self.learns_eagerness:
            settings = replace(settings, opponent_wary=wary_share(view))
        inference = settings.inference
        if self.learns_waiting:
            inference = replace(inference, could_knock=waiting_chance(view, inference.could_knock))
        if self.learns_showdowns and any(a.kind == ActionKind.KNOCK for a in view.legal_actions):
            inference = replace(inference, showdowns=shown_deadwood(view))
        return replace(settings, inference=inference)

    def plan(self, view: PlayerView, rng: random.Random, work: Work) -> Thinking:
        know = Knowledge.of(view)
        if view.phase == Phase.DISCARD and (
            view.must_knock or any(a.kind in (ActionKind.BIG_GIN, ActionKind.GIN) for a in view.legal_actions)
        ):
            return lowest_end(view)
        holding = know.holding()
        settings = self.settings_for(view)
        trials, favourite = self.shortlist(view, know, holding, work)
        credit_favourite(trials, favourite, settings.prior)
        if len(trials) > 1:
            if work.in_slice:
                yield work.cut()  # the heuristic's work is a slice of its own
            found = yield from self.guess(know, holding, settings, rng, work)
            trials = yield from play_candidates(view, know, trials, found, settings, work)
            if self.prices_undercuts:
                priced_undercuts(view, know, trials, self.learnt_risk_share(view))
        best = max(trials, key=lambda t: t.ranked)
        return Decision(best.action, best.reason())

    def learnt_risk_share(self, view: PlayerView) -> float:
        """How far a knock's undercut share is raised toward the learnt risk (see
        :func:`priced_undercuts`): as far as the match shows this opponent waits."""
        return wary_share(view)

    def guess(
        self, know: Knowledge, holding: list[float], settings: SearchSettings, rng: random.Random, work: Work
    ) -> Guessing:
        """The guesses of the hidden cards this decision's candidates are played on (the arena's
        measuring bots, in ``gin_core/tools/ceiling.py``, are handed the real cards instead)."""
        return guess_hidden(know, holding, settings, rng, work)

    def shortlist(
        self, view: PlayerView, know: Knowledge, holding: list[float], work: Work
    ) -> tuple[list[Playouts], Action]:
        """The moves worth searching and the standard level's choice among them: both draws
        (or both wall choices), or the heuristic's best discards and the best knock."""
        favourite, options = standard_choice(view, know, holding, work)
        if view.phase != Phase.DISCARD:
            return [Playouts(a, reason_of(view, know, a)) for a in view.legal_actions], favourite
        out = [
            Playouts(d.action, d.reason)
            for d in (discard_decision(know, o) for o in options[: self.candidates])
        ]
        knock = best_knock(view, know)
        if knock is not None:
            out.append(Playouts(knock, reason_of(view, know, knock)))
        return out, favourite


def priced_undercuts(view: PlayerView, know: Knowledge, trials: list[Playouts], waits: float = 1.0) -> None:
    """Raise the share of a knock's guesses that undercut it toward the risk learnt offline
    from public facts (see :mod:`.undercut_risk`), when that is higher: the guesses hold too
    few of the low hands a waiting player keeps. ``waits`` (0 to 1) is how much of the way: the
    match's evidence that this opponent waits with a hand it could knock with (see
    :func:`.waiting.wary_share`; 1 with no finished hand). The model was learnt over opponents
    who wait and opponents who knock at once and its inputs barely tell them apart, so it
    foresees too much for the latter (by half against ``simple``), whose hand the guesses,
    discounted by the same evidence, already price. The undercut and safe guesses keep their
    own means (points, and chances when judged by the match), mixed at the raised share; with
    no undercut guess, an undercut is priced at the bonus plus half the knocker's deadwood."""
    for t in trials:
        if t.action.kind != ActionKind.KNOCK or not t.runs:
            continue
        knocker = know.me & ~t.action.put.bit
        cut = [p < 0 for p in t.by_guess]
        share = sum(cut) / t.runs
        risk = share + waits * (undercut_risk(view, knocker) - share)
        if risk <= share:
            continue
        loss = -(view.rules.undercut_bonus + min_deadwood(knocker) / 2)
        t.points = t.runs * remixed(t.by_guess, cut, risk, loss)
        if t.chances is not None:
            judge = Judge.of(view)
            fallback = judge(round(loss)) if judge is not None else 0.0
            t.chances = t.runs * remixed(t.chance_by_guess, cut, risk, fallback)


def remixed(values: list[float], cut: list[bool], risk: float, fallback: float) -> float:
    """The mean of ``values`` with the ``cut`` ones weighing ``risk`` in all (their mean, or
    ``fallback`` if there are none) and the others the rest."""
    bad = [v for v, c in zip(values, cut, strict=True) if c]
    good = [v for v, c in zip(values, cut, strict=True) if not c]
    bad_mean = sum(bad) / len(bad) if bad else fallback
    return (1 - risk) * sum(good) / len(good) + risk * bad_mean


def standard_choice(
    view: PlayerView, know: Knowledge, holding: list[float], work: Work
) -> tuple[Action, list[Option]]:
    """The standard level's move, which the search credits, and in the discard phase every
    discard option, best first (none in the other phases)."""
    odds = know.stock_odds(holding)
    if view.phase != Phase.DISCARD:
        choice = (
            wall_decision(view, know)
            if view.phase == Phase.WALL
            else draw_decision(view, know, holding, odds, work)
        )
        return choice.action, []
    options = discard_options(know.me, know, holding, odds, work)
    return knock_or_discard(view, know, options).action, options


class ExpertBot(SearchBot):
    """Expert: 6 candidates narrowed twice, up to 640 guesses each picked from 4 proposals,
    within 180,000 units (about 150 ms of CPU a decision in CPython; in the page 0.4 s at the
    median, 0.6 s at the 95th percentile), in hard's slices: four times the thought it had
    before issue 46's budget curve, where 4x won against the frozen hard level and 1x and 2x
    did not (``benchmarks/bots.md``, "Confirming the 4x point on new pairs").

    It also models a stronger opponent than hard does. Its guesses replay every stock draw of
    the opponent and barely discount hands low enough to have knocked: a good player holds
    such hands, waiting for gin or an undercut. And in its playouts the opponent does not knock
    into an undercut, so waiting is valued against one who does not walk into it; its own seat
    does not on half the guesses and knocks as soon as it can on the others. A playout self
    wary on every guess knocks knowing the guessed hand, which the real one never does, so
    playing on looked safer than it is against a player who holds low hands (the hunter); one
    never wary knocked too often (``benchmarks/bots.md``, session 37). How
    much its guesses discount such hands is learnt from the match's finished hands (see
    :mod:`.waiting`): a player seen waiting with knockable hands gets them guessed more often.
    A guessed hand that is gin after the opponent's discard is ruled out (nobody sits on gin),
    so a knock is priced against low hands short of gin, which is where its undercuts are. At
    a knock chance its guesses are pulled toward the deadwood the opponent showed at its
    knocks this match (see :mod:`.deadwood_shown`): a low-deadwood player's hand is guessed low.
    The opponent's seat in its playouts is wary only on the share of guesses the match's
    evidence of waiting leaves (see :func:`.waiting.wary_share`): against a player seen
    knocking at once, playing on is valued against one who knocks at once. A knock's share of
    undercut guesses is raised toward the risk a model learnt offline from public facts
    foresees, by that same share (see :func:`priced_undercuts`): its guesses hold too few of a
    waiting player's low hands, and the model foresees too many for one who knocks at once."""

    name = "expert"
    total_units = 180_000
    candidates = 6
    samples = 640
    halvings = 2
    inference = Inference(
        proposals=4,
        passed_melds=0.1,
        threw_melds=0.25,
        could_knock=0.6,
        timed=True,
        replay=1.0,
        rules_out_gin=True,
    )
    wary = 0b11
    self_wary = 0.5
    learns_waiting = True
    learns_showdowns = True
    learns_eagerness = True
    prices_undercuts = True
