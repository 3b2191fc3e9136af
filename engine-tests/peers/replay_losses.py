#!/usr/bin/env python3
"""Replays games of a series record (engine-tests/results/tafl-peers/*.txt) in which Regalia
played the attackers, and at its last attackers' plies up to the first one it scored as lost,
searches the position again with several node budgets: does more search find another move
(the horizon), or does it too score the position as won until the loss is on the board (the
evaluation)? Copenhagen rules.

    replay_losses.py RECORDS REGALIA GAMES BUDGETS [PLIES]

GAMES: game numbers, comma-separated; BUDGETS: node budgets, comma-separated; PLIES: how many
of Regalia's plies before the first lost score (default 5). Prints, for each ply, the move played
with its record line, then for each budget the best move with its depth, score and line.
"""
import re
import subprocess
import sys


def parse(path):
    games, cur = {}, None
    for line in open(path):
        w = line.split()
        if not w:
            continue
        if w[0] == "game":
            cur = {"moves": [], "info": [], "opening": []}
            games[int(w[1])] = cur
        elif w[0] == "opening-moves":
            cur["opening"] = w[1:]
        elif w[0] == "move" and len(w) > 3:
            cur["moves"].append(w[3])
            cur["info"].append(" ".join(w[4:]))
        elif w[0] == "termination":
            cur["term"] = " ".join(w[1:])
    return games


def search(binary, moves, nodes):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("setoption name UCI_Variant value tafl\nsetoption name TaflRules value copenhagen\n"
                  "setoption name Threads value 1\nposition startpos moves %s\ngo nodes %d\n"
                  % (" ".join(moves), nodes))
    p.stdin.flush()
    last, best = "", "?"
    for line in p.stdout:
        if line.startswith("info depth"):
            last = line
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    m = re.search(r"depth (\d+).*score (cp -?\d+|mate -?\d+).* pv (.*)", last)
    return best, ("depth %s %s pv %s" % (m.group(1), m.group(2), m.group(3)[:40]) if m else "")


def main():
    records, binary = sys.argv[1], sys.argv[2]
    numbers = [int(x) for x in sys.argv[3].split(",")]
    budgets = [int(x) for x in sys.argv[4].split(",")]
    back = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    games = parse(records)
    for n in numbers:
        g = games[n]
        plies = list(range(0, len(g["moves"]), 2))  # Regalia's, as the first seat
        lost = next((i for i in plies if "mate -" in g["info"][i]), plies[-1])
        print("game %d (%s), %d plies, first lost score at move %d"
              % (n, g.get("term", "?"), len(g["moves"]), lost + 1), flush=True)
        for i in [i for i in plies if i <= lost][-back:]:
            before = g["opening"] + g["moves"][:i]
            cols = ["played %s (%s)" % (g["moves"][i], g["info"][i])]
            for b in budgets:
                best, line = search(binary, before, b)
                cols.append("%d: %s %s" % (b, best, line))
            print("  move %d: %s" % (i + 1, " | ".join(cols)), flush=True)


if __name__ == "__main__":
    main()
