"""Drives `regalia serve`'s page in headless Chromium for issue 30's feel of a game site: check
marked on the board and in the status line (chess, Sceptre), captured pieces and the material
difference (chess), pieces left (tafl) and pools (Sceptre), the piece following the pointer
while dragged, the evaluation bar turned with the board and in the game's colours, the controls
after the end and "Analyse from here" on a reviewed position; then two whole flows by clicks: a
chess game on a clock won against the weakest named foe, which unlocks the next, and a tafl
game from the defenders' side whose counters change on a capture. Each check fails on a page
without the feature it names.

usage: feel_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import functools
import os
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check, start_browser

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)


driver = start_browser(CHROMIUM, DRIVER)
screen = page_kit.Screen(driver, lambda: f", counters: {text_of('counters')!r}")
by_id, js, text_of, visible, wait_until = (screen.by_id, screen.js, screen.text_of, screen.visible,
                                           screen.wait_until)


def api(method, path, body=None):
    return page_kit.api(URL.rstrip("/"), method, path, body)


def open_form(variant):
    screen.open_form(URL, variant)


def new_game(variant, seats, options=None, position="", clock=""):
    """The new-game form by clicks (page_kit.Screen.new_game); the game's id."""
    return screen.new_game(URL, variant, seats, options, position, clock)


square, click = screen.square, screen.click


def plies():
    return js("return game.moves.length")


play, result_text = screen.play, screen.result_text
screenshot = functools.partial(screen.screenshot, SHOTS)


def check_mark():
    return js("const m = document.querySelector('#board-box .check-mark'); return m ? m.dataset.square : null")


def counters():
    """Each counter row's seat, words and data, in seat order."""
    return js("return [...document.querySelectorAll('#counters .counter')].map((r) => "
              "({seat: Number(r.dataset.seat), text: r.innerText, data: {...r.dataset}}))")


def bar():
    return js("const b = document.getElementById('evalbar'), f = document.getElementById('evalfill');"
              "return {shown: !b.classList.contains('hidden'), bottom: b.dataset.bottomSeat,"
              " share: Number(b.dataset.share), fill: getComputedStyle(f).backgroundColor,"
              " back: getComputedStyle(b).backgroundColor}")


LIGHT, DARK = "rgb(245, 245, 240)", "rgb(38, 38, 38)"


def stopped_analysis():
    """Analysis on, its first line seen, then stopped: the lines stay, the bar holds still."""
    by_id("analyse").click()
    wait_until("analysis lines", lambda: js("return !!game.search && game.search.lines.length > 0"))
    by_id("stop").click()
    wait_until("analysis to stop", lambda: js("return !!game.search && !game.search.running")
               and "thinking" not in text_of("search"))


# ---- check: the king's square marked and the status says so (chess) -------------------------
new_game("chess", ["human", "human"])
play("e2", "e4")
play("f7", "f5")
check(check_mark() is None, "a check mark without a check")
play("d1", "h5")
wait_until("check on the board", lambda: check_mark() == "e8")
check("check" in text_of("status").lower(), f"no check in the status: {text_of('status')!r}")
screenshot("feel-check")
play("g7", "g6")
wait_until("the check mark gone once the check is blocked", lambda: check_mark() is None)
check("check" not in text_of("status").lower(), f"a stale check in the status: {text_of('status')!r}")
print("check: the checked king's square marked, the status says check, both gone after")

# ---- captured pieces and the material difference (chess) -------------------------------------
rows = counters()
check(len(rows) == 2 and all(r["data"]["taken"] == "" for r in rows), f"counters at the start: {rows}")
play("e4", "f5")
rows = counters()
check(rows[0]["data"]["taken"] == "p" and rows[0]["data"]["lead"] == "1" and "+1" in rows[0]["text"]
      and rows[1]["data"]["taken"] == "", f"after exf5: {rows}")
play("g6", "h5")
rows = counters()
check(rows[1]["data"]["taken"] == "q" and rows[1]["data"]["lead"] == "8" and "+8" in rows[1]["text"]
      and rows[0]["data"]["taken"] == "p" and "+" not in rows[0]["text"], f"after gxh5: {rows}")
print(f"counters: {[r['text'] for r in rows]}")

# ---- the piece follows the pointer while dragged; the drop plays the move --------------------
CELL_CENTRE = ("const r = document.querySelector('#board-box rect.cell[data-square=\"' + arguments[0] + '\"]')"
               ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.width]")
GHOST = ("const g = document.querySelector('#board-box .drag-ghost'); if (!g) return null;"
         "const r = g.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]")
# On a fresh page: right after a move made on a page, the event stream's news of it redraws
# the board once more (when the machine is busy, after the move is seen), and a redraw
# between finding the squares and pressing on them makes them stale. A new game's page has
# nothing more to come. The position is the game's above (1. e4 f5 2. Qh5+ g6 3. exf5 gxh5).
new_game("chess", ["human", "human"], position="rnbqkbnr/ppppp2p/8/5P1p/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4")
before = plies()
ActionChains(driver).move_to_element(square("f5")).click_and_hold().move_to_element(square("f6")).perform()
ghost = js(GHOST)
fx, fy, width = js(CELL_CENTRE, "f6")
check(ghost is not None, "no piece follows the pointer while dragging")
check(abs(ghost[0] - fx) < width / 2 and abs(ghost[1] - fy) < width / 2,
      f"the dragged piece is at {ghost}, the pointer over f6 at {(fx, fy)}")
check(js("return [...document.querySelectorAll('#board-box g.piece')].some((g) => g.style.opacity === '0.35')"),
      "the dragged piece's own square does not show it lifted")
screenshot("feel-drag")
ActionChains(driver).release().perform()
wait_until("the dropped move", lambda: plies() == before + 1)
check(js("return game.moves[game.moves.length - 1].text") == "f5f6", "the drop did not play f5f6")
check(js("return document.querySelector('#board-box .drag-ghost') === null"), "the ghost stays after the drop")
print("drag: the piece follows the pointer, the drop plays the move, click-click still plays")

# ---- a promotion is no capture (chess): the pawn is not counted as taken, the queen counts ----
new_game("chess", ["human", "human"], position="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
click("a7")
click("a8")
wait_until("the promotion choices", lambda: visible("chooser"))
driver.find_element(By.CSS_SELECTOR, '#chooser button[data-move="a7a8q"]').click()
wait_until("a7a8q played", lambda: plies() == 1)
rows = counters()
check(rows[0]["data"]["taken"] == "" and rows[1]["data"]["taken"] == "" and rows[0]["data"]["lead"] == "9",
      f"after a7a8=Q: {rows}")
print(f"counters after a promotion: {[r['text'] for r in rows]}")

# ---- the evaluation bar: the bottom seat's share in its colours, turned with the board -------
# Against an engine (between people there is no analysis while the game is on); the person
# is to move, so nothing but the analysis thinks.
new_game("chess", ["human", ("engine", 1000)], position="4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1")
stopped_analysis()
b = bar()
check(b["shown"] and b["bottom"] == "0" and b["fill"] == LIGHT and b["back"] == DARK and b["share"] > 60,
      f"chess bar, white at the bottom and winning: {b}")
by_id("flip").click()
wait_until("the flipped bar", lambda: bar()["bottom"] == "1")
f = bar()
check(f["fill"] == DARK and f["back"] == LIGHT and abs(f["share"] - (100 - b["share"])) < 0.2,
      f"flipped chess bar: {f} (before: {b})")
print(f"eval bar (chess): white's share {b['share']} at the bottom, black's {f['share']} once flipped")
new_game("tafl", ["human", ("engine", 1000)])
stopped_analysis()
t = bar()
check(t["shown"] and t["bottom"] == "0" and t["fill"] == DARK and t["back"] == LIGHT,
      f"tafl bar: the attackers (at the bottom) are the dark pieces: {t}")
print("eval bar (tafl): the attackers' share in dark")

# ---- a chess game on a clock won by clicks against the weakest foe: the next one unlocks ------
open_form("chess")
js("localStorage.clear()")
open_form("chess")
row = driver.find_elements(By.CSS_SELECTOR, ".seat-row")[1]
Select(row.find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("engine")
foes = [o.text for o in Select(row.find_element(By.CSS_SELECTOR, ".seat-foe")).options]
check(len(foes) >= 2 and "(locked)" in foes[1] and "(locked)" not in foes[0], f"a fresh player's foes: {foes}")
# White mates in two whatever the foe does (its one legal reply is Kg8).
new_game("chess", ["human", ("engine", 200, 1)], position="5k2/8/4R3/8/8/8/K2R4/8 w - - 0 1", clock="3+2")
check(js("return game.time_control") == "3+2" and visible("clocks"), "the game is not on a clock")
foe = js("return game.seats[1].foe")
check(foe is not None and foe["level"] == 1, f"black is no named foe: {foe}")
play("d2", "d7")
wait_until("the foe's reply", lambda: plies() == 2)
check(visible("undo") and visible("analyse") and not visible("analyse-note"), "play controls missing in a live game")
play("e6", "e8")
result = result_text()
check("white wins by checkmate" in result.lower() and js("return game.winner") == 0, f"result: {result}")
check("beaten foe 1" in text_of("message"), f"no unlock said: {text_of('message')!r}")
# After the end: no take-back, no analysis of the mated position, nothing to stop.
check(not visible("undo") and not visible("analyse") and not visible("stop") and visible("analyse-note"),
      "take-back, analysis or stop still offered after the end")
screenshot("feel-foe-won")
# "Analyse from here" on a reviewed position analyses that position.
# Found afresh if a late view (the event stream's news of the last move) redrew the list.
screen.on_fresh_board(lambda: driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click())
wait_until("the reviewed position", lambda: visible("review-note") and visible("analyse"))
check(by_id("analyse").text == "Analyse from here", f"the analyse button says {by_id('analyse').text!r}")
by_id("analyse").click()
wait_until("analysis after move 1", lambda: js("return !!game.search && game.search.ply === 1 && game.search.lines.length > 0")
           and "analysis after move 1" in text_of("search"))
check(js("return game.search.seat") == 1, "the analysis is not of black's move after 1. Rd7")
check(visible("stop"), "no Stop while the analysis runs")
by_id("stop").click()
wait_until("the analysis stopped", lambda: not visible("stop"))
print(f"foe: {foe['name']} mated on a 3+2 clock; after the end only analysis from a reviewed position")
open_form("chess")
row = driver.find_elements(By.CSS_SELECTOR, ".seat-row")[1]
Select(row.find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("engine")
picker = Select(row.find_element(By.CSS_SELECTOR, ".seat-foe"))
foes = [o.text for o in picker.options]
check("(locked)" not in foes[1] and "✓" in foes[0], f"foes after the win: {foes}")
check(picker.first_selected_option.get_attribute("value") == "2", "the next foe is not the one offered")
print(f"foe unlocked: {foes[1]}")
# Progress is kept by the foe's name, so a foe added to the ladder later does not move it.
kept = js("return JSON.parse(localStorage.getItem('regalia.foes.beaten.chess'))")
check(kept == foe["name"], f"progress kept as {kept!r}, not the beaten foe's name")
js("localStorage.setItem('regalia.foes.beaten.chess', JSON.stringify(arguments[0]))",
   foes[2].split(". ", 1)[1].split(" (")[0])
open_form("chess")
row = driver.find_elements(By.CSS_SELECTOR, ".seat-row")[1]
Select(row.find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("engine")
picker = Select(row.find_element(By.CSS_SELECTOR, ".seat-foe"))
foes = [o.text for o in picker.options]
check("✓" in foes[2] and "(locked)" not in foes[3] and "(locked)" in foes[4],
      f"foes with the third kept as beaten by name: {foes}")
print(f"progress kept by name: {foes[3]} open")

# ---- tafl from the defenders' side: the counters change on a capture -------------------------
new_game("tafl", [("engine", 200), "human"], position="3aaaaa3/11/11/11/11/5k5/11/5d5/11/3da6/11 d")
check(js("return turn") == 2, "the defenders are not at the bottom")
rows = counters()
check([r["data"]["count"] for r in rows] == ["6", "2"] and rows[0]["text"] == "Attackers 6"
      and rows[1]["text"] == "Defenders 2 and the king", f"tafl counters: {rows}")
play("f4", "f2")   # e2's attacker is caught between d2 and f2
wait_until("the capture counted", lambda: counters()[0]["data"]["count"] == "5")
check(counters()[1]["data"]["count"] == "2", f"after the capture: {counters()}")
wait_until("the attackers' reply", lambda: plies() == 2)
screenshot("feel-tafl-capture")
print(f"tafl: {[r['text'] for r in counters()]} after the capture")

# ---- Sceptre: the pools, and a mated king marked --------------------------------------------
meadow8 = "/".join(["8m"] * 16)
new_game("sceptre1027", [("engine", 100), "human"],
         position=f"{meadow8} Kb@a1,Rb@d16,Kw@c3,Qw@h2,Nw@h8 b+,w+ w b@a1,w@a9 - b:QP,w:N -")
rows = counters()
check([r["data"]["pool"] for r in rows] == ["QP", "N"] and "queen, pawn" in rows[0]["text"]
      and "knight" in rows[1]["text"], f"Sceptre's pools: {rows}")
play("h2", "b2")
result = result_text()
check("white wins" in result.lower() and check_mark() == "a1", f"Sceptre: {result}, mark {check_mark()}")
print("sceptre1027: each colour's pool shown; the mated king marked")

driver.quit()
print("feel check passed")
