"""Nobody acts for a seat that is not theirs, and no engine helps in a game between people
(web26). Every part runs and the check fails at the end naming each fault found:
- people at one screen: the creator's tab plays both seats in turn, as before;
- the creator hands black to a player on another screen by the page's "Invite a player for
  black" (its question answered yes): the page shows black's new link with Copy link, marks
  black as played on another screen, and no longer plays black: a click on black's pieces on
  black's turn moves nothing and says why; black's old token is refused by the server (403,
  "this seat was handed out"); the link's screen plays black, and the creator still plays white;
- analysis in a game between people: Analyse greyed on both screens with the reason in the
  engine's box, and refused by the server (409); after black resigns, Analyse is open again.
Screenshots: handout-creator (the creator's panel with black handed out), handout-refused (the
creator's click on black's piece), handout-black (black's screen).

usage: handout_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
BASE = URL.rstrip("/")  # links and API paths start with their own slash


def search_placeholder(screen):
    """What the engine's box says while it is empty (its ::before)."""
    return screen.js("return getComputedStyle(document.getElementById('search'), '::before').content")


def one_screen(screen):
    screen.new_game(URL, "chess", ["human", "human"])
    screen.play("e2", "e4")
    screen.play("e7", "e5")
    check(screen.moves() == ["e2e4", "e7e5"], f"one screen: the moves {screen.moves()}")
    check(screen.js("return document.querySelectorAll('#seat-links button.hand-out').length") == 2,
          "one screen: no Invite button for each seat")
    print("handout: people at one screen play both seats in turn")


def handed_out(screen, faults):
    gid = screen.new_game(URL, "chess", ["human", "human"])
    old_black = screen.js("return storedTokens(game.id)[1]")
    link = screen.hand_out(1)
    check(link.startswith(BASE + "/?seat=") and link.endswith("#" + gid), f"black's link: {link}")
    check(old_black not in link, "the link handed out is the old token's")
    check(screen.js("return storedTokens(game.id)[1]") is None, "the creator's tab kept black's token")
    # An invitation until black's player opens it (web27): the seat waits for its player.
    screen.wait_until("black marked as invited",
                      lambda: "Black: person, invited: waiting for the player" in screen.text_of("seat-list"))
    links = screen.text_of("seat-links")
    check("Black: invited, waiting for the player" in links, f"the seat links do not say so: {links!r}")
    check("White: played at this screen" in links, f"white is not said to be played here: {links!r}")
    screen.screenshot(SHOTS, "handout-creator", "side")

    screen.play("e2", "e4")
    # Black's turn: the creator's page offers nothing and says whose move it is.
    check(screen.js("return mayMove(game)") is False, "the creator may still move for black")
    screen.click("e7")
    screen.click("e5")
    message = screen.text_of("message")
    if "played on another screen" not in message:
        faults.append(f"a click on black's pawn says {message!r}")
    check(screen.targets() == [], f"black's pawn is marked for moves on the creator's page: {screen.targets()}")
    check(screen.moves() == ["e2e4"], f"the creator moved for black: {screen.moves()}")
    screen.screenshot(SHOTS, "handout-refused", "play")
    status, answer = page_kit.call(BASE, "POST", f"/api/games/{gid}/move?seat={old_black}", {"move": "e7e5"})
    check(status == 403 and "this seat was handed out" in answer.get("error", ""),
          f"black's old token moved: {status} {answer}")
    print("handout: the creator's tab no longer moves black; black's old token is refused (403)")

    black = page_kit.PageSession(page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000"), link)
    try:
        check("You play black" in black.text_of("seat-links"), "black's screen does not say whose it is")
        screen.wait_until("black marked as played on another screen once its player came",
                          lambda: "Black: person, played on another screen" in screen.text_of("seat-list"))
        black.play("e7", "e5")
        screen.wait_until("black's move on the creator's screen", lambda: screen.moves() == ["e2e4", "e7e5"])
        screen.play("g1", "f3")
        black.wait_until("white's move on black's screen", lambda: black.moves() == ["e2e4", "e7e5", "g1f3"])
        print("handout: black's link plays black; the creator still plays white")

        # No engine help while people play each other: Analyse greyed, the reason shown.
        for who, s in (("creator", screen), ("black", black)):
            if not s.js("return document.getElementById('analyse').disabled"):
                faults.append(f"{who}: Analyse is not greyed in a game between people")
            if "No engine analysis while people play each other" not in search_placeholder(s):
                faults.append(f"{who}: the engine's box says {search_placeholder(s)!r}")
        own = black.js("return seatToken")  # the seat's own token, taken for the invitation
        status, answer = page_kit.call(BASE, "POST", f"/api/games/{gid}/analysis?seat={own}",
                                       {"lines": 1})
        check(status == 409 and "people play each other" in answer.get("error", ""), f"analysis: {status} {answer}")
        black.screenshot(SHOTS, "handout-black", "side")
        print("handout: no analysis while people play each other (greyed, 409)")

        black.js("window.confirm = () => true;")
        black.press("resign")
        screen.wait_until("the game over on the creator's screen", lambda: screen.js("return game.over"))
        screen.wait_until("Analyse open after the end",
                          lambda: not screen.js("return document.getElementById('analyse').disabled"))
        print("handout: after the end, Analyse is open again")
    finally:
        black.driver.quit()


driver = page_kit.start_browser(CHROMIUM, DRIVER, "1200,1000")
screen = page_kit.Screen(driver, lambda: f", page: {driver.execute_script('return document.body.innerText')[:600]!r}")
faults = []
try:
    one_screen(screen)
    handed_out(screen, faults)
    check(not faults, "; ".join(faults))
    print("handout check passed")
finally:
    driver.quit()
