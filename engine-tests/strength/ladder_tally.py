#!/usr/bin/env python3
"""What `regalia match`'s summary leaves out of a ladder step, read from its line records
(`--out`: line records, or PGN for the chess family): the upper foe's results in each seat, and, in games of
three or four players, its score rate.

    python3 engine-tests/strength/ladder_tally.py RECORDS [RECORDS...] UPPER_NAME

Several records files (rounds of one step, kept by `ladder.sh` with KEEP=DIR) are summed;
several upper names, comma-separated, count as one foe (`level4,hi`: a `ladder.sh` round with
a match run by hand by its setting, on the same play).

Two players (tafl's attackers and defenders differ most): one line, the upper foe's
`+W =D -L` in each seat, e.g. `attackers +12 =3 -5; defenders +18 =0 -2`.
Three or four players (one seat the upper foe, the others the foe below): the upper foe's
wins (all the points), shared draws and losses (no point), its points, and its score rate,
its points over its fair share of one game in n (1.00 = no better than the foes below), with
a 95% interval by bootstrap over games. Standard library only.
"""
import random
import sys
from collections import defaultdict


PGN_POINTS = {"1-0": [1.0, 0.0], "0-1": [0.0, 1.0], "1/2-1/2": [0.5, 0.5]}


def read_pgn(lines):
    """The finished games of a PGN file, as read_games gives them (white is seat 0)."""
    games, tags = [], {}
    for line in lines:
        if line.startswith("[") and " " in line:
            key, value = line[1:].split(" ", 1)
            tags[key] = value.strip().rstrip("]").strip('"')
            if key == "Result":
                points = PGN_POINTS.get(tags[key])
                if points is not None and "White" in tags and "Black" in tags:
                    games.append(({0: ("white", tags["White"]), 1: ("black", tags["Black"])},
                                  points))
                tags = {}
    return games


def read_games(path):
    """Each finished game as (seats, points): seats maps seat number to (side, engine name)."""
    games, seats, points = [], {}, None
    with open(path, encoding="utf-8") as records:
        lines = records.readlines()
    if any(line.startswith("[Event ") for line in lines[:5]):
        return read_pgn(lines)
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "game":
            seats, points = {}, None
        elif words[0] == "seat" and len(words) >= 4:
            seats[int(words[1])] = (words[2], words[3])
        elif words[0] == "points":
            points = [float(p) for p in words[1:]]
        elif words[0] == "end" and points is not None:
            games.append((seats, points))
    return games


def by_seat(games, upper):
    """The upper foe's wins, draws and losses in each side it played."""
    tally = defaultdict(lambda: [0, 0, 0])
    for seats, points in games:
        for seat, (side, name) in seats.items():
            if name != upper:
                continue
            best_other = max(p for s, p in enumerate(points) if s != seat)
            column = 0 if points[seat] > best_other else 1 if points[seat] == best_other else 2
            tally[side][column] += 1
    return "; ".join(f"{side} +{w} ={d} -{l}" for side, (w, d, l) in sorted(tally.items()))


def score_rate(games, upper):
    """Wins, shares, losses, points, rate and its 95% bootstrap interval."""
    mine = []
    for seats, points in games:
        seat = next(s for s, (_, name) in seats.items() if name == upper)
        mine.append((points[seat], len(seats)))
    count = len(mine)
    players = mine[0][1]

    def rate(sample):
        return sum(p for p, _ in sample) * players / len(sample)

    # A fixed seed: the same records give the same interval.
    rng = random.Random(1027)
    boots = sorted(rate([rng.choice(mine) for _ in range(count)]) for _ in range(4000))
    wins = sum(p > 0.999 for p, _ in mine)
    losses = sum(p < 0.001 for p, _ in mine)
    points = sum(p for p, _ in mine)
    return (f"+{wins} ={count - wins - losses} -{losses} | {points:.2f} of {count / players:.2f} "
            f"| {rate(mine):.2f} ({boots[100]:.2f} to {boots[3899]:.2f})")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    paths, uppers = sys.argv[1:-1], sys.argv[-1].split(",")
    upper = uppers[0]
    # Every name of the upper foe as its first.
    games = [({seat: (side, upper if name in uppers else name)
               for seat, (side, name) in seats.items()}, points)
             for path in paths for seats, points in read_games(path)]
    if not games:
        sys.exit(f"ladder_tally.py: no finished game in {' '.join(paths)}")
    if any(all(name != upper for _, name in seats.values()) for seats, _ in games):
        sys.exit(f"ladder_tally.py: a game without {upper} (records of different steps?)")
    if len(games[0][0]) > 2:
        print(score_rate(games, upper))
    else:
        print(by_seat(games, upper))


if __name__ == "__main__":
    main()
