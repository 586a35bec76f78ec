"""The Settings dialog: difficulty, strictness, speed, deck and table colours, comfort (card
size, left-handed, motion, sound, the tutor), and every rule
option (a preset fills them all; changing one makes the rules "custom"). The rule controls are
built from the engine's rule metadata (ruleform.py); this module moves values in and out of the
form and returns what was chosen."""

from __future__ import annotations

from typing import Any

from gin_core import PRESETS, Rules, RulesError, preset, preset_name, rule_fields

from ...kit import dom
from ...storage import settings
from ...storage.settings import BACKS, CARD_SIZES, FELTS, LEVEL_TEXT, LEVELS, PRESET_TEXT, SIZE_TEXT, Settings
from .. import ruleform

GROUPS = (
    (
        "Knocking",
        ("knock_limit", "oklahoma", "oklahoma_ace", "big_gin", "equal_is_undercut", "layoff_on_gin"),
    ),
    (
        "The deal",
        (
            "first_upcard",
            "no_discard_after_pickup",
            "stock_end",
            "spade_doubles",
            "next_dealer",
            "first_dealer",
        ),
    ),
    (
        "Scoring",
        (
            "gin_bonus",
            "big_gin_bonus",
            "undercut_bonus",
            "target",
            "game_bonus",
            "line_bonus",
            "shutout",
            "shutout_bonus",
            "shutout_needs_no_dead_hand",
        ),
    ),
)
PLAY_HTML = (
    "<fieldset><legend>Play</legend>"
    '<div class="field check"><input type="checkbox" id="set-strict" name="strict">'
    '<label for="set-strict">Strict mode</label><span class="help">No undo of your moves.</span></div>'
    '<div class="field"><label for="set-speed">Animation speed</label><select id="set-speed" name="speed">'
    '<option value="normal">Normal</option><option value="fast">Fast</option></select></div></fieldset>'
)
LOOK_HTML = (
    "<fieldset><legend>Cards and table</legend>"
    '<div class="field check"><input type="checkbox" id="set-four" name="four_colour">'
    '<label for="set-four">Four-colour deck</label>'
    '<span class="help">Diamonds blue, clubs green.</span></div>'
)

COMFORT_HTML = (
    "<fieldset><legend>Comfort</legend>"
    '<div class="field check"><input type="checkbox" id="set-tutor" name="tutor">'
    '<label for="set-tutor">Tutor</label>'
    '<span class="help">Asks "Are you sure?" before a move clearly worse than the best, '
    "and says why.</span></div>"
    '<div class="field check"><input type="checkbox" id="set-left" name="left_handed">'
    '<label for="set-left">Left-handed layout</label>'
    '<span class="help">Your hand\'s controls and the panels on the other side.</span></div>'
    '<div class="field"><label for="set-motion">Reduce motion</label><select id="set-motion" name="motion">'
    '<option value="system">As the system says</option><option value="on">On: no animations</option>'
    '<option value="off">Off: animate</option></select></div>'
    '<div class="field check"><input type="checkbox" id="set-sound" name="sound">'
    '<label for="set-sound">Sound</label>'
    '<span class="help">Short tones for draws, discards, knock, gin and the end of a match.</span></div>'
    "</fieldset>"
)


def _radio_group(name: str, legend: str, options: list[tuple[str, str, str]], cls: str = "") -> str:
    swatch = cls == "swatch"
    items = "".join(
        f'<label class="opt {cls}"><input type="radio" name="{name}" value="{v}"> '
        + (f'<span class="sw {name}-{v}" aria-hidden="true"></span>' if swatch else "")
        + f'<span class="ol">{dom.esc(label)}</span>'
        + (f'<span class="od">{dom.esc(desc)}</span>' if desc else "")
        + "</label>"
        for v, label, desc in options
    )
    cls_text = f"radios rg-{name}{' swatches' if swatch else ''}"
    return f'<fieldset class="{cls_text}"><legend>{dom.esc(legend)}</legend>{items}</fieldset>'


FLAG_IDS = {
    "tutor": "set-tutor",
    "left_handed": "set-left",
    "sound": "set-sound",
    "strict": "set-strict",
    "four_colour": "set-four",
}
"""Each flag of the settings and its checkbox in the form."""


class SettingsUI:
    def __init__(self) -> None:
        self.dlg = dom.by_id("dlg-settings")
        self.form = dom.by_id("settings-form")
        self.fields = rule_fields()
        self.build()

    def build(self) -> None:
        preset_opts = "".join(
            f'<option value="{k}">{dom.esc(PRESET_TEXT.get(k, k))}</option>' for k in PRESETS
        )
        self.form.innerHTML = (
            _radio_group("level", "Difficulty", [(k, *LEVEL_TEXT[k]) for k in LEVELS])
            + PLAY_HTML
            + COMFORT_HTML
            + LOOK_HTML
            + _radio_group("back", "Card backs", [(b, b.capitalize(), "") for b in BACKS], "swatch")
            + _radio_group("felt", "Table", [(f, f.capitalize(), "") for f in FELTS], "swatch")
            + _radio_group("card_size", "Card size", [(c, SIZE_TEXT[c], "") for c in CARD_SIZES])
            + "</fieldset>"
            + '<fieldset class="rules"><legend>Rules</legend>'
            + '<p class="help">New rules apply from the next match.</p>'
            + '<div class="field"><label for="set-preset">Preset</label>'
            + f'<select id="set-preset" name="preset">{preset_opts}<option value="custom">Custom</option>'
            + "</select></div>"
            + ruleform.form_html(GROUPS, self.fields)
            + "</fieldset>"
        )

    # ----- values -------------------------------------------------------------------------

    def _q(self, sel: str) -> Any:
        return dom.q(self.form, sel)

    def fill_rules(self, rules: Rules) -> None:
        for name, c in ruleform.controls_of(rules, self.fields).items():
            el = dom.by_id(f"rule-{name}")
            none = dom.by_id(f"rule-{name}-none")
            if str(el.type) == "checkbox":
                el.checked = bool(c.value)
            else:
                el.value = c.value
            if none is not None:
                none.checked = c.none
                el.disabled = c.none

    def read_rules(self) -> Rules:
        """Rules from the form; raises RulesError with the engine's message."""
        controls = {}
        for f in self.fields:
            el = dom.by_id(f"rule-{f.name}")
            none = dom.by_id(f"rule-{f.name}-none")
            value = ("true" if el.checked else "") if str(el.type) == "checkbox" else str(el.value)
            controls[f.name] = ruleform.Control(value, none is not None and bool(none.checked))
        return ruleform.rules_of(controls, self.fields)

    def open(self, s: Settings, level: str) -> None:
        """Show the settings as they are (``level``: the opponent at the table now)."""
        self._q(f"input[name=level][value={level}]").checked = True
        self._q(f"input[name=back][value={s.back}]").checked = True
        self._q(f"input[name=felt][value={s.felt}]").checked = True
        self._q(f"input[name=card_size][value={s.card_size}]").checked = True
        for name, ident in FLAG_IDS.items():
            dom.by_id(ident).checked = getattr(s, name)
        dom.by_id("set-motion").value = s.motion
        dom.by_id("set-speed").value = s.speed
        dom.by_id("set-preset").value = s.preset
        self.fill_rules(s.game_rules())
        dom.set_text(dom.by_id("settings-error"), "")
        self.dlg.showModal()

    def edited(self, control: str) -> None:
        """A form control changed: presets fill the options; options name their preset."""
        target = dom.by_id(control)
        if control == "set-preset":
            if target.value != "custom":
                self.fill_rules(preset(target.value))
            dom.set_text(dom.by_id("settings-error"), "")
            return
        if control.endswith("-none"):
            num = dom.by_id(control[: -len("-none")])
            num.disabled = bool(target.checked)
            if not target.checked and not num.value:
                num.value = "100"
        if dom.opt(target.getAttribute("data-rule")):
            try:
                rules = self.read_rules()
            except RulesError as e:
                dom.set_text(dom.by_id("settings-error"), str(e))
                dom.by_id("set-preset").value = "custom"
                return
            dom.set_text(dom.by_id("settings-error"), "")
            dom.by_id("set-preset").value = preset_name(rules) or "custom"

    def chosen(self, old: Settings) -> Settings | None:
        """The settings the form holds (the dialog closes), or None with the error shown."""
        try:
            rules = self.read_rules()
        except RulesError as e:
            dom.set_text(dom.by_id("settings-error"), f"Rules not saved: {e}")
            return None

        picked = {
            name: self._q(f"input[name={name}]:checked") for name in ("level", "back", "felt", "card_size")
        }
        values: dict[str, Any] = {name: str(el.value) for name, el in picked.items() if el is not None}
        for name, ident in FLAG_IDS.items():
            values[name] = bool(dom.by_id(ident).checked)
        values |= {"motion": str(dom.by_id("set-motion").value), "speed": str(dom.by_id("set-speed").value)}
        self.dlg.close()
        return settings.chosen(old, values, rules)
