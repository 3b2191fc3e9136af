"""Two people on one game, each in a browser session of their own (separate profiles: no
shared storage), through their seat links: each moves only their own seat, a move with a wrong
or missing token is refused, a watcher sees the game and cannot move, and after the server is
stopped and started again on the same database both screens carry on where they stood.
Then Sceptre for four: four sessions through their seat links, placements made on each screen
in turn and seen on all four (pushed through their event streams), moves with a missing, wrong
or other seat's token refused, and after a restart every screen carries on.

usage: seats_check.py REGALIA_BINARY DB_PATH CHROMIUM CHROMEDRIVER
"""

import sys


import page_kit
from page_kit import check, stop_server

BINARY, DB, CHROMIUM, DRIVER = sys.argv[1:5]


def start_server(port):
    return page_kit.start_server(BINARY, DB, port)


def api_status(method, path, body=None):
    return page_kit.call(URL, method, path, body)


def browser():
    return page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")


class Screen(page_kit.PageSession):
    """One person's browser session on the game."""

    def __init__(self, link):
        super().__init__(browser(), URL + link)

    def place(self):
        """Places a piece from the palette on a square the page marks (the seat to move's)."""
        before = len(self.moves())
        self.wait_until("the palette", lambda: self.js(
            "const e = document.getElementById('palette'); return !e.hidden && e.offsetParent !== null"))
        targets = self.wait_until("the placement squares", self.targets)
        self.click(targets[len(targets) // 2])
        self.wait_until("the placement", lambda: len(self.moves()) > before)

    def sees(self, moves):
        # The page polls every few seconds while the other person thinks.
        self.wait_until(f"the moves {moves}", lambda: self.moves() == moves)


server, URL = start_server(0)
port = int(URL.rsplit(":", 1)[1])
try:
    status, game = api_status("POST", "/api/games", {"variant": "chess"})
    check(status == 200, f"create: {status} {game}")
    gid = game["id"]
    white, black = (s["link"] for s in game["links"]["seats"])
    tokens = [s["token"] for s in game["links"]["seats"]]

    a, b = Screen(white), Screen(black)
    check("You play white" in a.js("return document.body.innerText"), "white's screen says whose it is")
    check("You play black" in b.js("return document.body.innerText"), "black's screen says whose it is")
    check(b.js("return game.legal.length") == 0, "black's screen offers moves on white's turn")
    a.play("e2", "e4")
    b.sees(["e2e4"])
    b.play("e7", "e5")
    a.sees(["e2e4", "e7e5"])
    print("seats: each screen plays its own seat")

    for path, why in ((f"/api/games/{gid}/move", "no token"),
                      (f"/api/games/{gid}/move?seat={'0' * 32}", "a wrong token"),
                      (f"/api/games/{gid}/move?seat={tokens[1]}", "the other seat's token")):
        status, answer = api_status("POST", path, {"move": "g1f3"})
        check(status == 403 and answer["error"], f"a move with {why}: {status} {answer}")
    check(a.moves() == ["e2e4", "e7e5"], "a refused move changed the game")
    print("seats: moves with a missing, wrong or other seat's token are refused (403)")

    watcher = Screen(game["links"]["watch"])
    check("watching" in watcher.js("return document.body.innerText"), "the watch link says it watches")
    check(watcher.js("return game.legal.length") == 0, "the watcher is offered moves")
    watcher.driver.quit()

    stop_server(server)
    server, URL = start_server(port)
    a.play("g1", "f3")
    b.sees(["e2e4", "e7e5", "g1f3"])
    b.play("b8", "c6")
    a.sees(["e2e4", "e7e5", "g1f3", "b8c6"])
    print("seats: after a restart both screens carry on")
    a.driver.quit()
    b.driver.quit()

    # ---- Sceptre for four, four sessions -------------------------------------------------
    status, four = api_status("POST", "/api/games", {
        "variant": "sceptre1027", "options": {"SceptrePlayers": 4, "SceptreLayout": "nine"}})
    check(status == 200, f"create sceptre: {status} {four}")
    sid = four["id"]
    seat_tokens = [s["token"] for s in four["links"]["seats"]]
    check(len(seat_tokens) == 4, f"four seat links: {four['links']}")
    screens = [Screen(s["link"]) for s in four["links"]["seats"]]
    for seat, screen in enumerate(screens):
        check(screen.js("return game.you") == seat, f"screen {seat} plays seat {seat}")

    def placements(count):
        """`count` placements, each on the screen of the seat to move, seen on all four."""
        for _ in range(count):
            status, v = api_status("GET", f"/api/games/{sid}")
            check(status == 200, f"read sceptre: {status} {v}")
            mover = v["to_move"]
            for seat, screen in enumerate(screens):
                if seat != mover:
                    check(screen.js("return mayMove(game)") is False, f"screen {seat} may move on {mover}'s turn")
            screens[mover].place()
            want = len(v["moves"]) + 1
            for screen in screens:
                screen.wait_until(f"{want} placements on every screen",
                                lambda screen=screen: len(screen.moves()) == want)

    placements(4)
    print("seats: sceptre for four, each screen places for its own seat, all four see it")

    status, v = api_status("GET", f"/api/games/{sid}")
    legal = v["legal"][0]["text"]
    other = (v["to_move"] + 1) % 4
    for path, why in ((f"/api/games/{sid}/move", "no token"),
                      (f"/api/games/{sid}/move?seat={'0' * 32}", "a wrong token"),
                      (f"/api/games/{sid}/move?seat={seat_tokens[other]}", "another seat's token")):
        status, answer = api_status("POST", path, {"move": legal})
        check(status == 403 and answer["error"], f"a sceptre move with {why}: {status} {answer}")
    check(len(api_status("GET", f"/api/games/{sid}")[1]["moves"]) == 4, "a refused move changed the game")
    print("seats: sceptre moves with a missing, wrong or other seat's token are refused (403)")

    stop_server(server)
    server, URL = start_server(port)
    placements(4)
    check(all(len(screen.moves()) == 8 for screen in screens), "every screen shows the eight placements")
    print("seats: sceptre for four, after a restart every screen carries on")
    for screen in screens:
        screen.driver.quit()
    print("seats check passed")
finally:
    stop_server(server)
