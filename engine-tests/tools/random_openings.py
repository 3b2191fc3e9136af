#!/usr/bin/env python3
"""Random chess openings for self-play data: 8 to 10 random legal plies from the start, kept
when a shallow search of the engine scores them within a margin (so that the games are not
decided before they begin). One FEN a line, no repeats.

    python3 engine-tests/tools/random_openings.py 12000 openings.epd --engine target/release/regalia --seed 11

Needs python-chess (`pip install chess`)."""
import argparse
import random
import subprocess
import sys

try:
    import chess
except ImportError:
    sys.exit("random_openings.py needs python-chess: pip install chess")


def score_of(engine, fen, depth):
    """The engine's score (side to move, centipawns) of `fen` at `depth`; None for a mate."""
    engine.stdin.write(f"position fen {fen}\ngo depth {depth}\n")
    engine.stdin.flush()
    score = None
    for line in engine.stdout:
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            i = words.index("score")
            score = int(words[i + 2]) if words[i + 1] == "cp" else None
        if words and words[0] == "bestmove":
            return score
    sys.exit("the engine stopped answering")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("count", type=int)
    ap.add_argument("out")
    ap.add_argument("--engine", default="target/release/regalia")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--margin", type=int, default=100, help="kept within this many cp")
    args = ap.parse_args()
    random.seed(args.seed)
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write("uci\nsetoption name Hash value 4\nisready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.strip() == "readyok":
            break
    seen, kept, tries = set(), [], 0
    while len(kept) < args.count:
        tries += 1
        board = chess.Board()
        for _ in range(random.choice([8, 8, 9, 10])):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(random.choice(moves))
        if board.is_game_over():
            continue
        key = " ".join(board.fen().split()[:4])
        if key in seen:
            continue
        seen.add(key)
        score = score_of(engine, board.fen(), args.depth)
        if score is not None and abs(score) <= args.margin:
            kept.append(board.fen())
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    with open(args.out, "w") as f:
        f.write("\n".join(kept) + "\n")
    print(f"{len(kept)} kept of {tries} tried")


if __name__ == "__main__":
    main()
