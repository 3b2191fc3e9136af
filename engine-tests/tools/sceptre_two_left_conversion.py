#!/usr/bin/env python3
"""Sceptre 1027 A.D.: does the side ahead win when two are left of three (issue 32)?

From the first --setups shipped ready three-player set-ups (openings/sceptre1027/ready-3.epd),
one player taken out (eliminated: his pieces off the field; which one cycles with the set-up,
from seat --shift), and each of the two left in turn a queen and both rooks behind (put in his
pool, as in sceptre_conversion.py). Each build plays itself, one game per position
(`regalia match --games 1`, three engines of the same binary, under --nodes so that the game
does not depend on the machine's load), a draw adjudicated at --max-plies plies. Prints each
game's side ahead, plies and winner, then how many the side ahead won.

Usage:
  python3 engine-tests/tools/sceptre_two_left_conversion.py --build new=target/release/regalia \\
      --build old=/tmp/regalia-main --setups 6 --nodes 20000 --out-dir /tmp/two-left
Standard library only.
"""
import argparse
import os
import subprocess

READY3 = os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "openings", "sceptre1027", "ready-3.epd"))
LETTERS = "bwr"  # the seats' letters in the position string, in seat order


def positions(count, shift=0):
    """(set-up number, letter out, seat ahead, position) for each handicap position."""
    with open(READY3) as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")][:count]
    out = []
    for i, setup in enumerate(lines):
        fields = setup.split(" ")
        gone = LETTERS[(i + shift) % 3]
        left = [c for c in LETTERS if c != gone]
        for weak in left:
            strong = [c for c in left if c != weak][0]
            wanted = ["Q", "R", "R"]
            kept = []
            for p in fields[1].split(","):
                kind, owner = p[0], p[1]
                if owner == gone:
                    continue
                # Only pieces of their own colour (no original colour after the owner letter).
                if owner == weak and p[2] == "@" and kind in wanted:
                    wanted.remove(kind)
                    continue
                kept.append(p)
            if wanted:
                raise SystemExit(f"set-up {i + 1} lacks {wanted} of {weak}")
            g = list(fields)
            g[1] = ",".join(kept)
            g[2] = ",".join(c + ("x" if c == gone else "+") for c in LETTERS)
            if g[3] == gone:
                g[3] = left[0]
            if g[6] != "-":
                raise SystemExit("a ready set-up with pools already filled: not expected")
            g[6] = f"{weak}:QRR"
            out.append((i + 1, gone, LETTERS.index(strong), " ".join(g)))
    return out


def play(path, name, text, nodes, max_plies, out_dir, k):
    """One game of the build against itself from `text`: (plies, winner seat or None, ending)."""
    epd = os.path.join(out_dir, f"pos{k}.epd")
    with open(epd, "w") as f:
        f.write(text + "\n")
    out = os.path.join(out_dir, f"{name}-{k}.txt")
    engines = [x for s in range(3)
               for x in ("--engine", f"cmd={path}", f"name={name}.{s}", "option.Threads=1")]
    subprocess.run([path, "match", "--variant", "sceptre1027", *engines, "--openings", epd,
                    "--games", "1", f"--nodes={nodes}", "--max-moves", str((max_plies + 1) // 2),
                    "--timemargin", "3000", "--concurrency", "1", "--out", out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    winner, plies, ending = None, 0, ""
    with open(out) as f:
        for line in f:
            w = line.split()
            if w and w[0] == "move":
                plies = int(w[1])
            elif w and w[0] == "winner":
                winner = None if w[1] == "none" else int(w[1])
            elif w and w[0] == "termination":
                ending = " ".join(w[1:])
    return plies, winner, ending


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", action="append", required=True, help="NAME=PATH")
    ap.add_argument("--setups", type=int, default=6)
    ap.add_argument("--first", type=int, default=0, help="leave out the first FIRST set-ups")
    ap.add_argument("--shift", type=int, default=0, help="the player out cycles from this seat")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--max-plies", type=int, default=150)
    ap.add_argument("--out-dir", required=True)
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    chosen = [p for p in positions(args.setups, args.shift) if p[0] > args.first]
    for spec in args.build:
        name, path = spec.split("=", 1)
        won, plies_won = 0, []
        for k, (setup, gone, strong, text) in enumerate(chosen):
            plies, winner, ending = play(path, name, text, args.nodes, args.max_plies,
                                         args.out_dir, k)
            if winner == strong:
                won += 1
                plies_won.append(plies)
            print(f"{name}: set-up {setup}, {gone} out, seat {strong} ahead: {plies} plies, "
                  f"winner {winner} ({ending})", flush=True)
        mean = sum(plies_won) / len(plies_won) if plies_won else float("nan")
        print(f"{name}: the side ahead won {won} of {len(chosen)}, mean {mean:.0f} plies",
              flush=True)


if __name__ == "__main__":
    main()
