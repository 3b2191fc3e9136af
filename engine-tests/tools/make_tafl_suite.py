#!/usr/bin/env python3
"""Regenerates perft/tafl.epd from tafl_positions.txt with tafl_reference.py (independent).

    python3 engine-tests/tools/make_tafl_suite.py
"""
from pathlib import Path

from tafl_reference import perft, parse, start_captured

HERE = Path(__file__).parent
FILES = "abcdefghijk"


def square(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def position(side, king, attackers, defenders):
    cells = {square(king): "k"}
    for group, letter in ((attackers, "a"), (defenders, "d")):
        for s in group.split():
            if s != "-":
                cells[square(s)] = letter
    rows = []
    for r in range(10, -1, -1):
        row, run = "", 0
        for f in range(11):
            c = cells.get((f, r))
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


def main():
    out = ["# tafl perft suite: <position> ;D<depth> <count> … Counts from",
           "# engine-tests/tools/tafl_reference.py, an independent generator."]
    for raw in (HERE / "tafl_positions.txt").read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        side, king, att, dfn, depth, note = (p.strip() for p in raw.split(";", 5))
        text = position(side, king, att, dfn)
        board, s = parse(text)
        counts = [f"D{d} {perft(board, s, d, start_captured(board, s))}" for d in range(1, int(depth) + 1)]
        out.append(f"# {note}")
        out.append(text + " ;" + " ;".join(counts))
    (HERE.parent / "perft" / "tafl.epd").write_text("\n".join(out) + "\n")
    print(len(out) // 2 - 1, "positions")


if __name__ == "__main__":
    main()
