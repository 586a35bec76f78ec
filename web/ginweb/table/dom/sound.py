"""Plays the table's sounds (cues.py) with the Web Audio API: short enveloped sine tones. The
audio context is made on the first sound after the player has clicked or pressed a key in the
page (``navigator.userActivation``), never before, so nothing plays on its own at load."""

from __future__ import annotations

from typing import Any

from ...kit import dom
from ..cues import TONES

VOLUME = 0.12


class Sound:
    def __init__(self) -> None:
        self.context: Any = None

    def ready(self) -> bool:
        """Whether sound may play: the page has had a click or a key, and Web Audio exists."""
        if self.context is None:
            active = getattr(dom.window.navigator, "userActivation", None)
            maker = getattr(dom.window, "AudioContext", None)
            if active is None or maker is None or not active.hasBeenActive:
                return False
            self.context = maker.new()
        return True

    def play(self, name: str) -> None:
        """Play sound ``name``: its tones one after another."""
        if not self.ready():
            return
        ctx = self.context
        if str(ctx.state) == "suspended":
            ctx.resume()
        at = float(ctx.currentTime) + 0.01
        for freq, length in TONES[name]:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.frequency.value = freq
            gain.gain.setValueAtTime(VOLUME, at)
            gain.gain.exponentialRampToValueAtTime(0.001, at + length)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(at)
            osc.stop(at + length)
            at += length
