#!/usr/bin/env python3
"""Regenerates the tafl rule-set perft suites from tafl_rules_reference.py (independent of the
engine, written from docs/rules/tafl.md), and the named rules strings:

    engine-tests/perft/tafl-rule-sets/<name>.epd for default, fetlar, copenhagen, brandubh, tablut
    engine-tests/perft/tafl-rule-sets/switches.epd one switch at a time under explicit rules strings
    engine-tests/data/tafl-rule-sets.txt   <name> <rules string>, one a line
    engine-tests/data/tafl-unsupported-rules.txt   rules strings that must be refused, one a line

    python3 engine-tests/tools/make_tafl_rule_suites.py [suite ...]

Suite format: `rules <name or rules string>` sets the rules for the lines below it, `# ...`
says what the next position tests, a position line is `<Regalia position> ;D1 n ;D2 n ...`.
Depths: up to 3 (4 on 7x7) while the count stays under LIMIT. Boards are 7x7 to 13x13 (the
contract: dim above 13 is unsupported; a 19x19 string is in tafl-unsupported-rules.txt).
"""
import sys
from pathlib import Path

import tafl_rules_reference as T

HERE = Path(__file__).parent
LIMIT = 2_000_000


def _record(n, king, attackers, defenders):
    """An OpenTafl position record from square names (any size: no check against the contract's
    board sizes, so that unsupported strings can be written too)."""
    board = [T.EMPTY] * (n * n)
    board[T.parse_square(n, king)] = T.KING
    for group, code in ((attackers, T.ATT), (defenders, T.DEF)):
        for sq in group.split():
            board[T.parse_square(n, sq)] = code
    return T.to_opentafl(n, board)


# Start records for the explicit rules strings (rs below), one per board size.
START = {
    7: "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",                                    # brandubh
    9: "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",                  # tablut
    11: "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",  # fetlar
    13: _record(13, "g7",
                "e1 f1 g1 h1 i1 g2 a5 a6 a7 a8 a9 b7 m5 m6 m7 m8 m9 l7 e13 f13 g13 h13 i13 g12",
                "g4 g5 g6 g8 g9 g10 d7 e7 f7 h7 i7 j7 f6 h6 f8 h8"),
}

# A 19x19 start, only for the unsupported-rules file (the contract: 7 <= dim <= 13).
START_19 = _record(19, "j10",
                "g1 h1 i1 j1 k1 l1 m1 j2 a7 a8 a9 a10 a11 a12 a13 b10 s7 s8 s9 s10 s11 s12 s13 r10 "
                "g19 h19 i19 j19 k19 l19 m19 j18 e5 o5 e15 o15",
                "j6 j7 j8 j9 j11 j12 j13 j14 f10 g10 h10 i10 k10 l10 m10 n10 h8 l8 h12 l12")


def rs(n, switches=""):
    """A rules string for an n x n board with the given switches and the size's start."""
    return " ".join(x for x in (f"dim:{n}", switches, f"start:{START[n]}") if x)


NAMED_ORDER = ("default", "fetlar", "copenhagen", "brandubh", "tablut")

# A suite: a list of ("rules", <name or string>) and (comment, position) entries, position
# "start" or (side, king, attackers, defenders), optionally a third item: the maximum depth.
SUITES = {}

SUITES["default"] = [
    ("rules", "default"),
    ("the start position (docs/rules/tafl.md#board-and-setup)", "start"),
    ("corners hostile to both sides: c3-c1 takes b1 against a1, then d3-a3 takes a2",
     ("a", "h9", "c3 a2", "b1 d3")),
    ("the empty throne hostile to both sides: h8-f8 takes f7, b6-d6 takes e6 (f6 empty)",
     ("d", "b10", "f7 b6", "h8 e6")),
    ("the king on the throne: not hostile to the defender e6 (b6-d6), the king the anvil for h2-h6 against g6",
     ("a", "f6", "b6 g6", "e6 h2")),
    ("the strong king in the open: c5-g5 closes f4 h4 g3 g5 and takes him",
     ("a", "g4", "f4 h4 g3 c5", "")),
    ("beside the throne three attackers and the empty throne take the king (b7-e7)",
     ("a", "e6", "d6 e5 b7", "")),
    ("the strong king on the edge is never taken: c7-a7 boxes him, the defender h9 still moves",
     ("a", "a6", "a5 b6 c7", "h9")),
    ("a king given enclosed by four with the defenders to move is captured already (D1 = 0; docs/rules/tafl.md#king-capture — "
     "OpenTafl 0.4.8.0b judges a loaded position only after a move and counts D1 20)",
     ("d", "d4", "c4 e4 d3 d5", "h9")),
    ("the king on a3 reaches the corner a1 (a win), the defender c1 may stop on b1 but not a1",
     ("d", "a3", "j9", "c1")),
    ("attackers pass over the empty throne (f4 up the file, d6 along the rank) but never stop on it",
     ("a", "b10", "f4 d6", "h8")),
    ("the king on the throne blocks the way: f3 and c6 stop before f6",
     ("a", "f6", "f3 c6", "h9")),
    ("the attackers' only piece b1 is shut in by c1, b2 and the corner a1: no move, they lose (D1 = 0)",
     ("a", "h9", "b1", "c1 b2")),
    ("encirclement does not count (surf:n): j3-e3 closes the king's region c3 d3, play goes on",
     ("a", "c3", "c2 d2 b3 c4 d4 j3", "")),
    ("one move, three captures: e2-e5 takes d5, f5 and e6; stepping between two attackers is safe",
     ("a", "h9", "c5 g5 e7 e2", "d5 f5 e6")),
    ("a king who walked in beside the throne (f5: e5 g5 f4) survives the attackers' moves "
     "elsewhere; only an attacker stepping back in beside him takes him (docs/rules/tafl.md)",
     ("a", "f5", "e5 g5 f4 d1", "h9")),
]

SUITES["fetlar"] = [
    ("rules", "fetlar"),
    ("the start position (OpenTafl's Fetlar: the default rules with encirclement)", "start"),
    ("encirclement: j3-e3 closes the king's region c3 d3 off from the edge, the attackers win",
     ("a", "c3", "c2 d2 b3 c4 d4 j3", "")),
    ("encircled already with the defenders to move: the attackers have won (D1 = 0)",
     ("d", "c3", "c2 d2 b3 c4 d4 e3", "")),
    ("the same ring with a defender outside (h9): no encirclement, play goes on",
     ("d", "c3", "c2 d2 b3 c4 d4 e3", "h9")),
    ("a ring round the king and a defender (d4, e5): e9-e6 closes it",
     ("a", "d4", "c4 c5 d3 e3 f4 f5 d6 e9", "e5")),
    ("the king on the edge is never encircled: c7-b7 closes a5 a6 a7 against the edge, no win",
     ("a", "a6", "a4 b5 b6 c7 a8", "")),
    ("the king on the throne taken by four: b7-f7",
     ("a", "f6", "e6 g6 f5 b7", "")),
    ("beside the throne three attackers and the empty throne take the king (b7-e7)",
     ("a", "e6", "d6 e5 b7", "")),
    ("no shieldwall in fetlar: d5-d1 takes nothing from b1 c1 (fronted by b2 c2, a1 the corner)",
     ("a", "f6", "b2 c2 d5", "b1 c1 h9")),
    ("no edge fort in fetlar: c3-e3 completes a fort round f1 f2 and wins nothing",
     ("d", "f1", "k6 c6", "e1 g1 e2 g2 f3 c3")),
    ("corners hostile to both sides: c3-c1 takes b1 against a1, then d3-a3 takes a2",
     ("a", "h9", "c3 a2", "b1 d3")),
    ("the empty throne hostile to both sides: h8-f8 takes f7, b6-d6 takes e6 (f6 empty)",
     ("d", "b10", "f7 b6", "h8 e6")),
    ("a king who walked in beside the throne (f5: e5 g5 f4) survives the attackers' moves "
     "elsewhere; only an attacker stepping back in beside him takes him (docs/rules/tafl.md)",
     ("a", "f5", "e5 g5 f4 d1", "h9")),
]

SUITES["copenhagen"] = [
    ("rules", "copenhagen"),
    ("the start position (OpenTafl's Copenhagen: shieldwall sw:s, edge fort efe:y)", "start"),
    ("shieldwall against the corner: d5-d1 takes b1 c1 (fronted by b2 c2, bracketed by a1 and d1; "
     "OpenTafl 0.4.8.0b misses a row with only one bracket piece on the edge: D3 115039)",
     ("a", "f6", "b2 c2 d5", "b1 c1 h9")),
    ("shieldwall with the king in the row: f5-f1 takes c1 and e1, the king on d1 stays (OpenTafl "
     "0.4.8.0b with swf:y misses a bracket making its first move: D2 1793, D3 121328)",
     ("a", "d1", "b1 c2 d2 e2 f5", "c1 e1 h9")),
    ("the defenders' shieldwall with the king as a bracket: e5-e1 takes c1 d1 (b1 the other bracket; "
     "OpenTafl 0.4.8.0b, first-move bracket: D3 99046)",
     ("d", "e5", "c1 d1 j9", "b1 c2 d2")),
    ("the defenders' shieldwall against the corner a11: d5-d11 takes b11 c11 (OpenTafl 0.4.8.0b, "
     "one bracket piece on the edge: D3 132007)",
     ("d", "f6", "b11 c11 j2", "b10 c10 d5")),
    ("swf:y: a row closed by a piece moving in front (e6-e2, brackets b1 f1 standing) is not taken",
     ("a", "f6", "b1 f1 c2 d2 e6", "c1 d1 e1 h9")),
    ("edge fort: c3-e3 guards f3, the king on f1 with f2 free inside e1 g1 e2 g2 f3 wins",
     ("d", "f1", "k6 c6", "e1 g1 e2 g2 f3 c3")),
    ("edge fort that fails: after f5-f3 the wall f3 could be taken between e3 and g3",
     ("d", "f1", "k6 c6", "e1 g1 e2 g2 f5")),
    ("edge fort that fails: the attacker on f3 touches the fort (h2-g2 closes it)",
     ("d", "f1", "k6 f3", "e1 g1 e2 h2 e3 g3")),
    ("an edge fort given standing with the attackers to move: the defenders have won (D1 = 0)",
     ("a", "f1", "k6 c6", "e1 g1 e2 g2 f3 e3")),
    ("edge fort with no king move: f5-f2 shuts the king in, no win",
     ("d", "f1", "k6", "e1 g1 e2 g2 f5")),
    ("encirclement: j3-e3 closes the king's region c3 d3, the attackers win",
     ("a", "c3", "c2 d2 b3 c4 d4 j3", "")),
    ("the strong king beside the throne: b7-e7 takes him with d6 e5 and the empty throne",
     ("a", "e6", "d6 e5 b7", "")),
    ("a king who walked in beside the throne (f5: e5 g5 f4) survives the attackers' moves "
     "elsewhere; only an attacker stepping back in beside him takes him (docs/rules/tafl.md)",
     ("a", "f5", "e5 g5 f4 d1", "h9")),
    ("shieldwall with the king in the row on the edge: c8-a8 takes a5 and a7, the king on a6 stays "
     "(OpenTafl 0.4.8.0b, first-move bracket: D2 1724, D3 118167)",
     ("a", "a6", "a4 b5 b6 b7 c8", "a5 a7 h9")),
]

SUITES["brandubh"] = [
    ("rules", "brandubh"),
    ("the start position (OpenTafl's Brandub: weak king, the throne hostile to nobody)", "start"),
    ("the weak king taken by two: d7-d5 closes b5-c5-d5",
     ("a", "c5", "b5 d7", "")),
    ("the weak king beside the corner: e1-c1 takes him against a1",
     ("a", "b1", "e1", "")),
    ("the weak king on the edge taken along it: c3-a3 with a5",
     ("a", "a4", "a5 c3", "")),
    ("the empty throne hostile to nobody: a6-d6 does not take the king on d5, f1-f4 not e4",
     ("a", "d5", "a6 f1", "e4")),
    ("the king on the throne is an anvil (ka:y), the throne itself is not (cenh: empty)",
     ("d", "d4", "c4 e6", "b1")),
    ("only the king stops on the throne, all pass over it: d2 up the file, g4 along the rank",
     ("a", "b6", "d2", "g4")),
    ("corners hostile to both sides: c3-c1 takes b1 against a1, then d3-a3 takes a2",
     ("a", "f6", "c3 a2", "b1 d3")),
    ("the king one move from the corner a1: a3-a1 wins",
     ("d", "a3", "c5", "f6")),
    ("the king stepping between two attackers is safe: c2-c3 between b3 and d3",
     ("d", "c2", "b3 d3", "")),
    ("a weak king given between two attackers with the defenders to move is not taken",
     ("d", "c5", "b5 d5", "")),
]

SUITES["switches"] = [
    # 7x7
    ("rules", rs(7, "atkf:n")),
    ("atkf:n: the defenders move first from the start", "start"),
    ("rules", rs(7, "ks:m")),
    ("ks:m: the king on the edge taken by three (c5-a5 with a3 and b4); in the open by four",
     ("a", "a4", "a3 b4 c5", "")),
    ("ks:m: a king who walked in on the edge (a4: a3 a5 b4) survives the attackers' moves "
     "elsewhere (docs/rules/tafl.md)",
     ("a", "a4", "a3 a5 b4 f6", "e2")),
    ("rules", rs(7, "cen:")),
    ("cen: empty: no throne: d2 may stop on d4, and f1-f4 does not take e4 against d4",
     ("a", "b6", "d2 e4", "c4 f1")),
    ("rules", rs(7, "cenp:K")),
    ("cenp:K: only the king may pass over the empty throne",
     ("a", "b6", "d2", "g4")),
    ("rules", rs(7, "cens:tTK")),
    ("cens:tTK: every piece may stop on the empty throne",
     ("a", "b6", "d2", "g4")),
    ("rules", rs(7, "cenre:K")),
    ("cenre:K: pieces starting off the throne may not enter it, not even passing (the king may; "
     "OpenTafl 0.4.8.0b then also shuts every piece out of the corners, reading corre only with "
     "cenre and as empty when absent: D4 23242)",
     ("a", "d6", "d2", "g4")),
    # 9x9
    ("rules", rs(9, "esc:e")),
    ("esc:e: the king on c6 reaches the edge (a6, c1, c9) in one move and wins",
     ("d", "c6", "e7", "")),
    ("esc:e: a king given on the edge has won (D1 = 0)",
     ("a", "a5", "e7", "")),
    ("rules", rs(9, "ks:c")),
    ("ks:c: next to the throne e5 the king is strong: i6-f6 does not take him on e6; then b7-e7 does (d6 f6 e7 and the empty throne)",
     ("a", "e6", "d6 i6 b7", "")),
    ("ks:c: away from the throne he is weak: d8-d3 takes him on c3 with b3",
     ("a", "c3", "b3 d8", "")),
    ("ks:c: a king who walked in beside the throne (e6: d6 f6 e7) survives the attackers' moves "
     "elsewhere; only an attacker stepping back in beside him takes him (docs/rules/tafl.md)",
     ("a", "e6", "d6 f6 e7 a2", "h8")),
    ("rules", rs(9, "cor:")),
    ("cor: empty: no corner squares, anyone stops on a1, no corner hostility (c3-c1 does not take b1)",
     ("a", "e8", "c3 a3", "b1")),
    ("rules", rs(9, "cor:b2,h2,b8,h8")),
    ("cor:b2,h2,b8,h8: only the king stops on (e2-b2 wins) or passes (e2-a2) these corners; they block b4 and g2",
     ("d", "e2", "b5 c3", "b4 g2")),
    ("rules", rs(9, "cor:b2,h2,b8,h8 corp:tTK")),
    ("corp:tTK with the inner corners: every piece passes over them (b4-b1, g2-i2), only the king stops",
     ("d", "e2", "b5 c3", "b4 g2")),
    ("rules", rs(9, "cen:d4,f6")),
    ("cen:d4,f6: two centre squares, hostile when empty (f3-f4 takes e4 against d4); others pass, never stop",
     ("a", "a7", "d7 c4 f3", "e4 i6")),
    ("rules", rs(9, "corre:tT")),
    ("corre:tT: the king may not enter a corner (a2-a1 is no move), so he never escapes "
     "(OpenTafl 0.4.8.0b ignores corre without cenre: D1 16, D3 3362)",
     ("d", "a2", "e7", "")),
    # 11x11
    ("rules", rs(11, "ka:n")),
    ("ka:n: the king is no anvil: e2-e5 does not take d5 against the king on c5",
     ("d", "c5", "d5 h8", "e2")),
    ("ka:n: the moving king takes nothing",
     ("d", "e2", "d5 h8", "c5")),
    ("rules", rs(11, "ka:a")),
    ("ka:a: the king may be the anvil",
     ("d", "c5", "d5 h8", "e2")),
    ("ka:a: the moving king takes nothing",
     ("d", "e2", "d5 h8", "c5")),
    ("rules", rs(11, "ka:h")),
    ("ka:h: the king may not be the anvil",
     ("d", "c5", "d5 h8", "e2")),
    ("ka:h: the moving king takes d5",
     ("d", "e2", "d5 h8", "c5")),
    ("rules", rs(11, "ks:w")),
    ("ks:w on 11x11: b8-f8 takes the king on f7 against the empty throne f6",
     ("a", "f7", "b8 d4 j2", "")),
    ("rules", rs(11, "ks:s")),
    ("ks:s (explicit): the same position, b8-f8 does not take the king",
     ("a", "f7", "b8 d4 j2", "")),
    ("rules", rs(11, "surf:n")),
    ("surf:n: j3-e3 closes the ring and wins nothing",
     ("a", "c3", "c2 d2 b3 c4 d4 j3", "")),
    ("rules", rs(11, "efe:y")),
    ("efe:y alone: c3-e3 completes an edge fort round f1 f2 (win)",
     ("d", "f1", "k6 c6", "e1 g1 e2 g2 f3 c3")),
    ("rules", rs(11, "sw:s")),
    ("sw:s: the corner a1 closes a shieldwall row (d5-d1 takes b1 c1; OpenTafl 0.4.8.0b: D3 115039)",
     ("a", "f6", "b2 c2 d5", "b1 c1 h9")),
    ("rules", rs(11, "sw:w")),
    ("sw:w: a corner may not close a row: d5-d1 takes nothing from b1 c1",
     ("a", "f6", "b2 c2 d5", "b1 c1 h9")),
    ("sw:w: attacker brackets close a row: f5-f1 takes c1 d1 e1 (b1 the other bracket; OpenTafl "
     "0.4.8.0b, first-move bracket: D3 167345)",
     ("a", "f6", "b1 c2 d2 e2 f5", "c1 d1 e1 h9")),
    ("rules", rs(11, "sw:s swf:n")),
    ("swf:n: a piece moving in front (e6-e2) closes the row and takes it",
     ("a", "f6", "b1 f1 c2 d2 e6", "c1 d1 e1 h9")),
    ("rules", rs(11, "corh:K")),
    ("corh:K: corners hostile to the king only: c3-c1 does not take b1",
     ("a", "h9", "c3 a2", "b1 d3")),
    ("rules", rs(11, "cenhe:K")),
    ("cenhe:K: the empty throne hostile to the king only: h8-f8 does not take f7",
     ("d", "b10", "f7 b6", "h8 e6")),
    ("rules", rs(11, "cenh:tT")),
    ("cenh:tT: the occupied throne hostile to defenders too: b6-d6 takes e6",
     ("a", "f6", "b6 g6", "e6 h2")),
    ("rules", rs(11, "cors:tTK")),
    ("cors:tTK: every piece may stop on a corner (c1-a1, a3-a1, b11-a11, k3-k1); stopping needs "
     "cors only (OpenTafl 0.4.8.0b also wants corp to enter: D1 35, D2 1856, D3 63540)",
     ("a", "h9", "c1 a3", "b11 k3")),
    ("rules", rs(11, "tfr:l")),
    ("tfr:l: repetition never stops perft; the start counts are the plain ones", "start"),
    ("rules", "dim:11 name:explicit-defaults esc:c surf:y atkf:y tfr:d ka:y ks:y kj:n nj:n cj:n mj:n gj:n "
              "spd:-1 cor:a1,k1,a11,k11, cen:f6, afor: dfor: corh:tcnkmTCNKM cenh:tcnkm cenhe:tcnkmTCNKM "
              "corp:K cenp:tcnkmTCNKM cors:K cens:K corre:tcnkmTCNKM cenre:tcnkmTCNKM sw:n swf:y efe:n "
              "linc:n ber:n unknownkey:zz start:" + START[11]),
    ("every entry spelt out at its default (and an unknown key): the fetlar start counts", "start"),
    ("rules", "dim:11 starti:/3tt1tt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
    ("starti: the record's first row is the top rank, so f11 is the empty square (perft cannot tell a mirror; the position string can)", "start"),
    # 13x13 (the largest board the contract supports)
    ("rules", rs(13)),
    ("13x13 with default rules: the start position", "start"),
    ("13x13: the king captured by four in the open, corners and throne as on 11x11",
     ("a", "c11", "b11 d11 c10 h12", "")),
    ("rules", rs(13, "ks:w esc:e")),
    ("13x13 ks:w esc:e: a weak king near the edge, one move from winning", ("d", "c4", "b4 e9", "")),
]

SUITES["tablut"] = [
    ("rules", "tablut"),
    ("the start position (OpenTafl's Tablut 9x9: edge escape, ks:c, no corners, a throne nobody "
     "stops on, Linnaean capture; OpenTafl 0.4.8.0b agrees: D1 80, D2 4400, D3 353200, and on "
     "every position of this suite at every depth listed)", "start"),
    ("esc:e: the king on c6 reaches the edge (a6, c9, c1) in one move and wins",
     ("d", "c6", "e7 g3", "")),
    ("esc:e: a king given on the edge has won (D1 = 0)",
     ("a", "a5", "e7", "")),
    ("cor: empty: no corner squares: anyone stops on a1 (a3-a1, b1-a1), and c3-c1 does not take "
     "b1 against a1",
     ("a", "e8", "c3 a3", "b1")),
    ("ks:c: on the throne the king is strong: three attackers do not take him, b6-e6 (the fourth) does",
     ("a", "e5", "d5 f5 e4 b6", "")),
    ("ks:c: next to the throne he is strong: b7-e7 takes him on e6 with d6, f6 and the empty "
     "throne (hostile to K, cenhe)",
     ("a", "e6", "d6 f6 b7", "")),
    ("ks:c: away from the throne he is weak: d8-d3 takes him on c3 with b3",
     ("a", "c3", "b3 d8", "")),
    ("ks:c: a king who walked in beside the throne (e6: d6 f6 e7) survives the attackers' moves "
     "elsewhere; only an attacker stepping back in beside him takes him (docs/rules/tafl.md)",
     ("a", "e6", "d6 f6 e7 a2", "h8")),
    ("cens: empty, cenp all: nobody stops on the empty throne e5, all pass over it (e1 up the "
     "file to e6, the defender a5 along the rank to i5, the king on e7 down the file to e2)",
     ("a", "e7", "e1 h8", "a5")),
    ("the empty throne hostile to attackers (cenhe): g3-e3 takes e4 against e5",
     ("d", "b8", "e4 i8", "g3")),
    ("the empty throne hostile to defenders: c2-c5 takes d5 against e5",
     ("a", "b8", "c2", "d5 h1")),
    ("the occupied throne hostile to nobody (cenh: empty): a7-e7 does not take e6 against the "
     "king on e5 (only two other neighbours attackers: no Linnaean capture either)",
     ("a", "e5", "a7 d5 f5", "e6")),
    ("Linnaean capture: the king on the throne with d5 f5 e4 attackers, a7-e7 takes e6 "
     "(the king then survives: e6 is empty)",
     ("a", "e5", "a7 d5 f5 e4", "e6")),
    ("no Linnaean capture off the throne: the king on c5 with b5 d5 c4, a7-c7 does not take c6",
     ("a", "c5", "a7 b5 d5 c4", "c6")),
]


def counts(R, board, side, maxdepth):
    """D1.. while the count stays under LIMIT (a depth estimated far over it is not run)."""
    out = []
    for d in range(1, maxdepth + 1):
        if len(out) >= 2 and out[-2] and out[-1] * out[-1] / out[-2] > 3 * LIMIT:
            break
        c = T.perft_root(R, board, side, d)
        if c > LIMIT:
            break
        out.append(c)
        if c == 0:
            break
    return out


def write_suite(name):
    entries = SUITES[name]
    lines = [f"# tafl perft suite `{name}`: `rules <name or rules string>` sets the rules below it,",
             "# then <Regalia position> ;D<depth> <count> ... Counts from",
             "# engine-tests/tools/tafl_rules_reference.py (independent of the engine, written from",
             "# docs/rules/tafl.md); regenerate with engine-tests/tools/make_tafl_rule_suites.py."]
    R = None
    positions = 0
    for entry in entries:
        if entry[0] == "rules":
            R = T.rules_from(entry[1])
            lines.append(f"rules {entry[1]}")
            continue
        note, spec = entry[0], entry[1]
        maxdepth = entry[2] if len(entry) > 2 else (4 if R.n == 7 else 3)
        if spec == "start":
            board, side = R.start[:], R.first
        else:
            side, king, att, dfn = spec
            board, side = T.position_from(R, T.build(R.n, side, king, att, dfn))
        text = T.to_regalia(R.n, board, side)
        cs = counts(R, board, side, maxdepth)
        lines.append(f"# {note}")
        lines.append(text + " ;" + " ;".join(f"D{d} {c}" for d, c in enumerate(cs, 1)))
        positions += 1
        print(f"{name}: {text} {cs}", flush=True)
    out = HERE.parent / "perft" / "tafl-rule-sets" / f"{name}.epd"
    out.write_text("\n".join(lines) + "\n")
    print(f"{out}: {positions} positions", flush=True)


def write_rule_sets():
    out = HERE.parent / "data" / "tafl-rule-sets.txt"
    out.parent.mkdir(exist_ok=True)
    # Nothing but `<name> <rules string>` lines: default is docs/rules/tafl.md#the-default-game,
    # the others OpenTafl 0.4.8.0b's own strings (see tafl_rules_reference.NAMED).
    lines = []
    for name in NAMED_ORDER:
        lines.append(f"{name} {T.NAMED[name]}")
    out.write_text("\n".join(lines) + "\n")


# Rules strings the contract refuses (docs/rules/tafl.md): each must fail to parse.
UNSUPPORTED = [
    "dim:19 start:" + START_19,                      # 7 <= dim <= 13
    rs(11, "ber:c"),                                 # ber: must be n
    rs(11, "kj:r"),                                  # kj: must be n
    rs(9, "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8,"),   # fortresses: only empty
    rs(11, "spd:3"),                                 # spd: only -1
    "dim:11 start:/3ttttt3/5t5/11/t4T4t/t3TNT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",  # a knight
]


def write_unsupported():
    out = HERE.parent / "data" / "tafl-unsupported-rules.txt"
    for text in UNSUPPORTED:
        try:
            T.Rules(text)
        except T.RulesError as e:
            print(f"unsupported ({e}): {text[:60]}", flush=True)
            continue
        raise SystemExit(f"the reference accepts {text!r}")
    out.write_text("\n".join(UNSUPPORTED) + "\n")


def main(argv):
    write_rule_sets()
    write_unsupported()
    for name in argv or list(SUITES):
        write_suite(name)


if __name__ == "__main__":
    main(sys.argv[1:])
