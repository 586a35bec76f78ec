"""gin_core: a gin rummy rules engine and computer opponents (standard library only)."""

__version__ = "0.1.0"
