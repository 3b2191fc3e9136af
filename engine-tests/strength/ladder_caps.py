#!/usr/bin/env python3
"""A Sceptre ladder step of three or four players scored again at shorter move limits, from the
line records of games played to a longer one (`ladder.sh` with KEEP=DIR and MAX_MOVES=N).

    python3 engine-tests/strength/ladder_caps.py UPPER_NAME CAP[,CAP...] RECORDS [RECORDS...]

The limit is the referee's alone (no engine is told it), so a game played to a longer limit
passes through exactly the game a shorter one would have drawn: at the first ply after which
every seat still in has made CAP moves, the point is shared by the seats still in, unless the
game had already ended by the rules. Scoring one set of games at several limits compares the
limits on the same games, without the noise of playing them again.

For each CAP, one line: the cap, the upper foe's wins, shared draws and losses, its points of
its fair share and its score rate with a 95% bootstrap interval (as `ladder_tally.py` prints
them), how many games the cap would have ended (with how many seats still in), and from the
second cap on, the rate's change from the first cap's on the same games with a 95% interval by
bootstrap over games (paired: each drawn game counts at both caps). A cap above
the one the games were played to cannot be scored: a game drawn at its own limit is refused.
Several records files (rounds of one step) are summed; several upper names, comma-separated,
count as one foe. Standard library only.
"""
import random
import re
import sys
from collections import Counter

LIMIT = re.compile(r"move limit \((\d+) moves\)")


def read_games(path):
    """Each finished game: seat names, the seat of each ply, outs by ply, points, and its own limit if it was drawn there."""
    games, game = [], None
    with open(path, encoding="utf-8") as records:
        for line in records:
            words = line.split()
            if not words:
                continue
            if words[0] == "game":
                game = {"seats": {}, "movers": [], "outs": {}, "points": None, "limit": None}
            elif game is None:
                continue
            elif words[0] == "seat" and len(words) >= 4:
                game["seats"][int(words[1])] = words[3]
            elif words[0] == "move" and len(words) >= 3:
                game["movers"].append(int(words[2]))
            elif words[0] == "out" and len(words) >= 3:
                game["outs"].setdefault(int(words[1]), []).append(int(words[2]))
            elif words[0] == "points":
                game["points"] = [float(p) for p in words[1:]]
            elif words[0] == "termination":
                found = LIMIT.search(line)
                game["limit"] = int(found.group(1)) if found else None
            elif words[0] == "end" and game["points"] is not None:
                games.append(game)
                game = None
    return games


def at_cap(game, cap):
    """The game's points with the limit at `cap` moves a seat, and the seats still in where the
    cap ends it (None where it ended by itself first)."""
    if game["limit"] is not None and cap > game["limit"]:
        sys.exit(f"ladder_caps.py: a game was drawn at {game['limit']} moves, below the cap {cap}")
    seats = len(game["seats"])
    active, made = set(range(seats)), Counter()
    plies = len(game["movers"])
    # The referee's order after each ply: the move, who left with it, the rules' end (the
    # game's own last ply), then the limit.
    for ply, seat in enumerate(game["movers"], start=1):
        made[seat] += 1
        active -= set(game["outs"].get(ply, []))
        if ply == plies:
            break
        if active and all(made[s] >= cap for s in active):
            return [1 / len(active) if s in active else 0.0 for s in range(seats)], len(active)
    return game["points"], None if game["limit"] is None or cap < game["limit"] else len(active)


def score_rate(mine, players):
    """`+W =D -L | P of F | rate (low to high)`, as ladder_tally.py prints it."""
    count = len(mine)

    def rate(sample):
        return sum(sample) * players / len(sample)

    # A fixed seed: the same records give the same interval (ladder_tally.py's).
    rng = random.Random(1027)
    boots = sorted(rate([rng.choice(mine) for _ in range(count)]) for _ in range(4000))
    wins = sum(p > 0.999 for p in mine)
    losses = sum(p < 0.001 for p in mine)
    return (f"+{wins} ={count - wins - losses} -{losses} | {sum(mine):.2f} of {count / players:.2f} "
            f"| {rate(mine):.2f} ({boots[100]:.2f} to {boots[3899]:.2f})")


def change(first, mine, players):
    """The rate's change from `first` to `mine` (the same games' points), with its paired 95%
    bootstrap interval."""
    count = len(mine)
    pairs = list(zip(first, mine))

    def delta(sample):
        return sum(b - a for a, b in sample) * players / len(sample)

    rng = random.Random(1027)
    boots = sorted(delta([rng.choice(pairs) for _ in range(count)]) for _ in range(4000))
    return f"{delta(pairs):+.2f} ({boots[100]:+.2f} to {boots[3899]:+.2f})"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    upper = set(sys.argv[1].split(","))
    caps = [int(c) for c in sys.argv[2].split(",")]
    games = [g for path in sys.argv[3:] for g in read_games(path)]
    if not games:
        sys.exit("ladder_caps.py: no finished games")
    players = len(games[0]["seats"])
    first = None
    for cap in caps:
        mine, stopped = [], Counter()
        for game in games:
            uppers = [s for s, name in game["seats"].items() if name in upper]
            if len(uppers) != 1:
                sys.exit(f"ladder_caps.py: a game without exactly one seat named {sys.argv[1]}")
            points, still_in = at_cap(game, cap)
            mine.append(points[uppers[0]])
            if still_in is not None:
                stopped[still_in] += 1
        ended = ", ".join(f"{k} in {stopped[k]}" for k in sorted(stopped, reverse=True)) or "none"
        line = f"{cap} | {score_rate(mine, players)} | at the limit {sum(stopped.values())} ({ended})"
        if first is None:
            first = mine
        else:
            line += f" | from {caps[0]}: {change(first, mine, players)}"
        print(line)


if __name__ == "__main__":
    main()
