#!/usr/bin/env bash
# Time under load: Regalia plays GAMES games (default 1000) of chess at 2 s + 0.02 s against
# Toga II, a Debian engine, while a third process keeps one core busy. Prints the games played,
# each engine's losses on time and how far past its clock each engine went at worst.
#
#   engine-tests/soak/time-under-load.sh [GAMES]
#
# Settings by environment: TC (2+0.02), CONCURRENCY (1), TIMEMARGIN (ms past the clock before a
# move loses, default 100, as `regalia match`), REGALIA (default target/release/regalia, built
# if missing), OPPONENT (default toga2, installed with apt-get if missing), OUT (folder for the
# records and the runner's log; default a new folder under /tmp).
set -euo pipefail
cd "$(dirname "$0")/../.."

games=${1:-1000}
tc=${TC:-2+0.02}
concurrency=${CONCURRENCY:-1}
margin=${TIMEMARGIN:-100}
out=${OUT:-$(mktemp -d /tmp/regalia-soak.XXXXXX)}
mkdir -p "$out"

regalia=${REGALIA:-target/release/regalia}
if [[ ! -x $regalia ]]; then
    echo "building $regalia" >&2
    cargo build --release
fi

opponent=${OPPONENT:-}
if [[ -z $opponent ]]; then
    opponent=$(command -v toga2 || true)
    [[ -z $opponent && -x /usr/games/toga2 ]] && opponent=/usr/games/toga2
    if [[ -z $opponent ]]; then
        echo "installing toga2 (Toga II) from Debian" >&2
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends toga2 >&2
        opponent=/usr/games/toga2
    fi
fi

# One core kept busy by a plain loop, bounded in time (a generous 10 s a game) and killed when
# the script ends whichever way.
busy_limit=$((games * 10 + 600))
timeout "$busy_limit" sh -c 'while :; do :; done' &
busy=$!
trap 'kill "$busy" 2>/dev/null || true' EXIT

echo "soak: $games games at $tc, concurrency $concurrency, margin $margin ms, busy pid $busy; records in $out" >&2
set +e
"$regalia" match --variant chess \
    --engine "cmd=$(realpath "$regalia")" name=Regalia option.Threads=1 option.Hash=16 \
    --engine "cmd=$opponent" name=Toga option.Hash=16 option.OwnBook=false \
    --tc "$tc" --timemargin "$margin" --games "$games" --concurrency "$concurrency" \
    --out "$out/games.pgn" >"$out/match.txt" 2>"$out/runner.log"
status=$?
set -e
kill "$busy" 2>/dev/null || true
if [[ $status -ne 0 ]]; then
    echo "regalia match failed (exit $status); its log: $out/runner.log" >&2
    tail -20 "$out/runner.log" >&2
    exit "$status"
fi
tail -5 "$out/match.txt"

# The records hold each move's time as `{score/depth 0.123s}`: the clocks are replayed from the
# control to find each engine's closest call and its largest overrun past the clock. (A move
# that lost on time is not in the record: it came later than the clock plus the margin.)
python3 - "$out/games.pgn" "$tc" <<'PY'
import re
import sys

path, tc = sys.argv[1], sys.argv[2]
base_s, _, inc_s = tc.partition("+")
base, inc = round(float(base_s) * 1000), round(float(inc_s or 0) * 1000)
text = open(path).read()
records = [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]
played = 0
losses = {}
worst = {}  # engine -> largest (used - clock before the move) in ms; > 0 is past the clock
moves_timed = {}
for rec in records:
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', rec, re.M))
    if "White" not in tags:
        continue
    played += 1
    names = {"w": tags["White"], "b": tags["Black"]}
    for name in names.values():
        losses.setdefault(name, 0)
        worst.setdefault(name, None)
        moves_timed.setdefault(name, 0)
    if tags.get("Termination") == "time forfeit":
        loser = names["w"] if tags.get("Result") == "0-1" else names["b"]
        losses[loser] += 1
    body = rec.split("\n\n", 1)[1] if "\n\n" in rec else ""
    black_first = re.match(r"\s*\d+\.\.\.", body) is not None
    clock = {"w": base, "b": base}
    side = "b" if black_first else "w"
    for seconds in re.findall(r"\{[^}]*?(\d+\.\d{3})s\}", body):
        used = round(float(seconds) * 1000)
        over = used - clock[side]
        name = names[side]
        worst[name] = over if worst[name] is None else max(worst[name], over)
        moves_timed[name] += 1
        clock[side] = max(clock[side] - used, 0) + inc
        side = "w" if side == "b" else "b"
print(f"games played: {played}")
for name in losses:
    w = worst[name]
    w_text = "no moves" if w is None else (
        f"{w} ms past the clock" if w > 0 else f"{-w} ms to spare at the closest")
    print(f"{name}: {losses[name]} losses on time; {moves_timed[name]} moves; worst move: {w_text}")
PY
