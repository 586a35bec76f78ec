"""The hand review and the coach, a feature plugged into the table (table/port.py):
record.py (the coach's reviews kept with your match, and its counts in the statistics),
model.py (the pure presenter of the review dialog and of the coach's statistics), ui.py (their
DOM writers), intents.py and feature.py (the plug: controls, keys, handlers, hooks, the coach's
background work)."""
