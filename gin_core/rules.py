"""Rules: every point on which gin rummy texts disagree, as one immutable, validated value."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Literal, Self

from .checks import describe
from .errors import GinError


class RulesError(GinError):
    """Raised for an option that is unknown, out of range or contradicts another option."""


STOCK_ENDS = ("two_left", "one_left", "empty", "wall")
NEXT_DEALERS = ("alternate", "winner", "loser")
SHUTOUTS = ("none", "bonus", "double")
OKLAHOMA_ACES = ("gin", "one")

RuleKind = Literal["bool", "int", "choice"]


@dataclass(frozen=True)
class RuleField:
    """One option as a settings form shows it and as :class:`Rules` accepts it.

    ``low``..``high`` bound an ``int``; ``choices`` are the (value, label) pairs of a
    ``choice``; ``none_means`` says what ``None`` stands for where ``None`` is allowed.
    """

    name: str
    kind: RuleKind
    label: str
    help: str
    low: int = 0
    high: int = 0
    choices: tuple[tuple[str, str], ...] = ()
    none_means: str | None = None

    @property
    def values(self) -> tuple[str, ...]:
        """The values of a choice, in order."""
        return tuple(value for value, _ in self.choices)

    def check(self, value: object) -> None:
        """Raise :class:`RulesError` naming this rule unless ``value`` is allowed."""
        if value is None and self.none_means is not None:
            return
        if self.kind == "bool" and type(value) is bool:
            return
        if self.kind == "int" and type(value) is int and self.low <= value <= self.high:
            return
        if self.kind == "choice" and type(value) is str and value in self.values:
            return
        raise RulesError(f"rule {self.name} must be {self.expected()}, not {describe(value)}")

    def expected(self) -> str:
        """What the rule accepts, in words (the end of an error message)."""
        if self.kind == "bool":
            text = "true or false"
        elif self.kind == "int":
            text = f"a whole number from {self.low} to {self.high}"
        else:
            text = "one of " + ", ".join(self.values)
        return text if self.none_means is None else f"{text}, or None ({self.none_means})"


def _choice(values: tuple[str, ...], labels: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple(zip(values, labels, strict=True))


BONUS_MAX = 1000
TARGET_MAX = 10000
PILE_DRAWS = 50
"""The default pile draw limit: OpenSpiel's, over three times the most draws from the pile
measured in an ordinary hand (13, in 1,000 hands of the standard level against itself)."""
PILE_DRAWS_MAX = 200

# Every option of Rules, in the order of its fields (a test checks they agree).
RULE_FIELDS: tuple[RuleField, ...] = (
    RuleField(
        "knock_limit",
        "int",
        "Knock limit",
        "Most deadwood you may knock with (0 = straight gin).",
        low=0,
        high=10,
    ),
    RuleField("oklahoma", "bool", "Oklahoma", "The first upcard's value sets the knock limit of the hand."),
    RuleField(
        "oklahoma_ace",
        "choice",
        "Oklahoma ace",
        "With Oklahoma, an ace upcard means gin only, or a limit of one.",
        choices=_choice(OKLAHOMA_ACES, ("Gin only", "Limit 1")),
    ),
    RuleField("spade_doubles", "bool", "Spade doubles", "A spade as first upcard doubles that hand's score."),
    RuleField(
        "first_upcard",
        "bool",
        "First upcard",
        "The first upcard is offered to the non-dealer, then the dealer.",
    ),
    RuleField(
        "no_discard_after_pickup",
        "bool",
        "No discarding the pick-up",
        "The card just taken from the pile may not be discarded that turn.",
    ),
    RuleField(
        "stock_end",
        "choice",
        "End of the stock",
        "When the hand dies if nobody knocks.",
        choices=_choice(
            STOCK_ENDS,
            (
                "Dead when two cards are left",
                "Dead when one card is left",
                "Play the stock out",
                "The wall (two left: take only to knock)",
            ),
        ),
    ),
    RuleField(
        "pile_draw_limit",
        "int",
        "Pile draw limit",
        "The hand is dead (no score) at this many draws from the pile in one hand (taking the "
        "first upcard not counted).",
        low=1,
        high=PILE_DRAWS_MAX,
        none_means="no limit",
    ),
    RuleField(
        "throw_back_dead",
        "bool",
        "Thrown back twice",
        "The hand is dead (no score) when a card taken from the pile is thrown back at once twice in a row.",
    ),
    RuleField("big_gin", "bool", "Big gin", "Eleven melded cards end the hand without a discard."),
    RuleField("gin_bonus", "int", "Gin bonus", "Points added for gin.", high=BONUS_MAX),
    RuleField("big_gin_bonus", "int", "Big gin bonus", "Points added for big gin.", high=BONUS_MAX),
    RuleField("undercut_bonus", "int", "Undercut bonus", "Points added for an undercut.", high=BONUS_MAX),
    RuleField("equal_is_undercut", "bool", "Tie is an undercut", "An equal count undercuts the knocker."),
    RuleField("layoff_on_gin", "bool", "Lay-offs on gin", "The defender may lay off onto a gin hand."),
    RuleField(
        "target",
        "int",
        "Match target",
        "The match ends when a player reaches it.",
        low=1,
        high=TARGET_MAX,
        none_means="a single hand",
    ),
    RuleField(
        "game_bonus", "int", "Game bonus", "Added for the player who reaches the target.", high=BONUS_MAX
    ),
    RuleField("line_bonus", "int", "Line bonus", "Added at the end for each hand won.", high=BONUS_MAX),
    RuleField(
        "shutout",
        "choice",
        "Shutout",
        "When the loser won no hand.",
        choices=_choice(SHUTOUTS, ("No bonus", "Flat bonus", "Double the winner's points")),
    ),
    RuleField("shutout_bonus", "int", "Shutout bonus", "The flat shutout bonus.", high=BONUS_MAX),
    RuleField(
        "shutout_needs_no_dead_hand",
        "bool",
        "Dead hand voids shutout",
        "A dead hand during the match cancels the shutout.",
    ),
    RuleField(
        "next_dealer",
        "choice",
        "Next dealer",
        "Who deals after a scored hand.",
        choices=_choice(NEXT_DEALERS, ("Alternate", "Winner deals", "Loser deals")),
    ),
    RuleField(
        "first_dealer",
        "int",
        "First dealer",
        "Who deals the first hand (player 0 or 1).",
        low=0,
        high=1,
        none_means="cut for the deal",
    ),
)
_BY_NAME = {f.name: f for f in RULE_FIELDS}

ADDED_RULES: dict[str, object] = {"pile_draw_limit": None, "throw_back_dead": False}
"""Rules added after matches were first saved, with the value that plays as the engine did
before them: a save older than a rule replays under that value (see :mod:`gin_core.save`)."""


def rule_fields() -> tuple[RuleField, ...]:
    """Every option in order, with its label, help and range or choices: what a settings form
    is built from."""
    return RULE_FIELDS


@dataclass(frozen=True, kw_only=True)
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
        pile_draw_limit: the hand is dead (no score) when a player draws from the pile for this
            many times in the hand, counting both players and not the first upcard (the card is
            not taken); ``None``: no limit. It ends hands in which the players pass the pile's
            cards back and forth, which no other rule ends; with it every hand ends within
            :func:`~gin_core.flow.hand_bound` actions.
        throw_back_dead: the hand is dead (no score) when a card taken from the pile is
            discarded at once twice in a row (by one player, then the other; possible only
            without ``no_discard_after_pickup``).
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
    pile_draw_limit: int | None = PILE_DRAWS
    throw_back_dead: bool = False
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

    def __new__(cls, *args: object, **options: object) -> Self:
        """Refuse options given by position or by an unknown name with a :class:`RulesError`
        (the generated ``__init__`` would raise a bare ``TypeError``)."""
        if args:
            raise RulesError("rules are given by name, e.g. Rules(knock_limit=10)")
        _check_names(options)
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in RULE_FIELDS:
            f.check(getattr(self, f.name))
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
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict as written by :meth:`to_dict`: every rule, and nothing else."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, not {describe(data)}")
        _check_names(data)
        missing = [f.name for f in RULE_FIELDS if f.name not in data]
        if missing:
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise RulesError(f"missing rule: {', '.join(missing[:5])}{more}")
        return cls(**data)


def _check_names(options: dict[Any, object]) -> None:
    unknown = [describe(k) for k in options if k not in _BY_NAME]
    if unknown:
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise RulesError(f"no such rule: {', '.join(sorted(unknown)[:5])}{more}")
