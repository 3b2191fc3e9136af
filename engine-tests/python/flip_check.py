"""After Flip the board shows the game as it is now, turned as asked (issue 30). A request the
page sent before Flip carries the old turn; its answer, when it comes after the flip with a newer
generation than the flipped view (the move it sent, answered once played), was drawn as news:
the board stood at the old turn until the next change, while the page thought it turned (its
clicks, its evaluation bar and its diagram link at the new turn). A position stepped back to
(review) asked for before Flip and answered after it likewise stayed at the old turn.

Each late answer is made by the page's own calls: a request held before it reaches the server,
or an answer held until the check lets it go (a wrapper of `window.fetch`), the player acting
meanwhile by clicks. No timing is involved: every wait is for what the page shows, and every
view the page draws is kept by a render hook, so a view drawn for a moment is not missed.

usage: flip_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]

# `window.deferNext[kind] = true` keeps the next request of that kind from the server until
# `window.deferred.shift()()` sends it; `window.holdNext[kind] = true` sends the next one but
# keeps its answer from the page until `window.held.shift()()`. Kinds: "move" (a move's POST),
# "view" (a GET of the game's view), "review" (a GET of a position stepped back to).
WRAP_FETCH = """
window.deferNext = {}; window.holdNext = {}; window.deferred = []; window.held = [];
if (!window.fetchBeforeHold) {
  window.fetchBeforeHold = window.fetch.bind(window);
  const kindOf = (path, method) => {
    if (method === 'POST' && /^\\/api\\/games\\/[0-9a-f]+\\/move\\?/.test(path)) return 'move';
    if (method === 'GET' && /^\\/api\\/games\\/[0-9a-f]+\\?/.test(path)) return 'view';
    if (method === 'GET' && /^\\/api\\/games\\/[0-9a-f]+\\/review\\?/.test(path)) return 'review';
    return null;
  };
  window.fetch = function (path, init) {
    const kind = kindOf(String(path), (init && init.method) || 'GET');
    if (kind && window.deferNext[kind]) {
      window.deferNext[kind] = false;
      return new Promise((resolve, reject) => {
        window.deferred.push(() => window.fetchBeforeHold(path, init).then(resolve, reject));
      });
    }
    const answer = window.fetchBeforeHold(path, init);
    if (kind && window.holdNext[kind]) {
      window.holdNext[kind] = false;
      return answer.then((response) => new Promise((resolve) => { window.held.push(() => resolve(response)); }));
    }
    return answer;
  };
}
"""

# Whether the board drawn has white's side (rank 1) at the bottom, from where its squares are.
WHITE_AT_BOTTOM = """
const y = (s) => document.querySelector(`#board-box rect.cell[data-square="${s}"]`).getBoundingClientRect().top;
return y('a1') > y('a8');
"""


def drawn_turns(screen):
    return [view_turn for _, _, view_turn, _ in screen.js("return window.drawn")]


driver = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(driver)
try:
    # Two people at one screen: nothing comes unless a person acts.
    screen.new_game(URL, "chess", ["human", "human"])
    check(screen.js(WHITE_AT_BOTTOM), "the new game's board does not have white at the bottom")
    screen.js(WRAP_FETCH)

    # 1. A move sent before Flip, answered after the flipped board was drawn: the board stays
    # flipped and shows the move.
    screen.js("window.deferNext.move = true")
    screen.click("e2")
    screen.click("e4")
    screen.wait_until("the move e2e4 held before the server", lambda: screen.js("return window.deferred.length") == 1)
    screen.press("flip")
    screen.wait_until("the flipped board drawn", lambda: screen.js("return game.turn === 2 && turn === 2"))
    check(not screen.js(WHITE_AT_BOTTOM), "Flip did not turn the board")
    screen.keep_what_renders_show("drawn", "[view.generation, view.moves.length, view.turn, turn]")
    # The stream's news of the move is fetched and its answer held: the page hears of the move
    # only from the answer to it, as when that answer comes first.
    screen.js("window.holdNext.view = true; window.deferred.shift()()")
    screen.wait_until("the move's answer handled", lambda: screen.js("return !busy"))
    check(all(t == 2 for t in drawn_turns(screen)),
          f"a view drawn at the turn before Flip after it: [generation, moves, view's turn, page's turn] "
          f"{screen.js('return window.drawn')}")
    screen.wait_until("the move drawn on the flipped board",
                      lambda: screen.js("return game.moves.length === 1 && game.turn === 2"))
    before = len(screen.js("return window.drawn"))
    screen.wait_until("the stream's news of the move held", lambda: screen.js("return window.held.length") == 1)
    screen.js("window.held.shift()()")
    screen.wait_until("the stream's news drawn", lambda: len(screen.js("return window.drawn")) > before)
    check(all(t == 2 for t in drawn_turns(screen)), f"a view drawn unflipped after Flip: {screen.js('return window.drawn')}")
    check(screen.js("return game.turn === 2 && turn === 2") and not screen.js(WHITE_AT_BOTTOM),
          f"the board is not turned as the page says: view at {screen.js('return game.turn')}, page at {screen.js('return turn')}")
    check(screen.moves() == ["e2e4"], f"moves {screen.moves()}")
    # The page still plays: black's move by clicks on the flipped board.
    screen.play("e7", "e5")
    check(screen.moves() == ["e2e4", "e7e5"], f"moves {screen.moves()}")
    print(f"flip: the move sent before Flip and answered after it is shown on the flipped board "
          f"(views drawn after the flip: {screen.js('return window.drawn')})")

    # 2. A position stepped back to, asked for before Flip and answered after it: shown at the
    # new turn.
    screen.js("window.holdNext.review = true")
    screen.on_fresh_board(lambda: screen.driver.find_element(
        By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click())
    screen.wait_until("the review's answer held", lambda: screen.js("return window.held.length") == 1)
    screen.press("flip")
    screen.wait_until("the flipped game drawn", lambda: screen.js("return game.turn === 0 && turn === 0"))
    screen.js("window.held.shift()()")
    screen.wait_until("the position after move 1 shown",
                      lambda: screen.js("return reviewPly === 1 && reviewAsked === null"))
    check("After move 1 of 2" in screen.text_of("review-note"), f"the review note reads {screen.text_of('review-note')!r}")
    check(screen.js(WHITE_AT_BOTTOM),
          "the position stepped back to is drawn at the turn before Flip (black at the bottom, the page at 0)")
    # End returns to the game, turned as the page says.
    screen.by_id("moves").send_keys(Keys.END)
    screen.wait_until("back to the game", lambda: not screen.visible("review-note"))
    check(screen.js(WHITE_AT_BOTTOM) and screen.js("return game.turn === 0"), "the game's board is not at the page's turn")
    print("flip: a position stepped back to, asked before Flip and answered after it, is shown turned as asked")
    driver.quit()
    print("flip check passed")
except BaseException:
    print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
    driver.quit()
    raise
