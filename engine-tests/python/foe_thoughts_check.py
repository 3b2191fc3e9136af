"""What web22's walk left (issue 30, web23); every part runs and the check fails at the end naming
each fault found:
- against a foe, while the game is on, the engine's box shows only that the foe is thinking: no
  search lines, no evaluation, no next move, and the evaluation bar does not move with the foe's
  search (it showed all of them: a hint, and a control panel), and since web25 the page is not
  sent the foe's lines at all; the lines and the bar stay for a game of engines only, watched;
- after the end, Analyse analyses the game's last position (it came back only once a move was
  stepped back to);
- Sceptre with three players, stepped back: the standing lines (who is to move, who is out, the
  pieces) and the status speak of the position shown (they spoke of the game's last one);
- Sceptre with three players: the seat that resigned says so on its line (nothing said it).

usage: foe_thoughts_check.py URL SCREENSHOT_DIR CHROMIUM CHROMEDRIVER
"""

import sys

import page_kit
from page_kit import check

URL, SHOTS, CHROMIUM, DRIVER = sys.argv[1:5]
PARTS = page_kit.Parts()
part = PARTS.run


def play_first_moves(screen, count):
    """The person plays the first legal move the page offers, `count` times, each time
    waiting for the foe's reply."""
    for _ in range(count):
        if screen.js("return game.over"):
            return
        move = screen.js("return game.legal.find((m) => m.from && m.from !== m.to && !m.suffix)")
        plies = len(screen.js("return game.moves")) + 2
        screen.play(move["from"], move["to"])
        screen.wait_until("the foe's reply", lambda: len(screen.js("return game.moves")) >= plies and screen.js(
            "return game.over || game.legal.length > 0"))


def foe_keeps_its_thoughts(screen):
    screen.new_game(URL, "chess", ["human", ("engine", 500, "strongest")])
    screen.js(page_kit.KEEP_BOX)
    play_first_moves(screen, 3)
    boxes = screen.js("return window.boxes")
    foes = [b for b in boxes if b["kind"] == "engine" and not b["over"]]
    check(foes, f"no search of the foe drawn: {boxes}")
    # The server keeps them (web25, search_privacy.rs): the page is not even sent the foe's lines.
    sent = [b for b in foes if b["lines"] > 0]
    check(not sent, f"the foe's lines were sent to the person's page ({len(sent)} of {len(foes)} drawings)")
    shown = [b["text"] for b in foes if "depth" in b["text"] or "nodes" in b["text"] or "1." in b["text"]]
    check(not shown, f"the foe's search shown while the person plays it ({len(shown)} of {len(foes)} drawings): {shown[-1] if shown else ''!r}")
    bars = [b for b in foes if b["bar"]]
    check(not bars, f"the evaluation bar shown with the foe's search ({len(bars)} of {len(foes)} drawings)")
    running = [b["text"] for b in foes if b["running"]]
    check(running, f"no drawing of the foe's running search in {len(foes)}")
    name = screen.js("return game.seats[1].foe.name")
    check(all(t == f"{name} is thinking…" for t in running), f"the box while the foe thinks: {sorted(set(running))}")
    print(f"  the box while the foe thinks: {running[-1]!r} ({len(foes)} drawings, {len(running)} running)")
    screen.screenshot(SHOTS, "foe-thinking", "side")


def engines_only_show_their_lines(screen):
    # The strongest at 200 ms a move: a game long enough to be watched while it goes on (the
    # weakest foes' game can be over before the first drawing is kept).
    screen.new_game(URL, "chess", [("engine", 200, "strongest"), ("engine", 200, "strongest")])
    screen.js(page_kit.KEEP_BOX)
    screen.wait_until("an engine's lines and the bar, watched while the game goes on", lambda: screen.js(
        "return window.boxes.some((b) => b.kind === 'engine' && !b.over && b.text.includes('depth') && b.bar)"))


def final_position_analysed(screen):
    screen.chess_resigned_after_two_moves(URL)
    check(screen.shown("analyse"), "no Analyse for the game's last position after the end")
    screen.press("analyse")
    screen.wait_until("the last position's analysis", lambda: screen.js(
        "return !!game.search && game.search.kind === 'analysis' && game.search.ply === 2 && game.search.lines.length > 0")
        and "analysis after move 2" in screen.text_of("search"))
    check(screen.js("return reviewPly") is None, "the analysis left the game's last position")
    screen.press("stop")
    screen.wait_until("the analysis stopped", lambda: not screen.shown("stop"))


def sceptre_review_speaks_of_the_position_shown(screen):
    screen.sceptre_three_at_elimination(URL)
    for square in ("a5", "a1"):
        screen.click(square)
    screen.wait_until("red's reply, black to move again", lambda: screen.js(
        "return game.moves.length === 2 && game.to_move === 0 && game.legal.length > 0"))
    end = screen.standing_lines()
    print(f"  at the game's position: {screen.text_of('status')!r} {end}")
    screen.press("step-back")
    screen.wait_until("after move 1", lambda: screen.js("return reviewPly") == 1)
    lines, status = screen.standing_lines(), screen.text_of("status")
    print(f"  after move 1: {status!r} {lines}")
    check(status == "Red to move", f"after move 1 the status reads {status!r}")
    check("to move" in lines[2] and "to move" not in lines[0], f"after move 1, who is to move: {lines}")
    screen.press("step-start")
    screen.wait_until("the start", lambda: screen.js("return reviewPly") == 0)
    lines, status = screen.standing_lines(), screen.text_of("status")
    print(f"  at the start: {status!r} {lines}")
    check(status == "Black to move", f"at the start the status reads {status!r}")
    check("eliminated" not in lines[1] and "2 pieces" in lines[1], f"at the start, white's line: {lines}")
    check("to move" in lines[0] and "2 pieces" in lines[0], f"at the start, black's line: {lines}")
    screen.screenshot(SHOTS, "sceptre1027-review-start", "side")
    screen.press("step-end")
    screen.wait_until("the game again", lambda: screen.js("return reviewPly") is None)
    check(screen.standing_lines() == end, f"back at the game: {screen.standing_lines()} (was {end})")


def sceptre_resigned_seat_says_so(screen):
    screen.sceptre_three_at_elimination(URL)
    screen.js("window.confirm = () => true;")
    screen.press("resign")
    result = screen.result_text()
    lines = screen.standing_lines()
    print(f"  after the person resigned: {result!r} {lines}")
    check("resigned" in lines[0], f"black resigned, its line: {lines[0]!r}")
    check(not any("resigned" in line for line in lines[1:]), f"another seat's line says resigned: {lines}")


desktop = page_kit.start_browser(CHROMIUM, DRIVER, "1400,1000")
screen = page_kit.Screen(desktop)
part("against a foe, its thoughts kept to itself while the game is on", lambda: foe_keeps_its_thoughts(screen))
part("a game of engines only shows their lines and the bar", lambda: engines_only_show_their_lines(screen))
part("after the end, the last position analysed", lambda: final_position_analysed(screen))
part("Sceptre stepped back: standing lines and status of the position shown", lambda: sceptre_review_speaks_of_the_position_shown(screen))
part("Sceptre with three: the seat that resigned says so", lambda: sceptre_resigned_seat_says_so(screen))
desktop.quit()
PARTS.end()
print("foe thoughts check passed")
