#!/usr/bin/env python3
"""Prints a text diagram of a shipped Sceptre 1027 A.D. layout's field, as in docs/rules/sceptre1027.md#the-shipped-layouts.

The terrain and the kingdoms come from the engine itself: for every player count the layout
seats, `position startpos` then `d`, whose `Position:` line carries the terrain field and the
kingdoms field (protocol.md#sceptre-position-string). The layout's TOML file is read only to name
the boards and draw their frames. Run from the crate root after `cargo build --release`:

    python3 engine-tests/tools/sceptre_field_diagram.py [--engine target/release/regalia] nine [duel …]

One character a square (legend below each diagram), holes blank; each 8x8 board is framed
and its top edge names it: board id (`'` turned 180°, `>` 90°, `<` 270°) and, for a
kingdom, its seat. The lines under the diagram give the colours of the seats by player count.
"""

import argparse
import re
import subprocess
import sys
import tomllib

MARKS = {"m": ".", "f": "^", "r": "~", "p": "o", "b": "=", "c": "#", "-": " "}
LEGEND = ". meadow  ^ forest  ~ river  o pond  = bridge  # castle ruin  (blank) hole"
COLOURS = {"b": "black", "w": "white", "r": "red", "g": "green"}
# Seats in playing order for each player count (docs/rules/sceptre1027.md#players-seats-and-turns).
SEATS = {2: ["south", "north"], 3: ["south", "west", "north"], 4: ["south", "west", "north", "east"]}
TURN = {0: "", 90: ">", 180: "'", 270: "<"}


def file_name(index):
    """0 -> a, 25 -> z, 26 -> aa (spreadsheet columns)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("a") + rest) + name
    return name


def parse_square(text):
    m = re.fullmatch(r"([a-z]+)(\d+)", text)
    if not m:
        sys.exit(f"not a square: {text}")
    f = 0
    for ch in m.group(1):
        f = f * 26 + ord(ch) - ord("a") + 1
    return f - 1, int(m.group(2)) - 1


def expand(terrain):
    """The terrain field as rows of letters, top rank first."""
    rows = []
    for rank in terrain.split("/"):
        row = ""
        for count, letter in re.findall(r"(\d*)([a-z-])", rank):
            row += letter * int(count or 1)
        rows.append(row)
    return rows


def start_position(engine, layout, players):
    commands = (
        "setoption name UCI_Variant value sceptre1027\n"
        f"setoption name SceptrePlayers value {players}\n"
        f"setoption name SceptreLayout value {layout}\n"
        "position startpos\nd\nquit\n"
    )
    out = subprocess.run([engine], input=commands, capture_output=True, text=True, check=True)
    errors = [l for l in out.stdout.splitlines() if l.startswith("info string error")]
    if errors:
        return None
    line = next(l for l in out.stdout.splitlines() if l.startswith("Position: "))
    fields = line[len("Position: "):].split(" ")
    return fields[0], fields[4]


def diagram(engine, layout):
    with open(f"openings/sceptre1027/{layout}.toml", "rb") as f:
        toml = tomllib.load(f)
    terrain, seats_by_board, colour_lines = None, {}, []
    for players in toml["players"]:
        got = start_position(engine, layout, players)
        if got is None:
            sys.exit(f"the engine refuses {layout} with {players} players")
        terrain, kingdoms = got
        colours = []
        for seat, entry in zip(SEATS[players], kingdoms.split(",")):
            colour, corner = entry.split("@")
            seats_by_board.setdefault(parse_square(corner), set()).add(seat)
            colours.append(f"{COLOURS[colour]} {seat} ({corner})")
        colour_lines.append(f"{players} players: " + ", ".join(colours))
    rows = expand(terrain)
    height, width = len(rows), len(rows[0])
    if width % 8 or height % 8:
        sys.exit(f"{layout}: the field is not a grid of whole boards")
    boards = {}
    for entry in toml["boards"]:
        f, r = parse_square(entry["origin"])
        if f % 8 or r % 8:
            sys.exit(f"{layout}: board {entry['board']} is off the 8x8 grid")
        label = f"{entry['board']}{TURN[entry.get('rotation', 0)]}"
        seat = seats_by_board.get((f, r))
        if seat:
            label += " " + "/".join(sorted(seat))
        boards[(f // 8, r // 8)] = label
    bw, bh = width // 8, height // 8

    def present(bx, by):
        return (bx, by) in boards

    def border(by):
        """The horizontal frame line under board row `by` (by = bh: the top edge)."""
        line = ""
        for bx in range(bw + 1):
            near = [present(x, y) for x in (bx - 1, bx) for y in (by - 1, by)]
            line += "+" if any(near) else " "
            if bx < bw:
                if present(bx, by - 1) or present(bx, by):
                    label = boards.get((bx, by - 1), "") if by - 1 >= 0 else ""
                    if len(label) < 8:
                        label = "-" + label
                    line += label.ljust(8, "-")[:8]
                else:
                    line += " " * 8
        return line

    files = " " * 4
    for bx in range(bw):
        files += " " + "".join(file_name(bx * 8 + i)[-1] for i in range(8))
    wide = [file_name(i) for i in range(width) if len(file_name(i)) > 1]
    out = [files.rstrip()]
    for by in range(bh - 1, -1, -1):
        out.append("    " + border(by + 1).rstrip())
        for r in range(by * 8 + 7, by * 8 - 1, -1):
            line = f"{r + 1:>3} "
            for bx in range(bw):
                edge = present(bx - 1, by) or present(bx, by)
                line += "|" if edge else " "
                line += "".join(MARKS[c] for c in rows[height - 1 - r][bx * 8:bx * 8 + 8])
            line += "|" if present(bw - 1, by) else " "
            out.append(f"{line} {r + 1}".rstrip() if line.strip() else "")
    out.append("    " + border(0).rstrip())
    out.append(files.rstrip())
    out.append("")
    out.append(LEGEND)
    if wide:
        out.append(f"(files past z: {', '.join(wide)}; the file row shows their last letter)")
    out.extend(colour_lines)
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/regalia")
    ap.add_argument("layouts", nargs="+")
    args = ap.parse_args()
    for i, layout in enumerate(args.layouts):
        if i:
            print()
        print(diagram(args.engine, layout))


if __name__ == "__main__":
    main()
