"""The matches with friends in the statistics (issue 47 item 4; ginweb/friend/tally.py): per
friend, apart from the record against the computer; each hand both devices checked counts once,
from this device's seat, and the match's end once; the part reads back through the statistics'
checks and a damaged one is reset, never trusted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gin_core import preset
from gin_core.duel import DuelMatch
from gin_core.results import Outcome

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from ginweb.friend import tally
from ginweb.storage import stats

RULES = preset("classic")  # a match to 100
HANDS = (
    Outcome(1, 0, (23, 0), 0, False),
    Outcome(2, 1, (0, 0), None, True),
    Outcome(3, 0, (0, 31), 1, False),
)


def test_a_hand_counts_once_from_this_devices_seat_and_the_end_once():
    part = tally.empty()
    host, guest = DuelMatch(RULES, 0, HANDS[:1]), DuelMatch(RULES, 1, HANDS[:1])
    assert tally.count(part, "m1", tally.tally_of(host, "Bea"))
    assert not tally.count(part, "m1", tally.tally_of(host, "Bea")), "the same hand again counts nothing"
    assert part["by"]["Bea"] == dict.fromkeys(tally.COUNTS, 0) | {
        "hands": 1,
        "hands_won": 1,
        "points": 23,
    }
    other = tally.empty()
    tally.count(other, "m1", tally.tally_of(guest, "Ann"))
    assert other["by"]["Ann"]["hands_won"] == 0 and other["by"]["Ann"]["points_against"] == 23
    host = DuelMatch(RULES, 0, HANDS)
    assert tally.count(part, "m1", tally.tally_of(host, "Bea"))
    bea = part["by"]["Bea"]
    assert (bea["hands"], bea["hands_won"], bea["points"], bea["points_against"]) == (3, 1, 23, 31)
    assert bea["matches"] == 0, "not over yet"


def test_a_finished_match_counts_as_won_lost_or_drawn_for_each_side():
    won = (*HANDS, Outcome(4, 1, (90, 0), 0, False))
    host, guest = DuelMatch(RULES, 0, won), DuelMatch(RULES, 1, won)
    assert host.over
    mine, theirs = tally.empty(), tally.empty()
    tally.count(mine, "m2", tally.tally_of(host, "Bea"))
    tally.count(theirs, "m2", tally.tally_of(guest, "Ann"))
    assert (mine["by"]["Bea"]["won"], mine["by"]["Bea"]["matches"]) == (1, 1)
    assert (theirs["by"]["Ann"]["lost"], theirs["by"]["Ann"]["matches"]) == (1, 1)
    assert not tally.count(mine, "m2", tally.tally_of(host, "Bea")), "its end counts once"
    assert tally.shown(mine)[0] == ("Bea", "1", "1", "0", "0", "4", "2", "113", "31")


def test_the_part_reads_back_through_the_statistics_and_a_damaged_one_is_reset():
    data = stats.empty({tally.PART: tally.check})
    part = stats.part(data, tally.PART)
    tally.count(part, "m3", tally.tally_of(DuelMatch(RULES, 0, HANDS), "Bea"))
    again, reset = stats.validate(json.loads(json.dumps(data)), {tally.PART: tally.check})
    assert stats.part(again, tally.PART) == part and not reset
    assert tally.check(None) == (tally.empty(), [])
    assert tally.check([1]) == (tally.empty(), [""])
    damaged = {"by": {"Bea": {"hands": -1}, "": {}, "x" * 30: {}}, "counted": {"m3": [1, 2], "m4": [2, 1]}}
    read, bad = tally.check(damaged)
    assert read == {"by": {}, "counted": {"m4": [2, 1]}} and bad == ["by.Bea"]


def test_the_oldest_friends_and_matches_are_forgotten_first():
    part = tally.empty()
    for k in range(tally.KEEP_FRIENDS + 5):
        tally.count(part, f"m{k}", tally.tally_of(DuelMatch(RULES, 0, HANDS[:1]), f"F{k}"))
    assert len(part["by"]) == tally.KEEP_FRIENDS and "F0" not in part["by"] and f"F{k}" in part["by"]
    tally.count(part, "again", tally.tally_of(DuelMatch(RULES, 0, HANDS[:1]), "F10"))
    assert list(part["by"])[-1] == "F10", "the latest played is kept longest"
