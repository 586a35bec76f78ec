"""How the expert chooses at the wall, take the face-up card and knock or pass, each choice
valued on the real hidden cards (docs/bots.md, "A take at the wall").

    nice -n 19 python scripts/wall_takes.py run --positions 300 --out /tmp/new.jsonl
    PYTHONPATH=<old worktree> nice -n 19 python scripts/wall_takes.py run --positions 300 --out /tmp/old.jsonl
    python scripts/wall_takes.py compare /tmp/old.jsonl /tmp/new.jsonl

In play the wall is rare (two hands in 300 of the standard level against itself under
openspiel's rules end there with a take that can knock), so ``run`` makes wall positions
where both players play the standard level's moves but never knock (a knock or gin is played
as the discard of its card): every hand reaches the wall with low hands, where undercuts are
common. The hand ends at the wall either way, so each choice has an exact value: the pass 0
(the hand dies), the take the points of the knock the expert then makes, as the engine settles
it. One JSON line a position: its seed, the expert's choice and the points of each.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
from pathlib import Path

from gin_core import Match, preset
from gin_core.actions import Action, ActionKind
from gin_core.bots import make_bot
from gin_core.flow import Phase

RULES = preset("openspiel")  # the one preset with the wall
TAKE = Action(ActionKind.DRAW_PILE)
ENDINGS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


def at_the_wall(seed: int) -> Match | None:
    """The hand of ``seed`` played to the wall by the standard level never knocking, or
    ``None`` if the take there cannot knock."""
    match = Match(RULES, seed=seed)
    bots = (make_bot("standard", seed), make_bot("standard", seed + 1))
    while match.to_move is not None and match.phase != Phase.WALL:
        p = match.to_move
        action = bots[p].decide(match.view(p)).action
        if action.kind in ENDINGS:
            action = Action(ActionKind.DISCARD, action.card or match.hand.hands[p][-1])
        match.apply(action)
    return match if match.phase == Phase.WALL and TAKE in match.legal_actions() else None


def take_points(match: Match, seed: int) -> int:
    """Points for the player at the wall who takes and then knocks as the expert does."""
    p, after = match.hand.turn, copy.deepcopy(match)
    after.apply(TAKE)
    after.apply(make_bot("expert", seed).decide(after.view(p)).action)
    s = after.hand.settlement
    assert s is not None
    return 0 if s.winner is None else s.points if s.winner == p else -s.points


def run(args: argparse.Namespace) -> None:
    made = 0
    with Path(args.out).open("w") as out:
        for seed in range(args.first, args.first + 50 * args.positions):
            match = at_the_wall(seed)
            if match is None:
                continue
            p = match.hand.turn
            choice = make_bot("expert", seed).decide(match.view(p)).action
            row = {"seed": seed, "takes": choice == TAKE, "take": take_points(match, seed), "pass": 0}
            out.write(json.dumps(row) + "\n")
            made += 1
            if made == args.positions:
                return


def compare(args: argparse.Namespace) -> None:
    """Paired: the positions both runs hold, the choices that differ, the real points gained
    (with a 95% normal interval of the mean gain a position)."""
    old, new = ({r["seed"]: r for r in map(json.loads, Path(p).read_text().splitlines())} for p in args.runs)
    seeds = sorted(set(old) & set(new))
    value = {s: {False: 0, True: new[s]["take"]} for s in seeds}
    gains = [value[s][new[s]["takes"]] - value[s][old[s]["takes"]] for s in seeds]
    undercut = sum(new[s]["take"] < 0 for s in seeds)
    print(f"{len(seeds)} wall positions, {undercut} where the take's knock is undercut")
    for name, run_ in (("old", old), ("new", new)):
        takes = [s for s in seeds if run_[s]["takes"]]
        cut = sum(value[s][True] < 0 for s in takes)
        mean = sum(value[s][True] for s in takes) / len(seeds)
        print(f"{name}: takes {len(takes)}, {cut} of them undercut; {mean:+.2f} points a position")
    for now in (False, True):
        moved = [g for s, g in zip(seeds, gains, strict=True) if old[s]["takes"] != now == new[s]["takes"]]
        print(f"now {'takes' if now else 'passes'}: {len(moved)} positions, {sum(moved):+d} points")
    mean, sd = statistics.mean(gains), statistics.stdev(gains)
    half = 1.96 * sd / len(gains) ** 0.5
    print(f"mean gain {mean:+.2f} points a position, 95% interval {mean - half:+.2f} to {mean + half:+.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("--positions", type=int, default=300)
    go.add_argument("--first", type=int, default=0, help="the first deal's seed")
    go.add_argument("--out", required=True)
    both = sub.add_parser("compare")
    both.add_argument("runs", nargs=2, help="the old code's run, then the new code's")
    args = parser.parse_args()
    (run if args.command == "run" else compare)(args)


if __name__ == "__main__":
    main()
