"""Every worked example of the five rule texts, plus lay-off and settlement rules."""

from gin_core import Meld, parse_cards, preset, settle
from gin_core.layoff import best_defence
from gin_core.rules import Rules


def hand(text):
    return parse_cards(text)


def laid(settlement):
    return sorted(str(lay.card) for lay in settlement.layoffs)


# ----- classic (the "how to play" guide) ------------------------------------------------------


def test_classic_gin_scores_25_plus_opponent_deadwood():
    # "8,8,8 - 5,6,7 diamonds - 4,4,2,ace ... 11 ... giving you a total of 36 points"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH QH"), hand("8C 8D 8H 5D 6D 7D 4C 4S 2H AS"), preset("classic")
    )
    assert (s.kind, s.winner, s.defender_deadwood, s.points) == ("gin", 0, 11, 36)


def test_classic_knock_scores_the_difference():
    # "if your deadwood equals 4 points and your opponent's deadwood equals 30 ... 26 points"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D TC TD TS KD QS 8C 2S"), preset("classic")
    )
    assert (s.kind, s.winner, s.knocker_deadwood, s.defender_deadwood, s.points) == ("knock", 0, 4, 30, 26)


def test_classic_undercut_example():
    # "you have 9 points in deadwood ... your opponent has only 3 ... 6 points plus 25 ... 31"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 9D"), hand("4D 5D 6D 8C 8D 8S JC QC KC 3H"), preset("classic")
    )
    assert (s.kind, s.winner, s.knocker_deadwood, s.defender_deadwood, s.points) == ("undercut", 1, 9, 3, 31)


def test_classic_lay_off_on_a_run():
    # "you knock and lay down a run of 2,3,4 of diamonds and your opponent has the 5 of diamonds"
    s = settle(
        hand("2D 3D 4D 7C 7H 7S JC QC KC AH"), hand("5D 9C 9H KS QS 8S 6H 4C 2C 3S"), preset("classic")
    )
    assert "5D" in laid(s)


def test_classic_no_lay_off_onto_deadwood():
    # "if you as the knocker have two 3s as deadwood and your opponent has a 3 ... can not"
    s = settle(
        hand("3C 3D 5H 6H 7H 9S TS JS QS AS"), hand("3H 8C 8D KC KD QH JH 9D 2C 4S"), preset("classic")
    )
    assert laid(s) == []
    assert s.defender_deadwood == 3 + 8 + 8 + 10 + 10 + 10 + 10 + 9 + 2 + 4


def test_classic_no_lay_off_on_gin():
    s = settle(
        hand("2D 3D 4D 7C 7D 7H 7S JC QC KC"), hand("5D 9C 9H KS QS 8S 6H 4C 2C 3S"), preset("classic")
    )
    assert s.kind == "gin" and laid(s) == []
    assert s.points == 25 + 5 + 9 + 9 + 10 + 10 + 8 + 6 + 4 + 2 + 3


def test_classic_equal_count_is_not_an_undercut():
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S JC QC KC 4H"), preset("classic")
    )
    assert (s.kind, s.winner, s.points) == ("knock", None, 0)


# ----- winner deals (the two-player card sheet) -----------------------------------------------


def test_winner_deals_knock_example_two_jacks_against_two_threes():
    # "the opponent might have two Jacks left, totaling 20 points. If the knocking player has
    # two 3's, this player has knocked with 6 points. The difference between the two is 14"
    s = settle(
        hand("3C 3D 5H 6H 7H 9S TS JS QS KS"), hand("AC AD AH AS 2C 2D 2H 2S JC JD"), preset("winner_deals")
    )
    assert (s.kind, s.knocker_deadwood, s.defender_deadwood, s.points) == ("knock", 6, 20, 14)


def test_winner_deals_lay_off_chains_on_both_ends():
    # "On a run of 5-6-7 the opponent can lay off a 4 and/or an 8 and/or 4-3 and/or 8-9"
    knocker = [Meld.parse("5H 6H 7H")]
    arrangement, layoffs = best_defence(hand("3H 4H 8H 9H KS QD JC TC 2S AD"), knocker)
    assert sorted(str(x.card) for x in layoffs) == ["3H", "4H", "8H", "9H"]
    assert arrangement.deadwood_value == 10 + 10 + 10 + 10 + 2 + 1


def test_winner_deals_lay_off_onto_a_set():
    # "if the knocking player has three 6's, and the opponent has a 6"
    arrangement, layoffs = best_defence(hand("6D KS"), [Meld.parse("6C 6H 6S")])
    assert [str(x.card) for x in layoffs] == ["6D"] and arrangement.deadwood_value == 10


def test_winner_deals_undercut_on_same_count():
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S JC QC KC 4H"), preset("winner_deals")
    )
    assert (s.kind, s.winner, s.points) == ("undercut", 1, 25)


# ----- no upcard (the rummy-for-two sheet) ----------------------------------------------------


def test_no_upcard_lay_off_on_run_either_end():
    # "if you knock and place ... a run of 3, 4, and 5 ... the other player might add a 2 or a 6"
    _, layoffs = best_defence(hand("2C 6C KD"), [Meld.parse("3C 4C 5C")])
    assert sorted(str(x.card) for x in layoffs) == ["2C", "6C"]


def test_no_upcard_gin_allows_lay_offs_and_is_never_undercut():
    rules = preset("no_upcard")
    s = settle(hand("2D 3D 4D 7C 7D 7H 7S JC QC KC"), hand("5D 6D 8C 8D 8S TH JH QH KH 9S"), rules)
    assert (s.kind, laid(s), s.defender_deadwood, s.points) == ("gin", ["5D", "6D"], 9, 25 + 9)
    s = settle(hand("2D 3D 4D 7C 7D 7H 7S JC QC KC"), hand("5D 6D 7D 8C 8D 8S TH JH QH KH"), rules)
    assert (s.kind, s.winner, s.points) == ("gin", 0, 25)


def test_no_upcard_undercut_scores_20_plus_the_knockers_deadwood():
    # "you simply undercut them ... this only scores you 20 points, plus the knocking player's
    # dead wood"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S 9C TC JC QC"), preset("no_upcard")
    )
    assert (s.kind, s.winner, s.defender_deadwood, s.points) == ("undercut", 1, 0, 20 + 4)


# ----- tournament (the online tournament site) -----------------------------------------------


def test_tournament_equal_count_is_an_undercut():
    # "If the knocker has higher or equal value of deadwood, the knocker receives a 25 point
    # penalty for undercut plus any difference"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S JC QC KC 4H"), preset("tournament")
    )
    assert (s.kind, s.winner, s.points) == ("undercut", 1, 25)


def test_tournament_oklahoma_ace_means_one():
    rules = preset("tournament").replace(oklahoma=True)
    assert rules.knock_limit_for(1) == 1 and rules.knock_limit_for(7) == 7
    assert rules.knock_limit_for(10) == 10
    assert Rules(oklahoma=True).knock_limit_for(1) == 0


# ----- big gin (the online game site) ---------------------------------------------------------


def test_big_gin_site_knock_example():
    # "the knocker has 3 points of deadwood, and the opponent has 21 ... 21-3=18"
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 3D"), hand("KD AH 5C 6C 7C 8D 8H 8S 4D 6D"), preset("big_gin")
    )
    assert (s.knocker_deadwood, s.defender_deadwood, s.points) == (3, 21, 18)


def test_big_gin_site_lay_off_example():
    # "the knocker had a meld, H1 H2 H3 and the opponent has a H4 ... he can add it"
    _, layoffs = best_defence(hand("4H KS"), [Meld.parse("AH 2H 3H")])
    assert [str(x.card) for x in layoffs] == ["4H"]


def test_big_gin_site_knock_with_eight_against_ten_scores_two():
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 8D"), hand("5D 6D 7D 8C 8H 8S JC QC KC TS"), preset("big_gin")
    )
    assert (s.knocker_deadwood, s.defender_deadwood, s.points, s.kind) == (8, 10, 2, "knock")


def test_big_gin_bonus_31_and_gin_never_undercut():
    rules = preset("big_gin")
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH QH KH"), hand("5D 6D 7D 8C 8H 8S JC QC KC 4S"), rules, big_gin=True
    )
    assert (s.kind, laid(s), s.points) == ("big_gin", [], 31 + 4)
    s = settle(hand("AC 2C 3C 5S 6S 7S 9H TH JH QH"), hand("4D 5D 6D 7D 8C 8H 8S JC QC KC"), rules)
    assert (s.kind, s.winner, s.points) == ("gin", 0, 25)


def test_big_gin_site_king_lays_off_on_three_kings():
    # "the knocking player has a meld of three Kings. The defending player has a king"
    _, layoffs = best_defence(hand("KD 2S"), [Meld.parse("KC KH KS")])
    assert [str(x.card) for x in layoffs] == ["KD"]


# ----- eaai and openspiel ---------------------------------------------------------------------


def test_eaai_undercut_includes_ties():
    s = settle(hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S JC QC KC 4H"), preset("eaai"))
    assert (s.kind, s.winner, s.points) == ("undercut", 1, 25)


def test_openspiel_equal_count_scores_zero():
    s = settle(
        hand("AC 2C 3C 5S 6S 7S 9H TH JH 4D"), hand("5D 6D 7D 8C 8D 8S JC QC KC 4H"), preset("openspiel")
    )
    assert (s.winner, s.points) == (None, 0)


# ----- lay-off details ------------------------------------------------------------------------


def test_defender_breaks_own_meld_when_laying_off_is_worth_more():
    # Melding all four fives strands 6H (16 with KC); melding 5C 5D 5S and laying 5H then 6H
    # off onto the knocker's 2H-3H-4H leaves only KC.
    arrangement, layoffs = best_defence(hand("5C 5D 5H 5S 6H KC"), [Meld.parse("2H 3H 4H")])
    assert [str(x.card) for x in layoffs] == ["5H", "6H"]
    assert [str(m) for m in arrangement.melds] == ["5C-5D-5S"]
    assert arrangement.deadwood_value == 10


def test_knocker_picks_the_arrangement_that_blocks_lay_offs():
    # 7C 7D 7H 7S 8S 9S TS melds as {777}+{7S-TS} or {7777}+{8S-TS}; only the first lets the
    # defender's 6S (and then 5S) extend a run, so the knocker lays down the second.
    s = settle(hand("7C 7D 7H 7S 8S 9S TS AD 2C 3H"), hand("6S 5S KD KC QH QS JD 4C 5D 8C"), preset("eaai"))
    assert sorted(str(m) for m in s.knocker_arrangement.melds) == ["7C-7D-7H-7S", "8S-9S-TS"]
    assert laid(s) == [] and s.defender_deadwood == 6 + 5 + 50 + 4 + 5 + 8


def test_layoff_chain_can_bridge_two_knocker_runs():
    knocker = [Meld.parse("2D 3D 4D"), Meld.parse("8D 9D TD")]
    arrangement, layoffs = best_defence(hand("5D 6D 7D KC"), knocker)
    assert arrangement.deadwood_value == 10 and len(layoffs) in (0, 3)


def test_card_fitting_a_set_and_a_run_goes_on_the_run_to_carry_a_chain():
    # QC could complete the knocker's QD QH QS, but on 7C-JC it lets KC follow.
    knocker = [Meld.parse("5C 5H 5S"), Meld.parse("QD QH QS"), Meld.parse("7C 8C 9C TC JC")]
    arrangement, layoffs = best_defence(hand("9H KS 3C 6C 4C 8S QC KC 3S 4S"), knocker)
    assert sorted(str(x.card) for x in layoffs) == ["6C", "KC", "QC"]
    assert {x.meld for x in layoffs} == {2}
    assert arrangement.deadwood_value == 41
