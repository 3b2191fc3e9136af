#!/usr/bin/env python3
"""Strength check: Regalia against Debian's stockfish limited to a given Elo.

Plays GAMES games at BASE+INC seconds per game, colours alternated, each opening (FENs from
openings/chess/four-plies.epd) played with both colours. Prints the score
and an Elo estimate with its 95% error margin. Needs python-chess and /usr/games/stockfish.

    python3 engine-tests/strength/vs_stockfish.py target/release/regalia --games 100
"""
import argparse
import math
import random
import sys
from pathlib import Path

import chess
import chess.engine

OPENINGS_FILE = Path(__file__).resolve().parents[2] / "openings" / "chess" / "four-plies.epd"


def load_openings():
    return [l.strip() for l in OPENINGS_FILE.read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def play_game(regalia, stockfish, opening, regalia_white, base, inc):
    board = chess.Board(opening)
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

    openings = load_openings()
    results, points = [], 0.0
    wins = draws = losses = 0
    for g in range(args.first_game, args.first_game + args.games):
        opening = openings[(g // 2) % len(openings)]
        regalia_white = g % 2 == 0
        pts, how = play_game(regalia, stockfish, opening, regalia_white, args.base, args.inc)
        points += pts
        wins += pts == 1.0
        draws += pts == 0.5
        losses += pts == 0.0
        results.append(pts)
        print(f"game {g+1}: regalia {'white' if regalia_white else 'black'} {pts} ({how})  "
              f"total {points}/{len(results)}", flush=True)
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
