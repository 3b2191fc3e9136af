"""Pushed updates in a real browser: two tabs (separate browser sessions) on one game through
their seat links. The second tab's polling is switched off, so what it learns must come through
its event stream: a move made in the first tab appears in it without a reload, so does a draw
offer, and after the server is stopped and started again (same database, same port) the stream
reconnects and the next move appears too.

usage: stream_check.py REGALIA_BINARY DB_PATH CHROMIUM CHROMEDRIVER
"""

import sys


import page_kit
from page_kit import check, stop_server

BINARY, DB, CHROMIUM, DRIVER = sys.argv[1:5]


def start_server(port):
    return page_kit.start_server(BINARY, DB, port)


def api(method, path, body=None):
    return page_kit.call(URL, method, path, body)


def browser():
    return page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")


class Tab(page_kit.PageSession):
    def __init__(self, link):
        super().__init__(browser(), URL + link)

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
    b.wait_until("the second tab's event stream", lambda: b.js("return Stream.live()"))
    b.stop_polling()
    check(api("GET", "/api/server")[1]["streams"] >= 2, "the server holds both tabs' streams")

    a.play("e2", "e4")
    b.wait_until("the move pushed to the second tab", lambda: b.moves() == ["e2e4"])
    check(b.js("return window.notReloaded === true"), "the second tab was reloaded")
    requests = b.js("return window.requests")
    check(not any("/live" in r for r in requests), f"the second tab polled: {requests}")
    check(any(r.startswith(f"/api/games/{gid}") for r in requests), f"no fetch after the event: {requests}")
    check(b.js("return game.legal.length") > 0, "the second tab is not offered its moves")
    print("stream: a move in one tab appears in the other without a poll or a reload")

    status, answer = api("POST", f"/api/games/{gid}/offer-draw?seat={tokens[0]}", {})
    check(status == 200, f"offer a draw: {status} {answer}")
    b.wait_until("the draw offer pushed", lambda: b.js("return game.draw_offer") == 0)
    print("stream: a draw offer is pushed too")

    b.play("e7", "e5")
    a.wait_until("black's move in the first tab", lambda: a.moves() == ["e2e4", "e7e5"])

    stop_server(server)
    b.wait_until("the stream to break", lambda: not b.js("return Stream.live()"))
    server, URL = start_server(port)
    b.wait_until("the stream to reconnect", lambda: b.js("return Stream.live()"))
    b.stop_polling()  # the broken stream's fallback poll is switched off again
    a.wait_until("the first tab to see the game again",
               lambda: a.js("return Stream.live() && game.legal.length > 0"))
    a.play("g1", "f3")
    b.wait_until("a move pushed after the restart", lambda: b.moves() == ["e2e4", "e7e5", "g1f3"])
    requests = b.js("return window.requests")
    check(not any("/live" in r for r in requests), f"the second tab polled: {requests}")
    print("stream: after a restart the stream reconnects and pushes again")
    a.driver.quit()
    b.driver.quit()
    print("stream check passed")
finally:
    stop_server(server)
