"""A zealot that blew itself up is its owner's loss, not the other side's take (issue 30). The
side panel counts the pieces each side has taken from the board: a Chess 40k self-destruct takes
the zealot and its owner's pieces beside it off the board too, and they used to be listed as
taken by the other side ("Black has taken Z♙", web20's report). Now the other side's line lists
only what it took, and the owner's line says what its blast cost it.

A game of two people from a position where white's zealot on d4 stands beside its own pawn on e3
and black's knight on c5: white blows it up (clicking d4 twice, then the chooser's button), and
the lines are read. Then black's zealot blows up beside white's rook: white's rook is black's
take, the zealot black's own loss.

usage: self_destruct_counters_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

from selenium.webdriver.common.by import By

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
POSITION = "4k3/8/1z6/R1n5/3Z4/4P3/8/4K3 w - - 0 1"


def counter(screen, seat):
    return screen.js("const r = document.querySelector(`#counters .counter[data-seat='${arguments[0]}']`);"
                     "return r ? r.textContent : ''", seat)


def blow_up(screen, square):
    """Clicks the zealot on `square` twice and chooses its self-destruct; waits for it listed."""
    before = len(screen.moves())
    screen.click(square)
    screen.click(square)
    screen.wait_until("the chooser", lambda: screen.shown("chooser"))
    screen.on_fresh_board(lambda: screen.driver.find_element(
        By.CSS_SELECTOR, f'#chooser button[data-move="{square}{square}"]').click())
    screen.wait_until(f"{square}{square} played", lambda: len(screen.moves()) > before)


driver = page_kit.start_browser(CHROMIUM, DRIVER)
screen = page_kit.Screen(driver)
try:
    screen.new_game(URL, "chess40k", ["human", "human"], position=POSITION)
    check(counter(screen, 1).startswith("Black has taken nothing"), f"at the start: {counter(screen, 1)!r}")
    blow_up(screen, "d4")
    white, black = counter(screen, 0), counter(screen, 1)
    print(f"after d4d4: {white!r} / {black!r}")
    check(black.startswith("Black has taken nothing"), f"white's own blast listed as black's take: {black!r}")
    check(white.startswith("White has taken ♞"), f"white's line lacks the knight its blast took: {white!r}")
    check("lost to self-destruction Z♙" in white, f"white's line does not say what its blast cost it: {white!r}")
    check(screen.js("return game.self_destructed") == ["PZ", ""],
          f"the view's self_destructed: {screen.js('return game.self_destructed')!r}")
    blow_up(screen, "b6")
    white, black = counter(screen, 0), counter(screen, 1)
    print(f"after b6b6: {white!r} / {black!r}")
    check(black.startswith("Black has taken ♖"), f"black's line: {black!r}")
    check(black.endswith("lost to self-destruction Z"), f"black's line: {black!r}")
    check(white.startswith("White has taken ♞;") and "♝" not in white and "Z" not in white.split(";")[0],
          f"black's own blast listed as white's take: {white!r}")
    # One line each, whole on hover.
    for seat in (0, 1):
        title = screen.js("return document.querySelector(`#counters .counter[data-seat='${arguments[0]}']`).title", seat)
        check(title == counter(screen, seat), f"seat {seat}: the line's title {title!r}")
    screen.screenshot(SHOTS, "self-destruct-counters", "side")
    driver.quit()
except BaseException:
    print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
    driver.quit()
    raise
print("self-destruct counters check passed")
