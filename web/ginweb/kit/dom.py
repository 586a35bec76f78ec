"""Small helpers over the browser DOM (the only module besides the other browser modules that
imports ``js``): the game's root element, element look-up, proxied listeners kept alive,
escaping, timing.

The root is the element with class ``gin-app``: ``<body>`` on the game's own pages, the
container element when embed.js mounts the game inside another page. Elements are looked up
inside it (by id: one game per page), and an embedded game takes its options from the root's
data-* attributes instead of the address bar (see app.py)."""

from __future__ import annotations

import asyncio
import contextlib
import html
import traceback
from collections.abc import Callable, Coroutine, Generator, Iterable, Sequence
from typing import Any, TypeVar

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

Js = Any  # a JavaScript object (element, event, promise) through Pyodide's proxy: untyped
T = TypeVar("T")

document = js.document
window = js.window
_proxies: list[Any] = []  # proxies live as long as the page
_errors: list[Callable[[str], None]] = []


def opt(value: Any) -> Any:
    """JS null (Pyodide's ``jsnull``) as None."""
    return None if value is None or value is jsnull else value


root = opt(document.querySelector(".gin-app")) or document.body  # the game's root element
embedded = str(root.tagName).upper() != "BODY"  # mounted inside another page by embed.js


def by_id(ident: str) -> Js:
    """The game's element with this id (looked up inside the root)."""
    return opt(root.querySelector(f"#{ident}"))


def q(el: Js, selector: str) -> Js:
    """el.querySelector(selector), None when nothing matches."""
    return opt(el.querySelector(selector))


def dialog_open() -> bool:
    return q(root, "dialog[open]") is not None


def data_options(names: Iterable[str]) -> dict[str, str]:
    """The root's ``data-<name>`` attributes among ``names`` (an embedded game's options)."""
    out = {}
    for name in names:
        value = opt(root.getAttribute(f"data-{name}"))
        if value is not None:
            out[name] = str(value)
    return out


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def figures_table(caption: str, cols: tuple[str, ...], body: Sequence[tuple[str, ...]]) -> str:
    """A table of figures: ``cols`` its columns' heads, each row headed by its first cell."""
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in cols)
    rows = "".join(
        f'<tr><th scope="row">{esc(r[0])}</th>{"".join(f"<td>{esc(c)}</td>" for c in r[1:])}</tr>'
        for r in body
    )
    return (
        f'<table class="stats"><caption>{esc(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def now() -> float:
    return float(js.performance.now())


def on_error(report: Callable[[str], None]) -> None:
    """Where unexpected exceptions of handlers and tasks are reported (a notice)."""
    _errors.append(report)


def report(exc: BaseException) -> None:
    """Show an unexpected error as a short notice and log it (a console error: a bug)."""
    text = "".join(traceback.format_exception(exc))
    js.console.error(f"gin: {text}")
    for r in _errors:
        with contextlib.suppress(Exception):  # the report itself must never throw
            r(f"Something went wrong: {exc}")


def guarded(fn: Callable[..., object]) -> Callable[..., object]:
    """``fn`` whose exceptions become a notice (an event handler must never throw into JS)."""

    def run(*args: Any) -> object:
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001  (any bug in a handler is reported, not raised)
            report(exc)
            return None

    return run


def listen(target: Js, event: str, fn: Callable[..., object], passive: bool | None = None) -> None:
    """addEventListener with a proxy kept alive for the page's lifetime."""
    proxy = create_proxy(guarded(fn))
    _proxies.append(proxy)
    if passive is None:
        target.addEventListener(event, proxy)
    else:
        target.addEventListener(
            event, proxy, to_js({"passive": passive}, dict_converter=js.Object.fromEntries)
        )


def spawn(coro: Coroutine[Any, Any, object]) -> asyncio.Task[None]:
    """Run a coroutine as a task whose exceptions become notices."""

    async def run() -> None:
        try:
            await coro
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001  (a task's bug is reported, never lost)
            report(exc)

    return asyncio.ensure_future(run())


async def pause(ms: float) -> None:
    """Let the browser paint and handle input; ``ms`` = 0 yields once."""
    await asyncio.sleep(max(0.0, ms) / 1000)


async def in_slices(
    steps: Generator[object, None, T], wanted: Callable[[], bool]
) -> tuple[T, list[float]] | None:
    """Run a bot's thinking (a generator of slices of a few ms) to its return value, letting
    the browser paint and handle input after every slice. Returns (value, each slice's ms), or
    None when ``wanted()`` turns false at a pause (the thinking is abandoned)."""
    slices: list[float] = []
    while True:
        start = now()
        try:
            next(steps)
        except StopIteration as done:
            slices.append(now() - start)
            return done.value, slices
        slices.append(now() - start)
        await pause(0)
        if not wanted():
            return None


def closest(target: Js, selector: str) -> Js:
    """target.closest(selector) that tolerates text nodes and missing targets."""
    el = opt(target)
    if el is None:
        return None
    if getattr(el, "nodeType", 1) != 1:
        el = opt(el.parentElement)
    return opt(el.closest(selector)) if el is not None else None


def set_hidden(el: Js, hidden: bool) -> None:
    if bool(el.hidden) != hidden:
        el.hidden = hidden


def set_text(el: Js, text: str) -> None:
    if el.textContent != text:
        el.textContent = text


def set_attr(el: Js, name: str, value: str | None) -> None:
    if value is None:
        el.removeAttribute(name)
    elif el.getAttribute(name) != value:
        el.setAttribute(name, value)


def js_obj(d: dict[str, Any]) -> Js:
    return to_js(d, dict_converter=js.Object.fromEntries)


def download(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file download (a blob: URL, nothing leaves the page)."""
    blob = js.Blob.new(to_js([text]), js_obj({"type": mime}))
    url = js.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = filename
    a.style.display = "none"
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 5000)


def before_paint(fn: Callable[[], None]) -> None:
    """Call ``fn`` at the next frame, just before the browser lays the page out anyway: a read
    of the layout there costs no layout of its own (in a click handler it would force one)."""
    js.requestAnimationFrame(create_once_callable(guarded(lambda _time: fn())))


def after(ms: float, fn: Callable[[], None]) -> None:
    """Call ``fn`` once after ``ms`` milliseconds (errors become notices)."""
    js.setTimeout(create_once_callable(guarded(fn)), ms)


def game_address() -> str:
    """The game's address without a query (a shared link opens the game itself): this page's,
    or when embedded the game's own site (embed.js puts it on the root)."""
    loc = window.location
    embedded_at = opt(root.getAttribute("data-game-address")) if embedded else None
    return str(embedded_at) if embedded_at else f"{loc.origin}{loc.pathname}"
