"""Sceptre 1027's "Set up for me" as a preview the player adjusts, in headless Chromium (issue
30), by clicks on `regalia serve`'s page: the engine's proposal is drawn as faint pieces and
nothing is played; a piece moved by clicks, two swapped, one dragged, each change kept only once
the server has checked the plan in order; a change the rules refuse (both bishops on one colour)
is not kept and says why, and the API answers such a plan with a 400; "Confirm set-up" hands the
plan to the server, which places the plan as the turns come with the page closed (a piece
white's placements put in the way waits; what never fits the engine places); "Cancel"
drops a plan and gives the palette back.
Screenshots go to SCREENSHOT_DIR as setup-preview-*.png.

usage: setup_preview_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from page_kit import call, check, start_browser, Screen

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
URL = URL.rstrip("/")
os.makedirs(SHOTS, exist_ok=True)

driver = start_browser(CHROMIUM, DRIVER, "1400,1100")


def new_duel(page_url):
    """A two-player game on the duel layout from the form: black a person, white the engine."""
    page = Screen(driver)
    page.new_game(page_url + "/", "sceptre1027", ["human", ("engine", 50)], {"SceptreLayout": "duel"})
    return page


def by_id(name):
    return driver.find_element(By.ID, name)


def shown(page, name):
    return page.js("const e = document.getElementById(arguments[0]); "
                   "return !!e && !e.hidden && e.getClientRects().length > 0", name)


def plan(page):
    return page.js("return SetUpPreview.plan()")


def rings(page):
    return page.js("return [...document.querySelectorAll('#board-box .preview-ring')].map((r) => r.dataset.square)")


def targets(page):
    return page.js("return [...document.querySelectorAll('#board-box .mark-target')].map((m) => m.dataset.mark)")


def square_of(placement):
    return placement.split("@")[1]


def kind_of(placement):
    return placement.split("@")[0]


def parity(square):
    letters = "".join(c for c in square if c.isalpha())
    file = 0
    for c in letters:
        file = file * 26 + ord(c) - 96
    return (file - 1 + int(square[len(letters):]) - 1) % 2


def screenshot(name):
    path = os.path.join(SHOTS, name + ".png")
    by_id("play").screenshot(path)
    print(f"screenshot {path}")


def changed(page, before):
    return lambda: plan(page) is not None and plan(page)["placements"] != before and not page.js(
        "return document.getElementById('message').textContent.startsWith('That change')")


# ---- the proposal: drawn, nothing played -------------------------------------------------------
page = new_duel(URL)
page.wait_until("black to place by hand", lambda: page.js("return game.to_move === 0 && game.legal.length > 0"))
check(shown(page, "setup-for-me"), "'Set up for me' offered in the set-up")
by_id("setup-for-me").click()
page.wait_until("the proposal drawn", lambda: plan(page) is not None and len(rings(page)) == 16)
proposal = plan(page)["placements"]
check(len(proposal) == 16 and sorted(kind_of(p) for p in proposal) == sorted("KQRRBBNNPPPPPPPP"),
      f"the proposal places black's whole army: {proposal}")
check(sorted(rings(page)) == sorted(square_of(p) for p in proposal), "a dashed ring on each planned square")
faint = page.js("return [...document.querySelectorAll('#board-box g.piece.preview-piece')]"
                ".filter((g) => getComputedStyle(g).opacity < 0.9).length")
check(faint == 16, f"the 16 previewed pieces are drawn faint, not {faint}")
check(page.moves() == [], f"nothing played by the proposal: {page.moves()}")
check(shown(page, "setup-confirm") and shown(page, "setup-cancel"), "Confirm and Cancel offered")
check(not shown(page, "palette") and not shown(page, "setup-for-me"), "no palette nor 'Set up for me' while previewing")
# The preview stands where the palette was: no empty room for the hidden palette between the
# preview's buttons and the status (web21 kept it there, 85 px and more).
PALETTE_ROOM = ("(() => { const p = document.getElementById('palette');"
                " return p.hidden && p.getClientRects().length ? Math.round(p.getBoundingClientRect().height) : 0; })()")
room = page.js(f"return {PALETTE_ROOM}")
check(room == 0, f"the hidden palette keeps {room} px of empty room under the preview")
screenshot("setup-preview-proposal")
print(f"setup preview: the engine's proposal drawn, nothing played: {' '.join(proposal)}")

# ---- a piece moved by clicks to an empty square ----------------------------------------------
pawn = next(p for p in proposal if kind_of(p) == "P")
page.click(square_of(pawn))
page.wait_until("the pawn's squares marked", lambda: len(targets(page)) > 0)
empty = [t for t in targets(page) if t not in rings(page)]
check(empty, f"empty squares offered to the pawn: {targets(page)}")
before = plan(page)["placements"]
page.click(empty[0])
page.wait_until("the pawn moved in the plan", changed(page, before))
after = plan(page)["placements"]
i = before.index(pawn)
check(after[i] == f"P@{empty[0]}" and after[:i] + after[i + 1:] == before[:i] + before[i + 1:],
      f"only the pawn moved, to {empty[0]}: {after}")
check(page.moves() == [], "still nothing played")
print(f"setup preview: {pawn} moved by clicks to {empty[0]}")

# ---- two pieces swapped by clicks ----------------------------------------------------------------
before = plan(page)["placements"]
swapped = None
for p in before:
    if kind_of(p) == "P":
        continue
    page.click(square_of(p))
    page.wait_until(f"{p}'s squares marked", lambda: len(targets(page)) > 0)
    others = [t for t in targets(page) if t in rings(page)
              and kind_of(before[[square_of(q) for q in before].index(t)]) != kind_of(p)]
    if others:
        swapped = (p, others[0])
        page.click(others[0])
        break
    page.click(square_of(p))  # put it down again
check(swapped is not None, "some piece may swap with another of another kind")
page.wait_until("the two pieces swapped", changed(page, before))
after = plan(page)["placements"]
a = before.index(swapped[0])
b = [square_of(q) for q in before].index(swapped[1])
check(after[a] == f"{kind_of(before[a])}@{square_of(before[b])}"
      and after[b] == f"{kind_of(before[b])}@{square_of(before[a])}",
      f"{before[a]} and {before[b]} swapped squares: {after}")
print(f"setup preview: {before[a]} and {before[b]} swapped by clicks")

# ---- a piece dragged ---------------------------------------------------------------------------
before = plan(page)["placements"]
knight = next(p for p in before if kind_of(p) == "N")
page.click(square_of(knight))
page.wait_until("the knight's squares marked", lambda: len(targets(page)) > 0)
drop = next(t for t in targets(page) if t not in rings(page))
page.click(square_of(knight))  # put down: the drag picks it up again
page.wait_until("the knight put down", lambda: len(targets(page)) == 0)
source = driver.find_element(By.CSS_SELECTOR, f'#board-box rect.cell[data-square="{square_of(knight)}"]')
target = driver.find_element(By.CSS_SELECTOR, f'#board-box rect.cell[data-square="{drop}"]')
ActionChains(driver).move_to_element(source).click_and_hold().move_to_element(target).release().perform()
page.wait_until("the knight dragged in the plan", changed(page, before))
after = plan(page)["placements"]
check(after[before.index(knight)] == f"N@{drop}", f"the knight dragged to {drop}: {after}")
check(page.moves() == [], "still nothing played after the drag")
screenshot("setup-preview-adjusted")
print(f"setup preview: {knight} dragged to {drop}")

# ---- a change the rules refuse: the second bishop on the first one's colour ---------------------
before = plan(page)["placements"]
bishops = [p for p in before if kind_of(p) == "B"]
first, second = bishops
page.click(square_of(second))
page.wait_until("the bishop's squares marked", lambda: len(targets(page)) > 0)
same = [t for t in targets(page) if t not in rings(page) and parity(t) == parity(square_of(first))]
check(same, "a free square of the first bishop's colour offered to the second")
page.click(same[0])
page.wait_until("the change refused", lambda: page.js(
    "return document.getElementById('message').textContent").startswith("That change was not kept"))
message = page.js("return document.getElementById('message').textContent")
check("bishop" in message and f"B@{same[0]}" in message, f"the refusal names the placement: {message!r}")
check(plan(page)["placements"] == before, "the refused change left the plan as it was")
# The same plan straight to the API: a 400 naming it.
token = page.js("return creatorTokens(game.id)[0]")
gid = page.js("return game.id")
bad = [f"B@{same[0]}" if p == second else p for p in before]
status, answer = call(URL, "POST", f"/api/games/{gid}/setup-proposal?seat={token}", {"placements": bad})
check(status == 400 and f"B@{same[0]}" in answer["error"], f"the API refuses the plan: {status} {answer}")
print(f"setup preview: both bishops on one colour refused: {message}")

# ---- confirmed: the server holds the plan and places it, the page closed ------------------------
BLACK_PLAYED = "return game.moves.filter((m) => m.seat === 0).map((m) => m.text)"
expected = plan(page)["placements"]
# What the page shows once the server holds the plan, kept view by view (page_kit): white's
# engine places within moments, so the set-up can be over before a polling wait looks, or
# between two reads. The answer to "Confirm" is one such view (black's first piece placed).
page.keep_what_renders_show("progress_shown", """SetUpPreview.plan() === null
    && readSceptre(view.position).inSetUp && !view.over && !!view.seats[0].setup_plan && {
        note: document.getElementById('setup-preview').hidden
            || document.getElementById('setup-preview').getClientRects().length === 0
            ? null : document.getElementById('setup-preview-note').textContent,
        previewRings: document.querySelectorAll('#board-box .preview-ring').length,
        heldRings: document.querySelectorAll('#board-box .held-ring').length,
        paletteRoom: """ + PALETTE_ROOM + """,
        toCome: view.seats[0].setup_plan.stopped ? 0
            : view.seats[0].setup_plan.placements.length - view.seats[0].setup_plan.played}""")
by_id("setup-confirm").click()
page.wait_until("the plan handed to the server", lambda: plan(page) is None and page.js(
    "return !!game.seats[0].setup_plan || !readSceptre(game.position).inSetUp"))
check(page.js("return game.moves[0].text") == expected[0], "black's first placement made at once, by the server")
page.wait_until("a view in the set-up drawn with the server's plan", lambda: page.js("return window.progress_shown.length > 0"))
shown_first = page.js("return window.progress_shown[0]")
note = shown_first["note"]
check(note is not None and "Black's set-up" in note, f"the progress shown: {shown_first}")
check(shown_first["previewRings"] == 0, f"no proposal's ring left: {shown_first}")
# Where the rest will go: one ring a piece still to come, drawn with the same view.
check(shown_first["heldRings"] == shown_first["toCome"], f"rings for the pieces still to come: {shown_first}")
# Nor under the progress, on the turns the palette is hidden.
rooms = page.js("return window.progress_shown.map((s) => s.paletteRoom)")
check(not any(rooms), f"the hidden palette kept room under the progress: {rooms} px, view by view")
if page.js("return readSceptre(game.position).inSetUp"):
    screenshot("setup-preview-held")
print(f"setup preview: confirmed, the server holds it: {note!r}")
# The page goes away: the server places the rest at black's turns (polled by the API, which
# keeps the game watched so that white's engine thinks on).
gid = page.js("return game.id")
driver.get("about:blank")


last = {}


def set_up_over():
    status, last["view"] = call(URL, "GET", f"/api/games/{gid}")
    check(status == 200, f"the game: {status} {last['view']}")
    return last["view"]["position"].split(" ")[5] == "-" or last["view"]["over"]


page.wait_until("the set-up to end with no page open", set_up_over)
view = last["view"]
held = view["seats"][0]["setup_plan"]
played = [m["text"] for m in view["moves"] if m["seat"] == 0]
check(len(played) == 16, f"black's whole army placed: {played}")
order = held["placements"]
if held["stopped"] is None:
    check(held["played"] == 16 and played == order and sorted(played) == sorted(expected),
          f"black's placements are the plan's, in the order made: {played} != {expected}")
    how = "as planned" + ("" if played == expected else " (some put off while white's pieces were in the way)")
else:
    # White's own placements made some of black's illegal for good: the engine placed those.
    n = held["played"]
    check(played[:n] == order[:n] and sorted(order) == sorted(expected),
          f"the plan played up to where it stopped ({held}): {played}")
    how = f"as planned for {n}, then by the engine: {held['stopped']}"
# Back on the page: the set-up is over, nothing of the plan is drawn.
driver.get(f"{URL}/#{gid}")
page.wait_until("the board again", lambda: page.js(
    "return !!game && game.id === arguments[0] && !readSceptre(game.position).inSetUp", gid))
check(not shown(page, "setup-preview") and not shown(page, "setup-for-me"), "no plan nor 'Set up for me' after the set-up")
screenshot("setup-preview-played")
print(f"setup preview: the server placed black's set-up with the page closed, {how}")

# ---- cancelled: nothing played, the palette back -------------------------------------------------
page = new_duel(URL)
page.wait_until("black to place by hand", lambda: page.js("return game.to_move === 0 && game.legal.length > 0"))
by_id("setup-for-me").click()
page.wait_until("the proposal drawn", lambda: plan(page) is not None and len(rings(page)) == 16)
by_id("setup-cancel").click()
page.wait_until("the preview gone", lambda: plan(page) is None and len(rings(page)) == 0)
check(shown(page, "palette") and shown(page, "setup-for-me"), "the palette and 'Set up for me' back")
check(page.moves() == [], "nothing played by a cancelled plan")
placement = page.js("return game.legal.find((m) => m.piece === 'K').to")
by_id("palette").find_element(By.CSS_SELECTOR, 'button[data-piece="K"]').click()
page.click(placement)
page.wait_until("the king placed by hand", lambda: page.moves()[:1] == [f"K@{placement}"])
print("setup preview: cancelled, then placed by hand")
# ---- a held plan waiting for the other person: where the rest will go is drawn -------------------
# Both seats people at this screen: black's plan can go on only as white places, so it waits.
page = Screen(driver)
page.new_game(URL + "/", "sceptre1027", ["human", "human"], {"SceptreLayout": "duel"})
page.wait_until("black to place", lambda: page.js("return game.to_move === 0 && game.legal.length > 0"))
by_id("setup-for-me").click()
page.wait_until("the proposal drawn", lambda: plan(page) is not None and len(rings(page)) == 16)
by_id("setup-confirm").click()
page.wait_until("black's first piece placed, white to place", lambda: plan(page) is None and page.js(
    "return game.to_move === 1 && !!game.seats[0].setup_plan && game.seats[0].setup_plan.played === 1"))
held_rings = page.js("return [...document.querySelectorAll('#board-box .held-ring')].map((r) => r.dataset.square)")
to_come = [square_of(p) for p in page.js("return game.seats[0].setup_plan.placements.slice(1)")]
check(sorted(held_rings) == sorted(to_come), f"rings on the 15 squares still to come: {held_rings} != {to_come}")
note = page.js("return document.getElementById('setup-preview-note').textContent")
check("15 pieces still to come (dashed rings)" in note, f"the note names the rings: {note!r}")
screenshot("setup-preview-held")
print(f"setup preview: a held plan waiting for white draws its 15 squares to come: {note!r}")

driver.quit()
print("setup preview check passed")
