"""localStorage with versioned keys, and a notice instead of a crash for anything unreadable.

Keys: ``gin-rummy/v1/match`` (the match in progress), ``gin-rummy/v1/settings``,
``gin-rummy/v1/stats``. Every value is JSON with a ``format`` and ``version``. Keys of other
versions under ``gin-rummy/`` are removed at start (with a notice); storage that is disabled
or full is reported once and the page keeps working without it.
"""

from __future__ import annotations

import js

PREFIX = "gin-rummy/"
VERSION = "v1"
NAMES = ("match", "settings", "stats")


def key(name: str) -> str:
    return f"{PREFIX}{VERSION}/{name}"


class Store:
    def __init__(self, notify):
        self.notify = notify
        self.failed = False
        try:
            self.ls = js.window.localStorage
            self.ls.getItem(key("settings"))
        except Exception:  # noqa: BLE001  (disabled storage throws on access)
            self.ls = None
            self._fail("Saving is not available in this browser window: progress will not be kept.")

    def _fail(self, text: str) -> None:
        if not self.failed:
            self.failed = True
            self.notify(text)

    def get(self, name: str) -> str | None:
        if self.ls is None:
            return None
        try:
            value = self.ls.getItem(key(name))
        except Exception:  # noqa: BLE001
            return None
        return value if isinstance(value, str) else None

    def put(self, name: str, text: str) -> bool:
        if self.ls is None:
            return False
        try:
            self.ls.setItem(key(name), text)
            return True
        except Exception:  # noqa: BLE001  (quota exceeded)
            self._fail("The browser's storage is full: progress is not being saved.")
            return False

    def remove(self, name: str) -> None:
        if self.ls is None:
            return
        try:
            self.ls.removeItem(key(name))
        except Exception:  # noqa: BLE001
            pass

    def sweep(self) -> list[str]:
        """Remove keys of other storage versions under our prefix; returns the removed keys."""
        if self.ls is None:
            return []
        ours = {key(n) for n in NAMES}
        stale = []
        try:
            for i in range(self.ls.length):
                k = self.ls.key(i)
                if isinstance(k, str) and k.startswith(PREFIX) and k not in ours:
                    stale.append(k)
            for k in stale:
                self.ls.removeItem(k)
        except Exception:  # noqa: BLE001
            return []
        return stale
