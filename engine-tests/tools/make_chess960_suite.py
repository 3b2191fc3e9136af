#!/usr/bin/env python3
"""Regenerates perft/chess-options/chess960.epd: Chess960 perft counts from python-chess.

The suite sits in perft/chess-options/ because perft/ holds one suite per variant, named by
it, and Chess960 is chess under the option UCI_Chess960. The expected counts come from
python-chess (`pip install chess`), never from Regalia itself, so the suite can catch
Regalia's bugs. Run by hand when positions are added:
    python3 engine-tests/tools/make_chess960_suite.py > engine-tests/perft/chess-options/chess960.epd

The positions: Chess960 starts by their standard numbers (518 is the orthodox one), positions
reached from some starts by seeded random play that keep castling rights, and positions built
to try the castling rules (the king or the rook staying put, king and rook swapping squares,
a rook that shields the king's destination, squares crossed under attack, a right held by a
rook that is not the outermost one). Each is listed to the depths whose counts stay quick: the
last depth is the first with at least 100 000 leaves, or the one before when that passes
2 500 000. Castling rights are written alternately as X-FEN (`KQkq`, a file letter where the
outermost rook is not the castling one) and Shredder-FEN (`HAha`), the two forms Regalia reads.
"""
import random
import sys

import chess

START_NUMBERS = [0, 1, 2, 17, 99, 191, 256, 300, 384, 455, 518, 613, 700, 777, 864, 901, 959]

# (X-FEN or Shredder-FEN, what it tries)
BUILT = [
    ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "king stays on g1 castling h-side; c-side from g1"),
    ("4kr2/5p2/8/8/8/8/5P2/4KR2 w Ff - 0 1", "rook stays on f1 (f8)"),
    ("4kr2/8/8/8/8/8/8/4KR2 w Ff - 0 1", "the rook's own square f1 attacked by the f8 rook"),
    ("3rk3/8/8/8/8/8/8/3RK3 w Dd - 0 1", "rook stays on d1, king e1 to c1"),
    ("1k1r4/8/8/8/8/8/8/1K1R4 w Dd - 0 1", "king b1 past its d1 rook to g1"),
    ("5kr1/8/8/8/8/8/8/5KR1 w Gg - 0 1", "king and rook swap (f1, g1)"),
    ("3kr3/8/8/8/8/8/8/2RK4 w Ce - 0 1", "king and rook swap (d1, c1); black e-rook"),
    ("4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "the castling rook shields the king's square from a1"),
    ("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", "the castling rook shields c1, the king's destination"),
    ("4k3/8/8/8/8/5b2/8/RK6 w A - 0 1", "king b1 to c1 past an attacked d1 (the rook's square)"),
    ("4k3/8/8/8/8/4b3/8/RK6 w A - 0 1", "the king's destination c1 attacked"),
    ("4k3/8/8/8/8/8/6b1/1K5R w H - 0 1", "king b1 crossing an attacked square"),
    ("4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "a right held by the inner rook (X-FEN letter)"),
    ("r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1", "black's inner a-side rook holds the right"),
    ("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "king b1, rooks a1 and e1"),
    ("2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1", "the f1 rook stays; the king goes onto the c1 rook's square"),
    ("6rk/8/8/8/8/8/8/6RK w Gg - 0 1", "king on h1 castling a-side past its rook"),
    ("kr6/8/8/8/8/8/8/KR6 w Bb - 0 1", "king on a1 castling h-side past its rook"),
    ("rkr5/8/8/8/8/8/8/RKR4q w ACac - 0 1", "a queen on h1 bars the h-side"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "the orthodox castling position"),
]

LEAST_LEAVES = 100_000
MOST_LEAVES = 2_500_000


def perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def counts(board: chess.Board) -> list:
    found = []
    depth = 1
    while True:
        n = perft(board, depth)
        if n > MOST_LEAVES and found:
            return found
        found.append((depth, n))
        if n >= LEAST_LEAVES or n == 0 or depth >= 8:
            return found
        depth += 1


def played_from(number: int, seed: int, plies: int) -> chess.Board:
    """A position some random plies after start `number`, still with castling rights."""
    rng = random.Random(seed)
    board = chess.Board.from_chess960_pos(number)
    while True:
        trial = board.copy()
        for _ in range(plies):
            moves = [m for m in trial.legal_moves if not trial.is_castling(m)]
            if not moves:
                break
            trial.push(rng.choice(moves))
        if trial.castling_rights and not trial.is_game_over() and trial.is_valid():
            return chess.Board(trial.fen(), chess960=True)
        plies -= 1


def written(board: chess.Board, shredder: bool) -> str:
    return board.shredder_fen() if shredder else board.fen()


def main() -> None:
    boards = []
    for number in START_NUMBERS:
        boards.append((chess.Board.from_chess960_pos(number), f"start {number}"))
    for i, (number, plies) in enumerate([(0, 9), (105, 12), (333, 14), (518, 16), (686, 10),
                                         (959, 13), (211, 18), (848, 11)]):
        boards.append((played_from(number, 960 + i, plies), f"start {number} after {plies} random plies"))
    for fen, why in BUILT:
        board = chess.Board(fen, chess960=True)
        if not board.is_valid():
            raise SystemExit(f"{fen}: not valid for python-chess ({board.status()!r})")
        if board.clean_castling_rights() != board.castling_rights:
            raise SystemExit(f"{fen}: python-chess drops some castling rights")
        boards.append((board, why))
    print("# Chess960 FEN (X-FEN or Shredder-FEN) ;D<depth> <leaf count> … — expected counts from")
    print(f"# python-chess {chess.__version__}, generated by engine-tests/tools/make_chess960_suite.py.")
    for i, (board, why) in enumerate(boards):
        line = written(board, shredder=i % 2 == 1)
        print(f"# {why}")
        print(line + " ;" + " ;".join(f"D{d} {n}" for d, n in counts(board)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
