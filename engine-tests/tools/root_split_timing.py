#!/usr/bin/env python3
"""Time to depth and depth in a fixed time, one thread against two, for max-n, BRS and BRS+
(and paranoid with `--algorithms`).

The position is the first shipped ready set-up for 3 players (openings/sceptre1027/ready-3.epd:
the `nine` layout, the set-up phase over). Each repetition runs every algorithm on one thread
and on two in turn, alternating which goes first, in one process per search (a fresh table),
and reads the engine's own `time` of the `info` line of the target depth. Prints Markdown rows
(docs/results/performance.md) with the median and every measurement, and the machine's load
(`uptime`) before and after: the figures mean little without it.

    python3 engine-tests/tools/root_split_timing.py [--binary target/release/regalia]
        [--reps 3] [--movetime 1000] [--depth maxn=2 brs=3 brsplus=3 paranoid=5]
        [--algorithms maxn brs brsplus paranoid]
"""
import argparse
import pathlib
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALGORITHMS = ["maxn", "brs", "brsplus"]
TIMEOUT = 600


def ready_three():
    path = ROOT / "openings/sceptre1027/ready-3.epd"
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line
    raise SystemExit(f"{path}: no position")


def run(binary, fen, algorithm, threads, go):
    """The `info depth` lines of one search, each as a dict of its fields."""
    script = "\n".join([
        "setoption name UCI_Variant value sceptre1027",
        f"setoption name MultiplayerSearch value {algorithm}",
        f"setoption name Threads value {threads}",
        "setoption name Hash value 64",
        f"position fen {fen}",
        go,
    ]) + "\n"
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    proc.stdin.write(script)
    proc.stdin.flush()
    infos = []
    for line in proc.stdout:
        words = line.split()
        if words[:2] == ["info", "depth"] and "nodes" in words:
            infos.append({k: words[words.index(k) + 1] for k in ("depth", "nodes", "time")})
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=TIMEOUT)
    if not infos:
        raise SystemExit(f"{algorithm} {threads}: no info line")
    return infos


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target/release/regalia"))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--movetime", type=int, default=1000)
    parser.add_argument("--depth", nargs="+",
                        default=["maxn=2", "brs=3", "brsplus=3", "paranoid=5"])
    parser.add_argument("--algorithms", nargs="+", default=ALGORITHMS,
                        choices=ALGORITHMS + ["paranoid"])
    args = parser.parse_args()
    depths = dict((k, int(v)) for k, v in (d.split("=") for d in args.depth))
    algorithms = args.algorithms
    fen = ready_three()
    print(f"load before: {uptime()}")
    to_depth = {(a, t): [] for a in algorithms for t in (1, 2)}
    in_time = {(a, t): [] for a in algorithms for t in (1, 2)}
    for rep in range(args.reps):
        order = (1, 2) if rep % 2 == 0 else (2, 1)
        for algorithm in algorithms:
            for threads in order:
                infos = run(args.binary, fen, algorithm, threads, f"go depth {depths[algorithm]}")
                to_depth[(algorithm, threads)].append(int(infos[-1]["time"]))
            for threads in order:
                infos = run(args.binary, fen, algorithm, threads, f"go movetime {args.movetime}")
                in_time[(algorithm, threads)].append(int(infos[-1]["depth"]))
    print(f"load after: {uptime()}")
    print()
    print("| search | threads | time to depth (ms), median | each run | "
          f"depth in {args.movetime} ms, each run |")
    print("|---|---|---|---|---|")
    for algorithm in algorithms:
        for threads in (1, 2):
            times = to_depth[(algorithm, threads)]
            print(f"| {algorithm} | {threads} | depth {depths[algorithm]}: "
                  f"{statistics.median(times):.0f} | {', '.join(map(str, times))} | "
                  f"{', '.join(map(str, in_time[(algorithm, threads)]))} |")


if __name__ == "__main__":
    main()
