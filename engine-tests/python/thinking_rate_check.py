"""The thinking line's nodes a second (issue 30): a search of a millisecond or less showed a rate
that means nothing ("256 nodes, 256000 nodes/s"). The page shows a rate only for a search of
50 ms or more (`RATE_MIN_MS` in app.js), and then the server's own figure.

The weakest foe (its searches are of a few hundred nodes, a millisecond or so; its last
search stays on show after its reply) plays the strongest, watched, until a search under 50 ms
has been drawn (a game of engines only: against a person the foe's search is not shown while
the game is on, foe_thoughts_check.py), then an analysis runs long enough to have a rate.
Every thinking line the page draws is kept (a render hook and the poll's own drawing), with the
search it was drawn from, so no line shown only for a moment is missed.

usage: thinking_rate_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)
RATE_MIN_MS = 50

# Keeps [time_ms, nps, the head line shown] after every drawing of the thinking line.
KEEP_HEADS = """
window.heads = [];
const drawn = window.drawSearch;
window.drawSearch = function (search) {
  drawn(search);
  if (search) window.heads.push([search.time_ms, search.nps, document.getElementById('search').innerText.split('\\n')[0]]);
};
"""


def heads(screen):
    return screen.js("return window.heads")


def check_heads(seen):
    # The lines of finished searches first: they stay on show, and name the fault best.
    for time_ms, nps, head in sorted(seen, key=lambda h: "thinking" in h[2]):
        if time_ms < RATE_MIN_MS:
            check("nodes/s" not in head, f"a rate shown for a search of {time_ms} ms: {head!r}")
        else:
            check(f", {nps} nodes/s" in head, f"no rate (or not the server's {nps}) for {time_ms} ms: {head!r}")


driver = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(driver)
try:
    screen.new_game(URL, "chess", [("engine", 1000, "weakest"), ("engine", 200, "strongest")])
    screen.js(KEEP_HEADS)
    # The weakest's searches are short, but a busy machine can hold one 50 ms or more (it then
    # shows a rate, rightly): the game is watched until one of under 50 ms that searched some
    # nodes has been drawn (the strongest at 200 ms a move keeps the game going meanwhile).
    def short_ones():
        return [h for t, _, h in heads(screen) if t < RATE_MIN_MS and " 0 nodes" not in h and "nodes" in h]

    screen.wait_until(f"a search under {RATE_MIN_MS} ms drawn, or the game over",
                      lambda: short_ones() or screen.js("return game.over"))
    check(short_ones(), f"no search under {RATE_MIN_MS} ms drawn in {len(screen.moves())} moves: {heads(screen)}")
    seen = heads(screen)
    check_heads(seen)
    short = [h for t, _, h in seen if t < RATE_MIN_MS]
    print(f"thinking rate: {len(short)} lines of searches under {RATE_MIN_MS} ms, none with a rate: {short[-1]!r}")

    # An analysis long enough for a rate, on the person's turn against an engine (nothing else
    # thinks; between people there is no analysis while the game is on).
    screen.new_game(URL, "chess", ["human", ("engine", 1000, "weakest")])
    screen.js(KEEP_HEADS)
    screen.press("analyse")
    screen.wait_until("an analysis of 50 ms or more drawn",
                      lambda: any(t >= RATE_MIN_MS for t, _, _ in heads(screen)))
    seen = heads(screen)
    check_heads(seen)
    long = [h for t, _, h in seen if t >= RATE_MIN_MS]
    print(f"thinking rate: the analysis's line at {RATE_MIN_MS} ms or more shows the rate: {long[-1]!r}")
    screen.screenshot(SHOTS, "thinking-rate", "side")
    screen.press("stop")
    driver.quit()
    print("thinking rate check passed")
except BaseException:
    print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
    driver.quit()
    raise
