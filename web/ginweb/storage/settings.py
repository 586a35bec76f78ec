"""Player settings: difficulty, rules (a preset or every option by hand), look and feel, and
comfort (card size, a left-handed layout, motion, sound, the tutor).

The one owner of the settings' shape: the value and its defaults, every field's choices and
their words, how a form's values or the New match form change it, and the stored record. A
plain validated value: :func:`from_dict` never raises, whatever cannot be read falls back to
the default and is reported, so stored settings from an older or foreign page cannot break
the table; a form's values go through the same checks. The form itself is
table/dom/settings_ui.py, the look applied to the page app.py's ``apply_look``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from gin_core import PRESETS, Rules, RulesError, preset, preset_name

from .envelope import Envelope, RecordKind, Stamped

NAME = "settings"  # the stored record's name (storage/local.py: gin-rummy/v1/settings)
FORMAT = RecordKind.SETTINGS
VERSION = 1
ENVELOPE = Envelope(FORMAT, VERSION, "gin rummy settings")

LEVELS = ("beginner", "standard", "hard", "expert")
LEVEL_TEXT = {
    "beginner": ("Beginner", "Takes a card only to make a meld and knocks at once: sensible and beatable."),
    "standard": (
        "Standard",
        "A solid club player: counts live cards, watches your pick-ups, times its knocks.",
    ),
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
CARD_SIZES = ("small", "medium", "large")
MOTIONS = ("system", "on", "off")  # "system": as the system's reduced-motion preference says
SIZE_TEXT = {"small": "Small", "medium": "Medium", "large": "Large"}


@dataclass(frozen=True)
class Settings:
    level: str = "standard"
    preset: str = "classic"  # a preset name, or "custom" when options were changed by hand
    rules: dict[str, Any] | None = None  # Rules.to_dict(); None = the preset's
    four_colour: bool = False
    back: str = "red"
    felt: str = "green"
    speed: str = "normal"
    strict: bool = False
    sort: str = "rank"
    card_size: str = "medium"
    left_handed: bool = False  # hand controls and panels mirrored
    motion: str = "system"  # "off": no animations, whatever the system says
    sound: bool = False  # short synthesized tones, only after a click or key
    tutor: bool = False  # "Are you sure?" before a move clearly worse than the best (tutor/)

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


def default() -> Settings:
    """The settings of a first visit (or of a record that could not be read): classic rules."""
    return Settings().with_rules(preset("classic"))


def for_new_match(s: Settings, level: str, preset_chosen: str) -> Settings:
    """``s`` as the New match form changes it: its level, and its preset's rules unless the
    form keeps the rules as they are ("custom")."""
    new = replace(s, level=level)
    return new if preset_chosen == "custom" else new.with_rules(preset(preset_chosen))


def chosen(old: Settings, values: dict[str, Any], rules: Rules) -> Settings:
    """``old`` with the values the settings form holds, each checked as a stored one is (one
    that is not a choice keeps ``old``'s), and ``rules``."""
    return replace(old, **_plain_values(values, [])).with_rules(rules)


_CHOICES = {
    "level": LEVELS,
    "back": BACKS,
    "felt": FELTS,
    "speed": SPEEDS,
    "sort": SORTS,
    "card_size": CARD_SIZES,
    "motion": MOTIONS,
}
FLAGS = ("four_colour", "strict", "left_handed", "sound", "tutor")


ADDED_RULES = ("pile_draw_limit", "throw_back_dead")
"""Rules added after settings were first stored (issue 26: every hand ends)."""


def from_dict(data: Any) -> tuple[Settings, list[str]]:
    """Settings from stored data, and the names of the fields that had to be reset: each field
    is checked by type and range on its own (a list where a name belongs resets that field)."""
    base = Settings()
    if not isinstance(data, dict):
        return base, ["all"]
    bad: list[str] = []
    values = _plain_values(data, bad) | _preset_and_rules(data, bad)
    s = replace(base, **values)
    return s.with_rules(s.game_rules()), bad


def _preset_and_rules(data: dict[str, Any], bad: list[str]) -> dict[str, Any]:
    """The preset and the rules, checked together: "custom" means nothing without rules that
    can be read, so then the default preset is kept instead."""
    p = _preset(data, bad)
    rules = _stored_rules(data)
    if rules is not None:
        try:
            return {"preset": p, "rules": Rules.from_dict(rules).to_dict()}
        except (RulesError, TypeError):
            bad.append("rules")
    return {"preset": p if p != "custom" else Settings.preset}


def _preset(data: dict[str, Any], bad: list[str]) -> str:
    """The stored preset's name ("custom" included), or the default one."""
    p = data.get("preset", Settings.preset)
    if isinstance(p, str) and (p == "custom" or p in PRESETS):
        return p
    bad.append("preset")
    return Settings.preset


def _stored_rules(data: dict[str, Any]) -> Any:
    """The stored rules as written (None if there are none), a mapping completed with the rules
    added since it was saved: saved before they existed, they take their defaults."""
    rules = data.get("rules")
    if isinstance(rules, dict):
        rules = {name: getattr(Rules(), name) for name in ADDED_RULES} | rules
    return rules


def _plain_values(data: dict[str, Any], bad: list[str]) -> dict[str, Any]:
    """The fields that are one of a few choices or a flag, each checked on its own."""
    values: dict[str, Any] = {}
    checks = [(name, choices.__contains__) for name, choices in _CHOICES.items()]
    checks += [(name, lambda v: isinstance(v, bool)) for name in FLAGS]
    for name, ok in checks:
        if name in data:
            if ok(data[name]):
                values[name] = data[name]
            else:
                bad.append(name)
    return values


def from_record(data: Any) -> tuple[Settings, list[str]]:
    """Settings from the stored record (see :func:`from_dict`). Raises ValueError if it is not a
    settings record of this page, NewerVersionError if a newer version of the page wrote it."""
    return from_dict(ENVELOPE.open(data))


class SettingsRecord(Stamped):
    """The settings as stored: every field of :class:`Settings`, the rules always written out."""

    level: str
    preset: str
    rules: dict[str, Any]  # Rules.to_dict()
    four_colour: bool
    back: str
    felt: str
    speed: str
    strict: bool
    sort: str
    card_size: str
    left_handed: bool
    motion: str
    sound: bool
    tutor: bool


def dumps(s: Settings) -> str:
    """The stored text of ``s``."""
    return json.dumps(to_record(s))


def to_record(s: Settings) -> SettingsRecord:
    return {
        **ENVELOPE.head(),
        "level": s.level,
        "preset": s.preset,
        "rules": s.game_rules().to_dict(),
        "four_colour": s.four_colour,
        "back": s.back,
        "felt": s.felt,
        "speed": s.speed,
        "strict": s.strict,
        "sort": s.sort,
        "card_size": s.card_size,
        "left_handed": s.left_handed,
        "motion": s.motion,
        "sound": s.sound,
        "tutor": s.tutor,
    }
