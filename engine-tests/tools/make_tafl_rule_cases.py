#!/usr/bin/env python3
"""Writes engine-tests/data/tafl-rule-cases.txt: one block per rule case, with the captured
squares and the result after the move computed by tafl_rules_reference.py (independent of the
engine, written from docs/rules/tafl.md).

    python3 engine-tests/tools/make_tafl_rule_cases.py

A case: name, rules (a named set or a rules string), the position (side to move, king,
attackers, defenders as square names), the move, and what it shows. The script checks that
the position has no result yet and that the move is legal (a given position, move `-`, may
have one), then writes:

    case <name>
    rules <rules>
    position <Regalia position string>
    move <from><to>, or - for the position as given (its result before anyone moves)
    captured <captured squares, sorted, space separated, or ->
    result <none | attackers | defenders | draw>

`captured` lists the squares of the pieces the move captures, the king's square too when the
move captures the king (the game then ends: `result attackers`), or, for a given position, the
king's square when he stands captured in it; sorted as text.

Checked once against OpenTafl 0.4.8.0b (its own move code, /work/opentafl-build): every case
agrees except these, where OpenTafl departs from docs/rules/tafl.md:
- shieldwall-strong-corner, shieldwall-defenders-corner: OpenTafl never finds a row closed by a
  corner and a single bracket piece (it first requires two bracket-side pieces on the edge);
- shieldwall-weak-pieces, shieldwall-king-spared, shieldwall-king-bracket: with swf:y OpenTafl
  misses a bracket making its first move (its 'developed' bit changes the piece's identity);
- king-strong-throne-not-hostile-cenhe, king-weak-corner-not-hostile: OpenTafl reads the
  hostility lists per side (the king uses the letter T), the contract per letter (K).
The king-walked-in-*, king-stepping-in-* and king-given-enclosed-* cases came later, with
docs/rules/tafl.md's revised king capture, and were not run through OpenTafl: its capture test looks
only beside the square a move lands on, as they do, but it judges a loaded position only after
a move, so it would not call the king-given-enclosed-*-defenders positions decided.
"""
from pathlib import Path

import tafl_rules_reference as T
from make_tafl_rule_suites import rs

HERE = Path(__file__).parent
OUT = HERE.parent / "data" / "tafl-rule-cases.txt"

# (name, rules, size, side, king, attackers, defenders, move, what it shows)
CASES = [
    # --- custodial capture, hammer and anvil ---------------------------------------------
    ("custodial-attacker-takes", "default", 11, "a", "h9", "c5 e2", "d5", "e2e5",
     "e2-e5 closes c5-d5-e5: the defender on d5 is taken"),
    ("custodial-three-at-once", "default", 11, "a", "h9", "c5 g5 e7 e2", "d5 f5 e6", "e2e5",
     "one move takes d5, f5 and e6"),
    ("custodial-between-two-is-safe", "default", 11, "d", "h9", "d5 f5", "e2", "e2e5",
     "a defender stepping between two attackers is not taken"),
    ("custodial-edge-is-not-hostile", "default", 11, "a", "h9", "c5", "a5", "c5b5",
     "the board edge is not hostile: b5 does not take a5"),
    # --- the king as hammer and anvil (ka:) ---------------------------------------------
    ("king-anvil-armed", rs(11, "ka:y"), 11, "d", "c5", "d5 j10", "e2", "e2e5",
     "ka:y: the king on c5 is the anvil, d5 is taken"),
    ("king-anvil-unarmed", rs(11, "ka:n"), 11, "d", "c5", "d5 j10", "e2", "e2e5",
     "ka:n: the king is no anvil, d5 stays"),
    ("king-anvil-anvil-only", rs(11, "ka:a"), 11, "d", "c5", "d5 j10", "e2", "e2e5",
     "ka:a: the king may be the anvil"),
    ("king-anvil-hammer-only", rs(11, "ka:h"), 11, "d", "c5", "d5 j10", "e2", "e2e5",
     "ka:h: the king may not be the anvil"),
    ("king-hammer-armed", rs(11, "ka:y"), 11, "d", "e2", "d5 j10", "c5", "e2e5",
     "ka:y: the king moving to e5 takes d5 against c5"),
    ("king-hammer-unarmed", rs(11, "ka:n"), 11, "d", "e2", "d5 j10", "c5", "e2e5",
     "ka:n: the moving king takes nothing"),
    ("king-hammer-hammer-only", rs(11, "ka:h"), 11, "d", "e2", "d5 j10", "c5", "e2e5",
     "ka:h: the moving king takes d5"),
    # --- corners and the throne (hostility lists) ---------------------------------------
    ("corner-hostile-to-defender", "default", 11, "a", "h9", "c3", "b1", "c3c1",
     "the empty corner a1 is the anvil against b1"),
    ("corner-hostile-to-attacker", "default", 11, "d", "h9", "a2 j10", "d3", "d3a3",
     "the corner a1 is hostile to attackers too: a2 is taken"),
    ("corner-not-hostile-corh", rs(11, "corh:tK"), 11, "a", "h9", "c3", "b1", "c3c1",
     "corh:tK: the corner is not hostile to defenders, b1 stays"),
    ("throne-empty-hostile-to-attacker", "default", 11, "d", "b10", "f7 j2", "h8", "h8f8",
     "the empty throne f6 is hostile to the attacker on f7"),
    ("throne-empty-not-hostile-cenhe", rs(11, "cenhe:TK"), 11, "d", "b10", "f7 j2", "h8", "h8f8",
     "cenhe:TK: the empty throne is not hostile to attackers, f7 stays"),
    ("throne-occupied-spares-defender", "default", 11, "a", "f6", "b6", "e6", "b6d6",
     "the king's throne is not hostile to defenders (cenh:t), e6 stays"),
    ("throne-occupied-hostile-cenh", rs(11, "cenh:tT"), 11, "a", "f6", "b6", "e6", "b6d6",
     "cenh:tT: the occupied throne is hostile to defenders, e6 is taken"),
    ("throne-occupied-hostile-unarmed-king", rs(11, "ka:n"), 11, "d", "f6", "e6 j2", "d2", "d2d6",
     "ka:n: the king is no anvil, but the occupied throne is hostile to attackers (cenh:t)"),
    # --- the king's capture (ks:) --------------------------------------------------------
    ("king-strong-four", "default", 11, "a", "d4", "c4 e4 d3 h5", "", "h5d5",
     "a strong king in the open is taken by four"),
    ("king-strong-three-and-throne", "default", 11, "a", "f7", "e7 g7 c8", "", "c8f8",
     "a strong king beside the empty throne is taken by three and the throne"),
    ("king-strong-throne-not-hostile-cenhe", rs(11, "cenhe:tT"), 11, "a", "f7", "e7 g7 c8", "",
     "c8f8", "cenhe:tT: the empty throne does not close the king, he survives"),
    ("king-strong-edge-safe", "default", 11, "a", "a6", "a5 b6 c7", "d9", "c7a7",
     "a strong king on the edge is never taken"),
    ("king-strong-not-by-two", "default", 11, "a", "d4", "c4 h4", "", "h4e4",
     "a strong king between two attackers is not taken"),
    ("king-middleweight-edge", rs(11, "ks:m"), 11, "a", "a6", "a5 b6 c7", "d9", "c7a7",
     "ks:m: the edge closes one side, three attackers take the king"),
    ("king-middleweight-corner", rs(11, "ks:m"), 11, "a", "b1", "b2 e1", "d9", "e1c1",
     "ks:m: the king on b1 is closed by a1 (corner), the edge, b2 and c1"),
    ("king-weak-two-flank", "brandubh", 7, "a", "c5", "b5 d7", "", "d7d5",
     "brandubh (ks:w): d7-d5 flanks the king with b5: taken"),
    ("king-weak-corner", "brandubh", 7, "a", "b1", "e1", "", "e1c1",
     "brandubh: the corner a1 is hostile to the king, c1 takes him"),
    ("king-weak-corner-not-hostile", rs(7, "ks:w corh:tT"), 7, "a", "b1", "e1", "", "e1c1",
     "ks:w corh:tT: the corner is not hostile to the king, he survives"),
    ("king-weak-throne-not-hostile", "brandubh", 7, "a", "d5", "a6", "", "a6d6",
     "brandubh (cenhe: empty): the empty throne is not hostile, d6 does not take the king"),
    ("king-weak-throne-hostile", rs(11, "ks:w"), 11, "a", "f7", "b8", "", "b8f8",
     "ks:w with the default cenhe: the empty throne is hostile to the king, f8 takes him"),
    ("king-weak-edge-safe", "brandubh", 7, "a", "a4", "a2 c5", "", "c5a5",
     "ks:w: the edge is not hostile; a5 and a3 would be needed"),
    ("king-c-near-throne-strong", rs(9, "ks:c"), 9, "a", "e6", "d6 i6", "", "i6f6",
     "ks:c: next to the throne the king is strong, two attackers do not take him"),
    ("king-c-near-throne-three", rs(9, "ks:c"), 9, "a", "e6", "d6 f6 b7", "", "b7e7",
     "ks:c: next to the throne: three attackers and the empty throne take him"),
    ("king-c-away-weak", rs(9, "ks:c"), 9, "a", "c3", "b3 d8", "", "d8d3",
     "ks:c: away from the throne the king is weak, taken by two"),
    # --- the strong king is taken only by a move landing next to him (docs/rules/tafl.md) ----------
    *[(f"king-walked-in-survives-{tag}", rules, 11, "a", "f5", "e5 g5 f4 d1", "h9", "d1c1",
       f"{tag}: the king walked in beside the empty throne (e5 g5 f4): d1-c1 does not take him")
      for tag, rules in (("default", "default"), ("fetlar", "fetlar"),
                         ("copenhagen", "copenhagen"))],
    *[(f"king-stepping-in-takes-{tag}", rules, 11, "a", "f5", "e5 g5 f1", "h9", "f1f4",
       f"{tag}: f1-f4 lands beside the king and closes e5 g5 f4 and the throne: taken")
      for tag, rules in (("default", "default"), ("fetlar", "fetlar"),
                         ("copenhagen", "copenhagen"))],
    ("king-walked-in-four-survives", "default", 11, "a", "d4", "c4 e4 d3 d5 j10", "h9", "j10j9",
     "a king who walked in among four attackers survives a move elsewhere"),
    ("king-walked-in-survives-tablut", "tablut", 9, "a", "e6", "d6 f6 e7 a2", "h8", "a2a3",
     "tablut (ks:c): the king walked in beside the throne (d6 f6 e7): a2-a3 does not take him"),
    ("king-walked-in-survives-middleweight", rs(11, "ks:m"), 11, "a", "a6", "a5 a7 b6 j10", "h9",
     "j10j9", "ks:m: the king walked in on the edge (a5 a7 b6): j10-j9 does not take him"),
    # A position given with the king already enclosed (move `-`: the position as it stands):
    # captured with the defenders to move, not with the attackers to move.
    *[(f"king-given-enclosed-{tag}-{who}", rules, n, side, king, att, "", "-",
       f"{tag}: the king given enclosed, the {who} to move: "
       + ("captured" if side == "d" else "not captured"))
      for tag, rules, n, king, att in (
          ("default", "default", 11, "f5", "e5 g5 f4 d1"),
          ("fetlar", "fetlar", 11, "f5", "e5 g5 f4 d1"),
          ("copenhagen", "copenhagen", 11, "f5", "e5 g5 f4 d1"),
          ("tablut", "tablut", 9, "e6", "d6 f6 e7 a2"),
          ("middleweight", rs(11, "ks:m"), 11, "a6", "a5 a7 b6 j10"))
      for side, who in (("d", "defenders"), ("a", "attackers"))],
    # --- escapes -------------------------------------------------------------------------
    ("escape-corner", "default", 11, "d", "a5", "c7", "", "a5a1",
     "the king reaches the corner a1: the defenders win"),
    ("escape-edge-not-enough", "default", 11, "d", "c5", "c7", "", "c5a5",
     "esc:c: the king on the edge has not escaped"),
    ("escape-edge", rs(11, "esc:e"), 11, "d", "c5", "c7", "", "c5a5",
     "esc:e: the king on any edge square wins"),
    # --- shieldwall ----------------------------------------------------------------------
    ("shieldwall-strong-corner", "copenhagen", 11, "a", "f6", "b2 c2 d5", "b1 c1 h9", "d5d1",
     "sw:s: a1 (corner) and d1 bracket b1-c1, fronted by b2 c2: both taken"),
    ("shieldwall-weak-corner", rs(11, "sw:w"), 11, "a", "f6", "b2 c2 d5", "b1 c1 h9", "d5d1",
     "sw:w: a corner may not close the row: nothing taken"),
    ("shieldwall-weak-pieces", rs(11, "sw:w"), 11, "a", "f6", "b1 c2 d2 e2 f5", "c1 d1 e1 h9",
     "f5f1",
     "sw:w: attackers b1 and f1 bracket c1-e1, fronted: all three taken"),
    ("shieldwall-unfronted", rs(11, "sw:s"), 11, "a", "f6", "b1 c2 f5", "c1 d1 e1 h9", "f5f1",
     "sw:s: d1 and e1 have no attacker in front: no shieldwall"),
    ("shieldwall-front-mover-swf-y", rs(11, "sw:s"), 11, "a", "f6", "b1 f1 c2 d2 e6", "c1 d1 e1 h9",
     "e6e2", "swf:y: the row is closed by a piece moving in front, not a bracket: nothing taken"),
    ("shieldwall-front-mover-swf-n", rs(11, "sw:s swf:n"), 11, "a", "f6", "b1 f1 c2 d2 e6",
     "c1 d1 e1 h9", "e6e2", "swf:n: a front piece closing the row takes it"),
    ("shieldwall-king-spared", rs(11, "sw:s"), 11, "a", "c1", "b2 c2 d2 e5", "b1 d1 h9", "e5e1",
     "sw:s: the row b1 c1 d1 holds the king: b1 and d1 are taken, the king stays"),
    ("shieldwall-king-bracket", rs(11, "sw:s"), 11, "d", "e5", "c1 d1 j9", "b1 c2 d2", "e5e1",
     "sw:s: the king moving to e1 brackets the attackers' row c1 d1 with b1"),
    ("shieldwall-king-bracket-unarmed", rs(11, "sw:s ka:n"), 11, "d", "e5", "c1 d1 j9",
     "b1 c2 d2", "e5e1", "sw:s ka:n: the king is no bracket: nothing taken"),
    ("shieldwall-defenders-corner", "copenhagen", 11, "d", "f6", "b11 c11 j2", "b10 c10 d5",
     "d5d11", "copenhagen: the defenders take the attackers' row b11 c11 against a11"),
    # --- edge fort -----------------------------------------------------------------------
    ("edge-fort-holds", "copenhagen", 11, "d", "f1", "k6 c6", "e1 g1 e2 g2 f3 c3", "c3e3",
     "efe:y: king f1 with f2 free inside e1 g1 e2 g2 f3, e3 now guards f3: the fort wins"),
    ("edge-fort-wall-capturable", "copenhagen", 11, "d", "f1", "k6 c6", "e1 g1 e2 g2 f5", "f5f3",
     "efe:y: f3 could be taken between e3 and g3: no fort"),
    ("edge-fort-attacker-touches", "copenhagen", 11, "d", "f1", "k6 f3", "e1 g1 e2 h2 e3 g3",
     "h2g2", "efe:y: the attacker on f3 touches the fort: no fort"),
    ("edge-fort-king-no-move", "copenhagen", 11, "d", "f1", "k6", "e1 g1 e2 g2 f5", "f5f2",
     "efe:y: walls e1 g1 f2 e2 g2 are safe but the king has no move: no fort"),
    ("edge-fort-switch-off", "fetlar", 11, "d", "f1", "k6 c6", "e1 g1 e2 g2 f3 c3", "c3e3",
     "efe:n (fetlar): the same fort does not win"),
    # --- encirclement and no moves -------------------------------------------------------
    ("encirclement-complete", "fetlar", 11, "a", "c3", "c2 d2 b3 c4 d4 j3", "", "j3e3",
     "surf:y: the king's region c3 d3 is closed off from the edge: the attackers win"),
    ("encirclement-defender-outside", "fetlar", 11, "a", "c3", "c2 d2 b3 c4 d4 j3", "h9", "j3e3",
     "surf:y: a defender outside the ring can reach the edge: no result"),
    ("encirclement-gap", "fetlar", 11, "a", "c3", "c2 d2 b3 c4 d4 j3", "", "j3f3",
     "surf:y: e3 is still open: no result"),
    ("encirclement-switch-off", "default", 11, "a", "c3", "c2 d2 b3 c4 d4 j3", "", "j3e3",
     "surf:n (default): the ring does not win"),
    ("no-move-defenders-lose", "default", 11, "a", "a6", "a5 b6 c7", "", "c7a7",
     "the lone king on a6 is boxed in: the defenders have no move and lose"),
    ("no-pieces-attackers-lose", "default", 11, "d", "h9", "d5", "c5 e2", "e2e5",
     "the last attacker is taken: the attackers have no move and lose"),
    # --- Linnaean capture (linc:y) ------------------------------------------------------
    ("linnaean-takes", "tablut", 9, "a", "e5", "a7 d5 f5 e4", "e6", "a7e7",
     "linc:y: the king on the throne, d5 f5 e4 attackers: a7-e7 takes e6 (the king survives)"),
    ("linnaean-two-neighbours", "tablut", 9, "a", "e5", "a7 d5 f5", "e6", "a7e7",
     "linc:y: only two of the king's other neighbours are attackers: e6 stays"),
    ("linnaean-switch-off", rs(9, "cenh: linc:n"), 9, "a", "e5", "a7 d5 f5 e4", "e6", "a7e7",
     "linc:n (cenh: empty): the same move takes nothing"),
    ("linnaean-off-throne", "tablut", 9, "a", "c5", "a7 b5 d5 c4", "c6", "a7c7",
     "linc:y: the king on c5 is not on a centre square: c6 stays"),
    # --- who moves first -----------------------------------------------------------------
    ("defenders-first", rs(11, "atkf:n"), 11, "d", "f6",
     "a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10",
     "d6 e5 e6 e7 f4 f5 f7 f8 g5 g6 g7 h6", "h6h2",
     "atkf:n: the start with the defenders to move; h6-h2 takes nothing (g2 and i2 are empty)"),
]


def main():
    # No comment lines: the file is nothing but blocks (provenance: this script's docstring).
    out = []
    names = set()
    for name, rules, n, side, king, att, dfn, move, note in CASES:
        if name in names:
            raise SystemExit(f"duplicate case {name}")
        names.add(name)
        R = T.rules_from(rules)
        pos = T.build(n, side, king, att, dfn)
        board, s = T.position_from(R, pos)
        if move == "-":
            # The position as given: its result, the king listed when he stands captured.
            k = board.index(T.KING)
            b2, captured = board, []
            king_taken = s == "d" and not R.king_weak[k] and T.king_enclosed(R, board, k)
            result = T.given_result(R, board, s) or T.no_move_result(R, board, s)
        else:
            if T.given_result(R, board, s) or T.no_move_result(R, board, s):
                raise SystemExit(f"{name}: the position already has a result")
            m = T.parse_move(n, move)
            if m not in T.gen_moves(R, board, s):
                raise SystemExit(f"{name}: {move} is not legal in {pos}")
            b2, captured, king_taken, result = T.result_after(R, board, s, m)
        squares = [T.square_name(n, c) for c in captured]
        if king_taken:
            squares.append(T.square_name(n, b2.index(T.KING)))
        cap = " ".join(sorted(squares)) or "-"   # sorted as text
        out += [f"case {name}", f"rules {rules}", f"position {pos}", f"move {move}",
                f"captured {cap}", f"result {result or 'none'}", ""]
        print(f"{name:40} {cap:12} {result or 'none':10} {note}")
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(out[:-1]) + "\n")
    print(len(CASES), "cases ->", OUT)


if __name__ == "__main__":
    main()
