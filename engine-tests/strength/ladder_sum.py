#!/usr/bin/env python3
"""One ladder step's row from the records of several runs of it (rounds of `ladder.sh` kept
with KEEP=DIR): the upper foe's games summed over every file, with the Elo and its 95%
interval computed as `regalia match` reports it (src/arena/stats.rs), and its results by seat.

    python3 engine-tests/strength/ladder_sum.py UPPER_NAME[,NAME...] RECORDS...

Prints `games | +W =D -L | score | Elo (95%) | by seat` for a markdown row. Two players only;
standard library only. Several upper names, comma-separated, sum runs that named the same foe
differently (`level8,hi`: a `ladder.sh` round with a match run by hand by its setting).
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ladder_tally import by_seat, read_games  # noqa: E402


def elo_of_score(score):
    """The logistic Elo of a score fraction; infinite for a clean sweep."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def signed(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "−inf"
    return f"{x:+.0f}".replace("-", "−")


def elo_text(wins, draws, losses):
    """`+E ± M (+LOW to +HIGH)` as the match's summary computes it (normal approximation of
    the mean score, 95%), or a sweep's `+inf` without an interval."""
    n = wins + draws + losses
    s = (wins + 0.5 * draws) / n
    variance = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    elo = elo_of_score(s)
    if variance == 0.0:
        return f"{signed(elo)} (all {'won' if s == 1 else 'lost' if s == 0 else 'drawn'}: no interval)"
    deviation = math.sqrt(variance / n)
    low = elo_of_score(s - 1.959964 * deviation)
    high = elo_of_score(s + 1.959964 * deviation)
    if math.isinf(low) or math.isinf(high):
        return f"{signed(elo)} ({signed(low)} to {signed(high)})"
    return f"{signed(elo)} ± {(high - low) / 2:.0f} ({signed(low)} to {signed(high)})"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    names, paths = sys.argv[1].split(","), sys.argv[2:]
    upper = names[0]
    # Every name of the upper foe read as the first, so the seats tally as one foe.
    games = [({s: (side, upper if name in names else name) for s, (side, name) in seats.items()},
              points)
             for path in paths for seats, points in read_games(path)]
    if not games:
        sys.exit(f"ladder_sum.py: no finished game in {' '.join(paths)}")
    if len(games[0][0]) != 2:
        sys.exit("ladder_sum.py: two players only (ladder_tally.py gives score rates)")
    wins = draws = losses = 0
    for seats, points in games:
        seat = next(s for s, (_, name) in seats.items() if name == upper)
        other = points[1 - seat]
        if points[seat] > other:
            wins += 1
        elif points[seat] == other:
            draws += 1
        else:
            losses += 1
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    print(f"{n} | +{wins} ={draws} −{losses} | {score:.3f} | {elo_text(wins, draws, losses)} "
          f"| {by_seat(games, upper).replace(' -', ' −')}")


if __name__ == "__main__":
    main()
