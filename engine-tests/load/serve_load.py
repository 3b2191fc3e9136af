"""A load run against `regalia serve` on loopback, bounded: it stops by itself.

GAMES games of chess at once, half between two people (this script plays both seats through
their seat tokens) and half a person against the engine at a short move time; workers play
random legal moves, PLIES of them a game at most. When half the planned moves are in, the
server is killed (SIGKILL: no chance to save anything) and started again on the same database
and port; the workers carry on. At the end every game's move list on the server is compared
with the moves the server confirmed to this script: a move confirmed and missing is lost, one
listed twice is doubled. Prints requests a second, the p99 latency of a move, the server's
largest resident memory, refusals by status, and whether the server's stderr holds a panic.

usage: python3 serve_load.py REGALIA_BINARY [GAMES] [PLIES] [WORKERS]
"""

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BINARY = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
PLIES = int(sys.argv[3]) if len(sys.argv) > 3 else 16
WORKERS = int(sys.argv[4]) if len(sys.argv) > 4 else 16
DEADLINE = time.time() + 900  # a hang guard: the run stops by itself

folder = tempfile.mkdtemp(prefix="regalia-load-")
DB = os.path.join(folder, "games.sqlite")
ERRLOG = open(os.path.join(folder, "stderr.log"), "w")


def start(port):
    server = subprocess.Popen([BINARY, "serve", "--port", str(port), "--db", DB, "--rate", "1000000"],
                              stdout=subprocess.PIPE, stderr=ERRLOG, text=True)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")
    return server, url


server, URL = start(0)
PORT = int(URL.rsplit(":", 1)[1])
lock = threading.Lock()
stats = {"requests": 0, "statuses": {}, "move_ms": [], "rss_kb": 0}


def call(method, path, body=None):
    """One request; retried while the server is down or busy. Returns (status, JSON, whether
    a try went unanswered: the server may have acted on it before it died)."""
    data = None if body is None else json.dumps(body).encode()
    unanswered = False
    while time.time() < DEADLINE:
        request = urllib.request.Request(URL + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read()
        except OSError:
            unanswered = True
            time.sleep(0.05)  # the server is restarting
            continue
        with lock:
            stats["requests"] += 1
            stats["statuses"][status] = stats["statuses"].get(status, 0) + 1
        if status in (429, 503):
            time.sleep(0.02)
            continue
        return status, json.loads(text), unanswered
    raise SystemExit("the load run passed its deadline")


games = []  # [id, tokens, engine_seat or None, confirmed moves]
for i in range(GAMES):
    engine = i % 2 == 1
    body = {"variant": "chess"}
    if engine:
        body["seats"] = [{}, {"engine": True, "movetime": 50}]
    status, v, _ = call("POST", "/api/games", body)
    assert status == 200, v
    games.append({"id": v["id"], "tokens": [s["token"] for s in v["links"]["seats"]],
                  "engine": 1 if engine else None, "confirmed": [], "unanswered": 0,
                  "done": False})

planned = GAMES * PLIES // 2  # moves people make (an engine game's other half is the engine's)
made = [0]
restarted = threading.Event()


def turn(game):
    status, v, _ = call("GET", f"/api/games/{game['id']}")
    if v.get("over") or len([m for m in v["moves"] if m["seat"] != game["engine"]]) >= PLIES // (2 if game["engine"] is not None else 1):
        game["done"] = True
        return
    if not v["legal"] or v["to_move"] == game["engine"]:
        return  # the engine thinks
    move = random.choice(v["legal"])["text"]
    token = game["tokens"][v["to_move"]]
    began = time.time()
    status, after, unanswered = call("POST", f"/api/games/{game['id']}/move?seat={token}",
                         {"move": move, "position": v["position"]})
    if status == 200:
        with lock:
            stats["move_ms"].append((time.time() - began) * 1000)
            made[0] += 1
        game["confirmed"].append((len(v["moves"]), move))
    elif unanswered:
        game["unanswered"] += 1  # sent as the server died: played or not, never twice


def worker(mine):
    while time.time() < DEADLINE and not all(g["done"] for g in mine):
        for game in mine:
            if not game["done"]:
                turn(game)


def watch_memory():
    while not all(g["done"] for g in games) and time.time() < DEADLINE:
        try:
            with open(f"/proc/{server.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        stats["rss_kb"] = max(stats["rss_kb"], int(line.split()[1]))
        except OSError:
            pass
        if not restarted.is_set() and made[0] >= planned // 2:
            restart()
        time.sleep(0.2)


def restart():
    global server, URL
    server.send_signal(signal.SIGKILL)
    server.wait()
    server, URL = start(PORT)
    restarted.set()
    print(f"restarted after {made[0]} moves", flush=True)


began = time.time()
threads = [threading.Thread(target=worker, args=(games[w::WORKERS],)) for w in range(WORKERS)]
threads.append(threading.Thread(target=watch_memory))
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.time() - began

lost = doubled = 0
for game in games:
    status, v, _ = call("GET", f"/api/games/{game['id']}")
    texts = [m["text"] for m in v["moves"]]
    for ply, move in game["confirmed"]:
        if ply >= len(texts) or texts[ply] != move:
            lost += 1
    # More people's moves on the server than were confirmed (or sent as it died): one doubled.
    people = [m for m in v["moves"] if m["seat"] != game["engine"]]
    doubled += max(0, len(people) - len(game["confirmed"]) - game["unanswered"])

server.send_signal(signal.SIGTERM)
server.wait()
ERRLOG.close()
panics = "panicked" in open(os.path.join(folder, "stderr.log")).read()
ms = sorted(stats["move_ms"])
p99 = ms[int(len(ms) * 0.99) - 1] if ms else 0
print(f"games {GAMES} (half against the engine at 50 ms), plies a game {PLIES}, workers {WORKERS}")
print(f"restart in the middle: {restarted.is_set()}")
print(f"requests {stats['requests']} in {elapsed:.1f} s: {stats['requests'] / elapsed:.0f} a second")
print(f"moves by people {len(ms)}; move latency p50 {ms[len(ms) // 2]:.1f} ms, p99 {p99:.1f} ms")
print(f"statuses {dict(sorted(stats['statuses'].items()))}")
print(f"largest resident memory {stats['rss_kb'] / 1024:.0f} MiB")
print(f"lost moves {lost}, doubled moves {doubled}, panics {panics}")
sys.exit(0 if lost == 0 and doubled == 0 and not panics and restarted.is_set() else 1)
