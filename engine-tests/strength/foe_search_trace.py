#!/usr/bin/env python3
"""What a foe searches, line by line, without the clock: for positions sampled from line
records, each foe (`Level` N, or `eN` for `UCI_LimitStrength` at `UCI_Elo` N) searches each
position after `ucinewgame`, and every `info` line is printed with its time and speed taken
out. The search itself is deterministic (one thread), so two builds whose traces are equal
search alike; only the foe's random choice among its lines differs from run to run. Used to
show that a change to the ladder leaves a game's play for some number of players unchanged:

    python3 engine-tests/strength/foe_search_trace.py REGALIA RECORDS EVERY COUNT FOE... > trace

EVERY: a position every EVERY plies; COUNT: how many, in a fixed shuffle (as foe_move_loss.py).
Standard library only.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from foe_move_loss import positions  # noqa: E402

# Words whose value depends on the clock, not the search.
CLOCKED = {"time", "nps", "hashfull"}


def setup(foe):
    if foe.startswith("e"):
        return ("setoption name Level value 0\nsetoption name UCI_LimitStrength value true\n"
                f"setoption name UCI_Elo value {foe[1:]}\n")
    return f"setoption name UCI_LimitStrength value false\nsetoption name Level value {foe}\n"


def unclocked(words):
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
        elif w in CLOCKED:
            skip = True
        else:
            out.append(w)
    return " ".join(out)


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    binary, path = sys.argv[1], sys.argv[2]
    every, count = int(sys.argv[3]), int(sys.argv[4])
    foes = sys.argv[5:]
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    proc.stdin.write("setoption name UCI_Variant value sceptre1027\n")
    for i, (start, moves) in enumerate(positions(path, every, count)):
        for foe in foes:
            proc.stdin.write(f"ucinewgame\n{setup(foe)}position fen {start} moves {' '.join(moves)}\n"
                             "go nodes 262144\n")
            proc.stdin.flush()
            print(f"position {i} foe {foe}")
            while True:
                words = proc.stdout.readline().split()
                if not words:
                    continue
                if words[0] == "bestmove":
                    break
                if words[0] == "info" and "nodes" in words:
                    print(unclocked(words))
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()


if __name__ == "__main__":
    main()
