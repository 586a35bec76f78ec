"""Player settings: difficulty, rules (a preset or every option by hand), look and feel.

A plain validated value. :func:`from_dict` never raises: whatever cannot be read falls back to
the default and is reported, so stored settings from an older or foreign page cannot break
the table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gin_core import PRESETS, Rules, RulesError, preset, preset_name

from .safejson import NewerVersionError

FORMAT = "gin-rummy.settings"
VERSION = 1

LEVELS = ("beginner", "standard", "hard", "expert")
LEVEL_TEXT = {
    "beginner": ("Beginner", "Takes a card only to make a meld and knocks at once: sensible and beatable."),
    "standard": ("Standard", "A solid club player: counts live cards, watches your pick-ups, times its knocks."),
    "hard": ("Hard", "Searches: plays each candidate out against likely hands before choosing."),
    "expert": ("Expert", "A deeper search with more candidates and careful reading of your hand."),
}
PRESET_TEXT = {
    "classic": "Classic: knock at 10, game, line and shutout bonuses, loser deals",
    "winner_deals": "Winner deals: the stock is played out, undercut on ties",
    "no_upcard": "No upcard: lay-offs on gin, undercut 20, to 150",
    "tournament": "Tournament: pure gin to 100, undercut on ties",
    "big_gin": "Big gin: 31 for big gin, bonuses, doubled shutout",
    "eaai": "EAAI-21 competition rules",
    "openspiel": "OpenSpiel: one hand with the wall",
}
BACKS = ("red", "blue", "green", "black")
FELTS = ("green", "blue", "red", "grey")
SPEEDS = ("normal", "fast")
SORTS = ("rank", "suit", "custom")

# Every rule option: (label, help, kind) where kind is "bool", "int:lo:hi", "choice:a|b|c",
# "target" (int or one hand) or "dealer" (cut, you, computer).
RULE_FIELDS: dict[str, tuple[str, str, str]] = {
    "knock_limit": ("Knock limit", "Most deadwood you may knock with (0 = straight gin).", "int:0:10"),
    "oklahoma": ("Oklahoma", "The first upcard's value sets the knock limit of the hand.", "bool"),
    "oklahoma_ace": ("Oklahoma ace", "With Oklahoma, an ace upcard means gin only, or a limit of one.", "choice:gin|one"),
    "spade_doubles": ("Spade doubles", "A spade as first upcard doubles that hand's score.", "bool"),
    "first_upcard": ("First upcard", "The first upcard is offered to the non-dealer, then the dealer.", "bool"),
    "no_discard_after_pickup": ("No discarding the pick-up", "The card just taken from the pile may not be discarded that turn.", "bool"),
    "stock_end": ("End of the stock", "When the hand dies if nobody knocks.", "choice:two_left|one_left|empty|wall"),
    "big_gin": ("Big gin", "Eleven melded cards end the hand without a discard.", "bool"),
    "gin_bonus": ("Gin bonus", "Points added for gin.", "int:0:1000"),
    "big_gin_bonus": ("Big gin bonus", "Points added for big gin.", "int:0:1000"),
    "undercut_bonus": ("Undercut bonus", "Points added for an undercut.", "int:0:1000"),
    "equal_is_undercut": ("Tie is an undercut", "An equal count undercuts the knocker.", "bool"),
    "layoff_on_gin": ("Lay-offs on gin", "The defender may lay off onto a gin hand.", "bool"),
    "target": ("Match target", "The match ends when a player reaches it.", "target"),
    "game_bonus": ("Game bonus", "Added for the player who reaches the target.", "int:0:1000"),
    "line_bonus": ("Line bonus", "Added at the end for each hand won.", "int:0:1000"),
    "shutout": ("Shutout", "When the loser won no hand.", "choice:none|bonus|double"),
    "shutout_bonus": ("Shutout bonus", "The flat shutout bonus.", "int:0:1000"),
    "shutout_needs_no_dead_hand": ("Dead hand voids shutout", "A dead hand during the match cancels the shutout.", "bool"),
    "next_dealer": ("Next dealer", "Who deals after a scored hand.", "choice:alternate|winner|loser"),
    "first_dealer": ("First dealer", "Who deals the first hand.", "dealer"),
}
CHOICE_TEXT = {
    "gin": "Gin only", "one": "Limit 1",
    "two_left": "Dead when two cards are left", "one_left": "Dead when one card is left",
    "empty": "Play the stock out", "wall": "The wall (two left: take only to knock)",
    "none": "No bonus", "bonus": "Flat bonus", "double": "Double the winner's points",
    "alternate": "Alternate", "winner": "Winner deals", "loser": "Loser deals",
}


def rule_fields() -> list[tuple[str, str, str, str]]:
    """(name, label, help, kind) for every field of Rules, known ones first; a field added to
    the engine later still gets an input, typed from its annotation."""
    out = []
    for f in fields(Rules):
        if f.name in RULE_FIELDS:
            out.append((f.name, *RULE_FIELDS[f.name]))
        else:
            kind = "bool" if f.type == "bool" else "int:0:10000" if "int" in str(f.type) else "text"
            out.append((f.name, f.name.replace("_", " ").capitalize(), "", kind))
    return out


@dataclass(frozen=True)
class Settings:
    level: str = "standard"
    preset: str = "classic"  # a preset name, or "custom" when options were changed by hand
    rules: dict = None  # type: ignore[assignment]  # Rules.to_dict(); None = the preset's
    four_colour: bool = False
    back: str = "red"
    felt: str = "green"
    speed: str = "normal"
    strict: bool = False
    sort: str = "rank"

    def game_rules(self) -> Rules:
        if self.rules is not None:
            try:
                return Rules.from_dict(self.rules)
            except (RulesError, TypeError):
                pass
        return preset(self.preset if self.preset in PRESETS else "classic")

    def with_rules(self, rules: Rules) -> Settings:
        name = preset_name(rules)
        return replace(self, preset=name or "custom", rules=rules.to_dict())

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rules"] = self.game_rules().to_dict()
        return d


_CHOICES = {
    "level": LEVELS, "back": BACKS, "felt": FELTS, "speed": SPEEDS, "sort": SORTS,
}


def from_dict(data: Any) -> tuple[Settings, list[str]]:
    """Settings from stored data, and the names of the fields that had to be reset: each field
    is checked by type and range on its own (a list where a name belongs resets that field)."""
    base = Settings()
    if not isinstance(data, dict):
        return base, ["all"]
    bad: list[str] = []
    values: dict[str, Any] = {}
    for name, choices in _CHOICES.items():
        if name in data:
            if data[name] in choices:
                values[name] = data[name]
            else:
                bad.append(name)
    for name in ("four_colour", "strict"):
        if name in data:
            if isinstance(data[name], bool):
                values[name] = data[name]
            else:
                bad.append(name)
    p = data.get("preset", base.preset)
    if not isinstance(p, str) or (p != "custom" and p not in PRESETS):
        bad.append("preset")
        p = base.preset
    values["preset"] = p
    rules = data.get("rules")
    if rules is not None:
        try:
            values["rules"] = Rules.from_dict(rules).to_dict()
        except (RulesError, TypeError):
            bad.append("rules")
            values["preset"] = p if p != "custom" else base.preset
    elif p == "custom":
        values["preset"] = base.preset
    s = replace(base, **values)
    return s.with_rules(s.game_rules()), bad


def from_record(data: Any) -> tuple[Settings, list[str]]:
    """Settings from the stored record (see :func:`from_dict`). Raises ValueError if it is not a
    settings record of this page, NewerVersionError if a newer version of the page wrote it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not gin rummy settings")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise NewerVersionError(f"settings version {version} is newer than this page's {VERSION}")
    if version != VERSION:
        raise ValueError(f"settings version {version!r} is not supported")
    return from_dict(data)


def to_record(s: Settings) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, **s.to_dict()}
