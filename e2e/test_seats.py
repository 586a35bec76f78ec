"""Three players, four in partnerships and Hollywood scoring in the page (issue 31 items 2-4).

A three-player table through a rotation: you deal the first hand and sit it out (the others'
game shown face down as it is played, "Skip to the result"), then play the next against the
one who sat out (every seating's hand, both games of partners scored, Hollywood's board and
leaving the table: e2e/test_onetable.py). A reload mid-hand brings the table back as it was.
Every test's tables are dealt from a fixed seed (the
link's table_seed), so every run plays the same games. While a hand is in play no card of a hidden hand is
on the page, and the stored table is sealed. Two people and the computer at three (over a
two-person match waiting covered): at every step no card hidden from whoever may look (the
person holding the device, nobody while covered) is in the DOM, the accessibility tree or
localStorage; the device passes covered at the start, after a reload (the names come back) and
at a new hand, through a rotation of the deal. axe at desktop and phone sizes; screenshots in
/work/briefs/shots/seats-*.png.
"""

from __future__ import annotations

import json
from pathlib import Path

from gin_e2e import wait_ready
from test_a11y import SIZES, Audit
from test_game import FAST, SEAL_KEY, open_game, seal  # seal: the page's, web/ on the path
from test_pass_and_play import assert_unseen, everything_readable, named, start_two_people

from gin_core import Card, Match, Phase, TableMatch, TablePhase, load_table, make_bot
from gin_core.analysis import hand_moves, position

SHOTS = Path("/work/briefs/shots")
TABLE_KEY = "gin-rummy/v1/seats"
MOVES = "#dlg-seats [data-act=seat-move]"  # the move buttons and the cards to discard
NEXT = "#seats-moves [data-action=next_hand]"
ALL_CARDS = {Card.parse(f"{r}{s}") for r in "A23456789TJQK" for s in "CDHS"}
SEEDED = {  # each test's table deals (a link's table_seed), fixed so every run plays the same
    "three": 11,
    "partners": 12,
    "hollywood": 13,
    "people": 14,
    "partners-people": 15,
}


def seeded(name: str) -> str:
    """The link of a test whose tables are dealt from its fixed seed (the computer plays by the
    deal, and so does the test's person: the same game every run)."""
    return f"?{FAST}&table_seed={SEEDED[name]}"


def sit_down(page, seating: str) -> None:
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", seating)
    page.click("[data-act=seat-down]")
    page.wait_for_selector("#dlg-seats[open]")


def stored(page) -> TableMatch:
    """The stored table, its sealed part opened as only a test may."""
    text, key = page.evaluate(f"[localStorage.getItem({TABLE_KEY!r}), localStorage.getItem({SEAL_KEY!r})]")
    data = json.loads(text)
    assert set(data["table"].split(":", 1)[1]) <= set("abcdefghijklmnop")  # nothing in clear
    return load_table(seal.unseal(data["table"], key))


def faces(page) -> list[str]:
    """The face-up cards shown in each game (hands and pile tops; not a finished game's hands
    laid out, shown to everyone)."""
    return page.eval_on_selector_all(
        "#seats-games .seat-game",
        "gs => gs.map(g => [...g.querySelectorAll('.rcard:not(.back), .card.face')]"
        ".filter(c => !c.closest('.laid'))"
        ".map(c => c.classList.contains('card') ? c.ariaLabel.replaceAll(' ', '_') : c.textContent)"
        ".join(' '))",
    )


def assert_hidden_unseen(page) -> None:
    """No card of a hand you cannot see is face up: a game you are not in shows its pile top
    only, yours your hand and the pile top."""
    table = stored(page)
    mine = table.game_of(0)
    shown = faces(page)
    start = 0
    if mine is not None:
        match, player = mine
        assert len(shown[0].split()) == len(match.view(player).hand) + (1 if match.hand.pile else 0)
        start = 1
    for text in shown[start:]:
        assert len(text.split()) <= 1


def shots(page, name: str) -> None:
    old = page.viewport_size
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"seats-{name}-{size}.png"))
    page.set_viewport_size(old)


def play_hand(page, moves: int = 400) -> None:
    """Play your game (as a beginner would), skip the others' to the result, until the hand is
    over."""
    for _ in range(moves):
        page.wait_for_selector(f"{MOVES}, #seats-moves [data-act=seat-skip]")
        if page.locator(NEXT).count():
            return
        if page.locator(MOVES).count():
            play_as(page, stored(page), 0)
        elif page.locator("#seats-moves [data-act=seat-skip]").count():  # else drawn again meanwhile
            page.click("#seats-moves [data-act=seat-skip]")
            page.wait_for_selector(NEXT, timeout=60_000)
    raise AssertionError("the hand did not end")


def reload_same(page) -> None:
    """Reload mid-hand: the same table and seats come back (the computer plays on meanwhile,
    so the moves stored before are the start of those after), and your cards if it was your
    turn (nobody moves in your game then)."""
    yours = page.locator(MOVES).count() > 0
    before, seats, mine = stored(page), seat_names(page), faces(page)[0]
    page.reload()
    wait_ready(page, 60)
    page.wait_for_selector("#dlg-seats[open]")
    after = stored(page)
    assert after.history[: len(before.history)] == before.history and len(after.hands) == len(before.hands)
    assert seat_names(page) == seats
    if yours:
        assert faces(page)[0] == mine


def seat_names(page) -> list[str]:
    """Who sits where around the table (each seat's name and place, without what it is doing:
    the computer plays on meanwhile)."""
    return [line.split(":")[0] for line in page.inner_text("#seats-list").splitlines()]


def audit_clean(audit: Audit) -> None:
    assert not audit.found, json.dumps(audit.found, indent=1)[:3000]


def test_three_players_through_a_rotation(page, site_url):
    audit = Audit(page, SIZES)
    open_game(page, site_url, seeded("three"))
    sit_down(page, "three")
    assert stored(page).seed == SEEDED["three"]  # dealt from the link's table_seed
    assert page.inner_text("#seats-list").splitlines()[0] == "You: deals, sits this hand out"
    assert page.locator("#seats-games .seat-game").count() == 1
    assert_hidden_unseen(page)
    audit("three, sitting out")
    shots(page, "three-watching")
    reload_same(page)
    page.click("#seats-moves [data-act=seat-skip]")
    page.wait_for_selector(NEXT, timeout=60_000)
    assert page.locator("#seats-board tbody tr").first.inner_text().startswith("1")
    page.click(NEXT)
    page.wait_for_function("!document.getElementById('seats-list').innerText.startsWith('You: deals')")
    assert "sits this hand out" not in page.inner_text("#seats-list").splitlines()[0]
    page.wait_for_selector(MOVES)
    assert_hidden_unseen(page)
    audit("three, playing")
    shots(page, "three-playing")
    play_hand(page)
    table = stored(page)
    assert len(table.hands) == 2 and table.hands[0].dealer == 0 and table.hands[1].dealer != 0
    assert 0 in table.hands[1].games[0].seats  # you played the second hand
    shots(page, "three-scores")
    go_over_your_game(page, audit)
    audit_clean(audit)


def never_seen(match: Match, me: int) -> set[Card]:
    """The cards the other player held in ``match`` (one finished hand) that ``me`` never saw:
    not in ``me``'s hand, on the pile, nor laid open at a knock or gin."""
    seen: set[Card] = set()
    theirs: set[Card] = set()
    for k in range(len(hand_moves(match, 1)) + 1):
        now = position(match, 1, k) if k < len(hand_moves(match, 1)) else match
        seen |= set(now.hand.hands[me]) | set(now.hand.pile)
        theirs |= set(now.hand.hands[1 - me])
    if match.records[0].settlement is not None:
        seen |= set(match.hand.hands[1 - me])
    return theirs - seen


def go_over_your_game(page, audit: Audit) -> None:
    """After the hand you played, your game of it in the review's dialog: your seat's view only
    at every step (no card the other held unseen by you in the dialog, its words or storage),
    analysed (the verdicts come in) and kept sealed with the table."""
    page.click("#seats-moves [data-act=seat-go-over]")
    page.wait_for_selector("#dlg-review[open]")
    assert page.inner_text("#review-title") == "Your game of hand 2: review"
    table = stored(page)
    game, me = next((g, p.seats.index(0)) for g, p in enumerate(table.hands[-1].games) if 0 in p.seats)
    hidden = never_seen(table.games[game], me)
    page.wait_for_function("!document.getElementById('review-summary').classList.contains('busy')")
    shots(page, "review")
    audit("three, your game gone over")
    for _ in range(len(hand_moves(table.games[game], 1)) + 1):
        found = named(page.inner_html("#dlg-review"), hidden)
        assert not found, f"step {page.inner_text('#review-pos')} shows {sorted(map(str, found))}"
        if page.locator("#dlg-review [data-act=review-next]:disabled").count():
            break
        page.click("#dlg-review [data-act=review-next]")
    kept = json.loads(page.evaluate(f"localStorage.getItem({TABLE_KEY!r})"))
    assert set(kept["analyses"].split(":", 1)[1]) <= set("abcdefghijklmnop")  # sealed
    key = page.evaluate(f"localStorage.getItem({SEAL_KEY!r})")
    assert json.loads(seal.unseal(kept["analyses"], key))["2:0"]["player"] == me
    page.click("#dlg-review [data-act=review-close]")
    page.wait_for_function("!document.querySelector('#dlg-review[open]')")
    assert page.locator("#dlg-seats[open]").count()  # back at the table


# ----- several people at the table --------------------------------------------------------------

READY = "#seats-moves [data-act=seat-ready]"
PEOPLE = ("Carol", "Dave")


def sit_down_people(page) -> None:
    """Three players: Carol and Dave are people, the computer sits at seat 3."""
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", "three")
    page.select_option("#seats-kind2", "person")
    page.fill("#seats-name1", PEOPLE[0])
    page.fill("#seats-name2", PEOPLE[1])
    page.click("[data-act=seat-down]")
    page.wait_for_selector(f"#dlg-seats[open] {READY}")


def in_hands(table: TableMatch) -> set[Card]:
    """Every card held in a hand of a game in play (not on a pile; a finished game's hands are
    laid out for everyone, and each game has its own deck: the same card laid out in a finished
    game cannot be told from the text, so it is left out too)."""
    piles = {c for m in table.games for c in m.hand.pile}
    over = [m for m in table.games if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    laid_out = {c for m in over for h in m.hand.hands for c in h}
    playing = [m for m in table.games if m not in over]
    return {c for m in playing for h in m.hand.hands for c in h} - piles - laid_out


def known_to(table: TableMatch, name: str) -> set[Card]:
    """What the person ``name`` may know of the hands: their own and what their opponent took
    from the pile."""
    found = table.game_of(PEOPLE.index(name))
    if found is None:
        return set()
    v = found[0].view(found[1])
    return set(v.hand) | set(v.opponent_known)


def holder(page) -> str | None:
    """The person whose cards the dialog shows face up (None: covered, or watching)."""
    if not page.locator("#seats-games [aria-label^='Your hand']").count():
        return None
    title = page.inner_text("#seats-games .seat-game h3 >> nth=0")
    return title.split(" against ")[0]


def sensible(table: TableMatch, seat: int | None) -> str | None:
    """The move a person makes: the next hand, or what a beginner would play in their seat."""
    if table.phase != TablePhase.PLAY or seat is None:
        return "next_hand"
    found = table.game_of(seat)
    assert found is not None
    if found[0].to_move != found[1]:
        return None  # the page is drawing the move just made
    return str(make_bot("beginner", seed=1).decide(found[0].view(found[1])).action)


def play_as(page, table: TableMatch, seat: int | None) -> None:
    """Click the move (or the card to discard) a beginner would play at ``seat``."""
    offered = page.eval_on_selector_all(MOVES, "bs => bs.map(b => b.dataset.action)")
    want = sensible(table, seat)
    if want is None:
        return
    pick = want if want in offered else next(a for a in offered if a.split()[:2] == want.split()[:2])
    page.locator(f'{MOVES}[data-action="{pick}"]').click()


def people_step(page, audit: Audit, other_deck: set[Card]) -> str:
    """One thing done: Ready, the holder's first move, or skipping; checked first that no card
    hidden from whoever may look is anywhere readable (the covered two-person match underneath
    names ``other_deck``'s public cards: another deck, left out)."""
    page.wait_for_function(
        "document.querySelector('#seats-moves button, #seats-games button') || "
        "document.getElementById('seats-status').textContent.startsWith('The table is over')"
    )
    table = stored(page)
    if table.result is not None:
        return "over"
    if page.locator(READY).count():
        to = page.inner_text("#seats-status").split("Pass the device to ")[1].split(".")[0]
        assert to in PEOPLE
        assert_unseen(page, in_hands(table) - other_deck)
        if not audit.found and len(table.hands) == 1:
            audit("three people, handover")
            shots(page, "people-handover")
        page.click(READY)
        return "ready"
    who = holder(page)
    assert who is None or who in PEOPLE
    readable = everything_readable(page)
    if stored(page).history != table.history:
        return "wait"  # the computer moved while the page was read: read it again
    hidden = in_hands(table) - (known_to(table, who) if who else set()) - other_deck
    for where, text in readable.items():
        assert not named(text, hidden), f"{where} shows {sorted(map(str, named(text, hidden)))}"
    if page.locator(MOVES).count():
        play_as(page, table, PEOPLE.index(who) if who else None)
        return "move"
    if page.locator("#seats-moves [data-act=seat-skip]").count():  # else drawn again meanwhile
        page.click("#seats-moves [data-act=seat-skip]")
        return "skip"
    return "wait"


GO_OVER = "#seats-moves [data-act=seat-go-over]"


def go_over_behind_handover(page, table: TableMatch, seat: int) -> None:
    """With several people, a person's game opens only once the device is passed to them (no
    button for one who sat out), from their seat's view only, with their name for "you"."""
    name = PEOPLE[seat]
    assert page.locator(f"{GO_OVER}[data-seat='0']").count() == 0  # Carol sat out: nothing to go over
    page.click(f"{GO_OVER}[data-seat='{seat}']")
    page.wait_for_function(
        "t => document.querySelector('#dlg-confirm[open] #confirm-text')?.textContent === t",
        arg=f"Pass to {name} to go over {name}\u2019s game of hand {len(table.hands)}.",
    )
    assert not page.is_visible("#dlg-review"), "nothing of the game before the handover"
    page.click("#confirm-ok")
    page.wait_for_selector("#dlg-review[open]")
    assert page.inner_text("#review-title").strip() == f"{name}\u2019s game of hand 1: review"
    game, me = next((g, p.seats.index(seat)) for g, p in enumerate(table.hands[-1].games) if seat in p.seats)
    hidden = never_seen(table.games[game], me)
    assert not named(page.inner_html("#dlg-review"), hidden)  # as dealt
    page.click("#dlg-review [data-act=review-last]")
    assert not named(page.inner_html("#dlg-review"), hidden)  # the hand's end
    page.click("#dlg-review [data-act=review-close]")
    page.wait_for_function("!document.querySelector('#dlg-review[open]')")


def test_two_people_and_the_computer_pass_the_device_through_a_rotation(page, site_url):
    audit = Audit(page, SIZES)
    open_game(page, site_url, seeded("people"))
    start_two_people(page)  # the match underneath waits covered: no hand of it readable
    other_deck = {c for text in everything_readable(page).values() for c in named(text, ALL_CARDS)}
    sit_down_people(page)
    lines = page.inner_text("#seats-list").splitlines()  # from the seat of the person to hold the device
    assert lines[0].startswith("Dave: ") and lines[2] == "Carol (right): deals, sits this hand out"
    assert seat_names(page) == ["Dave", "Right (left)", "Carol (right)"]
    done: list[str] = []
    reloaded = gone_over = False
    for _ in range(600):
        table = stored(page)
        if (
            not gone_over
            and table.phase != TablePhase.PLAY
            and page.locator(f"{GO_OVER}[data-seat='1']").count()
        ):
            go_over_behind_handover(page, table, 1)  # Dave played the first hand, Carol sat out
            gone_over = True
        if any(h.dealer != 0 for h in table.hands) or table.result is not None:
            break  # a hand dealt by another than Carol was played: the deal rotated
        if not reloaded and done.count("move") > 6 and table.phase == TablePhase.PLAY:
            seats = seat_names(page)
            page.reload()
            wait_ready(page, 60)
            page.wait_for_selector(f"#dlg-seats[open] {READY}")  # covered after a reload
            assert seat_names(page) == seats  # the people and their names are back
            reloaded = True
        if done.count("move") == 10 and done[-1] != "shot":
            shots(page, "people-playing")
            audit("three people, playing")
            done.append("shot")
        done.append(people_step(page, audit, other_deck))
    table = stored(page)
    assert any(h.dealer != 0 for h in table.hands) and reloaded and gone_over
    assert done.count("ready") >= 3  # covered at the start, after the reload, at the new hand
    audit_clean(audit)


PARTNERS = {"Carol": 0, "Dave": 2}  # two people, partners (seats 0 and 2), each against the computer


def sit_down_partners(page) -> None:
    page.click("[data-act=new]")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-seating", "partners")
    page.select_option("#seats-kind3", "person")
    page.fill("#seats-name1", "Carol")
    page.fill("#seats-name3", "Dave")
    page.click("[data-act=seat-down]")
    page.wait_for_selector(f"#dlg-seats[open] {READY}")


def known_at(table: TableMatch, seat: int) -> set[Card]:
    """What ``seat`` may know of the hands: its own and what its opponent took from the pile."""
    found = table.game_of(seat)
    if found is None:
        return set()
    v = found[0].view(found[1])
    return set(v.hand) | set(v.opponent_known)


def take_back(page, audit: Audit) -> None:
    """The holder takes back their last move: the table has one move fewer."""
    before = len(stored(page).history)
    page.click("#seats-moves [data-act=seat-undo]")
    for _ in range(100):  # stored as the click is handled
        if len(stored(page).history) < before:
            break
        page.wait_for_timeout(50)
    assert len(stored(page).history) < before
    audit("partners, two people, taken back")
    shots(page, "review-partners")


def test_people_at_a_partnership_table_pass_the_device_and_take_back_once(page, site_url):
    audit = Audit(page, SIZES)
    open_game(page, site_url, seeded("partners-people"))
    start_two_people(page)  # the match underneath waits covered: no hand of it readable
    other_deck = {c for text in everything_readable(page).values() for c in named(text, ALL_CARDS)}
    sit_down_partners(page)
    readies, took_back = 0, False
    for _ in range(400):
        if readies >= 2 and took_back:
            break
        page.wait_for_selector("#seats-moves button, #seats-games button")
        table = stored(page)
        if page.locator(READY).count():
            assert_unseen(page, in_hands(table) - other_deck)
            page.click(READY)
            readies += 1
            continue
        who = holder(page)
        if who is None:  # drawn between two states (the cover lifted, the hand not yet shown)
            page.wait_for_timeout(100)
            continue
        assert who in PARTNERS
        assert_unseen(page, in_hands(table) - known_at(table, PARTNERS[who]) - other_deck)
        if not took_back and page.locator("#seats-moves [data-act=seat-undo]").count():
            take_back(page, audit)
            took_back = True
        elif page.locator(MOVES).count():
            play_as(page, table, PARTNERS[who])
    assert readies >= 2 and took_back  # the device passed between the partners
    audit_clean(audit)


def your_move(page) -> None:
    """Wait for your turn at the table, play it, and wait until the table with it is stored."""
    page.wait_for_selector(MOVES, timeout=60_000)
    table = stored(page)
    for _ in range(400):  # the dialog may be drawing the move just made
        if sensible(table, 0) is not None:
            break
        page.wait_for_timeout(50)
        table = stored(page)
    before = len(table.history)
    offered = page.eval_on_selector_all(MOVES, "bs => bs.map(b => b.dataset.action)")
    want = str(sensible(table, 0))
    assert any(a.split()[:2] == want.split()[:2] for a in offered), "the table shown is not the one stored"
    play_as(page, table, 0)
    for _ in range(400):
        if len(stored(page).history) > before:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the move was not stored")


def test_a_table_played_in_another_tab_is_played_on_not_over(page, site_url):
    """Issue 43 item 14: a three-player table in tab A, 2 moves in tab B, "Play here" in A and
    one move there: A's older table overwrote B's moves (26 stored actions became 24)."""
    page.goto(site_url + seeded("three"))
    wait_ready(page, 150)
    sit_down(page, "three")
    your_move(page)
    other = page.context.new_page()
    other.goto(site_url + f"?{FAST}")
    wait_ready(other, 150)
    page.wait_for_selector("#dlg-tab[open]")
    other.wait_for_selector("#dlg-seats[open]")
    for _ in range(2):
        your_move(other)
    played_b = stored(other).history
    page.click("#tab-take")
    page.wait_for_selector("#dlg-tab", state="hidden")
    your_move(page)
    both = stored(page).history
    assert both[: len(played_b)] == played_b and len(both) > len(played_b)
    other.close()
