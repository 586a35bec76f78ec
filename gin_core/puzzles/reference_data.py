"""What the reference check (scripts/reference_verdicts.py, issue 41) found of the shipped
puzzles' answers against their runners-up: written by its ``prune`` command, do not edit.
``ROBUST`` ids won under every hand model x continuation policy pair; ``UNCLEAR`` ids were
checked, never clearly beaten, but not won under every pair; the other puzzles are not checked
yet. Puzzles whose answer was clearly beaten under some pair were retired from the set.
"""

from __future__ import annotations

MODELS = 2  # the hand models a robust answer won under (the uniform bound aside)
POLICIES = 6  # the continuation policies, in both seats
ROBUST = "pn5w2uk ppzpkic"
UNCLEAR = ""
