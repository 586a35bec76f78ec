"""The page's pure storage modules (web/ginweb): stored text is read within bounds, records are
validated field by field, the stored match is sealed, older records migrate, newer ones are
refused as newer (so the page keeps them), URL parameters are bounded (issue 17 items 1-6, 10,
11; issue 14 items 1 and 7)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import Match, SaveError, load_match, preset, save_match
from gin_core.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import contextlib

from ginweb.kit import safejson
from ginweb.storage import savefmt, seal, settings, stats
from ginweb.table import params

KEY = "0123456789abcdef0123456789abcdef"


def played(seed: int, moves: int, rules: str = "classic") -> Match:
    m = Match(preset(rules), seed=seed)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    for _ in range(moves):
        if m.phase in ("hand_over", "match_over"):
            break
        m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return m


# ----------------------------------------------------------------- safejson (item 1, 10)


def test_deep_nesting_is_refused_before_parsing():
    with pytest.raises(safejson.StoredTextError, match="nested 6000 levels"):
        safejson.loads("[" * 6000 + "]" * 6000)
    assert safejson.loads("[" * 32 + "]" * 32) is not None


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"log": ["[" * 500, "{" * 500]})
    assert safejson.loads(text)["log"][0] == "[" * 500


def test_huge_numbers_and_long_text_are_refused_in_words():
    with pytest.raises(safejson.StoredTextError, match="more than 24 digits"):
        safejson.loads("[" + "9" * 5000 + "]")
    with pytest.raises(safejson.StoredTextError, match="characters long"):
        safejson.loads('"' + "x" * (safejson.MAX_CHARS + 1) + '"')


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_with_stored_text_error(text):
    with contextlib.suppress(safejson.StoredTextError):
        safejson.loads(text)


# ----------------------------------------------------------------- seal (issue 14 item 1)


@given(st.text(max_size=400))
def test_seal_round_trip(text):
    assert seal.unseal(seal.seal(text, KEY), KEY) == text


def test_sealed_text_is_the_same_as_every_earlier_version_wrote():
    """Saves already in players' browsers must keep opening."""
    text, key = '{"match":"7H 8H 9H"}', "0" * 32
    sealed = "sealed1:aehaejnhlefbdalcaolpijjpljhomfciocigigekefadgjamkhfejhph"
    assert seal.seal(text, key) == sealed
    assert seal.unseal(sealed, key) == text


def test_sealed_text_has_no_card_codes_or_digits():
    text = save_match(played(987654321, 20))
    sealed = seal.seal(text, KEY)
    body = sealed[len(seal.PREFIX) :]
    assert set(body) <= set("abcdefghijklmnop")
    with pytest.raises(seal.SealError):
        seal.unseal(sealed, "f" * 32)
    with pytest.raises(seal.SealError):
        seal.unseal(sealed[:-2], KEY)


# ----------------------------------------------------------------- savefmt


def game(seed: int = 123456789, moves: int = 9) -> savefmt.Game:
    m = played(seed, moves)
    return savefmt.Game(
        m,
        "uid-1",
        "standard",
        m.seed % 1_000_003,
        "2025-01-01T00:00:00Z",
        [],
        [savefmt.LogLine(0, None, "Dealt")],
    )


def test_stored_match_shows_no_hidden_card_nor_seed():
    g = game()
    text = g.dumps(KEY)
    data = json.loads(text)
    clear = json.dumps({k: v for k, v in data.items() if k != "sealed"})
    hidden = [str(c) for c in g.match.view(1).hand]
    assert hidden and not [c for c in hidden if c in clear]
    assert str(g.match.seed) not in text and str(g.bot_seed) not in text
    back = savefmt.loads(text, KEY)
    assert back.match.history == g.match.history and back.bot_seed == g.bot_seed


def test_version_1_clear_save_migrates():
    g = game()
    old = {
        "format": savefmt.FORMAT,
        "version": 1,
        "uid": "u",
        "level": "hard",
        "bot_seed": 7,
        "match": save_match(g.match),
        "order": [],
        "log": [],
        "started": "",
    }
    back = savefmt.loads(json.dumps(old), KEY)
    assert back.match.history == g.match.history and back.bot_seed == 7
    assert json.loads(back.dumps(KEY))["version"] == savefmt.VERSION


def test_newer_save_is_refused_as_newer():
    data = json.loads(game().dumps(KEY)) | {"version": savefmt.VERSION + 1}
    with pytest.raises(savefmt.NewerSaveError):
        savefmt.loads(json.dumps(data), KEY)


def test_deep_engine_state_is_a_save_error():
    """Issue 17 item 7 seen from the page: a save nested 993 deep is refused, not a RecursionError."""
    inner = json.loads(save_match(Match(preset("classic"), seed=1)))
    inner["state"] = "DEEP"
    engine = json.dumps(inner).replace('"DEEP"', "[" * 993 + "]" * 993)
    old = {
        "format": savefmt.FORMAT,
        "version": 1,
        "uid": "u",
        "level": "hard",
        "bot_seed": 7,
        "match": engine,
    }
    with pytest.raises(SaveError, match="nested"):
        savefmt.loads(json.dumps(old), KEY)


@given(st.data())
def test_mutated_saves_load_exactly_or_raise_save_error(data):
    g = game(5, 12)
    text = g.dumps(KEY)
    pos = data.draw(st.integers(0, len(text) - 1))
    junk = data.draw(st.text(max_size=4))
    mutated = text[:pos] + junk + text[pos + data.draw(st.integers(0, 3)) :]
    try:
        back = savefmt.loads(mutated, KEY)
    except SaveError:
        return
    assert load_match(save_match(back.match)).history == back.match.history


# ----------------------------------------------------------------- settings (item 2)


@pytest.mark.parametrize(
    "field,value",
    [
        ("preset", []),
        ("preset", {}),
        ("preset", 3),
        ("level", []),
        ("back", {"a": 1}),
        ("four_colour", "yes"),
        ("rules", []),
        ("rules", {"target": []}),
        ("sort", None),
    ],
)
def test_a_bad_settings_field_resets_only_itself(field, value):
    record = {"format": settings.FORMAT, "version": 1, "felt": "blue", "level": "hard", field: value}
    s, bad = settings.from_record(record)
    assert field in bad
    assert s.felt == "blue" and (field == "level" or s.level == "hard")


def test_newer_settings_are_refused_as_newer():
    with pytest.raises(safejson.NewerVersionError):
        settings.from_record({"format": settings.FORMAT, "version": 2})
    with pytest.raises(ValueError):
        settings.from_record({"format": "other", "version": 1})


# ----------------------------------------------------------------- stats (items 3, 6; issue 14 item 7)


def finished(seed: int, rules) -> Match:
    m = Match(rules, seed=seed)
    bots = [make_bot("simple", seed), make_bot("simple", seed + 1)]
    while m.result is None:
        if m.phase == "hand_over":
            m.apply(m.view(0).legal_actions[0])
        else:
            m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return m


def count_all(data, uid: str, m: Match) -> None:
    for r in m.records:
        stats.count_hand(data, uid, r)
    if m.result is not None:
        stats.count_match(data, uid, m.result, "standard", m.rules, "2025-01-01")


def test_one_bad_field_resets_only_that_field():
    data = stats.empty()
    data["hands"]["played"] = 12
    data["you"]["gins"] = -1
    data["matches"]["won"] = "3"
    back, bad = stats.validate(json.loads(json.dumps(data)))
    assert back["hands"]["played"] == 12 and back["you"]["gins"] == 0
    assert bad == ["matches.won", "you.gins"]


def test_counting_is_per_match_id_and_idempotent():
    """Two tabs each count into what is stored: both matches add up, neither counts twice."""
    a, b = finished(11, preset("classic")), finished(12, preset("classic"))
    stored = stats.empty()
    for uid, m in (("a", a), ("b", b), ("a", a)):  # tab A, tab B, tab A again (a reload)
        data, _ = stats.validate(json.loads(json.dumps(stored)))
        count_all(data, uid, m)
        stored = data
    assert stored["hands"]["played"] == len(a.records) + len(b.records)
    assert stored["matches"]["played"] == 2


def test_best_match_and_averages_compare_like_with_like():
    short = replace(preset("classic"), target=30)
    data = stats.empty()
    for i, rules in enumerate((short, preset("classic"), short)):
        count_all(data, f"m{i}", finished(20 + i, rules))
    assert set(data["by_kind"]) == {"custom:30", "classic:100"}
    assert data["by_kind"]["custom:30"]["played"] == 2
    rows = dict(stats.kind_rows(data))
    assert "custom, to 30: best match" in rows and "classic, to 100: best match" in rows


def test_version_1_stats_migrate_with_their_best_match():
    v1 = {
        "format": stats.FORMAT,
        "version": 1,
        "matches": {"played": 3, "won": 2},
        "hands": {"played": 20},
        "you": {},
        "computer": {},
        "points": {"you": 300, "computer": 100},
        "best_match": {
            "you": 281,
            "computer": 0,
            "margin": 281,
            "level": "hard",
            "rules": "classic",
            "date": "2025-01-01",
        },
        "by_level": {"hard": {"played": 3, "won": 2}},
        "counted": {"uid": "x", "hands": 4, "match": True},
    }
    data, bad = stats.validate(v1)
    assert not bad
    assert data["by_kind"]["classic:100"]["best"]["margin"] == 281
    assert data["counted"] == {"x": {"hands": 4, "match": True}}
    assert data["matches"]["played"] == 3 and data["version"] == stats.VERSION


def test_newer_stats_are_refused_as_newer():
    with pytest.raises(stats.NewerStatsError):
        stats.validate({"format": stats.FORMAT, "version": stats.VERSION + 1})


# ----------------------------------------------------------------- params (items 10, 11)


@pytest.mark.parametrize(
    "query",
    [
        "?seed=" + "9" * 5000,
        "?seed=" + "x" * 300,
        "?level=" + "a" * 1000,
        "?seed=\u00b2",
        "?seed=99999999999999999999999",
    ],
)
def test_bad_parameters_are_worded_and_bounded(query):
    p = params.parse(query, lambda seed, deal: None)
    assert len(p.problems) == 1 and not p.new_match
    text = p.problems[0]
    assert "sys." not in text and "int()" not in text and len(text) < 200


def test_one_time_parameters_are_stripped_even_when_invalid():
    assert params.strip_consumed("?seed=abc&level=nope&fast=1") == "?fast=1"


def test_custom_rules_stored_before_the_pile_draw_limit_keep_their_choices():
    old = preset("classic").replace(knock_limit=7).to_dict()
    for name in settings.ADDED_RULES:
        del old[name]
    s, bad = settings.from_record({"format": settings.FORMAT, "version": 1, "preset": "custom", "rules": old})
    assert bad == [] and s.preset == "custom"
    assert s.game_rules().knock_limit == 7 and s.game_rules().pile_draw_limit == 50
