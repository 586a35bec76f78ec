"""The card table, the page's core: inputs to intents, one dispatch, the session (the one owner
of the match on the table), the pure presenter (model.py) and the writers (ui.py, board.py,
panels.py, dialogs.py, through screen.py), the computer's turns. It imports no feature:
features plug in through table/port.py."""
