#!/usr/bin/env python3
"""An independent perft reference for the multi-player test game `takeaway`.

Written from the rule text alone (no engine code was read), standard library only.

    python3 takeaway_reference.py perft DEPTH POSITION   # Stockfish-style divide
    python3 takeaway_reference.py suite                  # prints perft/takeaway.epd

Rules, as implemented here:
  * 2-4 seats, 1-4 heaps of 0..9 tokens, a score per seat (0..cap), a cap (1..9), a
    state per seat: a(ctive), e(liminated), w(ithdrawn); the seat to move (active); a
    count of moves played.  Position string: heaps/scores/states/turn/moves/cap.
  * A move takes k = 1, 2 or 3 tokens from heap h, legal when k <= heap[h] and
    score[mover] + k <= cap and the game is not over.  Text: heap letter + k ("b2").
    Order: heaps in index order, k ascending.
  * Effect: heap[h] -= k, score[mover] += k, moves += 1; if heap[h] became 0, the next
    active seat after the mover is eliminated (unless it is the mover itself).  Then the
    turn passes to the next active seat after the mover.
  * The game is over when only one seat is active or all heaps are empty.
  * A mover with no legal move in a game that is not over withdraws if 3+ seats are
    active (state w, turn to the next active seat after it; not a move, perft continues
    at the same depth); with only 2 active seats the game simply ends (count 0).
"""
import sys
from functools import lru_cache

HEAP_LETTERS = "abcd"


class Position:
    __slots__ = ("heaps", "scores", "states", "turn", "moves", "cap")

    def __init__(self, heaps, scores, states, turn, moves, cap):
        self.heaps = tuple(heaps)
        self.scores = tuple(scores)
        self.states = tuple(states)
        self.turn = turn
        self.moves = moves
        self.cap = cap

    def text(self):
        return "%s/%s/%s/%d/%d/%d" % (
            "".join(str(h) for h in self.heaps),
            "".join(str(s) for s in self.scores),
            "".join(self.states),
            self.turn,
            self.moves,
            self.cap,
        )

    def key(self):
        # The move counter does not influence the rules, so it is left out of the cache key.
        return (self.heaps, self.scores, self.states, self.turn, self.cap)


def parse(text):
    parts = text.strip().split("/")
    if len(parts) != 6:
        raise ValueError("expected heaps/scores/states/turn/moves/cap: %r" % text)
    h, s, st, t, m, c = parts
    if not (1 <= len(h) <= 4) or not h.isdigit():
        raise ValueError("heaps must be 1-4 digits: %r" % h)
    if not (2 <= len(s) <= 4) or not s.isdigit():
        raise ValueError("scores must be 2-4 digits: %r" % s)
    if len(st) != len(s) or any(ch not in "aew" for ch in st):
        raise ValueError("states must be one of a/e/w per seat: %r" % st)
    if len(t) != 1 or not t.isdigit() or int(t) >= len(s):
        raise ValueError("bad turn: %r" % t)
    if not m.isdigit():
        raise ValueError("bad move count: %r" % m)
    if len(c) != 1 or not c.isdigit() or not (1 <= int(c) <= 9):
        raise ValueError("bad cap: %r" % c)
    cap = int(c)
    scores = [int(x) for x in s]
    if any(x > cap for x in scores):
        raise ValueError("a score exceeds the cap: %r" % text)
    turn = int(t)
    if st[turn] != "a":
        raise ValueError("the seat to move must be active: %r" % text)
    return Position([int(x) for x in h], scores, list(st), turn, int(m), cap)


def active_count(pos):
    return sum(1 for x in pos.states if x == "a")


def next_active_after(states, seat):
    n = len(states)
    for i in range(1, n + 1):
        cand = (seat + i) % n
        if states[cand] == "a":
            return cand
    raise AssertionError("no active seat")


def game_over(pos):
    return active_count(pos) <= 1 or all(h == 0 for h in pos.heaps)


def legal_moves(pos):
    """List of (heap index, k) in generation order."""
    if game_over(pos):
        return []
    out = []
    score = pos.scores[pos.turn]
    for h, size in enumerate(pos.heaps):
        for k in (1, 2, 3):
            if k <= size and score + k <= pos.cap:
                out.append((h, k))
    return out


def move_text(mv):
    return "%s%d" % (HEAP_LETTERS[mv[0]], mv[1])


def make_move(pos, mv):
    h, k = mv
    mover = pos.turn
    heaps = list(pos.heaps)
    scores = list(pos.scores)
    states = list(pos.states)
    heaps[h] -= k
    scores[mover] += k
    if heaps[h] == 0:
        victim = next_active_after(states, mover)
        if victim != mover:
            states[victim] = "e"
    turn = next_active_after(states, mover)
    return Position(heaps, scores, states, turn, pos.moves + 1, pos.cap)


def must_withdraw(pos):
    """The mover has no legal move, the game is not over, and 3+ seats are active."""
    return (not game_over(pos)) and not legal_moves(pos) and active_count(pos) >= 3


def withdraw(pos):
    states = list(pos.states)
    states[pos.turn] = "w"
    turn = next_active_after(states, pos.turn)
    return Position(pos.heaps, pos.scores, states, turn, pos.moves, pos.cap)


def resolve_withdrawals(pos):
    while must_withdraw(pos):
        pos = withdraw(pos)
    return pos


_cache = {}


def perft(pos, depth):
    if depth == 0:
        return 1
    key = (pos.key(), depth)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    moves = legal_moves(pos)
    if not moves:
        if must_withdraw(pos):
            result = perft(withdraw(pos), depth)
        else:
            result = 0
    else:
        result = 0
        for mv in moves:
            result += perft(make_move(pos, mv), depth - 1)
    _cache[key] = result
    return result


def divide(pos, depth):
    """[(move text, count)] in generation order (after any root withdrawals), total."""
    if depth == 0:
        return [], 1
    pos = resolve_withdrawals(pos)
    rows = []
    for mv in legal_moves(pos):
        rows.append((move_text(mv), perft(make_move(pos, mv), depth - 1)))
    return rows, sum(c for _, c in rows)


# (comment, position) pairs of the suite
SUITE = [
    ("three-seat start position", "543/000/aaa/0/0/9"),
    ("four-seat start position", "543/0000/aaaa/0/0/9"),
    ("two-seat start position: emptying a heap eliminates the opponent and ends the game",
     "543/00/aa/0/0/9"),
    ("seat 1 eliminated: seat 0 and seat 2 play on, an emptied heap now eliminates across the gap",
     "503/220/aea/2/4/9"),
    ("four seats, seat 2 eliminated: seat 1 emptying a heap eliminates seat 3",
     "4302/2110/aaea/1/4/9"),
    ("four seats, seat 3 to move: emptying a heap wraps round and eliminates seat 0",
     "2111/1221/aaaa/3/4/9"),
    ("four seats, seat 1 withdrawn: seat 0 emptying a heap skips it and eliminates seat 2",
     "3221/1500/awaa/0/4/5"),
    ("four seats, seats 1 and 3 withdrawn, seat 2 capped: with 2 active it cannot withdraw, D2 = 0",
     "432/1333/awaw/0/10/3"),
    ("three seats, cap 2: seats cap out quickly and withdraw inside the tree",
     "543/000/aaa/0/0/2"),
    ("four seats, cap 3: withdrawals inside the tree, then capped pairs end the game",
     "543/0000/aaaa/0/0/3"),
    ("four seats, cap 3, two seats one token from the cap", "4433/2200/aaaa/0/4/3"),
    ("three seats, cap 1: every seat withdraws or ends the game after one take",
     "333/000/aaa/0/0/1"),
    ("root mover capped with three active: seat 0 withdraws, seat 1 moves",
     "321/300/aaa/0/3/3"),
    ("root withdrawal twice: seats 0 and 1 are capped, both withdraw, seat 2 moves",
     "321/3310/aaaa/0/7/3"),
    ("four seats, root mover capped: it withdraws, three seats play on and may withdraw again",
     "432/3000/aaaa/0/3/3"),
    ("root mover withdraws, then the next mover is capped with two active: count 0",
     "32/330/aaa/0/6/3"),
    ("two seats, root mover capped: the game ends, count 0", "321/30/aa/0/3/3"),
    ("three seats, one eliminated, root mover capped with two active: count 0",
     "321/404/aea/0/8/4"),
    ("finished: all heaps empty, count 0", "000/435/aaa/1/10/9"),
    ("finished: only one seat active, count 0", "402/402/eea/2/6/9"),
    ("finished: one active seat, the others withdrawn and eliminated, count 0",
     "4321/2222/wawe/1/6/4"),
    ("single small heap, three seats: the first take that empties it ends the game",
     "5/000/aaa/0/0/9"),
    ("small heaps: two single tokens and two seats", "11/00/aa/0/0/9"),
    ("four single-token heaps, four seats", "1111/0000/aaaa/0/0/9"),
    ("four full heaps, four seats: wide branching", "9999/0000/aaaa/0/0/9"),
]

LIMIT = 2_000_000
MAX_DEPTH = 7
MIN_DEPTH = 4


def suite_line(text):
    """Depths 1, 2, ... while the count stays within LIMIT (at most MAX_DEPTH); once a count
    is 0 every deeper one is too, so stop there as soon as MIN_DEPTH is reached."""
    pos = parse(text)
    counts = []
    for d in range(1, MAX_DEPTH + 1):
        c = perft(pos, d)
        if c > LIMIT:
            break
        counts.append(c)
        if c == 0 and d >= MIN_DEPTH:
            break
    if len(counts) < MIN_DEPTH:
        raise AssertionError("%s: only %d depths within the limit" % (text, len(counts)))
    return text + " " + " ".join(";D%d %d" % (i + 1, c) for i, c in enumerate(counts))


def print_suite():
    print("# takeaway perft suite: <position> ;D<depth> <count> ... Counts from")
    print("# engine-tests/tools/takeaway_reference.py, an independent generator written from the")
    print("# rule text only; regenerate with:")
    print("#   python3 engine-tests/tools/takeaway_reference.py suite > engine-tests/perft/takeaway.epd")
    print("# position: heaps/scores/states/turn/moves/cap (states a active, e eliminated, w withdrawn)")
    for comment, text in SUITE:
        print("# " + comment)
        print(suite_line(text))


def main(argv):
    if len(argv) >= 2 and argv[1] == "suite":
        print_suite()
        return 0
    if len(argv) == 4 and argv[1] == "perft":
        pos = parse(argv[3])
        rows, total = divide(pos, int(argv[2]))
        for mv, c in rows:
            print("%s: %d" % (mv, c))
        print()
        print("Nodes searched: %d" % total)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
