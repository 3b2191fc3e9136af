"""The finished games on the start screen (docs/guide.md, "Every game is kept"), in headless
Chromium: three games are finished in three ways (a chess game against the engine resigned on
the page, its confirm() accepted; a chess game between people mated through the API; a tafl
game between people drawn by agreement through the API); the list shows them, each linking to
'#<id>', and its filters by game and by opponent keep exactly the right ones; a game opened
from the list is reviewed (moves stepped) and analysed from an earlier position by a screen
that holds none of its seat links. Markup typed into the import, the opponent filter and the
address bar is shown as text, never made into elements.

usage: finished_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
URL = URL.rstrip("/")
os.makedirs(SHOTS, exist_ok=True)

driver = page_kit.start_browser(CHROMIUM, DRIVER)
screen = page_kit.Screen(driver, lambda: f", list: {listed()}")
by_id, js, text_of, visible, wait_until = (screen.by_id, screen.js, screen.text_of, screen.visible,
                                           screen.wait_until)


def api(method, path, body=None):
    return page_kit.api(URL, method, path, body)


def people_game(variant, moves):
    """A game between people made through the API, its moves played by their seats' tokens;
    the id and the tokens."""
    game = api("POST", "/api/games", {"variant": variant})
    tokens = [s["token"] for s in game["links"]["seats"]]
    for mv in moves:
        game = api("POST", f"/api/games/{game['id']}/move?seat={tokens[game['to_move']]}", {"move": mv})
    return game["id"], tokens


def listed():
    """The finished-games list as [(href, text)]; an entry without a link has href None."""
    return js("return [...document.querySelectorAll('#finished-list li')].map((li) => {"
              " const a = li.querySelector('a'); return [a ? a.getAttribute('href') : null, li.innerText]; })")


def show(variant="", opponent="", mine=False):
    """Filters the list (by the form, as a person does) and waits for its answer."""
    js("document.getElementById('finished-list').textContent = ''")
    if by_id("finished-mine").is_selected() != mine:
        by_id("finished-mine").click()
    Select(by_id("finished-variant")).select_by_value(variant)
    box = by_id("finished-opponent")
    box.clear()
    if opponent:
        box.send_keys(opponent)
    by_id("finished-show").click()
    wait_until(f"the list for {variant or 'every game'} / {opponent!r}", lambda: len(listed()) > 0)
    return listed()


def ids(entries):
    check(all(href and href.startswith("#") for href, _ in entries), f"an entry without its link: {entries}")
    return sorted(href[1:] for href, _ in entries)


def start_screen():
    driver.get(URL + "/")
    wait_until("the variant list", lambda: len(Select(by_id("variant")).options) >= 5)
    wait_until("the finished list", lambda: len(listed()) > 0)


# ---- nothing finished yet ------------------------------------------------------------------
start_screen()
check([text for _, text in listed()] == ["No finished game yet."], f"an empty store lists {listed()}")

# ---- game A: chess against the engine, resigned on the page ---------------------------------
Select(by_id("variant")).select_by_value("chess")
rows = driver.find_elements(By.CSS_SELECTOR, ".seat-row")
check(len(rows) == 2, f"chess has {len(rows)} seat rows")
Select(rows[0].find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("human")
Select(rows[1].find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("engine")
Select(rows[1].find_element(By.CSS_SELECTOR, ".seat-depth")).select_by_value("1")
by_id("start").click()
wait_until("the board", lambda: visible("play") and js("return document.querySelectorAll('#board-box rect.cell').length > 0"))
resigned = js("return game.id")
for source, target in (("e2", "e4"), ("d2", "d4")):
    before = js("return game.moves.length")
    for name in (source, target):
        screen.click(name)  # found afresh if a late view (the engine's reply's) redrew the board
    wait_until(f"{source}{target} and the engine's reply", lambda: js("return game.moves.length") >= before + 2)
by_id("resign").click()
driver.switch_to.alert.accept()
wait_until("the resignation", lambda: js("return game.over") and "resigns" in text_of("result").lower())
print("finished: a chess game against the engine resigned on the page")

# ---- game B: chess between people, mated through the API; game C: tafl drawn by agreement -----
mated, _ = people_game("chess", ["f2f3", "e7e5", "g2g4", "d8h4"])
drawn, tafl_tokens = people_game("tafl", ["d1d4", "f4f3"])
api("POST", f"/api/games/{drawn}/offer-draw?seat={tafl_tokens[0]}", {})
over = api("POST", f"/api/games/{drawn}/answer-draw?seat={tafl_tokens[1]}", {"accept": True})
check(over["over"] and over["result"]["reason"] == "agreement", f"the tafl draw: {over['result']}")
in_play, _ = people_game("chess", ["e2e4"])  # not finished: never listed
print("finished: a chess game mated and a tafl game drawn through the API")

# ---- the list and its filters --------------------------------------------------------------
start_screen()
everything = show()
check(ids(everything) == sorted([resigned, mated, drawn]), f"every finished game: {everything}")
check(in_play not in str(everything), "a game in progress is listed as finished")
texts = {href[1:]: text for href, text in everything}
check("Pip the Page (Regalia level 1, depth 1)" in texts[resigned] and "resigns" in texts[resigned].lower(), f"game A: {texts[resigned]}")
check("checkmate" in texts[mated].lower() and "4 moves" in texts[mated], f"game B: {texts[mated]}")
check("Tafl" in texts[drawn] and "Human vs Human" in texts[drawn], f"game C: {texts[drawn]}")
check(ids(show("tafl")) == [drawn], f"tafl only: {listed()}")
check(ids(show("chess")) == sorted([resigned, mated]), f"chess only: {listed()}")
check(ids(show("chess", "Regalia")) == [resigned], f"chess against Regalia: {listed()}")
check(ids(show("", "depth 1")) == [resigned], f"against depth 1: {listed()}")
# The foe the player chose finds the game too.
check(ids(show("", "pip the page")) == [resigned], f"against Pip the Page: {listed()}")
# Only the games this browser held a seat in: the one created on the page, not those made
# through the API.
check(ids(show(mine=True)) == [resigned], f"games played in this browser: {listed()}")
mine_tafl = show("tafl", mine=True)
check([text for _, text in mine_tafl] == ["No finished game played in this browser yet."],
      f"tafl games played in this browser: {mine_tafl}")
nobody = show("tafl", "Regalia")
check([text for _, text in nobody] == ["No finished game yet."], f"tafl against Regalia: {nobody}")
show("chess")
by_id("setup").screenshot(os.path.join(SHOTS, "finished-list.png"))
print("finished: listed with links, filtered by game and by opponent")

# ---- open the mated game from the list, in a screen holding none of its seat links ------------
check(js("return sessionStorage.getItem('regalia-seats-' + arguments[0])", mated) is None,
      "this screen holds the mated game's seat links")
driver.find_element(By.CSS_SELECTOR, f'#finished-list a[href="#{mated}"]').click()
wait_until("the mated game", lambda: visible("play") and js("return !!game && game.id === arguments[0]", mated))
check(js("return game.over && game.moves.map((m) => m.text).join(' ')") == "f2f3 e7e5 g2g4 d8h4",
      "the mated game's moves")
check("checkmate" in text_of("result").lower(), f"the mated game's result: {text_of('result')}")
check(visible("analyse-note"), "no word on how to review a finished game")
# A rematch is the seats' to ask for: a screen without the game's links is not offered one.
check(not visible("rematch"), "a screen without the game's seat links is offered a rematch")


def board():
    return js("return document.querySelector('#board-box svg').outerHTML")


at_end = board()
# Found afresh if a late view (the event stream's news of the last move) redrew the list.
screen.on_fresh_board(lambda: driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click())
wait_until("the position after 1. f3", lambda: "After move 1 of 4" in text_of("review-note"))
after_f3 = board()
check(after_f3 != at_end, "the first move's position looks like the last")
by_id("moves").send_keys(Keys.ARROW_RIGHT)
wait_until("a step on", lambda: "After move 2 of 4" in text_of("review-note"))
check(board() not in (after_f3, at_end), "stepping on did not change the board")
by_id("moves").send_keys(Keys.HOME)
wait_until("the start", lambda: "The start" in text_of("review-note"))
by_id("moves").send_keys(Keys.ARROW_RIGHT)
by_id("moves").send_keys(Keys.ARROW_RIGHT)
by_id("moves").send_keys(Keys.ARROW_RIGHT)
wait_until("three steps on", lambda: "After move 3 of 4" in text_of("review-note"))
check(text_of("analyse") == "Analyse from here", f"the analyse button says {text_of('analyse')!r}")
by_id("analyse").click()
# A refusal shows as a message: stop waiting at once then.
wait_until("the analysis of the position after 2. g4", lambda: text_of("message") or js(
    "return !!game.search && game.search.kind === 'analysis' && game.search.ply === 3 && game.search.lines.length > 0"))
check(text_of("message") == "", f"analysis answered {text_of('message')!r}")
best = js("return game.search.lines[0].pv[0]")
check(best == "d8h4", f"the analysis misses the mate in one: {best}")
by_id("play").screenshot(os.path.join(SHOTS, "finished-review.png"))
by_id("stop").click()
wait_until("the analysis stopped", lambda: not js("return game.analysing"))
print("finished: opened from the list, stepped through, analysed from an earlier position")

# ---- the resigned game opens from the list too ----------------------------------------------
by_id("new").click()
show("chess", "Regalia")
driver.find_element(By.CSS_SELECTOR, f'#finished-list a[href="#{resigned}"]').click()
wait_until("the resigned game", lambda: js("return !!game && game.id === arguments[0]", resigned))
check("resigns" in text_of("result").lower(), f"the resigned game's result: {text_of('result')}")
check(js("return game.moves.length") == 4, "the resigned game's moves")
check(visible("rematch"), "the screen that played the resigned game is offered no rematch")
print("finished: the resigned game opens from the list")

# ---- nothing typed in comes back as markup ---------------------------------------------------
MARKUP = "<img src=x onerror=window.injected=1>"


def no_markup(where):
    check(js("return document.querySelectorAll('img').length") == 0, f"{where}: an img element was made")
    check(js("return window.injected === undefined"), f"{where}: the injected script ran")


by_id("new").click()
box = by_id("import-text")
box.clear()
box.send_keys(f'[Variant "{MARKUP}"]\n\n1. e4 *')
by_id("import").click()
wait_until("the import refused", lambda: "PGN variant" in text_of("setup-error"))
check(MARKUP in text_of("setup-error"), f"the refusal does not show the text as typed: {text_of('setup-error')!r}")
no_markup("a refused import")
nothing = show("", MARKUP)
check([text for _, text in nothing] == ["No finished game yet."], f"markup as the opponent: {nothing}")
no_markup("the opponent filter")
js("location.hash = arguments[0]", MARKUP)
wait_until("the address refused", lambda: "is not a game's id" in text_of("setup-error"))
no_markup("the address bar")
print("finished: markup typed into the import, the filter and the address stays text")

driver.quit()
print("finished check passed")
