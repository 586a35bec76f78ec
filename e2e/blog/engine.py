"""This blog post's own Python: the gin rummy engine (gin_core, loaded from the game's wheel by
engine.js) arranges a typed hand and deals the hand of a deal code.

It uses only the engine's front door (``from gin_core import ...``), the API its
``API_VERSION`` numbers: a post written for API 2 checks that first."""

import importlib.metadata

import gin_core
from gin_core import GinError, Match, best_arrangement, format_cards, parse_cards, sort_cards

API = 2  # the front door this post was written for


def arranged(text: str) -> str:
    """The best melds and the deadwood of the hand in ``text``, or why it is not a hand."""
    try:
        best = best_arrangement(parse_cards(text))
    except GinError as err:
        return f"Not a hand: {err}"
    melds = ", ".join(format_cards(m.cards) for m in best.melds) or "none"
    deadwood = format_cards(best.deadwood) or "none"
    return f"Melds: {melds}. Deadwood: {deadwood} ({best.deadwood_value} points)."


def dealt(code: str) -> str:
    """The ten cards the deal code ``code`` deals the non-dealer, or why it is not a code."""
    try:
        hand = Match(first_deal=code.strip(), dealer=1).view(0).hand  # player 1 deals to player 0
    except GinError as err:
        return f"Not a deal code: {err}"
    return f"You are dealt {format_cards(sort_cards(hand))}."


def about() -> str:
    """Which engine the post runs: the installed distribution's version and its API."""
    return f"gin_core {importlib.metadata.version('gin_core')}, API {gin_core.API_VERSION}"


def bind() -> None:
    """Answer each form in its output."""
    import js
    from pyodide.ffi import create_proxy

    def on_submit(form: str, field: str, output: str, answer):
        def handle(event) -> None:
            event.preventDefault()
            js.document.getElementById(output).value = answer(js.document.getElementById(field).value)

        js.document.getElementById(form).addEventListener("submit", create_proxy(handle))
        js.document.getElementById(output).value = answer(js.document.getElementById(field).value)

    status = js.document.getElementById("engine-about")
    if gin_core.API_VERSION != API:
        status.textContent = f"This post needs the engine's API {API}; the game has {gin_core.API_VERSION}."
        return
    on_submit("hand-form", "hand", "arranged", arranged)
    on_submit("deal-form", "code", "dealt", dealt)
    status.textContent = f"Engine: {about()}."
    status.dataset.ready = "1"


if __name__ == "__main__":
    bind()
