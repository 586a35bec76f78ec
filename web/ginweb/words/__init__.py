"""All the page's words, pure: events, moves, the status line, the points arithmetic
(narrate.py), and the game log kept fair while a hand is live (gamelog.py)."""
