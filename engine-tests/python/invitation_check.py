"""An invitation only its first opener can use, and a rematch that keeps the players on their
screens (web27). Two people on two screens, as a game site's players:
- the creator invites a player for black: its panel shows black as invited, waiting for the
  player, with the link to send;
- black's screen opens the link: it takes black (the address bar now holds a token of its own,
  not the invitation's) and says so; the creator's screen says black's player came, and shows
  black as played on another screen, no longer offering the link;
- the invitation is spent: a third screen (the creator opening it again) is told plainly it was
  already taken, and watches; the server refuses a move with it (403);
- black's screen reloaded still plays black, and so does the invitation opened again in black's
  own browser (it took it);
- a move each, a draw offered by black and agreed by white, then white's screen asks for a
  rematch: both screens are in the new game, colours swapped (the creator plays black, black's
  player white, each screen its own seat only, and says so), and each plays a move there.
Screenshots: invite-waiting (the creator's panel before black comes), invite-taken (the creator's
panel after), invite-claimed (black's screen), invite-spent (the spent link opened again),
rematch-creator and rematch-player (both screens in the rematch).

usage: invitation_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
BASE = URL.rstrip("/")  # links and API paths start with their own slash


def address_token(screen):
    """The seat token in the screen's address bar, or None."""
    return screen.js("return new URLSearchParams(location.search).get('seat')")


def session(link):
    return page_kit.PageSession(page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000"), link)


parts = page_kit.Parts()
driver = page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")
creator = page_kit.Screen(driver, lambda: f", page: {driver.execute_script('return document.body.innerText')[:600]!r}")
screens = []
try:
    gid = creator.new_game(URL, "chess", ["human", "human"])
    invitation = creator.hand_out(1)
    inv_token = invitation.split("seat=")[1].split("#")[0]
    state = {}

    def waiting():
        links = creator.text_of("seat-links")
        check("Black: invited, waiting for the player" in links, f"the creator's panel: {links!r}")
        seat_list = creator.text_of("seat-list")
        check("Black: person, invited: waiting for the player" in seat_list, f"the seat list: {seat_list!r}")
        creator.screenshot(SHOTS, "invite-waiting", "side")
        # The invitation plays nothing before it is taken, whoever holds it.
        status, answer = page_kit.call(BASE, "POST", f"/api/games/{gid}/resign?seat={inv_token}", {})
        check(status == 403 and "invitation" in answer.get("error", ""), f"the invitation resigned: {status} {answer}")

    parts.run("invited, waiting for the player", waiting)

    def claimed():
        black = session(invitation)
        screens.append(black)
        state["black"] = black
        black.wait_until("black's seat", lambda: black.js("return game.you") == 1)
        own = address_token(black)
        check(own and own != inv_token, f"black's address bar holds {own!r}, the invitation's token {inv_token!r}")
        state["black_token"] = own
        check("You took the invitation: you play black" in black.text_of("message"),
              f"black's screen says {black.text_of('message')!r}")
        check("You play black" in black.text_of("seat-links"), "black's screen does not say whose it is")
        check(black.js("return turn") == 2, "black's screen does not put black at the bottom")
        black.screenshot(SHOTS, "invite-claimed", "play")
        creator.wait_until("black shown as played on another screen",
                           lambda: "Black: played on another screen" in creator.text_of("seat-links"))
        check(creator.js("return document.querySelectorAll('#seat-links li[data-seat=\"1\"] input').length") == 0,
              "the creator's panel still offers the spent link")
        check("Black's player opened the invitation" in creator.text_of("message"),
              f"the creator is not told: {creator.text_of('message')!r}")
        creator.screenshot(SHOTS, "invite-taken", "side")

    parts.run("the first opener takes black", claimed)

    def spent():
        again = session(invitation)
        screens.append(again)
        again.wait_until("the spent invitation's news",
                         lambda: "This invitation was already taken by the player of black" in again.text_of("message"))
        check(again.js("return game.you") is None, "the spent invitation plays a seat")
        check(address_token(again) is None, f"the spent token stays in the address bar: {address_token(again)}")
        check("You are watching this game. The invitation you opened was already taken" in again.text_of("seat-links"), f"{again.text_of('seat-links')!r}")
        check(not again.visible("resign"), "a watcher is offered Resign")
        again.screenshot(SHOTS, "invite-spent", "play")
        status, answer = page_kit.call(BASE, "POST", f"/api/games/{gid}/move?seat={inv_token}", {"move": "e2e4"})
        check(status == 403 and "already taken" in answer.get("error", ""), f"the spent invitation moved: {status} {answer}")
        again.driver.quit()
        screens.remove(again)

    parts.run("the spent invitation is a watcher's, and says why", spent)

    def reopened():
        black = state["black"]
        black.driver.refresh()
        black.wait_until("black's seat after a reload", lambda: black.js("return !!game && game.you === 1"))
        check(address_token(black) == state["black_token"], "the reload lost black's own token")
        # The invitation opened again in the browser that took it: still black's.
        black.driver.get(invitation)
        black.wait_until("black's seat from the invitation opened again", lambda: black.js(
            "return !!game && game.you === 1 && new URLSearchParams(location.search).get('seat') !== arguments[0]", inv_token))
        check("This browser took the invitation" in black.text_of("message"), f"{black.text_of('message')!r}")

    parts.run("black's browser keeps black (reload, the invitation again)", reopened)

    def play_and_draw():
        black = state["black"]
        creator.play("e2", "e4")
        black.wait_until("white's move on black's screen", lambda: black.moves() == ["e2e4"])
        black.play("e7", "e5")
        creator.wait_until("black's move on the creator's screen", lambda: creator.moves() == ["e2e4", "e7e5"])
        black.press("offer-draw")
        creator.wait_until("the draw offer", lambda: creator.shown("draw-offer"))
        creator.press("accept-draw")
        black.wait_until("the game over on black's screen", lambda: black.js("return game.over"))

    parts.run("a move each, a draw agreed", play_and_draw)

    def rematch():
        black = state["black"]
        creator.wait_until("the Rematch button", lambda: creator.visible("rematch"))
        creator.press("rematch")
        creator.wait_until("the rematch on the creator's screen", lambda: creator.js("return game.id") != gid)
        new_id = creator.js("return game.id")
        check(creator.js("return holdsSeat(game.id, 1) && !holdsSeat(game.id, 0)") is True,
              "the creator does not hold black alone in the rematch")
        check(creator.js("return turn") == 2, "the creator's board does not put black at the bottom")
        black.wait_until("black's screen in the rematch", lambda: black.js("return game.id") == new_id)
        check(black.js("return game.you") == 0, f"black's player does not play white: {black.js('return game.you')}")
        own = address_token(black)
        check(own and own != state["black_token"], f"black's screen's address: {own!r}")
        check(black.js("return turn") == 0, "the player's board does not put white at the bottom")
        message = black.text_of("message")
        check("Your opponent asked for a rematch: you play white now" in message, f"the player's screen says {message!r}")
        links = creator.text_of("seat-links")
        check("White: played on another screen" in links, f"the creator's rematch panel: {links!r}")
        check("Rematch: you play black now" in creator.text_of("message"), f"the creator's screen says {creator.text_of('message')!r}")
        # As the players find themselves in the rematch, before its first move.
        creator.screenshot(SHOTS, "rematch-creator", "play")
        black.screenshot(SHOTS, "rematch-player", "play")
        black.play("e2", "e4")
        creator.wait_until("white's move on the creator's screen", lambda: creator.moves() == ["e2e4"])
        creator.play("e7", "e5")
        black.wait_until("black's move on the player's screen", lambda: black.moves() == ["e2e4", "e7e5"])
        # Each screen plays its own seat alone: the creator's new link is black's, not white's.
        creators = creator.js("return storedTokens(game.id)")
        check(creators[0] is None and creators[1], f"the creator's tokens of the rematch: {creators}")
        status, answer = page_kit.call(BASE, "POST", f"/api/games/{new_id}/move?seat={creators[1]}", {"move": "d2d4"})
        check(status == 403 and "plays black" in answer.get("error", ""), f"black's link moved for white: {status} {answer}")

    parts.run("the rematch: both screens in it, colours swapped", rematch)
    parts.end()
    print("invitation check passed")
finally:
    for s in screens:
        s.driver.quit()
    driver.quit()
