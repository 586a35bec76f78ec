"""What a player asks of the daily deal, as typed values (see ginweb/table/intents.py)."""

from __future__ import annotations

from ..table.port import FeatureIntent


class OpenDaily(FeatureIntent):
    """Play a daily deal: today's (``day`` None) or an earlier one as practice ("YYYY-MM-DD")."""

    day: str | None = None


class ShareDaily(FeatureIntent):
    """Copy the finished daily's result to share."""


class DuplicateDone(FeatureIntent):
    """The expert has replayed one more hand of the daily (a background job ended)."""
