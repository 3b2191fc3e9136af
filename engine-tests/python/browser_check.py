"""Drives `regalia serve`'s page in headless Chromium, as a person would: starts a game of each
variant from the new-game form, moves by clicking squares (and once by dragging), sees an
illegal move refused, lets the engine reply, finishes short games (a mate, a scepter capture, a
tafl escape, Sceptre eliminations), reads the result on the page, downloads the record and
replays it (chess with python-chess, the others through the API), and saves a screenshot of
each board. First it checks the page's own behaviour: what the start screen shows, the words on
screen, the rules panel, Chess960 starts, the address bar, a stale tab's move, the engine's
thinking time and stale messages (each check written to fail on the bug it guards against).

usage: browser_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import io
import functools
import os
import sys
import urllib.error
import urllib.request

import chess.pgn
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check, start_browser

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)


driver = start_browser(CHROMIUM, DRIVER)
# The page redraws often while the engine thinks: page_kit reads it in one script call, never
# through element handles that a redraw makes stale.
screen = page_kit.Screen(driver, lambda: f", moves: {moves_on_page()}")
by_id, text_of, visible, wait_until = screen.by_id, screen.text_of, screen.visible, screen.wait_until


def shown(name):
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return !!e && !e.hidden && e.offsetParent !== null", name)


def moves_on_page():
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves li')].map((li) => "
        "[...li.querySelectorAll('.move')].map((m) => m.innerText).join(' '))")


def api(method, path, body=None):
    return page_kit.api(URL.rstrip("/"), method, path, body)


def new_game(variant, seats, options=None, position="", clock=""):
    """The new-game form by clicks (page_kit.Screen.new_game); the game's id."""
    return screen.new_game(URL, variant, seats, options, position, clock)


square, click, drag, play, result_text = screen.square, screen.click, screen.drag, screen.play, screen.result_text
screenshot = functools.partial(screen.screenshot, SHOTS)


def download_record():
    href = by_id("download-record").get_attribute("href")
    with urllib.request.urlopen(href) as response:
        return response.read().decode()


def replay_lines(record, variant, options=None):
    """Replays a line record's moves through the API from its start; returns the position."""
    start = next(line[6:] for line in record.splitlines() if line.startswith("start "))
    moves = [line.split()[3] for line in record.splitlines() if line.startswith("move ")]
    game = api("POST", "/api/games", {"variant": variant, "options": options or {},
                                      "position": start})
    tokens = [s["token"] for s in game["links"]["seats"]]
    for m in moves:
        seat = tokens[game["to_move"]]
        game = api("POST", f"/api/games/{game['id']}/move?seat={seat}", {"move": m})
    return game["position"], len(moves)


def api_status(method, path, body):
    """The HTTP status of a call that may be refused."""
    return page_kit.call(URL.rstrip("/"), method, path, body)[0]


def open_start_screen():
    driver.get(URL)
    wait_until("the variant list", lambda: len(Select(by_id("variant")).options) >= 5)


RAW_NAMES = ("UCI_Chess960", "EvalWeights", "TaflRules", "SceptreLayout", "SceptrePlayers",
             "sceptre1027", "scepterchess", "chess40k", "UCI_")


def check_no_raw_names(where):
    text = driver.execute_script("return document.body.innerText")
    raw = [name for name in RAW_NAMES if name in text]
    check(not raw, f"{where}: raw option or variant names on screen: {raw}")


def full_screenshot(name):
    path = os.path.join(SHOTS, name + ".png")
    driver.find_element(By.TAG_NAME, "body").screenshot(path)
    print(f"screenshot {path}")


GAMES = ["chess", "scepterchess", "chess40k", "tafl", "sceptre1027"]

# ---- the start screen: no play controls before a game; names for people; a favicon --------
open_start_screen()
check(visible("setup"), "the new-game form is not shown")
check(not visible("play"), "the play controls show on the start screen before any game")
check(not visible("resume"), "'Back to the game' shows before any game")
names = [o.text for o in Select(by_id("variant")).options]
check(names == ["Chess", "Capture the Scepter", "Chess 40k", "Tafl", "Sceptre 1027 A.D."],
      f"game names: {names}")
for variant in GAMES:
    Select(by_id("variant")).select_by_value(variant)
    check_no_raw_names(f"the form for {variant}")
    full_screenshot(f"start-{variant}")
labels = driver.execute_script(
    "return [...document.querySelectorAll('#variant-options label')].map((l) => l.innerText.trim())")
check(any(label.startswith("Layout") for label in labels) and any(label.startswith("Players") for label in labels),
      f"Sceptre's option labels: {labels}")
Select(by_id("variant")).select_by_value("tafl")
check(driver.find_element(By.CSS_SELECTOR, '#variant-options label').text.startswith("Rule set"),
      "tafl's rule set is not labelled")
Select(by_id("variant")).select_by_value("chess")
check("Fischer random (Chess960)" in text_of("variant-options"), f"chess options: {text_of('variant-options')!r}")
check(driver.execute_script(
    "const l = document.querySelector('link[rel=icon]'); return !!l && l.getAttribute('href')") == "/favicon.svg",
      "no favicon link")
with urllib.request.urlopen(URL.rstrip("/") + "/favicon.svg") as response:
    check(response.headers.get("Content-Type", "").startswith("image/svg+xml") and b"<svg" in response.read(),
          "the favicon is not served")
print("start screen: no play controls, names for people, favicon")

# ---- the engine's thinking time: chosen from a list, never zero or garbage -----------------
Select(by_id("variant")).select_by_value("chess")
row = driver.find_elements(By.CSS_SELECTOR, ".seat-row")[1]
times = [o.get_attribute("value") for o in Select(row.find_element(By.CSS_SELECTOR, ".seat-time")).options]
check(row.find_element(By.CSS_SELECTOR, ".seat-time").tag_name == "select"
      and all(t.isdigit() and int(t) >= 50 for t in times) and "1000" in times,
      f"the engine's thinking times: {times}")
check(Select(row.find_element(By.CSS_SELECTOR, ".seat-time")).first_selected_option.get_attribute("value") == "1000",
      "the default thinking time is not 1 s")
depths = [o.get_attribute("value") for o in Select(row.find_element(By.CSS_SELECTOR, ".seat-depth")).options]
check(depths[0] == "" and all(d.isdigit() and int(d) >= 1 for d in depths[1:]), f"depth choices: {depths}")
print("engine thinking time: a list of sensible choices")

# ---- the rules, before a game: every game's how-to-play, legend and tips -------------------
Select(by_id("variant")).select_by_value("tafl")
by_id("rules-button").click()
wait_until("the rules panel", lambda: visible("rules"))
check(driver.execute_script("return document.getElementById('rules').dataset.game") == "tafl",
      "the rules panel does not open on the chosen game")
for variant, must in (("chess", "checkmate"), ("scepterchess", "scepter"), ("chess40k", "Zealot"),
                      ("tafl", "throne"), ("sceptre1027", "Forest")):
    driver.find_element(By.CSS_SELECTOR, f'#rules-tabs button[data-game="{variant}"]').click()
    body = text_of("rules-body")
    check("How to play" in body and "Tips" in body and must in body, f"{variant} rules: {body[:300]!r}")
    check(driver.find_elements(By.CSS_SELECTOR, "#rules-body .legend li"), f"{variant}: no legend")
    check_no_raw_names(f"the rules of {variant}")
    full_screenshot(f"rules-{variant}")
body = text_of("rules-body")
check("Castle ruin" in body and "Pond" in body, "Sceptre's terrain legend")
by_id("rules-close").click()
wait_until("the rules panel to close", lambda: not visible("rules"))
print("rules: every game's how-to-play, legend and tips, before a game")

# ---- Chess960: the start a player numbers, or a random one; a bad number refused -----------
def chess960_rank(n):
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "B"; n //= 4
    rank[2 * (n % 4)] = "B"; n //= 4
    empty = lambda: [i for i, p in enumerate(rank) if p is None]
    rank[empty()[n % 6]] = "Q"; n //= 6
    free = empty()
    for k in [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]:
        rank[free[k]] = "N"
    for i, square in enumerate(empty()):
        rank[square] = "RKR"[i]
    return "".join(rank)


check(chess960_rank(518) == "RNBQKBNR" and chess960_rank(0) == "BBQNNRKR", "the test's own Chess960 numbering")


def chess960_game(number):
    open_start_screen()
    Select(by_id("variant")).select_by_value("chess")
    driver.find_element(By.CSS_SELECTOR, '[data-option="UCI_Chess960"]').click()
    wait_until("the start number box", lambda: visible("chess960-number"))
    box = by_id("chess960-number")
    box.clear()
    box.send_keys(number)
    by_id("start").click()


chess960_game("960")
wait_until("a bad start number refused", lambda: "0 to 959" in text_of("setup-error"))
check(not visible("play"), "a game started from a bad Chess960 number")
chess960_game("0")
wait_until("the Chess960 game", lambda: visible("play") and "start no. 0" in text_of("game-title"))
position = by_id("position").get_attribute("value")
check(position.startswith("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"), f"Chess960 start 0: {position}")
check_no_raw_names("a Chess960 game")
chess960_game("")
wait_until("the random Chess960 game", lambda: visible("play") and "start no." in text_of("game-title"))
number = int(text_of("game-title").rsplit(" ", 1)[1])
rank = chess960_rank(number)
position = by_id("position").get_attribute("value")
check(position.startswith(f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w"),
      f"random Chess960 start {number}: {position}")
print(f"chess960: start 0 as asked, a random start ({number}), 960 refused")

# ---- New game hides the board; Back to the game brings it back -----------------------------
by_id("new").click()
check(visible("setup") and not visible("play"), "'New game' shows the form over the still-visible board")
check(visible("resume"), "no way back to the game")
by_id("resume").click()
check(visible("play") and not visible("setup"), "'Back to the game' does not show the game")
print("new game: the form replaces the board, and the board comes back")

# ---- the address bar: a changed #id opens that game; an unknown one says so ----------------
first = new_game("chess", ["human", "human"])
other = api("POST", "/api/games", {"variant": "tafl"})["id"]
driver.execute_script("location.hash = '#' + arguments[0]", other)
wait_until("the game named in the address bar", lambda: driver.execute_script("return game.id") == other
           and visible("play") and text_of("game-title") == "Tafl")
driver.execute_script("location.hash = '#' + arguments[0]", first)
wait_until("the first game again", lambda: driver.execute_script("return game.id") == first)
driver.execute_script("location.hash = '#0123456789abcdef'")
wait_until("an unknown game refused", lambda: visible("setup") and "no game 0123456789abcdef" in text_of("setup-error"))
print("address bar: a changed #id opens that game")

# ---- a stale tab: the game moved on elsewhere; the page resyncs at once and says so --------
driver.execute_script("location.hash = '#' + arguments[0]", first)
wait_until("the first game again", lambda: driver.execute_script("return game.id") == first and visible("play"))
# This tab's next poll has not come yet and its event stream is closed (as in a tab whose
# stream broke): the page learns of the other tab's move only from its own refused move.
driver.execute_script("clearTimeout(pollTimer); Stream.close()")
seen = api("GET", f"/api/games/{first}")["position"]
# The seat links this tab made the game with (another tab of the creator's uses the same).
tokens = driver.execute_script("return creatorTokens(arguments[0])", first)
api("POST", f"/api/games/{first}/move?seat={tokens[0]}", {"move": "e2e4"})   # another tab plays
check(api_status("POST", f"/api/games/{first}/move?seat={tokens[1]}",
                 {"move": "e7e5", "position": seen}) == 409,
      "the server played a move chosen in a position that is gone")
click("d2")
click("d4")
wait_until("the stale move explained", lambda: "position had changed" in text_of("message"))
check(moves_on_page() == ["e4"] and "illegal" not in text_of("message").lower(),
      f"after a stale move: moves {moves_on_page()}, message {text_of('message')!r}")
play("e7", "e5")
check(moves_on_page() == ["e4 e5"], f"the resynced tab cannot play: {moves_on_page()}")
print("stale tab: the move refused in words, the board resynced at once")

# ---- stale messages: an error goes away with the next action -------------------------------
click("a2")
click("a6")
wait_until("the illegal move refused", lambda: "not a legal move" in text_of("message"))
A2 = "const r = document.querySelector('#board-box rect.cell[data-square=\"a2\"]'); return [r.getAttribute('x'), r.getAttribute('y')]"
a2 = driver.execute_script(A2)
by_id("flip").click()
wait_until("the old message gone after flipping", lambda: text_of("message") == "")
# The flipped board comes with the server's answer: a click before it lands on the old board.
wait_until("the flipped board", lambda: driver.execute_script(A2) != a2)
click("a2")
click("a6")
wait_until("the illegal move refused", lambda: "not a legal move" in text_of("message"))
by_id("new").click()
by_id("start").click()
wait_until("a new game", lambda: driver.execute_script("return game.id") != first)
check(text_of("message") == "", f"an old message stays in a new game: {text_of('message')!r}")
print("stale messages: cleared by the next action")

# ---- the rules during a game open on that game ---------------------------------------------
new_game("tafl", [("engine", 200), "human"])
by_id("rules-button").click()
wait_until("the rules panel", lambda: visible("rules") and visible("play"))
check(driver.execute_script("return document.getElementById('rules').dataset.game") == "tafl",
      "the rules during a game are not that game's")
by_id("rules-close").click()
print("rules: reachable during a game")

# ---- chess: an illegal move refused, Fool's mate by clicks and a drag, the PGN replayed ------
new_game("chess", ["human", "human"])
click("e2")
check(driver.find_elements(By.CSS_SELECTOR, "#board-box .mark-target"), "no targets shown for e2")
click("e5")
wait_until("the illegal move refused", lambda: "not a legal move" in text_of("message"))
check(moves_on_page() == [], "an illegal move was played")
play("f2", "f3")
before = len(driver.execute_script("return game.moves"))
drag("e7", "e5")
wait_until("the dragged move", lambda: driver.execute_script("return game.moves.length") == before + 1)
play("g2", "g4")
play("d8", "h4")
result = result_text()
check("black wins by checkmate" in result.lower(), f"chess result: {result}")
check(moves_on_page() == ["f3 e5", "g4 Qh4#"], f"chess move list: {moves_on_page()}")
screenshot("chess")
check_no_raw_names("a chess game")
pgn = download_record()
replayed = chess.pgn.read_game(io.StringIO(pgn))
board = replayed.end().board()
check(board.is_checkmate() and replayed.headers["Result"] == "0-1", f"the PGN does not replay:\n{pgn}")
check(board.fen().split()[:4] == by_id("position").get_attribute("value").split()[:4],
      "the PGN's end is not the page's position")
A1 = "const r = document.querySelector('#board-box rect.cell[data-square=\"a1\"]'); return [r.getAttribute('x'), r.getAttribute('y')]"
a1 = driver.execute_script(A1)
by_id("flip").click()
wait_until("the flipped board", lambda: driver.execute_script("return turn") == 2
           and driver.execute_script(A1) != a1)
print("chess: illegal move refused, mate, PGN replays, flip")

# ---- chess against the engine: its reply, take-back, analysis and stop ----------------------
new_game("chess", ["human", ("engine", 200)])
play("e2", "e4")
wait_until("the engine's reply", lambda: len(moves_on_page()) == 1 and len(moves_on_page()[0].split()) == 2)
by_id("undo").click()
wait_until("the take-back", lambda: moves_on_page() == [])
by_id("analyse").click()
wait_until("analysis lines", lambda: "analysis, thinking: depth" in text_of("search")
           and "1." in text_of("search"))
by_id("stop").click()
wait_until("analysis to stop", lambda: "thinking" not in text_of("search"))
check(driver.execute_script("return !document.getElementById('evalbar').classList.contains('hidden')"), "no evaluation bar")
print("chess: engine replies, take-back, analysis, stop")

# ---- Capture the Scepter: the king takes the enemy scepter ----------------------------------
new_game("scepterchess", ["human", ("engine", 200)], position="7k/4K3/8/8/8/8/8/8 w - - 0 1")
play("e7", "e8")
result = result_text()
check("white wins by capturing the scepter" in result.lower(), f"scepterchess result: {result}")
screenshot("scepterchess")
pgn = download_record()
check('[Variant "scepterchess"]' in pgn and "1-0" in pgn, f"scepterchess PGN:\n{pgn}")
print("scepterchess: scepter captured")

# ---- Chess 40k: promotion to a zealot chosen on the page, the engine's reply, self-destruct --
new_game("chess40k", ["human", ("engine", 200)], position="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
click("a7")
click("a8")
wait_until("the promotion chooser", lambda: shown("chooser"))
labels = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#chooser button[data-move]")]
check(len(labels) == 6 and any("zealot" in label for label in labels), f"promotion choices: {labels}")
driver.find_element(By.CSS_SELECTOR, '#chooser button[data-move="a7a8z"]').click()
wait_until("the engine's reply", lambda: len(moves_on_page()) == 1 and len(moves_on_page()[0].split()) == 2)
check(moves_on_page()[0].startswith("a8=Z"), f"chess40k moves: {moves_on_page()}")
screenshot("chess40k")
click("a8")
click("a8")
wait_until("the self-destruct choice", lambda: shown("chooser"))
driver.find_element(By.CSS_SELECTOR, '#chooser button[data-move="a8a8"]').click()
wait_until("the self-destruct", lambda: driver.execute_script("return game.moves.length") >= 3)
print("chess40k: zealot promotion chosen, engine replied, self-destruct")

# ---- tafl: the defenders (a person, board turned) escape; the record replays ---------------
new_game("tafl", [("engine", 200), "human"])
check(driver.execute_script("return turn") == 2, "the board is not turned toward the defenders")
wait_until("the attackers' first move", lambda: len(moves_on_page()) == 1)
screenshot("tafl")
check_no_raw_names("a tafl game")
new_game("tafl", [("engine", 200), "human"], position="11/11/11/5a5/11/11/k10/11/11/11/11 d")
click("a5")
click("b6")
wait_until("the illegal tafl move refused", lambda: "not a legal move" in text_of("message"))
play("a5", "a1")
result = result_text()
check("defenders win" in result.lower() and "escape" in result.lower(), f"tafl result: {result}")
record = download_record()
position, count = replay_lines(record, "tafl")
check(count == 1 and position == by_id("position").get_attribute("value"), f"tafl record:\n{record}")
print("tafl: illegal move refused, king escaped, record replays")

# ---- Sceptre 1027, two players: placements from the palette; the engine places too ---------
new_game("sceptre1027", ["human", ("engine", 100)], options={"SceptreLayout": "duel", "SceptrePlayers": 2})
wait_until("the palette", lambda: shown("palette"))
# Found afresh if a late view redrew the palette (the board turned to black's side, say).
screen.on_fresh_board(lambda: driver.find_element(By.CSS_SELECTOR, '#palette button[data-piece="K"]').click())
targets = screen.targets()
check(targets, "no placement squares shown for the king")
click(targets[0])
wait_until("the engine's placement", lambda: len(moves_on_page()) >= 2)
check(moves_on_page()[0].startswith("Black K@"), f"sceptre moves: {moves_on_page()}")
screenshot("sceptre1027-setup")
print("sceptre1027: placement by palette, engine placed")

# ---- Sceptre 1027, three players: black takes white's king, the game goes on ---------------
meadow16 = "/".join(["16m"] * 16)
three = (f"{meadow16} Kw@a1,Qw@d4,Rw@c2,Rb@a16,Rb@h15,Nr@c9,Qr@h9,Kb@p3,Kr@o13 "
         "b+,w+,r+ b b@i1,w@a1,r@a9 - - -")
new_game("sceptre1027", ["human", ("engine", 100), ("engine", 100)], options={"SceptrePlayers": 3},
         position=three)
play("a16", "a1")
wait_until("the elimination announced", lambda: "white is eliminated" in text_of("announcements").lower())
check(not shown("result"), "a game of three ended with the first elimination")
wait_until("red's reply", lambda: len(moves_on_page()) >= 2)
screenshot("sceptre1027-three")
print("sceptre1027: elimination announced, three-player game goes on")

# ---- Sceptre 1027, two players: white (north, board turned) mates; the record replays ------
meadow8 = "/".join(["8m"] * 16)
new_game("sceptre1027", [("engine", 100), "human"],
         position=f"{meadow8} Kb@a1,Rb@d16,Kw@c3,Qw@h2,Nw@h8 b+,w+ w b@a1,w@a9 - - -")
check(driver.execute_script("return turn") == 2, "the board is not turned toward white (north)")
play("h2", "b2")
result = result_text()
check("white wins" in result.lower(), f"sceptre result: {result}")
record = download_record()
position, count = replay_lines(record, "sceptre1027")
check(count == 1 and position == by_id("position").get_attribute("value"), f"sceptre record:\n{record}")
print("sceptre1027: mate, record replays")

# ---- Sceptre 1027, four players on nine, people and engines mixed --------------------------
new_game("sceptre1027", ["human", ("engine", 50), "human", ("engine", 50)],
         options={"SceptreLayout": "nine", "SceptrePlayers": 4})
for _ in range(2):
    placed = len(moves_on_page())
    wait_until("a person's turn", lambda: shown("palette"))
    targets = wait_until("the placement squares", screen.targets)
    click(targets[len(targets) // 2])
    wait_until("the placement", lambda: len(moves_on_page()) > placed)
wait_until("four seats placing", lambda: len(moves_on_page()) >= 4)
screenshot("sceptre1027-four")
check_no_raw_names("a Sceptre game")
print("sceptre1027: four seats, people and engines placing")

# ---- clocks, a draw offer, resignation and rematch, by clicks -------------------------------
new_game("chess", ["human", ("engine", 100)], clock="3+2")
wait_until("the clocks", lambda: visible("clocks") and len(driver.find_elements(By.CSS_SELECTOR, "#clocks .clock")) == 2)
check(driver.execute_script("return game.time_control") == "3+2", "the game has no 3+2 clock")
first_clock = driver.execute_script("return document.querySelector('#clocks .clock-time').innerText")
wait_until("white's clock running down", lambda: driver.execute_script(
    "return document.querySelector('#clocks .clock-time').innerText") != first_clock)
play("e2", "e4")
wait_until("the engine's reply", lambda: driver.execute_script("return game.moves.length") == 2)
by_id("offer-draw").click()
wait_until("the draw declined", lambda: "declines the draw" in text_of("message"))
check(not driver.execute_script("return game.over"), "an early draw offer ended the game")
by_id("resign").click()
driver.switch_to.alert.accept()
result = result_text()
check("white resigns" in result.lower() and "black wins" in result.lower(), f"resignation result: {result}")
check(driver.execute_script("return game.winner") == 1, "no winner seat after a resignation")
check("declines the draw" not in text_of("message"), "the refused draw still shows after the resignation")
check(visible("rematch") and not visible("resign"), "no rematch button after the end")
screenshot("chess-resigned")
old = driver.execute_script("return game.id")
by_id("rematch").click()
wait_until("the rematch", lambda: driver.execute_script("return game.id") != old)
check(driver.execute_script("return game.seats[0].engine && !game.seats[1].engine && game.time_control === '3+2'"),
      "the rematch did not swap the sides or lost the clock")
wait_until("the engine opening the rematch", lambda: driver.execute_script("return game.moves.length") >= 1)
check(driver.execute_script("return turn") == 2, "the rematch board does not put the person (black) at the bottom")
# A flag falls: the page counts down, asks the server, and shows the result.
fast = api("POST", "/api/games", {"variant": "chess", "clock": "0.02+0"})["id"]
driver.execute_script("location.hash = '#' + arguments[0]", fast)
result = result_text()
check("ran out of time" in result.lower(), f"flag fall result: {result}")
print("clocks: 3+2 runs, the engine declines an early draw, resignation, rematch, flag fall")

# ---- review: the move list clicked and stepped with the arrow keys ---------------------------
new_game("chess", ["human", "human"])
for a, b in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")]:
    play(a, b)
E4 = "return !!document.querySelector('#board-box [data-square=\"e4\"]') && game.moves.length"
def board_position():
    return driver.execute_script("return document.querySelector('#board-box svg').outerHTML")
at_end = board_position()
# Found afresh if a late view (the event stream's news of the last move) redrew the list.
screen.on_fresh_board(lambda: driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click())
wait_until("the position after 1. e4", lambda: visible("review-note") and "After move 1 of 4" in text_of("review-note"))
after_e4 = board_position()
check(after_e4 != at_end, "clicking the first move did not change the board")
by_id("moves").send_keys(Keys.ARROW_RIGHT)
wait_until("one step on", lambda: "After move 2 of 4" in text_of("review-note"))
screenshot("chess-review")
by_id("moves").send_keys(Keys.ARROW_LEFT)
by_id("moves").send_keys(Keys.ARROW_LEFT)
wait_until("back to the start", lambda: "The start" in text_of("review-note"))
click("d2")
wait_until("no move in review", lambda: "earlier position" in text_of("message"))
by_id("moves").send_keys(Keys.END)
wait_until("back to the game", lambda: not visible("review-note"))
check(board_position() == at_end, "End did not return to the game's position")
play("f1", "c4")
check(moves_on_page() == ["e4 e5", "Nf3 Nc6", "Bc4"], f"move list after review: {moves_on_page()}")
numbers = driver.execute_script("return [...document.querySelectorAll('#moves .move-number')].map((n) => n.innerText)")
check(numbers == ["1.", "2.", "3."], f"move numbers: {numbers}")
print("review: moves clicked and stepped with the arrow keys; play resumes at the end")

driver.quit()
print("browser check passed")
