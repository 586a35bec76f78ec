"""localStorage with versioned keys, read defensively, written with a lasting sign when it fails.

Keys: ``gin-rummy/v1/match`` (the match in progress), ``…/settings``, ``…/stats``,
``…/seal-key`` (seal.py), ``…/owner`` (tabs.py). Each record is JSON with a ``format`` and a
``version``.

* Reading (:meth:`Store.read`): the text is measured before it is parsed (safejson.py). A value
  that cannot be read is set aside under ``gin-rummy/v1/broken/<name>`` (replacing an older
  one there) with a notice, so it is never retried on the next load and can still be recovered
  by hand. A record written by a newer version of the page is left exactly as it is, and this
  page does not overwrite it (it plays on without saving that record, and says so).
* Keys of other storage versions (``gin-rummy/v2/…``) are never touched: they belong to a newer
  or older build of the page, which may still be open in another tab or come back after a
  rollback. Older record versions are migrated forward by the modules that read them
  (savefmt.py, stats.py), never deleted.
* Writing (:meth:`Store.put`): when the browser refuses (storage full), the value is kept and
  retried every few seconds and after every later save; ``on_status`` shows a lasting
  indicator (app.py) while the status is not "saving".
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import js

from ..kit import dom, safejson
from ..kit.safejson import NewerVersionError
from . import seal

Status = Literal["saving", "full", "newer", "off"]  # off: storage disabled; newer: a record is kept

PREFIX = "gin-rummy/"
VERSION = "v1"
RETRY_MS = 5000
T = TypeVar("T")


def key(name: str) -> str:
    return f"{PREFIX}{VERSION}/{name}"


class Store:
    def __init__(self, notify: Callable[[str], None], on_status: Callable[[Status], None]):
        self.notify = notify
        self.on_status = on_status
        self.pending: dict[str, str] = {}  # name -> text the browser refused to store
        self.kept: set[str] = set()  # records of a newer version: never overwritten
        self.refuse: Callable[[str], bool] = lambda name: False  # tabs.py: not this tab's to write
        self.retrying = False
        self._key: str | None = None
        self.ls: Any = None
        try:
            self.ls = js.window.localStorage
            self.ls.getItem(key("settings"))
        except Exception:  # noqa: BLE001  (disabled storage throws on access)
            self.ls = None
            notify("Saving is not available in this browser window: progress will not be kept.")
            on_status("off")

    # ----- reading ----------------------------------------------------------------------

    def get(self, name: str) -> str | None:
        if self.ls is None:
            return None
        try:
            value = self.ls.getItem(key(name))
        except Exception:  # noqa: BLE001  (storage taken away meanwhile: read as absent)
            return None
        return value if isinstance(value, str) else None

    def read(self, name: str, parse: Callable[[Any], T], what: str) -> T | None:
        """``parse(json value)`` of the stored ``name``, or None when there is none or it cannot
        be read (then it is set aside, with a notice naming ``what``). ``parse`` raises
        ValueError for a bad record, NewerVersionError (or a subclass) for a newer one."""
        text = self.get(name)
        if text is None:
            return None
        try:
            return parse(safejson.loads(text))
        except NewerVersionError:
            self.keep(name, what)
        except Exception as e:  # noqa: BLE001  (ValueError, or anything a foreign record provokes)
            self.set_aside(name, text, what, str(e) or type(e).__name__)
        return None

    def keep(self, name: str, what: str) -> None:
        """Leave a newer version's record untouched and never overwrite it from this page."""
        self.kept.add(name)
        self.on_status(self.status())
        self.notify(
            f"Your saved {what} came from a newer version of this page: this page leaves it as it is "
            "and does not save over it. Reload to get the newer version."
        )

    def set_aside(self, name: str, text: str, what: str, reason: str) -> None:
        """Move an unreadable value to ``…/broken/<name>`` so it is not read again, with a notice."""
        self.remove(name)
        kept = self._set(f"broken/{name}", text)
        where = f" (kept under {key('broken/' + name)})" if kept else ""
        self.notify(f"Your saved {what} could not be read ({reason}): set aside{where}, not read again.")

    # ----- writing ----------------------------------------------------------------------

    def _set(self, name: str, text: str) -> bool:
        if self.ls is None:
            return False
        try:
            self.ls.setItem(key(name), text)
            return True
        except Exception:  # noqa: BLE001  (quota exceeded)
            return False

    def put(self, name: str, text: str) -> bool:
        """Store ``text``; False when it was not stored (kept to retry if the browser refused)."""
        if self.ls is None or name in self.kept or self.refuse(name):
            return False
        self.pending.pop(name, None)
        ok = self._set(name, text)
        if not ok:
            self.pending[name] = text
        self.retry()
        return ok

    def retry(self) -> None:
        """Try every refused value again; keeps the indicator and a timer while any remains."""
        for name, text in list(self.pending.items()):
            if self.refuse(name) or self._set(name, text):
                del self.pending[name]
        self.on_status(self.status())
        if self.pending and not self.retrying:
            self.retrying = True
            dom.after(RETRY_MS, self._timer)

    def status(self) -> Status:
        if self.ls is None:
            return "off"
        return "full" if self.pending else "newer" if self.kept else "saving"

    def _timer(self) -> None:
        self.retrying = False
        self.retry()

    def remove(self, name: str) -> None:
        """Remove ``name`` (not a record another tab owns now: tabs.py)."""
        if self.ls is None or self.refuse(name):
            return
        with contextlib.suppress(Exception):  # a disabled storage throws
            self.ls.removeItem(key(name))

    # ----- the seal key -----------------------------------------------------------------

    def seal_key(self) -> str:
        """This browser's key for sealed values: the stored one, read again at every save (the
        storage may have been cleared while the page was open, and a save sealed with a key
        that is no longer stored could never be opened: the key is then stored again)."""
        stored = self.get("seal-key")
        if stored is not None and len(stored) == 32 and all(c in "0123456789abcdef" for c in stored):
            self._key = stored
            return stored
        if self._key is None:
            self._key = seal.new_key()
        self.put("seal-key", self._key)
        return self._key
