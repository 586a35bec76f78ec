#!/usr/bin/env python3
"""Fuzz the page's stored records (web/ginweb) in CPython and print the counts.

    .venv/bin/python scripts/fuzz_web_storage.py [N]

* N mutations of real sealed match saves (an ordinary match and a daily, whose date is stored
  in clear): each must load or raise SaveError, and what loads must start a session (the table
  as the page builds it at start-up); no read may take longer than MAX_READ_S (a guard against
  backtracking: 40 KB of escaped quotes once took 16 s). Unterminated strings of escaped
  quotes of up to the stored-value limit are among the inputs;
* N random settings and N random statistics records (every field junk or missing): neither
  reader may raise for a record of ours, only reset fields.

Prints tried / loaded / refused / other (other must be 0). The test suite runs a small share
of this as Hypothesis tests (tests/test_web_storage.py).
"""

from __future__ import annotations

import datetime
import json
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ginweb.daily.feature import DailyFeature  # noqa: E402  (needs the sys.path above)
from ginweb.daily.play import daily_game  # noqa: E402  (needs the sys.path above)
from ginweb.kit import safejson  # noqa: E402  (needs the sys.path above)
from ginweb.storage import savefmt, seal, settings, stats  # noqa: E402  (needs the sys.path above)
from ginweb.table.port import Plugs  # noqa: E402  (needs the sys.path above)
from ginweb.table.session import Session  # noqa: E402  (needs the sys.path above)

from gin_core import Match, SaveError, preset  # noqa: E402  (needs the sys.path above)
from gin_core.bots import make_bot  # noqa: E402  (needs the sys.path above)

if TYPE_CHECKING:
    from ginweb.daily.ui import DailyUI  # the browser's writer (imports js)

JUNK: list[Any] = [None, [], {}, -1, 10**30, "x", True, 1.5, "[" * 50, {"a": []}]
JUNK_CHARS = '[]{}",:0123456789abcdefghijklmnopXH\\\uff10-'
MAX_READ_S = 2.0
QUOTES = ['"' + '\\"' * k for k in (10, 1000, 40_000, (safejson.MAX_CHARS - 1) // 2)]


class Vault:
    """The session's storage in memory (what the page's Records does with localStorage)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.data: dict[str, str] = {}
        self.stats_data = stats.empty()  # the Vault protocol's: no statistics are counted here

    def put(self, name: str, text: str) -> None:
        self.data[name] = text

    def remove(self, name: str) -> None:
        self.data.pop(name, None)

    def seal_key(self) -> str:
        return self.key

    def count(self, update: object) -> None:
        """Statistics are fuzzed on their own below."""

    def now(self) -> str:
        return "2026-11-25T12:00:00Z"

    def new_uid(self) -> str:
        return "fuzz"

    def read(self, name: str, parse: object, what: str) -> None:
        """No record of dailies is stored: the daily reads none."""

    def notify(self, text: str) -> None:
        print(f"  notice: {text}")

    def lasting(self) -> bool:
        return True


def saves(key: str) -> list[str]:
    out = []
    for seed, moves in ((5, 12), (7, 30), (9, 3), (0, 8)):
        g = savefmt.Game(Match(preset("classic"), seed=seed), "u", "standard", 1, "", [], [])
        if seed == 0:  # a daily: its date is stored in clear
            g = daily_game(datetime.date(2026, 11, 25), "u", "")
        m = g.match
        bots = [make_bot("simple", 1), make_bot("simple", 2)]
        for _ in range(moves):
            if (player := m.to_move) is None or m.phase in ("hand_over", "match_over"):
                break
            m.apply(bots[player].decide(m.view(player)).action)
        out.append(g.dumps(key))
    return out


def start(text: str, key: str) -> tuple[bool, float]:
    """(loaded, seconds): read ``text`` as the page does at start-up and put it on the table."""
    t0 = time.perf_counter()
    try:
        game = savefmt.loads(text, key, DailyFeature.part_keys)
    except SaveError:
        return False, time.perf_counter() - t0
    vault = Vault(key)
    daily = DailyFeature(vault, cast("DailyUI", None))  # no writer: nothing is drawn here
    Session(settings.Settings().with_rules(preset("classic")), vault, game, False, Plugs([daily]))
    return True, time.perf_counter() - t0


def fuzz_saves(rng: random.Random, n: int) -> tuple[int, int, int, float]:
    """(loaded and started, refused, other failures, longest read in seconds)."""
    key = seal.new_key()
    texts = saves(key)
    mutated = []
    for _ in range(n):
        t = rng.choice(texts)
        pos = rng.randrange(len(t))
        junk = "".join(
            rng.choice('[]{}",:0123456789abcdefghijklmnopXH\\\uff10-') for _ in range(rng.randrange(5))
        )
        mutated.append(t[:pos] + junk + t[pos + rng.randrange(4) :])
    loaded = refused = other = 0
    longest = 0.0
    for text in mutated + QUOTES + [texts[0][:100] + q for q in QUOTES]:
        try:
            ok, seconds = start(text, key)
        except Exception as e:  # noqa: BLE001  (counted: must stay 0)
            other += 1
            print(f"  {type(e).__name__}: {e}")
            continue
        loaded, refused = loaded + ok, refused + (not ok)
        longest = max(longest, seconds)
    return loaded, refused, other, longest


def fuzz_records(rng: random.Random, n: int) -> int:
    raised = 0
    for _ in range(n):
        rec: dict[str, Any] = {"format": settings.FORMAT, "version": 1}
        rec |= {
            f: rng.choice(JUNK)
            for f in ("level", "preset", "rules", "back", "felt", "speed", "strict", "sort", "four_colour")
            if rng.random() < 0.5
        }
        srec: dict[str, Any] = {"format": stats.FORMAT, "version": rng.choice((1, 2))}
        srec |= {
            g: rng.choice([*JUNK, {"played": rng.choice(JUNK)}, {"x": {"played": -1}}])
            for g in ("matches", "hands", "you", "points", "by_level", "by_kind", "counted", "best_match")
            if rng.random() < 0.6
        }
        for read, record in ((settings.from_record, rec), (stats.validate, srec)):
            try:
                read(json.loads(json.dumps(record)))
            except Exception as e:  # noqa: BLE001  (counted: must stay 0)
                raised += 1
                print(f"  {type(e).__name__}: {e}")
    return raised


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 3000
    rng = random.Random(1)
    loaded, refused, other, longest = fuzz_saves(rng, n)
    print(
        f"match saves: {loaded + refused + other} tried "
        f"({n} mutated, {2 * len(QUOTES)} escaped-quote strings), "
        f"{loaded} loaded and started, {refused} SaveError, {other} other; longest read {longest:.3f} s"
    )
    raised = fuzz_records(rng, n)
    print(f"settings and statistics records: {2 * n} tried, {raised} raised")
    return 1 if other or raised or longest > MAX_READ_S else 0


if __name__ == "__main__":
    sys.exit(main())
