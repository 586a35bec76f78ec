"""The one-person review (against the computer) shows the computer's hand as you knew it by the
hand's end (issue 27): every card of it you came to know (discarded face up, taken from the pile,
laid open at the showdown), at every step; the cards you never saw (its knock's face-down
discard, its hand after a dead hand) face down, and no word, move or reason names them."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Action, ActionKind, Card, Match, Rules, make_bot
from gin_core.analysis import their_luck
from gin_core.analysis.coach import HandReview, Strength, review
from gin_core.analysis.replay import hand_moves, hand_start
from gin_core.analysis.their_luck import known_cards

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))  # the page package lives in web/
from ginweb.review import model as presenter
from ginweb.storage.savefmt import LogLine
from ginweb.words import gamelog, narrate

ENDINGS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
LIGHT = Strength(6, 600)  # a quick coach: its verdicts' words are what is checked, not their worth


def _yours(rng: random.Random, m: Match) -> Action:
    """Your move: a random legal one that never ends the hand (unless nothing else is legal)."""
    legal = m.legal_actions()
    return rng.choice([a for a in legal if a.kind not in ENDINGS] or legal)


def _play(seed: int, ending: str) -> tuple[Match, dict[int, str]] | None:
    """One hand against the computer and its reasons by move index, or None if it did not end
    as ``ending``: the computer's knock or gin (the beginner's own reasons), or a dead hand (the
    computer playing at random too, every reason naming the whole hand it holds: the worst a
    reason could say)."""
    m = Match(Rules(target=None, knock_limit=0 if ending == "gin" else 10), seed=seed)
    bot, rng, reasons = make_bot("beginner", seed), random.Random(seed), {}
    while not m.records:
        index = len(m.history)
        if m.to_move == 0:
            m.apply(_yours(rng, m), 0)
        elif ending == "dead":
            reasons[index] = "Holds " + narrate.cards_words(sorted(m.hand.hands[1]))
            m.apply(_yours(rng, m), 1)
        else:
            decision = bot.decide(m.view(1))
            reasons[index] = narrate.reason_words(decision.reason)
            m.apply(decision.action, 1)
    s = m.records[0].settlement
    kind = "dead" if s is None else "gin" if s.kind in ("gin", "big_gin") else "knock"
    return (m, reasons) if kind == ending and (s is None or s.knocker == 1) else None


def one_person_hand(seed: int, ending: str) -> tuple[Match, dict[int, str]]:
    """The first hand from ``seed`` on that ends as ``ending``, by the computer."""
    for s in range(seed, seed + 300):
        found = _play(s, ending)
        if found is not None:
            return found
    raise AssertionError(f"no hand ending by {ending} from seed {seed}")


def computer_held(m: Match) -> list[frozenset[Card]]:
    """The computer's hand before each move of hand 1 and after the last."""
    fresh = hand_start(m, 1)
    out = [frozenset(fresh.hand.hands[1])]
    for player, action in hand_moves(m, 1):
        fresh.apply(action, player)
        out.append(frozenset(fresh.hand.hands[1]))
    return out


def known_by_the_end(m: Match) -> frozenset[Card]:
    """The computer's cards you knew by the hand's end (worked out apart from the page): those it
    discarded face up, its hand if laid open, and those it took from the pile."""
    fresh = hand_start(m, 1)
    taken = set()
    for player, action in hand_moves(m, 1):
        if player == 1 and action.kind == ActionKind.DRAW_PILE:
            taken.add(fresh.hand.pile[-1])
        fresh.apply(action, player)
    return frozenset({Card.parse(c) for c in known_cards(m, 1, 0)} | taken)


def names_any(text: str, cards: frozenset[Card]) -> set[Card]:
    return {c for c in cards if c.symbol in text or c.name in text}


def all_words(model: presenter.ReviewModel) -> str:
    """Every text the review shows at a step, on screen and spoken (and the face-down cards' label)."""
    words = [model.title, *model.rows, model.stock, model.move, model.reason]
    words += [*model.summary, *model.verdict, *model.result, *(m.label for m in model.moves)]
    texts = [w if isinstance(w, str) else f"{w.text} {w.spoken}" for w in words if w is not None]
    return " | ".join([*texts, presenter.never_saw(model.face_down)])


def coach(m: Match) -> tuple[HandReview, object]:
    """The coach's review of your seat, and the computer's luck as far as you may know it."""
    mine = review(m, 1, strength=LIGHT)
    theirs = None
    if m.records[0].settlement is not None:
        theirs = their_luck(m, 1, review(m, 1, strength=LIGHT, player=1))
    return mine, theirs


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 5_000), st.sampled_from(["knock", "gin", "dead"]), st.booleans())
def test_the_review_shows_what_you_knew_by_the_end_and_names_no_other_card(
    seed: int, ending: str, coached: bool
) -> None:
    m, reasons = one_person_hand(seed, ending)
    held, known = computer_held(m), known_by_the_end(m)
    never = frozenset().union(*held) - known
    mine, theirs = coach(m) if coached else (None, None)
    for k in range(len(held)):
        shown = presenter.review_model(m, 1, k, mine, reasons, {}, theirs=theirs)  # type: ignore[arg-type]
        assert set(shown.hands[1]) == held[k] & known, f"step {k}: the computer's cards you knew"
        assert shown.face_down == len(held[k] - known)
        assert not set(shown.pile) & never and not set(shown.hands[0]) & never
        assert not names_any(all_words(shown), never), f"step {k} names a card you never saw"
        fair = k in reasons and not names_any(reasons[k], never)
        assert (shown.reason is not None) == fair, f"step {k}: a fair reason is shown, no other"


def test_the_computer_s_knock_keeps_its_face_down_card() -> None:
    m, reasons = next(
        found
        for seed in range(300)
        if (found := _play(seed, "knock")) is not None and knocked_unseen(found[0]) is not None
    )
    knock, card = knocked_unseen(m) or (0, Card.parse("AS"))
    at = presenter.review_model(m, 1, knock, None, reasons)
    assert at.move is not None and at.move.text == "Computer: Knock, discarding face down"
    assert at.move.spoken == at.move.text and at.moves[knock].label == at.move
    assert card not in at.hands[1] and at.face_down == 1 and len(at.hands[1]) == 10
    assert presenter.never_saw(at.face_down) == "a card you never saw"
    end = presenter.review_model(m, 1, knock + 1, None, reasons)
    assert end.face_down == 0 and len(end.hands[1]) == 10 and card not in end.hands[1]
    assert card not in end.pile


def knocked_unseen(m: Match) -> tuple[int, Card] | None:
    """The computer's knock (its move index) and the card it put face down, if you never saw it."""
    moves = hand_moves(m, 1)
    index, (player, action) = len(moves) - 1, moves[-1]
    card = action.card
    if player != 1 or action.kind != ActionKind.KNOCK or card is None or card in known_by_the_end(m):
        return None
    return index, card


def test_after_a_dead_hand_only_the_cards_it_showed_are_face_up() -> None:
    m, reasons = one_person_hand(0, "dead")
    held, known = computer_held(m), known_by_the_end(m)
    dealt, last = presenter.review_model(m, 1, 0, None, reasons), len(held) - 1
    end = presenter.review_model(m, 1, last, None, reasons)
    assert set(dealt.hands[1]) == held[0] & known and dealt.face_down == 10 - len(dealt.hands[1])
    assert set(end.hands[1]) == held[last] & known and end.face_down > 0
    assert end.result[0].text.startswith("The hand is dead") or "dead" in end.result[0].text.lower()
    assert presenter.never_saw(3) == "3 cards you never saw" and presenter.never_saw(0) == ""


def test_the_log_reveals_no_reason_that_names_a_card_you_never_saw() -> None:
    unseen, seen = Card.parse("7H"), Card.parse("2C")
    log = [LogLine(3, 1, "Computer draws from the stock"), LogLine(5, 1, "Computer discards the 2 of clubs")]
    pending = {3: f"Keeps {unseen.symbol} 8\u2665 for a run", 5: f"{seen.symbol} fits nothing"}
    gamelog.reveal_reasons(log, pending, frozenset({unseen}))
    assert [ln.why for ln in log] == ["", f"{seen.symbol} fits nothing"] and not pending
