"""Command-line tools, not imported by the engine or the page: ``python -m gin_core.tools.arena``
(bot strength) and ``python -m gin_core.tools.bench`` (engine speed)."""
