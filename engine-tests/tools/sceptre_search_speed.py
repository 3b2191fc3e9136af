#!/usr/bin/env python3
"""Depth and nodes per second of each Sceptre 1027 search in a fixed time.

Runs `go movetime MS` on the four-player middlegame on the `nine` layout (line 10 of
engine-tests/perft/sceptre1027-speed.txt) with every MultiplayerSearch value, on one thread and
on two, and prints a Markdown table of the last completed iteration (docs/results/performance.md).

    python3 engine-tests/tools/sceptre_search_speed.py [--binary target/release/regalia]
        [--movetime 1000] [--line 10] [--threads 1 2]
"""
import argparse
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALGORITHMS = ["paranoid", "maxn", "brs", "brsplus"]


def position(line):
    text = (ROOT / "engine-tests/perft/sceptre1027-speed.txt").read_text().splitlines()[line - 1]
    return text.split(" ;")[0].strip()


def measure(binary, fen, algorithm, threads, movetime):
    script = "\n".join([
        "setoption name UCI_Variant value sceptre1027",
        f"setoption name MultiplayerSearch value {algorithm}",
        f"setoption name Threads value {threads}",
        "setoption name Hash value 64",
        f"position fen {fen}",
        f"go movetime {movetime}",
    ]) + "\n"
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(script)
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        if line.startswith("info depth") and " nodes " in line:
            last = line.split()
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    if last is None:
        raise SystemExit(f"{algorithm}: no info line")
    field = lambda name: last[last.index(name) + 1]
    return field("depth"), int(field("nodes")), int(field("nps")), int(field("time")), best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target/release/regalia"))
    parser.add_argument("--movetime", type=int, default=1000)
    parser.add_argument("--line", type=int, default=10)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    fen = position(args.line)
    print(f"| search | threads | depth | nodes | nodes/s | time (ms) | move |")
    print("|---|---|---|---|---|---|---|")
    for algorithm in ALGORITHMS:
        for threads in args.threads:
            depth, nodes, nps, ms, best = measure(args.binary, fen, algorithm, threads,
                                                  args.movetime)
            print(f"| {algorithm} | {threads} | {depth} | {nodes:,} | {nps:,} | {ms} | {best} |")


if __name__ == "__main__":
    main()
