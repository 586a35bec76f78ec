"""Every record the page stores, as the page wrote it before the storage envelope (issue 44 item 4):
each still loads, nothing is reset, and writing it back gives the same record.

The samples (tests/stored/records.json) were saved by the page's own writers at the commit named
in the file (``made_at``), with the seal key named there; they are frozen: a change of a stored
format adds a new sample beside them, never rewrites one."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gin_core.puzzles.puzzle import current_id

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import record as daily
from ginweb.lessons import record as lessons
from ginweb.puzzles import record as puzzles
from ginweb.review import record as reviews
from ginweb.storage import savefmt, stats
from ginweb.storage import seatrecord as seats
from ginweb.storage import settings as page_settings

SAMPLES = json.loads((Path(__file__).parent / "stored" / "records.json").read_text())
KEY: str = SAMPLES["seal_key"]
TEXT: dict[str, str] = SAMPLES["records"]
DAY = datetime.date(2026, 11, 26)
PART_KEYS = ("daily", reviews.REVIEWS, reviews.OPEN, reviews.THEIRS)  # the features' parts of a match
STATS_PARTS = {reviews.COACH: reviews.check_counts}


def sample(name: str) -> Any:
    return json.loads(TEXT[name])


@pytest.mark.parametrize("name", ["match", "practice", "match-people"])
def test_a_stored_match_loads_and_is_written_back_the_same(name):
    game = savefmt.loads(TEXT[name], KEY, PART_KEYS)
    assert game.reset == []
    assert json.loads(game.dumps(KEY)) == sample(name)


def test_a_stored_match_keeps_what_was_played():
    game = savefmt.loads(TEXT["match"], KEY, PART_KEYS)
    assert (game.uid, game.level, game.undos, game.order) == ("abc123-18f", "standard", 2, ["7H", "8H"])
    assert len(game.match.history) == 11 and game.pending == {5: "kept the 9C"}
    assert game.parts == {"daily": "2026-11-26", "reviewing": [1, 4]}
    people = savefmt.loads(TEXT["match-people"], KEY, PART_KEYS)
    assert people.people == ("Ann", "Bob")
    assert reviews.read_reviews(people.parts[reviews.REVIEWS], people.match.records, "two-1")[0]


def test_stored_settings_load_and_are_written_back_the_same():
    s, reset = page_settings.from_record(sample("settings"))
    assert reset == [] and (s.level, s.preset, s.card_size, s.tutor) == ("hard", "custom", "large", True)
    assert s.game_rules().target == 150
    assert page_settings.to_record(s) == sample("settings")


def test_stored_statistics_load_and_are_written_back_the_same():
    data, reset = stats.validate(sample("stats"), STATS_PARTS)
    assert reset == [] and data == sample("stats")
    assert data["matches"]["with_undo"] == 1 and data[reviews.COACH]["hands"] == 1


def test_a_stored_record_of_dailies_loads_and_is_written_back_the_same():
    data, reset = daily.validate(sample("dailies"), DAY)
    assert reset == [] and data == sample("dailies")
    assert daily.streaks(data, DAY) == daily.Streaks(1, 1)


def test_stored_puzzle_progress_loads_and_is_written_back_the_same():
    stored = sample("puzzles")
    data, reset = puzzles.validate(stored)
    # version 1 named shipped puzzles by line number: read as the current version, the same
    # answers under the puzzles' stable ids (issue 41)
    assert stored["version"] == puzzles.LINE_NUMBERED
    renamed = stored | {
        "version": puzzles.VERSION,
        "solved": [current_id(pid) for pid in stored["solved"]],
        "puzzle_ratings": {current_id(pid): v for pid, v in stored["puzzle_ratings"].items()},
    }
    assert reset == [] and data == renamed and data["solved"] != stored["solved"]
    assert puzzles.due_mistakes(data, DAY) == [] and data["cleared"] == ["code-b"]


def test_stored_lessons_done_load_and_are_kept():
    done = lessons.read(sample("lessons"))
    assert len(done) == 2
    assert lessons.read(json.loads(lessons.write(done))) == done


def test_a_stored_seated_table_loads_and_is_written_back_with_all_it_held():
    seated = seats.parse(sample("seats"), KEY)
    assert (seated.level, seated.people) == ("beginner", ("You", None, None))
    assert seated.table.history and seated.table.hands  # a hand played to its end
    again = seats.parse(json.loads(seats.dumps(seated, KEY)), KEY)
    kept = (again.level, again.people, again.table.history)
    assert kept == (seated.level, seated.people, seated.table.history)


def test_a_seated_table_record_with_a_field_its_version_did_not_have_is_refused():
    assert sample("seats")["version"] == 3
    with pytest.raises(ValueError, match="other fields"):
        seats.parse(sample("seats") | {"uid": "table-1"}, KEY)  # the id came with version 4
