"""Sceptre 1027 A.D. at human speed on `regalia serve`'s page, in headless Chromium (issue 30):
a four-player game on the cross layout with the person in the west seat, by clicks: the board
shows the person's seat at the bottom, can be turned to any seat, frames each board, lists a
line of standing per seat; "Set up for me" proposes the person's army, confirmed and placed by the server; "Play for me" plays on
until a player is eliminated (the check fails if no elimination is ever shown). Then a set
three-player position where the person's own click takes a king, a position with a withdrawn player (its pieces greyed) and a phone-sized screen with the zoom.
Screenshots go to SCREENSHOT_DIR as sceptre1027-*.png.

usage: sceptre_page_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

from selenium.common.exceptions import ElementNotInteractableException, TimeoutException
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check, start_browser

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)
TIMEOUT = 240  # seconds: a hang guard for a machine busy with builds, not a measurement
# Plies the engines get to reach an elimination before the check gives up and fails.
MAX_PLIES = 2500


driver = start_browser(CHROMIUM, DRIVER, "1400,1100")
driver.set_script_timeout(120)


screen = page_kit.Screen(driver, timeout=TIMEOUT)
by_id, js, shown, wait_until = screen.by_id, screen.js, screen.shown, screen.wait_until


def screenshot(name, element="play"):
    path = os.path.join(SHOTS, name + ".png")
    by_id(element).screenshot(path)
    print(f"screenshot {path}")


def new_game(seats, options, position=""):
    """The new-game form, by clicks: `seats` is "human" or ("engine", ms[, "weakest"]) per seat
    (an engine is the strongest foe, which takes a king when it can, unless its entry says
    "weakest", which leaves its king open and keeps the game long enough to take the seat back
    from "play for me")."""
    seats = [s if s == "human" or len(s) > 2 else (*s, "strongest") for s in seats]
    screen.new_game(URL, "sceptre1027", seats, options, position)


def cell_centre(square):
    return js("const r = document.querySelector(`#board-box rect.cell[data-square='${arguments[0]}']`);"
              "if (!r) return null; const b = r.getBoundingClientRect();"
              "return [b.left + b.width / 2, b.top + b.height / 2]", square)


def bottom_seat_is(side):
    """Which side of the table is at the bottom, from where two kingdoms' squares are drawn
    (cross layout: south's kingdom at i1-p8, west's a9-h16, north's i17-p24, east's q9-x16)."""
    middle = {"south": "l4", "west": "d12", "north": "l20", "east": "t12"}
    ys = {s: cell_centre(sq)[1] for s, sq in middle.items()}
    return max(ys, key=ys.get) == side


def choose_bottom(label):
    Select(by_id("sceptre-bottom")).select_by_visible_text(label)


def standing():
    return js("return [...document.querySelectorAll('#sceptre-standing .standing')].map((r) => r.innerText)")


def state():
    return js("return {moves: game.moves.length, over: game.over, position: game.position,"
              " seats: game.seats.map((s) => s.state), stand_in: game.seats.map((s) => s.stand_in)}")


def announcements():
    return js("return [...document.querySelectorAll('#announcements li')].map((l) => l.innerText)")


def eliminated_shown():
    """An elimination announced and a seat's line out; None while the page is too busy to answer
    (a loaded machine can hold a script past its timeout while the engines play on)."""
    try:
        s = state()
        check(s["moves"] < 64 + MAX_PLIES or any("eliminated" in a for a in announcements()),
              f"no elimination in {MAX_PLIES} plies")
        if any("eliminated" in a for a in announcements()) and any("eliminated" in r for r in standing()):
            return "eliminated"
        return "over" if s["over"] else False
    except TimeoutException:
        return None


white_moves = "return game.moves.filter((m) => m.seat === 1 && !m.text.includes('@')).length"


# ---- a four-player game on the cross layout, the person in the west seat ---------------------
# The engines' game may end without an elimination (a draw, or a win by perpetual check, can come
# first): then the whole game is played again, a few times at most.
def four_player_game():
    # Red and green are the weakest foe, so the strongest (black) or the engine playing for white
    # takes a king within a few hundred moves.
    new_game([("engine", 50), "human", ("engine", 50, "weakest"), ("engine", 50, "weakest")],
             {"SceptreLayout": "cross", "SceptrePlayers": 4})
    wait_until("the west seat at the bottom by default", lambda: js("return turn") == 3 and bottom_seat_is("west"))
    check(Select(by_id("sceptre-bottom")).first_selected_option.text == "White (west)",
          "the board control names the seat at the bottom")
    edges = js("return document.querySelectorAll('#board-box rect.board-edge').length")
    check(edges == 5, f"the cross layout's five boards are framed, not {edges}")
    rows = standing()
    check(len(rows) == 4 and all("left to place" in r for r in rows), f"standing in the set-up: {rows}")
    check("you" in rows[1], f"the person's own line says so: {rows[1]}")
    # Any seat at the bottom, by the control: north, east, then back to west.
    for label, side in (("Red (north)", "north"), ("Green (east)", "east"), ("White (west)", "west")):
        choose_bottom(label)
        wait_until(f"{side} at the bottom", lambda: bottom_seat_is(side))
        check(js("return document.querySelectorAll('#board-box rect.board-edge').length") == 5,
              f"board edges drawn again when turned to {side}")
    print("sceptre page: the board turns to each seat, five boards framed, four standing lines")

    wait_until("white's turn to place", lambda: shown("setup-for-me") and js("return game.to_move === 1 && game.legal.length > 0"))
    screenshot("sceptre1027-setup")
    by_id("setup-for-me").click()
    # The engine's set-up is a preview (setup_preview_check.py tries adjusting it): confirmed as it
    # is, the server keeps it and places each piece at white's turns; the page shows how far it got.
    wait_until("the set-up proposed", lambda: shown("setup-confirm"))
    # What the page shows once the server holds the plan, kept view by view: the server places
    # white's first piece at once and the engines place the rest within seconds, so the set-up
    # can be over before a polling wait looks; and the event stream can bring the server's news
    # before the answer to "Confirm" (the proposal still drawn meanwhile), so the game's state
    # alone does not say what the page shows.
    screen.keep_what_renders_show("progress_shown", """SetUpPreview.plan() === null
        && readSceptre(view.position).inSetUp && !view.over
        && document.getElementById('setup-preview').getClientRects().length > 0
        && !document.getElementById('setup-preview').hidden
        && document.getElementById('setup-preview-note').textContent""")
    by_id("setup-confirm").click()
    # The answer to "Confirm" is a view in the set-up (white's first piece placed, 15 to come),
    # so the page shows the plan's progress at least once.
    wait_until("the page showing the server placing white's set-up",
               lambda: js("return window.progress_shown.length > 0"))
    note = js("return window.progress_shown[0]")
    check("White's set-up" in note, f"the plan's progress shown: {note!r}")
    print(f"sceptre page: {note}")
    wait_until("the set-up to end", lambda: state()["position"].split(" ")[5] == "-" or state()["over"])
    s = state()
    check(s["stand_in"][1] is None, f"no stand-in after the set-up: {s}")
    held = js("return game.seats[1].setup_plan")
    check(held is not None and (held["played"] == 16 or held["stopped"]), f"the server placed the plan: {held}")
    white_placements = js("return game.moves.filter((m) => m.seat === 1 && m.text.includes('@')).length")
    check(white_placements == 16, f"white's 16 pieces placed for him, not {white_placements}")
    check(bottom_seat_is("west"), "still turned to the west seat")
    # Once the set-up is done the person plays by hand: white's first move waits for a click.
    wait_until("white to move by hand", lambda: js("return game.to_move === 1 && game.legal.length > 0") or state()["over"])
    check(not shown("setup-for-me"), "no 'set up for me' once the set-up is over")
    rows = standing()
    check(all("material" in r for r in rows), f"standing after the set-up: {rows}")
    screenshot("sceptre1027-middle")
    print("sceptre page: 'set up for me' placed white's army; white moves by hand")

    # "Play for me": the engine plays white on, the engines play to an elimination in this game.
    by_id("play-for-me").click()
    wait_until("the engine playing for white", lambda: state()["stand_in"][1] == "game")
    return wait_until("an elimination shown, or the game over", eliminated_shown, timeout=1800)


ATTEMPTS = 3
for attempt in range(1, ATTEMPTS + 1):
    if four_player_game() == "eliminated":
        break
    status = js("return document.getElementById('status').innerText")
    print(f"sceptre page: game {attempt} ended without an elimination ({state()['moves']} moves, "
          f"{status!r}); playing another")
else:
    check(False, f"no elimination in {ATTEMPTS} four-player games")
check(js(white_moves) >= 1, f"the engine moved for white: {state()}")
s = state()
check("eliminated" in s["seats"], f"seats: {s['seats']}")
out = [r for r in standing() if "eliminated" in r]
check(out and all("army passed" in r for r in out), f"an eliminated seat's line: {standing()}")
check(js("return [...document.querySelectorAll('#sceptre-standing .standing.out')].length") >= 1,
      "an eliminated seat's line is shown as out")
screenshot("sceptre1027-end")
s = state()
if s["over"] and s["stand_in"][1] == "game":
    check("beaten" not in js("return document.body.innerText"),
          "a game the engine played out for the person unlocked a foe")
print(f"sceptre page: four players, an elimination after {s['moves']} moves: "
      f"{next(a for a in announcements() if 'eliminated' in a)}")
if shown("stand-in-stop"):
    # The engines play on meanwhile: the side panel moves as lines are added above the button,
    # and the game may end (the button hidden) before the click lands.
    try:
        screen.press("stand-in-stop")
    except ElementNotInteractableException:
        check(state()["over"], "'I will play myself' hidden in a game going on")
    wait_until("white played by hand again, or the game over",
               lambda: state()["stand_in"][1] is None or state()["over"])
    if state()["stand_in"][1] is None:
        print("sceptre page: 'I will play myself' took the seat back")

# ---- an elimination by the person's own click: black's rook takes white's king -------------
# A set position, so this part does not depend on what the engines choose.
ELIMINATION = ("16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m "
               "Kw@a1,Nw@c3,Rb@a5,Kb@p1,Kr@p16 b+,w+,r+ b b@i1,w@a1,r@a9 - - -")
new_game(["human", ("engine", 50), ("engine", 50)], {"SceptrePlayers": 3}, position=ELIMINATION)
wait_until("black to move by hand", lambda: js("return game.to_move === 0 && game.legal.length > 0"))
for square in ("a5", "a1"):
    screen.click(square)  # found afresh if a late view redrew the board

wait_until("the elimination shown", eliminated_shown)
announced = announcements()
s = state()
check(s["seats"][1] == "eliminated", f"seats: {s['seats']}")
rows = standing()
out = [r for r in rows if "eliminated" in r]
check(len(out) == 1 and "army passed" in out[0], f"an eliminated seat's line: {rows}")
check(js("return [...document.querySelectorAll('#sceptre-standing .standing.out')].length") == 1,
      "the eliminated seat's line is shown as out")
print(f"sceptre page: a click took a king: {next(a for a in announced if 'eliminated' in a)}")

# ---- a withdrawn player's pieces are greyed (rules: Withdrawal) -----------------------------
WITHDRAWN = ("16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m "
             "Kw@a1,Pw@e8,Rb@a15,Kb@p1,Kr@p16 b+,w=,r+ b b@i1,w@a1,r@a9 - - -")
new_game(["human", ("engine", 50), ("engine", 50)], {"SceptrePlayers": 3}, position=WITHDRAWN)
greyed = js("return [...document.querySelectorAll('#board-box rect.withdrawn-piece')].length")
check(greyed == 2, f"white's two pieces greyed, not {greyed}")
rows = standing()
check("withdrawn" in rows[1] and "2 pieces" in rows[1], f"white's line: {rows}")
screenshot("sceptre1027-withdrawn")
print("sceptre page: a withdrawn player's pieces greyed")

# ---- "Flip" to the side where nobody sits (east, with three players): the control names it ---
DRAWN_TURNED = "return document.getElementById('download-svg').href.endsWith('turn=' + arguments[0])"
choose_bottom("White (west)")
wait_until("west at the bottom", lambda: js(DRAWN_TURNED, 3))
screen.press("flip")
wait_until("the board flipped to the east side", lambda: js(DRAWN_TURNED, 1))
bottom = js("const e = document.getElementById('sceptre-bottom');"
            "return e.selectedIndex < 0 ? '' : e.options[e.selectedIndex].text")
check(bottom == "East (no player)", f"the board control after a flip to the empty east side reads {bottom!r}")
choose_bottom("Black (south)")
wait_until("south at the bottom again", lambda: js(DRAWN_TURNED, 0))
check(len(Select(by_id("sceptre-bottom")).options) == 3, "the empty side still offered once a seat is chosen")
print("sceptre page: a flip to the empty east side is named on the board control")
driver.quit()

# ---- a phone: the field zoomed and scrolled -------------------------------------------------
driver = start_browser(CHROMIUM, DRIVER, "390,844")
screen.driver = driver
new_game(["human", ("engine", 50), ("engine", 50), ("engine", 50)],
         {"SceptreLayout": "nine", "SceptrePlayers": 4})
# A narrow screen's field opens zoomed (walk_left_check checks that): Zoom − to the whole field.
while not js("return document.getElementById('zoom-out').disabled"):
    by_id("zoom-out").click()
wait_until("the whole field", lambda: js(
    "const b = document.getElementById('board-box'); return b.scrollWidth <= b.clientWidth + 1"))
width = js("return document.querySelector('#board-box svg').getBoundingClientRect().width")
cell = js("return document.querySelector('#board-box rect.cell').getBoundingClientRect().width")
by_id("zoom-in").click()
by_id("zoom-in").click()
wait_until("the zoomed field", lambda: js(
    "return document.querySelector('#board-box svg').getBoundingClientRect().width") > 1.9 * width)
box = js("const b = document.getElementById('board-box'); return [b.clientWidth, b.scrollWidth]")
check(box[1] > box[0] * 1.5, f"the zoomed board scrolls inside its box: {box}")
zoomed = js("return document.querySelector('#board-box rect.cell').getBoundingClientRect().width")
check(zoomed >= 28, f"a square of the zoomed field is big enough to tap: {zoomed:.1f}px (was {cell:.1f})")
# Zooming in shows the person's own kingdom (black's, south-east on nine).
x, y = cell_centre("t4")
check(0 <= x <= 390 and y > 0, f"black's kingdom in view after zooming: {x:.0f},{y:.0f}")
driver.save_screenshot(os.path.join(SHOTS, "sceptre1027-phone.png"))
print(f"screenshot {os.path.join(SHOTS, 'sceptre1027-phone.png')}")
print("sceptre page: zoom on a phone-sized screen")
driver.quit()
print("sceptre page check passed")
