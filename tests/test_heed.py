"""A playout seat that heeds a discard's danger (``SearchSettings.heed``, the arena's
``experthd``; issue 46, ``benchmarks/bots.md``, session 43): it throws the card leaving the
least deadwood plus the card's heed, where the greedy seat weighs deadwood alone."""

from __future__ import annotations

import random
from copy import deepcopy
from typing import Any

import pytest

from gin_core import Match, preset
from gin_core.bots import make_bot, search
from gin_core.bots.heuristics import DANGER, cached_discard, discard_heed
from gin_core.bots.knowledge import meld_chance
from gin_core.bots.rollout import GREEDY, HEED_FLOOR, SeatPlay, heeded, playout, playout_bound
from gin_core.bots.search import ExpertBot, SearchBot, SearchSettings
from gin_core.cards import Card, mask_of, parse_cards
from gin_core.flow import Phase
from gin_core.tools.opponents import HeedfulExpert
from tests.test_kernels import playout_starts

HAND = mask_of(parse_cards("AS 2S 3S 7H 7D 7C KS QH 9H 5C 4D"))  # 38 deadwood in five cards
K, Q, NINE = (Card.parse(c).index for c in ("KS", "QH", "9H"))


def heed_of(points: dict[int, float]) -> tuple[float, ...]:
    return tuple(points.get(i, 0.0) for i in range(52))


def test_a_heeded_card_gives_way_to_the_cheapest_discard_counting_its_heed() -> None:
    greedy = cached_discard(HAND)
    assert greedy[1] == 28 and greedy[0] in (K, Q)
    other = Q if greedy[0] == K else K
    assert heeded(HAND, 0, greedy, heed_of({greedy[0]: DANGER})) == (other, 28)
    both = heed_of({K: DANGER, Q: DANGER})
    assert heeded(HAND, 0, greedy, both) == (NINE, 29)  # a point more deadwood, no danger
    assert heeded(HAND, 0, greedy, heed_of({K: 0.9, Q: 0.9})) == greedy  # 28.9 beats 29
    assert heeded(HAND, 1 << NINE, greedy, heed_of({K: 5.0, Q: 5.0})) == greedy  # 33 beats 9H barred, 5C's 33


def test_a_heed_the_same_on_every_card_changes_no_playout() -> None:
    """Every discard's cost moves by the same amount and ties keep the greedy card: the points
    are the greedy playout's; only the work counted grows, within the bound."""
    flat = (2 * HEED_FLOOR,) * 52
    for rules, limit, state, wary in playout_starts(300):
        again, stock = deepcopy(state), len(state.stock)
        greedy = playout(rules, limit, state, wary)
        points, units = playout(rules, limit, again, wary, None, flat)
        assert points == greedy[0]
        assert greedy[1] <= units <= playout_bound(stock, wary, heeds=True)


def test_a_heed_on_some_cards_changes_some_playouts() -> None:
    rng = random.Random(3)
    changed = 0
    for rules, limit, state, wary in playout_starts(300):
        shunned = set(rng.sample(range(52), 12))
        heed = tuple(100.0 if i in shunned else 0.0 for i in range(52))
        again = deepcopy(state)
        changed += playout(rules, limit, state, wary)[0] != playout(rules, limit, again, wary, None, heed)[0]
    assert changed > 10


def test_the_heed_table_is_the_heuristic_s_danger_of_each_card() -> None:
    holding = [0.0] * 52
    holding[Card.parse("8H").index] = holding[Card.parse("8D").index] = 1.0
    heed = discard_heed(holding)
    assert heed[Card.parse("8S").index] == DANGER  # a sure set for the opponent
    assert heed[Card.parse("KS").index] == 0.0
    assert all(h == DANGER * meld_chance(i, holding) for i, h in enumerate(heed))


def test_only_the_arena_s_experthd_heeds_and_no_level_s_settings_carry_a_heed() -> None:
    assert HeedfulExpert.heeds_danger == DANGER and HeedfulExpert.name == "experthd"
    assert SearchBot.heeds_danger == ExpertBot.heeds_danger == 0.0
    assert ExpertBot.settings().heed is None and SeatPlay(0, None, None) == GREEDY


def test_experthd_plays_its_candidates_with_the_decision_s_danger(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heed a search plays with is the danger the decision's own knowledge sees."""
    seen: list[SearchSettings] = []
    real = search.play_candidates

    def spy(*args: Any) -> Any:
        seen.append(args[4])
        return (yield from real(*args))

    monkeypatch.setattr(search, "play_candidates", spy)
    match = Match(preset("eaai"), seed=4)
    while len(seen) < 3:
        p = match.to_move
        assert p is not None
        view = match.view(p)
        bot = (
            HeedfulExpert(seed=1)
            if len(view.legal_actions) > 1 and view.phase == Phase.DISCARD
            else make_bot("simple", seed=2)
        )
        match.apply(bot.decide(view).action)
    heeds = [s.heed for s in seen if s.heed is not None]
    assert len(heeds) == len(seen) and all(len(h) == 52 and max(h) <= DANGER for h in heeds)
    assert any(max(h) > HEED_FLOOR for h in heeds)
