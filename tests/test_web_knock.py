"""The knock dialog's choices (web/ginweb/table/knock.py, pure): legal, least deadwood, your own
grouping first, made from your view alone."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from gin_core import Match, preset
from gin_core.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.table.knock import knock_choices


def knock_positions(count: int):
    """Matches where you (player 0) may knock or go gin, found by playing beginners."""
    found = 0
    for seed in range(400):
        m = Match(preset("classic"), seed=seed)
        bots = (make_bot("beginner", seed), make_bot("standard", seed))
        while m.phase not in ("hand_over", "match_over") and found < count:
            p = m.to_move
            kinds = {a.kind for a in m.view(p).legal_actions}
            if p == 0 and kinds & {"knock", "gin"}:
                found += 1
                yield m, ("gin" if "gin" in kinds else "knock")
                break
            m.apply(bots[p].decide(m.view(p)).action, p)
        if found >= count:
            return


def test_every_choice_is_legal_and_leaves_the_least_deadwood(count):
    seen = 0
    for m, kind in knock_positions(count(25, 5)):
        v = m.view(0)
        choices = knock_choices(v, kind)
        assert choices, "a legal knock offers a choice"
        least = min(c.deadwood for c in choices)
        for c in choices:
            assert c.action.melds and c.action.kind == kind
            trial = copy.deepcopy(m)
            trial.apply(c.action, 0)  # the engine accepts the declaration
            s = trial.view(0).showdown.settlement
            assert {m_.cards for m_ in s.knocker_arrangement.melds} == {m_.cards for m_ in c.melds}
            assert s.knocker_deadwood == c.deadwood
        assert choices[0].deadwood == least
        seen += 1
    assert seen >= 5


def test_your_grouping_on_screen_comes_first(count):
    moved = 0
    for m, kind in knock_positions(count(40, 8)):
        v = m.view(0)
        choices = knock_choices(v, kind)
        if len(choices) < 2:
            continue
        mine = [frozenset(x.cards) for x in choices[-1].melds]
        assert knock_choices(v, kind, mine)[0].melds == choices[-1].melds
        moved += 1
    assert moved >= 1
