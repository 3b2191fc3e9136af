#!/usr/bin/env python3
"""Replays, on the reference engine (`hnefatafl-text-protocol`, plain mode), every game of a
`regalia match` line-record file that ended with an engine leaving (`engine exited`), and says
when and how the reference's own rules ended it. The reference's `--host` client leaves when
its game is over by its rules (which also end games Copenhagen plays on, docs/htp.md), so such
a forfeit may be the reference's own verdict for either side.

    engine-tests/peers/check_exits.py RECORDS.txt [REFERENCE_BINARY]

Prints one line per such game and, per engine, the points (a draw is half a point) with those
games counted as the reference says.
"""
import re
import subprocess
import sys


def games(text):
    for block in text.split("\nend\n"):
        lines = [l for l in block.splitlines() if l.strip()]
        if not lines:
            continue
        game = {"moves": [], "seats": {}}
        for line in lines:
            key, _, value = line.partition(" ")
            if key == "opening-moves":
                game["moves"] += value.split()
            elif key == "move":
                game["moves"].append(value.split()[2])
            elif key == "seat":
                seat, side, engine = value.split(" ", 2)
                game["seats"][int(seat)] = engine
            elif key in ("game", "winner", "termination"):
                game[key] = value
        yield game


def reference_verdict(binary, moves):
    """The ply after which the reference's game was over, and its final_status then."""
    commands = []
    for i, move in enumerate(moves):
        role = "attacker" if i % 2 == 0 else "defender"
        squares = re.fullmatch(r"([a-m]\d+)([a-m]\d+)", move)
        commands += [f"play {role} {squares.group(1)} {squares.group(2)}", "final_status"]
    run = subprocess.run([binary], input="\n".join(commands) + "\nquit\n",
                         capture_output=True, text=True, timeout=600)
    answers = [l for l in run.stdout.splitlines() if l.strip()]
    for ply in range(len(moves)):
        status = answers[2 * ply + 1] if 2 * ply + 1 < len(answers) else "?"
        if answers[2 * ply].startswith("?"):
            return ply, f"refused ply {ply + 1}: {answers[2 * ply]}"
        if status != "= ongoing":
            return ply + 1, status.lstrip("= ")
    return len(moves), "ongoing"


def main():
    path = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "/work/peers/hnefatafl/bin/hnefatafl-text-protocol"
    points = {}
    for game in games(open(path).read()):
        if "winner" not in game:
            continue
        winner = None if game["winner"] == "none" else int(game["winner"])
        left = re.search(r"forfeit by (attackers|defenders): engine exited", game.get("termination", ""))
        leaver = game["seats"].get(0 if left and left.group(1) == "attackers" else 1, "")
        if left and "hnefatafl" in leaver:
            ply, verdict = reference_verdict(binary, game["moves"])
            said = {"attacker_wins": 0, "defender_wins": 1}.get(verdict)
            print(f"game {game['game']}: recorded {game['termination']!r}; the reference: "
                  f"{verdict} after ply {ply} of {len(game['moves'])}")
            if said is not None:
                winner = said
        for seat, engine in game["seats"].items():
            share = 0.5 if winner is None else (1 if winner == seat else 0)
            points[engine] = points.get(engine, 0) + share
    total = sum(points.values())
    for engine, p in points.items():
        print(f"{engine}: {p:g} of {total:g} points with the reference's verdicts")


if __name__ == "__main__":
    main()
