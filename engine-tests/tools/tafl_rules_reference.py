#!/usr/bin/env python3
"""An independent reference for tafl under OpenTafl rules strings, as docs/rules/tafl.md reads
them (the contract), with docs/rules/tafl.md#the-default-game as the rule set `default`. It shares no code and no
reading with the engine: it was written from the contract text alone.

    python3 tafl_rules_reference.py "<rules string or named set>" "<position or 'start'>" <depth>
    python3 tafl_rules_reference.py --moves "<rules>" "<position>" <depth>   # per root move

A position is Regalia's position string (ranks from the top down separated by `/`, runs of
empty squares as numbers, `a` attacker, `d` defender, `k` king, a space, the side to move `a`
or `d`), or an OpenTafl position record (`/` then rows from rank 1 up, `t` `T` `K`), optionally
followed by the side to move (default: the side that moves first under the rules), or `start`.

Plain Python 3.11, flat lists: the board is a list of N*N codes, index = rank0 * N + file0.

Readings chosen where docs/rules/tafl.md leaves room:
- hostility lists are read per letter: the king is K (so corh:tT makes corners hostile to
  defenders but not to the king); an occupied centre square is hostile to L when L is in
  cenh whoever stands on it; a corner square counts for corh only when empty (an occupied one
  is hostile only as an anvil); the board edge is never hostile;
- stopping on a corner/centre needs cors/cens (and corre/cenre when coming from off it), not
  corp/cenp: those only govern passing over;
- the king counts as a shieldwall bracket or front whenever ka: is not n (ka:a and ka:h too),
  also when he is the moving piece; a row is a maximal run of the other side's pieces;
- edge fort: "next to F" is orthogonal; corner squares and the empty centre are never a safe
  side for a wall, whatever the hostility lists say;
- the strong king (s, m, or c near the centre) is captured only by an attacker's move that
  lands on one of his neighbours and leaves him enclosed (docs/rules/tafl.md as revised on 2026-12-04,
  which stands over the contract's older "any attackers' move"): a king who walked into an
  enclosure survives the attackers' moves elsewhere;
- a position given as it stands: the king on a corner (edge with esc:e) has escaped; with the
  defenders to move a strong king enclosed is captured (docs/rules/tafl.md#king-capture) and encirclement counts;
  with the attackers to move an edge fort counts; a weak king between two attackers is not
  taken (no mover is known);
- spd: a list whose every entry is -1 means no limit, like -1;
- linc:y: the king's "three other neighbours" are read after the move's ordinary captures
  (those take only defenders, so it makes no difference), and a king on a centre square on
  the board edge (three neighbours only) is never the far side of a Linnaean capture; the
  defender taken is counted with the move's captures like any other.
"""
import sys

EMPTY, ATT, DEF, KING = 0, 1, 2, 3
LETTER_CODE = {"t": ATT, "T": DEF, "K": KING}
IGNORED_LETTERS = set("cnkmgCNMG")   # pieces Regalia does not play (ignored in piece lists)
ALL_PIECES = frozenset((ATT, DEF, KING))

NAMED = {
    # docs/rules/tafl.md#named-rule-sets.
    "default": "dim:11 surf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    # OpenTafl's own rules strings for its built-in variants, as OpenTafl 0.4.8.0b prints them
    # (RulesSerializer.getRulesRecord; extracted to /work/opentafl-build/rules-strings.txt).
    "fetlar": "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "copenhagen": "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "brandubh": "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "tablut": "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
}


class RulesError(ValueError):
    """A rules string, position or move the contract does not accept."""


def files_name(f):
    return "abcdefghijklmnopqrs"[f]


def square_name(n, sq):
    return files_name(sq % n) + str(sq // n + 1)


def parse_square(n, text):
    text = text.strip()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise RulesError(f"bad square {text!r}")
    f = ord(text[0].lower()) - ord("a")
    r = int(text[1:]) - 1
    if not (0 <= f < n and 0 <= r < n):
        raise RulesError(f"square {text!r} is off the {n}x{n} board")
    return r * n + f


def parse_move(n, text):
    """'a4a2' -> (from, to)."""
    text = text.strip()
    i = 1
    while i < len(text) and text[i].isdigit():
        i += 1
    return parse_square(n, text[:i]), parse_square(n, text[i:])


def move_name(n, move):
    return square_name(n, move[0]) + square_name(n, move[1])


def side_of(code):
    return "a" if code == ATT else "d"


def other(side):
    return "d" if side == "a" else "a"


# ----------------------------------------------------------------------------------------
# Rules strings


def parse_piece_list(key, value):
    out = set()
    for c in value:
        if c in LETTER_CODE:
            out.add(LETTER_CODE[c])
        elif c in IGNORED_LETTERS:
            continue
        else:
            raise RulesError(f"{key}: unknown piece letter {c!r}")
    return frozenset(out)


def parse_opentafl_record(n, record, inverted=False):
    """An OpenTafl position record ('/' then rows from rank 1, each ended by '/'); returns the
    flat board. With inverted (starti:), the rows run from the top rank down."""
    if not record.startswith("/"):
        raise RulesError(f"a position record starts with '/': {record!r}")
    rows = record[1:].split("/")
    if rows and rows[-1] == "":
        rows.pop()
    else:
        raise RulesError("every row of a position record ends with '/'")
    if len(rows) != n:
        raise RulesError(f"the position record has {len(rows)} rows, the board {n}")
    if inverted:
        rows.reverse()
    board = [EMPTY] * (n * n)
    for r, row in enumerate(rows):
        f = 0
        num = ""
        for c in row + "/":
            if c.isdigit():
                num += c
                continue
            if num:
                f += int(num)
                num = ""
            if c == "/":
                break
            if c in LETTER_CODE:
                if f >= n:
                    raise RulesError(f"row {r + 1} of the position record is too long")
                board[r * n + f] = LETTER_CODE[c]
                f += 1
            elif c in IGNORED_LETTERS:
                raise RulesError(f"unsupported piece {c!r} in the position record "
                                 "(only t, T and K are played)")
            else:
                raise RulesError(f"bad character {c!r} in the position record")
        if f != n:
            raise RulesError(f"row {r + 1} of the position record has {f} squares, not {n}")
    kings = board.count(KING)
    if kings != 1:
        raise RulesError(f"the position has {kings} kings; exactly one is required")
    return board


class Rules:
    """A parsed rules string, with the per-square tables move generation needs."""

    def __init__(self, text):
        self.text = text
        entries = text.split()
        if not entries:
            raise RulesError("empty rules string")
        kv = []
        for e in entries:
            if ":" not in e:
                raise RulesError(f"rules entry without ':': {e!r}")
            k, _, v = e.partition(":")
            kv.append((k, v))
        if kv[0][0] != "dim":
            raise RulesError("the rules string must start with dim:")
        if kv[-1][0] not in ("start", "starti"):
            raise RulesError("the rules string must end with start: or starti:")
        for k, _ in kv[:-1]:
            if k in ("start", "starti"):
                raise RulesError("start:/starti: must be the last entry and appear once")
        d = {}
        for k, v in kv:
            d[k] = v
        try:
            n = int(d["dim"])
        except ValueError:
            raise RulesError(f"dim: {d['dim']!r} is not a number") from None
        if n % 2 == 0 or not 7 <= n <= 13:
            raise RulesError(f"dim:{n} unsupported (odd, 7 to 13)")
        self.n = n
        nn = n * n

        def yn(key, default):
            v = d.get(key, default)
            if v not in ("y", "n"):
                raise RulesError(f"{key}:{v} unsupported (y or n)")
            return v == "y"

        def choice(key, default, allowed, alias=None):
            v = d.get(key, default)
            if alias and v in alias:
                v = alias[v]
            if v not in allowed:
                raise RulesError(f"{key}:{v} unsupported (one of {', '.join(allowed)})")
            return v

        def square_list(key, default):
            if key not in d:
                return default
            out = set()
            for s in d[key].split(","):
                if s.strip():
                    out.add(parse_square(n, s))
            return frozenset(out)

        def plist(key, default):
            if key not in d:
                return frozenset(default)
            return parse_piece_list(key, d[key])

        self.esc = choice("esc", "c", ("c", "e"))
        self.surf = yn("surf", "y")
        self.atkf = yn("atkf", "y")
        self.tfr = choice("tfr", "d", ("d", "i", "l", "w"))
        self.ka = choice("ka", "y", ("y", "n", "a", "h"))
        self.ks = choice("ks", "s", ("s", "m", "w", "c"), {"y": "s", "n": "w"})
        if d.get("kj", "n") != "n":
            raise RulesError(f"kj:{d['kj']} unsupported (only n)")
        if d.get("ber", "n") != "n":
            raise RulesError(f"ber:{d['ber']} unsupported (only n)")
        self.linc = yn("linc", "n")
        spd = d.get("spd", "-1")
        # Only "no speed limit": -1, or a list whose every entry is -1 (the same meaning).
        if not spd or any(x.strip() != "-1" for x in spd.split(",") if x.strip()) \
                or not any(x.strip() for x in spd.split(",")):
            raise RulesError(f"spd:{spd} unsupported (only -1)")
        for key in ("afor", "dfor"):
            if key in d and any(s.strip() for s in d[key].split(",")):
                raise RulesError(f"{key}:{d[key]} unsupported (only the empty list)")
        physical = frozenset((0, n - 1, nn - n, nn - 1))
        self.corners = square_list("cor", physical)
        mid = (n // 2) * n + n // 2
        self.centres = square_list("cen", frozenset((mid,)))
        self.cors = plist("cors", (KING,))
        self.cens = plist("cens", (KING,))
        self.corp = plist("corp", (KING,))
        self.cenp = plist("cenp", ALL_PIECES)
        self.corre = plist("corre", ALL_PIECES)
        self.cenre = plist("cenre", ALL_PIECES)
        self.corh = plist("corh", ALL_PIECES)
        self.cenhe = plist("cenhe", ALL_PIECES)
        self.cenh = plist("cenh", (ATT,))
        self.efe = yn("efe", "n")
        self.sw = choice("sw", "n", ("n", "s", "w"))
        self.swf = yn("swf", "y")
        key, rec = kv[-1]
        self.start = parse_opentafl_record(n, rec, inverted=(key == "starti"))
        self.first = "a" if self.atkf else "d"
        self._tables()

    def _tables(self):
        n = self.n
        nn = n * n
        self.is_corner = [sq in self.corners for sq in range(nn)]
        self.is_centre = [sq in self.centres for sq in range(nn)]
        self.special = [self.is_corner[sq] or self.is_centre[sq] for sq in range(nn)]
        self.on_edge = [(sq % n in (0, n - 1)) or (sq // n in (0, n - 1)) for sq in range(nn)]
        # rays[sq] = four lists of squares, in the directions +file, -file, +rank, -rank
        self.rays = []
        self.nbrs = []
        for sq in range(nn):
            f, r = sq % n, sq // n
            rs = []
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                ray = []
                x, y = f + df, r + dr
                while 0 <= x < n and 0 <= y < n:
                    ray.append(y * n + x)
                    x, y = x + df, y + dr
                rs.append(ray)
            self.rays.append(rs)
            self.nbrs.append([ray[0] for ray in rs if ray])
        # next to a centre square (for ks:c)
        near = [False] * nn
        for c in self.centres:
            near[c] = True
            for x in self.nbrs[c]:
                near[x] = True
        self.near_centre = near
        # the king is weak (captured by two) where
        if self.ks == "w":
            self.king_weak = [True] * nn
        elif self.ks == "c":
            self.king_weak = [not near[sq] for sq in range(nn)]
        else:
            self.king_weak = [False] * nn
        # per piece code: may stop on / pass over a corner / centre, starting off it or on it
        self.move_rights = {}
        for p in (ATT, DEF, KING):
            for on_cor in (False, True):
                for on_cen in (False, True):
                    cre = on_cor or p in self.corre
                    ene = on_cen or p in self.cenre
                    self.move_rights[(p, on_cor, on_cen)] = (
                        p in self.cors and cre, p in self.corp and cre,
                        p in self.cens and ene, p in self.cenp and ene)
        # edges for the shieldwall: (line of squares along the edge, inward step)
        self.edges = [
            ([f for f in range(n)], n),                       # rank 1
            ([(n - 1) * n + f for f in range(n)], -n),        # rank n
            ([r * n for r in range(n)], 1),                   # file a
            ([r * n + n - 1 for r in range(n)], -1),          # last file
        ]


def rules_from(arg):
    arg = arg.strip()
    if arg in NAMED:
        return Rules(NAMED[arg])
    if ":" not in arg:
        raise RulesError(f"unknown named rule set {arg!r} (known: {', '.join(NAMED)})")
    return Rules(arg)


# ----------------------------------------------------------------------------------------
# Positions


def parse_regalia(text):
    """Regalia's position string -> (n, board, side)."""
    board_text, _, side = text.strip().partition(" ")
    side = side.strip()
    if side not in ("a", "d"):
        raise RulesError(f"side to move must be 'a' or 'd', not {side!r}")
    rows = board_text.split("/")
    n = len(rows)
    if n % 2 == 0 or not 7 <= n <= 13:
        raise RulesError(f"{n} ranks: unsupported board size")
    board = [EMPTY] * (n * n)
    for i, row in enumerate(rows):
        r = n - 1 - i
        f = 0
        num = ""
        for c in row + " ":
            if c.isdigit():
                num += c
                continue
            if num:
                f += int(num)
                num = ""
            if c == " ":
                break
            if c not in "adk":
                raise RulesError(f"bad character {c!r} in rank {r + 1}")
            if f >= n:
                raise RulesError(f"rank {r + 1} is too long")
            board[r * n + f] = {"a": ATT, "d": DEF, "k": KING}[c]
            f += 1
        if f != n:
            raise RulesError(f"rank {r + 1} has {f} squares, not {n}")
    if board.count(KING) != 1:
        raise RulesError("exactly one king is required")
    return n, board, side


def to_regalia(n, board, side):
    rows = []
    for r in range(n - 1, -1, -1):
        row, run = "", 0
        for f in range(n):
            c = board[r * n + f]
            if c == EMPTY:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += ".adk"[c]
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + " " + side


def to_opentafl(n, board, inverted=False):
    """The OpenTafl position record of a board (rank 1 first; top rank first if inverted)."""
    rows = []
    for r in range(n):
        row, run = "", 0
        for f in range(n):
            c = board[r * n + f]
            if c == EMPTY:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += ".tTK"[c]
        if run:
            row += str(run)
        rows.append(row)
    if inverted:
        rows.reverse()
    return "/" + "".join(row + "/" for row in rows)


def diagram(n, board):
    """A board picture, top rank first (for reading positions by eye)."""
    lines = []
    for r in range(n - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + " ".join(".tTK"[board[r * n + f]] for f in range(n)))
    lines.append("   " + " ".join(files_name(f) for f in range(n)))
    return "\n".join(lines)


def position_from(rules, text):
    """'start', a Regalia position string, or an OpenTafl record [side] -> (board, side)."""
    text = text.strip()
    if text == "start":
        return rules.start[:], rules.first
    inverted = False
    for prefix in ("start:", "starti:"):
        if text.startswith(prefix):
            inverted = prefix == "starti:"
            text = text[len(prefix):]
    if text.startswith("/"):
        rec, _, side = text.partition(" ")
        side = {"": rules.first, "a": "a", "d": "d", "attackers": "a",
                "defenders": "d"}.get(side.strip())
        if side is None:
            raise RulesError("side to move after an OpenTafl record: a or d")
        return parse_opentafl_record(rules.n, rec, inverted), side
    n, board, side = parse_regalia(text)
    if n != rules.n:
        raise RulesError(f"the position is {n}x{n}, the rules say dim:{rules.n}")
    return board, side


def build(n, side, king, attackers=(), defenders=()):
    """A Regalia position string from square names (helpers for the suite generators)."""
    board = [EMPTY] * (n * n)
    board[parse_square(n, king)] = KING
    for group, code in ((attackers, ATT), (defenders, DEF)):
        if isinstance(group, str):
            group = group.split()
        for s in group:
            sq = parse_square(n, s)
            if board[sq] != EMPTY:
                raise RulesError(f"{s} given twice")
            board[sq] = code
    return to_regalia(n, board, side)


# ----------------------------------------------------------------------------------------
# Moves


def gen_moves(R, board, side, only=None):
    """Legal moves of `side` (the position is assumed to have no result)."""
    out = []
    append = out.append
    rays = R.rays
    special = R.special
    is_corner = R.is_corner
    is_centre = R.is_centre
    rights = R.move_rights
    if side == "a":
        mine = (ATT,)
    else:
        mine = (DEF, KING)
    for sq in range(len(board)) if only is None else only:
        p = board[sq]
        if p not in mine:
            continue
        stop_cor, pass_cor, stop_cen, pass_cen = rights[(p, is_corner[sq], is_centre[sq])]
        for ray in rays[sq]:
            for t in ray:
                if board[t]:
                    break
                if not special[t]:
                    append((sq, t))
                    continue
                stop = passable = True
                if is_corner[t]:
                    stop = stop_cor
                    passable = pass_cor
                if is_centre[t]:
                    stop = stop and stop_cen
                    passable = passable and pass_cen
                if stop:
                    append((sq, t))
                if not passable:
                    break
    return out


# ----------------------------------------------------------------------------------------
# Captures and results


def hostile(R, board, w, code):
    """Is square w hostile to a piece of `code` (the far side of its capture)?"""
    q = board[w]
    if q:
        if (q == ATT) != (code == ATT):              # a piece of the other side
            if q != KING or R.ka in ("y", "a"):
                return True
        if R.is_centre[w] and code in R.cenh:       # an occupied centre square
            return True
        return False
    if R.is_corner[w] and code in R.corh:           # an empty corner
        return True
    if R.is_centre[w] and code in R.cenhe:          # an empty centre square
        return True
    return False


def king_enclosed(R, board, k):
    """The strong (s, m, or c near the centre) king's capture test: every neighbour is an
    attacker or an empty corner with K in corh or an empty centre with K in cenhe; off the
    board never closes (s, c) or always closes (m)."""
    n = R.n
    if R.on_edge[k] and R.ks != "m":
        return False
    f = k % n
    for t, ok in ((k + 1, f < n - 1), (k - 1, f > 0), (k + n, k + n < n * n), (k - n, k - n >= 0)):
        if not ok:
            continue            # off the board: only reached with ks:m, counts as closed
        q = board[t]
        if q == ATT:
            continue
        if q == EMPTY and ((R.is_corner[t] and KING in R.corh) or
                           (R.is_centre[t] and KING in R.cenhe)):
            continue
        return False
    return True


def linnaean(R, b, to):
    """linc:y: the defender next to the attacker that moved to `to`, with the king on a centre
    square beyond it and the king's three other neighbours attackers (all four of the king's
    neighbours on the board); its square, or None."""
    for ray in R.rays[to]:
        if len(ray) < 2:
            continue
        v, w = ray[0], ray[1]
        if b[v] != DEF or b[w] != KING or not R.is_centre[w]:
            continue
        ks = R.nbrs[w]
        if len(ks) == 4 and all(b[x] == ATT for x in ks if x != v):
            return v
    return None


def escaped(R, k):
    if R.esc == "c":
        return R.is_corner[k]
    return R.on_edge[k]


def encircled(R, board):
    """surf: no defender and not the king reaches the edge through squares without attackers."""
    nn = len(board)
    seen = [False] * nn
    stack = [sq for sq in range(nn) if R.on_edge[sq] and board[sq] != ATT]
    for sq in stack:
        seen[sq] = True
    nbrs = R.nbrs
    while stack:
        sq = stack.pop()
        if board[sq] != EMPTY:
            return False          # a defender or the king (attackers are never pushed)
        for t in nbrs[sq]:
            if not seen[t] and board[t] != ATT:
                seen[t] = True
                stack.append(t)
    return True


def edge_fort(R, board, k):
    """efe: the king on the edge, with a move, in a fort F whose walls can never be taken."""
    if not R.on_edge[k]:
        return False
    if not gen_moves(R, board, "d", only=(k,)):
        return False
    nbrs = R.nbrs
    fort = {k}
    stack = [k]
    while stack:
        sq = stack.pop()
        for t in nbrs[sq]:
            if t not in fort and board[t] == EMPTY:
                fort.add(t)
                stack.append(t)
    walls = set()
    for sq in fort:
        for t in nbrs[sq]:
            if t in fort:
                continue
            if board[t] == ATT:
                return False
            if board[t] == DEF:
                walls.add(t)
    n = R.n
    W = {sq for sq in range(len(board)) if board[sq] == DEF}

    def safe(t):
        # the square beside a defender: off the board (handled by the caller), in F, or a
        # defender still in W; corner squares and the empty centre are never safe.
        if R.is_corner[t]:
            return False
        if R.is_centre[t] and board[t] == EMPTY:
            return False
        return t in fort or t in W

    changed = True
    while changed:
        changed = False
        for sq in list(W):
            f = sq % n
            lines = (((sq - 1) if f > 0 else None, (sq + 1) if f < n - 1 else None),
                     ((sq - n) if sq >= n else None, (sq + n) if sq + n < n * n else None))
            for a, b in lines:
                if a is not None and b is not None and not safe(a) and not safe(b):
                    W.discard(sq)
                    changed = True
                    break
    return walls <= W


def shieldwall(R, board, side, to):
    """Shieldwall rows of the side other than `side` captured by `side`'s move to `to`;
    returns the squares taken (not the king)."""
    if side == "a":
        theirs = (DEF, KING)
        ours = (ATT,)
    else:
        theirs = (ATT,)
        ours = (DEF, KING) if R.ka != "n" else (DEF,)
    strong = R.sw == "s"
    taken = []
    for line, inward in R.edges:
        m = len(line)
        i = 0
        while i < m:
            if board[line[i]] not in theirs:
                i += 1
                continue
            j = i
            while j + 1 < m and board[line[j + 1]] in theirs:
                j += 1
            first, last = i, j
            i = j + 1
            if last - first < 1:
                continue                 # a row is two or more squares
            if first == 0 or last == m - 1:
                continue                 # an end of the run is off the board: no bracket
            run = line[first:last + 1]
            b1, b2 = line[first - 1], line[last + 1]
            if not all((board[b] in ours) or (strong and R.is_corner[b]) for b in (b1, b2)):
                continue
            fronts = [sq + inward for sq in run]
            if not all(board[x] in ours for x in fronts):
                continue
            if to == b1 or to == b2 or (not R.swf and to in fronts):
                taken.extend(sq for sq in run if board[sq] != KING)
    return taken


def apply_move(R, board, side, move):
    """Apply a legal move. Returns (new board, captured taflmen's squares, the king captured
    (True/False), result or None), where the result ('attackers', 'defenders') comes from the
    king's capture or escape, the edge fort and encirclement (not from the next side's lack of
    moves: see result_after). A captured king stays on the board: the game is over."""
    fr, to = move
    b = board[:]
    p = b[fr]
    b[fr] = EMPTY
    b[to] = p
    captured = []
    king_taken = False
    if p != KING or R.ka in ("y", "h"):
        for ray in R.rays[to]:
            if len(ray) < 2:
                continue
            v, w = ray[0], ray[1]
            q = b[v]
            if side == "a":
                if q == DEF:
                    if hostile(R, b, w, DEF):
                        captured.append(v)
                elif q == KING and R.king_weak[v]:
                    if hostile(R, b, w, KING):
                        king_taken = True
            elif q == ATT and hostile(R, b, w, ATT):
                captured.append(v)
        if side == "a" and R.linc:
            v = linnaean(R, b, to)
            if v is not None and v not in captured:
                captured.append(v)
        for v in captured:
            b[v] = EMPTY
    if R.sw != "n":
        more = sorted(set(shieldwall(R, b, side, to)))
        for v in more:
            b[v] = EMPTY
        captured.extend(more)
    captured.sort()
    k = b.index(KING)
    result = None
    if side == "a":
        # docs/rules/tafl.md (revised 2026-12-04): the strong king falls only to an attacker landing
        # on one of his neighbours; one who walked into an enclosure survives moves elsewhere.
        if (not king_taken and not R.king_weak[k] and to in R.nbrs[k]
                and king_enclosed(R, b, k)):
            king_taken = True
        if king_taken:
            result = "attackers"
        elif escaped(R, k):
            result = "defenders"
        elif R.surf and encircled(R, b):
            result = "attackers"
    else:
        if escaped(R, k):
            result = "defenders"
        elif R.efe and edge_fort(R, b, k):
            result = "defenders"
    return b, captured, king_taken, result


def play(R, board, side, move):
    """apply_move without the king flag: (new board, captured squares, result or None)."""
    b, captured, _, result = apply_move(R, board, side, move)
    return b, captured, result


def given_result(R, board, side):
    """The result of a position given as it stands (before its side to move moves): the last
    move was the other side's. A king on a corner (or the edge with esc:e) has escaped; with the
    defenders to move a strong king enclosed is captured and encirclement counts; with the
    attackers to move an edge fort counts. (A weak king between two attackers is not taken:
    nobody can say the attacker just moved there.) No legal move for the side to move loses."""
    k = board.index(KING)
    if escaped(R, k):
        return "defenders"
    if side == "d":
        if not R.king_weak[k] and king_enclosed(R, board, k):
            return "attackers"
        if R.surf and encircled(R, board):
            return "attackers"
    elif R.efe and edge_fort(R, board, k):
        return "defenders"
    return None


def no_move_result(R, board, side):
    if not gen_moves(R, board, side):
        return "defenders" if side == "a" else "attackers"
    return None


def result_after(R, board, side, move):
    """(board, captured, king captured, result) of the move, the result including the next
    side having no legal move (it loses)."""
    b, captured, king_taken, result = apply_move(R, board, side, move)
    if result is None:
        result = no_move_result(R, b, other(side))
    return b, captured, king_taken, result


# ----------------------------------------------------------------------------------------
# Perft


def perft(R, board, side, depth, result=None):
    """Leaves of the legal-move tree; a position with a result has no moves."""
    if depth == 0:
        return 1
    if result:
        return 0
    ms = gen_moves(R, board, side)
    if depth == 1:
        return len(ms)
    nxt = other(side)
    total = 0
    for m in ms:
        b, _, res = play(R, board, side, m)
        total += perft(R, b, nxt, depth - 1, res)
    return total


def perft_root(R, board, side, depth):
    return perft(R, board, side, depth, given_result(R, board, side))


def divide(R, board, side, depth):
    """[(move text, count)] for each root move, sorted by move text order of squares."""
    if given_result(R, board, side) or depth < 1:
        return []
    out = []
    for m in sorted(gen_moves(R, board, side)):
        b, _, res = play(R, board, side, m)
        out.append((move_name(R.n, m), perft(R, b, other(side), depth - 1, res)))
    return out


def main(argv):
    moves = False
    args = list(argv)
    if "--moves" in args:
        args.remove("--moves")
        moves = True
    if len(args) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        R = rules_from(args[0])
        board, side = position_from(R, args[1])
        depth = int(args[2])
    except (RulesError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if moves:
        rows = divide(R, board, side, depth)
        for text, count in rows:
            print(f"{text}: {count}")
        print()
        total = sum(c for _, c in rows) if depth >= 1 else 1
        print(f"Nodes searched: {total}")
    else:
        print(perft_root(R, board, side, depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
