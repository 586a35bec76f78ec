"""The hand-over (issue 42, item 3): one module (table/handover.py) decides who should hold the
device, when the table is covered, what a covered table shows and every word of it, for two
people at a match, people at a table of three or four and a person's own review."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from ginweb.review.handover import pass_to  # noqa: E402  (the page's package lives in web/)
from ginweb.table import handover  # noqa: E402  (same)
from test_web_pass import model, two_people  # noqa: E402  (two people at a match)
from test_web_seats import model as seated_model  # noqa: E402  (a table of seats)
from test_web_seats import session_at  # noqa: E402  (same)

PACKAGE = WEB / "ginweb"


def said(path: Path) -> list[str]:
    """The texts of ``path``'s code (its string constants, not its docstrings or comments)."""
    tree = ast.parse(path.read_text())
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_the_words_of_a_hand_over_are_written_once():
    """ "Pass the device", "Pass to" and the Ready button's word live in the hand-over module only
    (they were written in the two-player presenter, its writer, dispatch, the seated table and
    the review)."""
    words = re.compile(r"Pass (the device|to)|^Ready$|>Ready<")
    found = sorted(
        str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if any(words.search(t) for t in said(p))
    )
    assert found == ["table/handover.py"]


def test_every_covered_table_says_the_same_words():
    _, s, _ = two_people(3)
    assert s.ui.handover
    to = s.reads.seating()["handover"]
    assert model(s).facts.status == handover.instruction(to)
    seated = session_at("three", ("Ann", "Bob", None), seed=3)  # a table of seats: the same words
    to = seated.reads.seating()["handover"]
    assert seated_model(seated).facts.status == handover.instruction(to) and to in ("Ann", "Bob")
    asked = []
    host = SimpleNamespace(ask=lambda q, then: asked.append((q.text, q.ok)))
    pass_to(host, 1, 1, ("Ann", "Bob"))  # type: ignore[arg-type]
    assert asked == [(handover.before("Bob", "see Bob\u2019s review"), handover.READY)]


@given(
    st.lists(st.integers(0, 3), min_size=1, unique=True),
    st.lists(st.integers(0, 3), unique=True, max_size=2),
    st.lists(st.integers(0, 3), unique=True),
    st.one_of(st.none(), st.integers(0, 3)),
)
def test_the_device_goes_to_a_person_to_move_and_stays_with_its_holder_while_they_may(
    people, to_move, playing, holder
):
    now = handover.holder_now(people, to_move, playing, holder)
    assert now in people
    movers = [s for s in to_move if s in people]
    if movers:
        assert now in movers and (holder not in movers or now == holder)
    elif holder in people and not set(playing) & set(people):
        assert now == holder


def test_a_table_is_covered_only_with_several_people_at_a_change_or_a_deal():
    assert not handover.covers(1, True, True)
    assert handover.covers(2, True, False) and handover.covers(3, False, True)
    assert not handover.covers(4, False, False)
