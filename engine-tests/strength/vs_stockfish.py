#!/usr/bin/env python3
"""Strength check: Regalia against Debian's stockfish limited to a given Elo.

Plays GAMES games at BASE+INC seconds per game, colours alternated, each opening (a few
plies from openings/chess.epd-style FEN list) played with both colours. Prints the score
and an Elo estimate with its 95% error margin. Needs python-chess and /usr/games/stockfish.

    python3 engine-tests/strength/vs_stockfish.py target/release/regalia --games 100
"""
import argparse
import math
import random
import sys

import chess
import chess.engine

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6", "e2e4 c7c5 g1f3 d7d6", "d2d4 d7d5 c2c4 e7e6", "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5", "e2e4 c7c6 d2d4 d7d5", "c2c4 e7e5 b1c3 g8f6", "g1f3 d7d5 g2g3 g8f6",
    "d2d4 g8f6 c2c4 e7e6", "e2e4 c7c5 b1c3 b8c6", "e2e4 e7e5 f1c4 g8f6", "d2d4 d7d5 g1f3 g8f6",
    "e2e4 d7d6 d2d4 g8f6", "c2c4 c7c5 g1f3 g8f6", "e2e4 g7g6 d2d4 f8g7", "d2d4 f7f5 g2g3 g8f6",
    "e2e4 c7c5 c2c3 d7d5", "e2e4 e7e5 g1f3 g8f6", "d2d4 d7d5 c2c4 c7c6", "b1c3 d7d5 e2e4 d5e4",
    "e2e4 d7d5 e4d5 d8d5", "d2d4 g8f6 g1f3 e7e6", "g1f3 c7c5 c2c4 b8c6", "e2e4 b7b6 d2d4 c8b7",
    "e2e4 c7c5 g1f3 e7e6", "d2d4 e7e6 c2c4 f8b4", "e2e4 e7e5 b1c3 g8f6", "f2f4 d7d5 g1f3 g8f6",
    "d2d4 c7c5 d4d5 e7e5", "e2e4 c7c5 g1f3 b8c6", "c2c4 g8f6 b1c3 e7e5", "d2d4 d7d6 e2e4 g8f6",
    "e2e4 e7e5 d2d4 e5d4", "g2g3 d7d5 f1g2 c7c6", "d2d4 g8f6 c2c4 c7c5", "e2e4 g8f6 e4e5 f6d5",
    "b2b3 e7e5 c1b2 b8c6", "e2e4 e7e5 g1f3 d7d6", "d2d4 d7d5 c1f4 g8f6", "e2e4 c7c6 b1c3 d7d5",
    "c2c4 e7e6 b1c3 d7d5", "d2d4 e7e6 e2e4 d7d5", "e2e4 c7c5 d2d4 c5d4", "g1f3 g8f6 c2c4 e7e6",
    "d2d4 g7g6 c2c4 f8g7", "e2e4 a7a6 d2d4 e7e6", "e2e3 e7e5 d2d4 e5d4", "d2d4 b8c6 c2c4 e7e5",
    "e2e4 e7e5 g1f3 f7f5", "c2c4 c7c6 e2e4 d7d5",
]


def play_game(regalia, stockfish, opening, regalia_white, base, inc):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: regalia if regalia_white else stockfish,
               chess.BLACK: stockfish if regalia_white else regalia}
    for e in (regalia, stockfish):
        e.protocol.send_line("ucinewgame")  # fresh hash per game
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        result = engines[side].play(board, limit)
        spent = result.info.get("time")
        # Clocks are kept from the engines' own reports plus a fixed transmission cost.
        elapsed = getattr(result, "elapsed", None)
        used = elapsed if elapsed is not None else (spent if spent is not None else 0.0)
        clocks[side] = clocks[side] - used + inc
        if clocks[side] < 0:
            return 0.0 if (side == chess.WHITE) == regalia_white else 1.0, "time"
        if result.move is None or result.move not in board.legal_moves:
            return 0.0 if (side == chess.WHITE) == regalia_white else 1.0, "illegal"
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        return 0.5, outcome.termination.name
    return (1.0 if (outcome.winner == chess.WHITE) == regalia_white else 0.0), outcome.termination.name


def elo(score, n):
    p = min(max(score / n, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("regalia")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--base", type=float, default=2.0)
    ap.add_argument("--inc", type=float, default=0.02)
    ap.add_argument("--elo", type=int, default=2000)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (to split a match over several processes)")
    args = ap.parse_args()

    import time
    regalia = chess.engine.SimpleEngine.popen_uci(args.regalia)
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": 16})
    regalia.configure({"Threads": 1, "Hash": 16})
    original_play = chess.engine.SimpleEngine.play

    def timed_play(self, board, limit, **kw):
        t0 = time.monotonic()
        r = original_play(self, board, limit, **kw)
        r.elapsed = time.monotonic() - t0
        return r
    chess.engine.SimpleEngine.play = timed_play

    results, points = [], 0.0
    wins = draws = losses = 0
    for g in range(args.first_game, args.first_game + args.games):
        opening = OPENINGS[(g // 2) % len(OPENINGS)]
        regalia_white = g % 2 == 0
        pts, how = play_game(regalia, stockfish, opening, regalia_white, args.base, args.inc)
        points += pts
        wins += pts == 1.0
        draws += pts == 0.5
        losses += pts == 0.0
        results.append(pts)
        print(f"game {g+1}: regalia {'white' if regalia_white else 'black'} {pts} ({how})  "
              f"total {points}/{g+1}", flush=True)
    n = len(results)
    mean = points / n
    var = sum((r - mean) ** 2 for r in results) / max(n - 1, 1)
    se = math.sqrt(var / n)
    lo, hi = elo(max(mean - 1.96 * se, 1e-6) * n, n), elo(min(mean + 1.96 * se, 1 - 1e-6) * n, n)
    print(f"\nRegalia vs stockfish UCI_Elo {args.elo}: +{wins} ={draws} -{losses}, "
          f"score {points}/{n} = {100*mean:.1f}%")
    print(f"Elo difference {elo(points, n):+.0f} (95% interval {lo:+.0f} .. {hi:+.0f})")
    regalia.quit()
    stockfish.quit()


if __name__ == "__main__":
    sys.exit(main())
