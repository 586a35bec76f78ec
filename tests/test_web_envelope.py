"""The one envelope of every stored record (issue 44 item 4): each kind is read by one envelope,
which brings an older version up step by step, leaves a newer one alone and refuses anything
else with a message naming what it reads."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import SaveError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import record as daily
from ginweb.friend import feature as friend
from ginweb.friend import keep as friend_match
from ginweb.kit.safejson import NewerVersionError
from ginweb.lessons import record as lessons
from ginweb.puzzles import record as puzzles
from ginweb.storage import savefmt, stats
from ginweb.storage import seatrecord as seats
from ginweb.storage import settings as page_settings
from ginweb.storage.envelope import Envelope, RecordKind

KEY = "0123456789abcdef0123456789abcdef"
ENVELOPES = [
    savefmt.envelope(KEY),
    page_settings.ENVELOPE,
    stats.ENVELOPE,
    daily.ENVELOPE,
    puzzles.ENVELOPE,
    lessons.ENVELOPE,
    seats.ENVELOPE,
    friend.ENVELOPE,
    friend_match.ENVELOPE,
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def test_every_kind_has_one_envelope_and_each_reads_every_version_from_its_oldest():
    kinds = [e.kind for e in ENVELOPES]
    assert len(set(kinds)) == len(kinds) and set(RecordKind) <= set(kinds)
    for e in ENVELOPES:
        assert set(e.steps) == set(range(e.oldest, e.version)), e.kind


@pytest.mark.parametrize("envelope", ENVELOPES, ids=lambda e: e.kind)
@given(payload=st.dictionaries(st.text(max_size=8), JSON, max_size=5))
def test_a_stamped_payload_opens_as_written(envelope: Envelope, payload: dict[str, Any]):
    stored = json.loads(json.dumps(envelope.stamp(payload)))
    assert (stored["format"], stored["version"]) == (envelope.kind, envelope.version)
    opened = envelope.open(stored)
    assert {k: v for k, v in opened.items() if k not in ("format", "version", "v")} == {
        k: v for k, v in payload.items() if k not in ("format", "version", "v")
    }


@pytest.mark.parametrize("envelope", ENVELOPES, ids=lambda e: e.kind)
def test_a_newer_record_is_left_alone_and_an_unread_version_is_refused_in_words(envelope: Envelope):
    newer = {"format": envelope.kind, "version": envelope.version + 1}
    with pytest.raises(envelope.newer) as found:
        envelope.open(newer)
    assert isinstance(found.value, NewerVersionError)
    for version in (envelope.oldest - 1, "3", True, None, 2.0):
        with pytest.raises(envelope.refused, match=f"this page reads version.* {envelope.version}"):
            envelope.open({"format": envelope.kind, "version": version})
    for other in ([], "x", {"format": "another", "version": 1}, {"version": envelope.version}):
        if envelope.older_key is None or not isinstance(other, dict) or "format" in other:
            with pytest.raises(envelope.refused, match="of this page"):
                envelope.open(other)


def test_the_matchs_errors_are_save_errors_and_its_newer_one_is_left_alone():
    with pytest.raises(savefmt.NewerSaveError):
        savefmt.from_data({"format": str(RecordKind.MATCH), "version": 99}, KEY)
    with pytest.raises(SaveError, match="reads versions 1 to 3"):
        savefmt.from_data({"format": str(RecordKind.MATCH), "version": 0}, KEY)


def test_lessons_stored_before_the_envelope_still_load_and_the_old_reader_reads_the_new_record():
    assert lessons.read({"v": 1, "done": ["gin", "nope"]}) == {"gin"}
    with pytest.raises(NewerVersionError):
        lessons.read({"v": 2, "done": []})
    written = json.loads(lessons.write(frozenset({"gin"})))
    assert written["format"] == lessons.FORMAT and written["version"] == 1
    assert written["v"] == 1 and written["done"] == ["gin"]  # what the page before the envelope reads


def test_a_version_1_statistics_best_match_of_custom_rules_is_kept_under_its_kind():
    v1 = {"format": str(RecordKind.STATS), "version": 1}
    best = {"you": 90, "computer": 10, "margin": 80, "level": "hard", "date": "2025-01-01"}
    data, bad = stats.validate(v1 | {"best_match": best | {"rules": "house"}})
    assert not bad and data["by_kind"]["house:?"]["best"] == best
    data, bad = stats.validate(v1 | {"best_match": best})  # no preset named: still not lost
    assert not bad and data["by_kind"]["custom:?"]["best"] == best
    data, bad = stats.validate(v1 | {"best_match": {"you": "x", "rules": "classic"}})
    assert bad == ["by_kind.classic:100.best"]  # damaged: said, not silently dropped


def test_the_settings_record_names_every_setting_and_writes_each():
    named = {f.name for f in dataclasses.fields(page_settings.Settings)} | {"format", "version"}
    assert set(page_settings.SettingsRecord.__required_keys__) == named
    assert set(page_settings.to_record(page_settings.Settings())) == named
