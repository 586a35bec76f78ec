"""The hand state machine: upcard offer, draws, discards, knocks, gin, big gin, stock ends."""

import pytest

from gin_core import CARDS, Action, Card, IllegalAction, parse_cards, preset
from gin_core.hand import Hand, stacked_deck
from gin_core.rules import Rules

# Non-dealer (player 1 when player 0 deals): a hand one card from gin.
FIRST = parse_cards("AC 2C 3C 5S 6S 7S 9H TH JH 4D")
DEALER = parse_cards("KD QS 8C 2S 5D 6D 7D TC TD TS")


def c(text):
    return Card.parse(text)


def deal(rules=None, upcard="KH", stock="QH 8H 2D 3D AD", dealer=0, scores=(0, 0)):
    rules = rules or Rules()
    deck = stacked_deck(FIRST, DEALER, c(upcard) if rules.first_upcard else None, parse_cards(stock))
    if not rules.first_upcard:
        deck = stacked_deck(FIRST, DEALER, None, parse_cards(upcard + " " + stock))
    return Hand(rules, deck, dealer, scores)


def kinds(hand):
    return [str(a) for a in hand.legal_actions()]


def snapshot(hand):
    return (
        hand.phase,
        hand.turn,
        [list(h) for h in hand.hands],
        list(hand.pile),
        list(hand.stock),
        hand.taken,
    )


def test_upcard_goes_to_non_dealer_then_dealer_then_non_dealer_draws_stock():
    h = deal()
    assert (h.phase, h.turn) == ("offer", 1)
    assert kinds(h) == ["draw_pile", "pass"]
    h.apply(Action("pass"))
    assert (h.phase, h.turn) == ("offer", 0)
    h.apply(Action("pass"))
    assert (h.phase, h.turn) == ("draw", 1)
    assert kinds(h) == ["draw_stock"]
    with pytest.raises(IllegalAction, match="both players passed"):
        h.apply(Action("draw_pile"))
    h.apply(Action("draw_stock"))
    assert h.hands[1][-1] == c("QH")


def test_taken_upcard_may_not_be_discarded_that_turn():
    h = deal()
    h.apply(Action("draw_pile"))
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="just taken from the pile"):
        h.apply(Action("discard", c("KH")))
    assert snapshot(h) == before
    assert "discard KH" not in kinds(h)
    h.apply(Action("discard", c("4D")))
    assert h.pile == [c("4D")] and h.turn == 0 and h.phase == "draw"


def test_option_allows_discarding_the_taken_card():
    h = deal(Rules(no_discard_after_pickup=False))
    h.apply(Action("draw_pile"))
    h.apply(Action("discard", c("KH")))
    assert h.pile == [c("KH")]


@pytest.mark.parametrize(
    "action,rule",
    [
        (Action("draw_stock"), "take it"),
        (Action("discard", Card.parse("4D")), "take it"),
        (Action("next_hand"), "only when this one is over"),
    ],
)
def test_wrong_phase_actions_name_the_rule(action, rule):
    h = deal()
    before = snapshot(h)
    with pytest.raises(IllegalAction, match=rule):
        h.apply(action)
    assert snapshot(h) == before


def test_card_not_held_and_knock_over_the_limit():
    h = deal(stock="KC")
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))  # player 1 draws KC: deadwood 4D + KC
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="do not hold the king of spades"):
        h.apply(Action("discard", c("KS")))
    with pytest.raises(IllegalAction, match="at most the limit: 27 left, the limit is 10"):
        h.apply(Action("knock", c("5S")))
    with pytest.raises(IllegalAction, match="gin needs no deadwood; discarding the king of clubs leaves 4"):
        h.apply(Action("gin", c("KC")))
    with pytest.raises(IllegalAction, match=r"not player 0's turn|you have drawn"):
        h.apply(Action("draw_stock"))
    assert snapshot(h) == before
    assert {"knock KC", "knock 4D", "discard KC"} <= set(kinds(h))
    assert not any(k.startswith("gin") for k in kinds(h))


def test_gin_after_drawing_the_fourth_run_card():
    h = deal(stock="8H")
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))  # 8H joins 9H TH JH
    assert "gin 4D" in kinds(h)
    with pytest.raises(IllegalAction, match="this is gin"):
        h.apply(Action("knock", c("4D")))
    h.apply(Action("gin", c("4D")))
    s = h.settlement
    assert h.phase == "over" and s.kind == "gin" and s.knocker == 1
    assert s.points == 25 + s.defender_deadwood
    assert h.knock_card == c("4D") and c("4D") not in h.pile
    with pytest.raises(IllegalAction, match="hand is over"):
        h.apply(Action("draw_stock"))


def test_knock_ends_the_hand_with_a_settlement():
    h = deal(stock="QH")
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))
    h.apply(Action("knock", c("QH")))
    s = h.settlement
    assert (s.kind, s.knocker, s.knocker_deadwood) == ("knock", 1, 4)


def test_big_gin_only_when_the_option_is_on():
    h = deal(Rules(big_gin=True), upcard="4C")
    h.apply(Action("draw_pile"))  # AC 2C 3C 4C ... 4D is the only deadwood: no big gin
    assert "big_gin" not in kinds(h)
    h = deal(Rules(big_gin=True), upcard="8H", stock="QD")
    h.apply(Action("draw_pile"))
    assert "big_gin" not in kinds(h)  # 4D still deadwood
    first = parse_cards("AC 2C 3C 5S 6S 7S 9H TH JH QH")
    for big in (True, False):
        deck = stacked_deck(first, DEALER, c("KH"), parse_cards("2D"))
        h = Hand(Rules(big_gin=big), deck, 0)
        h.apply(Action("draw_pile"))
        assert ("big_gin" in kinds(h)) is big
        if big:
            h.apply(Action("big_gin"))
            assert (
                h.settlement.kind == "big_gin" and h.settlement.points == 31 + h.settlement.defender_deadwood
            )
        else:
            with pytest.raises(IllegalAction, match="not played under these rules"):
                h.apply(Action("big_gin"))


def play_out(h, until=0):
    """Both players draw from the stock and throw back what they drew, until the hand ends or
    only ``until`` stock cards are left."""
    if h.phase == "offer":
        h.apply(Action("pass"))
        h.apply(Action("pass"))
    while h.phase not in ("over", "wall") and len(h.stock) > until:
        h.apply(Action("draw_stock"))
        h.apply(Action("discard", h.hands[h.turn][-1]))


@pytest.mark.parametrize("stock_end,left", [("two_left", 2), ("one_left", 1), ("empty", 0)])
def test_hand_dies_at_the_stock_end_of_each_text(stock_end, left):
    h = deal(Rules(stock_end=stock_end), stock="")
    play_out(h)
    assert h.phase == "over"
    assert h.dead and len(h.stock) == left and h.settlement is None


def wall_deal(dealer_hand, last_card):
    """A wall hand where player 1's final stock draw (thrown back) is ``last_card``."""
    dealer_hand, last = parse_cards(dealer_hand), c(last_card)
    used = set(FIRST) | set(dealer_hand) | {c("KH"), last}
    filler = [card for card in CARDS if card not in used][:28]
    deck = stacked_deck(FIRST, dealer_hand, c("KH"), filler + [last])
    h = Hand(Rules(stock_end="wall"), deck, 0)
    play_out(h)
    assert (h.phase, h.turn, len(h.stock), h.pile[-1]) == ("wall", 0, 2, last)
    return h


def test_the_wall_allows_the_discard_only_to_knock():
    h = wall_deal("KD QS 8C 2S 5D 6D 7D TC TD TS", "AD")
    assert kinds(h) == ["pass"]
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="only to knock or go gin"):
        h.apply(Action("draw_pile"))
    with pytest.raises(IllegalAction, match="the wall"):
        h.apply(Action("draw_stock"))
    assert snapshot(h) == before
    h.apply(Action("pass"))
    assert h.dead and len(h.stock) == 2 and h.settlement is None


def test_the_wall_take_then_must_knock():
    h = wall_deal("5D 6D 7D TC TD TS 2H 3H 4H QC", "QD")
    assert kinds(h) == ["draw_pile", "pass"]
    h.apply(Action("draw_pile"))
    assert h.phase == "discard" and h.must_knock
    assert kinds(h) == ["knock QC"]
    with pytest.raises(IllegalAction, match="must knock or go gin"):
        h.apply(Action("discard", c("QC")))
    h.apply(Action("knock", c("QC")))
    assert h.settlement.knocker == 0 and h.settlement.knocker_deadwood == 10


def test_no_upcard_lower_score_starts_and_draws_from_stock():
    rules = Rules(first_upcard=False)
    h = deal(rules, dealer=0, scores=(10, 40))
    assert (h.phase, h.turn, h.pile) == ("draw", 0, [])
    assert kinds(h) == ["draw_stock"]
    with pytest.raises(IllegalAction, match="pile is empty"):
        h.apply(Action("draw_pile"))
    assert deal(rules, dealer=0, scores=(0, 0)).turn == 1
    assert deal(rules, dealer=0, scores=(50, 0)).turn == 1


@pytest.mark.parametrize(
    "upcard,ace,limit",
    [("7H", "gin", 7), ("KC", "gin", 10), ("AH", "gin", 0), ("AH", "one", 1), ("3D", "one", 3)],
)
def test_oklahoma_limit_is_the_upcard_value(upcard, ace, limit):
    h = deal(Rules(oklahoma=True, oklahoma_ace=ace), upcard=upcard, stock="QH")
    assert h.knock_limit == limit


def test_oklahoma_straight_gin_refuses_a_knock():
    h = deal(Rules(oklahoma=True), upcard="AH", stock="KC")
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))
    with pytest.raises(IllegalAction, match="only gin ends this hand"):
        h.apply(Action("knock", c("KC")))
    assert not [a for a in h.legal_actions() if a.kind == "knock"]


def test_spade_upcard_doubles_the_hand():
    h = deal(Rules(spade_doubles=True, oklahoma=True), upcard="9S", stock="QH")
    assert h.multiplier == 2
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    h.apply(Action("draw_stock"))
    h.apply(Action("knock", c("QH")))
    s = h.settlement
    assert s.points == 2 * (s.defender_deadwood - s.knocker_deadwood)
    assert "doubled" in s.explain()
    assert deal(Rules(spade_doubles=True), upcard="9D").multiplier == 1


def test_passing_is_only_for_the_offer_and_the_wall():
    h = deal()
    h.apply(Action("pass"))
    h.apply(Action("pass"))
    with pytest.raises(IllegalAction, match="passing is allowed only"):
        h.apply(Action("pass"))


def test_presets_build():
    for name in ("classic", "winner_deals", "no_upcard", "tournament", "big_gin", "eaai", "openspiel"):
        assert preset(name).knock_limit == 10
