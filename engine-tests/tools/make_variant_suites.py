#!/usr/bin/env python3
"""Regenerates perft/scepterchess.epd and perft/chess40k.epd from variant_fens.txt, with counts
from variant_reference.py (an independent generator that shares no code with the engine).

    python3 engine-tests/tools/make_variant_suites.py
"""
from pathlib import Path

from variant_reference import Pos, perft

HERE = Path(__file__).parent


def main() -> None:
    suites = {}
    for raw in (HERE / "variant_fens.txt").read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        variant, fen, depth, note = (part.strip() for part in raw.split(";", 3))
        counts = [f"D{d} {perft(Pos(fen, variant), d)}" for d in range(1, int(depth) + 1)]
        suites.setdefault(variant, []).append(f"# {note}\n{fen} ;" + " ;".join(counts))
    for variant, lines in suites.items():
        header = (f"# {variant} perft suite: FEN ;D<depth> <count> … Counts from\n"
                  "# engine-tests/tools/variant_reference.py (an independent generator); the small\n"
                  "# ones were also counted by hand (see the notes).\n")
        (HERE.parent / "perft" / f"{variant}.epd").write_text(header + "\n".join(lines) + "\n")
        print(variant, len(lines), "positions")


if __name__ == "__main__":
    main()
