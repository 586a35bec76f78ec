"""The hand review, as what the screen shows (pure: no DOM, runs in CPython).

Step ``k`` of a finished hand is the table before its move ``k`` (your hand, the computer's as
far as you knew it by the hand's end, the rest face down: seen.py; the pile, the stock count),
that move in words, the computer's reason for it (revealed now that the hand is over, unless it
names a card you never saw) or the coach's verdict on it; the last step is the table after the
final move. Texts come in two forms: on screen (card symbols) and ``spoken`` for screen readers
(card names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gin_core import Action, Card, Match, Settlement
from gin_core.analysis import (
    Frame,
    Grade,
    HandReview,
    LuckParts,
    MatchLuck,
    Mistake,
    MistakeKind,
    SkillBand,
    TheirLuck,
    Verdict,
    band_of,
    first_move,
    grade,
    hand_luck,
    hand_moves,
    hand_summary,
    match_luck,
    never_seen,
    rating,
)

from ..kit.frozen import Frozen
from ..storage.savefmt import LogLine
from ..table.seatview import mirror_settlement
from ..words import narrate
from ..words.gamelog import names_none
from ..words.mistakes import MISTAKES
from ..words.verdicts import points, prefers
from .record import CoachCounts, MatchPlay, given_away_by_match, match_play, per_hand
from .seen import Reader, hidden_label, named, seat_frames

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from ..kit.charts import Chart


class Words(Frozen):
    """One text on screen and its form for a screen reader."""

    text: str
    spoken: str


class MoveItem(Frozen):
    """One entry of the list of moves (for the list or slider)."""

    index: int
    player: int
    label: Words
    mistake: bool
    grade: str = ""  # your decision's grade when it cost something: inaccuracy, mistake, blunder


class ReviewModel(Frozen):
    """Everything the review shows at one step."""

    title: str
    summary: tuple[Words, ...]
    step: int
    first: int
    prev: int
    next: int
    last: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    pile: tuple[Card, ...]
    stock: Words
    move: Words | None
    reason: Words | None
    verdict: tuple[Words, ...]
    result: tuple[Words, ...]
    moves: tuple[MoveItem, ...]
    analysed: bool = True  # the coach's verdicts are in (False: it is still thinking)
    rows: tuple[str, str] = ("You", "Computer")  # who sits in hands[0] and hands[1]
    face_down: int = 0  # the cards of hands[1]'s player the reader never saw (shown as backs)


def review_model(  # 8 parameters: the hand and step shown, what the coach and computer said, whose
    match: Match,
    hand_number: int,
    step: int,
    review: HandReview | None,
    reasons: Mapping[int, str],
    match_reviews: Mapping[int, HandReview] | None = None,
    reader: Reader | None = None,
    theirs: TheirLuck | None = None,
) -> ReviewModel:
    """The review of finished hand ``hand_number`` at ``step`` (clamped to the hand's steps);
    ``review`` is the coach's analysis (None while it runs), ``reasons`` the computer's reasons
    by move index (see :func:`reasons_by_move`), ``match_reviews`` the coach's reviews of the
    match's hands (by number) for the match's luck-adjusted result; ``reader``: in a match of two
    people, whose review it is (their view only, and names for "you"); ``theirs``: against the
    computer, its luck as far as you may know it (None: its hand stayed hidden, or not yet in)."""
    moves = hand_moves(match, hand_number)
    if reader is None:  # against the computer: in hindsight, and its reasons only if fair
        never = never_seen(match, hand_number, 0)
        shown = seat_frames(match, hand_number, 0, never)
        reasons = {i: why for i, why in reasons.items() if names_none(why, never)}
    else:
        shown = seat_frames(match, hand_number, reader.seat)
    last = len(moves)
    k = max(0, min(step, last))
    frame = shown[k].frame
    texts = _step_texts(match, hand_number, moves[k] if k < last else None, frame, review, reasons, k, reader)
    summary = (
        summary_lines(review)
        + luck_lines(match, hand_number, review)
        + their_luck_lines(theirs)
        + match_luck_lines(match, match_reviews or {})
    )
    return ReviewModel(
        title=f"Hand {hand_number} review" if reader is None else reader.title(hand_number),
        summary=_for(reader, summary),
        step=k,
        first=0,
        prev=max(0, k - 1),
        next=min(last, k + 1),
        last=last,
        hands=frame.hands,
        pile=frame.pile,
        stock=stock_words(frame),
        move=texts[0],
        reason=texts[1],
        verdict=_for(reader, texts[2]),
        result=_for(reader, texts[3]),
        moves=tuple(
            MoveItem(
                i,
                _row(p, reader),
                with_their_luck(move_words(p, a, shown[i].frame, reader), theirs, i),
                _flagged(review, i),
                _graded(review, i),
            )
            for i, (p, a) in enumerate(moves)
        ),
        analysed=review is not None,
        rows=("You", "Computer") if reader is None else (reader.me, reader.knew),
        face_down=shown[k].face_down,
    )


def _row(player: int | None, reader: Reader | None) -> int:
    """The row a move's player sits in: the reviewed seat's is 0."""
    seat = 0 if reader is None else reader.seat
    return 0 if player is None else int(player != seat)


def _for(reader: Reader | None, lines: tuple[Words, ...]) -> tuple[Words, ...]:
    """``lines`` as written for you against the computer, or with the two people's names."""
    if reader is None:
        return lines
    return tuple(Words(named(w.text, reader), named(w.spoken, reader)) for w in lines)


def _step_texts(  # 8 parameters: the parts of one step, computed once by review_model
    match: Match,
    hand_number: int,
    move: tuple[int | None, Action] | None,
    frame: Frame,
    review: HandReview | None,
    reasons: Mapping[int, str],
    k: int,
    reader: Reader | None,
) -> tuple[Words | None, Words | None, tuple[Words, ...], tuple[Words, ...]]:
    """The texts of step ``k``: its move, the computer's reason, the coach's verdict; after the
    last move (``move`` None), the hand's result (told from the reviewed seat)."""
    if move is None:
        settlement = match.records[hand_number - 1].settlement
        if reader is not None and reader.seat == 1:
            settlement = mirror_settlement(settlement)
        return None, None, (), result_lines(settlement)
    verdict = review.verdict_at(k) if review is not None else None
    top = frame.pile[-1] if frame.pile else None
    return (
        move_words(move[0], move[1], frame, reader),
        _reason(reasons.get(k)) if move[0] == 1 and reader is None else None,
        () if verdict is None else verdict_lines(verdict, top),
        (),
    )


def reasons_by_move(log: Sequence[LogLine], match: Match, hand_number: int) -> dict[int, str]:
    """The computer's revealed reasons of a finished hand, by move index in the hand (a log
    line's ``n`` is the history length after its move)."""
    start = first_move(match, hand_number)
    count = len(hand_moves(match, hand_number))
    return {ln.n - 1 - start: ln.why for ln in log if ln.player == 1 and ln.why and 0 < ln.n - start <= count}


def _flagged(review: HandReview | None, index: int) -> bool:
    verdict = review.verdict_at(index) if review is not None else None
    return verdict is not None and verdict.mistake is not None


COSTLY = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


def _graded(review: HandReview | None, index: int) -> str:
    """The grade of your decision at ``index`` if it cost something ("" otherwise)."""
    verdict = review.verdict_at(index) if review is not None else None
    found = grade(verdict) if verdict is not None else None
    return str(found) if found in COSTLY else ""


def _reason(words: str | None) -> Words | None:
    return None if not words else Words(words, words)


def never_saw(n: int) -> str:
    """Face-down cards in words (for a screen reader): "a card you never saw", "3 cards you never
    saw" ("" for none)."""
    return "" if n == 0 else "a card you never saw" if n == 1 else f"{n} cards you never saw"


def stock_words(frame: Frame) -> Words:
    n = frame.stock_size
    text = f"Stock: {n} card{'s' if n != 1 else ''}"
    return Words(text, text)


def move_words(player: int | None, action: Action, before: Frame, reader: Reader | None = None) -> Words:
    """A move as "You: Discard 9♣" (the face-up card named for a draw from the pile), the other
    player's knock without its face-down card; with two people, "Bob: Discard 9♣"."""
    top = before.pile[-1] if before.pile else None
    if reader is None:
        name = narrate.who(player)
        hidden = hidden_label(action, player == 0)
    else:
        name = reader.people[player] if player is not None else narrate.who(None)
        hidden = hidden_label(action, player == reader.seat)
    if hidden is not None:
        return Words(f"{name}: {hidden}", f"{name}: {hidden}")
    return Words(
        f"{name}: {narrate.action_label(action, top)}",
        f"{name}: {narrate.action_label(action, top, spoken=True)}",
    )


def given(value: float, win: float | None) -> str:
    """What mistakes gave away: "7.6 points" or "3.1% of your chance to win the match (7.6 points)"."""
    return (
        points(value)
        if win is None
        else f"{100 * win:.1f}% of your chance to win the match ({points(value)})"
    )


def lost(value: float, win: float | None) -> Words:
    """One mistake's cost, short: "-7.6 points" or "-3.1% · -7.6 points" (true minus signs)."""
    if win is None:
        return Words(f"\u2212{points(value)}", f"minus {points(value)}")
    share = f"{100 * win:.1f}%"
    return Words(f"\u2212{share} \u00b7 \u2212{points(value)}", f"minus {share}, minus {points(value)}")


def verdict_lines(v: Verdict, top: Card | None) -> tuple[Words, ...]:
    """The coach on one decision: its grade, the coach's move and what it was worth, and the
    mistake in words when it is one."""
    g = grade(v)
    if g == Grade.BEST:
        return (Words("Coach: the best move.", "Coach: the best move."),)
    best, said = narrate.action_label(v.best, top), narrate.action_label(v.best, top, spoken=True)
    if g == Grade.GOOD:
        rest = f"rated {points(v.loss)} higher, within the estimate's noise."
        return (Words(f"Coach: good. {best} {rest}", f"Coach: good. {said} {rest}"),)
    lines = [Words(prefers(v, best), prefers(v, said, spoken=True))]
    if v.mistake is not None:
        lines.append(Words(mistake_text(v.mistake, v.played), mistake_text(v.mistake, v.played, spoken=True)))
    return tuple(lines)


def result_lines(settlement: Settlement | None) -> tuple[Words, ...]:
    """How the hand ended, at the review's last step."""
    if settlement is None:
        text = narrate.hand_headline(None) + "."
        return (Words(text, text),)
    shown, spoken = narrate.settlement_lines(settlement), narrate.settlement_lines(settlement, spoken=True)
    return tuple(Words(a, b) for a, b in zip(shown, spoken, strict=True))


def summary_lines(review: HandReview | None, top: int = 3) -> tuple[Words, ...]:
    """The top of the review: your accuracy, the points given away and the costliest mistakes."""
    if review is None:
        return (Words("The coach is looking at this hand\u2026", "The coach is looking at this hand."),)
    s = hand_summary(review, top)
    lines = [rating_words(review)]
    if not s.mistakes:
        text = (
            f"No mistakes in {s.decisions} decision{'s' if s.decisions != 1 else ''}{_inaccuracies(review)}."
        )
        return (*lines, Words(text, text))
    count = f"{s.mistakes} mistake{'s' if s.mistakes != 1 else ''}"
    head = f"You gave away {given(s.given_away, review.given_away_win)} in {count}."
    lines.append(Words(head, head))
    for v in s.costliest:
        label = f"Move {v.move_index + 1}: {narrate.action_label(v.played)}"
        spoken = f"Move {v.move_index + 1}: {narrate.action_label(v.played, spoken=True)}"
        cost = lost(v.loss, v.win_loss)
        lines.append(Words(f"{label} {cost.text}", f"{spoken}, {cost.spoken}"))
    return tuple(lines)


def _inaccuracies(review: HandReview) -> str:
    """ "; 1 inaccuracy" when a hand without mistakes had decisions graded as inaccuracies."""
    n = sum(1 for v in review.verdicts if grade(v) == Grade.INACCURACY)
    return f"; {n} inaccurac{'y' if n == 1 else 'ies'}" if n else ""


def rating_words(review: HandReview) -> Words:
    """Your accuracy in the hand, the points lost a decision and the skill band they name."""
    r = rating([review])
    if r.band is None:
        return Words("No decision to judge in this hand.", "No decision to judge in this hand.")
    band, lost = BAND_WORDS[r.band], f"{r.average_loss:.1f} points lost a decision"
    text = f"Accuracy {r.accuracy:.0f}% \u00b7 {lost} \u00b7 {band}"
    spoken = f"Accuracy {r.accuracy:.0f} percent, {lost}: {band}."
    return Words(text, spoken)


def luck_lines(match: Match, hand_number: int, review: HandReview | None) -> tuple[Words, ...]:
    """Luck against skill: what the hand's result owes to the cards and to your decisions."""
    if review is None:
        return ()
    text = luck_text(hand_luck(match, hand_number, review).parts())
    return (Words(text, text.replace("\u2212", "minus ")),)


def their_luck_lines(theirs: TheirLuck | None) -> tuple[Words, ...]:
    """ "The computer's cards: +8.1 (deal +3.0, 4 of 7 draws). 3 of the computer's 7 draws
    stayed hidden.": its deal and the stock draws whose cards you came to know, valued as yours
    are; the deal is left out when it held a card never shown in play."""
    if theirs is None:
        return ()
    deal = theirs.deal
    parts = [] if deal is None else [f"deal {signed(deal.points)}"]
    if theirs.draws:
        parts.append(f"{theirs.known_draws} of {_draws(theirs.draws)}")
    given = f" ({', '.join(parts)})" if parts else ""
    text = f"The computer\u2019s cards: {signed(theirs.total)}{given}."
    hidden = theirs.hidden_draws
    if hidden:
        text += f" {hidden} of the computer\u2019s {_draws(theirs.draws)} stayed hidden."
    if deal is None:
        text += " Its deal is left out: it held a card never shown in play."
    return (Words(text, text.replace("\u2212", "minus ")),)


def _draws(n: int) -> str:
    return f"{n} draw{'s' if n != 1 else ''}"


def with_their_luck(label: Words, theirs: TheirLuck | None, index: int) -> Words:
    """A move's words, with the luck of the computer's stock draw at ``index`` when its card
    became known to you by the hand's end."""
    luck = theirs.at(index) if theirs is not None else None
    if luck is None or luck.card is None:
        return label
    text, spoken = signed(luck.points), signed(luck.points).replace("\u2212", "minus ")
    return Words(f"{label.text} \u00b7 its luck {text}", f"{label.spoken}, its luck {spoken}")


def match_luck_lines(match: Match, reviews: Mapping[int, HandReview]) -> tuple[Words, ...]:
    """The match so far, once two or more of its hands are reviewed: its net result and the
    hands' parts of it added up (see :func:`luck_text`)."""
    if len(reviews) < 2:
        return ()
    text = match_luck_text(match_luck(match, reviews))
    return (Words(text, text.replace("\u2212", "minus ")),)


def match_luck_text(luck: MatchLuck) -> str:
    """ "This match, 3 hands reviewed: net +23 = +30.0 from the cards, -4.0 from the computer's
    turns, +0.2 estimate noise, -3.2 from your decisions." (true minus signs; the hands' parts
    added up)"""
    head = f"This match, {luck.hands} hands reviewed: net {_net(luck.result)}"
    if luck.parts is None:
        return f"{head}."
    return f"{head} = {parts_text(luck.parts)}."


def luck_text(parts: LuckParts) -> str:
    """ "You lost 6 points = +8.7 from the cards, -3.2 from the computer's turns, +0.3 estimate
    noise, -11.8 from your decisions." (true minus signs): parts that add up to the result
    exactly (to a tenth; see :class:`gin_core.analysis.LuckParts`), your decisions' part the same figure
    as the statistics' luck-adjusted result."""
    r = parts.result
    head = (
        f"You {'won' if r > 0 else 'lost'} {abs(r)} point{'s' if abs(r) != 1 else ''}"
        if r
        else "The hand was even"
    )
    return f"{head} = {parts_text(parts)}."


PART_WORDS = (
    ("cards", "from the cards"),
    ("turns", "from the computer\u2019s turns"),
    ("noise", "estimate noise"),
    ("decisions", "from your decisions"),
)
"""Each part of a result (:class:`gin_core.analysis.LuckParts`) and its words, in the order said."""


def parts_text(parts: LuckParts) -> str:
    """The parts in words, each signed to a tenth: they add up to the result."""
    return ", ".join(f"{tenth(getattr(parts, name))} {words}" for name, words in PART_WORDS)


def tenth(value: float) -> str:
    """A part to a tenth with its sign (+0.0 for nothing: every part is said, so the sum shows)."""
    return "+0.0" if round(value, 1) == 0 else signed(value)


def _net(r: int) -> str:
    return f"+{r}" if r > 0 else f"\u2212{-r}" if r < 0 else "0"


def signed(value: float) -> str:
    """+3.5, \u22122.0, 0.0: a figure with its sign (a true minus sign)."""
    if round(value, 1) == 0:
        return "0.0"
    return f"+{value:.1f}" if value > 0 else f"\u2212{-value:.1f}"


BAND_WORDS = {
    SkillBand.NOVICE: "novice",
    SkillBand.BEGINNER: "beginner",
    SkillBand.CASUAL: "casual player",
    SkillBand.INTERMEDIATE: "intermediate",
    SkillBand.ADVANCED: "advanced",
    SkillBand.EXPERT: "expert",
    SkillBand.MASTER: "master",
}


def mistake_text(m: Mistake, played: Action, spoken: bool = False) -> str:
    """A mistake's reason in words, e.g. "Kept 9♣ 9♦, but both other nines were gone"."""
    return MISTAKES[m.kind].afterwards(m, played, spoken)


# ----- the coach in the statistics -----------------------------------------------------------------


def coach_rows(counts: CoachCounts, top: int = 3) -> list[tuple[str, str]]:
    """(label, value) rows for the coach's statistics (record.check_counts): hands reviewed,
    points given away per hand, the mistakes made most often, your accuracy and skill band over
    the last matches and by the computer's level, and luck against skill per hand."""
    if not counts["hands"]:
        return [("Coach", "no hand reviewed yet")]
    order = list(MISTAKES)
    kinds = sorted(counts["kinds"].items(), key=lambda kv: (-kv[1], order.index(MistakeKind(kv[0]))))
    often = ", ".join(f"{MISTAKES[MistakeKind(k)].short} ({n})" for k, n in kinds[:top]) or "none"
    rows = [
        ("Hands reviewed by the coach", str(counts["hands"])),
        (GIVEN_LABEL, f"{per_hand(counts['given_tenths'], counts['hands']):.1f}"),
        ("Mistakes made most often", often),
    ]
    return rows + play_rows(match_play(counts))


def play_rows(play: Sequence[MatchPlay]) -> list[tuple[str, str]]:
    """Your accuracy and band over the matches in ``play``, by level, and luck against skill."""
    if not play:
        return []
    decisions = sum(p.decisions for p in play)
    loss = sum(p.average_loss * p.decisions for p in play) / decisions
    luck = sum(p.luck_per_hand for p in play) / len(play)
    net = sum(p.net_per_hand for p in play) / len(play)
    return [
        (
            f"Your accuracy (last {len(play)} matches)",
            f"{_mean_accuracy(play):.0f}% \u00b7 {BAND_WORDS[band_of(loss)]}",
        ),
        ("Accuracy by the computer's level", _by_level(play)),
        (NET_LABEL, per_hand_text(net, luck)),
    ]


GIVEN_LABEL = "Points given away per hand by the mistakes the coach flagged"
NET_LABEL = "Per hand: your net = luck + your decisions"
"""The statistics' split of your net (the review's, added up): luck is the cards, the computer's
turns and the estimates' noise; your decisions are the luck-adjusted result."""


def per_hand_text(net: float, luck: float) -> str:
    """ "+1.0 = +0.5 luck + 0.5 your decisions": to a tenth, the parts add up to the net shown
    (your decisions' part, the luck-adjusted result, is the net shown less the luck shown)."""
    shown_net, shown_luck = round(net, 1), round(luck, 1)
    decisions = round(shown_net - shown_luck, 1)
    return f"{tenth(shown_net)} = {tenth(shown_luck)} luck {tenth(decisions)} your decisions"


def _by_level(play: Sequence[MatchPlay]) -> str:
    """ "standard 91%, hard 84%": your accuracy against each level, weakest level first."""
    levels = sorted({p.level for p in play if p.level}, key=lambda lv: LEVEL_ORDER.get(lv, 9))
    return (
        ", ".join(f"{lv} {_mean_accuracy([p for p in play if p.level == lv]):.0f}%" for lv in levels)
        or "\u2014"
    )


LEVEL_ORDER = {"beginner": 0, "standard": 1, "hard": 2, "expert": 3}


def _mean_accuracy(play: Sequence[MatchPlay]) -> float:
    return sum(p.accuracy * p.decisions for p in play) / sum(p.decisions for p in play)


def accuracy_chart(counts: CoachCounts) -> Chart:
    """Your accuracy in each of the last matches the coach reviewed, oldest first: a line per
    level of the computer, so your rating over time can be read against each level."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    play = match_play(counts)
    title = "Your accuracy per match, by the computer's level"
    header = ("Match", "Computer", "Accuracy")
    if not play:
        return charts.empty_chart("accuracy", title, "No hand reviewed yet", header)
    order = [*LEVEL_ORDER, "unknown"]
    points = [
        (p.level or "unknown", p.accuracy, f"Match {i + 1} ({p.level or 'unknown'}): {p.accuracy:.0f}%")
        for i, p in enumerate(play)
    ]
    low = min(50.0, 10 * (min(p.accuracy for p in play) // 10))
    rows = tuple((str(i + 1), p.level, f"{p.accuracy:.0f}%") for i, p in enumerate(play))
    summary = f"{len(play)} match{'' if len(play) == 1 else 'es'}, latest {play[-1].accuracy:.0f}% accurate."
    svg = charts.lines_by_label("accuracy", title, points, order, low, 100)
    return charts.Chart(svg, charts.ChartTable(title, header, rows), summary)


def skill_chart(counts: CoachCounts) -> Chart:
    """Per hand in each of the last matches the coach reviewed, oldest first: your decisions'
    part of your net (the luck-adjusted result), with the net and the luck's part, to a tenth
    each and adding up as the statistics' row says (:func:`per_hand_text`)."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    play = match_play(counts)
    title = "Your result per hand, luck taken out"
    header = ("Match", "Computer", "Net", "Luck", "Your decisions (luck-adjusted)")
    if not play:
        return charts.empty_chart("skill", title, "No hand reviewed yet", header)
    shown = [(round(p.net_per_hand, 1), round(p.luck_per_hand, 1)) for p in play]  # as the rows say
    adjusted = [round(net - luck, 1) for net, luck in shown]
    labels = [
        f"Match {i + 1} ({p.level or 'unknown'}): net {signed(net)} a hand = {tenth(luck)} luck "
        f"{tenth(a)} your decisions (luck-adjusted)"
        for i, (p, (net, luck), a) in enumerate(zip(play, shown, adjusted, strict=True))
    ]
    rows = tuple(
        (str(i + 1), p.level, signed(net), signed(luck), signed(a))
        for i, (p, (net, luck), a) in enumerate(zip(play, shown, adjusted, strict=True))
    )
    matches = f"{len(play)} match{'' if len(play) == 1 else 'es'}"
    summary = f"{matches}, latest {signed(adjusted[-1])} a hand luck-adjusted."
    bars = charts.bars("skill", title, adjusted, labels)
    return charts.Chart(bars, charts.ChartTable(title, header, rows), summary)


def given_chart(counts: CoachCounts) -> Chart:
    """Points given away per hand (the coach's mistakes) in each of the last matches, oldest first."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    values = given_away_by_match(counts)
    title = "Points given away per hand"
    header = ("Match", "Points per hand")
    if not values:
        return charts.empty_chart("given", title, "No hand reviewed yet", header)
    labels = [f"Match {i + 1}: {v:.1f} points a hand" for i, v in enumerate(values)]
    rows = tuple((str(i + 1), f"{v:.1f}") for i, v in enumerate(values))
    matches = f"{len(values)} match{'' if len(values) == 1 else 'es'}"
    summary = f"{matches}, latest {values[-1]:.1f} points given away a hand."
    bars = charts.bars("given", title, values, labels)
    return charts.Chart(bars, charts.ChartTable(title, header, rows), summary)
