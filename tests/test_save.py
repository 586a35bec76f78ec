"""Saving and loading matches (gin_core.save).

* Round trip at every point of complete matches of every preset: the loaded match has the
  same save text, the same views for both players and the same legal actions, and play goes on
  from it exactly as from the original.
* Corrupt (not JSON), truncated (cut at every offset, or with moves dropped), tampered
  (snapshot cards duplicated or missing, action cards/kinds/players changed, impossible phases,
  wrong types in every field, bool for int, unknown rule keys, negative/huge numbers, wrong
  format or version) saves raise SaveError with a message that says what is wrong.
* Random byte-level and structural mutations either raise SaveError or load a match that is
  consistent (52 cards, its own snapshot, a stable re-save); nothing else ever escapes.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import CARDS, Action, Match, SaveError
from gin_core.arrange import min_deadwood
from gin_core.cards import mask_of
from gin_core.presets import PRESETS
from gin_core.save import FORMAT, VERSION, dumps, from_dict, loads, to_dict

PYODIDE = os.environ.get("GIN_PYODIDE") == "1"
PRESET_NAMES = sorted(PRESETS)
SEED_BASE = 5 << 30


def examples(fraction: float, minimum: int = 2) -> int:
    """A fraction of the active profile's max_examples (see conftest.py)."""
    return max(minimum, int(settings.default.max_examples * fraction))


def choose(rng: random.Random, m: Match, strong: bool = True) -> Action:
    """A random player that ends hands quickly: knocks or goes gin when it can, otherwise
    (when ``strong``) mostly keeps the least deadwood."""
    acts = m.legal_actions()
    ends = [a for a in acts if a.kind in ("knock", "gin", "big_gin")]
    if ends and rng.random() < 0.9:
        return rng.choice(ends)
    h = m.hand
    if strong and h.phase == "discard" and rng.random() < 0.9:
        mask = mask_of(h.hands[h.turn])
        scored = [(min_deadwood(mask & ~a.card.bit), a) for a in acts if a.kind == "discard"]
        if scored:
            best = min(s for s, _ in scored)
            return rng.choice([a for s, a in scored if s == best])
    if strong and h.phase in ("offer", "draw") and Action("draw_pile") in acts and rng.random() < 0.5:
        mask = mask_of(h.hands[h.turn])
        top = h.pile[-1]
        if min(min_deadwood((mask | top.bit) & ~c.bit) for c in h.hands[h.turn]) < min_deadwood(mask):
            return Action("draw_pile")
    return rng.choice(acts)


def play(m: Match, rng: random.Random, steps: int | None = None) -> Match:
    n = 0
    while m.result is None and (steps is None or n < steps):
        m.apply(choose(rng, m), rng.choice((None, m.to_move)) if m.to_move is not None else None)
        n += 1
    return m


def consistent(m: Match) -> None:
    """A match that makes sense: 52 cards, sane hand sizes, legal actions until the end, scores
    equal to the hand results, a save that loads back to itself."""
    h = m.hand
    cards = h.hands[0] + h.hands[1] + h.stock + h.pile + ([h.knock_card] if h.knock_card else [])
    assert len(cards) == 52 and set(cards) == set(CARDS)
    sizes = sorted(map(len, h.hands))
    assert sizes in ([10, 10], [10, 11]), sizes
    assert (m.legal_actions() == []) == (m.result is not None)
    assert list(m.scores) == [sum(r.points[p] for r in m.records) for p in (0, 1)]
    text = dumps(m)
    again = loads(text)
    assert dumps(again) == text and again.view(0) == m.view(0) and again.view(1) == m.view(1)


def same(a: Match, b: Match) -> None:
    assert dumps(a) == dumps(b)
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
    assert a.legal_actions() == b.legal_actions()


def expect_save_error(text_or_data, *words: str, via=None) -> SaveError:
    """Loading (``loads`` for text, ``from_dict`` for parsed JSON, unless ``via`` says) must
    raise SaveError (nothing else), with a clear message."""
    load = via or (loads if isinstance(text_or_data, str) else from_dict)
    try:
        load(text_or_data)
    except SaveError as e:
        msg = str(e)
        assert msg and len(msg) < 2000 and "save" in msg.lower(), f"unclear message: {msg!r}"
        for w in words:
            assert w.lower() in msg.lower(), f"message {msg!r} does not mention {w!r}"
        return e
    except Exception as e:  # noqa: BLE001 - anything else is the bug being tested for
        pytest.fail(f"loading raised {type(e).__name__}: {e} instead of SaveError")
    pytest.fail("a bad save loaded without error")


_SAVES: dict[str, list[str]] = {}


def saves_of(name: str, i: int = 0) -> list[str]:
    """The save text after every move of one complete match of a preset (cached)."""
    key = f"{name}:{i}"
    if key not in _SAVES:
        rng = random.Random(key)
        m = Match(PRESETS[name](), seed=SEED_BASE + 1009 * i)
        texts = [dumps(m)]
        while m.result is None:
            play(m, rng, 1)
            texts.append(dumps(m))
        _SAVES[key] = texts
    return _SAVES[key]


def mid_save(name: str = "classic", at: float = 0.5) -> str:
    texts = saves_of(name)
    return texts[min(len(texts) - 1, int(len(texts) * at))]


# ----- round trips ---------------------------------------------------------------------------


def _short_matches(name: str, candidates: int = 4 if PYODIDE else 12) -> list[tuple[int, int | None, str]]:
    """(seed, dealer, rng key) of candidate matches of a preset, shortest first. A load replays
    every move, so a round trip at every point costs O(moves^2): the shortest of a dozen
    random matches keep that affordable (they are still complete matches of several hands)."""
    out = []
    for i in range(candidates):
        key = f"rt:{name}:{i}"
        rng = random.Random(key)
        seed, dealer = SEED_BASE + 7 * i, rng.choice((None, 0, 1))
        m = play(Match(PRESETS[name](), seed=seed, dealer=dealer), rng)
        out.append((len(m.history), seed, dealer, key))
    return [(seed, dealer, key) for _, seed, dealer, key in sorted(out)]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_round_trip_at_every_point_of_full_matches(name, count):
    """Save and load after every move of complete matches (the first at every point, the
    others at every 5th point and at every hand end; under Pyodide every 6th); play continues
    on the loaded match each time."""
    matches = _short_matches(name)[: count(2 if name != "openspiel" else 5, 1)]
    for n, (seed, dealer, key) in enumerate(matches):
        stride = 6 if PYODIDE else (1 if n == 0 or name == "openspiel" else 5)
        rng = random.Random(key)
        rng.choice((None, 0, 1))  # the dealer draw, as in _short_matches
        m = Match(PRESETS[name](), seed=seed, dealer=dealer)
        steps = 0
        while True:
            if steps % stride == 0 or m.result is not None or m.phase == "hand_over":
                text = dumps(m)
                assert dumps(m) == text, "saving twice gives the same text"
                data = json.loads(text)
                assert data["format"] == FORMAT and data["version"] == VERSION
                assert len(data["actions"]) == len(m.history)
                loaded = loads(text)
                assert dumps(loaded) == text
                assert loaded.view(0) == m.view(0) and loaded.view(1) == m.view(1)
                assert loaded.legal_actions() == m.legal_actions()
                assert loaded.history == m.history and loaded.records == m.records
                assert loaded.result == m.result and loaded.events == m.events
                m = loaded  # play on from the loaded match
            if m.result is not None:
                break
            play(m, rng, 1)
            steps += 1
        assert len(m.records) >= 1
        consistent(m)


def test_loaded_match_plays_on_identically(count):
    """From a save in the middle of a match, the original and the loaded match, fed the same
    moves, stay identical to the end."""
    for name in PRESET_NAMES:
        for i in range(count(1, 1)):
            m = Match(PRESETS[name](), seed=SEED_BASE + 99 + i)
            play(m, random.Random(i), 40 + 30 * i)
            loaded = loads(dumps(m))
            r1, r2 = random.Random(f"{name}{i}"), random.Random(f"{name}{i}")
            while m.result is None:
                play(m, r1, 1)
                play(loaded, r2, 1)
                assert m.view(0) == loaded.view(0) and m.view(1) == loaded.view(1)
            same(m, loaded)


def test_dict_round_trip_and_player_none():
    """to_dict/from_dict mirror dumps/loads; a move saved with player null (the player to move)
    loads, and saves again with the real player."""
    text = mid_save()
    m = loads(text)
    same(from_dict(to_dict(m)), m)
    data = json.loads(text)
    moved = [i for i, (p, a) in enumerate(data["actions"]) if a != "next_hand"]
    for i in moved[:: max(1, len(moved) // 10)]:
        d = copy.deepcopy(data)
        d["actions"][i][0] = None
        same(from_dict(d), m)


def test_tolerant_action_text_loads_to_the_same_match():
    """The action texts are read like Action.parse reads them (case, 10 for T)."""
    data = json.loads(mid_save())
    m = from_dict(data)
    d = copy.deepcopy(data)
    for entry in d["actions"]:
        entry[1] = entry[1].upper().replace("T", "10") if " " in entry[1] else entry[1].upper()
    same(from_dict(d), m)


# ----- corrupt and truncated -----------------------------------------------------------------

CORRUPT = [
    "",
    " ",
    "not json",
    "{",
    "}",
    "[",
    "[]",
    "null",
    "true",
    "0",
    "-1",
    "1e999",
    '"a save"',
    "{'format': 'gin_core.match'}",
    '{"format": "gin_core.match",}',
    "\x00\x01\x02",
    "NaN",
    "\ufeff{}",
    "{}",
    "[{}]",
    '{"format": "gin_core.match"}',
]


@pytest.mark.parametrize("text", CORRUPT)
def test_corrupt_text(text):
    expect_save_error(text)


@pytest.mark.parametrize("value", [None, 42, 4.2, True, ["a"], {"format": FORMAT}, bytearray(b"{")])
def test_not_text_at_all(value):
    expect_save_error(value, via=loads)


@pytest.mark.parametrize("value", [b"\xff\xfe\x00", b'{"format": "\xe9"}', b"\x80"])
def test_bytes_that_are_not_utf8(value):
    """json.loads (and so loads) also reads bytes; bytes that are not UTF-8 text are a corrupt
    save too (json raises UnicodeDecodeError, which loads must turn into SaveError)."""
    expect_save_error(value, via=loads)


@pytest.mark.parametrize("name", ["classic", "openspiel", "no_upcard"])
def test_truncated_at_every_offset(name):
    """Every proper prefix of a save (cut anywhere) is refused."""
    text = mid_save(name, 0.3)
    step = 1 if len(text) < 3000 else 3
    for cut in list(range(0, len(text), step)) + [len(text) - 1]:
        expect_save_error(text[:cut])


def test_moves_dropped_or_added():
    """Dropping the last moves, any single move, or adding one, with the snapshot kept."""
    data = json.loads(mid_save("eaai"))
    n = len(data["actions"])
    for k in range(1, 6):
        d = copy.deepcopy(data)
        d["actions"] = d["actions"][:-k]
        expect_save_error(d)
    for i in range(0, n, max(1, n // 25)):
        d = copy.deepcopy(data)
        del d["actions"][i]
        expect_save_error(d)
    m = from_dict(data)
    for a in m.legal_actions():
        d = copy.deepcopy(data)
        d["actions"].append([m.to_move, str(a)])
        expect_save_error(d)
    d = copy.deepcopy(data)
    d["actions"] = d["actions"] + d["actions"][-2:]
    expect_save_error(d)


# ----- tampered --------------------------------------------------------------------------------


def test_snapshot_with_duplicate_missing_or_moved_cards():
    data = json.loads(mid_save("tournament"))
    state = data["state"]
    h0, h1 = state["hands"][0].split(), state["hands"][1].split()
    cases = []
    for i in range(len(h0)):
        cases.append((0, " ".join(h0[:i] + [h1[i % len(h1)]] + h0[i + 1 :]), "duplicate"))
        cases.append((0, " ".join(h0[:i] + h0[i + 1 :]), "missing"))
        cases.append((0, " ".join(h0[:i] + [h0[i]] + h0[i:]), "twice"))
    cases += [(1, " ".join(h1[:j] + h1[j + 1 :] + [h0[0]]), "swapped") for j in range(len(h1))]
    for who, hand, _ in cases:
        d = copy.deepcopy(data)
        d["state"]["hands"][who] = hand
        expect_save_error(d)
    unused = [str(c) for c in CARDS if str(c) not in h0 + h1 + state["pile"].split()]
    for pile in (state["pile"] + " " + unused[0], " ".join(state["pile"].split()[:-1]), unused[1], ""):
        if pile != state["pile"]:
            d = copy.deepcopy(data)
            d["state"]["pile"] = pile
            expect_save_error(d)
    for delta in (-1, 1, 52):
        d = copy.deepcopy(data)
        d["state"]["stock"] += delta
        expect_save_error(d)
    d = copy.deepcopy(data)
    d["state"]["hands"] = d["state"]["hands"][::-1]
    expect_save_error(d)
    for scores in ([1, 0], [0, 1], [-5, 0], [data["state"]["scores"][1], data["state"]["scores"][0] + 1]):
        if scores != data["state"]["scores"]:
            d = copy.deepcopy(data)
            d["state"]["scores"] = scores
            expect_save_error(d)


@pytest.mark.parametrize(
    "phase", ["offer", "draw", "wall", "discard", "hand_over", "match_over", "over", "banana", "", "DRAW"]
)
def test_impossible_phase_or_player_to_move(phase):
    data = json.loads(mid_save("classic"))
    if phase != data["state"]["phase"]:
        d = copy.deepcopy(data)
        d["state"]["phase"] = phase
        expect_save_error(d)
    for to_move in (0, 1, None, 2):
        if to_move != data["state"]["to_move"]:
            d = copy.deepcopy(data)
            d["state"]["to_move"] = to_move
            expect_save_error(d)


def test_changed_action_cards_kinds_and_players():
    """Any change to a move of the hand in progress is caught (finished hands: next test)."""
    data = json.loads(mid_save("winner_deals", 0.5))
    rng = random.Random(7)
    entries = list(enumerate(data["actions"]))
    current = max(i for i, e in entries if e[1] == "next_hand") + 1
    with_card = [(i, e) for i, e in entries[current:] if " " in e[1]]
    for i, (_player, text) in rng.sample(with_card, min(8, len(with_card))):
        kind, card = text.split()
        for other in rng.sample([str(c) for c in CARDS if str(c) != card], 4) + ["ZZ", "1S", "", "AS AS"]:
            d = copy.deepcopy(data)
            d["actions"][i][1] = f"{kind} {other}".strip()
            expect_save_error(d)
        for other_kind in (
            "draw_stock",
            "draw_pile",
            "pass",
            "next_hand",
            "big_gin",
            "knock",
            "gin",
            "discard",
            "shuffle",
            "DISCARD!",
        ):
            if other_kind != kind:
                d = copy.deepcopy(data)
                d["actions"][i][1] = (
                    f"{other_kind} {card}" if other_kind in ("knock", "gin", "discard") else other_kind
                )
                expect_save_error(d)
    for i, (player, text) in entries[:: max(1, len(entries) // 30)] + [
        e for e in entries if e[1][1] == "next_hand"
    ]:
        if player is not None:
            d = copy.deepcopy(data)
            d["actions"][i][0] = 1 - player
            if text == "next_hand":  # either player may deal the next hand
                m, original = from_dict(d), from_dict(data)
                assert m.view(0) == original.view(0) and m.view(1) == original.view(1)
            else:
                expect_save_error(d, "action")


def test_edited_moves_of_finished_hands_are_detected():
    """Regression: a move of an *earlier* hand replaced by another legal move (typically in a
    dead hand, where the score does not change) is caught by the snapshot's move checksum: an
    edited save "either fails a rule check or disagrees with its own snapshot"."""
    data = json.loads(mid_save("winner_deals", 0.5))
    actions = data["actions"]
    last_deal = max(i for i, (_, a) in enumerate(actions) if a == "next_hand")
    undetected = []
    m = Match(PRESETS["winner_deals"](), seed=data["seed"], dealer=data["dealer"])
    for i, (player, text) in enumerate(actions[:last_deal]):
        kind = text.split()[0]
        if kind == "discard" and len(undetected) < 3:
            h = m.hand
            others = [a for a in m.legal_actions() if a.kind == "discard" and str(a) != text]
            for alt in others[:2]:
                d = copy.deepcopy(data)
                d["actions"][i][1] = str(alt)
                try:
                    from_dict(d)
                except SaveError:
                    continue
                undetected.append(
                    f"move {i} (hand {m.deals}) {text!r} -> {str(alt)!r} "
                    f"(player {h.turn} held {' '.join(map(str, sorted(h.hands[h.turn])))})"
                )
        m.apply(Action.parse(text), player)
    assert not undetected, (
        f"winner_deals preset, seed {data['seed']}: edited moves of finished hands load without "
        f"error: {undetected}"
    )


def test_unknown_and_missing_rule_keys():
    data = json.loads(mid_save("big_gin"))
    for key, value in (("knock_limt", 10), ("foo", None), ("", 1), ("Target", 100)):
        d = copy.deepcopy(data)
        d["rules"][key] = value
        expect_save_error(d, "rule")
    # a missing rule is refused too (it used to load with its default: an openspiel save
    # without "target" became a match to 100)
    for key in data["rules"]:
        d = copy.deepcopy(data)
        del d["rules"][key]
        expect_save_error(d, "rule", key)


def _paths(data, prefix=()):
    """Every (path, value) of a JSON tree, the containers included."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _set(data, path, value):
    d = copy.deepcopy(data)
    target = d
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value
    return d


WRONG_VALUES = [None, True, False, 0, 1, -1, 2.0, 0.5, "", "1", "x", [], [1], {}, {"a": 1}]


def _kind(value):
    return type(value).__name__ if value is not None else "null"


def _short_save_fields():
    """(path, original value) of every field of a short save: top level, every rule, every
    state field (and the items of its lists), every part of a few action entries."""
    data = json.loads(saves_of("classic")[12])
    out = []
    for path, _value in _paths(data):
        if not path:
            continue
        if path[0] == "actions" and len(path) >= 2 and path[1] not in (0, 1, 5, 11):
            continue
        out.append(path)
    return data, out


_DATA, _FIELDS = _short_save_fields()


@pytest.mark.parametrize("path", _FIELDS, ids=lambda p: ".".join(map(str, p)))
def test_wrong_types_in_every_field(path):
    """Every value of another JSON type (bool counting apart from int, float apart from int)
    in any field is refused with SaveError. Where null or an int is legitimately allowed
    (dealer, to_move, target, first_dealer, a move's player), those stay allowed."""
    original = _DATA
    value = original
    for p in path:
        value = value[p]
    nullable = path in (
        ("dealer",),
        ("rules", "target"),
        ("rules", "first_dealer"),
        ("state", "to_move"),
    ) or (path[0] == "actions" and len(path) == 3 and path[2] == 0)
    accepted = []
    lookalikes = [float(value)] if type(value) is int else []  # 25.0 for 25 (True/False: listed)
    for wrong in WRONG_VALUES + lookalikes:
        if _kind(wrong) == _kind(value) or (nullable and (wrong is None or type(wrong) is int)):
            continue
        d = _set(original, path, wrong)
        try:
            m = from_dict(d)
        except SaveError as e:
            assert "save" in str(e).lower()
            continue
        except Exception as e:  # noqa: BLE001 - anything but SaveError is the bug looked for
            pytest.fail(f"{'.'.join(map(str, path))} = {wrong!r}: {type(e).__name__}: {e}")
        consistent(m)
        accepted.append(wrong)
    assert not accepted, (
        f"save field {'.'.join(map(str, path))} (a {_kind(value)}, {value!r}) accepted the wrong "
        f"type(s) {accepted!r}"
    )


@pytest.mark.parametrize(
    "field,value",
    [
        ("seed", -1),
        ("seed", 2**35),
        ("seed", 10**30),
        ("seed", True),
        ("seed", 1.0 * SEED_BASE),
        ("seed", str(SEED_BASE)),
        ("dealer", 2),
        ("dealer", -1),
        ("dealer", True),
        ("dealer", 1.0),
        ("version", 0),
        ("version", 4),
        ("version", "1"),
        ("version", None),
        ("version", 10**30),
        ("format", "gin_core.matches"),
        ("format", "GIN_CORE.MATCH"),
        ("format", None),
        ("format", 1),
        ("rules", None),
        ("rules", []),
        ("rules", "classic"),
        ("actions", None),
        ("actions", {}),
        ("actions", "draw_stock"),
        ("state", None),
        ("state", []),
        ("state", "x"),
    ],
)
def test_bad_top_level_values(field, value):
    data = json.loads(mid_save("no_upcard", 0.2))
    data[field] = value
    expect_save_error(data)


@pytest.mark.parametrize(
    "field", ["format", "version", "rules", "seed", "dealer", "first_deal", "actions", "redo", "state"]
)
def test_missing_top_level_field(field):
    data = json.loads(mid_save("no_upcard", 0.2))
    del data[field]
    expect_save_error(data)


@pytest.mark.parametrize(
    "key,value",
    [
        ("knock_limit", -1),
        ("knock_limit", 11),
        ("knock_limit", True),
        ("knock_limit", 10.0),
        ("knock_limit", 10**30),
        ("gin_bonus", -25),
        ("gin_bonus", 10**9),
        ("target", 0),
        ("target", -100),
        ("target", 10**30),
        ("target", 100.0),
        ("first_dealer", 2),
        ("first_dealer", True),
        ("stock_end", "never"),
        ("shutout", "triple"),
        ("next_dealer", "random"),
        ("oklahoma", 1),
        ("big_gin", "yes"),
        ("oklahoma_ace", "eleven"),
    ],
)
def test_bad_rule_values(key, value):
    data = json.loads(mid_save("classic", 0.2))
    data["rules"][key] = value
    expect_save_error(data, "rule")


def test_rules_contradiction_refused():
    data = json.loads(saves_of("no_upcard")[3])  # no upcard: Oklahoma is impossible
    data["rules"]["oklahoma"] = True
    expect_save_error(data, "rule")


def test_bool_for_int_everywhere():
    """``true`` where an int belongs: seed, dealer, version, a move's player, every int rule,
    every number of the snapshot."""
    data = json.loads(mid_save("eaai", 0.4))
    paths = [
        ("seed",),
        ("dealer",),
        ("version",),
        ("actions", 0, 0),
        ("actions", 3, 0),
        ("state", "stock"),
        ("state", "scores", 0),
        ("state", "scores", 1),
        ("state", "to_move"),
    ]
    paths += [
        ("rules", k) for k, v in data["rules"].items() if type(v) is int or k in ("target", "first_dealer")
    ]
    accepted = []
    for path in paths:
        for b in (True, False):
            d = _set(data, path, b)
            try:
                m = from_dict(d)
            except SaveError:
                continue
            consistent(m)
            accepted.append((".".join(map(str, path)), b))
    assert not accepted, f"bool accepted for int in: {accepted}"


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "gin_core.match", "version": 1, "seed": ' + "9" * 5000 + "}",
        '{"format": "gin_core.match", "version": ' + "1" * 4301 + "}",
        '{"format": "gin_core.match", "version": 1, "seed": 1e999}',
        '{"format": "gin_core.match", "version": 1, "seed": -1e999}',
        '{"format": "gin_core.match", "version": 1, "seed": NaN}',
        '{"format": "gin_core.match", "version": 1, "seed": Infinity}',
    ],
)
def test_huge_and_special_numbers(text):
    """Numbers JSON can carry but a save cannot: huge integers (Python refuses to convert
    more than 4300 digits, with a ValueError that is not a JSONDecodeError), infinities, NaN."""
    expect_save_error(text)


def test_huge_numbers_inside_a_real_save():
    text = mid_save("classic", 0.2)
    data = json.loads(text)
    for path in (
        ("seed",),
        ("state", "stock"),
        ("state", "scores", 0),
        ("rules", "gin_bonus"),
        ("actions", 0, 0),
    ):
        expect_save_error(_set(data, path, 10**40))
    # the same, written as a 5000-digit integer in the text
    big = "7" * 5000
    expect_save_error(text.replace('"stock":', '"stock":' + big + ',"x":', 1))


@pytest.mark.skipif(PYODIDE, reason="deep recursion in the browser's C stack is not this test's subject")
def test_deeply_nested_json():
    expect_save_error("[" * 100_000 + "]" * 100_000)
    expect_save_error(
        '{"format": "gin_core.match", "version": 1, "rules": ' + "[" * 50_000 + "]" * 50_000 + "}"
    )


def test_wrong_format_and_version_messages():
    data = json.loads(mid_save())
    for version in (0, 4, 99):
        expect_save_error({**data, "version": version}, "version")
    expect_save_error({**data, "format": "chess.match"})
    expect_save_error({k: v for k, v in data.items() if k != "format"})


# ----- fuzz: whatever the mutation, SaveError or a consistent match ------------------------------


def load_or_error(text_or_data):
    """Load; return the match, or None on SaveError. Any other exception fails the test. A
    loaded match must be consistent and equal to what its own snapshot says."""
    try:
        m = loads(text_or_data) if isinstance(text_or_data, str) else from_dict(text_or_data)
    except SaveError as e:
        assert "save" in str(e).lower()
        return None
    except Exception as e:  # noqa: BLE001 - anything but SaveError is the bug looked for
        pytest.fail(f"loading a mutated save raised {type(e).__name__}: {e}")
    consistent(m)
    data = json.loads(text_or_data) if isinstance(text_or_data, str) else text_or_data
    assert json.loads(dumps(m))["state"] == data["state"]
    return m


@settings(max_examples=examples(3.0))
@given(
    name=st.sampled_from(PRESET_NAMES),
    at=st.floats(0, 1),
    offset=st.integers(0, 10**6),
    op=st.sampled_from(("replace", "delete", "insert", "duplicate", "swap")),
    char=st.sampled_from('0123456789"{}[],: abcdefghijklmnopqrstuvwxyzADHSCTJQK-_.\\\n\x00'),
    length=st.integers(1, 40),
)
def test_byte_level_mutations(name, at, offset, op, char, length):
    text = mid_save(name, at)
    i = offset % len(text)
    if op == "replace":
        mutated = text[:i] + char + text[i + 1 :]
    elif op == "delete":
        mutated = text[:i] + text[i + length :]
    elif op == "insert":
        mutated = text[:i] + char * length + text[i:]
    elif op == "duplicate":
        mutated = text[:i] + text[i : i + length] + text[i:]
    else:
        j = (i + length) % len(text)
        chars = list(text)
        chars[i], chars[j] = chars[j], chars[i]
        mutated = "".join(chars)
    load_or_error(mutated)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from([str(c) for c in CARDS] + ["discard AS", "pass", "wall"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=examples(3.0))
@given(name=st.sampled_from(PRESET_NAMES), at=st.floats(0, 1), pick=st.integers(0, 10**6), new=json_values)
def test_structural_mutations(name, at, pick, new):
    """Replace any node of the save's JSON tree with any JSON value."""
    data = json.loads(mid_save(name, at))
    paths = [p for p, _ in _paths(data) if p]
    path = paths[pick % len(paths)]
    load_or_error(_set(data, path, new))
