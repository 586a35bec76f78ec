"""The page's shared kit, knowing nothing of gin: DOM helpers (dom.py, the one door to the
browser's document), frozen value classes, the dataclasses' code compiled at build time, background
work in slices, SVG charts, stored text measured before parsing."""
