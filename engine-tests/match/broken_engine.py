#!/usr/bin/env python3
"""A deliberately broken engine for the match runner's tests.

    broken_engine.py MODE ENGINE [N [LOG]]

Passes the protocol through to a real ENGINE (Regalia) and misbehaves at the N-th `go` of its
life (default 3), so every game sees a few good moves first:

    illegal  answers `bestmove a1a1`, a move no game allows
    silent   never answers that `go` (nor anything after it)
    exit     exits at that `go`, mid-game, with status 3 and a last line on stderr
    mute     never answers anything at all, not even `uci`
    good     never misbehaves (a witness: with LOG it records what the runner sends)

With LOG, every line it receives is appended to that file.
"""
import os
import subprocess
import sys
import threading

mode, engine = sys.argv[1], sys.argv[2]
fault_at = int(sys.argv[3]) if len(sys.argv) > 3 else 3
log_path = sys.argv[4] if len(sys.argv) > 4 else None
if mode == "good":
    fault_at = 0
if mode not in ("illegal", "silent", "exit", "mute", "good"):
    sys.exit(f"unknown mode {mode}")

child = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
state = {"goes": 0, "silent": mode == "mute"}
lock = threading.Lock()


def forward_output():
    for line in child.stdout:
        with lock:
            if state["silent"]:
                continue
            if line.startswith("bestmove") and mode == "illegal" and state["goes"] == fault_at:
                line = "bestmove a1a1\n"
            sys.stdout.write(line)
            sys.stdout.flush()


threading.Thread(target=forward_output, daemon=True).start()
for line in sys.stdin:
    if log_path:
        with open(log_path, "a") as log:
            log.write(line)
    if line.split()[:1] == ["go"]:
        with lock:
            state["goes"] += 1
            if state["goes"] == fault_at:
                if mode == "exit":
                    print(f"broken_engine: leaving at go {fault_at}, as asked", file=sys.stderr, flush=True)
                    child.kill()
                    os._exit(3)
                if mode == "silent":
                    state["silent"] = True
    if line.strip() == "quit":
        break
    child.stdin.write(line)
    child.stdin.flush()
child.kill()
