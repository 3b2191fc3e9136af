#!/usr/bin/env python3
"""Sceptre 1027 A.D.: which multi-player search plays best (self-play with `regalia match`).

Three parts (`--only` picks one):
  pairs     every pair of the four algorithms (MultiplayerSearch paranoid, maxn, brs,
            brsplus) in games of three and of four: every seating of the two over the seats
            except the all-same ones (6 for three seats, 14 for four), each equally often,
            `--rounds3` / `--rounds4` times;
  fourway   the four algorithms over all 24 seatings of a four-player game, `--rounds-fourway`
            times;
  baseline  engine A (`--a-options`) against engine B (`--b-options`), both with the default
            algorithm unless the options say otherwise, over the same seatings as a pair.

How the seatings are produced: `regalia match` plays game i with the seats rotated i mod
seats places (src/arena/runner.rs, game_setup), so one invocation whose engine list is a
seating plays that seating's whole rotation class. The script runs one invocation per
rotation class (for three seats AAB and ABB; for four ABBB, AAAB, AABB and ABAB, the last of
period 2, so it plays 2 games a round instead of 4) with `--games` = the class size times the
rounds. Engines are named `<algorithm>.<k>` (names need not be unique for the runner, but
unique names keep the records plain) and aggregated by algorithm.

Openings: game i plays line i // seats of the `--openings` file, so each invocation gets its
own file (in DIR/openings/) whose lines alternate between the shipped ready set-ups
(openings/sceptre1027/ready-N.epd) and the set-up phase (start-N.epd), the first line of each
class taking the kind that is behind so far: half the games from each as nearly as the
counts allow (the report gives the exact numbers). Every class uses the same opening lines
in the same order, so the seatings of a pair meet the same openings.

Scoring: a win is 1 point, a draw shares the point among the seats still in (the `points`
line of each record). An algorithm's fair share of a game is the fraction of the seats it
held; its score rate is points / fair share (1.00 = as good as its seat share). The 95%
interval is a percentile bootstrap over games (2000 resamples, fixed seed 1027). For a pair,
A's normalised score is rate_A / (rate_A + rate_B), 0.5 when equal, with its bootstrap
interval and whether that excludes 0.5.

Usage:
  python3 engine-tests/tools/sceptre_experiment.py --binary target/release/regalia \\
      --nodes 4000 --out-dir target/sceptre-experiment [--only pairs] [--pairs paranoid:maxn]
  python3 engine-tests/tools/sceptre_experiment.py --out-dir target/sceptre-experiment --report-only
A match whose record file is already complete (as many `end` lines as games) is skipped, so
an interrupted run resumes where it stopped. Standard library only.
"""

import argparse
import itertools
import os
import random
import shlex
import subprocess
import sys
from collections import Counter, defaultdict

ALGORITHMS = ["paranoid", "maxn", "brs", "brsplus"]
HERE = os.path.dirname(os.path.abspath(__file__))
OPENINGS = os.path.normpath(os.path.join(HERE, "..", "..", "openings", "sceptre1027"))


def read_positions(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def rotations(seating):
    n = len(seating)
    # regalia match: seat s of rotation r gets engine (s - r) mod n of the list.
    return [tuple(seating[(s - r) % n] for s in range(n)) for r in range(n)]


def classes(letters, seats):
    """Rotation classes of the seatings over `letters` using more than one letter:
    (representative, number of distinct seatings in its class)."""
    seen = set()
    out = []
    for seating in itertools.product(letters, repeat=seats):
        if len(set(seating)) < 2 or seating in seen:
            continue
        if len(letters) > 2 and len(set(seating)) < len(letters):
            continue
        rot = rotations(seating)
        seen.update(rot)
        out.append((seating, len(set(rot))))
    return out


class Job:
    """One `regalia match` invocation."""

    def __init__(self, group, name, engines, games, lines, kinds):
        self.group = group  # e.g. "pair paranoid:maxn 3"
        self.name = name
        self.engines = engines  # [(engine name, [option words])]
        self.games = games
        self.lines = lines
        self.kinds = kinds  # per game: "ready" or "start"


def plan_class(group, name, engines, per_round, rounds, seats, ready, start, balance):
    """A job for one rotation class: `per_round` games a round (the class size)."""
    games = per_round * rounds
    n_lines = -(-games // seats)
    lines, kinds = [], []
    used = {"ready": 0, "start": 0}
    kind = "ready" if balance["ready"] <= balance["start"] else "start"
    for j in range(n_lines):
        source = ready if kind == "ready" else start
        lines.append(source[used[kind] % len(source)])
        used[kind] += 1
        count = min(seats, games - j * seats)
        kinds.extend([kind] * count)
        balance[kind] += count
        kind = "start" if kind == "ready" else "ready"
    return Job(group, name, engines, games, lines, kinds)


def engine_list(seating, option_sets, label_of):
    count = Counter()
    out = []
    for letter in seating:
        count[letter] += 1
        out.append((f"{label_of[letter]}.{count[letter]}", option_sets[letter]))
    return out


def plan(args):
    jobs = []
    sets = {n: (read_positions(os.path.join(args.openings, f"ready-{n}.epd")),
                read_positions(os.path.join(args.openings, f"start-{n}.epd"))) for n in (3, 4)}
    rounds = {3: args.rounds3, 4: args.rounds4}

    def two_sided(kind, a, b, opts_a, opts_b):
        for seats in (3, 4):
            ready, start = sets[seats]
            balance = {"ready": 0, "start": 0}
            for seating, size in classes("AB", seats):
                tag = "".join(seating)
                group = f"{kind} {a}:{b} {seats}"
                name = f"{kind}-{a}-{b}-{seats}-{tag}"
                engines = engine_list(seating, {"A": opts_a, "B": opts_b}, {"A": a, "B": b})
                jobs.append(plan_class(group, name, engines, size, rounds[seats], seats,
                                       ready, start, balance))

    if args.only in (None, "pairs"):
        pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else \
            list(itertools.combinations(ALGORITHMS, 2))
        for a, b in pairs:
            for x in (a, b):
                if x not in ALGORITHMS:
                    sys.exit(f"unknown algorithm {x!r} (known: {', '.join(ALGORITHMS)})")
            two_sided("pair", a, b, [f"MultiplayerSearch={a}"], [f"MultiplayerSearch={b}"])
    if args.only in (None, "fourway"):
        ready, start = sets[4]
        balance = {"ready": 0, "start": 0}
        letters = "ABCD"
        label = dict(zip(letters, ALGORITHMS))
        for seating, size in classes(letters, 4):
            name = "fourway-" + "-".join(label[c] for c in seating)
            engines = engine_list(seating, {c: [f"MultiplayerSearch={label[c]}"] for c in letters},
                                  label)
            jobs.append(plan_class("fourway 4", name, engines, size, args.rounds_fourway, 4,
                                   ready, start, balance))
    if args.only in (None, "baseline"):
        two_sided("baseline", "a", "b", shlex.split(args.a_options), shlex.split(args.b_options))
    return jobs


def record_blocks(path):
    """The complete game records of a `--out` file, each as a dict."""
    games = []
    if not os.path.exists(path):
        return games
    block = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line == "end":
                games.append(parse_block(block))
                block = []
            elif line:
                block.append(line)
    return games


def parse_block(lines):
    g = {"seats": {}, "points": None, "winner": None, "termination": "", "opening": ""}
    for line in lines:
        word, _, rest = line.partition(" ")
        if word == "seat":
            s, _, rest2 = rest.partition(" ")
            colour, _, engine = rest2.partition(" ")
            g["seats"][int(s)] = engine.strip()
        elif word == "points":
            g["points"] = [float(x) for x in rest.split()]
        elif word == "winner":
            g["winner"] = None if rest.strip() == "none" else int(rest)
        elif word == "termination":
            g["termination"] = rest
        elif word == "opening":
            g["opening"] = rest
        elif word == "game":
            g["number"] = int(rest)
    g["labels"] = [g["seats"][s].split(".")[0] for s in sorted(g["seats"])]
    # Records round points (0.33): make each game's points sum to exactly 1.
    total = sum(g["points"] or [])
    if total > 0:
        g["points"] = [p / total for p in g["points"]]
    return g


def command(args, job, openings_file, record):
    cmd = [args.binary, "match", "--variant", "sceptre1027"]
    for name, options in job.engines:
        words = [f"cmd={args.binary}", f"name={name}", "option.Threads=1"]
        words += [f"option.{o}" for o in options]
        cmd += ["--engine"] + words
    cmd += ["--nodes", str(args.nodes), "--games", str(job.games),
            "--concurrency", str(args.concurrency), "--openings", openings_file, "--out", record]
    if args.max_moves:
        cmd += ["--max-moves", str(args.max_moves)]
    return cmd


def run(args, jobs):
    os.makedirs(os.path.join(args.out_dir, "openings"), exist_ok=True)
    os.makedirs(os.path.join(args.out_dir, "records"), exist_ok=True)
    for job in jobs:
        record = os.path.join(args.out_dir, "records", job.name + ".txt")
        if len(record_blocks(record)) >= job.games:
            print(f"# complete, skipped: {record}", flush=True)
            continue
        openings_file = os.path.abspath(os.path.join(args.out_dir, "openings", job.name + ".epd"))
        with open(openings_file, "w") as f:
            f.write(f"# {job.name}: game i plays line i // seats\n")
            f.write("\n".join(job.lines) + "\n")
        cmd = command(args, job, openings_file, record)
        print(" ".join(shlex.quote(c) for c in cmd), flush=True)
        done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        if done.returncode != 0:
            sys.exit(f"regalia match failed ({done.returncode}) for {job.name}")


# ------------------------------------------------------------------------------------------
# Report
# ------------------------------------------------------------------------------------------

def group_of(name):
    parts = name.split("-")
    if parts[0] == "fourway":
        return "fourway 4"
    return f"{parts[0]} {parts[1]}:{parts[2]} {parts[3]}"


def load(out_dir):
    groups = defaultdict(list)
    folder = os.path.join(out_dir, "records")
    if not os.path.isdir(folder):
        sys.exit(f"{folder}: no records")
    for file in sorted(os.listdir(folder)):
        if file.endswith(".txt"):
            for g in record_blocks(os.path.join(folder, file)):
                g["kind"] = opening_kind(out_dir, file[:-4], g)
                groups[group_of(file[:-4])].append(g)
    return groups


_kind_cache = {}


def opening_kind(out_dir, job, g):
    """ready or start, from the opening line's position: the set-up field `-` is ready."""
    line = g["opening"].rsplit(":", 1)
    key = (job, g["opening"])
    if key not in _kind_cache:
        kind = "ready"
        try:
            positions = open(line[0]).read().splitlines()
            fields = positions[int(line[1]) - 1].split(" ")
            kind = "ready" if fields[5] == "-" else "start"
        except (OSError, IndexError, ValueError):
            pass
        _kind_cache[key] = kind
    return _kind_cache[key]


def tally(games, label):
    t = {"games": 0, "seats": 0, "wins": 0, "draws": 0, "points": 0.0, "fair": 0.0}
    for g in games:
        held = [s for s, l in enumerate(g["labels"]) if l == label]
        if not held:
            continue
        t["games"] += 1
        t["seats"] += len(held)
        t["points"] += sum(g["points"][s] for s in held)
        t["fair"] += len(held) / len(g["labels"])
        if g["winner"] is not None and g["winner"] in held:
            t["wins"] += 1
        elif g["winner"] is None and any(g["points"][s] > 0 for s in held):
            t["draws"] += 1
    return t


def per_game(games, label):
    return [(sum(g["points"][s] for s, l in enumerate(g["labels"]) if l == label),
             sum(1 for l in g["labels"] if l == label) / len(g["labels"])) for g in games]


def bootstrap(games, stat, resamples=2000, seed=1027):
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        v = stat(sample)
        if v is not None:
            values.append(v)
    if not values:
        return (float("nan"), float("nan"))
    values.sort()
    return values[int(0.025 * (len(values) - 1))], values[int(0.975 * (len(values) - 1))]


def rate(sample, label):
    pts = sum(p for p, f in per_game(sample, label))
    fair = sum(f for p, f in per_game(sample, label))
    return pts / fair if fair else None


def normalised(sample, a, b):
    ra, rb = rate(sample, a), rate(sample, b)
    if ra is None or rb is None or ra + rb == 0:
        return None
    return ra / (ra + rb)


# One letter per algorithm for the four-way seatings.
SHORT = {"paranoid": "P", "maxn": "M", "brs": "B", "brsplus": "+"}


def summary(groups):
    """Each algorithm over all its pair games, by seat count, and the pairs at a glance."""
    pairs = {k: g for k, g in groups.items() if k.split()[0] == "pair"}
    if not pairs:
        return []
    out = ["## Summary", "",
           "Each algorithm over every pair game it played (against each of the other three,"
           " all seatings), as a score rate (1.00 = its seat share).", "",
           "| algorithm | 3 seats: games, score rate (95%) | 4 seats: games, score rate (95%) |"
           " both |", "|---|---|---|---|"]
    for label in ALGORITHMS:
        cells = []
        for seats in ("3", "4", None):
            games = [g for k, gs in pairs.items() if seats in (None, k.split()[2])
                     and label in k.split()[1].split(":") for g in gs]
            if not games:
                cells.append("–")
                continue
            r = rate(games, label)
            lo, hi = bootstrap(games, lambda s, l=label: rate(s, l))
            cells.append(f"{len(games)}, {r:.2f} ({lo:.2f}–{hi:.2f})")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out += ["", "Normalised score of the row against the column (0.50 = equal; * where the 95%"
            " interval excludes 0.50), three seats / four seats:", "",
            "| | " + " | ".join(ALGORITHMS) + " |", "|---" * (len(ALGORITHMS) + 1) + "|"]
    for a in ALGORITHMS:
        row = []
        for b in ALGORITHMS:
            if a == b:
                row.append("–")
                continue
            cell = []
            for seats in ("3", "4"):
                key = next((k for k in pairs if k.split()[2] == seats
                            and set(k.split()[1].split(":")) == {a, b}), None)
                if key is None:
                    cell.append("?")
                    continue
                v = normalised(pairs[key], a, b)
                lo, hi = bootstrap(pairs[key], lambda s: normalised(s, a, b))
                cell.append(f"{v:.2f}{'*' if not (lo <= 0.5 <= hi) else ''}")
            row.append(" / ".join(cell))
        out.append(f"| {a} | " + " | ".join(row) + " |")
    return out + [""]


def report(out_dir):
    groups = load(out_dir)
    out = ["# Sceptre 1027: multi-player searches in self-play", "",
           "Score rate = points / fair share (fair share = seats held / seats, per game; 1.00 ="
           " as good as the seat share). 95% intervals: percentile bootstrap over games, 2000"
           " resamples, seed 1027.", ""]
    out += summary(groups)
    for key in sorted(groups, key=lambda k: (k.split()[0] != "pair", k)):
        games = groups[key]
        labels = sorted({l for g in games for l in g["labels"]},
                        key=lambda l: ALGORITHMS.index(l) if l in ALGORITHMS else 9)
        kinds = Counter(g["kind"] for g in games)
        terms = Counter(g["termination"].split(" ")[0] for g in games)
        out += [f"## {key} seats", "",
                f"{len(games)} games: {kinds['ready']} from ready set-ups, {kinds['start']} from"
                f" the set-up phase; terminations: "
                + ", ".join(f"{k} {v}" for k, v in sorted(terms.items())), "",
                "| algorithm | games | seats held | wins | draws | points | fair share |"
                " score rate | 95% interval |", "|---|---|---|---|---|---|---|---|---|"]
        for label in labels:
            t = tally(games, label)
            lo, hi = bootstrap(games, lambda s, l=label: rate(s, l))
            r = t["points"] / t["fair"] if t["fair"] else float("nan")
            out.append(f"| {label} | {t['games']} | {t['seats']} | {t['wins']} | {t['draws']} |"
                       f" {t['points']:.2f} | {t['fair']:.2f} | {r:.3f} | {lo:.3f}–{hi:.3f} |")
        if len(labels) == 2:
            a, b = (labels if key.split()[0] != "pair" else key.split()[1].split(":"))
            v = normalised(games, a, b)
            lo, hi = bootstrap(games, lambda s: normalised(s, a, b))
            verdict = "excludes 0.5" if not (lo <= 0.5 <= hi) else "includes 0.5"
            out += ["", f"{a}'s normalised score against {b}: {v:.3f} (95%: {lo:.3f}–{hi:.3f},"
                    f" {verdict})"]
        hist = Counter("".join(("A" if l == labels[0] else "B") if len(labels) == 2 else
                               SHORT.get(l, l) for l in g["labels"]) for g in games)
        legend = f"A = {labels[0]}, B = {labels[1]}" if len(labels) == 2 else \
            ", ".join(f"{SHORT[l]} = {l}" for l in ALGORITHMS)
        out += ["", f"Seatings (seat 0 first; {legend}): "
                + ", ".join(f"{s} {n}" for s, n in sorted(hist.items())),
                f"({len(hist)} seatings, {min(hist.values())}–{max(hist.values())} games each)", ""]
    text = "\n".join(out) + "\n"
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(text)
    print(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="target/release/regalia")
    ap.add_argument("--nodes", type=int, default=4000)
    ap.add_argument("--rounds3", type=int, default=7)
    ap.add_argument("--rounds4", type=int, default=3)
    ap.add_argument("--rounds-fourway", type=int, default=2)
    ap.add_argument("--max-moves", type=int, default=None)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--out-dir", default="target/sceptre-experiment")
    ap.add_argument("--only", choices=["pairs", "fourway", "baseline"])
    ap.add_argument("--pairs", nargs="*", help="pairs to play, e.g. paranoid:maxn (default all 6)")
    ap.add_argument("--a-options", default="",
                    help="baseline engine A's extra options, NAME=VALUE separated by spaces")
    ap.add_argument("--b-options", default="SceptreEvaluation=basic",
                    help="baseline engine B's extra options (default SceptreEvaluation=basic)")
    ap.add_argument("--openings", default=OPENINGS, help="folder of ready-N.epd and start-N.epd")
    ap.add_argument("--report-only", action="store_true")
    args = ap.parse_args()
    if not args.report_only:
        args.binary = os.path.abspath(args.binary)
        run(args, plan(args))
    report(args.out_dir)


if __name__ == "__main__":
    main()
