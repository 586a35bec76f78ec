"""Gin puzzles, a feature plugged into the table (table/port.py): record.py (your puzzle
progress as stored: rating, streaks, your mistakes), model.py (the pure presenter), ui.py (its
DOM writer), intents.py and feature.py (the plug)."""
