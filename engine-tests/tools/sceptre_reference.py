#!/usr/bin/env python3
"""An independent rules reference for Sceptre 1027 A.D. (docs/rules/sceptre1027.md).

Written from the rulebook, the project's rulings (now docs/rules/sceptre1027.md) and the position-string design (now protocol.md#sceptre-position-string) alone; it
shares no code with the engine. A plain mailbox: every pseudo-legal move is made on a copy and
kept when the mover's king is not left attacked by an active opponent; attacks are tested by
walking back from the king and re-running the attacker's own move rule, and (in selftest)
cross-checked against "generate every capture of every opponent piece".

    python3 sceptre_reference.py perft DEPTH 'POSITION' [MOVE...]  # divide, as `go perft N`
    python3 sceptre_reference.py moves 'POSITION'          # the legal moves, one a line
    python3 sceptre_reference.py play 'POSITION' MOVE...   # the position after the moves
    python3 sceptre_reference.py suite                     # crafted positions with counts
    python3 sceptre_reference.py selftest                  # own checks

Counted by hand (and asserted by selftest): perft 1 of every crafted position of the suite
(see the counts in their comments, e.g. fig12-1: 14, pawn and rivers: 38, holes: 42, four
players: 39 and 42), perft 2 of three of them (set-up in progress 130, king across the corner
23, checkmated white's king-only moves 95) and perft 1-6 of the set-up from the start
(8, 64, 192, 576, 1536, 3840).  perft/sceptre1027.epd is the output of `suite`.

Readings of points the texts leave open are listed in READINGS below (and printed by
`python3 sceptre_reference.py readings`).
"""
import random
import re
import sys

READINGS = """
* A step (of any piece but the knight) is legal whenever its target square exists; a diagonal
  step is never blocked by its two orthogonal neighbours, so it crosses a corner where two
  boards touch only at that corner.  Knights look only at the landing square.
* Limited sliders (rook/ruin, bishop/forest): "a move may enter a limited square only with its
  first step and ends on the first limited square it enters" also covers a piece that starts
  on limited terrain: its first step may go to another limited square (and stops there) or off
  the limited terrain (and slides on, never entering limited terrain again).  Captures onto a
  limited square are therefore possible only at distance one.
* Pawn in a ruin: a pawn that starts in a ruin may step on ruin squares for as long as it has
  not yet stepped off ruin terrain in this move; once off, it may not enter a ruin again in the
  same move ("another ruin").  A pawn not starting in a ruin enters one only with step 1.
* Pawn and river: entering a river from other terrain (on any of the three steps) ends the
  move there.  From a river: a normal move whose first step is onto non-river terrain, or one
  step to an orthogonally adjacent empty river square (any direction).
* Pawn capture = one diagonal-forward step onto an enemy piece, under the same terrain rules:
  never into a pond, never river to river; into a ruin or a river it is a first step, so it is
  allowed.
* Forward of a piece is fixed by the seat of its original colour; seats follow the number of
  players listed (2: b south, w north; 3: b south, w west, r north; 4: and g east).
* Promotion rank = the outer rank (file, for west/east) of the terrain grid in the pawn's
  forward direction.  Terrain fields whose outer rank or file is all holes are refused, so the
  grid is the field's bounding box.  One promotion move per piece type present in the pawn's
  own colour's pool.  The pawn that promotes does not enter a pool.  On a capture-promotion
  the captured piece is pooled first (it can never be of the pawn's colour anyway).
* "Gives check" (checks field) = after the move the mover attacks the king of at least one
  other playing player.  A withdrawal is not a move and leaves the runs alone, except that
  runs of players no longer playing are dropped.  Placements never give check.
* Three or more players playing, no legal move while in check: the moves are every
  pseudo-legal move of the pieces other than the king; if there is none, every pseudo-legal
  king move (all of them onto attacked squares); if there is none of those either, he
  withdraws.  Not in check and no legal move: he withdraws.  Two players playing and no legal
  move: the game is over (mate or draw), the position has no moves.  Fewer than two playing:
  game over, no moves.
* Capturing the king of a withdrawn player only removes it: he stays withdrawn ("=") with his
  inert pieces.  Capturing the king of a playing player eliminates him ("x") and every piece he
  owns passes to the capturer.  Captures of inert pieces are pooled like any other.
* Set-up: the next placer is the next player in seat order (cyclically, after the one who
  placed) who still has pieces to place; when nobody has, the set-up field becomes "-" and black
  is to move.  "A placement attacks an enemy king" = the placed piece could capture a king of
  another player already on the board.  A king may not be placed where a piece of any other
  player could capture it.  The second-bishop rule looks at the player's own bishop already on
  the board.  A player to place with no legal placement has no moves (perft counts 0 there).
* A kingdom is the 8x8 box at its corner; the box must lie inside the field, its holes are
  simply unusable; several players may name the same board (tiny test fields).
* Reading is lenient about order (pieces, kingdoms, pools, checks in any order, the letters
  of a list in any order, an explicit colour equal to the owner) and strict about everything
  else: pieces on a hole or on terrain the piece may not stand on, pieces of a player not
  eliminated owned by someone else, kings changing owner, eliminated players owning pieces,
  playing players without a king, a set-up field with nothing left or missing a player, more
  pieces than a full set during set-up, pools or checks during set-up are all refused.  Writing
  is canonical (seat order, KQRBNP / QRBNP letter order, pieces by rank then file, runs of 2+
  equal terrain letters counted), so reading and writing a canonical string gives it back.
"""

# ---------------------------------------------------------------------------------------------
# Constants

COLOURS = "bwrg"
PIECES = "KQRBNP"
FULL_SET = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 8}
POOL_ORDER = "QRBNP"
POOL_IDX = {t: i for i, t in enumerate(POOL_ORDER)}
TERRAIN_LETTERS = "mfrpbc"          # meadow forest river pond bridge castle-ruin; '-' is a hole
MEADOW, FOREST, RIVER, POND, BRIDGE, RUIN = range(6)
OPEN, LIMITED, BANNED = 0, 1, 2
O, L, X = OPEN, LIMITED, BANNED
#            meadow forest river pond bridge ruin
TABLE = {
    "K": (O, O, X, X, O, X),
    "Q": (O, O, X, X, O, X),
    "R": (O, X, X, X, O, L),
    "B": (O, L, X, X, O, X),
    "N": (O, O, O, O, O, X),
    "P": (O, O, L, X, O, L),
}
SEATS = {2: "SN", 3: "SWN", 4: "SWNE"}
FORWARD = {"S": (0, 1), "W": (1, 0), "N": (0, -1), "E": (-1, 0)}
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
DIR_IDX = {d: i for i, d in enumerate(DIRS)}
OPP = [DIR_IDX[(-a, -b)] for a, b in DIRS]
ORTH = (0, 1, 2, 3)
DIAG = (4, 5, 6, 7)
ALL8 = tuple(range(8))
KNIGHT = [(3, 0), (-3, 0), (0, 3), (0, -3), (3, 3), (3, -3), (-3, 3), (-3, -3),
          (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def pawn_dirs(seat):
    """(forward, diag1, diag2, side1, side2, backward) direction indices for a seat."""
    fx, fy = FORWARD[seat]
    sx, sy = fy, fx          # perpendicular (as a set both signs are used)
    return (DIR_IDX[(fx, fy)], DIR_IDX[(fx + sx, fy + sy)], DIR_IDX[(fx - sx, fy - sy)],
            DIR_IDX[(sx, sy)], DIR_IDX[(-sx, -sy)], DIR_IDX[(-fx, -fy)])


PAWN_DIRS = {n: [pawn_dirs(s) for s in SEATS[n]] for n in SEATS}


class PositionError(ValueError):
    pass


# ---------------------------------------------------------------------------------------------
# Squares

def file_name(f):
    n, s = f + 1, ""
    while n:
        n, rem = divmod(n - 1, 26)
        s = chr(97 + rem) + s
    return s


SQ_RE = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def parse_square_fr(text):
    m = SQ_RE.match(text)
    if not m:
        raise PositionError("bad square %r" % text)
    n = 0
    for c in m.group(1):
        n = n * 26 + (ord(c) - 96)
    return n - 1, int(m.group(2)) - 1


# ---------------------------------------------------------------------------------------------
# The field (terrain) and its adjacency

class Field:
    def __init__(self, width, height, cells):
        self.W, self.H, self.cells = width, height, cells
        n = width * height
        self.nbr = []
        for df, dr in DIRS:
            row = [-1] * n
            for s in range(n):
                if cells[s] is None:
                    continue
                f, r = s % width + df, s // width + dr
                if 0 <= f < width and 0 <= r < height and cells[r * width + f] is not None:
                    row[s] = r * width + f
            self.nbr.append(row)
        self.knight = []
        for s in range(n):
            lst = []
            if cells[s] is not None:
                for df, dr in KNIGHT:
                    f, r = s % width + df, s // width + dr
                    if 0 <= f < width and 0 <= r < height and cells[r * width + f] is not None:
                        lst.append(r * width + f)
            self.knight.append(lst)

    def name(self, s):
        return file_name(s % self.W) + str(s // self.W + 1)

    def square(self, text):
        f, r = parse_square_fr(text)
        if f >= self.W or r >= self.H:
            raise PositionError("square %s is outside the field (%d files x %d ranks)"
                                % (text, self.W, self.H))
        return r * self.W + f

    def terrain_text(self):
        rows = []
        for r in range(self.H - 1, -1, -1):
            out, prev, run = [], None, 0
            for f in range(self.W):
                c = self.cells[r * self.W + f]
                ch = "-" if c is None else TERRAIN_LETTERS[c]
                if ch == prev:
                    run += 1
                else:
                    if prev is not None:
                        out.append((str(run) if run > 1 else "") + prev)
                    prev, run = ch, 1
            out.append((str(run) if run > 1 else "") + prev)
            rows.append("".join(out))
        return "/".join(rows)


TERRAIN_TOKEN = re.compile(r"([1-9][0-9]*)?([mfrpbc-])")


def parse_terrain(text):
    ranks = text.split("/")
    if not 1 <= len(ranks) <= 72:
        raise PositionError("terrain: %d ranks (1 to 72 allowed)" % len(ranks))
    rows = []
    for i, rk in enumerate(ranks):
        pos, row = 0, []
        while pos < len(rk):
            m = TERRAIN_TOKEN.match(rk, pos)
            if not m:
                raise PositionError("terrain: bad text %r in rank %d" % (rk[pos:], len(ranks) - i))
            cnt = int(m.group(1)) if m.group(1) else 1
            if cnt > 72:
                raise PositionError("terrain: count %d too large" % cnt)
            row.extend([m.group(2)] * cnt)
            pos = m.end()
        rows.append(row)
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise PositionError("terrain: rank %d has %d squares, rank %d has %d"
                                % (len(ranks) - i, len(row), len(ranks), width))
    if not 1 <= width <= 72:
        raise PositionError("terrain: width %d (1 to 72 allowed)" % width)
    height = len(rows)
    cells = [None] * (width * height)
    for i, row in enumerate(rows):
        r = height - 1 - i
        for f, ch in enumerate(row):
            cells[r * width + f] = None if ch == "-" else TERRAIN_LETTERS.index(ch)
    if all(c is None for c in cells):
        raise PositionError("terrain: the field has no squares")
    # The grid must be the field's bounding box (a1 at its south-west corner).
    for label, idx in (("top rank", [(height - 1) * width + f for f in range(width)]),
                       ("bottom rank", list(range(width))),
                       ("left file", [r * width for r in range(height)]),
                       ("right file", [r * width + width - 1 for r in range(height)])):
        if all(cells[s] is None for s in idx):
            raise PositionError("terrain: the %s is all holes (the grid must be the field's "
                                "bounding box)" % label)
    return Field(width, height, cells)


# ---------------------------------------------------------------------------------------------
# Positions

class Pos:
    __slots__ = ("geo", "n", "board", "states", "tomove", "kingdoms", "setup", "pools",
                 "checks", "kings")

    def copy(self):
        p = Pos.__new__(Pos)
        p.geo, p.n, p.kingdoms = self.geo, self.n, self.kingdoms
        p.board = self.board[:]
        p.states = self.states[:]
        p.tomove = self.tomove
        p.setup = None if self.setup is None else self.setup[:]
        p.pools = self.pools[:]
        p.checks = self.checks[:]
        p.kings = self.kings[:]
        return p

    def key(self):
        return (tuple(self.board), tuple(self.states), self.tomove,
                None if self.setup is None else tuple(self.setup), tuple(self.pools),
                tuple(self.checks))


def canon_letters(letters, order):
    return "".join(sorted(letters, key=order.index))


PIECE_RE = re.compile(r"^([KQRBNP])([bwrg])([bwrg]?)@([a-z]+[0-9]+)$")


def parse_position(text):
    if not isinstance(text, str):
        raise PositionError("position must be text")
    fields = text.split(" ")
    if len(fields) != 8 or any(f == "" for f in fields):
        raise PositionError("position needs 8 fields separated by single spaces, got %d"
                            % len([f for f in text.split() if f]))
    t_terrain, t_pieces, t_players, t_tomove, t_kingdoms, t_setup, t_pools, t_checks = fields
    geo = parse_terrain(t_terrain)
    cells = geo.cells

    # players
    plist = t_players.split(",")
    if not 2 <= len(plist) <= 4:
        raise PositionError("players: 2 to 4 players, got %d" % len(plist))
    states = []
    for i, item in enumerate(plist):
        if len(item) != 2 or item[0] != COLOURS[i] or item[1] not in "+x=":
            raise PositionError("players: item %d is %r, expected %s followed by + x or ="
                                % (i + 1, item, COLOURS[i]))
        states.append(item[1])
    n = len(states)
    colours = COLOURS[:n]

    def colour_index(ch, where):
        if ch not in colours:
            raise PositionError("%s: colour %r is not a player of this game" % (where, ch))
        return colours.index(ch)

    # pieces
    board = [None] * (geo.W * geo.H)
    if t_pieces != "-":
        for item in t_pieces.split(","):
            m = PIECE_RE.match(item)
            if not m:
                raise PositionError("pieces: bad item %r (expected like Kb@e1 or Pwb@c5)" % item)
            typ = m.group(1)
            owner = colour_index(m.group(2), "pieces")
            colour = colour_index(m.group(3), "pieces") if m.group(3) else owner
            s = geo.square(m.group(4))
            if cells[s] is None:
                raise PositionError("pieces: %s stands on a hole (%s)" % (item, m.group(4)))
            if board[s] is not None:
                raise PositionError("pieces: two pieces on %s" % m.group(4))
            if TABLE[typ][cells[s]] == BANNED:
                raise PositionError("pieces: %s cannot stand on %s terrain"
                                    % (item, ["meadow", "forest", "river", "pond", "bridge",
                                              "castle ruin"][cells[s]]))
            if typ == "K" and colour != owner:
                raise PositionError("pieces: %s: a king never changes owner" % item)
            board[s] = (typ, owner, colour)

    # to move
    if t_tomove not in colours:
        raise PositionError("to-move: %r is not a player of this game" % t_tomove)
    tomove = colours.index(t_tomove)
    if states[tomove] != "+":
        raise PositionError("to-move: %s is not playing" % t_tomove)

    # kingdoms
    kingdoms = [None] * n
    for item in t_kingdoms.split(","):
        m = re.match(r"^([a-z])@([a-z]+[0-9]+)$", item)
        if not m:
            raise PositionError("kingdoms: bad item %r (expected like b@a1)" % item)
        c = colour_index(m.group(1), "kingdoms")
        if kingdoms[c] is not None:
            raise PositionError("kingdoms: %s listed twice" % m.group(1))
        s = geo.square(m.group(2))
        f, r = s % geo.W, s // geo.W
        if f + 8 > geo.W or r + 8 > geo.H:
            raise PositionError("kingdoms: the 8x8 board at %s does not fit in the field"
                                % m.group(2))
        kingdoms[c] = s
    for c in range(n):
        if kingdoms[c] is None:
            raise PositionError("kingdoms: no kingdom for %s" % colours[c])

    # set-up
    setup = None
    if t_setup != "-":
        setup = [None] * n
        for item in t_setup.split(","):
            m = re.match(r"^([a-z]):([A-Z]*)$", item)
            if not m:
                raise PositionError("set-up: bad item %r (expected like b:KQRRBBNNPPPPPPPP)"
                                    % item)
            c = colour_index(m.group(1), "set-up")
            if setup[c] is not None:
                raise PositionError("set-up: %s listed twice" % m.group(1))
            for ch in m.group(2):
                if ch not in PIECES:
                    raise PositionError("set-up: bad piece letter %r" % ch)
            setup[c] = canon_letters(m.group(2), PIECES)
        for c in range(n):
            if setup[c] is None:
                raise PositionError("set-up: %s is not listed (write %s: if nothing is left)"
                                    % (colours[c], colours[c]))
        if not any(setup):
            raise PositionError("set-up: nothing left to place; the field must be -")

    # pools
    pools = [(0, 0, 0, 0, 0)] * n
    if t_pools != "-":
        seen = set()
        for item in t_pools.split(","):
            m = re.match(r"^([a-z]):([A-Z]+)$", item)
            if not m:
                raise PositionError("pools: bad item %r (expected like b:QN)" % item)
            c = colour_index(m.group(1), "pools")
            if c in seen:
                raise PositionError("pools: %s listed twice" % m.group(1))
            seen.add(c)
            cnt = [0] * 5
            for ch in m.group(2):
                if ch not in POOL_IDX:
                    raise PositionError("pools: bad piece letter %r (kings never enter a pool)"
                                        % ch)
                cnt[POOL_IDX[ch]] += 1
            pools[c] = tuple(cnt)

    # checks
    checks = [0] * n
    if t_checks != "-":
        seen = set()
        for item in t_checks.split(","):
            m = re.match(r"^([a-z]):([1-9][0-9]*)$", item)
            if not m:
                raise PositionError("checks: bad item %r (expected like w:2)" % item)
            c = colour_index(m.group(1), "checks")
            if c in seen:
                raise PositionError("checks: %s listed twice" % m.group(1))
            seen.add(c)
            checks[c] = int(m.group(2))

    # consistency
    kings = [-1] * n
    for s, p in enumerate(board):
        if p is None:
            continue
        typ, owner, colour = p
        if states[owner] == "x":
            raise PositionError("pieces: %s owns %s@%s but is eliminated"
                                % (colours[owner], typ, geo.name(s)))
        if colour != owner and states[colour] != "x":
            raise PositionError("pieces: %s@%s is %s's but owned by %s; pieces change owner "
                                "only when their king is captured" %
                                (typ, geo.name(s), colours[colour], colours[owner]))
        if typ == "K":
            if kings[colour] >= 0:
                raise PositionError("pieces: two %s kings" % colours[colour])
            kings[colour] = s
    if setup is None:
        for c in range(n):
            if states[c] == "+" and kings[c] < 0:
                raise PositionError("pieces: %s is playing but has no king" % colours[c])
    else:
        if any(st != "+" for st in states):
            raise PositionError("set-up phase: every player must be playing (+)")
        if t_pools != "-" or t_checks != "-":
            raise PositionError("set-up phase: pools and checks must be - (nothing captured)")
        if not setup[tomove]:
            raise PositionError("set-up: %s is to place but has nothing left" % t_tomove)
        for c in range(n):
            for typ in PIECES:
                have = sum(1 for p in board if p is not None and p[0] == typ and p[2] == c)
                if have + setup[c].count(typ) > FULL_SET[typ]:
                    raise PositionError("set-up: %s would have more than %d %s"
                                        % (colours[c], FULL_SET[typ], typ))

    p = Pos()
    p.geo, p.n, p.board, p.states, p.tomove = geo, n, board, states, tomove
    p.kingdoms, p.setup, p.pools, p.checks, p.kings = kingdoms, setup, pools, checks, kings
    return p


def write_position(p):
    geo, n = p.geo, p.n
    colours = COLOURS[:n]
    items = []
    for s, q in enumerate(p.board):       # index order = rank, then file
        if q is not None:
            typ, owner, colour = q
            items.append(typ + colours[owner] + ("" if colour == owner else colours[colour])
                         + "@" + geo.name(s))
    pieces = ",".join(items) if items else "-"
    players = ",".join(colours[c] + p.states[c] for c in range(n))
    kingdoms = ",".join(colours[c] + "@" + geo.name(p.kingdoms[c]) for c in range(n))
    setup = "-" if p.setup is None else ",".join(colours[c] + ":" + p.setup[c]
                                                   for c in range(n))
    pl = []
    for c in range(n):
        letters = "".join(t * p.pools[c][i] for i, t in enumerate(POOL_ORDER))
        if letters:
            pl.append(colours[c] + ":" + letters)
    pools = ",".join(pl) if pl else "-"
    ck = [colours[c] + ":" + str(p.checks[c]) for c in range(n) if p.checks[c] > 0]
    checks = ",".join(ck) if ck else "-"
    return " ".join([geo.terrain_text(), pieces, players, colours[p.tomove], kingdoms, setup,
                     pools, checks])


# ---------------------------------------------------------------------------------------------
# Move generation

def is_last_rank(p, colour, s):
    seat = SEATS[p.n][colour]
    geo = p.geo
    if seat == "S":
        return s // geo.W == geo.H - 1
    if seat == "N":
        return s // geo.W == 0
    if seat == "W":
        return s % geo.W == geo.W - 1
    return s % geo.W == 0


def add_pawn_target(p, s, t, colour, out):
    out.append((s, t, ""))
    if p.geo.cells[t] == MEADOW and is_last_rank(p, colour, t):
        pool = p.pools[colour]
        for letter in "QRBN":
            if pool[POOL_IDX[letter]] > 0:
                out.append((s, t, letter.lower()))


def pawn_moves(p, s, piece, out):
    _, owner, colour = piece
    geo, board = p.geo, p.board
    cells, nbr = geo.cells, geo.nbr
    fwd, dg1, dg2, sd1, sd2, back = PAWN_DIRS[p.n][colour]
    start = cells[s]
    # captures: one square diagonally forward, onto an enemy piece, by the terrain rules
    for d in (dg1, dg2):
        t = nbr[d][s]
        if t < 0:
            continue
        q = board[t]
        if q is None or q[1] == owner:
            continue
        tt = cells[t]
        if tt == POND:
            continue
        if start == RIVER and tt == RIVER:
            continue
        add_pawn_target(p, s, t, colour, out)
    # river: exactly one step to an orthogonally adjacent river square, any direction
    if start == RIVER:
        for d in (fwd, back, sd1, sd2):
            t = nbr[d][s]
            if t >= 0 and cells[t] == RIVER and board[t] is None:
                add_pawn_target(p, s, t, colour, out)
    # ordinary moves: 1-3 squares forward, forward-diagonal or sideways over empty squares
    for d in (fwd, dg1, dg2, sd1, sd2):
        row = nbr[d]
        cur = s
        in_ruin = start == RUIN
        for step in (1, 2, 3):
            t = row[cur]
            if t < 0 or board[t] is not None:
                break
            tt = cells[t]
            if tt == POND:
                break
            if step == 1 and start == RIVER and tt == RIVER:
                break                       # the first step must leave the river
            if tt == RUIN:
                if not in_ruin:
                    if step == 1:
                        add_pawn_target(p, s, t, colour, out)   # enters a ruin: ends there
                    break
            else:
                in_ruin = False
            if tt == RIVER:
                add_pawn_target(p, s, t, colour, out)           # enters a river: ends there
                break
            add_pawn_target(p, s, t, colour, out)
            cur = t


def piece_moves(p, s, piece, out):
    """Pseudo-legal moves (from, to, promo) of the piece on s; captures are moves onto a square
    holding a piece of another owner."""
    typ, owner, _ = piece
    geo, board = p.geo, p.board
    cells = geo.cells
    if typ == "P":
        pawn_moves(p, s, piece, out)
        return
    if typ == "N":
        for t in geo.knight[s]:
            if cells[t] == RUIN:
                continue
            q = board[t]
            if q is None or q[1] != owner:
                out.append((s, t, ""))
        return
    tab = TABLE[typ]
    dirs = ALL8 if typ in "KQ" else (ORTH if typ == "R" else DIAG)
    slide = typ != "K"
    for d in dirs:
        row = geo.nbr[d]
        cur, first = s, True
        while True:
            t = row[cur]
            if t < 0:
                break
            cls = tab[cells[t]]
            if cls == BANNED or (cls == LIMITED and not first):
                break
            q = board[t]
            if q is not None:
                if q[1] != owner:
                    out.append((s, t, ""))
                break
            out.append((s, t, ""))
            if cls == LIMITED or not slide:
                break
            cur, first = t, False


def slide_reaches(geo, tab, a, d, target):
    """Does a slider with terrain row `tab` on a, moving along d over (known empty) squares,
    reach target?"""
    row, cells = geo.nbr[d], geo.cells
    cur, first = a, True
    while True:
        t = row[cur]
        cls = tab[cells[t]]
        if cls == BANNED or (cls == LIMITED and not first):
            return False
        if t == target:
            return True
        if cls == LIMITED:
            return False
        cur, first = t, False


def attacked(p, s, attackers):
    """Could a piece owned by one of `attackers` capture a piece standing on s?"""
    geo, board = p.geo, p.board
    cells = geo.cells
    ts = cells[s]
    for d in ALL8:
        row = geo.nbr[d]
        t, dist = row[s], 1
        while t >= 0:
            q = board[t]
            if q is not None:
                if q[1] in attackers:
                    typ = q[0]
                    if typ == "K":
                        if dist == 1 and TABLE["K"][ts] != BANNED:
                            return True
                    elif typ == "Q" or (typ == "R" and d < 4) or (typ == "B" and d >= 4):
                        if slide_reaches(geo, TABLE[typ], t, OPP[d], s):
                            return True
                break
            t = row[t]
            dist += 1
    if ts != RUIN:
        for a in geo.knight[s]:
            q = board[a]
            if q is not None and q[0] == "N" and q[1] in attackers:
                return True
    if ts != POND:
        for d in DIAG:
            a = geo.nbr[d][s]
            if a < 0:
                continue
            q = board[a]
            if q is None or q[0] != "P" or q[1] not in attackers:
                continue
            pd = PAWN_DIRS[p.n][q[2]]
            if OPP[d] != pd[1] and OPP[d] != pd[2]:
                continue
            if cells[a] == RIVER and ts == RIVER:
                continue
            return True
    return False


def attacked_slow(p, s, attackers):
    """The same question answered by generating every move of every attacker piece."""
    for a, q in enumerate(p.board):
        if q is not None and q[1] in attackers:
            out = []
            piece_moves(p, a, q, out)
            if any(t == s for _, t, _ in out):
                return True
    return False


def opponents(p, c):
    return {i for i in range(p.n) if i != c and p.states[i] == "+"}


def in_check(p, c):
    return p.kings[c] >= 0 and attacked(p, p.kings[c], opponents(p, c))


def next_playing(p, c):
    for k in range(1, p.n + 1):
        j = (c + k) % p.n
        if p.states[j] == "+":
            return j
    return c


def make_raw(p, mv):
    s, t, promo = mv
    q = p.copy()
    board = q.board
    piece = board[s]
    target = board[t]
    board[s] = None
    mover = piece[1]
    if target is not None:
        if target[0] == "K":
            victim = target[1]
            q.kings[target[2]] = -1
            if q.states[victim] == "+":
                q.states[victim] = "x"
                for i, r in enumerate(board):
                    if r is not None and r[1] == victim:
                        board[i] = (r[0], mover, r[2])
        else:
            pool = list(q.pools[target[2]])
            pool[POOL_IDX[target[0]]] += 1
            q.pools[target[2]] = tuple(pool)
    if promo:
        letter = promo.upper()
        pool = list(q.pools[piece[2]])
        pool[POOL_IDX[letter]] -= 1
        q.pools[piece[2]] = tuple(pool)
        piece = (letter, mover, piece[2])
    board[t] = piece
    if piece[0] == "K":
        q.kings[piece[2]] = t
    return q


def finish_move(p, q, mover, track_checks):
    """Turn passing (and the checks field) after a move of `mover` from p gave q."""
    if track_checks:
        gave = False
        for c in range(q.n):
            if c != mover and q.states[c] == "+" and q.kings[c] >= 0 \
                    and attacked(q, q.kings[c], {mover}):
                gave = True
                break
        q.checks[mover] = q.checks[mover] + 1 if gave else 0
        for c in range(q.n):
            if q.states[c] != "+":
                q.checks[c] = 0
    q.tomove = next_playing(q, mover)
    return q


def placements(p):
    P = p.tomove
    geo, board, cells = p.geo, p.board, p.geo.cells
    W = geo.W
    kf, kr = p.kingdoms[P] % W, p.kingdoms[P] // W
    parity = None
    for s, q in enumerate(board):
        if q is not None and q[0] == "B" and q[1] == P and q[2] == P:
            parity = (s % W + s // W) % 2
    enemy_kings = {p.kings[c] for c in range(p.n) if c != P and p.kings[c] >= 0}
    others = {c for c in range(p.n) if c != P}
    res = []
    for typ in sorted(set(p.setup[P]), key=PIECES.index):
        tab = TABLE[typ]
        piece = (typ, P, P)
        for r in range(kr, kr + 8):
            for f in range(kf, kf + 8):
                s = r * W + f
                if cells[s] is None or board[s] is not None or tab[cells[s]] == BANNED:
                    continue
                if typ == "B" and parity is not None and (f + r) % 2 == parity:
                    continue
                q = p.copy()
                q.board[s] = piece
                if typ == "K":
                    q.kings[P] = s
                    if attacked(q, s, others):
                        continue
                out = []
                piece_moves(q, s, piece, out)
                if any(t in enemy_kings for _, t, _ in out):
                    continue
                left = q.setup[P]
                i = left.index(typ)
                q.setup[P] = left[:i] + left[i + 1:]
                nxt = None
                for k in range(1, p.n + 1):
                    j = (P + k) % p.n
                    if q.setup[j]:
                        nxt = j
                        break
                if nxt is None:
                    q.setup = None
                    q.tomove = 0
                else:
                    q.tomove = nxt
                res.append((("@", typ, s), q))
    return res


def legal(p, track_checks=False):
    """(position actually to move, [(move, position after)]) with withdrawals applied."""
    while True:
        if p.setup is not None:
            return p, placements(p)
        playing = [c for c in range(p.n) if p.states[c] == "+"]
        if len(playing) < 2:
            return p, []
        P = p.tomove
        opp = opponents(p, P)
        pseudo = []
        for s, q in enumerate(p.board):
            if q is not None and q[1] == P:
                piece_moves(p, s, q, pseudo)
        res = []
        for mv in pseudo:
            q = make_raw(p, mv)
            ks = q.kings[P]
            if not attacked(q, ks, opponents(q, P) if q.states != p.states else opp):
                res.append((mv, q))
        if not res:
            if len(playing) == 2:
                return p, []                       # checkmate or stalemate: game over
            if attacked(p, p.kings[P], opp):       # checkmated, three or more: must move
                chosen = [mv for mv in pseudo if p.board[mv[0]][0] != "K"]
                if not chosen:
                    chosen = pseudo
                res = [(mv, make_raw(p, mv)) for mv in chosen]
            if not res:                            # stalemated (or no move at all): withdraws
                q = p.copy()
                q.states[P] = "="
                q.checks[P] = 0
                q.tomove = next_playing(q, P)
                p = q
                continue
        return p, [(mv, finish_move(p, q, P, track_checks)) for mv, q in res]


def move_text(p, mv):
    if mv[0] == "@":
        return mv[1] + "@" + p.geo.name(mv[2])
    return p.geo.name(mv[0]) + p.geo.name(mv[1]) + mv[2]


def legal_texts(p, track_checks=True):
    cur, lst = legal(p, track_checks)
    return cur, {move_text(cur, mv): q for mv, q in lst}


# ---------------------------------------------------------------------------------------------
# Repetition and perpetual check
#
# A game's history is a tuple with one entry per earlier position, oldest first: (its
# repetition key, the player who moved from it, the position his move reached).  Positions
# before a withdrawal are left out: a player's state never comes back, so they never recur.

def rep_key(p):
    """What "the same position" means for a repetition: the pieces with owners and colours,
    the side to move, the players' states and the captured pools (not the check runs)."""
    return (tuple(p.board), tuple(p.states), p.tomove, tuple(p.pools))


def gave_check(mover, q):
    """Whether the move of `mover` that reached q attacks the king of another playing player."""
    return any(c != mover and q.states[c] == "+" and q.kings[c] >= 0
               and attacked(q, q.kings[c], {mover}) for c in range(q.n))


def perpetual_winner(p, history):
    """The winner by perpetual check when p stands for the third time: with two players
    playing, the one of them who gave check with every one of his moves since the first
    occurrence.  None for any other position, and for any other third occurrence (a draw,
    also when both players checked throughout)."""
    if len(history) < 4:                      # two earlier occurrences need four plies at least
        return None
    key = rep_key(p)
    earlier = [i for i, (k, _, _) in enumerate(history) if k == key]
    if len(earlier) != 2:                     # only the third occurrence decides
        return None
    playing = [c for c in range(p.n) if p.states[c] == "+"]
    if len(playing) != 2:
        return None
    since = history[earlier[0]:]
    checkers = [c for c in playing
                if any(mover == c for _, mover, _ in since)
                and all(gave_check(mover, q) for _, mover, q in since if mover == c)]
    return checkers[0] if len(checkers) == 1 else None


def after(history, cur, lst):
    """The history of each position in `lst` (moves from cur, reached from a history)."""
    key = rep_key(cur)
    return [history + ((key, cur.tomove, q),) for _, q in lst]


def moves_with_history(p, history, track_checks=False):
    """(position to move, [(move, position after)], history of cur): none when p is decided by
    perpetual check (a won game has no moves, docs/rules/README.md#perft)."""
    if perpetual_winner(p, history) is not None:
        return p, [], history
    cur, lst = legal(p, track_checks)
    return cur, lst, (history if cur is p else ())


def perft(p, depth, history=()):
    if depth == 0:
        return 1
    cur, lst, history = moves_with_history(p, history)
    if depth == 1:
        return len(lst)
    return sum(perft(q, depth - 1, h) for (_, q), h in zip(lst, after(history, cur, lst)))


def divide(p, depth, history=()):
    cur, lst, history = moves_with_history(p, history)
    rows = []
    for (mv, q), h in zip(lst, after(history, cur, lst)):
        rows.append((move_text(cur, mv), perft(q, depth - 1, h)))
    rows.sort()
    return rows


def play_line(text, moves):
    """The position after `moves` from the position string, and its history."""
    p = parse_position(text)
    history = ()
    for m in moves:
        cur, lst, history = moves_with_history(p, history, True)
        found = [(mv, q) for mv, q in lst if move_text(cur, mv) == m]
        if not found:
            raise PositionError("illegal move %s in %s" % (m, write_position(cur)))
        history = after(history, cur, found)[0]
        p = found[0][1]
    return p, history


def play(text, moves):
    return play_line(text, moves)[0]


# ---------------------------------------------------------------------------------------------
# Crafted positions
#
# Each entry: (what it tests, terrain, the other seven fields, perft depth).  The terrain is
# written as rows from the top rank down ('.' = meadow, other letters as in the position
# string), or as a ready terrain field.  Two players on one 8x8 board: black south (forward =
# up, +rank), white north (forward = down).  Three players: black south, white west (forward =
# right, +file), red north.  Four: green east (forward = left).


def T(*rows):
    """Terrain field text from rows drawn top rank first ('.' is meadow)."""
    width = len(rows[0])
    for r in rows:
        if len(r) != width:
            raise ValueError("ragged terrain rows %r" % (rows,))
    return parse_terrain("/".join(r.replace(".", "m") for r in rows)).terrain_text()


M8 = T(*["........"] * 8)
M16 = T(*["................"] * 16)
CORNER = T(*(["--------........"] * 8 + ["........--------"] * 8))

SUITE = [
    # --- the rulebook's figure 12, rebuilt -----------------------------------------------
    ("fig12-1: the white pawn on the river d5 may not capture the black knight on c4, "
     "diagonally across the river's bend d5-d4-c4; it steps along the river (d6 backward, d4), "
     "or leaves it sideways or by the diagonal e4 (14 moves, hand-counted)",
     T("...r....",
       "...r....",
       "...r....",
       "...r....",
       "rrrr....",
       "........",
       "........",
       "........"),
     "Kb@g1,Nb@c4,Pw@d5,Kw@h8 b+,w+ w b@a1,w@a1 - - -", 5),
    ("fig12-2: the white rook e1 does not check the black king in the forest e5 (rooks never "
     "enter forest), nor does the rook a6 reach e6; the king may not go to e4 or d6 "
     "(6 moves, hand-counted)",
     T("........",
       "........",
       "....f...",
       "....f...",
       "........",
       "........",
       "........",
       "........"),
     "Kb@e5,Rw@a6,Rw@e1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 5),
    ("fig12-3: the white bishop c3 does not yet check the black king in the forest e5 (it "
     "would enter the forest on its second step); d4 is attacked (7 moves, hand-counted)",
     T("........",
       "........",
       "........",
       "....f...",
       "........",
       "........",
       "........",
       "........"),
     "Kb@e5,Bw@c3,Kw@h1 b+,w+ b b@a1,w@a1 - - -", 6),
    ("fig12-4: the white queen in the forest f6 may take the black bishop d4; the bishop could "
     "not take the queen (forest on its second step)",
     T("........",
       "........",
       ".....f..",
       "........",
       "........",
       "........",
       "........",
       "........"),
     "Kb@b1,Bb@d4,Qw@f6,Kw@h8 b+,w+ w b@a1,w@a1 - - -", 4),
    ("fig12-5: the white knight d4 jumps the ruins d5-d6 to take the black bishop d7; it may "
     "not take the black rook standing in the ruin e6 (18 moves, hand-counted)",
     T("........",
       "........",
       "...cc...",
       "...c....",
       "........",
       "........",
       "........",
       "........"),
     "Kb@h1,Rb@e6,Bb@d7,Nw@d4,Kw@h8 b+,w+ w b@a1,w@a1 - - -", 5),
    ("fig12-6: the white knight e2 checks the black king in the forest e5 (three squares up "
     "the file); only the 6 king moves off the knight's squares are legal (hand-counted)",
     T("........",
       "........",
       "........",
       "...fff..",
       "........",
       "........",
       "........",
       "........"),
     "Kb@e5,Pb@a2,Nw@e2,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 5),
    # --- movement and terrain ------------------------------------------------------------
    ("limited rook: b2 enters the ruin c2 with its first step and stops there, never reaches "
     "the ruin b5; f5 starts in a ruin: one step into the ruin f6 (stop) or out and on "
     "(17 moves, hand-counted)",
     T("........",
       "........",
       ".....c..",
       ".c...c..",
       "........",
       "........",
       "..c.....",
       "........"),
     "Kb@a1,Rb@b2,Rb@f5,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 6),
    ("limited bishop: b2 enters the forest c3 with its first step only; e5 starts in the "
     "forest: one step into the forest f6 (stop) or out and on, stopping before the forests "
     "c3 and g3 (13 moves, hand-counted)",
     T("........",
       "........",
       ".....f..",
       "....f...",
       "........",
       "..f...f.",
       "........",
       "........"),
     "Kb@h1,Bb@b2,Bb@e5,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 6),
    ("pawn and ruins: b2 enters the ruin b3 only with its first step, never reaches e5; g3 "
     "starts in the ruin g3-g4, moves through g4 and out, but may not enter the ruin e5 "
     "after leaving its own (19 moves, hand-counted)",
     T("........",
       "........",
       "........",
       "....c...",
       "......c.",
       ".c....c.",
       "........",
       "........"),
     "Kb@a1,Pb@b2,Pb@g3,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 6),
    ("pawn and rivers: c2 enters the river c3 or b3 and stops, crosses the bridge d3; e1 stops "
     "on the river e3 on its second step; f4 on the river steps one square back to the river "
     "f3, leaves the river freely, takes g5 from the river (38 moves, hand-counted)",
     T("........",
       "........",
       "........",
       "........",
       ".....r..",
       "rrrbrrrr",
       "........",
       "........"),
     "Kb@a1,Pb@c2,Pb@e1,Pb@f4,Nw@g5,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 4),
    ("pawn moves sideways and diagonally, captures only one square diagonally forward, never "
     "enters or captures into a pond (d5, e5) (9 moves, hand-counted)",
     T("........",
       "........",
       "........",
       "...pp...",
       "........",
       "........",
       "........",
       "........"),
     "Kb@a1,Pb@d4,Nw@c5,Nw@e5,Nw@d3,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 4),
    ("the knight's 16 leaps (three along a line, or an L); it lands in a river (a7) and a "
     "pond (d1), never in a ruin (g4) (17 moves, hand-counted)",
     T("........",
       "r.......",
       "........",
       "........",
       "......c.",
       "........",
       "........",
       "...p...."),
     "Kb@a8,Nb@d4,Kw@h8,Pw@a1 b+,w+ b b@a1,w@a1 - - -", 6),
    ("pins and kings: the black rook d2 is pinned by the white queen d8 (moves along the file "
     "only); the black king may not step next to the white king (14 moves, hand-counted)",
     M8, "Kb@d1,Nb@h1,Rb@d2,Kw@f3,Qw@d8 b+,w+ b b@a1,w@a1 - - -", 4),
    ("holes: two boards touching only at the corner h8/i9; the bishop crosses the corner, "
     "the rook stops at the holes, the knight g6 jumps over them to j9 (42 moves, "
     "hand-counted)",
     CORNER, "Kb@a1,Rb@h1,Nb@g6,Bb@g7,Kw@p10,Rw@i16 b+,w+ b b@a1,w@i9 - - -", 4),
    ("holes: the black king h8, checked along rank 8, escapes only by stepping across the "
     "corner to i9 (1 move, hand-counted)",
     CORNER, "Kb@h8,Rw@a7,Rw@a8,Kw@p16 b+,w+ b b@a1,w@i9 - - -", 6),
    # --- promotion ----------------------------------------------------------------------
    ("promotion with a pool: black pawns reaching the meadows of rank 8 may become the pooled "
     "queen or knight (pool b:QNP) or stay pawns; the forest d8 gives no promotion; g8-h8 "
     "sideways promotes; e7xf8 captures and promotes; white's pool serves white's pawn g2 "
     "(27 moves, hand-counted)",
     T("...f....",
       "........",
       "........",
       "........",
       "........",
       "........",
       "........",
       "........"),
     "Kb@a1,Pw@g2,Kw@h6,Pb@c7,Pb@e7,Rw@f8,Pb@g8 b+,w+ b b@a1,w@a1 - b:QNP,w:R -", 4),
    # --- end of the game, two players -----------------------------------------------------
    ("two players, black checkmated: the game is over, no moves",
     M8, "Kb@a1,Qw@b2,Kw@c3 b+,w+ b b@a1,w@a1 - - -", 2),
    ("two players, black stalemated: a draw, no moves",
     M8, "Kb@a1,Qw@c2,Kw@h8 b+,w+ b b@a1,w@a1 - - -", 2),
    # --- the set-up phase ---------------------------------------------------------------
    ("set-up in progress on a duel of two boards (ruins restrict K, B, N to the meadows): "
     "black places K or B (the second bishop on light squares only), white K or N; no "
     "placement attacks the black king, no king on an attacked square; then black moves "
     "(10 placements, hand-counted)",
     T("ccccc..c",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "cc..cccc",
       "c...cccc",
       "cc..cccc",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "cccccccc",
       "c...cccc",
       "cc...ccc"),
     "Bb@c1 b+,w+ b b@a1,w@a9 b:KB,w:KN - -", 7),
    ("set-up from the start on kingdoms of four meadows each (the rest ponds, where K, R and "
     "P may not stand): black, white, black, white place, then black moves (8, 64, 192, 576 "
     "hand-counted)",
     T("pppppppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "ppp...pp",
       "ppp.pppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "pppppppp",
       "pp..pppp",
       "p..ppppp",
       "pppppppp"),
     "- b+,w+ b b@a1,w@a9 b:KR,w:KP - -", 9),
    # --- three and four players ----------------------------------------------------------
    ("three players on four boards, all playing: white's pawn moves east (+file), red's "
     "south (-rank), black's north",
     M16, "Kb@h1,Pb@h2,Kw@a8,Pw@b8,Nr@c14,Pr@h15,Kr@h16 b+,w+,r+ b b@i1,w@a1,r@a9 - - -", 4),
    ("three players, white (to move) is checkmated: he must move a piece other than the king "
     "(his pawn's 15 moves, hand-counted); then red may capture his king, eliminating him",
     M16, "Kb@h1,Qb@c2,Kw@a1,Pw@e8,Rr@a16,Kr@h16 b+,w+,r+ w b@i1,w@a1,r@a9 - - -", 4),
    ("three players, white is stalemated and withdraws (not a move: red moves at the same "
     "depth); his inert pawn p8 (between ponds) can be captured (30 red moves, hand-counted)",
     T(*(["................"] * 7 + ["...............p", "................",
                                     "...............p"] + ["................"] * 6)),
     "Kb@h1,Kw@a1,Qb@b3,Rr@b8,Pw@p8,Kr@p16 b+,w+,r+ w b@i1,w@a1,r@a9 - - -", 3),
    ("three players, checkmated white has no piece but the king: he must step onto an "
     "attacked square (3 moves, hand-counted); then black or red may take the king",
     M16, "Kw@a1,Kb@p1,Rb@a3,Rr@b16,Kr@p16 b+,w+,r+ w b@i1,w@a1,r@a9 - - -", 5),
    ("three seats, white eliminated (his queen now black's): two players remain, so red's "
     "checkmate ends the game (no moves, although his pawn could move)",
     M16, "Kb@h1,Nb@n13,Pr@h15,Qbw@o15,Kr@p16 b+,wx,r+ r b@i1,w@a1,r@a9 - - -", 2),
    ("four players: white eliminated (his pawn n5 and knight e6 now black's; the pawn still "
     "moves east and promotes on file p from white's pool w:R), red withdrawn (inert king h14 "
     "and knight g12: black's king stands next to them and may capture them); black and "
     "green play (39 moves, hand-counted)",
     M16, "Pbw@n5,Nbw@e6,Qg@n10,Nr@g12,Kg@p12,Kb@g13,Kr@h14 b+,wx,r=,g+ b "
     "b@i1,w@a1,r@a9,g@i9 - w:R -", 3),
    ("four players, three playing and one withdrawn: black may capture green's king p8 "
     "(green is eliminated, his pawn and knight pass to black and keep moving west) or the "
     "withdrawn white king a3 (only removed) (42 moves, hand-counted)",
     M16, "Kb@h1,Bb@c1,Kw@a3,Pw@b4,Rb@h8,Kg@p8,Pg@h9,Br@c11,Ng@o14,Kr@h16 b+,w=,r+,g+ b "
     "b@i1,w@a1,r@a9,g@i9 - - b:1", 4),
]

# Written canonically (pieces sorted by square), so that each line round-trips as printed.
SUITE = [(c, write_position(parse_position(t + " " + rest)), d) for c, t, rest, d in SUITE]


# Positions reached by moves from a position string (the protocol's `position fen ... moves
# ...`), counted with the history of the game: (what it tests, position, moves, perft depth).
PERPETUAL = write_position(parse_position(M8 + " Kb@h1,Qw@e3,Kw@a8 b+,w+ w b@a1,w@a1 - - -"))
PERPETUAL_CYCLE = "e3e4 h1g1 e4e3 g1h1 e3e4 h1g1 e4e3"
PLAYED = [
    ("perpetual check completes on the next move: the white queen checks from e4 and e3 while "
     "the black king goes between h1 and g1; g1h1 would bring the position with white to move "
     "(Kh1, Qe3) for the third time, white having checked with each of his four moves since "
     "its first occurrence: black loses, and below g1h1 there are no moves (4 moves, "
     "hand-counted; perft 2 counts g1h1 as 0)",
     PERPETUAL, PERPETUAL_CYCLE, 4),
    ("perpetual check one move further off: white to move; after e4e3, g1h1 loses for black "
     "(perft 3 counts 0 below e4e3 g1h1)",
     PERPETUAL, PERPETUAL_CYCLE.rsplit(" ", 1)[0], 4),
    ("threefold repetition without checks is a draw, and draws do not stop perft: a7a8 brings "
     "the first position for the third time, and the game goes on below it (5 moves, "
     "hand-counted)",
     write_position(parse_position(M8 + " Kb@h1,Kw@a8 b+,w+ b b@a1,w@a1 - - -")),
     "h1h2 a8a7 h2h1 a7a8 h1h2 a8a7 h2h1", 4),
]


def suite_lines(items=None, played=None):
    for comment, pos, depth in (SUITE if items is None else items):
        p = parse_position(pos)
        counts = [perft(p, d) for d in range(1, depth + 1)]
        yield "# " + comment
        yield write_position(p) + "".join(" ;D%d %d" % (d + 1, c) for d, c in enumerate(counts))
    for comment, pos, moves, depth in (PLAYED if played is None else played):
        p, history = play_line(pos, moves.split())
        counts = [perft(p, d, history) for d in range(1, depth + 1)]
        yield "# " + comment
        yield pos + " moves " + moves + "".join(" ;D%d %d" % (d + 1, c)
                                                for d, c in enumerate(counts))


# ---------------------------------------------------------------------------------------------
# Self test

def suite_played(prefix):
    found = [(t, m) for c, t, m, _ in PLAYED if c.startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


def suite_pos(prefix):
    found = [t for c, t, _ in SUITE if c.startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


def selftest():
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)
            print("FAIL:", what)

    def moves_of(text):
        return set(legal_texts(parse_position(text))[1])

    def has(text, yes=(), no=(), count=None):
        m = moves_of(text)
        for x in yes:
            check(x in m, "%s should be legal in %s" % (x, text))
        for x in no:
            check(x not in m, "%s should not be legal in %s" % (x, text))
        if count is not None:
            check(len(m) == count, "%d moves expected, got %d %s in %s"
                  % (count, len(m), sorted(m), text))
        return m

    def from_sq(m, sq):
        return sorted(x for x in m if x.startswith(sq) and x[len(sq)].isalpha())

    # --- position strings: round trip and canonical writing
    docs_example = ("8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m - b+,w+ b b@a1,w@a9 "
                    "b:KQRRBBNNPPPPPPPP,w:KQRRBBNNPPPPPPPP - -")
    for text in [t for _, t, _ in SUITE] + [docs_example]:
        w = write_position(parse_position(text))
        check(w == text, "round trip %r -> %r" % (text, w))
    lenient = "mmmmmmmm/8m/8m/8m/8m/8m/8m/8m Kw@h8,Kbb@a1 b+,w+ b w@a1,b@a1 - w:R,b:PNQ w:2,b:1"
    check(write_position(parse_position(lenient)) ==
          "8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - b:QNP,w:R b:1,w:2",
          "canonical writing of %s" % lenient)
    wide = "/".join(["72m"] * 72)
    p = parse_position(wide + " Kb@bt72,Kw@a1 b+,w+ b b@bm65,w@a1 - - -")
    check(p.geo.name(p.kings[0]) == "bt72" and p.kingdoms[0] == 64 * 72 + 64,
          "spreadsheet files up to bt")
    check(file_name(0) == "a" and file_name(25) == "z" and file_name(26) == "aa"
          and file_name(27) == "ab" and parse_square_fr("ab17") == (27, 16), "file names")
    check(T("m-r.", "bcpf") == "m-rm/bcpf", "terrain writing")

    # --- malformed input gives a clear error
    bad = [
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - -", "8 fields"),
        ("8m/8m/8m/8m/8m/8m/8m/8m  Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "8 fields"),
        ("8m/8m/8m/8m/8m/8m/8m/7m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "rank 1 has 7"),
        ("8m/8m/8m/8m/8m/8m/8m/8x Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "bad text"),
        ("8m/8m/8m/8m/8m/8m/8m/0m8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "bad text"),
        ("8m/8m/8m/8m/8m/8m/8m/8m/ Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "rank 1 has 0"),
        ("73m/73m Kb@a1,Kw@h2 b+,w+ b b@a1,w@a1 - - -", "too large"),
        ("/".join(["8m"] * 73) + " Kb@a1,Kw@h2 b+,w+ b b@a1,w@a1 - - -", "73 ranks"),
        ("8-/8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "all holes"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h9 b+,w+ b b@a1,w@a1 - - -", "outside"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@a1 b+,w+ b b@a1,w@a1 - - -", "two pieces"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8,Kw@h7 b+,w+ b b@a1,w@a1 - - -", "two w kings"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Xw@h8 b+,w+ b b@a1,w@a1 - - -", "bad item"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h08 b+,w+ b b@a1,w@a1 - - -", "bad square"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "bad item"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kr@h8 b+,w+ b b@a1,w@a1 - - -", "not a player"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 w+,b+ b b@a1,w@a1 - - -", "expected b"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+ b b@a1 - - -", "2 to 4"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w? b b@a1,w@a1 - - -", "expected w"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ r b@a1,w@a1 - - -", "to-move"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w= w b@a1,w@a1 - - -", "not playing"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 - - -", "no king"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1 - - -", "no kingdom"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@b1 - - -", "does not fit"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1,b@a1 - - -", "twice"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 b:,w: - -", "nothing left"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 b:Q - -", "not listed"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 b:K,w:K - -", "more than 1"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 b:,w:K - -", "nothing left"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 b:X,w:K - -", "bad piece letter"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w= b b@a1,w@a1 b:Q,w:K - -", "every player"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1 b+,w+ b b@a1,w@a1 b:Q,w:K b:Q -", "pools and checks"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - b:K -", "kings never"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - b:Q,b:R -", "twice"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - b: -", "bad item"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - b:0", "bad item"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - b", "bad item"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - b:1,b:2", "twice"),
        ("8m/8m/8m/8m/8m/8m/8m/8r Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "cannot stand"),
        ("8m/8m/8m/8m/8m/8m/8m/2mc5m Kb@a1,Kw@h8,Nb@c1 b+,w+ b b@a1,w@a1 - - -",
         "cannot stand"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8,Nwb@c3 b+,w+ b b@a1,w@a1 - - -", "change owner"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kwb@h8 b+,wx b b@a1,w@a1 - - -", "never changes"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Nw@h8 b+,wx b b@a1,w@a1 - - -", "eliminated"),
        ("8m/8m/8m/8m/8m/8m/8m/-7m Kb@a1,Kw@h8 b+,w+ b b@b1,w@b1 - - -", "hole"),
        ("8m/8m/8m/8m/8m/8m/8m/8m Kb@A1,Kw@h8 b+,w+ b b@a1,w@a1 - - -", "bad item"),
    ]
    for text, frag in bad:
        try:
            parse_position(text)
            check(False, "no error for malformed %r" % text)
        except PositionError as e:
            check(frag in str(e), "error for %r was %r, expected it to mention %r"
                  % (text, str(e), frag))
    # the command line reports errors on one line and does not crash
    import io
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(["x", "perft", "2", "garbage"])
    check(rc == 1 and buf.getvalue().startswith("info string error"), "cli error line")

    # --- figure 12
    f1 = suite_pos("fig12-1")
    m = has(f1, count=14, no=["d5c4", "d5d3", "d5c6", "d5e6"])
    check(from_sq(m, "d5") == sorted(["d5d6", "d5d4", "d5e4", "d5f3", "d5g2", "d5c5", "d5b5",
                                      "d5a5", "d5e5", "d5f5", "d5g5"]),
          "fig12-1 pawn moves %s" % from_sq(m, "d5"))
    has(f1.replace("Nb@c4", "Nb@e4"), yes=["d5e4"])          # on the meadow it may capture
    f2 = suite_pos("fig12-2")
    check(not in_check(parse_position(f2), 0), "fig12-2: no check from the rook")
    has(f2, count=6, yes=["e5e6", "e5f6", "e5d5", "e5f5", "e5d4", "e5f4"], no=["e5e4", "e5d6"])
    f3 = suite_pos("fig12-3")
    check(not in_check(parse_position(f3), 0), "fig12-3: no check from the bishop")
    has(f3, count=7, no=["e5d4"])
    check(in_check(parse_position(f3.replace("Bw@c3", "Bw@d4")), 0),
          "fig12-3: one step closer the bishop checks")
    f4 = suite_pos("fig12-4")
    has(f4, yes=["f6d4"])
    has(f4.replace(" w b@a1", " b b@a1"), no=["d4f6"], yes=["d4e5", "d4c3"])
    f5 = suite_pos("fig12-5")
    m = has(f5, count=18, yes=["d4d7", "d4d1", "d4g7"], no=["d4e6", "d4d5", "d4d6"])
    f6 = suite_pos("fig12-6")
    check(in_check(parse_position(f6), 0), "fig12-6: the knight checks")
    has(f6, count=6, no=["e5d4", "e5f4", "a2a3"])

    # --- limited sliders, pawns and terrain
    has(suite_pos("limited rook"), count=17,
        yes=["b2c2", "b2b4", "f5f6", "f5e5", "f5c5", "f5h5", "f5f4", "f5f1"],
        no=["b2d2", "b2b5", "f5f7", "f5b5"])
    has(suite_pos("limited bishop"), count=13,
        yes=["b2c3", "b2a3", "e5f6", "e5d4", "e5d6", "e5b8", "e5f4"],
        no=["b2d4", "e5g7", "e5c3", "e5g3", "e5h2"])
    has(suite_pos("pawn and ruins"), count=19,
        yes=["b2b3", "b2c3", "b2d4", "g3g4", "g3g5", "g3g6", "g3f4", "g3h4", "g3h3", "g3d3"],
        no=["b2b4", "b2e5", "g3e5", "g3g7"])
    m = has(suite_pos("pawn and rivers"), count=38,
            yes=["c2c3", "c2b3", "c2d3", "c2e4", "c2f5", "e1e2", "e1e3", "e1c3", "e1g3",
                 "f4f3", "f4f5", "f4f7", "f4e5", "f4c7", "f4g5", "f4e4", "f4c4", "f4h4"],
            no=["c2c4", "c2a4", "e1e4", "e1b4", "f4g3", "f4e3", "f4h6"])
    # a pawn on a river moves one square along the river in any orthogonal direction
    riv = T("........", "........", "........", "........", "..rrr...", "...r....",
            "........", "........") + " Kb@a1,Pb@d4,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    m = has(riv, yes=["d4c4", "d4e4", "d4d3", "d4d5", "d4d6", "d4d7", "d4c5", "d4e5"],
            no=["d4b4", "d4f4", "d4d2", "d4c3", "d4e3"])
    # ... and never diagonally from river to river, capturing or not
    riv2 = T("........", "........", "........", "........", "..r.r...", "...r....",
             "........", "........") + " Kb@a1,Pb@d3,Nw@e4,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    has(riv2, yes=["d3d4", "d3d6", "d3c3", "d3a3", "d3e3", "d3g3"],
        no=["d3c4", "d3e4", "d3d2", "d3b5"])
    # captures into limited terrain: first step only
    ruin1 = T("........", "........", "........", "........", "........", "..c.....",
              "........", "...c....") + " Kb@a8,Rb@b1,Pb@b2,Rw@c3,Pw@d1,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    has(ruin1, yes=["b2c3", "b1c1"], no=["b1d1", "b1e1"])
    has(ruin1.replace("Rb@b1", "Rb@c1"), yes=["c1d1", "b2c3"], no=["c1e1"])
    has(ruin1.replace("Rb@b1", "Qb@b1"), yes=["b1c1"], no=["b1d1", "b1e1"])
    forest1 = T("........", "........", "........", "........", "........", "..f.....",
                "........", "........") + " Kb@a8,Bb@a1,Nw@c3,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    has(forest1, no=["a1c3", "a1d4"], yes=["a1b2"])
    has(forest1.replace("Bb@a1", "Bb@b2"), yes=["b2c3"])
    has(suite_pos("pawn moves sideways"), count=9,
        yes=["d4c5", "d4c4", "d4a4", "d4e4", "d4g4", "a1a2", "a1b1"],
        no=["d4e5", "d4d5", "d4d3", "d4c3", "d4h4", "a1b2"])
    m = has(suite_pos("the knight's 16"), count=17)
    check(from_sq(m, "d4") == sorted(["d4a4", "d4d7", "d4d1", "d4a1", "d4g7", "d4a7", "d4g1",
                                      "d4c6", "d4e6", "d4b5", "d4f5", "d4b3", "d4f3", "d4c2",
                                      "d4e2"]), "knight targets %s" % from_sq(m, "d4"))
    has(suite_pos("pins and kings"), count=14, yes=["d2d3", "d2d8", "h1e1", "d1c2"],
        no=["d2c2", "d2e2", "d1e2"])
    has(suite_pos("holes: two boards"), count=42,
        yes=["g7h8", "g7i9", "g7p16", "g6j9", "g6h8", "h1h8", "a1b2"],
        no=["h1h9", "h1i1", "g7e9", "g6i7", "g6j6"])
    has(suite_pos("holes: the black king"), count=1, yes=["h8i9"])
    # a slider cannot cross a hole: a rook on a 1x8 strip with a hole
    strip = T("........", "........", "........", "........", "........", "........",
              "........", "...-....") + " Kb@a1,Rb@b1,Nb@c1,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    has(strip, yes=["c1f1", "b1b8"], no=["c1d1", "c1e1"])
    strip2 = strip.replace("Nb@c1", "Nb@a3")
    has(strip2, yes=["b1c1"], no=["b1d1", "b1e1"])

    # --- promotion
    pm = suite_pos("promotion")
    m = has(pm, count=27, yes=["c7c8", "c7c8q", "c7c8n", "c7b8q", "g8h8", "g8h8q", "g8h8n",
                               "e7f8", "e7f8q", "e7f8n", "e7d8", "c7d8"],
            no=["c7c8r", "c7c8b", "g8f8", "e7d8q", "c7d8q", "c7c8p", "c7c8k"])
    check(write_position(play(pm, ["c7c8q"])).split(" ")[6] == "b:NP,w:R",
          "promotion takes the queen from black's pool")
    check(write_position(play(pm, ["e7f8n"])).split(" ")[6] == "b:QP,w:RR",
          "a captured piece goes to its colour's pool, the promotion piece leaves its own")
    q = play(pm, ["a1a2"])
    m = set(legal_texts(q)[1])
    check("g2g1" in m and "g2g1r" in m and "g2g1q" not in m and "g2f1r" in m,
          "white promotes on rank 1 from white's pool: %s" % from_sq(m, "g2"))
    q = play(pm, ["c7c8q"])
    check("Qb@c8" in write_position(q), "promoted piece on the board")

    # --- end of game
    check(perft(parse_position(suite_pos("two players, black checkmated")), 1) == 0, "mate")
    check(perft(parse_position(suite_pos("two players, black stalemated")), 1) == 0,
          "stalemate")

    # --- set-up
    su = suite_pos("set-up in progress")
    m = has(su, count=10, yes=["B@c2", "B@c8", "B@d1", "K@b2", "K@e1"],
            no=["B@b2", "B@d2", "B@d8", "B@e1", "K@c1", "K@a1"])
    q = play(su, ["K@d8"])
    m = set(legal_texts(q)[1])
    check("K@c9" not in m and "K@d9" not in m and "K@b9" in m and "K@d10" in m,
          "white king not next to the black king: %s" % sorted(m))
    check("N@b9" not in m and "N@c10" not in m and "N@f16" in m,
          "white knight may not attack the black king: %s" % sorted(m))
    su2 = suite_pos("set-up from the start")
    has(su2, count=8, yes=["K@b2", "K@c2", "K@c3", "K@d3", "R@b2", "R@c2", "R@c3", "R@d3"])
    p = play(su2, ["K@b2"])
    check(COLOURS[p.tomove] == "w", "white places second")
    check(sorted(legal_texts(p)[1]) == ["K@d10", "K@d9", "K@e10", "K@f10", "P@d10", "P@d9",
                                        "P@e10", "P@f10"], "white's placements")
    p = play(su2, ["K@b2", "P@d9", "R@c2", "K@e10"])
    check(p.setup is None and p.tomove == 0, "set-up over, black to move: %s"
          % write_position(p))
    check(write_position(p).split(" ")[5] == "-", "set-up field written -")
    p = parse_position(M8 + " Pw@d5 b+,w+ b b@a1,w@a1 b:KN,w:K - -")
    m = set(legal_texts(p)[1])
    check("K@c4" not in m and "K@e4" not in m and "K@d4" in m and "K@c6" in m,
          "no king placed where a white pawn (forward down) attacks: %s" % sorted(m))
    p = parse_position(M8 + " Kw@d5 b+,w+ b b@a1,w@a1 b:NR,w:Q - -")
    m = set(legal_texts(p)[1])
    check("N@d2" not in m and "N@c3" not in m and "N@d1" in m and "N@a1" in m
          and "R@a5" not in m and "R@d1" not in m and "R@c1" in m,
          "no placement attacks an enemy king: %s" % sorted(m))
    p = parse_position(M16 + " Bb@a1 b+,w+,r+ w b@i1,w@a1,r@a9 b:,w:B,r:BB - -")
    m = set(legal_texts(p)[1])
    check(len(m) == 63 and "B@a1" not in m, "first bishop anywhere (another player's bishop "
          "does not count)")
    q = play(write_position(p), ["B@b1"])
    check(COLOURS[q.tomove] == "r", "red places next")
    q = play(write_position(q), ["B@a10"])
    check(COLOURS[q.tomove] == "r", "black and white are done, red places again")
    m = set(legal_texts(q)[1])
    check(len(m) == 32 and "B@b10" in m and "B@c10" not in m, "red's second bishop")
    q = play(write_position(q), ["B@b10"])
    check(q.setup is None and q.tomove == 0, "black moves first")

    # --- three and four players
    t2 = suite_pos("three players, white (to move) is checkmated")
    p = parse_position(t2)
    check(in_check(p, 1), "white is in check")
    m = has(t2, count=15)
    check(all(x.startswith("e8") for x in m), "only the pawn moves: %s" % sorted(m))
    q = play(t2, ["e8f8"])
    check(COLOURS[q.tomove] == "r", "red moves after white")
    q = play(t2, ["e8f8", "a16a1"])
    w = write_position(q)
    check(" b+,wx,r+ b " in w and "Prw@f8" in w and "Kw" not in w,
          "red takes the white king: white eliminated, pawn passes to red: %s" % w)
    m = set(legal_texts(q)[1])
    check(sorted(m) == ["c2b1", "c2c1", "c2d1", "h1g2", "h1h2", "h1i2"],
          "black, checked by red's rook a1 along rank 1, moves after red: %s" % sorted(m))
    q2 = play(w, ["h1h2"])
    m = set(legal_texts(q2)[1])
    check("f8g8" in m and "f8f9" in m and "f8e8" not in m,
          "the passed white pawn still moves east: %s" % from_sq(m, "f8"))
    t3 = suite_pos("three players, white is stalemated")
    p = parse_position(t3)
    cur, d = legal_texts(p)
    check(cur.tomove == 2 and cur.states == ["+", "=", "+"], "white withdraws, red to move")
    check(len(d) == 30 and "b8p8" in d and "b8b3" in d and "p16o16" not in d,
          "red's moves: %d" % len(d))
    q = d["b8p8"]
    check(q.pools[1][POOL_IDX["P"]] == 1, "captured inert pawn pooled as white's")
    wd = M16 + " Kb@h1,Qb@c3,Kw@a1,Pw@c5,Kr@p16 b+,w=,r+ b b@i1,w@a1,r@a9 - - -"
    m = has(wd, yes=["c3a1", "c3c4", "c3c5"], no=["c3c6"])
    q = play(wd, ["c3a1"])
    w = write_position(q)
    check(" b+,w=,r+ r " in w and "Pw@c5" in w and "Kw" not in w,
          "capturing the withdrawn king only removes it: %s" % w)
    check(perft(q, 3) == perft(parse_position(w), 3), "position without the inert king")
    inert = M16 + " Kb@d6,Kw@c5,Nw@e8,Pw@b6,Kr@p16 b+,w=,r+ b b@i1,w@a1,r@a9 - - -"
    has(inert, count=8, yes=["d6c5", "d6c6", "d6d7", "d6c7"])
    t4 = suite_pos("three players, checkmated white has no piece")
    has(t4, count=3, yes=["a1a2", "a1b1", "a1b2"])
    q = play(t4, ["a1b1"])
    has(write_position(q), yes=["b16b1"])
    q = play(t4, ["a1b1", "b16b1"])
    check(q.states == ["+", "x", "+"] and COLOURS[q.tomove] == "b", "white eliminated by red")
    t5 = suite_pos("three seats, white eliminated")
    check(perft(parse_position(t5), 1) == 0, "two players left: red checkmated")
    t5b = t5.replace("Qbw@o15", "Qb@o15").replace("b+,wx,r+", "b+,w+,r+").replace(
        "Kb@h1", "Kb@h1,Kw@a8")
    has(t5b, count=15, yes=["h15h12", "h15k12", "h15e15"])
    f4a = suite_pos("four players: white eliminated")
    m = has(f4a, count=39, yes=["n5p5", "n5p5r", "n5p7r", "n5p3r", "n5n8", "g13h14", "g13g12",
                                "e6h9", "e6c5"],
            no=["n5p5q", "n5m5", "n5n9"])
    q = play(f4a, ["g13h14"])
    check(q.states == ["+", "x", "=", "+"] and q.kings[2] == -1, "inert red king removed")
    q = play(f4a, ["n5p5r"])
    check("Rbw@p5" in write_position(q) and write_position(q).split(" ")[6] == "-",
          "promoted from white's pool, keeps white colour")
    f4b = suite_pos("four players, three playing")
    m = has(f4b, count=42, yes=["h8p8", "c1a3", "h8h9", "h1i2"])
    q = play(f4b, ["h8p8"])
    w = write_position(q)
    check(" b+,w=,r+,gx r " in w and "Pbg@h9" in w and "Nbg@o14" in w,
          "green eliminated, pieces pass to black: %s" % w)
    q2 = play(w, ["h16g16"])
    m = set(legal_texts(q2)[1])
    check("h9g9" in m and "h9e9" in m and "h9i9" not in m and "h9h10" in m and "o14l14" in m,
          "passed green pawn keeps moving west: %s" % from_sq(m, "h9"))
    q = play(f4b, ["c1a3"])
    w = write_position(q)
    check(" b+,w=,r+,g+ r " in w and "Kw" not in w and "Pw@b4" in w,
          "withdrawn king captured: only removed: %s" % w)

    # --- checks field
    q = play(M8 + " Kb@a1,Rb@b2,Kw@h8 b+,w+ b b@a1,w@a1 - - -", ["b2b8"])
    check(write_position(q).endswith(" b:1"), "check run written: %s" % write_position(q))
    q = play(write_position(q), ["h8h7", "b8b7"])
    check(write_position(q).endswith(" b:2"), "check run grows: %s" % write_position(q))
    q = play(write_position(q), ["h7h6", "b7c7"])
    check(write_position(q).endswith(" -"), "check run reset: %s" % write_position(q))

    # --- the fast attack test agrees with generating every capture, on random games
    rng = random.Random(1027)
    ncmp = 0
    extra = [riv, riv2, wd, inert, strip]
    for text in [t for _, t, _ in SUITE] + extra:
        for _game in range(8):
            p = parse_position(text)
            for _ply in range(40):
                if p.setup is None:
                    for s, q in enumerate(p.board):
                        if q is not None:
                            for atk in ({i for i in range(p.n) if i != q[1]},
                                        opponents(p, q[1])):
                                ncmp += 1
                                if attacked(p, s, atk) != attacked_slow(p, s, atk):
                                    check(False, "attack mismatch on %s at %s"
                                          % (p.geo.name(s), write_position(p)))
                cur, lst = legal(p, True)
                w = write_position(cur)
                check(write_position(parse_position(w)) == w, "round trip %s" % w)
                if not lst:
                    break
                # every legal move leaves the mover's king unattacked, or the mover is forced
                mv, p = rng.choice(lst)
                if mv[0] != "@" and len([c for c in cur.states if c == "+"]) == 2 \
                        and p.states == cur.states:
                    me = cur.tomove
                    check(not attacked_slow(p, p.kings[me], opponents(p, me)),
                          "legal move %s leaves the king attacked in %s"
                          % (move_text(cur, mv), write_position(cur)))
                w = write_position(p)
                check(write_position(parse_position(w)) == w, "round trip %s" % w)
    print("attack cross-checks:", ncmp)

    # --- hand-counted perft values (see the report / suite comments)
    hand = [
        ("fig12-1", 1, 14), ("fig12-2", 1, 6), ("fig12-3", 1, 7), ("fig12-5", 1, 18),
        ("fig12-6", 1, 6), ("limited rook", 1, 17), ("limited bishop", 1, 13),
        ("pawn and ruins", 1, 19), ("pawn and rivers", 1, 38), ("pawn moves sideways", 1, 9),
        ("the knight's 16", 1, 17), ("pins and kings", 1, 14), ("holes: two boards", 1, 42),
        ("holes: the black king", 1, 1), ("promotion", 1, 27),
        ("two players, black checkmated", 1, 0), ("two players, black stalemated", 1, 0),
        ("set-up in progress", 1, 10), ("set-up from the start", 1, 8),
        ("set-up from the start", 2, 64), ("set-up from the start", 3, 192),
        ("set-up from the start", 4, 576), ("set-up from the start", 5, 1536),
        ("set-up from the start", 6, 3840), ("set-up in progress", 2, 130),
        ("holes: the black king", 2, 23), ("three players, checkmated white has no piece", 2, 95),
        ("three players on four", 1, 19), ("fig12-4", 1, 24),
        ("three players, white (to move) is checkmated", 1, 15),
        ("three players, white is stalemated", 1, 30),
        ("three players, checkmated white has no piece", 1, 3),
        ("three seats, white eliminated", 1, 0),
        ("four players: white eliminated", 1, 39), ("four players, three playing", 1, 42),
    ]
    for prefix, depth, want in hand:
        got = perft(parse_position(suite_pos(prefix)), depth)
        check(got == want, "%s: perft %d = %d, hand count %d" % (prefix, depth, got, want))

    # --- repetition: perpetual check is lost, any other third occurrence is a draw
    cycle = PERPETUAL_CYCLE.split()
    p, history = play_line(PERPETUAL, cycle)
    check(sorted(m for m, _ in divide(p, 1, history)) == ["g1f1", "g1g2", "g1h1", "g1h2"],
          "the checked king's four moves before the perpetual completes")
    q, h = play_line(PERPETUAL, cycle + ["g1h1"])
    check(perpetual_winner(q, h) == 1, "g1h1: white wins by perpetual check")
    check(perft(q, 1, h) == 0 and perft(q, 3, h) == 0, "a won game has no moves")
    check(dict(divide(p, 2, history))["g1h1"] == 0, "perft 2 counts nothing below g1h1")
    check(perft(q, 1) == 28, "without its history the position plays on (queen 25, king 3)")
    q2, h2 = play_line(PERPETUAL, cycle[:4])
    check(perpetual_winner(q2, h2) is None, "the second occurrence decides nothing")
    check(len(h) == 8 and perpetual_winner(q, h[1:]) is None,
          "only the third occurrence counts (the history must reach the first)")
    # Both players checking throughout: the same history with each black move reaching a
    # position where black gives check (borrowed: a king alone cannot check).
    black_checks = parse_position(M8 + " Kb@h1,Rb@a1,Kw@a8 b+,w+ w b@a1,w@a1 - - -")
    check(gave_check(0, black_checks), "the black rook a1 checks the white king a8")
    both = tuple((k, mover, black_checks if mover == 0 else after_move)
                 for k, mover, after_move in h)
    check(perpetual_winner(q, both) is None, "both players checked throughout: a draw")
    k, k_history = play_line(suite_played("threefold repetition without checks")[0],
                             suite_played("threefold repetition without checks")[1].split()
                             + ["a7a8"])
    check(perpetual_winner(k, k_history) is None and perft(k, 1, k_history) == 3,
          "a repetition without checks draws: perft goes on (the black king's 3 moves)")
    print("selftest:", "OK" if not failures else "%d FAILURES" % len(failures))
    return not failures

# ---------------------------------------------------------------------------------------------

def main(argv):
    if len(argv) >= 4 and argv[1] == "perft":
        try:
            depth = int(argv[2])
            p, history = play_line(argv[3], argv[4:])
        except (ValueError, PositionError) as e:
            print("info string error", e)
            return 1
        if depth < 1:
            print("\nNodes searched: 1")
            return 0
        rows = divide(p, depth, history)
        for m, c in rows:
            print("%s: %d" % (m, c))
        print()
        print("Nodes searched: %d" % sum(c for _, c in rows))
        return 0
    if len(argv) == 3 and argv[1] == "moves":
        try:
            p = parse_position(argv[2])
        except PositionError as e:
            print("info string error", e)
            return 1
        cur, d = legal_texts(p)
        if cur is not p and cur.tomove != p.tomove:
            print("# %s withdraws; %s is to move" % (COLOURS[p.tomove], COLOURS[cur.tomove]),
                  file=sys.stderr)
        for m in sorted(d):
            print(m)
        return 0
    if len(argv) >= 3 and argv[1] == "play":
        try:
            print(write_position(play(argv[2], argv[3:])))
        except PositionError as e:
            print("info string error", e)
            return 1
        return 0
    if len(argv) == 2 and argv[1] == "suite":
        for line in suite_lines():
            print(line, flush=True)
        return 0
    if len(argv) == 2 and argv[1] == "selftest":
        return 0 if selftest() else 1
    if len(argv) == 2 and argv[1] == "readings":
        print(READINGS.strip())
        return 0
    print(__doc__.strip())
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:
        sys.exit(0)
