"""Pure: which sound a move makes (Settings' "Sound", off by default) and how each sound is
made: a few short sine tones, synthesized in the page (sound.py), so no sound file is fetched."""

from __future__ import annotations

from collections.abc import Sequence

from gin_core import ActionKind, Phase

Tone = tuple[float, float]  # frequency (Hz), length (s)

TONES: dict[str, tuple[Tone, ...]] = {
    "draw": ((660.0, 0.05),),
    "discard": ((440.0, 0.06),),
    "knock": ((330.0, 0.09), (262.0, 0.12)),
    "gin": ((523.0, 0.08), (659.0, 0.08), (784.0, 0.14)),
    "match": ((523.0, 0.1), (659.0, 0.1), (784.0, 0.1), (1047.0, 0.25)),
}
KIND_CUES = {
    ActionKind.DRAW_STOCK: "draw",
    ActionKind.DRAW_PILE: "draw",
    ActionKind.DISCARD: "discard",
    ActionKind.KNOCK: "knock",
    ActionKind.GIN: "gin",
    ActionKind.BIG_GIN: "gin",
}


def cue(new: Sequence[ActionKind], phase: Phase) -> str | None:
    """The sound of the moves just made (``new``: their kinds, oldest first; the last one
    speaks for them), the match's end first; None when they make none."""
    if not new:
        return None
    if phase == Phase.MATCH_OVER:
        return "match"
    return KIND_CUES.get(new[-1])
