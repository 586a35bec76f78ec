"""Two tabs of the page, one stored match: the tab that owns it saves it, the others say so.

Every stored record a person changes follows one of two rules, so that no tab's older copy
is written over another tab's newer one:

* owned (``Tabs.owned``: the match, a practice hand, and the records kept in memory while
  played: the seated table): only the owning tab writes them; the others read them again when
  they change (``changed``, a feature's ``stored_changed``: table/port.py's Watches), so a
  tab that takes the match back ("Play here") plays on from the other tab's last move;
* merged (the statistics, and every feature's record of progress): each change reads the
  record as stored, changes it and writes it back at once.

A tab claims the match when it starts and when the player chooses "Play here", by writing its
random id to ``gin-rummy/v1/owner``. Every other tab gets a ``storage`` event for that key, sees
the id is no longer its own, stops writing the match (``Store.refuse``) and calls ``lost`` (the
page then shows a modal "Playing in another tab" with a "Play here" button). The current value
is compared, not the event's, so two tabs starting together agree on the last writer.

Statistics are not owned: every tab counts by reading, counting and writing back at once
(app.py ``count``), and ``changed`` refreshes a tab's copy when another tab wrote them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import js

from ..kit import dom
from ..kit.dom import Js
from .local import Store, key
from .seatrecord import NAME as TABLE

OWNED = ("match", "practice", TABLE)  # the table's records only the owning tab writes (practice: a
# replayed deal; TABLE: a table of seats on the table)


class Tabs:
    def __init__(
        self,
        store: Store,
        lost: Callable[[], None],
        changed: Callable[[str], None],
    ):
        self.store = store
        self.lost = lost
        self.changed = changed
        self.id = secrets.token_hex(8)
        self.owner = False
        self.owned = frozenset(OWNED)
        store.refuse = lambda name: name in self.owned and not self.owner
        dom.listen(js.window, "storage", self.on_storage)

    def claim(self) -> None:
        """This tab owns the match from now on."""
        self.owner = True
        self.store.put("owner", self.id)

    def on_storage(self, event: Js) -> None:
        name = str(dom.opt(event.key) or "")
        if name == key("owner"):
            if self.owner and self.store.get("owner") != self.id:
                self.owner = False
                self.lost()
        elif name.startswith(key("")):
            self.changed(name[len(key("")) :])
