#!/usr/bin/env python3
"""Writes openings/sceptre1027/ready-<players>.epd: ready set-ups (positions after the set-up
phase) for every shipped layout and player count, and start-<players>.epd: the set-up phase
itself on every layout, for matches played from the first placement.

Each set-up is played by the engine itself: the first placements of every player are random
legal ones (so no two set-ups are alike), the rest the engine's choice at a small node budget.
A set-up is kept only if a short search from it finds no player far ahead (no mate, at most
--balance centipawns for the side to move), so no opening is decided before play begins.
Run from the crate root after `cargo build --release`:

    python3 engine-tests/tools/make_sceptre_openings.py [--per-layout 3] [--nodes 4000]
"""

import argparse
import random
import subprocess
import sys

LAYOUTS = {"nine": [2, 3, 4], "duel": [2], "cross": [2, 3, 4], "ring": [2, 3, 4]}


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine quit")
            line = line.rstrip("\n")
            if line.startswith("info string error"):
                sys.exit(line)
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        self.until("readyok")

    def moves(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("moves")
        self.send("isready")
        lines = self.until("readyok")
        return lines[-2].split() if len(lines) >= 2 else []

    def position_text(self):
        self.send("d")
        self.send("isready")
        for line in self.until("readyok"):
            if line.startswith("Position: "):
                return line[len("Position: "):]
        sys.exit("no Position line in d")


def set_up(engine, rng, players, random_each, nodes):
    moves = []
    while True:
        legal = engine.moves(moves)
        if not legal or "@" not in legal[0]:
            return moves
        if len(moves) < random_each * players:
            moves.append(rng.choice(legal))
            continue
        engine.send("go nodes %d" % nodes)
        best = engine.until("bestmove")[-1].split()[1]
        moves.append(best)


def balanced(engine, moves, nodes, limit):
    engine.send("position startpos moves " + " ".join(moves))
    engine.send("go nodes %d" % nodes)
    score = None
    for line in engine.until("bestmove"):
        words = line.split()
        if "score" in words:
            i = words.index("score")
            score = (words[i + 1], int(words[i + 2]))
    return score is not None and score[0] == "cp" and abs(score[1]) <= limit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/regalia")
    ap.add_argument("--per-layout", type=int, default=3)
    ap.add_argument("--nodes", type=int, default=4000)
    ap.add_argument("--random-placements", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1027)
    ap.add_argument("--balance", type=int, default=300)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.send("setoption name UCI_Variant value sceptre1027")
    ready = {2: [], 3: [], 4: []}
    start = {2: [], 3: [], 4: []}
    for layout, counts in LAYOUTS.items():
        for players in counts:
            engine.send("setoption name SceptrePlayers value 2")
            engine.send("setoption name SceptreLayout value " + layout)
            engine.send("setoption name SceptrePlayers value %d" % players)
            engine.sync()
            engine.send("position startpos")
            start[players].append("# %s, %d players: the set-up phase" % (layout, players))
            start[players].append(engine.position_text())
            for i in range(args.per_layout):
                while True:
                    moves = set_up(engine, rng, players, args.random_placements, args.nodes)
                    if balanced(engine, moves, 10 * args.nodes, args.balance):
                        break
                    print(layout, players, "lopsided, again", file=sys.stderr)
                engine.send("position startpos moves " + " ".join(moves))
                ready[players].append("# %s, %d players, set-up %d: %s"
                                      % (layout, players, i + 1, " ".join(moves)))
                ready[players].append(engine.position_text())
                print(layout, players, i + 1, file=sys.stderr)
    engine.send("quit")
    header = ("# Sceptre 1027 A.D., %d players: %s. Made by "
              "engine-tests/tools/make_sceptre_openings.py (seed %d, %d nodes a placement).\n")
    header += "# Each line is a position string (protocol.md); `#` lines are comments.\n"
    for players in (2, 3, 4):
        with open("openings/sceptre1027/ready-%d.epd" % players, "w") as f:
            f.write(header % (players, "ready set-ups (after the set-up phase) on every layout",
                              args.seed, args.nodes))
            f.write("\n".join(ready[players]) + "\n")
        with open("openings/sceptre1027/start-%d.epd" % players, "w") as f:
            f.write(header % (players, "the set-up phase on every layout", args.seed, args.nodes))
            f.write("\n".join(start[players]) + "\n")


if __name__ == "__main__":
    main()
