#!/usr/bin/env python3
"""Engine time per placement over a whole Sceptre 1027 set-up phase.

The engine places every piece of every player from `position startpos` (layout `nine` unless
--layout says otherwise) under the clocks of --go, one `go` per placement, and the script
prints how long each `go` took until `bestmove` (wall time, pipe included) and the depths the
searches reached (docs/results/performance.md).

    python3 engine-tests/tools/sceptre_setup_time.py [--binary target/release/regalia]
        [--players 4] [--layout nine] [--go "go btime 60000 wtime 60000 rtime 60000 gtime 60000"]
"""
import argparse
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target/release/regalia"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--layout", default="nine")
    parser.add_argument("--go", default="go btime 60000 wtime 60000 rtime 60000 gtime 60000")
    args = parser.parse_args()
    engine = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    send("setoption name UCI_Variant value sceptre1027")
    send(f"setoption name SceptreLayout value {args.layout}")
    send(f"setoption name SceptrePlayers value {args.players}")
    placements, times, depths = [], [], set()
    while True:
        send("position startpos" + (" moves " + " ".join(placements) if placements else ""))
        send("isready")
        while not engine.stdout.readline().startswith("readyok"):
            pass
        started = time.perf_counter()
        send(args.go)
        depth = None
        for line in engine.stdout:
            if line.startswith("info depth"):
                depth = line.split()[2]
            if line.startswith("bestmove"):
                break
        took = time.perf_counter() - started
        move = line.split()[1]
        if "@" not in move:
            break
        placements.append(move)
        times.append(took)
        depths.add(depth)
    send("quit")
    engine.wait()
    print(f"{len(placements)} placements: mean {1000 * sum(times) / len(times):.1f} ms, "
          f"at most {1000 * max(times):.1f} ms; depths reached {sorted(depths)}; "
          f"first move of play {move}")


if __name__ == "__main__":
    main()
