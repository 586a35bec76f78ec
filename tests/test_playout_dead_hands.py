"""The playouts end a hand dead where :class:`~gin_core.hand.Hand` does: at the draw from the
pile that reaches ``Rules.pile_draw_limit`` and at a second throw-back in a row under
``Rules.throw_back_dead`` (gin_core/bots/rollout.py), from the count a view's public events
give (gin_core/bots/knowledge.py ``pile_history``), so the search and the coach value a move
that kills the hand at 0."""

from __future__ import annotations

import copy
import random

import pytest

from gin_core import preset
from gin_core.actions import Action, ActionKind
from gin_core.arrange import min_deadwood
from gin_core.bots.heuristics import cached_discard
from gin_core.bots.hint import hint
from gin_core.bots.knowledge import Knowledge, pile_history
from gin_core.bots.rollout import PlayoutState, lowers, playout, units
from gin_core.bots.search import simulate
from gin_core.cards import CARDS, Card, mask_of, parse_cards
from gin_core.flow import Phase, pile_limit_reached
from gin_core.hand import Hand, stacked_deck
from gin_core.puzzles.public import PublicHand
from gin_core.rules import Rules
from gin_core.view import PlayerView


def random_rules(rng: random.Random) -> Rules:
    """Rules with every stock end, with and without the upcard, the card-taken restriction and
    the throw-back rule, and low pile draw limits (or none)."""
    no_pickup = rng.random() < 0.5
    return preset("classic").replace(
        first_upcard=rng.random() < 0.7,
        stock_end=rng.choice(("two_left", "one_left", "empty", "wall")),
        no_discard_after_pickup=no_pickup,
        throw_back_dead=not no_pickup and rng.random() < 0.7,
        pile_draw_limit=rng.choice((None, 1, 2, 3, 5)),
    )


def random_move(hand: Hand, rng: random.Random) -> Action:
    """A legal move, drawing from the pile and throwing the taken card back often (so the
    counts reach the limits), knocking rarely (so hands run long)."""
    acts = hand.legal_actions()
    pile = [a for a in acts if a.kind == ActionKind.DRAW_PILE]
    if pile and rng.random() < 0.6:
        return pile[0]
    back = [a for a in acts if a.kind == ActionKind.DISCARD and a.card == hand.taken]
    if back and rng.random() < 0.5:
        return back[0]
    plain = [a for a in acts if a.kind in (ActionKind.DISCARD, ActionKind.DRAW_STOCK, ActionKind.PASS)]
    return rng.choice(plain if plain and rng.random() < 0.95 else acts)


def random_hands(seed: int):
    """Hands in progress, one after each move of a random hand under random rules."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    hand = Hand(rules, rng.sample(list(CARDS), 52), rng.randrange(2))
    while hand.phase != Phase.OVER:
        yield hand
        hand.apply(random_move(hand, rng))


@pytest.mark.parametrize("seed", range(40))
def test_the_pile_history_of_the_public_events_is_the_engines_count(seed):
    for hand in random_hands(seed):
        taken = hand.taken.bit if hand.taken else 0
        assert pile_history(hand.rules, hand.events) == (hand.pile_draws, hand.thrown_back, taken)


def test_a_take_at_the_wall_is_not_counted_as_the_engine_does_not():
    """Random hands rarely reach the wall: one that does, both players holding 10 deadwood (so
    a take at the wall can always knock), the upcard taken and thrown back, one counted draw
    from the pile, then stock draws thrown away until the wall, where the card is taken."""
    rules = preset("openspiel").replace(pile_draw_limit=None, throw_back_dead=False)
    first, dealer = parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD"), parse_cards("AD 2D 3D 4C 5C 6C 7H 8H 9H KC")
    hand = Hand(rules, stacked_deck(first, dealer, Card.parse("QS")), 1)
    moves = [ActionKind.DRAW_PILE, ActionKind.DISCARD, ActionKind.DRAW_PILE, ActionKind.DISCARD]
    while hand.phase != Phase.WALL:
        kind = (
            moves.pop(0)
            if moves
            else ActionKind.DRAW_STOCK
            if hand.phase == Phase.DRAW
            else ActionKind.DISCARD
        )
        card = hand.hands[hand.turn][-1] if kind == ActionKind.DISCARD else None
        hand.apply(Action(kind, card))
        taken = hand.taken.bit if hand.taken else 0
        assert pile_history(rules, hand.events) == (hand.pile_draws, hand.thrown_back, taken)
    hand.apply(Action(ActionKind.DRAW_PILE))
    assert hand.must_knock and hand.pile_draws == 1
    assert pile_history(rules, hand.events) == (1, False, hand.taken.bit if hand.taken else 0)


def playout_start(hand: Hand) -> PlayoutState:
    """The playout of ``hand`` from now, the player to move as the playout's player 0, with
    the real hidden cards and the engine's count of pile draws."""
    p = hand.turn
    hands = [mask_of(hand.hands[p]), mask_of(hand.hands[1 - p])]
    pile, stock = [c.index for c in hand.pile], [c.index for c in hand.stock]
    phase = Phase.OFFER if hand.phase == Phase.OFFER else Phase.DRAW
    return PlayoutState(hands, pile, stock, 0, phase, passes=hand.passes, pile_draws=hand.pile_draws)


def test_a_playout_dies_at_the_pile_draw_the_engine_dies_at():
    """Wherever the playout's policy takes the face-up card (the offer or the draw phase) in
    random hands, the playout ends dead at that take, the card not taken, exactly when the
    engine's hand dies at that draw; both outcomes are met."""
    outcomes = {True: 0, False: 0}
    for seed in range(60):
        for hand in random_hands(seed):
            if hand.phase not in (Phase.OFFER, Phase.DRAW) or not hand.pile or hand.stock_only:
                continue
            state = playout_start(hand)
            held, top = state.hands[0], state.pile[-1]
            forbid = 1 << top if hand.rules.no_discard_after_pickup else 0
            if not lowers(held, top, min_deadwood(held), forbid):
                continue  # the policy draws from the stock: no take to compare
            before = (list(state.pile), list(state.hands))
            points, used = playout(hand.rules, hand.knock_limit, state, 0)
            died = (points, used, state.pile, state.hands) == (0, units(1), *before)
            engine = copy.deepcopy(hand)
            engine.apply(Action(ActionKind.DRAW_PILE))
            assert died == engine.dead, (seed, hand.pile_draws, hand.rules.pile_draw_limit)
            assert died == (hand.phase == Phase.DRAW and pile_limit_reached(hand.rules, hand.pile_draws + 1))
            outcomes[died] += 1
    assert min(outcomes.values()) >= 20


@pytest.mark.parametrize("seed", range(30))
def test_the_policy_never_throws_back_the_card_it_took(seed):
    """Why a playout needs ``fatal`` only for its first discard: the policy takes a card only
    if the best discard after it leaves less deadwood than the hand held, and throwing the card
    back would leave the same deadwood."""
    rng = random.Random(seed)
    for _ in range(200):
        cards = rng.sample(range(52), 11)
        held, card = sum(1 << c for c in cards[:10]), cards[10]
        if lowers(held, card, min_deadwood(held), 0):
            assert cached_discard(held | 1 << card, 0)[0] != card


# A hand under rules where the taken card may be thrown back and a second throw-back in a row
# kills the hand: player 0 takes the king of spades offered as upcard and throws it back; player
# 1 (the dealer, holding nothing the king fits) may take it and would throw it back.
THROW_BACK = preset("classic").replace(no_discard_after_pickup=False, throw_back_dead=True, target=None)
DEALER = parse_cards("AS 3H 5D 7C 9S JH QD 2C 4S 6H")
KING = Card.parse("KS")


def public_view(
    rules: Rules, steps: list[tuple[str, Card | None]], hand: list[Card], upcard: Card
) -> PlayerView:
    """The view of the player to move, holding ``hand``, after the public ``steps`` of a hand
    player 1 dealt with ``upcard``."""
    table = PublicHand(rules, 1, (0, 0), upcard)
    for kind, card in steps:
        table.play(kind, card)
    return table.view(table.turn, tuple(hand), 1, (0, 0))


def guesses(view, n: int, seed: int = 1):
    """``n`` guesses of the opponent's hand and the stock order from the unseen cards."""
    rng = random.Random(seed)
    unseen = [c.index for c in view.unseen()]
    known = mask_of(view.opponent_known)
    for _ in range(n):
        rng.shuffle(unseen)
        need = view.opponent_hand_size - known.bit_count()
        yield known | sum(1 << c for c in unseen[:need]), unseen[need : need + view.stock_size]


def test_a_second_throw_back_is_valued_dead_by_the_search():
    taken_back = [("draw_pile", None), ("discard", KING)]
    drawing = public_view(THROW_BACK, taken_back, DEALER, KING)
    know = Knowledge.of(drawing)
    assert (know.pile_draws, know.thrown_back, know.taken) == (0, True, 0)
    take = Action(ActionKind.DRAW_PILE)
    results = [simulate(drawing, know, take, g)[0] for g in guesses(drawing, 40)]
    assert results == [0] * 40  # the dealer throws the king back at once: dead
    holding = public_view(THROW_BACK, [*taken_back, ("draw_pile", None)], [*DEALER, KING], KING)
    know = Knowledge.of(holding)
    assert (know.pile_draws, know.thrown_back, know.taken) == (1, True, KING.bit)
    back = Action(ActionKind.DISCARD, KING)
    assert [simulate(holding, know, back, g)[0] for g in guesses(holding, 40)] == [0] * 40
    other = Action(ActionKind.DISCARD, Card.parse("QD"))
    assert any(simulate(holding, know, other, g)[0] for g in guesses(holding, 40))


def test_the_engine_kills_the_same_second_throw_back():
    first = parse_cards("AH 2H 3D 4D 5C 6C 7S 8S 9H TD")
    hand = Hand(THROW_BACK, stacked_deck(first, DEALER, KING), 1)
    hand.apply(Action(ActionKind.DRAW_PILE))
    hand.apply(Action(ActionKind.DISCARD, KING))
    hand.apply(Action(ActionKind.DRAW_PILE))
    hand.apply(Action(ActionKind.DISCARD, KING))
    assert hand.dead and hand.events[-1].cause == "thrown_back"


# With a pile draw limit of 1 the first draw from the pile after the upcard's offer kills the
# hand: both players pass the upcard, player 0 draws from the stock and throws the eight of
# hearts, which would give player 1 (holding the six and seven of hearts) a meld.
LIMIT_ONE = preset("eaai").replace(pile_draw_limit=1, target=None)
HOLDS_RUN = parse_cards("6H 7H AS AD 3C 5S 9D JC QS KD")


def limit_view(rules: Rules):
    steps = [("pass", None), ("pass", None), ("draw_stock", None), ("discard", Card.parse("8H"))]
    return public_view(rules, steps, HOLDS_RUN, Card.parse("2C"))


def test_the_search_values_the_pile_draw_that_reaches_the_limit_at_zero():
    view = limit_view(LIMIT_ONE)
    know = Knowledge.of(view)
    assert know.pile_draws == 0
    take = Action(ActionKind.DRAW_PILE)
    assert {simulate(view, know, take, g)[0] for g in guesses(view, 30)} == {0}
    ranked = {c.action.kind: c.value for c in hint(view)}
    assert ranked[ActionKind.DRAW_PILE] == 0
    assert ranked[ActionKind.DRAW_STOCK] != 0


def test_under_a_limit_not_yet_reached_the_pile_draw_plays_on():
    view = limit_view(LIMIT_ONE.replace(pile_draw_limit=2))
    ranked = {c.action.kind: c.value for c in hint(view)}
    assert ranked[ActionKind.DRAW_PILE] != 0
