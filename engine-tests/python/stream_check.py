"""Pushed updates in a real browser: two tabs (separate browser sessions) on one game through
their seat links. The second tab's polling is switched off, so what it learns must come through
its event stream: a move made in the first tab appears in it without a reload, so does a draw
offer, and after the server is stopped and started again (same database, same port) the stream
reconnects and the next move appears too.

usage: stream_check.py REGALIA_BINARY DB_PATH CHROMIUM CHROMEDRIVER
"""

import json
import subprocess
import sys
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BINARY, DB, CHROMIUM, DRIVER = sys.argv[1:5]
TIMEOUT = 180  # seconds: a hang guard for a machine busy with builds, not a measurement


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def start_server(port):
    server = subprocess.Popen([BINARY, "serve", "--port", str(port), "--db", DB],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://"))
    return server, url.rstrip("/")


def stop_server(server):
    server.terminate()
    server.wait(timeout=60)


def api(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(URL + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class Tab:
    def __init__(self, link):
        self.driver = browser()
        self.driver.get(URL + link)
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

    def stop_polling(self):
        """No more polls: the page's poll does nothing, and every request it makes is logged
        (to show a change came in through the stream, fetched after an event)."""
        self.js("""
            window.poll = function () {};
            clearTimeout(pollTimer);
            window.requests = [];
            const fetched = window.fetch.bind(window);
            window.fetch = function (path, init) { window.requests.push(String(path)); return fetched(path, init); };
            window.notReloaded = true;
        """)


server, URL = start_server(0)
port = int(URL.rsplit(":", 1)[1])
try:
    status, game = api("POST", "/api/games", {"variant": "chess"})
    check(status == 200, f"create: {status} {game}")
    gid = game["id"]
    white, black = (s["link"] for s in game["links"]["seats"])
    tokens = [s["token"] for s in game["links"]["seats"]]

    a, b = Tab(white), Tab(black)
    b.wait_for("the second tab's event stream", lambda: b.js("return Stream.live()"))
    b.stop_polling()
    check(api("GET", "/api/server")[1]["streams"] >= 2, "the server holds both tabs' streams")

    a.play("e2", "e4")
    b.wait_for("the move pushed to the second tab", lambda: b.moves() == ["e2e4"])
    check(b.js("return window.notReloaded === true"), "the second tab was reloaded")
    requests = b.js("return window.requests")
    check(not any("/live" in r for r in requests), f"the second tab polled: {requests}")
    check(any(r.startswith(f"/api/games/{gid}") for r in requests), f"no fetch after the event: {requests}")
    check(b.js("return game.legal.length") > 0, "the second tab is not offered its moves")
    print("stream: a move in one tab appears in the other without a poll or a reload")

    status, answer = api("POST", f"/api/games/{gid}/offer-draw?seat={tokens[0]}", {})
    check(status == 200, f"offer a draw: {status} {answer}")
    b.wait_for("the draw offer pushed", lambda: b.js("return game.draw_offer") == 0)
    print("stream: a draw offer is pushed too")

    b.play("e7", "e5")
    a.wait_for("black's move in the first tab", lambda: a.moves() == ["e2e4", "e7e5"])

    stop_server(server)
    b.wait_for("the stream to break", lambda: not b.js("return Stream.live()"))
    server, URL = start_server(port)
    b.wait_for("the stream to reconnect", lambda: b.js("return Stream.live()"))
    b.stop_polling()  # the broken stream's fallback poll is switched off again
    a.wait_for("the first tab to see the game again",
               lambda: a.js("return Stream.live() && game.legal.length > 0"))
    a.play("g1", "f3")
    b.wait_for("a move pushed after the restart", lambda: b.moves() == ["e2e4", "e7e5", "g1f3"])
    requests = b.js("return window.requests")
    check(not any("/live" in r for r in requests), f"the second tab polled: {requests}")
    print("stream: after a restart the stream reconnects and pushes again")
    a.driver.quit()
    b.driver.quit()
    print("stream check passed")
finally:
    stop_server(server)
