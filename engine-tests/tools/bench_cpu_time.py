#!/usr/bin/env python3
"""CPU time of `regalia bench` for two or more builds, runs alternating, compared in pairs.

Wall time and the bench's printed nodes/s mean little on a shared machine; the CPU time the
process was given (`perf stat -e task-clock`, user and system) is steadier, and a build's run
next to the other's in the same round meets the same load, so the ratio within a round is the
figure to trust. Each round runs every build once, the order rotated round by round. Prints
each build's task-clock (median, quartiles, extremes) and printed nodes/s, and for every build
after the first the per-round time ratio to the first and the nodes per CPU second of the first
against it (nodes differ where the builds play differently), with the machine's load (`uptime`)
before and after: the figures mean little without it (docs/results/performance.md).

    python3 engine-tests/tools/bench_cpu_time.py --rounds 30 [--variant sceptre1027]
        [--depth N] BINARY_A BINARY_B [...]
"""
import argparse
import os
import statistics
import subprocess
import tempfile


def run(binary, variant, depth):
    """One bench: (task-clock ms, nodes searched, printed nodes/s)."""
    with tempfile.NamedTemporaryFile(suffix=".csv", delete=False) as f:
        out = f.name
    command = [binary, "bench", "--variant", variant] + ([str(depth)] if depth else [])
    p = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock", "-o", out] + command,
                       capture_output=True, text=True, check=True)
    ms = None
    with open(out) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) > 2 and parts[2].startswith("task-clock"):
                ms = float(parts[0])
    os.unlink(out)
    nodes = nps = None
    for line in p.stdout.splitlines():
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
        if line.startswith("Nodes/second"):
            nps = int(line.split(":")[1])
    if ms is None or nodes is None:
        raise SystemExit(f"no task-clock or node count from {binary}")
    return ms, nodes, nps


def quartiles(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 4], statistics.median(xs), xs[(3 * n) // 4]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--variant", default="sceptre1027")
    ap.add_argument("--depth", type=int)
    ap.add_argument("binaries", nargs="+")
    args = ap.parse_args()
    bins = args.binaries
    print("load before:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    times = {b: [] for b in bins}
    printed = {b: [] for b in bins}
    nodes = {}
    ratios = {b: [] for b in bins[1:]}
    for r in range(args.rounds):
        order = bins[r % len(bins):] + bins[:r % len(bins)]
        got = {}
        for b in order:
            ms, n, nps = run(b, args.variant, args.depth)
            got[b] = ms
            nodes[b] = n
            printed[b].append(nps)
        for b in bins:
            times[b].append(got[b])
        for b in bins[1:]:
            ratios[b].append(got[b] / got[bins[0]])
    print("load after:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    for b in bins:
        lo, med, hi = quartiles(times[b])
        plo, pmed, phi = quartiles(printed[b])
        print(f"{b}: {nodes[b]} nodes; task-clock ms median {med:.1f} (quartiles {lo:.1f}-{hi:.1f},"
              f" {min(times[b]):.1f}-{max(times[b]):.1f}); printed nodes/s median {pmed:.0f}"
              f" (quartiles {plo:.0f}-{phi:.0f})")
    for b in bins[1:]:
        lo, med, hi = quartiles(ratios[b])
        scale = nodes[bins[0]] / nodes[b]
        print(f"time {b} / {bins[0]}, per round: median {med:.3f} (quartiles {lo:.3f}-{hi:.3f});"
              f" nodes per CPU second {b} / {bins[0]}: {1 / (med * scale):.3f}"
              f" ({1 / (hi * scale):.3f}-{1 / (lo * scale):.3f})")


if __name__ == "__main__":
    main()
