"""A load run against `regalia serve` on loopback, bounded: it stops by itself.

GAMES games of chess at once, half between two people (this script plays both seats through
their seat tokens) and half a person against the engine at a short move time; workers play
random legal moves, PLIES of them a game at most. When half the planned moves are in, the
server is killed (SIGKILL: no chance to save anything) and started again on the same database
and port; the workers carry on. At the end every game's move list on the server is compared
with the moves the server confirmed to this script: a move confirmed and missing is lost, one
listed twice is doubled. Prints requests a second, the p99 latency of a move, the server's
largest resident memory, refusals by status, and whether the server's stderr holds a panic.

Meanwhile STREAMS event streams (`GET /api/games/{id}/events`, spread over the games) are held
open from one thread (a selector, as a browser holds its tabs' streams): each broken stream
(the restart) is opened again after half a second, as a browser does. Prints the most streams
held at once, the events delivered, the server's largest thread count (no thread waits per
stream), and checks that at the end every stream has been told its game's last move.

usage: python3 serve_load.py REGALIA_BINARY [GAMES] [PLIES] [WORKERS] [STREAMS]
"""

import http.client
import json
import os
import random
import selectors
import socket
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
STREAMS = int(sys.argv[5]) if len(sys.argv) > 5 else 500
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
stats = {"requests": 0, "statuses": {}, "refusals": {}, "move_ms": [], "rss_kb": 0, "threads": 0}


def reason(text):
    """The first words of an error answer, to tell refusals apart."""
    try:
        return " ".join(json.loads(text)["error"].split()[:6])
    except (ValueError, KeyError, TypeError):
        return "?"


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
        except (OSError, http.client.HTTPException):
            # The server is restarting (an answer cut off half-way counts as none).
            unanswered = True
            time.sleep(0.05)
            continue
        with lock:
            stats["requests"] += 1
            stats["statuses"][status] = stats["statuses"].get(status, 0) + 1
            if status != 200:
                why = f"{status} {reason(text)}"
                stats["refusals"][why] = stats["refusals"].get(why, 0) + 1
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

# ---- event streams, all held by one thread -----------------------------------------------
selector = selectors.DefaultSelector()
streams = [{"game": games[i % GAMES]["id"], "sock": None, "retry_at": 0.0, "moves": None}
           for i in range(STREAMS)]
stream_stats = {"held": 0, "held_max": 0, "events": 0, "opened": 0, "refused": 0, "breaks": 0,
                "reasons": {}}
streams_done = threading.Event()


def open_stream(s):
    try:
        sock = socket.create_connection(("127.0.0.1", PORT), timeout=5)
        sock.sendall(f"GET /api/games/{s['game']}/events HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
    except OSError:
        s["retry_at"] = time.time() + 0.5
        return
    sock.setblocking(False)
    s.update(sock=sock, buffer=b"", accepted=False)
    selector.register(sock, selectors.EVENT_READ, s)


def close_stream(s, broken):
    selector.unregister(s["sock"])
    s["sock"].close()
    s["sock"] = None
    if s["accepted"]:
        stream_stats["held"] -= 1
        if broken:
            stream_stats["breaks"] += 1
    s["retry_at"] = time.time() + 0.5


def read_stream(s):
    try:
        data = s["sock"].recv(65536)
    except BlockingIOError:
        return
    except OSError:
        data = b""
    if not data:
        close_stream(s, True)
        return
    s["buffer"] += data
    if not s["accepted"]:
        if b"\r\n\r\n" not in s["buffer"]:
            return
        head, s["buffer"] = s["buffer"].split(b"\r\n\r\n", 1)
        status = int(head.split()[1])
        if status != 200:
            stream_stats["refused"] += 1  # busy (503): tried again, as a browser would
            why = f"{status} {reason(s['buffer'])}"
            stream_stats["reasons"][why] = stream_stats["reasons"].get(why, 0) + 1
            close_stream(s, False)
            return
        s["accepted"] = True
        stream_stats["opened"] += 1
        stream_stats["held"] += 1
        stream_stats["held_max"] = max(stream_stats["held_max"], stream_stats["held"])
    while b"\n\n" in s["buffer"]:
        event, s["buffer"] = s["buffer"].split(b"\n\n", 1)
        for line in event.split(b"\n"):
            if line.startswith(b"data: "):
                s["moves"] = json.loads(line[6:])["moves"]
                stream_stats["events"] += 1


def hold_streams():
    while not streams_done.is_set() and time.time() < DEADLINE:
        now = time.time()
        for s in streams:
            if s["sock"] is None and s["retry_at"] <= now:
                open_stream(s)
        for key, _ in selector.select(timeout=0.1):
            read_stream(key.data)


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
                    if line.startswith("Threads:"):
                        stats["threads"] = max(stats["threads"], int(line.split()[1]))
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
holder = threading.Thread(target=hold_streams)
holder.start()
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.time() - began

# Every stream is told its game's last move: wait (bounded) until each stream's last event
# counts the moves the game shows now.
final = {}
for game in games:
    status, v, _ = call("GET", f"/api/games/{game['id']}")
    final[game["id"]] = len(v["moves"])
settle = time.time() + 60
while time.time() < settle and any(s["moves"] != final[s["game"]] for s in streams):
    time.sleep(0.2)
behind = sum(1 for s in streams if s["moves"] != final[s["game"]])
held_at_end = stream_stats["held"]
streams_done.set()
holder.join()

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
print(f"refusals by reason {stats['refusals']}")
print(f"largest resident memory {stats['rss_kb'] / 1024:.0f} MiB")
print(f"lost moves {lost}, doubled moves {doubled}, panics {panics}")
print(f"event streams {STREAMS}: held at most {stream_stats['held_max']} at once, {held_at_end} at the end; "
      f"{stream_stats['events']} events delivered; {stream_stats['opened']} opened, "
      f"{stream_stats['breaks']} broken (the restart), {stream_stats['refused']} refused (busy, tried again); "
      f"streams not told their game's last move: {behind}")
print(f"stream refusals by reason {stream_stats['reasons']}")
print(f"largest thread count of the server {stats['threads']}")
ok = lost == 0 and doubled == 0 and not panics and restarted.is_set()
ok = ok and behind == 0 and stream_stats["held_max"] >= STREAMS
sys.exit(0 if ok else 1)
