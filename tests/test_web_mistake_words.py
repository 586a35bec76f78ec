"""One record per kind of mistake (issue 44.3): every kind the coach can name has its title, its
short name and both reasons in ``ginweb/words/mistakes.py``, the puzzles' theme menu shows those
titles, and the review and the tutor say a kind's reasons from it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gin_core import Action, Card, Reason, ReasonKind
from gin_core.analysis import Mistake, MistakeKind

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.words import mistakes  # noqa: E402  (the page's package lives in web/)


def test_every_kind_has_one_record_with_distinct_names() -> None:
    assert list(mistakes.MISTAKES) == list(MistakeKind)
    titles = [w.title for w in mistakes.MISTAKES.values()]
    shorts = [w.short for w in mistakes.MISTAKES.values()]
    assert all(titles) and all(shorts)
    assert len(set(titles)) == len(titles) and len(set(shorts)) == len(shorts)


def test_the_puzzle_theme_menu_shows_each_kind_by_its_title() -> None:
    menu = re.search(r'<select id="puzzle-theme">(.*?)</select>', (WEB / "index.html").read_text())
    assert menu is not None
    options = re.findall(r'<option value="([a-z_]+)">([^<]+)</option>', menu.group(1))
    expected = [(kind.value, words.title.replace("'", "&#x27;")) for kind, words in mistakes.MISTAKES.items()]
    assert [(v, t.replace("'", "&#x27;")) for v, t in options] == expected


C = Card.parse


@pytest.mark.parametrize("kind", list(MistakeKind))
def test_each_kind_gives_both_reasons_in_words(kind: MistakeKind) -> None:
    """Both reasons are one sentence (a capital or a card first), and the spoken one names cards."""
    cards = (C("9C"), C("9D"), C("9H"))
    m = Mistake(kind, cards, deadwood=12, best_deadwood=4, gone=(C("9S"),))
    reason = Reason(ReasonKind.LONE_HIGH, (C("KS"),), deadwood=4)
    played = Action.parse("discard 9C")
    words = mistakes.MISTAKES[kind]
    for said in (words.afterwards(m, played, False), words.beforehand(m, reason, reason)):
        assert said.endswith(".") and not said[:1].islower() and "\n" not in said
    assert "\u2663" not in words.afterwards(m, played, True)
