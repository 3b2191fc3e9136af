"""Nothing a player clicks moves when news appears (issue 30): while engines play, the side panel
used to grow above its buttons (an elimination's line, a longer status, Stop coming and going,
an engine's lines of every length), so a click meant for one button landed on another (web18's
run: "element click intercepted" on "I will play myself").

A Sceptre game of three at one screen, past its set-up (a ready position of the shipped
openings), where nobody thinks (three people), then the same views
the server sends while engines play drawn on its page: one and two eliminations announced, the
status of an engine thinking for a person with check, an engine's search running (Stop shown)
with long lines and then over (Stop hidden), a draw offered, a take-back asked for, an engine's
notice. After each, every button, choice and field of the panel must be where it was: the
controls at the top for every kind of news, and the ones below too for the news that comes while
engines play (announcements, status, searches). At a desktop's window and a phone's.

usage: steady_controls_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import json
import os
import sys

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
clickable.forEach((e, i) => {
  if (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden') return;
  const r = e.getBoundingClientRect();
  const key = e.id || e.dataset.ply && 'move ' + e.dataset.ply || e.className + ' ' + i;
  places[key] = [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
});
return places;
"""

# The play controls: where each must stay whatever news comes.
CONTROLS = {"undo", "flip", "sceptre-bottom", "zoom-out", "zoom-in", "lines", "analyse", "stop", "new",
            "resign", "offer-draw", "accept-draw", "decline-draw", "rematch",
            "play-for-me", "stand-in-stop", "setup-for-me"}

# News that moves nothing in the panel, the fields and buttons below the news included: what
# changes at every move while engines play, and an elimination's line (room is kept for one line
# per seat that may leave).
PLAYING_NEWS = {
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
}
# News that moves none of the controls above it (the fields and buttons below may move: a line
# that wraps, a notice of two lines).
OTHER_NEWS = {
    "two departures announced, one of two lines": "v.announcements = ['After move 40: White is eliminated.', "
                                                 "'After move 52: Red withdraws (no legal move); its pieces stay.'];",
    "a draw offered": "v.draw_offer = 1;",
    "a take-back asked for": "v.takeback = { agreed: [1] };",
    "an engine's notice": "v.notice = 'the engine could not search: something went wrong on the server, "
                          "and a long sentence says what it was in words';",
}


def places(screen):
    return screen.js(PLACES)


def draw(screen, change):
    """Draws the quiet view the page first drew, changed by `change` (a script on `v`), as if
    the server sent it: a copy one generation past the one shown, so the page takes it for news."""
    screen.js("const v = JSON.parse(window.quietView); v.generation = game.generation + 1;" + change + " render(v);")


def steady(screen, size):
    screen.new_game(URL, "sceptre1027", ["human", "human", "human"], options={"SceptrePlayers": 3},
                    position=ready_position())
    check(not screen.shown("palette"), f"{size}: the game is still in its set-up")
    screen.js("window.quietView = JSON.stringify(game)")
    base = places(screen)
    controls = [k for k in base if k in CONTROLS]
    for needed in ("undo", "flip", "analyse", "new", "resign", "play-for-me"):
        check(needed in base, f"{size}: {needed} not among the panel's controls: {sorted(base)}")
    for what, change in list(PLAYING_NEWS.items()) + list(OTHER_NEWS.items()):
        draw(screen, "")  # the quiet view again: each news alone
        check(places(screen) == base, f"{size}: the quiet view drawn again moved something")
        draw(screen, change)
        now = places(screen)
        watched = base if what in PLAYING_NEWS else controls
        moved = {k: (base[k], now[k]) for k in watched if k in now and now[k] != base[k]}
        gone = [k for k in controls if k not in now]
        check(not moved, f"{size}: {what} moved {moved}")
        check(not gone, f"{size}: {what} hid {gone}")
        print(f"steady controls ({size}): {what}: {len(watched)} clickable places unmoved")
        if what.startswith("two departures"):
            # The window, the panel at its top (on a phone the panel is longer than the screen).
            screen.js("document.getElementById('side').scrollIntoView()")
            screen.driver.save_screenshot(os.path.join(SHOTS, f"steady-controls-{size}.png"))
            screen.js("window.scrollTo(0, 0)")
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
    seen = [json.loads(p) for p in screen.js("return window.controlPlaces")]
    check(len(seen) >= 2, f"{size}: only {len(seen)} views drawn while the engines played")
    first = seen[0]
    for i, places_now in enumerate(seen[1:], 1):
        moved = {k: (first[k], places_now[k]) for k in first if k in places_now and places_now[k] != first[k]}
        check(not moved, f"{size}: while the engines play, view {i} moved {moved}")
    print(f"steady controls ({size}): {len(seen)} views drawn while three engines played, "
          f"{len(first)} controls unmoved ({screen.js('return game.moves.length')} moves)")


for size, window in (("desktop", "1400,1000"), ("phone", "390,844")):
    driver = page_kit.start_browser(CHROMIUM, DRIVER, window)
    screen = page_kit.Screen(driver)
    try:
        steady(screen, size)
        steady_while_engines_play(screen, size)
        driver.quit()
    except BaseException:
        print(f"page: {screen.js('return document.body.innerText')[:800]!r}")
        driver.quit()
        raise
print("steady controls check passed")
