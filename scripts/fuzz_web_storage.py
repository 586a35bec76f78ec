#!/usr/bin/env python3
"""Fuzz the page's stored records (web/ginweb) in CPython and print the counts.

    .venv/bin/python scripts/fuzz_web_storage.py [N]

* N mutations of real sealed match saves: each must load exactly or raise SaveError;
* N random settings and N random statistics records (every field junk or missing): neither
  reader may raise for a record of ours, only reset fields.

Prints tried / loaded / refused / other (other must be 0). The test suite runs a small share
of this as Hypothesis tests (tests/test_web_storage.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ginweb import savefmt, seal, settings, stats  # noqa: E402  (needs the sys.path above)

from gin_core import Match, SaveError, preset  # noqa: E402  (needs the sys.path above)
from gin_core.bots import make_bot  # noqa: E402  (needs the sys.path above)

JUNK = [None, [], {}, -1, 10**30, "x", True, 1.5, "[" * 50, {"a": []}]


def saves(key: str) -> list[str]:
    out = []
    for seed, moves in ((5, 12), (7, 30), (9, 3)):
        m = Match(preset("classic"), seed=seed)
        bots = [make_bot("simple", 1), make_bot("simple", 2)]
        for _ in range(moves):
            if m.phase in ("hand_over", "match_over"):
                break
            m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
        out.append(savefmt.Game(m, "u", "standard", 1, "", [], []).dumps(key))
    return out


def fuzz_saves(rng: random.Random, n: int) -> tuple[int, int, int]:
    key = seal.new_key()
    texts = saves(key)
    loaded = refused = other = 0
    for _ in range(n):
        t = rng.choice(texts)
        pos = rng.randrange(len(t))
        junk = "".join(rng.choice('[]{}",:0123456789abcdefghijklmnopXH ') for _ in range(rng.randrange(5)))
        try:
            savefmt.loads(t[:pos] + junk + t[pos + rng.randrange(4) :], key)
            loaded += 1
        except SaveError:
            refused += 1
        except Exception as e:  # noqa: BLE001  (counted: must stay 0)
            other += 1
            print(f"  {type(e).__name__}: {e}")
    return loaded, refused, other


def fuzz_records(rng: random.Random, n: int) -> int:
    raised = 0
    for _ in range(n):
        rec = {"format": settings.FORMAT, "version": 1}
        rec |= {
            f: rng.choice(JUNK)
            for f in ("level", "preset", "rules", "back", "felt", "speed", "strict", "sort", "four_colour")
            if rng.random() < 0.5
        }
        srec = {"format": stats.FORMAT, "version": rng.choice((1, 2))}
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
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(1)
    loaded, refused, other = fuzz_saves(rng, n)
    print(f"match saves: {n} mutated, {loaded} loaded exactly, {refused} SaveError, {other} other")
    raised = fuzz_records(rng, n)
    print(f"settings and statistics records: {2 * n} tried, {raised} raised")
    return 1 if other or raised else 0


if __name__ == "__main__":
    sys.exit(main())
