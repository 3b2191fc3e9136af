#!/usr/bin/env python3
"""Regenerates perft/tafl.epd from tafl_positions.txt with tafl_reference.py (independent).

    python3 engine-tests/tools/make_tafl_suite.py
"""
from pathlib import Path

from tafl_reference import perft, parse, start_captured, to_text

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
    return to_text(cells, side)


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
