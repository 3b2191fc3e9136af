#!/usr/bin/env python3
"""How the games of a Sceptre ladder step of three or four players end, read from their line
records (`ladder.sh` with KEEP=DIR): why a step's score rate stays near 1.00.

    python3 engine-tests/strength/ladder_ends.py UPPER_NAME RECORDS [RECORDS...]

Several records files (rounds of one step) are summed; several upper names, comma-separated,
count as one foe (`level8,hi`), as in `ladder_tally.py`. Prints:
- how many games ended at the move limit, how many players were still in there (a game at the
  limit with every player in gives the upper foe exactly its fair share), and the upper foe's
  score rate in the games at the limit and in those that ended before it;
- how often the upper foe was put out against a foe below (a stronger foe should be out less);
- eliminations per game in each stretch of 100 plies, among the games still going: whether the
  limit stops games while they are still being decided;
- each seat's points and how often it was put out (the seat weighs on a round's noise).
Standard library only.
"""
import sys
from collections import Counter, defaultdict

STRETCH = 100


def read_games(path):
    """Each finished game: seat names and sides, the plies at which seats went out, plies, points, how it ended."""
    games, game = [], None
    with open(path, encoding="utf-8") as records:
        for line in records:
            words = line.split()
            if not words:
                continue
            if words[0] == "game":
                game = {"seats": {}, "sides": {}, "outs": [], "plies": 0, "points": None, "ending": "",
                        "winner": None}
            elif game is None:
                continue
            elif words[0] == "seat" and len(words) >= 4:
                game["seats"][int(words[1])] = words[3]
                game["sides"][int(words[1])] = words[2]
            elif words[0] == "out" and len(words) >= 3:
                game["outs"].append((int(words[1]), int(words[2])))
            elif words[0] == "move":
                game["plies"] += 1
            elif words[0] == "points":
                game["points"] = [float(p) for p in words[1:]]
            elif words[0] == "winner" and len(words) >= 2 and words[1].isdigit():
                game["winner"] = int(words[1])
            elif words[0] == "termination":
                game["ending"] = " ".join(words[1:])
            elif words[0] == "end" and game["points"] is not None:
                # The mate that wins puts the last foe out with the game's last ply, and the
                # records list no `out` for it: every seat but the winner's is out by then.
                if game["winner"] is not None:
                    gone = {seat for _, seat in game["outs"]} | {game["winner"]}
                    game["outs"] += [(game["plies"], s) for s in game["seats"] if s not in gone]
                games.append(game)
                game = None
    return games


def rate(points, games, players):
    """Points over the fair share of `games` games of `players`, as text."""
    if not games:
        return "no games"
    return f"{points:.2f} of {games / players:.2f} (rate {points * players / games:.2f})"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    upper = set(sys.argv[1].split(","))
    games = [g for path in sys.argv[2:] for g in read_games(path)]
    if not games:
        sys.exit("ladder_ends.py: no finished games")
    players = len(games[0]["seats"])
    at_limit = [g for g in games if "move limit" in g["ending"]]
    in_at_limit = Counter(players - len(g["outs"]) for g in at_limit)
    split = {True: [0, 0.0], False: [0, 0.0]}
    upper_out = lower_out = lower_games = 0
    going, outs = Counter(), Counter()
    seat_points, seat_out = defaultdict(float), Counter()
    sides = games[0]["sides"]
    for game in games:
        out = {seat for _, seat in game["outs"]}
        uppers = [s for s, name in game["seats"].items() if name in upper]
        if len(uppers) != 1:
            sys.exit(f"ladder_ends.py: a game without exactly one seat named {sys.argv[1]}")
        seat = uppers[0]
        part = split["move limit" in game["ending"]]
        part[0] += 1
        part[1] += game["points"][seat]
        upper_out += seat in out
        lower_out += len(out - {seat})
        lower_games += players - 1
        for start in range(0, game["plies"], STRETCH):
            going[start] += 1
        for ply, _ in game["outs"]:
            outs[(ply - 1) // STRETCH * STRETCH] += 1
        for s, p in enumerate(game["points"]):
            seat_points[s] += p
        for s in out:
            seat_out[s] += 1
    n = len(games)
    print(f"{n} games of {players} players; at the move limit {len(at_limit)}, players still in there: "
          + ", ".join(f"{k} in {in_at_limit[k]}" for k in sorted(in_at_limit, reverse=True)))
    print(f"upper foe at the limit: {rate(split[True][1], split[True][0], players)}; "
          f"in the {split[False][0]} ended before: {rate(split[False][1], split[False][0], players)}")
    print(f"put out: the upper foe in {upper_out} of {n} ({upper_out / n:.2f}), "
          f"a foe below in {lower_out} of {lower_games} ({lower_out / lower_games:.2f})")
    print("eliminations a game going, by plies: " + ", ".join(
        f"{s + 1}-{s + STRETCH} {outs[s] / going[s]:.2f} ({going[s]})" for s in sorted(going)))
    print("by seat, points and times put out: " + ", ".join(
        f"{sides.get(s, s)} {seat_points[s]:.2f} / {seat_out[s]}" for s in sorted(seat_points)))


if __name__ == "__main__":
    main()
