"""The Settings dialog: difficulty, strictness, speed, deck and table colours, and every rule
option (a preset fills them all; changing one makes the rules "custom")."""

from __future__ import annotations

from dataclasses import replace

from gin_core import PRESETS, Rules, RulesError, preset, preset_name

from . import dom
from .settings import BACKS, CHOICE_TEXT, FELTS, LEVEL_TEXT, LEVELS, PRESET_TEXT, Settings, rule_fields

GROUPS = (
    ("Knocking", ("knock_limit", "oklahoma", "oklahoma_ace", "big_gin", "equal_is_undercut", "layoff_on_gin")),
    ("The deal", ("first_upcard", "no_discard_after_pickup", "stock_end", "spade_doubles", "next_dealer", "first_dealer")),
    ("Scoring", ("gin_bonus", "big_gin_bonus", "undercut_bonus", "target", "game_bonus", "line_bonus",
                 "shutout", "shutout_bonus", "shutout_needs_no_dead_hand")),
)


def _radio_group(name: str, legend: str, options: list[tuple[str, str, str]], cls: str = "") -> str:
    swatch = cls == "swatch"
    items = "".join(
        f'<label class="opt {cls}"><input type="radio" name="{name}" value="{v}"> '
        + (f'<span class="sw {name}-{v}" aria-hidden="true"></span>' if swatch else "")
        + f'<span class="ol">{dom.esc(label)}</span>'
        + (f'<span class="od">{dom.esc(desc)}</span>' if desc else "") + "</label>"
        for v, label, desc in options
    )
    return f'<fieldset class="radios rg-{name}{" swatches" if swatch else ""}"><legend>{dom.esc(legend)}</legend>{items}</fieldset>'


def _rule_input(name: str, label: str, help_text: str, kind: str) -> str:
    ident = f"rule-{name}"
    hid = f"{ident}-help"
    help_html = f'<span class="help" id="{hid}">{dom.esc(help_text)}</span>' if help_text else ""
    described = f' aria-describedby="{hid}"' if help_text else ""
    if kind == "bool":
        return (f'<div class="field check"><input type="checkbox" id="{ident}" data-rule="{name}"{described}>'
                f'<label for="{ident}">{dom.esc(label)}</label>{help_html}</div>')
    if kind.startswith("int:"):
        _, lo, hi = kind.split(":")
        return (f'<div class="field"><label for="{ident}">{dom.esc(label)}</label>'
                f'<input type="number" id="{ident}" data-rule="{name}" min="{lo}" max="{hi}" step="1" '
                f'inputmode="numeric"{described}>{help_html}</div>')
    if kind.startswith("choice:"):
        opts = "".join(f'<option value="{c}">{dom.esc(CHOICE_TEXT.get(c, c))}</option>'
                       for c in kind[7:].split("|"))
        return (f'<div class="field"><label for="{ident}">{dom.esc(label)}</label>'
                f'<select id="{ident}" data-rule="{name}"{described}>{opts}</select>{help_html}</div>')
    if kind == "target":
        return (f'<div class="field"><label for="{ident}">{dom.esc(label)}</label>'
                f'<span class="pair"><input type="number" id="{ident}" data-rule="{name}" min="1" max="10000" '
                f'step="1" inputmode="numeric"{described}><label class="inline"><input type="checkbox" '
                f'id="{ident}-one" data-rule="{name}"> One hand only</label></span>{help_html}</div>')
    if kind == "dealer":
        return (f'<div class="field"><label for="{ident}">{dom.esc(label)}</label>'
                f'<select id="{ident}" data-rule="{name}"{described}><option value="cut">Cut for the deal'
                f'</option><option value="0">You</option><option value="1">Computer</option></select>{help_html}</div>')
    return (f'<div class="field"><label for="{ident}">{dom.esc(label)}</label>'
            f'<input type="text" id="{ident}" data-rule="{name}"{described}>{help_html}</div>')


class SettingsUI:
    def __init__(self, app):
        self.app = app
        self.dlg = dom.by_id("dlg-settings")
        self.form = dom.by_id("settings-form")
        self.kinds = {name: kind for name, _, _, kind in rule_fields()}
        self.build()

    def build(self) -> None:
        fields = {name: (label, help_text, kind) for name, label, help_text, kind in rule_fields()}
        parts = [
            _radio_group("level", "Difficulty", [(k, *LEVEL_TEXT[k]) for k in LEVELS]),
            ('<fieldset><legend>Play</legend>'
            '<div class="field check"><input type="checkbox" id="set-strict" name="strict">'
            '<label for="set-strict">Strict mode</label><span class="help">No undo of your moves.</span></div>'
            '<div class="field"><label for="set-speed">Animation speed</label><select id="set-speed" name="speed">'
            '<option value="normal">Normal</option><option value="fast">Fast</option></select></div></fieldset>'),
            ('<fieldset><legend>Cards and table</legend>'
            '<div class="field check"><input type="checkbox" id="set-four" name="four_colour">'
            '<label for="set-four">Four-colour deck</label><span class="help">Diamonds blue, clubs green.</span></div>'
            + _radio_group("back", "Card backs", [(b, b.capitalize(), "") for b in BACKS], "swatch")
            + _radio_group("felt", "Table", [(f, f.capitalize(), "") for f in FELTS], "swatch")
            + "</fieldset>"),
        ]
        preset_opts = "".join(f'<option value="{k}">{dom.esc(PRESET_TEXT.get(k, k))}</option>' for k in PRESETS)
        rules = [('<fieldset class="rules"><legend>Rules</legend>'
                  '<p class="help">New rules apply from the next match.</p>'
                  '<div class="field"><label for="set-preset">Preset</label>'
                  f'<select id="set-preset" name="preset">{preset_opts}'
                  '<option value="custom">Custom</option></select></div>')]
        done = set()
        for title, names in GROUPS:
            inner = "".join(_rule_input(n, *fields[n]) for n in names if n in fields)
            done.update(names)
            rules.append(f'<fieldset class="sub"><legend>{title}</legend>{inner}</fieldset>')
        rest = [n for n in fields if n not in done]
        if rest:
            inner = "".join(_rule_input(n, *fields[n]) for n in rest)
            rules.append(f'<fieldset class="sub"><legend>Other</legend>{inner}</fieldset>')
        rules.append("</fieldset>")
        self.form.innerHTML = "".join(parts) + "".join(rules)

    # ----- values -------------------------------------------------------------------------

    def _q(self, sel: str):
        return dom.q(self.form, sel)

    def fill_rules(self, rules: Rules) -> None:
        for name, value in rules.to_dict().items():
            kind = self.kinds.get(name, "text")
            el = dom.by_id(f"rule-{name}")
            if el is None:
                continue
            if kind == "bool":
                el.checked = bool(value)
            elif kind == "target":
                el.value = "" if value is None else str(value)
                el.disabled = value is None
                dom.by_id(f"rule-{name}-one").checked = value is None
            elif kind == "dealer":
                el.value = "cut" if value is None else str(value)
            else:
                el.value = str(value)

    def read_rules(self) -> Rules:
        """Rules from the form; raises RulesError with the engine's message."""
        data = {}
        for name, kind in self.kinds.items():
            el = dom.by_id(f"rule-{name}")
            if el is None:
                continue
            if kind == "bool":
                data[name] = bool(el.checked)
            elif kind == "target":
                if dom.by_id(f"rule-{name}-one").checked:
                    data[name] = None
                else:
                    data[name] = _int(el.value, name)
            elif kind == "dealer":
                data[name] = None if el.value == "cut" else int(el.value)
            elif kind.startswith("int:"):
                data[name] = _int(el.value, name)
            else:
                data[name] = el.value
        return Rules.from_dict(data)

    def open(self) -> None:
        s: Settings = self.app.settings
        level = self.app.controller.game.level  # the opponent at the table now
        self._q(f"input[name=level][value={level}]").checked = True
        self._q(f"input[name=back][value={s.back}]").checked = True
        self._q(f"input[name=felt][value={s.felt}]").checked = True
        dom.by_id("set-strict").checked = s.strict
        dom.by_id("set-four").checked = s.four_colour
        dom.by_id("set-speed").value = s.speed
        dom.by_id("set-preset").value = s.preset
        self.fill_rules(s.game_rules())
        dom.set_text(dom.by_id("settings-error"), "")
        self.dlg.showModal()

    def changed(self, target) -> None:
        """A form control changed: presets fill the options; options name their preset."""
        if target.id == "set-preset":
            if target.value != "custom":
                self.fill_rules(preset(target.value))
            dom.set_text(dom.by_id("settings-error"), "")
            return
        if target.id.endswith("-one"):
            num = dom.by_id(target.id[:-4])
            num.disabled = bool(target.checked)
            if not target.checked and not num.value:
                num.value = "100"
        if dom.opt(target.getAttribute("data-rule")):
            try:
                rules = self.read_rules()
            except (RulesError, ValueError, TypeError) as e:
                dom.set_text(dom.by_id("settings-error"), str(e))
                dom.by_id("set-preset").value = "custom"
                return
            dom.set_text(dom.by_id("settings-error"), "")
            dom.by_id("set-preset").value = preset_name(rules) or "custom"

    def save(self) -> None:
        try:
            rules = self.read_rules()
        except (RulesError, ValueError, TypeError) as e:
            dom.set_text(dom.by_id("settings-error"), f"Rules not saved: {e}")
            return

        def pick(name: str) -> str:
            el = self._q(f"input[name={name}]:checked")
            return el.value if el is not None else getattr(self.app.settings, name)

        old: Settings = self.app.settings
        new = replace(old, level=pick("level"), back=pick("back"), felt=pick("felt"),
                      strict=bool(dom.by_id("set-strict").checked),
                      four_colour=bool(dom.by_id("set-four").checked),
                      speed=dom.by_id("set-speed").value).with_rules(rules)
        self.dlg.close()
        self.app.apply_settings(new, old)

    def cancel(self) -> None:
        self.dlg.close()


def _int(text: str, name: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise RulesError(f"rule {name} needs a whole number") from None
