"""Screenshots of every game's page for the docs (docs/guide.md): `<game>-start.png` (the
new-game form), `<game>-rules.png` (How to play), `<game>-middle.png` (a game some moves in,
the person to move) and `<game>-end.png` (the game over). The engine plays both sides for the
first moves ("play for me", `POST /api/games/{id}/stand-in`), then the person resigns; for
Sceptre 1027 the middle and the end come from sceptre_page_check.py (a set-up made by the
engine, and an elimination). Each picture is checked for what it must show.

usage: page_screenshots.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import page_kit
from page_kit import check, start_browser

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)
TIMEOUT = 240  # seconds: a hang guard for a machine busy with builds, not a measurement
GAMES = {"chess": {}, "scepterchess": {}, "chess40k": {}, "tafl": {},
         "sceptre1027": {"SceptreLayout": "cross", "SceptrePlayers": "4"}}
PLIES = 10  # moves the engine plays for both sides before the "middle" picture

driver = start_browser(CHROMIUM, DRIVER, "1400,1000")


screen = page_kit.Screen(driver, timeout=TIMEOUT)
by_id, js, wait_until = screen.by_id, screen.js, screen.wait_until


def shot(name, element):
    path = os.path.join(SHOTS, name + ".png")
    driver.find_element(By.CSS_SELECTOR, element).screenshot(path)
    print(f"screenshot {path}")


def choose(variant):
    driver.get(URL)
    wait_until("the variant list", lambda: len(Select(by_id("variant")).options) >= 5)
    Select(by_id("variant")).select_by_value(variant)
    for name, value in GAMES[variant].items():
        Select(driver.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')).select_by_value(value)


for variant in GAMES:
    choose(variant)
    check(js("return document.getElementById('setup').offsetParent !== null"), "the form shows")
    shot(f"{variant}-start", "body")
    by_id("rules-button").click()
    wait_until("the rules panel", lambda: js("return !document.getElementById('rules').hidden"))
    check(js("return document.getElementById('rules').dataset.game") == variant, f"{variant}: rules of the game")
    shot(f"{variant}-rules", "#rules")
    by_id("rules-close").click()
    if variant == "sceptre1027":
        continue  # its middle and end: sceptre_page_check.py
    # The person plays the first seat; the engine the other, quickly.
    row = driver.find_elements(By.CSS_SELECTOR, ".seat-row")[1]
    Select(row.find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("engine")
    Select(row.find_element(By.CSS_SELECTOR, ".seat-time")).select_by_value("100")
    by_id("start").click()
    wait_until("the board", lambda: js("return !!game && document.querySelectorAll('#board-box rect.cell').length > 0"))
    js("api('POST', actingPath('stand-in'), {mode: 'game'}).then(render)")
    wait_until(f"{PLIES} moves", lambda: js("return game.moves.length") >= PLIES or js("return game.over"))
    js("api('POST', actingPath('stand-in'), {mode: 'off'}).then(render)")
    wait_until("the person to move", lambda: js("return !game.over && game.legal.length > 0") or js("return game.over"))
    check(js("return game.moves.length") >= PLIES, f"{variant}: the engine played {PLIES} moves")
    shot(f"{variant}-middle", "#play")
    if not js("return game.over"):
        js("window.confirm = () => true")
        by_id("resign").click()
        wait_until("the result", lambda: js("return game.over"))
    check(js("return document.getElementById('result').innerText") != "", f"{variant}: a result shown")
    shot(f"{variant}-end", "#play")
driver.quit()
print("page screenshots passed")
