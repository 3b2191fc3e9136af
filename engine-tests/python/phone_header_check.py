"""The header keeps to two lines on a phone (issue 30): its tagline, beside the title and "How to
play", took four lines in a 500-pixel window and seven at 390 pixels, and pushed the board down.
On a phone's screen (390x844, emulated) the header is at most two rows, its tagline one line; the
start screen is no wider than the phone (a wider one is shown shrunk); and a chess game's whole
board is on the first screen, below a header of two rows. At a desktop's window the header is
one row.

usage: phone_header_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import os
import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
os.makedirs(SHOTS, exist_ok=True)

# The header's rows (its children side by side share one: their heights overlap) and the lines
# of the tagline shown.
HEADER = """
const shown = [...document.querySelectorAll('header > *')].filter((e) => e.getClientRects().length > 0)
  .map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
let rows = 0, bottom = -Infinity;
for (const r of shown) { if (r.top >= bottom - 1) { rows += 1; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom); }
const tagline = [...document.querySelectorAll('.tagline > span')].find((s) => s.getClientRects().length > 0)
  || document.querySelector('.tagline');
let lines = 0;
if (tagline) {
  const range = document.createRange();
  range.selectNodeContents(tagline);
  lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}
const header = document.querySelector('header').getBoundingClientRect();
return { rows, lines, height: Math.round(header.height), text: tagline ? tagline.textContent : '',
         width: innerWidth, pageWidth: document.documentElement.scrollWidth };
"""


# What reaches past the phone's right edge.
WIDER = f"""
return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > {page_kit.PHONE_SIZE[0]} + 1)
  .slice(0, 6).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '')
    + ' ' + Math.round(e.getBoundingClientRect().right));
"""


def header(screen, where):
    h = screen.js(HEADER)
    print(f"phone header: {where}: {h}")
    return h


def phone():
    driver = page_kit.start_browser(CHROMIUM, DRIVER, page_kit.PHONE)
    screen = page_kit.Screen(driver)
    try:
        screen.open_form(URL, "chess")
        h = header(screen, "phone, the start screen")
        check(h["rows"] <= 2 and h["lines"] == 1,
              f"the header takes {h['rows']} rows, its tagline {h['lines']} lines ({h['height']} px): {h['text']!r}")
        # A page wider than the phone is laid out wider and shown shrunk: its text is small.
        check(h["pageWidth"] <= page_kit.PHONE_SIZE[0],
              f"the start screen is {h['pageWidth']} pixels wide on a phone of {page_kit.PHONE_SIZE[0]}: "
              f"{screen.js(WIDER)}")
        driver.save_screenshot(os.path.join(SHOTS, "phone-start.png"))
        screen.new_game(URL, "chess", ["human", ("engine", 50, "weakest")])
        h = header(screen, "phone, a chess game")
        check(h["rows"] <= 2 and h["lines"] == 1, f"in a game the header takes {h['rows']} rows, {h['lines']} lines")
        board = screen.js("const b = document.querySelector('#board-box svg').getBoundingClientRect(); "
                          "return [Math.round(b.top), Math.round(b.bottom), innerHeight]")
        check(board[1] <= board[2], f"the board [top, bottom, screen] {board} is not all on the first screen")
        check(h["pageWidth"] <= page_kit.PHONE_SIZE[0], f"the game's page is {h['pageWidth']} wide on a phone: {screen.js(WIDER)}")
        driver.save_screenshot(os.path.join(SHOTS, "phone-chess.png"))
        print(f"phone header: the board from {board[0]} to {board[1]} of {board[2]} pixels")
        driver.quit()
    except BaseException:
        driver.quit()
        raise


def desktop():
    driver = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
    screen = page_kit.Screen(driver)
    try:
        screen.open_form(URL, "chess")
        h = header(screen, "desktop, the start screen")
        check(h["rows"] == 1 and h["lines"] == 1, f"at a desktop's width the header takes {h['rows']} rows, {h['lines']} lines")
        check("Sceptre 1027 A.D." in h["text"], f"the desktop's tagline is {h['text']!r}")
        driver.quit()
    except BaseException:
        driver.quit()
        raise


phone()
desktop()
print("phone header check passed")
