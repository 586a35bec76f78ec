"""The knock's learnt undercut risk: public inputs only, a table the engine reads, and a search
that only ever prices a knock lower with it."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots.knowledge import Knowledge
from gin_core.bots.reasons import Reason, ReasonKind
from gin_core.bots.rollout import score
from gin_core.bots.search import ExpertBot, Playouts, priced_undercuts, remixed
from gin_core.bots.standard import best_knock
from gin_core.bots.undercut_data import COEFFICIENTS
from gin_core.bots.undercut_risk import FEATURES, at_count, features, undercut_risk
from gin_core.bots.waiting import wary_share
from gin_core.cards import mask_of
from gin_core.tools.opponents import arena_bot
from gin_core.view import PlayerView


def knock_chance(seed: int) -> tuple[Match, PlayerView] | None:
    """The first turn of standard against the hunter (match ``seed``) where a knock short of gin
    is allowed, and the view of the player who may knock."""
    bots = (arena_bot("standard", 1), arena_bot("hunter", 2))
    match = Match(preset("eaai"), seed=seed)
    for _ in range(400):
        if match.result is not None:
            return None
        p = match.to_move
        if p is None:
            match.apply("next_hand")
            continue
        view = match.view(p)
        kinds = {a.kind for a in view.legal_actions}
        if ActionKind.KNOCK in kinds and ActionKind.GIN not in kinds:
            return match, view
        match.apply(bots[p].decide(view).action)
    return None


def tried(action: Action | None, points: list[int]) -> Playouts:
    """A candidate ``action`` whose playouts (one a guess) ended at ``points``."""
    assert action is not None
    trial = Playouts(action, Reason(ReasonKind.DRAWS))
    trial.by_guess = [float(p) for p in points]
    trial.points, trial.runs = float(sum(points)), len(points)
    return trial


def test_the_table_loads_with_one_coefficient_per_input():
    assert len(COEFFICIENTS) == len(FEATURES) and all(isinstance(w, float) for w in COEFFICIENTS)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**20))
def test_the_risk_cannot_see_the_hidden_cards(seed):
    """Two states that differ only in hidden cards (an unknown card of the opponent's swapped
    with a stock card) give the same view, the same inputs and the same risk."""
    found = knock_chance(seed)
    if found is None:
        return
    match, view = found
    other = copy.deepcopy(match)
    hand = other.hand
    opp = 1 - view.player
    unknown = [c for c in hand.hands[opp] if c not in hand.known[opp]]
    hand.hands[opp][hand.hands[opp].index(unknown[0])], hand.stock[0] = hand.stock[0], unknown[0]
    assert mask_of(hand.hands[opp]) != mask_of(match.hand.hands[opp])
    twin = other.view(view.player)
    assert twin == view
    knock = best_knock(view, Knowledge.of(view))
    assert knock is not None and knock.card is not None
    mine = mask_of(view.hand) & ~knock.card.bit
    assert features(twin, mine) == features(view, mine)
    assert 0.0 < undercut_risk(twin, mine) == undercut_risk(view, mine) < 1.0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 10))
def test_a_count_moves_only_the_count_inputs(seed, count):
    """The inputs for another count keep every other fact; at the knocker's own count they are
    the knock's (``blind_knock_limit`` prices counts this way)."""
    found = knock_chance(seed)
    if found is None:
        return
    _, view = found
    knock = best_knock(view, Knowledge.of(view))
    assert knock is not None and knock.card is not None
    mine = mask_of(view.hand) & ~knock.card.bit
    inputs = features(view, mine)
    moved = at_count(inputs, count)
    assert at_count(moved, min_deadwood(mine)) == inputs
    changed = {FEATURES[i] for i, (a, b) in enumerate(zip(inputs, moved, strict=True)) if a != b}
    assert changed <= {"deadwood", "deadwood_squared", "waiter_deadwood"}
    assert moved[FEATURES.index("deadwood")] == count


def test_remixing_gives_the_undercuts_the_risk():
    values = [10.0, 20.0, -30.0, 10.0]
    cut = [v < 0 for v in values]
    assert remixed(values, cut, 0.25, -99.0) == sum(values) / 4  # the guesses' own share
    assert remixed(values, cut, 0.5, -99.0) == 0.5 * 40 / 3 - 15
    assert remixed([5.0, 7.0], [False, False], 0.1, -26.0) == 0.9 * 6 - 2.6


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**20), st.lists(st.integers(-40, 40), min_size=1, max_size=30))
def test_the_risk_only_ever_lowers_a_knock(seed, points):
    """A knock's value never rises and the other candidates are untouched."""
    found = knock_chance(seed)
    if found is None:
        return
    _, view = found
    know = Knowledge.of(view)
    trials = [tried(best_knock(view, know), points), tried(view.legal_actions[0], points)]
    priced_undercuts(view, know, trials)
    assert trials[0].value <= sum(points) / len(points) + 1e-9
    assert trials[1].value == sum(points) / len(points)


class UnpricedExpert(ExpertBot):
    """Expert as it was: a knock's undercut risk is its guesses' alone."""

    prices_undercuts = False


def played(opponent: str, seed: int, moves: int) -> Match:
    """Match ``seed`` (eaai), the standard level against ``opponent``, ``moves`` moves in."""
    bots = (arena_bot("standard", 1), arena_bot(opponent, 2))
    match = Match(preset("eaai"), seed=seed)
    for _ in range(moves):
        if match.to_move is None:
            match.apply("next_hand")
        else:
            match.apply(bots[match.to_move].decide(match.view(match.to_move)).action)
    return match


def test_expert_no_longer_knocks_into_the_hunters_undercut():
    """Match seed 3, standard against the hunter, 224 moves in (four hands finished): expert as
    it was knocks 4♦ and the hunter's real hand undercuts it; expert now waits (discards 4♠)."""
    match = played("hunter", 3, 224)
    view = match.view(0)
    assert view.to_move == 0 and len(view.records) == 4
    before = UnpricedExpert(seed=3).decide(view).action
    assert str(before) == "knock 4D 5C-5D-5S 6H-7H-8H-9H" and before.card is not None
    real = mask_of(match.hand.hands[1])
    assert score(view.rules, [mask_of(view.hand) & ~before.card.bit, real], 0) == -25  # undercut
    assert str(ExpertBot(seed=3).decide(view).action) == "discard 4S"


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**20), st.lists(st.integers(-40, 40), min_size=1, max_size=30))
def test_the_learnt_risk_counts_as_far_as_the_opponent_is_seen_waiting(seed, points):
    """With no evidence that the opponent waits the knock keeps its guesses' value; with full
    evidence it gets the whole learnt risk; in between, the same share of the way (the remix
    is linear in the risk)."""
    found = knock_chance(seed)
    if found is None:
        return
    _, view = found
    know = Knowledge.of(view)
    knock = best_knock(view, know)
    values = []
    for waits in (0.0, 0.5, 1.0):
        trial = tried(knock, points)
        priced_undercuts(view, know, [trial], waits)
        values.append(trial.value)
    unpriced = sum(points) / len(points)
    assert values[0] == unpriced
    assert values[2] <= values[1] <= values[0]
    assert abs(values[1] - (values[0] + values[2]) / 2) < 1e-9


class FullyPricedExpert(ExpertBot):
    """Expert raising a knock's undercut share all the way to the learnt risk, whatever the
    match shows of the opponent's waiting (as it was)."""

    def learnt_risk_share(self, view: PlayerView) -> float:
        return 1.0


def test_expert_knocks_against_an_opponent_seen_knocking_at_once():
    """Match seed 210, standard against `simple`, 255 moves in (seven hands finished, `simple`
    seen knocking far more often than waiting): the expert pricing the learnt risk in full
    throws 4♠ and waits; expert now knocks 4♦, and `simple`'s real hand does not undercut it.
    (Found again in session 37, when the expert's playout self became wary on half its guesses
    and knocked at session 36's position, seed 14, priced either way.)"""
    match = played("simple", 210, 255)
    view = match.view(0)
    assert view.to_move == 0 and len(view.records) == 7
    assert wary_share(view) < 0.3
    assert str(FullyPricedExpert(seed=3).decide(view).action) == "discard 4S"
    now = ExpertBot(seed=3).decide(view).action
    assert str(now) == "knock 4D 5C-5H-5S QC-QH-QS" and now.card is not None
    real = mask_of(match.hand.hands[1])
    assert score(view.rules, [mask_of(view.hand) & ~now.card.bit, real], 0) == 6
