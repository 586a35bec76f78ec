"""The words a lesson says about a rule, made from the :class:`gin_core.Rules` it plays (issue 43,
item 1): a lesson's text names a rule by a ``{field}`` and never spells out its value, so it
says what the engine does under the lesson's preset and options, not what another preset does.
Pure; tests/test_web_lessons.py checks each phrase against the engine under every preset.
"""

from __future__ import annotations

from collections.abc import Mapping

from gin_core import Card, Rules

PRESET_WORDS = {"classic": "classic gin", "tournament": "tournament gin"}
STOCK_ENDS = {
    "two_left": "when a discard leaves only two cards in the stock, the hand is dead",
    "one_left": "when a discard leaves only one card in the stock, the hand is dead",
    "empty": "when the last stock card is drawn and discarded with no knock, the hand is dead",
    "wall": "with two cards left in the stock the pile's card may be taken only to knock or go gin, "
    "else the hand is dead",
}
CARD_VALUES = {"face": "KS", "ace": "AS"}  # the cards whose value a lesson states


def _shutout(rules: Rules) -> str:
    """What a shutout (the loser won no hand) adds."""
    if rules.shutout == "bonus":
        return f"A player who won no hand at all is shut out: the winner scores {rules.shutout_bonus} more."
    if rules.shutout == "double":
        return "A player who won no hand at all is shut out: the winner's hand points are doubled."
    return "Winning every hand adds nothing more."


def rule_words(rules: Rules, preset: str) -> dict[str, str]:
    """Every phrase a lesson may say about ``rules`` (named ``preset``), by its ``{field}``."""
    equal = rules.equal_is_undercut
    numbers = ("knock_limit", "gin_bonus", "undercut_bonus", "target", "game_bonus", "line_bonus")
    return {
        **{name: str(getattr(rules, name)) for name in numbers},
        **{name: str(Card.parse(card).value) for name, card in CARD_VALUES.items()},
        "rules": PRESET_WORDS.get(preset, f"{preset} gin"),
        "undercut_if": "as low as the knocker's or lower" if equal else "lower than the knocker's",
        "undercut_at": "at or below" if equal else "below",
        "pickup": "may not" if rules.no_discard_after_pickup else "may",
        "gin_layoffs": "may lay off onto it" if rules.layoff_on_gin else "may not lay off",
        "oklahoma_ace": "gin only" if rules.oklahoma_ace == "gin" else "a limit of 1",
        "stock_end": STOCK_ENDS[rules.stock_end],
        "shutout": _shutout(rules),
    }


def render(text: str, words: Mapping[str, str]) -> str:
    """``text`` with each ``{field}`` replaced by its words."""
    return text.format_map(words)
