"""Results: the record of each hand and the end-of-match bonuses (pure functions over records)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .checks import check_is, check_items
from .rules import Rules
from .scoring import Settlement


@dataclass(frozen=True)
class HandRecord:
    """One finished deal: ``settlement`` is ``None`` for a dead hand."""

    number: int
    dealer: int
    deal_code: str
    settlement: Settlement | None
    points: tuple[int, int]

    @property
    def winner(self) -> int | None:
        return self.settlement.winner if self.settlement else None

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.number, self.dealer, self.points, self.winner, self.settlement is None)


@dataclass(frozen=True)
class Outcome:
    """A finished hand's score without its cards: what the match's totals, its end and the next
    dealer need (a match between two devices keeps only these: gin_core.duel.match)."""

    number: int
    dealer: int
    points: tuple[int, int]
    winner: int | None
    dead: bool


@dataclass(frozen=True)
class MatchResult:
    """Final scores with every bonus itemised (per player, index 0 and 1)."""

    hand_points: tuple[int, int]
    hands_won: tuple[int, int]
    game_bonus: tuple[int, int]
    line_bonus: tuple[int, int]
    shutout_bonus: tuple[int, int]
    totals: tuple[int, int]
    winner: int | None
    shutout: bool

    def explain(self, names: Sequence[str] = ("Player 1", "Player 2")) -> list[str]:
        """One line per player: hand points and each bonus, then the total."""
        lines = []
        for p in (0, 1):
            parts = [f"{self.hand_points[p]} from hands"]
            if self.game_bonus[p]:
                parts.append(f"{self.game_bonus[p]} game bonus")
            if self.line_bonus[p]:
                parts.append(f"{self.line_bonus[p]} line bonus ({self.hands_won[p]} hands won)")
            if self.shutout_bonus[p]:
                parts.append(f"{self.shutout_bonus[p]} shutout")
            lines.append(f"{names[p]}: {' + '.join(parts)} = {self.totals[p]}")
        return lines


def hand_points(settlement: Settlement | None) -> tuple[int, int]:
    """Points each player scores for a hand."""
    if settlement is not None:
        check_is(settlement, Settlement, "settlement")
    if settlement is None or settlement.winner is None:
        return (0, 0)
    return (settlement.points, 0) if settlement.winner == 0 else (0, settlement.points)


def match_over(rules: Rules, scores: Sequence[int], records: Sequence[HandRecord | Outcome]) -> bool:
    """A match ends when a player reaches the target, or after one hand when there is none."""
    if rules.target is None:
        return bool(records)
    return max(scores) >= rules.target


def match_result(rules: Rules, records: Sequence[HandRecord]) -> MatchResult:
    """Totals with the game, line and shutout bonuses of ``rules``."""
    check_is(rules, Rules, "rules")
    return tally(rules, [r.outcome for r in check_items(records, HandRecord, "records")])


def tally(rules: Rules, records: Sequence[Outcome]) -> MatchResult:
    """:func:`match_result` from the hands' outcomes."""
    check_is(rules, Rules, "rules")
    check_items(records, Outcome, "outcomes")
    points = [sum(r.points[p] for r in records) for p in (0, 1)]
    won = [sum(1 for r in records if r.winner == p) for p in (0, 1)]
    game = [0, 0]
    shut = [0, 0]
    shutout = False
    reached = [p for p in (0, 1) if rules.target is not None and points[p] >= rules.target]
    if reached:
        w = reached[0]
        game[w] = rules.game_bonus
        dead = any(r.dead for r in records)
        shutout = (
            rules.shutout != "none" and won[1 - w] == 0 and not (dead and rules.shutout_needs_no_dead_hand)
        )
        if shutout:
            shut[w] = rules.shutout_bonus if rules.shutout == "bonus" else points[w]
    line = [rules.line_bonus * won[p] for p in (0, 1)]
    totals = [points[p] + game[p] + line[p] + shut[p] for p in (0, 1)]
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return MatchResult(
        hand_points=(points[0], points[1]),
        hands_won=(won[0], won[1]),
        game_bonus=(game[0], game[1]),
        line_bonus=(line[0], line[1]),
        shutout_bonus=(shut[0], shut[1]),
        totals=(totals[0], totals[1]),
        winner=winner,
        shutout=shutout,
    )


def next_dealer(rules: Rules, dealer: int, record: HandRecord | Outcome) -> int:
    """Who deals after ``record``: the same dealer after a dead or pointless hand."""
    winner = record.winner
    if winner is None:
        return dealer
    if rules.next_dealer == "alternate":
        return 1 - dealer
    return winner if rules.next_dealer == "winner" else 1 - winner
