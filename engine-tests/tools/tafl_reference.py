#!/usr/bin/env python3
"""A slow, independent reference for tafl (docs/rules/tafl.md#the-default-game), sharing no code with the engine:
a dict board, moves by walking coordinates, captures and the king's capture by the rule text.

    python3 tafl_reference.py "<position string>" 3      # prints the perft count
"""
import sys

N = 11
THRONE = (5, 5)
GATES = {(0, 0), (10, 0), (0, 10), (10, 10)}


def parse(text):
    board_text, _, side = text.strip().partition(" ")
    board = {}
    for i, row in enumerate(board_text.split("/")):
        r = N - 1 - i
        f = 0
        num = ""
        for c in row + " ":
            if c.isdigit():
                num += c
                continue
            if num:
                f += int(num)
                num = ""
            if c in "adk":
                board[(f, r)] = c
                f += 1
    return board, (side.strip() or "a")


def to_text(board, side):
    """Our position string for a board dict {(file, rank): 'a'|'d'|'k'}."""
    rows = []
    for r in range(N - 1, -1, -1):
        row, run = "", 0
        for f in range(N):
            c = board.get((f, r))
            if c is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += c
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + " " + side


def owns(side, piece):
    return piece == "a" if side == "a" else piece in ("d", "k")


def winner(board, king_captured):
    if king_captured:
        return "a"
    for sq, p in board.items():
        if p == "k" and sq in GATES:
            return "d"
    return None


def moves(board, side):
    out = []
    for (f, r), p in list(board.items()):
        if not owns(side, p):
            continue
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y = f + df, r + dr
            while 0 <= x < N and 0 <= y < N and (x, y) not in board:
                special = (x, y) == THRONE or (x, y) in GATES
                if p == "k" or not special:
                    out.append(((f, r), (x, y)))
                x, y = x + df, y + dr
    return out


def play(board, side, move):
    fr, to = move
    b = dict(board)
    piece = b.pop(fr)
    b[to] = piece
    enemy = "d" if side == "a" else "a"
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        v = (to[0] + df, to[1] + dr)
        w = (to[0] + 2 * df, to[1] + 2 * dr)
        if b.get(v) != enemy or not (0 <= w[0] < N and 0 <= w[1] < N):
            continue
        far = b.get(w)
        if (far is not None and owns(side, far)) or w in GATES or (w == THRONE and far is None):
            del b[v]
    captured = False
    if side == "a":
        # Only an attacker stepping onto one of the king's four neighbours can take him; a king
        # who walked into an enclosure survives the attackers' moves elsewhere.
        king = next(sq for sq, p in b.items() if p == "k")
        kf, kr = king
        neighbours = [(kf + df, kr + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        if to in neighbours and 0 < kf < N - 1 and 0 < kr < N - 1:
            captured = all(n == THRONE or b.get(n) == "a" for n in neighbours)
    return b, captured


def perft(board, side, depth, king_captured=False):
    if depth == 0:
        return 1
    if winner(board, king_captured):
        return 0
    ms = moves(board, side)
    if depth == 1:
        return len(ms)
    other = "d" if side == "a" else "a"
    total = 0
    for m in ms:
        b, captured = play(board, side, m)
        total += perft(b, other, depth - 1, captured)
    return total


def start_captured(board, side):
    """A king enclosed with the defenders to move was captured by the attackers' last move."""
    if side != "d":
        return False
    king = next(sq for sq, p in board.items() if p == "k")
    kf, kr = king
    if not (0 < kf < N - 1 and 0 < kr < N - 1):
        return False
    return all((kf + df, kr + dr) == THRONE or board.get((kf + df, kr + dr)) == "a"
               for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))


if __name__ == "__main__":
    b, s = parse(sys.argv[1])
    print(perft(b, s, int(sys.argv[2]), start_captured(b, s)))
