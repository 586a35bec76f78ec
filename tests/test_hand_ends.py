"""Every hand ends (issue 26, item 4): the pile draw limit, OpenSpiel's throw-back rule, the
bound they put on a hand's length, and bots that never pass cards back and forth."""

from __future__ import annotations

import itertools

import pytest
from conftest import PYODIDE

from gin_core import PRESETS, Action, Card, EndlessHandError, Match, RulesError, parse_cards, preset
from gin_core.analysis.duplicate import DealtHand, DuplicateError, replay_hand
from gin_core.bots import BOTS, make_bot
from gin_core.bots.base import Bot, Decision, bot_hand_bound, finish, thrown_since_stock
from gin_core.bots.reasons import Reason, ReasonKind
from gin_core.flow import STOCK_MOST, Phase, hand_bound
from gin_core.hand import Hand, stacked_deck
from gin_core.rules import Rules
from gin_core.tools import arena

# Three aces go round: each player holds one, the third is the upcard. Neither hand melds.
NON_DEALER = parse_cards("AH 3C 5C 7C 9C JC 3D 5D 7D 9D")
DEALER = parse_cards("AS 2H 4H 6H 8H TH 4S 6S 8S TS")


def aces_deal(rules: Rules) -> Hand:
    """Player 0 (the non-dealer) holds AH, player 1 AS, and the upcard is AC."""
    return Hand(rules, stacked_deck(NON_DEALER, DEALER, Card.parse("AC")), dealer=1)


def pass_the_aces(hand: Hand, turns: int) -> None:
    """The ping-pong, ``turns`` turns (the first one takes the first upcard): the player to move
    takes the face-up ace and throws the other ace held (never the one just taken)."""
    for _ in range(turns):
        hand.apply(Action.parse("draw_pile"))
        if hand.phase == Phase.OVER:
            return
        taken = hand.taken
        ace = next(c for c in hand.hands[hand.turn] if c.rank == 1 and c != taken)
        hand.apply(Action.parse(f"discard {ace}"))


def test_passing_three_aces_round_goes_on_without_a_limit():
    """The position of the issue: the players take and throw aces for ever, and without the
    limit (the rules before it) nothing ends the hand."""
    hand = aces_deal(Rules(pile_draw_limit=None))
    pass_the_aces(hand, 301)
    assert hand.phase == Phase.DRAW and len(hand.stock) == 31 and hand.pile_draws == 300


@pytest.mark.parametrize("limit", [1, 7, 50])
def test_the_pile_draw_limit_ends_the_ping_pong(limit):
    """The draw that reaches the limit ends the hand dead, without taking the card; the draws
    before it are made, and taking the first upcard is not counted."""
    hand = aces_deal(Rules(pile_draw_limit=limit))
    pass_the_aces(hand, limit)  # the first upcard, then limit - 1 draws
    assert hand.phase == Phase.DRAW and hand.pile_draws == limit - 1
    mover, held, top = hand.turn, list(hand.hands[hand.turn]), hand.pile[-1]
    pass_the_aces(hand, 1)
    assert hand.phase == Phase.OVER and hand.dead and hand.settlement is None
    assert hand.hands[mover] == held and hand.pile[-1] == top and len(hand.stock) == 31
    last = hand.events[-1]
    assert (last.kind, last.cause) == ("dead_hand", "pile_limit")
    assert last.describe() == "The hand is dead: the pile draw limit is reached: no score"


def test_every_preset_ends_the_ping_pong_at_the_fiftieth_draw():
    for name in ("classic", "winner_deals", "tournament", "big_gin", "eaai", "openspiel"):
        hand = aces_deal(preset(name))
        pass_the_aces(hand, 61)
        assert hand.dead and hand.pile_draws == 50, name
    assert preset("no_upcard").pile_draw_limit == 50


def test_a_dead_hand_by_the_limit_scores_nothing_in_a_match():
    m = Match(Rules(pile_draw_limit=3, target=None), seed=2)
    m.apply("pass")
    m.apply("pass")
    m.apply("draw_stock")
    m.apply(f"discard {m.view(m.to_move).hand[0]}")
    for _ in range(3):
        top = m.view(m.to_move).pile[-1]
        m.apply("draw_pile")
        if m.records:
            break
        m.apply(f"discard {next(c for c in m.view(m.to_move).hand if c != top)}")
    assert m.records[0].settlement is None and m.records[0].points == (0, 0) and m.phase == "match_over"


def throw_back(hand: Hand) -> Card:
    """The player to move takes the face-up card and throws it straight back."""
    hand.apply(Action.parse("draw_pile"))
    card = hand.taken
    assert card is not None
    hand.apply(Action.parse(f"discard {card}"))
    return card


def test_openspiel_ends_the_hand_when_a_card_is_thrown_back_twice_in_a_row():
    """OpenSpiel's rule: taken and thrown back by one player, then by the other: dead. Taking
    the first upcard counts, as in OpenSpiel."""
    hand = aces_deal(preset("openspiel"))
    throw_back(hand)
    assert hand.phase == Phase.DRAW
    card = throw_back(hand)
    assert hand.dead and card == Card.parse("AC")
    last = hand.events[-1]
    assert (last.kind, last.cause, last.card) == ("dead_hand", "thrown_back", card)
    assert "ace of clubs was taken and thrown back twice in a row" in last.describe()


def test_a_throw_back_between_other_moves_does_not_end_the_hand():
    """Only two in a row: a throw-back, then a take that keeps the card, then another
    throw-back leave the hand alive; so does the rule turned off."""
    hand = aces_deal(preset("openspiel"))
    throw_back(hand)
    pass_the_aces(hand, 1)  # player 1 takes AC and throws AS
    throw_back(hand)
    assert not hand.dead
    off = aces_deal(preset("openspiel").replace(throw_back_dead=False))
    for _ in range(10):
        throw_back(off)
    assert not off.dead


def test_the_rules_refuse_a_limit_out_of_range():
    for bad in (0, 201, True, 2.0):
        with pytest.raises(RulesError, match="pile_draw_limit"):
            Rules(pile_draw_limit=bad)


def test_the_hand_bound():
    """2 * (stock + pile draws) + 6 actions: the limit, or a bound given by the caller (the
    smaller), or none at all."""
    assert hand_bound(Rules()) == 2 * (STOCK_MOST + 50) + 6
    assert hand_bound(Rules(pile_draw_limit=None)) is None
    assert hand_bound(Rules(pile_draw_limit=None), 10) == 2 * (STOCK_MOST + 10) + 6
    assert hand_bound(Rules(pile_draw_limit=7), 10) == 2 * (STOCK_MOST + 7) + 6


# A hand of the openspiel preset between two standard bots (seeds 838 and 839) that, before the
# bots stopped taking back their own discards, went on taking and throwing back the 2 of clubs
# (the throw-back rule was not modelled then): player 1 is to move, the 2C it threw on top.
PING_PONG_SEED = 380424858
PING_PONG = (
    "draw_pile/discard QS/draw_stock/discard JS/draw_stock/discard JH/draw_stock/discard JC/"
    "draw_stock/discard KH/draw_stock/discard 8S/draw_stock/discard TH/draw_stock/discard QC/"
    "draw_stock/discard 8C/draw_stock/discard 8H/draw_stock/discard KS/draw_stock/discard KC/"
    "draw_stock/discard 7S/draw_stock/discard TD/draw_stock/discard 9H/draw_pile/discard 7H/"
    "draw_stock/discard TS/draw_stock/discard 2D/draw_stock/discard TC/draw_stock/discard QH/"
    "draw_stock/discard 2H/draw_pile/discard 9S/draw_stock/discard AC/draw_pile/discard 2C/"
    "draw_pile/discard 2C"
)


def ping_pong(rules: Rules) -> Match:
    m = Match(rules, seed=PING_PONG_SEED)
    for action in PING_PONG.split("/"):
        m.apply(action)
    return m


@pytest.mark.parametrize(("level", "seed"), [("standard", 839), ("standard", 1), ("hard", 1)])
def test_a_bot_does_not_take_back_a_card_it_threw_since_the_last_stock_draw(level, seed):
    """Player 1 threw the 2C, player 0 took it and threw it back: taking it again would lower
    player 1's count (these bots took it before), but it draws from the stock."""
    view = ping_pong(preset("openspiel")).view(1)
    assert view.top == Card.parse("2C") and view.to_move == 1
    decision = make_bot(level, seed).decide(view)
    assert decision.action == Action.parse("draw_stock")
    assert decision.reason == Reason(ReasonKind.NO_TAKE_BACK, (Card.parse("2C"),))
    assert decision.reason.describe() == "does not take back 2♣, thrown since the last stock draw"


def test_thrown_since_stock_counts_only_own_discards_after_the_last_stock_draw():
    m = ping_pong(preset("openspiel"))
    assert thrown_since_stock(m.view(1)) == Card.parse("2C").bit
    assert thrown_since_stock(m.view(0)) == Card.parse("AC").bit | Card.parse("2C").bit
    m.apply("draw_stock")
    assert thrown_since_stock(m.view(0)) == thrown_since_stock(m.view(1)) == 0


def test_the_ping_pong_bots_end_the_hand_with_no_rule_to_stop_them():
    """From the ping-pong position, with neither the limit nor the throw-back rule, the two
    standard bots play the hand to its end, within the bots' own bound."""
    rules = preset("openspiel").replace(pile_draw_limit=None, throw_back_dead=False)
    m = ping_pong(rules)
    bots = (make_bot("standard", 838), make_bot("standard", 839))
    start = len(m.history)
    for _ in range(bot_hand_bound(rules)):
        p = m.to_move
        if p is None:
            break
        m.apply(bots[p].decide(m.view(p)).action, p)
    assert m.records and len(m.history) - start < 30


# ----- every bot-versus-bot hand ends within the proven bound ------------------------------------

# Every preset, and each without the pile draw limit or the throw-back rule (old saves' rules),
# where only the bots' own rule bounds a hand.
ALL_RULES = tuple(preset(n).replace(target=None) for n in PRESETS) + tuple(
    preset(n).replace(target=None, pile_draw_limit=None, throw_back_dead=False) for n in PRESETS
)
# (level, level, hands, simple's moves first): many hands at the cheap levels, a few at the
# costly ones, which start late in the hand (after simple's moves), where the pile ping-pong
# was seen. About 25 s in CPython on the reference machine.
PAIRINGS = (
    ("beginner", "beginner", 1200, 0),
    ("simple", "simple", 1200, 0),
    ("beginner", "simple", 600, 0),
    ("standard", "standard", 80, 0),
    ("standard", "beginner", 40, 0),
    ("hard", "standard", 4, 14),
    ("hard", "hard", 5, 16),
    ("expert", "hard", 2, 16),
    pytest.param(
        "expert",
        "expert",
        2,
        18,
        marks=pytest.mark.skipif(PYODIDE, reason="a minute in Pyodide: expert-hard shows the expert on 3.14"),
    ),
)


def took_back(events) -> list[str]:
    """Each card a player took from the pile (and then discarded: not at the wall, where the
    take ends the hand) that the same player had thrown since the last stock draw."""
    bad, thrown = [], ([], [])
    for e, after in itertools.pairwise(events):
        if e.kind in ("draw_stock", "deal"):
            thrown = ([], [])
        elif e.kind == "discard":
            thrown[e.player].append(e.card)
        elif e.kind == "draw_pile" and after.kind == "discard" and e.card in thrown[e.player]:
            bad.append(str(e.card))
    return bad


def play_out(m: Match, bots, lead: int) -> tuple[int, int]:
    """Play the hand to its end (``simple`` makes the first ``lead`` moves): the actions it took
    and the bots' decisions. The loop is the bound: a hand still running after it fails."""
    warm = (make_bot("simple", 1), make_bot("simple", 2))
    bound = bot_hand_bound(m.rules)
    for n in range(bound + 1):
        p = m.to_move
        if p is None:
            return n, max(0, n - lead)
        m.apply((warm if n < lead else bots)[p].decide(m.view(p)).action, p)
    raise AssertionError(f"seed {m.seed}: the hand outlasted its bound of {bound} actions")


@pytest.mark.parametrize(("a", "b", "hands", "lead"), PAIRINGS)
def test_every_bot_hand_ends_within_the_proven_bound(a, b, hands, lead, count):
    """Bot against bot under every preset, with and without the pile draw limit: every hand
    ends within ``bot_hand_bound`` actions (``hand_bound`` where the rules have a limit), no bot
    takes back a card it threw since the last stock draw, and none reaches the limit."""
    decided = 0
    for k in range(count(hands, 1)):
        rules = ALL_RULES[k % len(ALL_RULES)]
        m = Match(rules, seed=1000 * k + 7, dealer=k % 2)
        actions, made = play_out(m, (make_bot(a, k), make_bot(b, k + 1)), lead)
        decided += made
        bound = hand_bound(rules)
        assert bound is None or actions <= bound
        assert took_back(m.events) == []
        assert all(e.cause != "pile_limit" for e in m.events if e.kind == "dead_hand"), m.seed
    assert decided >= count(hands, 1)  # the levels under test made decisions


# ----- the loops that play bots against each other are bounded -----------------------------------

ENDLESS = preset("openspiel").replace(pile_draw_limit=None, throw_back_dead=False)


class PingPong(Bot):
    """Not a level: takes the face-up card and throws it straight back, for ever (its own
    ``think`` skips the bots' rule against taking back a discard)."""

    name = "pingpong"

    def think(self, view):
        yield from ()
        if view.phase != Phase.DISCARD:
            return Decision(Action.parse("draw_pile"), Reason(ReasonKind.TAKES))
        card = view.events[-1].card
        return Decision(Action.parse(f"discard {card}"), Reason(ReasonKind.LEAVES_DEADWOOD, (card,)))


def test_the_duplicate_line_refuses_a_hand_longer_than_the_bound():
    """Two players that never stop under rules with no limit: the replay stops at the bound
    (which two bots never reach) instead of running for ever."""
    hand = DealtHand(1, Match(ENDLESS, seed=4).deal_code, 1, (0, 0), 0)
    replay = replay_hand(ENDLESS, hand, 0, PingPong(), PingPong())
    with pytest.raises(DuplicateError, match=f"did not end within {bot_hand_bound(ENDLESS)} moves"):
        finish(replay)
    done = finish(replay_hand(preset("openspiel"), hand, 0, PingPong(), PingPong()))
    assert done.expert_end == "dead"  # thrown back twice in a row


def test_an_arena_match_ends_whatever_the_bots_do(monkeypatch):
    """The arena's loops are bounded: a hand past the bound is an error, and a match of
    :data:`arena.MAX_HANDS` hands (here 3) without a winner is abandoned as an unfinished tie."""
    monkeypatch.setitem(BOTS, "pingpong", PingPong)
    monkeypatch.setitem(PRESETS, "endless", lambda: ENDLESS)
    with pytest.raises(EndlessHandError, match="did not end within"):
        arena.play_match(("pingpong", "pingpong"), "endless", 1)
    monkeypatch.setattr(arena, "MAX_HANDS", 3)
    monkeypatch.setitem(PRESETS, "dead", lambda: preset("openspiel").replace(target=100))
    a, b = arena.play_match(("pingpong", "pingpong"), "dead", 1)
    assert (a.hands, a.matches, a.unfinished, b.matches, b.unfinished) == (3, 0.5, 1, 0.5, 1)
