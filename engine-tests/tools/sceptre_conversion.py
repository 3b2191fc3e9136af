#!/usr/bin/env python3
"""Sceptre 1027 A.D.: does the side a queen and both rooks ahead win, and how fast?

The goal of issue 32: from set-ups where one side is a queen and both rooks ahead, that side
wins at least 95% of games within 150 plies. The set-ups are the first `--setups` shipped
ready two-player set-ups (openings/sceptre1027/ready-2.epd; `--openings FILE` names another,
e.g. one made by make_sceptre_openings.py with another seed, for a held-out check); each is
played twice, once with white's queen and rooks taken off (black ahead) and once with black's
(white ahead). The
pieces taken off go to their colour's pool, as if captured, so the weaker side may promote to
them (protocol.md, the pools field).

Each build plays itself (`regalia match`, both seats the same binary) with a draw adjudicated
after `--max-plies` plies; `regalia match` plays every opening in both seatings, so every
position is played twice per build (under `--nodes` both games of a pair are the same game,
which the report counts once). Several builds run one after the other in one invocation
(`--build NAME=PATH`, repeatable), so they are measured side by side on the same machine.

Usage:
  python3 engine-tests/tools/sceptre_conversion.py --build new=target/release/regalia \\
      --build old=/tmp/regalia-7436126 --movetime 200 --setups 6 --out-dir /tmp/conversion
Standard library only.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
READY = os.path.normpath(
    os.path.join(HERE, "..", "..", "openings", "sceptre1027", "ready-2.epd")
)
TAKEN = ("Q", "R", "R")


def ready_setups(count, path=READY):
    with open(path) as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    return lines[:count]


def handicap(position, weak):
    """The position with `weak`'s queen and two rooks taken off and put in its pool."""
    fields = position.split(" ")
    pieces = fields[1].split(",")
    wanted = list(TAKEN)
    kept = []
    for p in pieces:
        kind, owner = p[0], p[1]
        # Only pieces of their own colour (no original colour after the owner letter).
        if owner == weak and p[2] == "@" and kind in wanted:
            wanted.remove(kind)
            continue
        kept.append(p)
    if wanted:
        raise SystemExit(f"set-up lacks {wanted} of {weak}: {position[:60]}…")
    fields[1] = ",".join(kept)
    if fields[6] != "-":
        raise SystemExit("a ready set-up with pools already filled: not expected")
    fields[6] = f"{weak}:QRR"
    return " ".join(fields)


def read_records(path):
    games, cur = [], {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("game "):
                cur = {"moves": [], "winner": None}
            elif line.startswith("start "):
                cur["start"] = line[6:]
            elif line.startswith("move "):
                cur["moves"].append(line.split()[3])
            elif line.startswith("winner "):
                w = line.split()[1]
                cur["winner"] = None if w == "none" else int(w)
            elif line.startswith("termination "):
                cur["termination"] = line[len("termination ") :]
            elif line == "end":
                games.append(cur)
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", action="append", required=True, help="NAME=PATH")
    ap.add_argument("--setups", type=int, default=6)
    ap.add_argument("--movetime", type=int)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--max-plies", type=int, default=150)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument(
        "--timemargin", type=int, default=3000,
        help="ms an engine may overrun --movetime (a busy machine makes 100 ms too few)",
    )
    ap.add_argument("--options", default="", help="engine options, NAME=VALUE,… for every build")
    ap.add_argument(
        "--openings", default=READY,
        help="ready two-player set-ups to start from (default the shipped ready-2.epd); another"
        " file, e.g. one made by make_sceptre_openings.py with another seed, is a held-out check",
    )
    ap.add_argument("--out-dir", required=True)
    args = ap.parse_args()
    if (args.movetime is None) == (args.nodes is None):
        ap.error("give exactly one of --movetime and --nodes")
    os.makedirs(args.out_dir, exist_ok=True)

    openings = os.path.join(args.out_dir, "handicap.epd")
    ahead_of = {}
    with open(openings, "w") as f:
        for i, setup in enumerate(ready_setups(args.setups, args.openings)):
            for weak, strong in (("w", 0), ("b", 1)):
                line = handicap(setup, weak)
                ahead_of[line] = strong
                f.write(f"# ready-2 set-up {i + 1}, seat {strong} a queen and two rooks ahead\n")
                f.write(line + "\n")
    lines = len(ahead_of)
    limit = [f"--movetime={args.movetime}"] if args.movetime else [f"--nodes={args.nodes}"]
    extra = [f"option.{o}" for o in args.options.split(",") if o]
    summary = []
    for spec in args.build:
        name, path = spec.split("=", 1)
        out = os.path.join(args.out_dir, f"{name}.txt")
        if os.path.exists(out):
            os.remove(out)
        cmd = [
            path, "match", "--variant", "sceptre1027",
            "--engine", f"cmd={path}", f"name={name}", "option.Threads=1", *extra,
            "--engine", f"cmd={path}", f"name={name}.2", "option.Threads=1", *extra,
            "--openings", openings, "--games", str(2 * lines), *limit,
            "--max-moves", str((args.max_plies + 1) // 2),
            "--timemargin", str(args.timemargin),
            "--concurrency", str(args.concurrency), "--out", out,
        ]
        print(" ".join(cmd), file=sys.stderr, flush=True)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        seen, wins, within, plies = set(), 0, 0, []
        for g in read_records(out):
            key = (g["start"], tuple(g["moves"]))
            if key in seen:
                continue
            seen.add(key)
            strong = ahead_of[g["start"]]
            n = len(g["moves"])
            if g["winner"] == strong:
                wins += 1
                plies.append(n)
                within += n <= args.max_plies
            print(f"{name}: ahead seat {strong}, {n} plies, winner {g['winner']}: {g.get('termination')}")
        games = len(seen)
        mean = sum(plies) / len(plies) if plies else float("nan")
        summary.append(
            f"{name}: {games} distinct games, the side ahead won {wins} "
            f"({within} within {args.max_plies} plies, {100 * within / max(games, 1):.0f}%), "
            f"plies of its wins: mean {mean:.0f}, "
            f"min {min(plies) if plies else '-'}, max {max(plies) if plies else '-'}"
        )
    print("\n".join(summary))


if __name__ == "__main__":
    main()
