"""The daily deal, a feature plugged into the table (table/port.py): record.py (the fixed
mapping from a date to its match, the record of dailies, the share text), play.py (the day's
match and the expert's replays), model.py (the pure presenter), ui.py (its DOM writer),
intents.py and feature.py (the plug: controls, handlers, hooks)."""
