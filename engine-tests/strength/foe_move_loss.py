#!/usr/bin/env python3
"""What a weak foe's move is worth at depth 1, for Sceptre's lowest ladder steps: on positions
sampled from a ladder step's line records, every root move is scored once by a full-strength
`go depth 1` (MultiPV 256), then each foe plays its own move several times (`go nodes 262144`,
the ladders' bound; the foe stays within its own budget) and the move is looked up in that
table. Prints, for each foe, how often it played the best move and its mean loss (best score
minus its move's, each loss capped at 1000 cp), and the nodes a full-strength first line of
depth 1 costs there (`go depth 1`, MultiPV 1), which the lowest budgets do not always reach.

    python3 engine-tests/strength/foe_move_loss.py REGALIA RECORDS EVERY COUNT TRIES FOE...

EVERY: take a position every EVERY plies (after the first 12); COUNT: how many, in a fixed
shuffle; TRIES: moves a foe plays from each position; FOE: a level (`3`) or a setting
(`e1250`, `UCI_LimitStrength` at that `UCI_Elo`). Standard library only.
"""
import random
import subprocess
import sys

MATE = 100_000


def positions(path, every, count):
    """(start, moves) pairs from line records: every EVERY-th ply of each game, shuffled."""
    out, start, moves = [], None, []
    with open(path, encoding="utf-8") as records:
        for line in records:
            words = line.split()
            if not words:
                continue
            if words[0] == "start":
                start, moves = " ".join(words[1:]), []
            elif words[0] == "move":
                moves.append(words[3])
                if len(moves) % every == 0 and len(moves) > 12:
                    out.append((start, list(moves)))
    # A fixed seed: the same records give the same positions.
    random.Random(5).shuffle(out)
    return out[:count]


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        self.send("setoption name UCI_Variant value sceptre1027\n")

    def send(self, text):
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def search(self, setup, position, go):
        """Each reported line's first move and score, the last node count, and the move played."""
        start, moves = position
        self.send(f"{setup}position fen {start} moves {' '.join(moves)}\n{go}\n")
        lines, nodes = {}, 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("foe_move_loss.py: the engine ended")
            words = line.split()
            if words and words[0] == "bestmove":
                return lines, nodes, words[1]
            if words[:1] == ["info"] and "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
            if words[:1] == ["info"] and "score" in words and "pv" in words:
                kind = words[words.index("score") + 1]
                value = int(words[words.index("score") + 2])
                if kind == "mate":
                    value = (MATE - abs(value)) * (1 if value > 0 else -1)
                lines[words[words.index("pv") + 1]] = value

    def quit(self):
        self.send("quit\n")
        self.proc.wait()


FULL = "setoption name UCI_LimitStrength value false\nsetoption name Level value 0\n"


def foe_setup(foe):
    if foe.startswith("e"):
        return ("setoption name MultiPV value 1\nsetoption name Level value 0\n"
                f"setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {foe[1:]}\n")
    return f"setoption name MultiPV value 1\n{FULL}setoption name Level value {foe}\n"


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    binary, path = sys.argv[1], sys.argv[2]
    every, count, tries = (int(a) for a in sys.argv[3:6])
    foes = sys.argv[6:]
    engine = Engine(binary)
    played = {foe: [0, 0, 0] for foe in foes}  # moves, best moves, loss
    first_line = []
    for position in positions(path, every, count):
        table, _, _ = engine.search(FULL + "setoption name MultiPV value 256\n", position,
                                    "go depth 1")
        _, nodes, _ = engine.search(FULL + "setoption name MultiPV value 1\n", position,
                                    "go depth 1")
        first_line.append(nodes)
        top = max(table.values())
        for foe in foes:
            for _ in range(tries):
                _, _, move = engine.search(foe_setup(foe), position, "go nodes 262144")
                if move in table:
                    tally = played[foe]
                    tally[0] += 1
                    tally[1] += table[move] == top
                    tally[2] += min(top - table[move], 1000)
    engine.quit()
    first_line.sort()
    n = len(first_line)
    print(f"{path}: {n} positions; the first line of depth 1 costs {first_line[n // 4]}, "
          f"{first_line[n // 2]}, {first_line[3 * n // 4]} nodes (quartiles); within "
          + ", ".join(f"{b}: {sum(c <= b for c in first_line) / n:.2f}"
                      for b in (188, 256, 323, 512, 724, 768)))
    for foe, (moves, best, loss) in played.items():
        print(f"  {foe}: {moves} moves, the best {best / moves:.2f}, mean loss {loss / moves:.1f} cp")


if __name__ == "__main__":
    main()
