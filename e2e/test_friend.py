"""Play a friend (issue 47, items 1-2): two browser contexts (two devices) on loopback. The host
makes an invitation, the friend opens its link, the host pastes the answer, the two pages
connect over an RTCDataChannel and each shows the other's name; closing one page is said on the
other. Screenshots at phone size (390 x 844) in artifacts/friend/.

Headless Chromium hides a page's local addresses behind mDNS names (``<uuid>.local``). The two
contexts here share one browser process, which resolves the names it made itself, so the test
needs no ``--disable-features=WebRtcHideLocalIpsWithMdns``: the invitations carry mDNS names, as a
phone's do (tried: with the flag off the pages connect the same way over the loopback's own
addresses)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gin_e2e import capture, wait_ready
from test_game import play_turn

SHOTS = Path(__file__).resolve().parent.parent / "artifacts" / "friend"
PHONE = {"width": 390, "height": 844}
KEY = "gin-rummy/v1/friend"


@pytest.fixture
def devices(playwright, browser_type_launch_args):
    browser = playwright.chromium.launch(**browser_type_launch_args)
    contexts = [browser.new_context(viewport=PHONE, device_scale_factor=2) for _ in range(2)]
    errors: list[str] = []
    pages = []
    for c in contexts:
        p = c.new_page()
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pages.append(p)
    yield pages[0], pages[1], errors
    browser.close()


def named(page, site_url: str, name: str) -> None:
    """The page opened once, with ``name`` kept as this device's player's (as after a game)."""
    page.goto(f"{site_url}?fast=1")
    wait_ready(page, 90)
    page.evaluate(
        f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps({'v': 1, 'name': name, 'stun': ''}))})"
    )


def invite(host, site_url: str) -> str:
    host.goto(f"{site_url}?fast=1")
    wait_ready(host, 90)
    host.click("[data-act=new]")
    host.click("[data-act=friend]")
    host.wait_for_selector("#dlg-friend[open]")
    host.fill("#friend-name", "Ann")
    host.click("[data-act=friend-invite]")
    host.wait_for_selector("#friend-share:not([hidden]) #friend-qr svg", timeout=30_000)
    return host.input_value("#friend-link")


def qr_text(page) -> str | None:
    """The text of the page's QR code, decoded by zxing-cpp (an independent decoder) from the
    squares of the SVG the page drew."""
    zxingcpp = pytest.importorskip("zxingcpp")
    svg = page.inner_html("#friend-qr")
    side = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    scale = 4
    pixels = bytearray(b"\xff" * (side * scale) ** 2)
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", svg):
        for dy in range(scale):
            at = (int(y) * scale + dy) * side * scale + int(x) * scale
            pixels[at : at + scale] = b"\x00" * scale
    image = memoryview(bytes(pixels)).cast("B", (side * scale, side * scale))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if found else None


def test_two_devices_connect_and_see_each_others_name(devices, site_url):
    host, guest, errors = devices
    SHOTS.mkdir(parents=True, exist_ok=True)
    named(guest, site_url, "Bea")
    link = invite(host, site_url)
    assert "#friend=" in link and len(link) < 400
    assert qr_text(host) == link
    capture(host, path=str(SHOTS / "invitation.png"))

    guest.goto(link)
    wait_ready(guest, 90)
    guest.wait_for_selector("#friend-share:not([hidden]) #friend-qr svg", timeout=30_000)
    assert "#friend=" not in guest.url  # the handshake leaves the address bar
    assert "Ann" in guest.text_content("#friend-status")
    answer = guest.input_value("#friend-link")
    assert qr_text(guest) == answer
    capture(guest, path=str(SHOTS / "join.png"))

    host.fill("#friend-answer", answer)
    host.click("[data-act=friend-answer]")
    for page, friend in ((host, "Bea"), (guest, "Ann")):
        page.wait_for_function(
            "t => document.querySelector('#friend-status').textContent.includes(t)",
            arg=f"and {friend}",
            timeout=30_000,
        )
    capture(host, path=str(SHOTS / "connected-host.png"))
    capture(guest, path=str(SHOTS / "connected-guest.png"))

    guest.close()  # the friend closes their page: the host is told
    host.wait_for_selector("#friend-problem:not([hidden])", timeout=30_000)
    assert "Bea closed the game" in host.text_content("#friend-problem")
    assert not errors, errors


def connect(host, guest, site_url: str) -> None:
    named(guest, site_url, "Bea")
    guest.goto(invite(host, site_url))
    wait_ready(guest, 90)
    guest.wait_for_selector("#friend-share:not([hidden]) #friend-qr svg", timeout=30_000)
    host.fill("#friend-answer", guest.input_value("#friend-link"))
    host.click("[data-act=friend-answer]")
    for page in (host, guest):
        page.wait_for_function("document.querySelector('#friend-status').textContent.startsWith('Connected')")


def on_table(page, name: str) -> None:
    """Wait until the hand with the friend is on this page's table (its player's name there,
    their cards dealt)."""
    page.wait_for_function(
        """n => document.getElementById('name-you').textContent === n
               && document.querySelectorAll('#my-hand .card').length >= 10""",
        arg=name,
        timeout=60_000,
    )


def cards_of(page) -> list[str]:
    """The keys of the cards in this page's own hand, as its table shows them."""
    return page.eval_on_selector_all("#my-hand .card", "els => els.map(e => e.dataset.key)")


def readable(page) -> str:
    """What a person or a program can read of the game with a friend on this page: the page's
    text, its accessibility tree, every card key in it, and every stored record but the
    ordinary match's (sealed: it waits under the friend's hand)."""
    storage = json.loads(page.evaluate("JSON.stringify(Object.assign({}, localStorage))"))
    kept = "\n".join(f"{k}={v}" for k, v in storage.items() if not k.endswith(("/match", "/practice")))
    keys = page.eval_on_selector_all("[data-key]", "els => els.map(e => e.dataset.key)")
    body = page.locator("body")
    return "\n".join([body.inner_text(), body.aria_snapshot(), " ".join(keys), kept])


def turn(page) -> str:
    return page.evaluate("document.getElementById('table').dataset.turn")


def hand_shown(page) -> bool:
    return page.is_visible("#result")


def play_out(host, guest, scan_each_move: bool = False, hand: int = 1) -> None:
    """Both pages play hand ``hand`` to its end on their tables (``scan_each_move``: first
    checking that neither page can read a card of the other's hand); both then log the same
    result."""
    for _ in range(300):
        if all(hand_shown(p) for p in (host, guest)):
            break
        for page, other in ((host, guest), (guest, host)):
            if turn(page) != "you":
                continue
            if scan_each_move:
                hidden, seen = cards_of(other), readable(page)
                assert not [
                    c for c in hidden if re.search(rf"(?<![0-9AJQKT]){re.escape(c)}(?![0-9A-Z])", seen)
                ]
            play_turn(page)
        host.wait_for_timeout(100)
    lines = [
        p.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")[-1] for p in (host, guest)
    ]
    assert lines[0] == lines[1] and f"Hand {hand} result" in lines[0], lines


def test_a_hand_is_dealt_played_and_checked_on_both_tables(devices, site_url):
    host, guest, errors = devices
    connect(host, guest, site_url)
    host.click("[data-act=friend-deal]")
    on_table(host, "Ann")
    on_table(guest, "Bea")
    mine, theirs = cards_of(host), cards_of(guest)
    assert len(mine) == len(theirs) == 10 and not set(mine) & set(theirs)
    assert host.text_content("#name-cpu") == "Bea" and guest.text_content("#name-cpu") == "Ann"
    capture(host, path=str(SHOTS / "hand-host.png"))
    capture(guest, path=str(SHOTS / "hand-guest.png"))
    play_out(host, guest, scan_each_move=True)
    # the match, scored on each device from the hands it verified: the same words on both
    lines = [p.text_content("#friend-match") for p in (host, guest)]
    assert lines[0] == lines[1] and re.fullmatch(r"Match to \d+: Ann \d+, Bea \d+\.", lines[0]), lines
    capture(host, path=str(SHOTS / "result-host.png"))
    # each player goes over their own decisions, from their own seat's view
    guest.click("#btn-friend-go-over")
    guest.wait_for_selector("#dlg-review[open]")
    assert guest.text_content("#review-title").startswith("Your game of hand 1")
    capture(guest, path=str(SHOTS / "go-over-guest.png"))
    guest.click("#dlg-review [data-act=review-close]")
    # the hand is counted with the friend, apart from the record against the computer
    host.click("[data-act=stats]")
    host.wait_for_selector("#friends-stats table")
    row = host.eval_on_selector_all("#friends-stats tbody tr > *", "cs => cs.map(c => c.textContent)")
    assert row[0] == "Bea" and row[5] == "1", row  # one hand, with Bea
    host.click("#dlg-stats [data-act=close]")
    # the next hand is the host's to deal, from the table's own button
    guest.click("#btn-next")
    guest.wait_for_function(
        "document.getElementById('toasts').textContent.includes('The host deals the next hand')"
    )
    host.click("#btn-next")
    for page in (host, guest):
        page.wait_for_function(
            "[...document.querySelectorAll('#log li')].some(e => e.textContent.startsWith('Hand 2'))",
            timeout=60_000,
        )
    perf = [json.loads(p.evaluate("window.ginFriendPerf || '[]'")) for p in (host, guest)]
    (SHOTS / "perf.json").write_text(json.dumps({"host": perf[0], "guest": perf[1]}, indent=1))
    assert perf[0][0]["slices"] > 100 and perf[1][0]["slices"] > 100  # the work ran in slices
    # hand 2 played out: the scoreboard lists both hands, and the first is gone over from its row
    play_out(host, guest, hand=2)
    rows = guest.eval_on_selector_all("#scoreboard tbody tr", "rs => rs.map(r => r.textContent)")
    assert len(rows) == 2 and all("Go over" in r for r in rows), rows
    guest.click('#scoreboard [aria-label="Go over hand 1"]')
    guest.wait_for_selector("#dlg-review[open]")
    assert guest.text_content("#review-title").startswith("Your game of hand 1")
    capture(guest, path=str(SHOTS / "go-over-hand-1-guest.png"))
    guest.click("#dlg-review [data-act=review-close]")
    assert not errors, errors


def answer_again(host, guest, link: str) -> None:
    """The friend opens the host's new invitation and the host takes the answer."""
    guest.goto(link)
    wait_ready(guest, 90)
    guest.wait_for_selector("#friend-share:not([hidden]) #friend-qr svg", timeout=30_000)
    host.fill("#friend-answer", guest.input_value("#friend-link"))
    host.click("[data-act=friend-answer]")


def mover(host, guest):
    """The page whose player may move now (waiting while the devices exchange keys)."""
    for _ in range(300):
        for page in (host, guest):
            if turn(page) == "you":
                return page
        host.wait_for_timeout(100)
    raise AssertionError("no one has a move")


def play_moves(host, guest, count: int) -> None:
    """``count`` turns that do not end the hand: a pass, or a draw from the stock and a discard."""
    for _ in range(count):
        page = mover(host, guest)
        phase = page.evaluate("document.getElementById('table').dataset.phase")
        if phase in ("offer", "wall"):
            page.click("#btn-pass")
            continue
        if phase == "draw":
            page.click("#stock")
            page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
        before = cards_of(page)
        page.query_selector_all("#my-hand .card:not(.locked)")[-1].click()
        page.wait_for_function(
            "n => document.querySelectorAll('#my-hand .card').length === n", arg=len(before) - 1
        )


def test_a_hand_dropped_mid_way_is_taken_up_where_it_stood(devices, site_url):
    """The friend's page is reloaded mid-hand (the connection drops; the host's table goes back
    to its own match and it is told the hand is kept); the host makes a new invitation from its
    page, the friend opens it in the same tab, and both take the hand up on their tables where
    it stood: the same cards, then played to a verified end."""
    host, guest, errors = devices
    connect(host, guest, site_url)
    host.click("[data-act=friend-deal]")
    on_table(host, "Ann")
    on_table(guest, "Bea")
    play_moves(host, guest, 3)
    mover(host, guest)  # the keys of the last move are in: someone may move (a drawn card is read)
    before = cards_of(host), cards_of(guest)
    guest.reload()
    wait_ready(guest, 90)
    host.wait_for_selector("#friend-problem:not([hidden])", timeout=30_000)
    assert "The hand is kept on this device" in host.text_content("#friend-problem")
    assert host.text_content("#name-you") == "You", "the host's own match is back on its table"

    # the host invites again from the same page (the hand in its memory and in its storage)
    host.click("[data-act=friend-invite]")
    host.wait_for_selector("#friend-share:not([hidden]) #friend-qr svg", timeout=30_000)
    answer_again(host, guest, host.input_value("#friend-link"))
    on_table(host, "Ann")
    on_table(guest, "Bea")
    assert (sorted(cards_of(host)), sorted(cards_of(guest))) == (sorted(before[0]), sorted(before[1]))
    capture(host, path=str(SHOTS / "taken-up-host.png"))
    capture(guest, path=str(SHOTS / "taken-up-guest.png"))
    play_out(host, guest)
    assert not errors, errors


def test_a_bad_or_stale_answer_is_refused_in_words(devices, site_url):
    host, _, errors = devices
    invite(host, site_url)
    host.fill("#friend-answer", "https://example.org/#friend=not-a-real-answer")
    host.click("[data-act=friend-answer]")
    host.wait_for_selector("#friend-problem:not([hidden])")
    assert "This answer cannot be used" in host.text_content("#friend-problem")
    # an invitation pasted where an answer goes is no answer either
    link = invite(host, site_url)
    host.fill("#friend-answer", link)
    host.click("[data-act=friend-answer]")
    host.wait_for_selector("#friend-problem:not([hidden])")
    assert "not the answer to this invitation" in host.text_content("#friend-problem")
    assert not errors, errors
