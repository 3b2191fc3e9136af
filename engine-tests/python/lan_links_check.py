"""`regalia serve --host 0.0.0.0` in headless Chromium: a game created on the page at the
server's loopback address hands out a seat's link (its Invite button) and a watch link that start with the address
other machines join at (JOIN, the server's `GET /api/server` join), not the page's own; a
second browser session opening black's link through that address plays black's moves, and
each screen sees the other's.

usage: lan_links_check.py URL JOIN SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import page_kit
from page_kit import check

URL, JOIN, SHOTS, CHROMIUM, DRIVER = sys.argv[1:6]
os.makedirs(SHOTS, exist_ok=True)

status, server = page_kit.call(URL.rstrip("/"), "GET", "/api/server")
check(status == 200 and server["join"] == JOIN, f"the server's join: {status} {server}, expected {JOIN}")

creator = page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")
creator.get(URL)
WebDriverWait(creator, page_kit.TIMEOUT).until(
    lambda d: len(Select(d.find_element(By.ID, "variant")).options) >= 5)
Select(creator.find_element(By.ID, "variant")).select_by_value("chess")
for row in creator.find_elements(By.CSS_SELECTOR, ".seat-row"):
    Select(row.find_element(By.CSS_SELECTOR, ".seat-kind")).select_by_value("human")
creator.find_element(By.ID, "start").click()
WebDriverWait(creator, page_kit.TIMEOUT).until(lambda d: "#" in d.current_url)
# The game's page, in the tab that created it (which holds its links).
page = page_kit.PageSession(creator, creator.current_url)
page.wait_until("the watch link", lambda: len(page.js(
    "return [...document.querySelectorAll('#seat-links input.seat-link')]")) == 1)
gid = page.js("return game.id")
# Black is handed out by the page's Invite button (web26): its new link is shown.
black = page.hand_out(1)
check(black.startswith(JOIN + "/?seat=") and black.endswith("#" + gid), f"black's link: {black}")
watch = page.js("return [...document.querySelectorAll('#seat-links input.seat-link')].map((i) => i.value)")[-1]
check(watch == f"{JOIN}/#{gid}", f"the watch link: {watch}")
creator.find_element(By.ID, "side").screenshot(os.path.join(SHOTS, "lan-links.png"))
print(f"lan: the page's links start with {JOIN}")

# Black's screen joins through the network address.
joined = page_kit.PageSession(page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000"), black)
check(joined.js("return game.you") == 1, "black's link does not play black")
check("You play black" in joined.js("return document.body.innerText"), "black's screen does not say whose it is")
page.play("e2", "e4")
joined.wait_until("white's move on black's screen", lambda: joined.moves() == ["e2e4"])
joined.play("e7", "e5")
page.wait_until("black's move on white's screen", lambda: page.moves() == ["e2e4", "e7e5"])
print("lan: black plays through the network address, both screens see both moves")
joined.driver.quit()
creator.quit()
print("lan links check passed")
