"""Three players, four in partnerships and Hollywood scoring (gin_core's ``TableMatch``) in the page:
a table of its own beside your two-player match (feature.py)."""
