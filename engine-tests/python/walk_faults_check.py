"""What a new player's walk through the site met (issue 30, web22), each checked where the player
met it; every part runs and the check fails at the end naming each fault found:
- a phone: a chess side that has taken all fifteen pieces has its whole list on its line
  (it was cut short, whole only on hover, which a phone has not);
- a phone: a line still cut (a Chess 40k side's list with what its self-destructs cost it) shows
  whole on a tap, in a box laid over the page that moves no control;
- a phone: Sceptre's zoomed field stays where the player scrolled it when a move is played (it
  went back to the field's left edge at every move);
- a phone: stepping back through the moves with the arrow keys keeps the page where it is, so
  the board being reviewed stays on the screen (the page scrolled down to the move list), and
  the pieces taken are counted in the position shown (they were the game's last position's);
- a phone: buttons right under the board step through the moves (a phone has no arrow keys, and
  its move list is below the board, out of its sight);
- a phone: the note after the game's end is whole in the news box (its third line was cut);
- a desktop: a Sceptre game resigned in its set-up keeps no room for the palette (an empty box
  stood between the buttons and the result).

usage: walk_faults_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
KINGS_ONLY = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
# White has taken all fifteen of black's pieces and lost none: its line is the longest ("+39").
WHITE_TOOK_ALL = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
PARTS = page_kit.Parts()


part = PARTS.run


def render_changed(screen, change):
    """Draws the game's view changed by the script `change` (on `v`), as news would come."""
    screen.js("const v = JSON.parse(JSON.stringify(game)); v.generation = game.generation + 1;"
              + change + " render(v);")


def counter_widths(screen):
    return screen.js("return [...document.querySelectorAll('#counters .counter')]"
                     ".map((r) => [r.textContent, r.scrollWidth, r.clientWidth])")


def control_places(screen):
    return screen.js("return [...document.querySelectorAll('#side button, #side select, #side input')]"
                     ".filter((e) => e.getClientRects().length > 0)"
                     ".map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent, Math.round(r.left), Math.round(r.top)]; })")


def whole_captures_on_a_phone(screen):
    screen.new_game(URL, "chess", ["human", "human"])
    # All of black's pieces but the king taken (the view the server sends after such a game).
    render_changed(screen, f"v.position = {WHITE_TOOK_ALL!r};")
    rows = counter_widths(screen)
    print(f"  counters with all of black's pieces taken: {rows}")
    check(len(rows) == 2, f"two counter lines: {rows}")
    for text, scroll, client in rows:
        check(scroll <= client + 1, f"{text!r} is cut short on a phone: {scroll} px of text in {client} px")
    screen.screenshot(SHOTS, "walk-phone-captures", "side")


def a_tap_shows_a_cut_line_whole(screen):
    screen.new_game(URL, "chess40k", ["human", "human"])
    before = control_places(screen)
    # Every piece but the kings gone, four of white's own by its self-destructs: white's line
    # says what its blasts cost it, longer than a phone's line.
    render_changed(screen, f"v.position = {KINGS_ONLY!r}; v.self_destructed = ['ZZPP', ''];")
    line = screen.js("const r = document.querySelector(\"#counters .counter[data-seat='0']\");"
                     "return [r.title, r.scrollWidth, r.clientWidth]")
    check(line[1] > line[2] + 1, f"white's line was expected to be cut on a phone: {line}")
    screen.on_fresh_board(lambda: screen.driver.find_element(
        By.CSS_SELECTOR, "#counters .counter[data-seat='0']").click())
    shown = screen.js("const b = document.getElementById('whole-line'); if (!b) return null;"
                      "const r = b.getBoundingClientRect();"
                      "return [b.textContent, b.scrollWidth <= b.clientWidth + 1, r.left >= 0 && r.right <= innerWidth + 1]")
    check(shown is not None, "a tap on the cut line shows nothing more")
    check(shown[0] == line[0], f"the box shows {shown[0]!r}, not the line {line[0]!r}")
    check(shown[1] and shown[2], f"the box is not all on the screen: {shown}")
    after = control_places(screen)
    check(after == before, f"the box moved controls: {[a for a in after if a not in before]}")
    screen.screenshot(SHOTS, "walk-phone-whole-line", "side")
    screen.js("document.body.click()")
    check(not screen.js("return !!document.getElementById('whole-line')"), "a second tap leaves the box open")


def zoom_stays_where_scrolled(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], options={"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    screen.press("zoom-in")
    screen.wait_until("the zoomed field", lambda: screen.js(
        "const b = document.getElementById('board-box'); return b.scrollWidth > b.clientWidth + 50"))
    screen.js("const b = document.getElementById('board-box'); b.scrollLeft = 150; b.scrollTop = 0;")
    screen.wait_until("the scroll kept", lambda: screen.js("return document.getElementById('board-box').scrollLeft") == 150)
    plies = len(screen.moves())
    screen.js("send(game.legal[0].text)")
    screen.wait_until("the placement and the reply", lambda: len(screen.moves()) >= plies + 2 and screen.js(
        "return game.legal.length > 0"))
    left = screen.js("return document.getElementById('board-box').scrollLeft")
    check(abs(left - 150) <= 1, f"the zoomed field scrolled back to {left} px after a move (was at 150)")


def review_keeps_the_board_on_screen(screen):
    screen.new_game(URL, "chess", ["human", "human"])
    # 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.d4 Nf6 5.Nf3 Bf5: a pawn taken by each side.
    for move in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d2d4", "g8f6", "g1f3", "c8f5"]:
        plies = len(screen.moves())
        screen.js("send(arguments[0])", move)
        screen.wait_until(f"{move} played", lambda: len(screen.moves()) > plies)
    screen.js("window.scrollTo(0, 0)")
    board_bottom = screen.js("return document.getElementById('board-box').getBoundingClientRect().bottom")
    check(board_bottom <= page_kit.PHONE_SIZE[1], f"the board is not on the first screen: {board_bottom}")
    scrolled = []
    for key, ply in (("ArrowLeft", 9), ("ArrowLeft", 8), ("Home", 0)):
        screen.js("window.scrollTo(0, 0)")
        ActionChains(screen.driver).send_keys({"ArrowLeft": Keys.ARROW_LEFT, "Home": Keys.HOME}[key]).perform()
        screen.wait_until(f"the position after {ply} moves", lambda: screen.js("return reviewPly") == ply)
        scrolled.append((key, screen.js("return window.scrollY")))
    check(all(y == 0 for _, y in scrolled),
          f"stepping back scrolled the page (px a key): {scrolled}: the board being reviewed left the screen")
    current = screen.js("const m = document.querySelector('#moves .move.current'), l = document.getElementById('moves');"
                        "if (!m) return null; const a = m.getBoundingClientRect(), b = l.getBoundingClientRect();"
                        "return a.top >= b.top - 1 && a.bottom <= b.bottom + 1")
    check(current is not False, "the move stepped to is outside the move list's box")


def review_counts_what_was_taken_there(screen):
    # Following the part before: its game, stepped back to its start.
    check(screen.js("return reviewPly") == 0, "the review part left no game stepped back to its start")
    taken = [text for text, _, _ in counter_widths(screen)]
    check(all(t.endswith("has taken nothing") for t in taken),
          f"at the start, before any move, the lines say {taken}")


def steps_under_the_board(screen):
    # Following the part before: its game of ten moves, at its start. A phone has no arrow keys
    # and its move list is below the board: buttons right under the board step through.
    screen.js("window.scrollTo(0, 0)")
    where = screen.js("const b = document.getElementById('step-back'); if (!b) return null;"
                      "const r = b.getBoundingClientRect(), board = document.getElementById('board-box').getBoundingClientRect();"
                      "return [Math.round(r.top - board.bottom), Math.round(r.bottom)]")
    check(where is not None, "no button under the board steps through the moves")
    check(0 <= where[0] <= 40 and where[1] <= page_kit.PHONE_SIZE[1],
          f"the step buttons are not right under the board on the first screen: {where} (px below the board, bottom)")
    for button, ply in (("step-forward", 1), ("step-end", None), ("step-back", 9), ("step-start", 0)):
        screen.press(button)
        screen.wait_until(f"{button} to show ply {ply}", lambda: screen.js("return reviewPly") == ply)
        check(screen.js("return window.scrollY") == 0, f"{button} scrolled the page")
    check(screen.js("return document.getElementById('step-back').disabled"), "a step back offered at the start")


def end_note_whole_on_a_phone(screen):
    screen.chess_resigned_after_two_moves(URL)
    screen.wait_until("the note after the end", lambda: screen.shown("analyse-note"))
    fit = screen.js("const n = document.getElementById('analyse-note'), box = document.getElementById('news');"
                    "const a = n.getBoundingClientRect(), b = box.getBoundingClientRect();"
                    "return [n.textContent, Math.round(a.top - b.top), Math.round(a.bottom - b.top), box.clientHeight, box.scrollTop]")
    print(f"  the note after the end: {fit}")
    check(fit[1] >= 0 and fit[2] <= fit[3] + 1, f"the note after the end is cut in the news box: {fit}")
    screen.screenshot(SHOTS, "walk-phone-end-note", "side")


def no_palette_room_after_a_resigned_set_up(screen):
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 50, "weakest")], options={"SceptrePlayers": 2})
    screen.wait_until("black to place", lambda: screen.js("return game.legal.length > 0"))
    screen.js("window.confirm = () => true;")
    screen.press("resign")
    screen.result_text()
    room = screen.js("const p = document.getElementById('palette'); return p.getClientRects().length ? p.getBoundingClientRect().height : 0")
    check(room == 0, f"the palette keeps {room} px of empty room after the game ended in its set-up")


phone = page_kit.start_browser(CHROMIUM, DRIVER, page_kit.PHONE)
screen = page_kit.Screen(phone)
part("a phone: a chess side's fifteen pieces taken, whole on its line", lambda: whole_captures_on_a_phone(screen))
part("a phone: a cut line shown whole on a tap", lambda: a_tap_shows_a_cut_line_whole(screen))
part("a phone: the zoomed Sceptre field stays where scrolled across a move", lambda: zoom_stays_where_scrolled(screen))
part("a phone: the arrow keys step back without scrolling the board away", lambda: review_keeps_the_board_on_screen(screen))
part("a phone: stepped back to the start, the pieces taken counted there", lambda: review_counts_what_was_taken_there(screen))
part("a phone: buttons under the board step through the moves", lambda: steps_under_the_board(screen))
part("a phone: the note after the end whole", lambda: end_note_whole_on_a_phone(screen))
phone.quit()
desktop = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(desktop)
part("a desktop: no palette room after a Sceptre game resigned in its set-up", lambda: no_palette_room_after_a_resigned_set_up(screen))
desktop.quit()
PARTS.end()
print("walk faults check passed")
