"""What every browser check shares: a headless Chromium, a `regalia serve` of its own, JSON
calls to it, and a failing check's message. The checks are run by engine-tests/browser.rs
(`run_check`), which gives each its paths on the command line."""

import json
import os
import subprocess
import time
import traceback
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException
from selenium.webdriver.support.ui import Select, WebDriverWait

# Sceptre with three: black (the person) takes white's king with its rook at once; red (an
# engine) replies.
ELIMINATION = ("16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m "
               "Kw@a1,Nw@c3,Rb@a5,Kb@p1,Kr@p16 b+,w+,r+ b b@i1,w@a1,r@a9 - - -")

# Keeps, after every drawing of the engine's box (run it in the page: `screen.js(KEEP_BOX)`):
# the search's kind and seat, whether it runs, how many lines and what depth the page was sent,
# the game over or not, the box's text and whether the evaluation bar is shown.
KEEP_BOX = """
window.boxes = [];
const drawn = window.drawSearch;
window.drawSearch = function (search) {
  drawn(search);
  if (search) window.boxes.push({kind: search.kind, seat: search.seat, running: search.running,
    lines: search.lines.length, depth: search.depth, over: game.over,
    text: document.getElementById('search').innerText,
    bar: !document.getElementById('evalbar').classList.contains('hidden')});
};
"""

TIMEOUT = 180  # seconds: a hang guard for a machine busy with builds, not a measurement
DRIVER_CALL_TIMEOUT = 600  # seconds one call to chromedriver may take: a hang guard as well


def square_distance(a, b):
    """How many king steps apart two squares are (`d4`, `p16`: files a to z, then aa …)."""
    def coords(name):
        letters = name.rstrip("0123456789")
        file = 0
        for ch in letters:
            file = file * 26 + ord(ch) - 96
        return file, int(name[len(letters):])
    (fa, ra), (fb, rb) = coords(a), coords(b)
    return max(abs(fa - fb), abs(ra - rb))


def check(condition, what):
    if not condition:
        raise AssertionError(what)


class Parts:
    """A check run as named parts: a failing part is kept with what it said and the next part
    runs, so one run shows every fault; `end` fails the check if any part failed."""

    def __init__(self):
        self.faults = []

    def run(self, name, run):
        try:
            run()
            print(f"{name}: ok")
        except Exception as e:  # noqa: BLE001 - every fault is reported at the end
            traceback.print_exc()
            self.faults.append(f"{name}: {e}")
            print(f"{name}: FAILED: {e}")

    def end(self):
        check(not self.faults, f"{len(self.faults)} fault(s):\n" + "\n".join(self.faults))


# A phone's screen, in CSS pixels. Headless Chromium makes no window narrower than 500 pixels, so
# a phone is emulated (`start_browser(..., PHONE)`), as the browser's device mode does.
PHONE = "phone"
PHONE_SIZE = (390, 844)


def start_browser(chromium, chromedriver, size="1400,1100"):
    """Headless Chromium with a window of `size` ("width,height"), or a phone's screen
    (`PHONE`: 390x844 CSS pixels, a page laid out as on a phone)."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    window = "500,900" if size == PHONE else size
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={window}", "--hide-scrollbars"):
        options.add_argument(arg)
    if size == PHONE:
        width, height = PHONE_SIZE
        # Without touch emulation: the checks click and drag with a mouse, as on a desktop.
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": False}})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    # Selenium gives up on chromedriver after 120 s; a page that plays engines at 50 ms a move on
    # a machine with ten runnable processes a core can take longer to answer one call.
    executor = driver.command_executor
    if hasattr(executor, "client_config"):
        executor.client_config.timeout = DRIVER_CALL_TIMEOUT
    else:
        executor.set_timeout(DRIVER_CALL_TIMEOUT)
    # A script run in the page waits for the page's thread, which a flood of views (three
    # engines playing Sceptre) on such a machine can hold past Selenium's 30 s: a hang guard too.
    driver.set_script_timeout(TIMEOUT)
    return driver


def start_server(binary, db, port):
    """`regalia serve` on `port` (0: a free one) keeping games in `db`; the process and its
    address without the final slash."""
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--db", db],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://"))
    return server, url.rstrip("/")


def stop_server(server):
    server.terminate()
    server.wait(timeout=60)


def api(url, method, path, body=None):
    """A JSON call that must succeed; its decoded answer."""
    status, answer = call(url, method, path, body)
    check(status == 200, f"{method} {path}: {status} {answer}")
    return answer


def call(url, method, path, body=None):
    """A JSON call; the status and the decoded answer, errors included."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


class Screen:
    """One browser window's common reads and acts: elements by id, scripts run in the page,
    waits whose failure says what the page showed (its status, message and `context()`), the
    board's squares, and the new-game form."""

    def __init__(self, driver, context=lambda: "", timeout=TIMEOUT):
        self.driver = driver
        self.context = context
        self.timeout = timeout

    def by_id(self, name):
        return self.driver.find_element(By.ID, name)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text_of(self, name):
        # Read in one script call, never through element handles a redraw makes stale.
        return self.js("const e = document.getElementById(arguments[0]); return e ? e.innerText : ''", name)

    def visible(self, name):
        """Whether the element is seen on screen (CSS can beat the `hidden` attribute; a button
        that keeps its place when hidden takes room but is not seen)."""
        return self.js("const e = document.getElementById(arguments[0]); "
                       "return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'", name)

    def shown(self, name):
        """Visible and not `hidden`."""
        return self.js("const e = document.getElementById(arguments[0]); "
                       "return !!e && !e.hidden && e.getClientRects().length > 0", name)

    def wait_until(self, what, predicate, timeout=None):
        try:
            return WebDriverWait(self.driver, timeout or self.timeout, poll_frequency=0.2).until(
                lambda d: predicate())
        except Exception as e:
            raise AssertionError(f"timed out waiting for {what}; status: {self.text_of('status')!r}, "
                                 f"message: {self.text_of('message')!r}{self.context()}") from e

    def keep_what_renders_show(self, name, expression):
        """From now on, after each view the page draws, evaluates the script `expression` (with
        `view`, the view drawn) and keeps every truthy value in `window[name]`. A state the page
        shows only briefly (one view, until the next arrives) is caught however busy the
        machine, where a wait that polls every 0.2 s, or two reads one after the other, can
        miss it. Set again by each page load."""
        self.js("const name = arguments[0]; window[name] = [];"
                f"renderHooks.push((view) => {{ const seen = ({expression}); if (seen) window[name].push(seen); }});",
                name)

    def moves(self):
        return self.js("return typeof game !== 'undefined' && game ? game.moves.map((m) => m.text) : []")

    def targets(self):
        """The squares the page marks as targets, read in one script call (a redraw between
        finding the marks and reading them would make element handles stale)."""
        return self.js("return [...document.querySelectorAll('#board-box .mark-target')].map((m) => m.dataset.mark)")

    def square(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board-box rect.cell[data-square="{name}"]')

    def on_fresh_board(self, action):
        """Runs the pointer `action` again if the page drew its board (or the move list, a
        palette) afresh meanwhile (a late update replaces them, and the elements found before go
        stale); a held button is let go first."""
        for attempt in range(3):
            try:
                return action()
            except StaleElementReferenceException:
                ActionChains(self.driver).release().perform()
                if attempt == 2:
                    raise
                time.sleep(0.2)

    def press(self, name):
        """Clicks the button `name` (an id) as a person does, again if the page moved it between
        Selenium finding where it is and the click landing (engines playing on add lines above
        it, and another element takes the click) or drew it afresh."""
        for attempt in range(5):
            try:
                return self.by_id(name).click()
            except (ElementClickInterceptedException, StaleElementReferenceException):
                if attempt == 4:
                    raise
                time.sleep(0.2)

    def hand_out(self, seat):
        """Hands `seat` to a player on another screen by the creator's "Invite a player for …"
        button, its question answered yes in the browser's own dialog, as a person does; gives
        the link the page then shows for the seat."""
        css = f'#seat-links button.hand-out[data-seat="{seat}"]'
        for attempt in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, css).click()
                break
            except (ElementClickInterceptedException, StaleElementReferenceException):
                if attempt == 4:
                    raise
                time.sleep(0.2)
        WebDriverWait(self.driver, self.timeout).until(lambda d: self._alert()).accept()
        return self.wait_until(f"seat {seat}'s link shown", lambda: self.js(
            "const i = document.querySelector(`#seat-links li[data-seat='${arguments[0]}'] input.seat-link`);"
            "return i ? i.value : null", seat))

    def _alert(self):
        try:
            return self.driver.switch_to.alert
        except Exception:
            return None

    def click(self, name):
        self.on_fresh_board(lambda: ActionChains(self.driver).move_to_element(self.square(name)).click().perform())

    def drag(self, source, target):
        self.on_fresh_board(lambda: ActionChains(self.driver).move_to_element(self.square(source))
                            .click_and_hold().move_to_element(self.square(target)).release().perform())

    def play(self, source, target):
        """Clicks a move; waits for the page to list it."""
        before = len(self.moves())
        self.click(source)
        self.click(target)
        self.wait_until(f"{source}{target} to be played", lambda: len(self.moves()) > before)

    def result_text(self):
        return self.wait_until("the result", lambda: self.shown("result") and self.text_of("result"))

    def chess_resigned_after_two_moves(self, url):
        """A chess game between two people at `url`: 1. e4 e5 sent, then white resigns (the
        page's confirm answered yes); gives the result's text."""
        self.new_game(url, "chess", ["human", "human"])
        for move in ["e2e4", "e7e5"]:
            plies = len(self.moves())
            self.js("send(arguments[0])", move)
            self.wait_until(f"{move} played", lambda: len(self.moves()) > plies)
        self.js("window.confirm = () => true;")  # the page asks "Resign this game?"
        self.press("resign")
        return self.result_text()

    def sceptre_three_at_elimination(self, url):
        """A three-player Sceptre game at `url` from ELIMINATION, the person black against two
        engines at 50 ms; returns once black may move by hand."""
        self.new_game(url, "sceptre1027", ["human", ("engine", 50), ("engine", 50)], {"SceptrePlayers": 3},
                      position=ELIMINATION)
        self.wait_until("black to move by hand", lambda: self.js("return game.to_move === 0 && game.legal.length > 0"))

    def standing_lines(self):
        """The text of each seat's line under a Sceptre game of three or four."""
        return self.js("return [...document.querySelectorAll('#sceptre-standing .standing')].map((r) => r.innerText)")

    def screenshot(self, directory, name, element="play"):
        path = os.path.join(directory, name + ".png")
        # A check may be the first of a fresh checkout's tests to take a screenshot.
        os.makedirs(directory, exist_ok=True)
        # Selenium answers False, and writes nothing, where the file cannot be made.
        check(self.by_id(element).screenshot(path), f"the screenshot {path} could not be written")
        print(f"screenshot {path}")

    def open_form(self, url, variant):
        self.driver.get(url)
        self.wait_until("the variant list", lambda: len(Select(self.by_id("variant")).options) >= 5)
        Select(self.by_id("variant")).select_by_value(variant)

    def new_game(self, url, variant, seats, options=None, position="", clock=None):
        """The new-game form at `url`, by clicks, then Start; waits for the board and gives the
        game's id. `seats`: "human" or ("engine", ms[, foe]) per seat, where foe is a level's
        value, "weakest" or "strongest" (without it the picker's own choice); `clock` a time
        control's value (None leaves the form's)."""
        self.open_form(url, variant)
        for name, value in (options or {}).items():
            Select(self.driver.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')).select_by_value(str(value))
        rows = self.driver.find_elements(By.CSS_SELECTOR, ".seat-row")
        check(len(rows) == len(seats), f"{variant}: {len(rows)} seat rows, expected {len(seats)}")
        for row, seat in zip(rows, seats):
            kind = Select(row.find_element(By.CSS_SELECTOR, ".seat-kind"))
            if seat == "human":
                kind.select_by_value("human")
                continue
            kind.select_by_value("engine")
            Select(row.find_element(By.CSS_SELECTOR, ".seat-time")).select_by_value(str(seat[1]))
            if len(seat) > 2:
                foe = Select(row.find_element(By.CSS_SELECTOR, ".seat-foe"))
                if seat[2] == "weakest":
                    foe.select_by_index(0)
                elif seat[2] == "strongest":
                    foe.select_by_index(len(foe.options) - 1)
                else:
                    foe.select_by_value(str(seat[2]))
        if clock is not None:
            Select(self.by_id("clock")).select_by_value(clock)
        box = self.by_id("start-position")
        box.clear()
        if position:
            box.send_keys(position)
        self.by_id("start").click()
        self.wait_until("the board", lambda: self.shown("play") and self.js(
            "return !!game && document.querySelectorAll('#board-box rect.cell').length > 0"))
        return self.js("return game.id")


class PageSession(Screen):
    """One browser session on a game's page at `address` (a seat or watch link)."""

    def __init__(self, driver, address):
        super().__init__(driver, lambda: f", page: {self.js('return document.body.innerText')[:600]!r}")
        self.driver.get(address)
        self.wait_until("the board", lambda: self.js(
            "return !!game && document.querySelectorAll('#board-box rect.cell').length > 0"))
