#!/usr/bin/env python3
"""A slow, independent reference move generator for the chess family's variants.

Regalia's generator is fully legal on bitboards; this one is a plain mailbox that makes every
pseudo-legal move on a copy and rejects those leaving the mover's king attacked. It shares no
code with the engine, so the perft suites built from it (together with hand-counted small
positions) cross-check the engine's implementation of docs/rules/scepterchess.md and docs/rules/chess40k.md.

    python3 variant_reference.py scepterchess "<FEN>" 3      # prints the perft count
"""
import sys

FILES = "abcdefgh"
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def sq(f, r):
    return r * 8 + f


def name(s):
    return FILES[s % 8] + str(s // 8 + 1)


def white(p):
    return p.isupper()


class Pos:
    def __init__(self, fen, variant):
        parts = fen.split()
        self.variant = variant
        self.board = [None] * 64
        for i, row in enumerate(parts[0].split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    self.board[sq(f, 7 - i)] = c
                    f += 1
        self.white = parts[1] == "w"
        self.castling = "" if parts[2] == "-" else parts[2]
        self.ep = None if parts[3] == "-" else FILES.index(parts[3][0]) + 8 * (int(parts[3][1]) - 1)

    def copy(self):
        p = Pos.__new__(Pos)
        p.variant, p.board, p.white = self.variant, self.board[:], self.white
        p.castling, p.ep = self.castling, self.ep
        return p

    def mine(self, s, white_side):
        p = self.board[s]
        return p is not None and white(p) == white_side

    def king(self, white_side):
        for s in range(64):
            if self.board[s] == ("K" if white_side else "k"):
                return s
        return None

    def attacked(self, s, by_white):
        f, r = s % 8, s // 8
        pawn_dir = -1 if by_white else 1  # attacker pawns stand behind the square
        for df in (-1, 1):
            nf, nr = f + df, r + pawn_dir
            if 0 <= nf < 8 and 0 <= nr < 8 and self.board[sq(nf, nr)] == ("P" if by_white else "p"):
                return True
        for steps, kinds in ((KNIGHT_JUMPS, "n"), (KING_STEPS, "kz")):
            for df, dr in steps:
                nf, nr = f + df, r + dr
                if 0 <= nf < 8 and 0 <= nr < 8:
                    p = self.board[sq(nf, nr)]
                    if p and white(p) == by_white and p.lower() in kinds:
                        return True
        for dirs, kinds in ((ROOK_DIRS, "rq"), (BISHOP_DIRS, "bq")):
            for df, dr in dirs:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    p = self.board[sq(nf, nr)]
                    if p:
                        if white(p) == by_white and p.lower() in kinds:
                            return True
                        break
                    nf, nr = nf + df, nr + dr
        return False

    def decided(self):
        if self.variant == "scepterchess":
            return self.board[sq(4, 7)] == "K" or self.board[sq(4, 0)] == "k"
        if self.variant == "chess40k":
            return self.king(True) is None or self.king(False) is None
        return False

    def pseudo(self):
        """(from, to, promotion) triples; promotion '' = none; from == to = self-destruct."""
        w = self.white
        out = []
        fwd = 1 if w else -1
        last = 7 if w else 0
        promos = ["q", "r", "b", "n"]
        if self.variant == "chess40k":
            promos = ["q", "r", "b", "n", "z", ""]

        def add_pawn(fr, to):
            if to // 8 == last:
                for p in promos:
                    out.append((fr, to, p))
            else:
                out.append((fr, to, ""))

        for s in range(64):
            p = self.board[s]
            if p is None or white(p) != w:
                continue
            f, r = s % 8, s // 8
            kind = p.lower()
            if kind == "p":
                if not 0 <= r + fwd < 8:
                    continue
                ahead = sq(f, r + fwd)
                if self.board[ahead] is None:
                    add_pawn(s, ahead)
                    start = 1 if w else 6
                    if r == start and self.board[sq(f, r + 2 * fwd)] is None:
                        out.append((s, sq(f, r + 2 * fwd), ""))
                for df in (-1, 1):
                    if 0 <= f + df < 8:
                        t = sq(f + df, r + fwd)
                        q = self.board[t]
                        if q is not None and white(q) != w:
                            add_pawn(s, t)
                        elif t == self.ep:
                            out.append((s, t, "ep"))
                        elif (q is None and self.variant == "scepterchess"
                              and self.board[ahead] is not None and white(self.board[ahead]) != w):
                            add_pawn(s, t)  # slide past an enemy blocker
            elif kind in "kz":
                for df, dr in KING_STEPS:
                    nf, nr = f + df, r + dr
                    if 0 <= nf < 8 and 0 <= nr < 8 and not self.mine(sq(nf, nr), w):
                        out.append((s, sq(nf, nr), ""))
                if kind == "z":
                    out.append((s, s, ""))
            elif kind == "n":
                for df, dr in KNIGHT_JUMPS:
                    nf, nr = f + df, r + dr
                    if 0 <= nf < 8 and 0 <= nr < 8 and not self.mine(sq(nf, nr), w):
                        out.append((s, sq(nf, nr), ""))
            else:
                dirs = {"r": ROOK_DIRS, "b": BISHOP_DIRS, "q": ROOK_DIRS + BISHOP_DIRS}[kind]
                for df, dr in dirs:
                    nf, nr = f + df, r + dr
                    while 0 <= nf < 8 and 0 <= nr < 8:
                        t = sq(nf, nr)
                        if self.mine(t, w):
                            break
                        out.append((s, t, ""))
                        if self.board[t] is not None:
                            break
                        nf, nr = nf + df, nr + dr
        # Castling: rights, empty squares, king's squares not attacked.
        home = 0 if w else 56
        for right, rook_f, empty, crossed, to in (("K", 7, (5, 6), (4, 5, 6), 6),
                                                   ("Q", 0, (1, 2, 3), (4, 3, 2), 2)):
            if (right if w else right.lower()) in self.castling:
                if all(self.board[home + e] is None for e in empty) and \
                        not any(self.attacked(home + c, not w) for c in crossed):
                    out.append((home + 4, home + to, "castle"))
        return out

    def make(self, m):
        fr, to, extra = m
        p = self.copy()
        piece = p.board[fr]
        p.ep = None
        if fr == to:
            f, r = fr % 8, fr // 8
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if 0 <= f + df < 8 and 0 <= r + dr < 8:
                        p.board[sq(f + df, r + dr)] = None
                        p.clear_rights(sq(f + df, r + dr))
        else:
            p.board[to] = piece
            p.board[fr] = None
            if extra == "ep":
                p.board[to - 8 if self.white else to + 8] = None
            elif extra == "castle":
                rook_from, rook_to = {6: (7, 5), 2: (0, 3), 62: (63, 61), 58: (56, 59)}[to]
                p.board[rook_to] = p.board[rook_from]
                p.board[rook_from] = None
            elif extra in ("q", "r", "b", "n", "z"):
                p.board[to] = extra.upper() if self.white else extra
            if piece.lower() == "p" and abs(to - fr) == 16:
                p.ep = (fr + to) // 2
            p.clear_rights(fr)
            p.clear_rights(to)
        p.white = not self.white
        return p

    def clear_rights(self, s):
        for square, rights in ((4, "KQ"), (60, "kq"), (0, "Q"), (7, "K"), (56, "q"), (63, "k")):
            if s == square:
                self.castling = "".join(c for c in self.castling if c not in rights)

    def legal(self):
        if self.decided():
            return []
        moves = []
        w = self.white
        for m in self.pseudo():
            if m[0] == m[1]:
                k = self.king(w)
                if k is not None and max(abs(k % 8 - m[0] % 8), abs(k // 8 - m[0] // 8)) <= 1:
                    continue  # the blast would take our own king
            after = self.make(m)
            k = after.king(w)
            if k is not None and after.attacked(k, not w):
                continue
            moves.append(m)
        return moves


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.make(m), depth - 1) for m in moves)


if __name__ == "__main__":
    variant, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(perft(Pos(fen, variant), depth))
