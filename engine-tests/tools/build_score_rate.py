#!/usr/bin/env python3
"""One build against another in three- or four-player games (issue 32's "score rate against
7436126 over balanced seatings"): the score rate of every seat held by the build whose engine
names start with PREFIX, over one or more record files of `regalia match` (`--out`), and how
the games ended.

    python3 engine-tests/tools/build_score_rate.py PREFIX RECORDS...

Balanced seatings: give the matches that seat the build once against two (three) copies of the
other and once two (three) copies against one, each with the seats rotated. A seat's fair share
is one game in n; the score rate is the build's points over its seats' fair shares (1.00 = no
better than the other build), with a 95% interval by bootstrap over games. Standard library only.
"""
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "strength"))
from ladder_tally import read_games  # noqa: E402  (the records' reader the ladders use)


def endings(path):
    """Each finished game's termination words (e.g. "draw by threefold repetition")."""
    with open(path, encoding="utf-8") as records:
        return [line.split(None, 2)[2].strip() for line in records
                if line.startswith("termination ") and len(line.split(None, 2)) == 3]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    prefix, paths = sys.argv[1], sys.argv[2:]
    games = [g for path in paths for g in read_games(path)]
    if not games:
        sys.exit("build_score_rate.py: no finished game")
    # Per game: the build's points and its seats' fair shares.
    mine = []
    for seats, points in games:
        held = [s for s, (_, name) in seats.items() if name.startswith(prefix)]
        mine.append((sum(points[s] for s in held), len(held) / len(seats)))

    def rate(sample):
        return sum(p for p, _ in sample) / sum(f for _, f in sample)

    rng = random.Random(1027)  # a fixed seed: the same records give the same interval
    boots = sorted(rate([rng.choice(mine) for _ in mine]) for _ in range(4000))
    points, share = sum(p for p, _ in mine), sum(f for _, f in mine)
    print(f"{len(games)} games: {prefix}* {points:.2f} points of a fair share {share:.2f}, "
          f"score rate {rate(mine):.2f} ({boots[100]:.2f} to {boots[3899]:.2f})")
    ends = Counter(e for path in paths for e in endings(path))
    repetitions = sum(n for e, n in ends.items() if "repetition" in e)
    print(f"drawn by repetition: {repetitions} of {len(games)} ({100 * repetitions / len(games):.0f}%)")
    for ending, n in ends.most_common():
        print(f"  {n:4} {ending}")


if __name__ == "__main__":
    main()
