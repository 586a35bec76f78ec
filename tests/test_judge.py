"""Score-aware search: a playout's score judged as the chance to win the match."""

from __future__ import annotations

from dataclasses import replace

from gin_core import ActionKind, Match, preset
from gin_core.bots import hint, make_bot
from gin_core.bots.match_chance import Judge
from gin_core.equity import equity_for


def knock_views(count: int):
    """Views of player 0 (standard, against simple, under eaai) in which a knock is legal."""
    bots = (make_bot("standard", 1), make_bot("simple", 2))
    for seed in range(200):
        m = Match(preset("eaai").replace(target=None), seed=seed)
        while (p := m.to_move) is not None:
            view = m.view(p)
            if p == 0 and any(a.kind == ActionKind.KNOCK for a in view.legal_actions):
                yield view
                count -= 1
                if not count:
                    return
                break
            m.apply(bots[p].decide(view).action, p)


def test_the_judge_reads_the_table_from_the_players_seat():
    view = replace(next(knock_views(1)), rules=preset("eaai"), scores=(60, 80))
    judge = Judge.of(view)
    equity = equity_for(preset("eaai"))
    assert judge is not None and equity is not None
    me_deals = view.dealer == 0
    assert judge(0) == equity.chance(60, 80, me_deals)  # nobody scored: the same dealer
    assert judge(40) == 1.0  # the knock reaches the target
    assert judge(-20) == 0.0  # the opponent's 20 reach it
    assert judge(10) == equity.chance(70, 80, not me_deals)  # the deal alternates
    assert 0 < judge.slope < 0.05
    assert Judge.of(replace(view, rules=preset("eaai").replace(target=None))) is None


def test_near_the_target_the_size_of_a_loss_counts_more_than_its_odds():
    """At 99-0 a won hand wins the match, and a lost one matters only by its points: a knock
    that wins the hand more often but risks an undercut (25 points and more) ranks below a
    discard whose lost hands cost a few points. At 0-0 the same knock ranks first. (An example
    position: these figures are the hint's own, on its fixed seeds; moved from the 3rd to the 19th
    knock view when the hint stopped putting the standard level's choice first, issue 41.4: at
    0-0 the 3rd view's knock is now within the noise of a discard, which the values put first.)"""
    view = list(knock_views(19))[18]
    rules = preset("eaai")
    level = hint(replace(view, rules=rules, scores=(0, 0)), 5)
    ahead = hint(replace(view, rules=rules, scores=(99, 0)), 5)
    assert level[0].action.kind == ActionKind.KNOCK
    knock = next(c for c in ahead if c.action.kind == ActionKind.KNOCK)
    best = ahead[0]
    assert best.action.kind == ActionKind.DISCARD
    assert knock.reason.wins is not None and best.reason.wins is not None
    assert knock.reason.wins > best.reason.wins  # the knock wins the hand more often
    assert knock.win is not None and best.win is not None and knock.win < best.win
