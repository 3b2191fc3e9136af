"""Nothing a player clicks moves when news appears (issue 30): while engines play, the side panel
used to grow above its buttons (an elimination's line, a longer status, Stop coming and going,
an engine's lines of every length), so a click meant for one button landed on another (web18's
run: "element click intercepted" on "I will play myself"); and later the fields and buttons
below the news still moved when a departure's line wrapped, a notice took two lines, a draw was
offered or a take-back asked for (web19's report), or when a move of the list was clicked to
step back (its note pushed the list down under the pointer).

A Sceptre game of three at one screen, past its set-up (a ready position of the shipped
openings), where nobody thinks (three people), then the same views
the server sends while engines play drawn on its page: one and two departures announced (short
and wrapping), the status of an engine thinking for a person with check, an engine's search
running (Stop shown) with long lines and then over (Stop hidden), a draw offered, a take-back
asked for, an engine's notice of two lines and more, every colour's pool filled (its line cut,
not wrapped), and several at once. After each, every
button, choice, field and move of the panel must be where it was, and news that fits its box
alone is shown whole there (the box scrolls only when more comes at once). Then a game of two
people: a two-line notice, a draw offered, a take-back asked for, a move stepped back to. At a
desktop's window and a phone's screen. First, a Sceptre set-up of a person and two engines: the
palette, hidden on the engines' turns, keeps its room, so the status and the controls below
stay put as the turn goes round.

usage: steady_controls_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)
READY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "openings", "sceptre1027", "ready-3.epd")


def ready_position():
    """The first ready set-up of three players on the nine boards."""
    with open(READY) as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    return lines[0]


# Where each thing a player may click in the side panel stands: id (or its place among its
# parent's children) -> [left, top, width, height], for those seen.
PLACES = """
const places = {};
const clickable = document.querySelectorAll('#side button, #side select, #side input, #side a.button, #side .move');
const counted = {};  // elements without an id: their class and their place among that class's
clickable.forEach((e) => {
  const kind = e.className || e.tagName;
  counted[kind] = (counted[kind] || 0) + 1;
  if (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden') return;
  const r = e.getBoundingClientRect();
  const key = e.id || e.dataset.ply && 'move ' + e.dataset.ply || kind + ' ' + counted[kind];
  places[key] = [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
});
return places;
"""

# The play controls: where each must stay whatever news comes.
CONTROLS = {"undo", "flip", "sceptre-bottom", "zoom-out", "zoom-in", "lines", "analyse", "stop", "new",
            "resign", "offer-draw", "accept-draw", "decline-draw", "rematch",
            "play-for-me", "stand-in-stop", "setup-for-me"}

# Fields and buttons at the panel's foot.
BELOW = {"position", "copy", "download-record", "download-svg"}

# News that moves nothing in the panel, the fields and buttons below the news included: what
# changes at every move while engines play, departures (room is kept for two lines per seat that
# may leave), offers, requests and notices.
WITHDRAWAL = "After move 52: Red withdraws (no legal move); its pieces stay."
NOTICE = ("the engine could not search: something went wrong on the server, "
          "and a long sentence says what it was in words")
FULL_POOLS = ",".join(f"{c}:QRRBBNNPPPPPPPP" for c in "bwr")
NEWS = {
    "one elimination announced": "v.announcements = ['After move 40: White is eliminated.'];",
    "a long status": "v.status = 'Black (the engine, for you) is thinking: check!';",
    "an engine's search running (Stop shown)": """
        v.legal = [];
        v.search = { kind: 'engine', seat: v.to_move, running: true, depth: 7, nodes: 123456, nps: 654321,
          time_ms: 189, ply: null,
          lines: [{ depth: 7, cp: 35, mate: null, score: '+0.35',
                    pv: Array(14).fill('a1b2'), notation: [] }] };""",
    "an engine's search over": """
        v.search = { kind: 'engine', seat: v.to_move, running: false, depth: 3, nodes: 256, nps: 853333,
          time_ms: 0, ply: null, lines: [{ depth: 3, cp: -12, mate: null, score: '-0.12', pv: ['a1b2'], notation: [] }] };""",
    "a withdrawal announced, wrapping": f"v.announcements = [{WITHDRAWAL!r}];",
    "two departures announced, one of two lines": f"v.announcements = ['After move 40: White is eliminated.', {WITHDRAWAL!r}];",
    "two withdrawals announced, both of two lines": f"v.announcements = [{WITHDRAWAL!r}, {WITHDRAWAL.replace('Red', 'White')!r}];",
    "a draw offered": "v.draw_offer = 1;",
    "a take-back asked for": "v.takeback = { agreed: [1] };",
    "an engine's notice of three lines": f"v.notice = {NOTICE!r};",
    # Every colour's pool full (the position's pools field): each pool's line is cut, not wrapped.
    "every pool filled": f"const f = v.position.split(' '); f[6] = {FULL_POOLS!r}; v.position = f.join(' ');",
}
# More at once than the news box holds: it scrolls, and still nothing moves.
CROWDED = {
    "two withdrawals and a notice at once": f"v.announcements = [{WITHDRAWAL!r}, {WITHDRAWAL.replace('Red', 'White')!r}]; "
                                            f"v.notice = {NOTICE!r}; v.takeback = {{ agreed: [1] }};",
}
# In a game of two people.
TWO_PLAYER_NEWS = {
    "a two-line notice": "v.notice = \"the engine's move e7e5: its process stopped answering and is started again\";",
    "a draw offered": "v.draw_offer = 1;",
    "a take-back asked for": "v.takeback = { agreed: [1] };",
}

# Whether the news box shows all it holds (no part scrolled out of sight).
NEWS_WHOLE = "const n = document.getElementById('news'); return !n || n.scrollHeight <= n.clientHeight + 1;"


def places(screen):
    return screen.js(PLACES)


def draw(screen, change):
    """Draws the quiet view the page first drew, changed by `change` (a script on `v`), as if
    the server sent it: a copy one generation past the one shown, so the page takes it for news."""
    screen.js("const v = JSON.parse(window.quietView); v.generation = game.generation + 1;" + change + " render(v);")


def moved_by(screen, base, size, what, change, whole=True):
    """Draws `change` alone on the quiet view; fails if any clickable place moved or went, or
    (when `whole`) if the news box does not show all of it."""
    draw(screen, "")  # the quiet view again, and no notice left from the last: each news alone
    screen.js("say('')")
    check(places(screen) == base, f"{size}: the quiet view drawn again moved something")
    draw(screen, change)
    now = places(screen)
    moved = {k: (base[k], now[k]) for k in base if k in now and now[k] != base[k]}
    # A draw offered takes the place of "Offer a draw" (one offer at a time); it moves nothing.
    gone = [k for k in base if k not in now and k in CONTROLS and not (k == "offer-draw" and "draw" in what)]
    check(not moved, f"{size}: {what} moved {moved}")
    check(not gone, f"{size}: {what} hid {gone}")
    if whole:
        check(screen.js(NEWS_WHOLE), f"{size}: {what}: the news box cannot show it whole: "
                                     f"{screen.text_of('news')!r}")
    print(f"steady controls ({size}): {what}: {len(base)} clickable places unmoved")


def steady(screen, size):
    screen.new_game(URL, "sceptre1027", ["human", "human", "human"], options={"SceptrePlayers": 3},
                    position=ready_position())
    check(not screen.shown("palette"), f"{size}: the game is still in its set-up")
    screen.js("window.quietView = JSON.stringify(game)")
    base = places(screen)
    for needed in ("undo", "flip", "analyse", "new", "resign", "play-for-me", "copy", "download-record"):
        check(needed in base, f"{size}: {needed} not among the panel's controls: {sorted(base)}")
    check(any(k.startswith("seat-link") for k in base), f"{size}: no seat link field among {sorted(base)}")
    for what, change in NEWS.items():
        moved_by(screen, base, size, what, change)
        if what.startswith("two departures"):
            # The window, the panel at its top (on a phone the panel is longer than the screen).
            screen.js("document.getElementById('side').scrollIntoView()")
            screen.driver.save_screenshot(os.path.join(SHOTS, f"steady-controls-{size}.png"))
            screen.js("window.scrollTo(0, 0)")
    for what, change in CROWDED.items():
        moved_by(screen, base, size, what, change, whole=False)
        check("could not search" in screen.text_of("message"), f"{size}: {what}: the notice is not shown")
    draw(screen, "")


def steady_two_people(screen, size):
    """A game of two people: moves played, a move of the list clicked to step back, and news move
    nothing (the views with news come last: they are drawn a generation ahead of the server's)."""
    screen.new_game(URL, "chess", ["human", "human"])
    screen.play("e2", "e4")
    screen.play("e7", "e5")
    first = places(screen)
    # The list has a line more, and nothing below it moves.
    for source, target in (("g1", "f3"), ("b8", "c6"), ("f1", "b5")):
        screen.play(source, target)
    now = places(screen)
    moved = {k: (first[k], now[k]) for k in first if k in now and now[k] != first[k] and not k.startswith("move ")}
    check(not moved, f"{size}: three moves played moved {moved}")
    print(f"steady controls ({size}): three moves played: the fields and buttons below the list unmoved")
    base = places(screen)
    screen.on_fresh_board(lambda: screen.driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click())
    screen.wait_until("the position after move 1", lambda: "After move 1 of 5" in screen.text_of("review-note"))
    now = places(screen)
    moved = {k: (base[k], now[k]) for k in base if k in now and now[k] != base[k]}
    check(not moved, f"{size}: stepping back to move 1 moved {moved}")
    print(f"steady controls ({size}): a move stepped back to: {len(base)} clickable places unmoved")
    screen.by_id("moves").send_keys(Keys.END)
    screen.wait_until("back to the game", lambda: not screen.visible("review-note"))
    screen.js("window.quietView = JSON.stringify(game)")
    for what, change in TWO_PLAYER_NEWS.items():
        moved_by(screen, base, size, what, change)
    draw(screen, "")


def steady_while_engines_play(screen, size):
    """Three engines play on from a ready position: the controls' places after every view the
    page draws (a render hook, so no view is missed) are all the first one's."""
    screen.new_game(URL, "sceptre1027", [("engine", 200, "strongest")] * 3, options={"SceptrePlayers": 3},
                    position=ready_position())
    screen.keep_what_renders_show("controlPlaces", "(() => { const all = (() => {" + PLACES + "})(); "
                                  "const kept = {}; for (const k of " + repr(sorted(CONTROLS)) + ") "
                                  "if (all[k]) kept[k] = all[k]; return JSON.stringify(kept); })()")
    screen.wait_until("a dozen views drawn while the engines play",
                      lambda: len(screen.js("return window.controlPlaces")) >= 12 or screen.js("return game.over"))
    # Enough: the page stops fetching the engines' moves (the views already asked for are still
    # drawn, and kept), so reading what it kept does not wait behind a flood of views.
    screen.js("Stream.close(); clearTimeout(pollTimer); window.schedulePoll = () => {};")
    seen = [json.loads(p) for p in screen.js("return window.controlPlaces")]
    check(len(seen) >= 2, f"{size}: only {len(seen)} views drawn while the engines played")
    first = seen[0]
    for i, places_now in enumerate(seen[1:], 1):
        moved = {k: (first[k], places_now[k]) for k in first if k in places_now and places_now[k] != first[k]}
        check(not moved, f"{size}: while the engines play, view {i} moved {moved}")
    print(f"steady controls ({size}): {len(seen)} views drawn while three engines played, "
          f"{len(first)} controls unmoved ({screen.js('return game.moves.length')} moves)")


def steady_through_the_set_up(screen, size):
    """A Sceptre set-up of three, a person and two engines: the palette is shown on the person's
    turns and hidden on the engines', and keeps its room meanwhile: the status and the controls
    below stand where they stood in every view drawn while the turn goes round the table three times."""
    screen.new_game(URL, "sceptre1027", ["human", ("engine", 200, "weakest"), ("engine", 200, "weakest")],
                    options={"SceptrePlayers": 3})
    screen.keep_what_renders_show("setUpPlaces", "(() => { const all = (() => {" + PLACES + "})(); "
                                  "const s = document.getElementById('status').getBoundingClientRect(); "
                                  "const kept = { status: [Math.round(s.left), Math.round(s.top + window.scrollY)] }; "
                                  "for (const k of " + repr(sorted(CONTROLS | BELOW)) + ") if (all[k]) kept[k] = all[k]; "
                                  "return JSON.stringify([document.getElementById('palette').hidden, kept]); })()")
    for placed in range(3):
        before = len(screen.moves())
        screen.wait_until("the palette", lambda: screen.shown("palette"))
        targets = screen.wait_until("the placement squares", screen.targets)
        screen.click(targets[len(targets) // 2])
        screen.wait_until("the placement", lambda: len(screen.moves()) > before)
    screen.wait_until("the person's turn again", lambda: screen.shown("palette"))
    seen = [json.loads(p) for p in screen.js("return window.setUpPlaces")]
    hidden_views = sum(1 for h, _ in seen if h)
    check(hidden_views >= 2, f"{size}: only {hidden_views} views drawn with the palette hidden")
    first = seen[0][1]
    for i, (hidden, now) in enumerate(seen[1:], 1):
        moved = {k: (first[k], now[k]) for k in first if k in now and now[k] != first[k]}
        check(not moved, f"{size}: set-up view {i} (palette {'hidden' if hidden else 'shown'}) moved {moved}")
    print(f"steady controls ({size}): {len(seen)} set-up views ({hidden_views} with the palette hidden), "
          f"the status and {len(first) - 1} controls unmoved")


for size, window in (("desktop", "1400,1000"), ("phone", page_kit.PHONE)):
    driver = page_kit.start_browser(CHROMIUM, DRIVER, window)
    screen = page_kit.Screen(driver)
    try:
        steady_through_the_set_up(screen, size)
        steady(screen, size)
        steady_two_people(screen, size)
        steady_while_engines_play(screen, size)
        driver.quit()
    except BaseException:
        print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
        driver.quit()
        raise
print("steady controls check passed")
