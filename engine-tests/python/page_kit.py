"""What every browser check shares: a headless Chromium, a `regalia serve` of its own, JSON
calls to it, and a failing check's message. The checks are run by engine-tests/browser.rs
(`run_check`), which gives each its paths on the command line."""

import json
import subprocess
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 180  # seconds: a hang guard for a machine busy with builds, not a measurement


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def start_browser(chromium, chromedriver, size="1400,1100"):
    """Headless Chromium with a window of `size` ("width,height")."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={size}", "--hide-scrollbars"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(chromedriver), options=options)


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


class PageSession:
    """One browser session on a game's page at `address` (a seat or watch link)."""

    def __init__(self, driver, address):
        self.driver = driver
        self.driver.get(address)
        self.wait_for("the board", lambda: self.js(
            "return !!game && document.querySelectorAll('#board-box rect.cell').length > 0"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, what, predicate):
        try:
            WebDriverWait(self.driver, TIMEOUT).until(lambda d: predicate())
        except Exception as e:
            raise AssertionError(f"timed out waiting for {what}: "
                                 f"{self.js('return document.body.innerText')[:600]!r}") from e

    def moves(self):
        return self.js("return game ? game.moves.map((m) => m.text) : []")

    def click(self, square):
        cell = self.driver.find_element(By.CSS_SELECTOR, f'#board-box rect.cell[data-square="{square}"]')
        ActionChains(self.driver).move_to_element(cell).click().perform()

    def play(self, source, target):
        before = len(self.moves())
        self.click(source)
        self.click(target)
        self.wait_for(f"{source}{target} played", lambda: len(self.moves()) > before)
