"""What the page keeps in the browser: localStorage read defensively (local.py), the stored
match (savefmt.py, sealed by seal.py), statistics, settings, the tab that owns the match, and
the session's vault over them (records.py)."""
