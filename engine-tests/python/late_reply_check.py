"""A late answer is not drawn over a newer view (issue 30). On a busy machine the page's requests
are answered in any order: the answer to a refresh asked for before a move can come after the
move's own answer was drawn. The page draws a view only when it is not older than the one it
shows (the game's generation, which never goes down, and for one generation the way the board
is turned).

Each late answer is made by the page's own calls: the answer to one request for the game is held
(a wrapper of `window.fetch` keeps the server's answer until the check lets it go), the player
acts meanwhile by clicks, then the held answer is let go. No timing is involved: the check waits
until the held answer is there, and until the page has handled it.

usage: late_reply_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]

# Holds the answer to the next GET of the game's view (`/api/games/ID?…`) until
# `window.held.shift()()` lets it go; every other request passes.
HOLD_NEXT_VIEW = """
window.held = [];
window.holdNext = false;
if (!window.fetchBeforeHold) {
  window.fetchBeforeHold = window.fetch.bind(window);
  window.fetch = function (path, init) {
    const answer = window.fetchBeforeHold(path, init);
    const view = /^\\/api\\/games\\/[0-9a-f]+\\?/.test(String(path)) && (!init || !init.method || init.method === 'GET');
    if (!window.holdNext || !view) return answer;
    window.holdNext = false;
    return answer.then((response) => new Promise((resolve) => { window.held.push(() => resolve(response)); }));
  };
}
"""

# A refresh (what the event stream's news and the Flip button call) whose answer is held.
HELD_REFRESH = """
window.lateHandled = false;
window.holdNext = true;
refresh().then(() => { window.lateHandled = true; });
"""

driver = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(driver)
try:
    # Two people at one screen: nothing comes unless a person acts.
    screen.new_game(URL, "chess", ["human", "human"])
    screen.keep_what_renders_show("drawn", "[view.generation, view.moves.length, view.turn]")
    screen.js(HOLD_NEXT_VIEW)

    # 1. A refresh asked for before a move, answered after the move's view was drawn.
    before = screen.js("return game.generation")
    screen.js(HELD_REFRESH)
    screen.wait_until("the earlier view's answer held", lambda: screen.js("return window.held.length") == 1)
    screen.play("e2", "e4")
    screen.wait_until("the move's view drawn", lambda: screen.js("return game.generation") > before)
    screen.js("window.held.shift()()")
    screen.wait_until("the late answer handled", lambda: screen.js("return window.lateHandled"))
    check(screen.moves() == ["e2e4"],
          f"the late answer to an earlier request was drawn over the move: the page shows {screen.moves()}")
    check("e4" in screen.text_of("moves"), f"the move list reads {screen.text_of('moves')!r}")
    check(screen.js("return game.legal.some((m) => m.text === 'e7e5')"), "black is not offered e7e5")
    drawn = screen.js("return window.drawn")
    generations = [g for g, _, _ in drawn]
    check(generations == sorted(generations), f"the page drew an older view after a newer one: {drawn}")
    print(f"late reply: the answer to a refresh asked before e2e4 came after it and was not drawn ({drawn})")

    # 2. The same generation, but the board turned since: a refresh asked for before "Flip",
    # answered after the flipped board was drawn, does not turn the board back.
    screen.js("window.drawn = []")
    screen.js(HELD_REFRESH)
    screen.wait_until("the unflipped view's answer held", lambda: screen.js("return window.held.length") == 1)
    screen.press("flip")
    screen.wait_until("the flipped board drawn", lambda: screen.js("return game.turn") == 2)
    screen.js("window.held.shift()()")
    screen.wait_until("the late answer handled", lambda: screen.js("return window.lateHandled"))
    check(screen.js("return game.turn === 2 && turn === 2"),
          f"the board was turned back by a late answer: view drawn at {screen.js('return game.turn')} quarter turns")
    drawn = screen.js("return window.drawn")
    check(all(t == 2 for _, _, t in drawn), f"a view drawn unflipped after the flip: {drawn}")
    # The page still plays: black's move by clicks on the flipped board.
    screen.play("e7", "e5")
    check(screen.moves() == ["e2e4", "e7e5"], f"moves {screen.moves()}")
    print("late reply: a view asked for before Flip, answered after it, did not turn the board back")

    # 3. A late answer from the live poll (the thinking line's), older than the view drawn, is
    # not taken for news and changes nothing shown.
    status = screen.text_of("status")
    screen.js("""
        window.livePolled = false;
        const fetched = window.fetchBeforeHold;
        window.fetchBeforeHold = function (path, init) {
          if (!/\\/live$/.test(String(path).split('?')[0])) return fetched(path, init);
          window.fetchBeforeHold = fetched;
          const stale = { generation: game.generation - 1, status: 'an old status', search: null };
          return Promise.resolve(new Response(JSON.stringify(stale), { status: 200 }));
        };
        poll().then(() => { window.livePolled = true; });
    """)
    screen.wait_until("the stale poll handled", lambda: screen.js("return window.livePolled"))
    check(screen.text_of("status") == status, f"a stale poll's status drawn: {screen.text_of('status')!r}")
    print("late reply: a stale poll's answer is not drawn")
    driver.quit()
    print("late reply check passed")
except BaseException:
    print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
    driver.quit()
    raise
