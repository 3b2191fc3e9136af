"""What the walks of web22 and web23 left on the page (issue 30, web24); every part runs and the
check fails at the end naming each fault found:
- tafl's move list pairs the moves, the attackers' move and the defenders' reply under one
  number, as tafl records (and chess's list) do: it numbered every move on a line of its own,
  twice as long to scroll; a click and the arrow keys still step through the moves, and a
  number of three digits is whole, on a desktop and a phone;
- a viewport resized (a phone turned, a window made smaller) keeps the zoomed Sceptre field on
  the place looked at (it went back towards the field's corner);
- on a phone, Sceptre's field opens at a size a finger can use, on the player's own kingdom,
  in the set-up (it was 12 px a square until Zoom was pressed), with Zoom still there to switch;
  a desktop's field opens whole as before;
- with "Play for me" on, the engine playing the person's own seat shows its lines (it is the
  person's own helper; the box said only "Black is thinking…"), while the foes' stay hidden;
- in a game of three, the seat that resigned keeps its pieces and material beside "resigned"
  (its line lost them).

usage: walk_left_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
# Three armies of a king, a knight and three pawns, far apart: no king falls for many moves.
LONG_GAME = ("16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m "
             "Kb@m1,Nb@n1,Pb@l2,Pb@m2,Pb@n2,Kw@d1,Nw@e1,Pw@c2,Pw@d2,Pw@e2,Kr@d16,Nr@e16,Pr@c15,Pr@d15,Pr@e15 "
             "b+,w+,r+ b b@i1,w@a1,r@a9 - - -")
PARTS = page_kit.Parts()
part = PARTS.run


# Each row of the move list: its number, the plies of its moves and whether the number and the
# moves are whole (inside the list's box, the number's own box not cut).
ROWS = """
const list = document.getElementById('moves'), box = list.getBoundingClientRect();
return [...list.querySelectorAll('li')].map((li) => {
  const number = li.querySelector('.move-number'), n = number ? number.getBoundingClientRect() : null;
  const moves = [...li.querySelectorAll('.move')];
  const right = Math.max(...moves.map((m) => m.getBoundingClientRect().right));
  return {number: number ? number.textContent : '', plies: moves.map((m) => m.dataset.ply ? Number(m.dataset.ply) : null),
    text: li.innerText, numberWhole: !!n && n.left >= box.left - 0.5 && number.scrollWidth <= number.clientWidth + 1,
    movesWhole: right <= box.left + list.clientWidth + 0.5, lines: Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight || 18))};
});
"""


def send_moves(screen, count):
    """Plays the first legal move `count` times (both seats are people at this screen)."""
    for _ in range(count):
        plies = len(screen.moves())
        screen.js("send(game.legal[0].text)")
        screen.wait_until(f"move {plies + 1} played", lambda: len(screen.moves()) > plies and screen.js(
            "return game.legal.length > 0"))


def tafl_moves_paired(screen, where):
    screen.new_game(URL, "tafl", ["human", "human"])
    send_moves(screen, 9)
    rows = screen.js(ROWS)
    print(f"  {where}: {len(rows)} rows for 9 moves: {[r['text'] for r in rows]}")
    check(len(rows) == 5, f"{where}: 9 moves in {len(rows)} rows, not 5 (the attackers' move and the reply on one): {[r['text'] for r in rows][:3]}")
    check([r["number"] for r in rows] == [f"{i + 1}." for i in range(5)], f"{where}: the numbers {[r['number'] for r in rows]}")
    check([r["plies"] for r in rows] == [[1, 2], [3, 4], [5, 6], [7, 8], [9]], f"{where}: the plies by row {[r['plies'] for r in rows]}")
    seats = screen.js("return game.moves.map((m) => m.seat)")
    check(seats[:2] == [0, 1], f"{where}: the attackers (seat 0) move first: {seats}")
    check(all(r["numberWhole"] and r["movesWhole"] and r["lines"] == 1 for r in rows), f"{where}: a row cut or wrapped: {rows}")
    # A click on a move and the arrow keys still step through the moves.
    screen.on_fresh_board(lambda: screen.driver.find_element(By.CSS_SELECTOR, "#moves .move[data-ply='4']").click())
    screen.wait_until("the position after move 4", lambda: screen.js("return reviewPly") == 4)
    check(screen.js("return document.querySelector('#moves .move.current').dataset.ply") == "4", f"{where}: move 4 not marked")
    for key, ply in ((Keys.ARROW_LEFT, 3), (Keys.ARROW_RIGHT, 4), (Keys.ARROW_RIGHT, 5), (Keys.END, None)):
        ActionChains(screen.driver).send_keys(key).perform()
        screen.wait_until(f"ply {ply}", lambda: screen.js("return reviewPly") == ply)
    check(screen.js("return document.querySelector('#moves .move.current').dataset.ply") == "9", f"{where}: the last move not marked")
    screen.screenshot(SHOTS, f"walk-left-tafl-moves-{where}", "side")
    # A long game: 240 moves drawn as a view would bring them (the game's own moves again), so
    # numbers of three digits: each whole, each row one line.
    screen.js("const v = JSON.parse(JSON.stringify(game)); v.generation = game.generation + 1;"
              "const m = v.moves; while (v.moves.length < 240) v.moves = v.moves.concat(m.map((x) => ({...x})));"
              "v.moves = v.moves.slice(0, 240); v.moves.forEach((x, i) => { x.seat = i % 2; });"
              "render(v);")
    rows = screen.js(ROWS)
    check(len(rows) == 120, f"{where}: 240 moves in {len(rows)} rows")
    bad = [r for r in rows if not (r["numberWhole"] and r["movesWhole"] and r["lines"] == 1)]
    check(not bad, f"{where}: rows cut or wrapped in a long game: {bad[:3]}")
    check(rows[-1]["number"] == "120.", f"{where}: the last row's number {rows[-1]['number']!r}")


def centre_square(screen):
    """The square at the middle of the zoomed field's box, and the box's scroll."""
    return screen.js("""
const box = document.getElementById('board-box'), r = box.getBoundingClientRect();
const x = r.left + box.clientWidth / 2, y = r.top + Math.min(box.clientHeight, innerHeight - r.top) / 2;
const cell = [...box.querySelectorAll('rect.cell')].find((c) => { const b = c.getBoundingClientRect();
  return b.left <= x && x < b.right && b.top <= y && y < b.bottom; });
return [cell ? cell.dataset.square : null, Math.round(box.scrollLeft), Math.round(box.scrollTop), box.clientWidth, box.scrollWidth];
""")


def zoomed_sceptre_game(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], options={"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    if not screen.js("return document.getElementById('board-box').classList.contains('zoomed')"):
        screen.press("zoom-in")
    screen.wait_until("the zoomed field", lambda: screen.js(
        "const b = document.getElementById('board-box'); return b.scrollWidth > b.clientWidth + 50"))


def resize_keeps_the_place(screen, where, resize, back):
    zoomed_sceptre_game(screen)
    # Towards the field's right, away from its edges: a place where pixels kept show another
    # part of the field once the box has another size.
    screen.js("const b = document.getElementById('board-box');"
              "b.scrollLeft = Math.round((b.scrollWidth - b.clientWidth) * 0.75); b.scrollTop = Math.round((b.scrollHeight - b.clientHeight) * 0.4);")
    # A person looks at the place before turning the phone: the page has drawn the scroll (two
    # frames) when the screen changes, as on a phone; a resize in the same frame as the scroll
    # (a headless browser on a busy machine draws no frame between two commands) is no person's.
    screen.driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                       "requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    before = centre_square(screen)
    check(before[0] is not None, f"{where}: no square at the middle of the field's box: {before}")
    seen = [("before", before)]
    for name, change in (("resized", resize), ("back", back)):
        change()
        screen.wait_until(f"the page laid out {name}", lambda: screen.js("return document.readyState") == "complete")
        # A resize is laid out at the next frame or two, and the page answers it then.
        time.sleep(0.5)
        after = centre_square(screen)
        seen.append((name, after))
    print(f"  {where}: {seen}")
    for name, after in seen[1:]:
        check(after[0] is not None and page_kit.square_distance(after[0], before[0]) <= 1,
              f"{where}: the field {name} shows {after[0]} at its middle, not {before[0]} (scroll {after[1:3]}, was {before[1:3]})")


def phone_turned(screen):
    def turn(width, height):
        return lambda: screen.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    resize_keeps_the_place(screen, "a phone turned", turn(844, 390), turn(*page_kit.PHONE_SIZE))
    screen.wait_until("the phone upright again", lambda: screen.js("return innerWidth") == page_kit.PHONE_SIZE[0])


def window_resized(screen):
    resize_keeps_the_place(screen, "a desktop window resized", lambda: screen.driver.set_window_size(600, 800),
                           lambda: screen.driver.set_window_size(1400, 1000))


# Where the kingdom of the colour arguments[0] is in the board's box: whether its middle square
# (from its corner, +3 +3) is in the box's view and how many of its squares are.
KINGDOM_IN_VIEW = """
const corner = /^([a-z])(\\d+)$/.exec(game.position.split(' ')[4].split(',').find((k) => k.startsWith(arguments[0] + '@')).slice(2));
const file0 = corner[1].charCodeAt(0) - 97, rank0 = Number(corner[2]) - 1;
const box = document.getElementById('board-box'), b = box.getBoundingClientRect();
const bottom = b.top + Math.min(box.clientHeight, innerHeight - b.top), right = b.left + box.clientWidth;
const inView = (name) => { const c = document.querySelector(`#board-box rect.cell[data-square='${name}']`);
  if (!c) return false; const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x >= b.left && x <= right && y >= b.top && y <= bottom; };
let seen = 0;
for (let f = 0; f < 8; f++) for (let r = 0; r < 8; r++) if (inView(String.fromCharCode(97 + file0 + f) + (rank0 + r + 1))) seen++;
const middle = String.fromCharCode(97 + file0 + 3) + (rank0 + 4);
return {corner: corner[0], middle: inView(middle), name: middle, seen};
"""


def cell_width(screen):
    return screen.js("return document.querySelector('#board-box rect.cell').getBoundingClientRect().width")


def phone_opens_at_a_fingers_size(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], options={"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    width = cell_width(screen)
    print(f"  a square on a phone in the set-up: {width:.1f} px")
    check(width >= 32, f"a square of the field is {width:.1f} px on a phone in the set-up: too small for a finger")
    # Black's kingdom (its 8x8 board from the corner the position names): its middle square in
    # the box's view, and most of the kingdom.
    kingdom = screen.js(KINGDOM_IN_VIEW, "b")
    print(f"  black's kingdom in view: {kingdom}")
    check(kingdom["middle"], f"black's kingdom's middle not in view: {kingdom}")
    check(kingdom["seen"] >= 36, f"only {kingdom['seen']} of black's kingdom's 64 squares in view: {kingdom}")
    screen.screenshot(SHOTS, "walk-left-phone-setup", "board-box")
    check(screen.shown("zoom-out") and not screen.js("return document.getElementById('zoom-out').disabled"),
          "no Zoom − to see the whole field")
    screen.press("zoom-out")
    screen.wait_until("a smaller field", lambda: cell_width(screen) < width - 1)
    while not screen.js("return document.getElementById('zoom-out').disabled"):
        screen.press("zoom-out")
    screen.wait_until("the whole field", lambda: screen.js(
        "const b = document.getElementById('board-box'); return b.scrollWidth <= b.clientWidth + 1"))


def desktop_opens_whole(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], options={"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    check(not screen.js("return document.getElementById('board-box').classList.contains('zoomed')"),
          f"a desktop's field opened zoomed ({cell_width(screen):.1f} px a square)")


def own_helper_shows_its_lines(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 200, "strongest"), ("engine", 200, "strongest")],
                    {"SceptrePlayers": 3}, position=LONG_GAME)
    screen.wait_until("black to move by hand", lambda: screen.js("return game.to_move === 0 && game.legal.length > 0"))
    screen.js(page_kit.KEEP_BOX)
    screen.wait_until("Play for me", lambda: screen.shown("play-for-me"))
    screen.press("play-for-me")
    # A foe's search reaches the page without its lines (web25: the server keeps them).
    screen.wait_until("the engine playing for black to think and move, and a foe to think", lambda: screen.js(
        "return game.over || (game.moves.length >= 4 && window.boxes.some((b) => b.seat === 0 && b.running && b.lines > 0)"
        " && window.boxes.some((b) => b.seat !== 0 && b.running))"))
    if screen.shown("stand-in-stop"):
        screen.press("stand-in-stop")
    boxes = screen.js("return window.boxes")
    on = [b for b in boxes if not b["over"] and b["running"]]
    mine = [b for b in on if b["seat"] == 0 and b["lines"] > 0]
    foes = [b for b in on if b["seat"] != 0]
    print(f"  black's helper: {mine[-1]['text'] if mine else None!r}; a foe: {foes[-1]['text'] if foes else None!r}")
    check(mine, f"no drawing of the engine playing for black: {boxes[:5]}")
    hidden = [b["text"] for b in mine if "depth" not in b["text"]]
    check(not hidden, f"the engine playing for black, the person's own seat, shows no lines ({len(hidden)} of {len(mine)} drawings): {hidden[-1] if hidden else ''!r}")
    shown = [b["text"] for b in foes if "depth" in b["text"] or "nodes" in b["text"] or b["bar"]]
    check(foes and not shown, f"a foe's search shown while the game is on ({len(shown)} of {len(foes)}): {shown[-1] if shown else 'no foe drawn'!r}")


def resigned_seat_keeps_its_count(screen):
    screen.sceptre_three_at_elimination(URL)
    screen.js("window.confirm = () => true;")
    screen.press("resign")
    screen.result_text()
    lines = screen.standing_lines()
    print(f"  after the person resigned: {lines}")
    check("resigned" in lines[0] and "2 pieces, material 5" in lines[0], f"black resigned, its line: {lines[0]!r}")
    check("2 pieces, material 3" in lines[1], f"white's line: {lines[1]!r}")
    screen.screenshot(SHOTS, "walk-left-resigned", "side")


phone = page_kit.start_browser(CHROMIUM, DRIVER, page_kit.PHONE)
screen = page_kit.Screen(phone)
part("a phone: tafl's moves paired under one number", lambda: tafl_moves_paired(screen, "phone"))
part("a phone: Sceptre's field opens at a finger's size on the player's kingdom", lambda: phone_opens_at_a_fingers_size(screen))
part("a phone turned: the zoomed field keeps the place looked at", lambda: phone_turned(screen))
phone.quit()
desktop = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(desktop)
part("a desktop: tafl's moves paired under one number", lambda: tafl_moves_paired(screen, "desktop"))
part("a desktop: Sceptre's field opens whole", lambda: desktop_opens_whole(screen))
part("a desktop window resized: the zoomed field keeps the place looked at", lambda: window_resized(screen))
part("Play for me: the person's own helper shows its lines, the foes' stay hidden", lambda: own_helper_shows_its_lines(screen))
part("Sceptre with three: the seat that resigned keeps its pieces and material", lambda: resigned_seat_keeps_its_count(screen))
desktop.quit()
PARTS.end()
print("walk left check passed")
