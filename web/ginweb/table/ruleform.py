"""The rules part of the Settings form, built from the engine's own rule metadata
(:func:`gin_core.rule_fields`: kind, label, help, range, choices, what ``None`` means), so a
rule added to the engine gets its control with no page change. Pure: it writes HTML text and
reads back what the form's controls hold (settings_ui.py moves values in and out of the DOM).

Controls, by rule kind:

* ``bool``: a checkbox;
* ``choice``: a select with the engine's labels;
* ``int``: a number input bounded by the rule's range;
* ``int`` that may be ``None``: with a range of two values (a seat: who deals first) a select
  of "None's meaning", You, Computer; otherwise a number input and a checkbox saying what
  ``None`` means ("A single hand"), id ``rule-<name>-none``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from gin_core import RuleField, Rules, RulesError, whole_number

from ..kit.frozen import Frozen

SEATS = ("You", "Computer")
NONE = "none"  # the select value standing for None


class Control(Frozen):
    """What one rule's controls hold: the main value, and whether its None box is checked."""

    value: str
    none: bool = False


def is_seat(f: RuleField) -> bool:
    return f.kind == "int" and f.none_means is not None and f.high - f.low == 1


def control_html(f: RuleField) -> str:
    ident = f"rule-{f.name}"
    hid = f"{ident}-help"
    help_html = f'<span class="help" id="{hid}">{escape(f.help)}</span>' if f.help else ""
    described = f' aria-describedby="{hid}"' if f.help else ""
    label = f'<label for="{ident}">{escape(f.label)}</label>'
    if f.kind == "bool":
        box = f'<input type="checkbox" id="{ident}" data-rule="{f.name}"{described}>'
        return f'<div class="field check">{box}{label}{help_html}</div>'
    if f.kind == "choice" or is_seat(f):
        opts = "".join(f'<option value="{escape(v)}">{escape(t)}</option>' for v, t in options(f))
        select = f'<select id="{ident}" data-rule="{f.name}"{described}>{opts}</select>'
        return f'<div class="field">{label}{select}{help_html}</div>'
    number = (
        f'<input type="number" id="{ident}" data-rule="{f.name}" min="{f.low}" max="{f.high}" step="1" '
        f'inputmode="numeric"{described}>'
    )
    if f.none_means is None:
        return f'<div class="field">{label}{number}{help_html}</div>'
    none_box = (
        f'<label class="inline"><input type="checkbox" id="{ident}-none" data-rule="{f.name}"> '
        f"{escape(f.none_means.capitalize())}</label>"
    )
    return f'<div class="field">{label}<span class="pair">{number}{none_box}</span>{help_html}</div>'


def options(f: RuleField) -> list[tuple[str, str]]:
    """(value, label) of a select: the engine's choices, or a seat with None first."""
    if f.kind == "choice":
        return list(f.choices)
    assert f.none_means is not None
    return [(NONE, f.none_means.capitalize())] + [(str(f.low + i), SEATS[i]) for i in range(2)]


def form_html(groups: tuple[tuple[str, tuple[str, ...]], ...], fields: tuple[RuleField, ...]) -> str:
    """A fieldset per group of rule names (in the groups' order), then "Other" for any rule no
    group names (a rule new to the engine)."""
    by_name = {f.name: f for f in fields}
    parts = []
    named: set[str] = set()
    for title, names in groups:
        inner = "".join(control_html(by_name[n]) for n in names if n in by_name)
        named.update(names)
        parts.append(f'<fieldset class="sub"><legend>{escape(title)}</legend>{inner}</fieldset>')
    rest = "".join(control_html(f) for f in fields if f.name not in named)
    if rest:
        parts.append(f'<fieldset class="sub"><legend>Other</legend>{rest}</fieldset>')
    return "".join(parts)


def controls_of(rules: Rules, fields: tuple[RuleField, ...]) -> dict[str, Control]:
    """What each rule's controls show for ``rules``."""
    data = rules.to_dict()
    out = {}
    for f in fields:
        value = data[f.name]
        if f.kind == "bool":
            out[f.name] = Control("true" if value else "")
        elif value is None:
            out[f.name] = Control(NONE if is_seat(f) else "", none=True)
        else:
            out[f.name] = Control(str(value))
    return out


def rules_of(controls: Mapping[str, Control], fields: tuple[RuleField, ...]) -> Rules:
    """The rules the controls hold; RulesError (naming the rule) if one cannot be read."""
    data: dict[str, Any] = {}
    for f in fields:
        c = controls.get(f.name)
        if c is None:
            continue
        if f.kind == "bool":
            data[f.name] = bool(c.value)
        elif f.kind == "choice":
            data[f.name] = c.value
        elif c.none or c.value == NONE:
            data[f.name] = None
        else:
            data[f.name] = whole(c.value, f.name)
    return Rules.from_dict(data)


WHOLE_MAX = 1 << 31  # above every rule's range: the rules name the range


def whole(text: str, name: str) -> int:
    """The number typed for rule ``name`` (its range is the rules' to check)."""
    value = whole_number(text.strip(), WHOLE_MAX)
    if value is None:
        raise RulesError(f"rule {name} needs a whole number")
    return value
