"""Learn to play (issue 30): short lessons on prepared deals, each checked by the engine,
plugged into the table (table/port.py): content.py (the lessons as data), model.py (pure:
the position, the checks, what the panel shows), record.py (the progress kept), intents.py,
ui.py (the panel) and feature.py (the plug)."""
