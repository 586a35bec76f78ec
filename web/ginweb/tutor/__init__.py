"""The tutor, a feature plugged into the table (table/port.py): model.py (pure: whether a
move deserves "Are you sure?" and why, in words) and feature.py (the plug: the values of your
moves worked out in the background as your turn starts, and the question before a move)."""
