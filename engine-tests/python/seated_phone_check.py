"""What web24 left on the page (issue 30, web25); every part runs and the check fails at the end
naming each fault found:
- two people seated in two browsers, one with "Play for me" on: the engine playing for that
  person is their own helper, and its lines (score, depth, next moves) went to every reader,
  the other person's screen (the game's creator's) showing them too. The server now sends them
  to that seat's link alone: the other person's screen and a watcher get neither the lines nor
  the figures, and the helper's own person still sees them;
- on a phone, Sceptre's set-up: the palette of pieces to place, "Set up for me" and its
  proposal's "Confirm set-up" stood a page's scroll below the zoomed field (the field's box was
  86% of the screen's height): a player could not see the field and the pieces at once. They
  now stand on the screen together with the field and the player's kingdom;
- a phone turned kept the zoom of the upright phone (3x: 94 px squares across an 844 px
  screen): the zoom is fitted again to a finger's size, on the place looked at, and back;
- a drag of a piece already picked up (by a click, or by a drag broken off: browser_check's
  dragged e7-e5 once was not played) put the piece down at the press and moved nothing; and a
  drag across a redraw of the board (the news of the last move drawn again) plays its move;
- a walk as a new player (Sceptre for three from the start screen, on a phone): "Start the game"
  is at the foot of the form, and the game opened with the page scrolled 515 px down, the field's
  top and the player's kingdom cut off; a game now opens at the top of the page.

usage: seated_phone_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
BASE = URL.rstrip("/")  # links and API paths start with their own slash
# Two armies of a king, a knight and three pawns on the two-board field, far apart: no king
# falls for many moves.
MEADOW8 = "/".join(["8m"] * 16)
TWO_LONG = (f"{MEADOW8} Kb@d1,Nb@e1,Pb@c2,Pb@d2,Pb@e2,Kw@d16,Nw@e16,Pw@c15,Pw@d15,Pw@e15 "
            "b+,w+ b b@a1,w@a9 - - -")
PARTS = page_kit.Parts()
part = PARTS.run


def creators_link(screen, seat):
    """The seat link the creator's tab hands out for `seat`, and that seat's token."""
    links = screen.js("return JSON.parse(sessionStorage.getItem('regalia-links-' + game.id))")
    entry = links["seats"][seat]
    return entry["link"], entry["token"]


def helper_lines_stay_with_their_seat(creator, start_browser):
    """Black creates the game at its screen, white joins through its seat link in a second
    browser and turns "Play for me" on; black plays by hand. White's helper thinks and moves
    three times: black's screen, a watcher's answers and black's link must learn nothing of
    its search but that it runs; white's screen shows its lines."""
    gid = creator.new_game(URL, "sceptre1027", ["human", "human"], {"SceptrePlayers": 2}, position=TWO_LONG)
    white_link, white_token = creators_link(creator, 1)
    _, black_token = creators_link(creator, 0)
    creator.js(page_kit.KEEP_BOX)
    other = page_kit.PageSession(start_browser(), BASE + white_link)
    try:
        other.js(page_kit.KEEP_BOX)
        other.wait_until("Play for me on white's screen", lambda: other.shown("play-for-me"))
        other.press("play-for-me")
        other.wait_until("the engine playing for white", lambda: other.js(
            "return game.seats[1].stand_in === 'game'"))
        answers = []
        for turn in range(3):
            creator.wait_until(f"black to move by hand ({turn + 1})", lambda: creator.js(
                "return game.to_move === 0 && game.legal.length > 0"))
            plies = len(creator.moves())
            # A move of a pawn or the knight (the king stays home).
            creator.js("send(game.legal.find((m) => !m.from || !['d1'].includes(m.from)).text)")
            creator.wait_until("black's move and white's helper's reply", lambda: len(creator.moves()) >= plies + 2
                               or creator.js("return game.over"))
            # Read as the server answers them: black's link, a watcher, white's link.
            for who, query in (("black's link", f"?seat={black_token}"), ("a watcher", ""),
                               ("white's link", f"?seat={white_token}")):
                for path in (f"/api/games/{gid}{query}", f"/api/games/{gid}/live{query}"):
                    search = page_kit.api(BASE, "GET", path)["search"]
                    if search and search["seat"] == 1 and search["kind"] == "engine":
                        answers.append((who, path.split("?")[0], len(search["lines"]), search["depth"]))
        check(not creator.js("return game.over"), "the game ended before white's helper moved three times")
        mine = other.js("return window.boxes.filter((b) => b.seat === 1 && !b.over)")
        seen = creator.js("return window.boxes.filter((b) => b.seat === 1 && !b.over)")
        print(f"  white's screen, its helper: {mine[-1]['text'] if mine else None!r}")
        print(f"  black's screen, white's helper: {seen[-1]['text'] if seen else None!r}")
        print(f"  the server's answers (who, call, lines, depth): {answers}")
        check(mine and any(b["lines"] > 0 and "depth" in b["text"] for b in mine),
              f"white's screen does not show its own helper's lines: {mine[-3:]}")
        shown = [b for b in seen if b["lines"] > 0 or "depth" in b["text"] or "nodes" in b["text"]]
        check(seen and not shown,
              f"black's screen was sent or shows white's helper's lines ({len(shown)} of {len(seen)} drawings): "
              f"{shown[-1]['text'] if shown else 'no drawing of it'!r}")
        leaked = [a for a in answers if a[0] != "white's link" and (a[2] > 0 or a[3] > 0)]
        check(not leaked, f"the server sent white's helper's search to others ({len(leaked)} answers): {leaked[:4]}")
        own = [a for a in answers if a[0] == "white's link"]
        check(own and all(a[2] > 0 for a in own), f"white's link was not sent its helper's lines: {own}")
        creator.screenshot(SHOTS, "seated-creator-helper-hidden", "side")
        other.screenshot(SHOTS, "seated-own-helper-shown", "side")
    finally:
        other.driver.quit()


# Where an element is on the screen: its top and bottom, and whether it is shown.
RECT = """
const e = document.getElementById(arguments[0]);
if (!e || e.hidden || !e.getClientRects().length) return null;
const r = e.getBoundingClientRect();
return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right)};
"""

# Whether the middle square of a colour's kingdom (its corner in the position, +3 +3) is in the
# box's view, and how many of the kingdom's 64 squares are.
KINGDOM_IN_VIEW = """
const corner = /^([a-z])(\\d+)$/.exec(game.position.split(' ')[4].split(',').find((k) => k.startsWith(arguments[0] + '@')).slice(2));
const file0 = corner[1].charCodeAt(0) - 97, rank0 = Number(corner[2]) - 1;
const box = document.getElementById('board-box'), b = box.getBoundingClientRect();
const bottom = Math.min(b.top + box.clientHeight, innerHeight), right = b.left + box.clientWidth;
const inView = (name) => { const c = document.querySelector(`#board-box rect.cell[data-square='${name}']`);
  if (!c) return false; const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x >= b.left && x <= right && y >= Math.max(b.top, 0) && y <= bottom; };
let seen = 0;
for (let f = 0; f < 8; f++) for (let r = 0; r < 8; r++) if (inView(String.fromCharCode(97 + file0 + f) + (rank0 + r + 1))) seen++;
const middle = String.fromCharCode(97 + file0 + 3) + (rank0 + 4);
return {corner: corner[0], middle: inView(middle), name: middle, seen};
"""


def square_px(screen):
    return screen.js("return document.querySelector('#board-box rect.cell').getBoundingClientRect().width")


def on_screen_with_the_field(screen, ids, where):
    """Each element of `ids` shown and whole on the screen as it is, with the field's box and
    black's kingdom in view (no scroll of the page between them)."""
    height = screen.js("return innerHeight")
    box = screen.js(RECT, "board-box")
    seen = box and max(0, min(box["bottom"], height) - max(box["top"], 0))
    kingdom = screen.js(KINGDOM_IN_VIEW, "b")
    rects = {name: screen.js(RECT, name) for name in ids}
    print(f"  {where}: screen {height} px high, the field's box {box} ({seen} px seen), black's kingdom {kingdom}, {rects}")
    check(seen and seen >= 180, f"{where}: only {seen} px of the field on the screen")
    check(kingdom["middle"] and kingdom["seen"] >= 36, f"{where}: black's kingdom not in view with them: {kingdom}")
    off = {name: r for name, r in rects.items() if r is None or r["top"] < 0 or r["bottom"] > height}
    check(not off, f"{where}: not on the screen with the field (the screen is {height} px high): {off}")


def phone_setup_tools_with_the_field(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest"), ("engine", 50, "weakest")],
                    {"SceptrePlayers": 3})
    screen.wait_until("black to place", lambda: screen.js("return game.to_move === 0 && game.legal.length > 0"))
    screen.wait_until("Set up for me", lambda: screen.shown("setup-for-me"))
    time.sleep(0.5)  # the page answers a resize of the field's box at the next frame
    check(screen.js("return scrollY") == 0, "the page opened scrolled")
    check(square_px(screen) >= 32, f"a square of {square_px(screen):.1f} px: the field did not open zoomed")
    on_screen_with_the_field(screen, ["palette", "setup-for-me"], "black to place")
    screen.driver.save_screenshot(f"{SHOTS}/seated-phone-setup.png")
    print(f"screenshot {SHOTS}/seated-phone-setup.png")
    screen.press("setup-for-me")
    screen.wait_until("the engine's proposal", lambda: screen.shown("setup-confirm"))
    time.sleep(0.5)
    screen.js("window.scrollTo(0, 0)")
    time.sleep(0.3)
    on_screen_with_the_field(screen, ["setup-confirm"], "the proposal")
    screen.driver.save_screenshot(f"{SHOTS}/seated-phone-proposal.png")
    print(f"screenshot {SHOTS}/seated-phone-proposal.png")


def game_opens_at_the_top(screen):
    screen.open_form(URL, "sceptre1027")
    Select(screen.driver.find_element(By.CSS_SELECTOR, '[data-option="SceptrePlayers"]')).select_by_value("3")
    # A person reads the form down to its foot (the finished games), and presses Start.
    screen.js("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = screen.js("return scrollY")
    screen.press("start")
    screen.wait_until("black to place", lambda: screen.shown("play") and screen.js(
        "return !!game && game.to_move === 0 && game.legal.length > 0"))
    screen.wait_until("Set up for me", lambda: screen.shown("setup-for-me"))
    time.sleep(0.5)
    at = screen.js("return scrollY")
    print(f"  the form scrolled {scrolled} px to Start; the game opened at {at} px")
    check(scrolled > 0, "the form was not scrolled: nothing to check")
    check(at == 0, f"the game opened with the page scrolled {at} px down (the form was at {scrolled})")
    on_screen_with_the_field(screen, ["palette", "setup-for-me"], "three players from the start screen")
    screen.driver.save_screenshot(f"{SHOTS}/seated-phone-three-opened.png")
    print(f"screenshot {SHOTS}/seated-phone-three-opened.png")


def centre_square(screen):
    """The square at the middle of the zoomed field's box as seen on the screen."""
    return screen.js("""
const box = document.getElementById('board-box'), r = box.getBoundingClientRect();
const x = r.left + box.clientWidth / 2, y = r.top + Math.min(box.clientHeight, innerHeight - r.top) / 2;
const cell = [...box.querySelectorAll('rect.cell')].find((c) => { const b = c.getBoundingClientRect();
  return b.left <= x && x < b.right && b.top <= y && y < b.bottom; });
return cell ? cell.dataset.square : null;
""")


# Whether the middle of square arguments[0] is inside the box's view on the screen.
IN_VIEW = """
const box = document.getElementById('board-box'), b = box.getBoundingClientRect();
const c = document.querySelector(`#board-box rect.cell[data-square='${arguments[0]}']`);
if (!c) return false;
const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
return x >= b.left && x <= b.left + box.clientWidth && y >= Math.max(b.top, 0) && y <= Math.min(b.top + box.clientHeight, innerHeight);
"""


def phone_turned_refits(screen):
    def turn(width, height):
        screen.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        screen.wait_until(f"the screen {width} px wide", lambda: screen.js("return innerWidth") == width)
        time.sleep(0.6)  # laid out, and answered by the page, at the next frame or two
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], {"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    time.sleep(0.5)
    upright = square_px(screen)
    before = centre_square(screen)
    seen = [("upright", round(upright, 1), before)]
    try:
        turn(844, 390)
        turned = square_px(screen)
        seen.append(("turned", round(turned, 1), centre_square(screen)))
        turned_in_view = screen.js(IN_VIEW, before)
        turn(*page_kit.PHONE_SIZE)
        back = square_px(screen)
        seen.append(("back", round(back, 1), centre_square(screen)))
    finally:
        screen.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": page_kit.PHONE_SIZE[0], "height": page_kit.PHONE_SIZE[1], "deviceScaleFactor": 1, "mobile": True})
    print(f"  a phone turned and back (where, px a square, the square at the middle): {seen}")
    check(32 <= turned <= 60, f"turned, a square is {turned:.1f} px (upright {upright:.1f}): the zoom was not fitted to a finger")
    check(abs(back - upright) < 1, f"back upright, a square is {back:.1f} px, not {upright:.1f}")
    # Turned, the field may be held at its edge (1.5 times a wider box): the square looked at is
    # then in view, off the middle; back upright, at the middle again.
    check(turned_in_view, f"turned: {before}, at the middle upright, is out of the field's view")
    check(seen[2][2] and before and page_kit.square_distance(seen[2][2], before) <= 1,
          f"back upright: the field shows {seen[2][2]} at its middle, not {before}")


def drags_play_however_the_piece_was_picked_up(screen):
    screen.new_game(URL, "chess", ["human", "human"])
    # A click picks e2 up; a drag of it then (a person changing their mind to drag, or a drag
    # tried again after one broken off) must play.
    screen.click("e2")
    screen.wait_until("e2 picked up", lambda: screen.js("return selected") == "e2")
    screen.drag("e2", "e4")
    screen.wait_until("the drag of the piece picked up by a click played (e2-e4)",
                      lambda: screen.moves() == ["e2e4"], timeout=30)
    # Pressed on e7, the board drawn afresh (the news of a move fetched), dropped on e5.
    screen.on_fresh_board(lambda: ActionChains(screen.driver).move_to_element(screen.square("e7")).click_and_hold().perform())
    screen.js("render(game)")
    ActionChains(screen.driver).move_to_element(screen.square("e5")).release().perform()
    screen.wait_until("the drag across a redraw played (e7-e5)", lambda: screen.moves() == ["e2e4", "e7e5"], timeout=30)
    # A click on the piece picked up still puts it down.
    screen.click("g1")
    screen.wait_until("g1 picked up", lambda: screen.js("return selected") == "g1")
    screen.click("g1")
    screen.wait_until("g1 put down by a second click", lambda: screen.js("return selected") is None, timeout=30)


def desktop():
    return page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")


browser = desktop()
screen = page_kit.Screen(browser)
part("two people seated: a helper's lines go to its own seat alone",
     lambda: helper_lines_stay_with_their_seat(screen, desktop))
part("a desktop: a piece picked up, dragged, plays", lambda: drags_play_however_the_piece_was_picked_up(screen))
browser.quit()
phone = page_kit.start_browser(CHROMIUM, DRIVER, page_kit.PHONE)
screen = page_kit.Screen(phone)
part("a phone: Sceptre's set-up tools on the screen with the field",
     lambda: phone_setup_tools_with_the_field(screen))
part("a phone turned: the zoom fitted to a finger again, on the same place", lambda: phone_turned_refits(screen))
part("a phone: a game started at the form's foot opens at the top of the page", lambda: game_opens_at_the_top(screen))
phone.quit()
PARTS.end()
print("seated phone check passed")
