"""Rules: every point on which gin rummy texts disagree, as one immutable, validated value."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any


class RulesError(ValueError):
    """Raised for an option that is out of range or contradicts another option."""


STOCK_ENDS = ("two_left", "one_left", "empty", "wall")
NEXT_DEALERS = ("alternate", "winner", "loser")
SHUTOUTS = ("none", "bonus", "double")
OKLAHOMA_ACES = ("gin", "one")


@dataclass(frozen=True)
class Rules:
    """The options of one game of gin rummy.

    Attributes:
        knock_limit: the most deadwood a player may knock with (0 means straight gin).
        oklahoma: the knock limit of each hand is the value of its first upcard.
        oklahoma_ace: with Oklahoma, an ace upcard means ``"gin"`` only or a limit of ``"one"``.
        spade_doubles: a spade as first upcard doubles that hand's score.
        first_upcard: the first upcard is offered to the non-dealer, then the dealer; if False
            there is no upcard, the player with the lower score (the non-dealer on a tie) starts
            and draws from the stock.
        no_discard_after_pickup: the card just taken from the pile may not be discarded that turn.
        stock_end: when the hand dies if nobody knocks: ``"two_left"`` (a discard leaves two
            stock cards), ``"one_left"`` (the last stock card is never drawn), ``"empty"`` (a
            discard after the last stock card was drawn), ``"wall"`` (with two stock cards left
            the next player may take the discard only to knock or go gin; otherwise dead).
        big_gin: a player holding 11 melded cards may end the hand without discarding.
        gin_bonus, big_gin_bonus, undercut_bonus: points added to those results.
        equal_is_undercut: an equal deadwood count undercuts the knocker (else the knocker wins
            the difference, zero, and the hand counts as won by nobody).
        layoff_on_gin: the defender may lay off onto a gin hand.
        target: match ends when a player reaches it; ``None`` plays a single hand.
        game_bonus: added to the score of the player who reaches the target.
        line_bonus: added at the end for each hand a player won (the "box" bonus).
        shutout: when the loser won no hand: ``"none"``, a flat ``"bonus"`` of
            ``shutout_bonus``, or ``"double"`` the winner's hand points.
        shutout_needs_no_dead_hand: a dead hand during the match voids the shutout.
        next_dealer: who deals after a scored hand: ``"alternate"``, ``"winner"`` or ``"loser"``
            (a dead hand is always redealt by the same dealer).
        first_dealer: 0 or 1, or ``None`` to cut for the deal (low card deals).
    """

    knock_limit: int = 10
    oklahoma: bool = False
    oklahoma_ace: str = "gin"
    spade_doubles: bool = False
    first_upcard: bool = True
    no_discard_after_pickup: bool = True
    stock_end: str = "two_left"
    big_gin: bool = False
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    equal_is_undercut: bool = True
    layoff_on_gin: bool = False
    target: int | None = 100
    game_bonus: int = 0
    line_bonus: int = 0
    shutout: str = "none"
    shutout_bonus: int = 0
    shutout_needs_no_dead_hand: bool = False
    next_dealer: str = "alternate"
    first_dealer: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            kind = {"int": int, "bool": bool, "str": str, "int | None": int}[f.type]
            if value is None and "None" in f.type:
                continue
            if type(value) is not kind:
                raise RulesError(f"rule {f.name} must be {f.type}, not {value!r}")
        if not 0 <= self.knock_limit <= 10:
            raise RulesError("rule knock_limit must be between 0 (straight gin) and 10")
        for name, allowed in (
            ("stock_end", STOCK_ENDS),
            ("next_dealer", NEXT_DEALERS),
            ("shutout", SHUTOUTS),
            ("oklahoma_ace", OKLAHOMA_ACES),
        ):
            if getattr(self, name) not in allowed:
                raise RulesError(f"rule {name} must be one of {', '.join(allowed)}")
        for name in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "game_bonus",
                     "line_bonus", "shutout_bonus"):
            if not 0 <= getattr(self, name) <= 1000:
                raise RulesError(f"rule {name} must be between 0 and 1000")
        if self.target is not None and not 1 <= self.target <= 10000:
            raise RulesError("rule target must be between 1 and 10000, or None for one hand")
        if self.first_dealer not in (None, 0, 1):
            raise RulesError("rule first_dealer must be 0, 1 or None (cut for the deal)")
        if (self.oklahoma or self.spade_doubles) and not self.first_upcard:
            raise RulesError("Oklahoma and spade doubling need a first upcard (first_upcard)")

    def knock_limit_for(self, upcard_value: int | None) -> int:
        """The knock limit of a hand whose first upcard has this value (Oklahoma)."""
        if not self.oklahoma or upcard_value is None:
            return self.knock_limit
        if upcard_value == 1:
            return 0 if self.oklahoma_ace == "gin" else 1
        return upcard_value

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise RulesError(f"no such rule: {', '.join(sorted(unknown))}")
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict (as written by :meth:`to_dict`); unknown keys are an error."""
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise RulesError(f"no such rule: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)
