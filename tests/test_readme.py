"""Every ```python block of README.md and web/README.md runs, and the README's replay recipe
replays the deal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gin_core import Action, Match, preset

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "web" / "README.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, int, str]]:
    out = []
    for doc in DOCS:
        if doc.exists():
            text = doc.read_text(encoding="utf-8")
            for k, m in enumerate(BLOCK.finditer(text)):
                out.append((doc.relative_to(ROOT).as_posix(), k, m.group(1)))
    return out


def test_the_readme_is_here():
    if not (ROOT / "README.md").exists():
        pytest.skip("README.md is not in this environment (only the tests were copied)")
    assert blocks(), "README.md has no python block"


@pytest.mark.parametrize(
    "doc,k,code", blocks(), ids=lambda v: v if isinstance(v, (str, int)) and len(str(v)) < 20 else ""
)
def test_readme_block_runs(doc, k, code):
    exec(compile(code, f"{doc} block {k}", "exec"), {"__name__": "readme"})


def play_out(m: Match) -> None:
    """Play the hand to its end: knock or gin when allowed, else the first legal move."""
    while m.phase not in ("hand_over", "match_over"):
        acts = m.legal_actions()
        m.apply(next((a for a in acts if a.kind in ("knock", "gin", "big_gin")), acts[0]))


def test_the_replay_recipe_deals_the_same_hand():
    m = Match(preset("classic"), seed=77)
    play_out(m)
    m.apply(Action("next_hand"))  # the second hand: its code is not the match seed
    dealer, hands = m.hand.dealer, [sorted(m.view(p).hand) for p in (0, 1)]
    play_out(m)
    code = m.view(0).deal_code
    replay = Match(preset("classic"), seed=5, dealer=dealer, first_deal=code)
    assert [sorted(replay.view(p).hand) for p in (0, 1)] == hands
