#!/usr/bin/env python3
"""Evaluator check: Regalia's full evaluation against a material-only one (option
`Evaluation`), same engine and search otherwise, each side of every opening played by both.
A third Regalia process is the referee: it replays each game and announces the result, so the
script needs no rules of its own. Games reaching --max-plies are adjudicated drawn (tafl has no
move-count draw).

    python3 engine-tests/strength/eval_match.py target/release/regalia --variant tafl --games 40
"""
import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Engine:
    def __init__(self, path, variant, evaluation):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Evaluation value {evaluation}")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine closed its output")

    def best(self, start, moves, movetime):
        self.send(f"position fen {start} moves {' '.join(moves)}" if moves else f"position fen {start}")
        self.send(f"go movetime {movetime}")
        return self.until("bestmove")[-1].split()[1]

    def result(self, start, moves):
        """The referee's verdict: None while the game goes on, else its game-over text."""
        self.send(f"position fen {start} moves {' '.join(moves)}" if moves else f"position fen {start}")
        self.send("isready")
        lines = self.until("readyok")
        for l in lines:
            if l.startswith("info string error"):
                return "illegal: " + l
            if l.startswith("info string game over: "):
                return l[len("info string game over: "):]
        return None

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--variant", default="tafl")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first-game", type=int, default=0)
    ap.add_argument("--movetime", type=int, default=200)
    ap.add_argument("--max-plies", type=int, default=300)
    args = ap.parse_args()
    openings = [l.strip() for l in (ROOT / "openings" / args.variant / ("two-quiet-plies.epd" if args.variant == "tafl" else "four-plies.epd")).read_text().splitlines()
                if l.strip() and not l.startswith("#")]
    full = Engine(args.engine, args.variant, "full")
    material = Engine(args.engine, args.variant, "material")
    referee = Engine(args.engine, args.variant, "full")
    points = 0.0
    tally = {"win": 0, "draw": 0, "loss": 0}
    for g in range(args.first_game, args.first_game + args.games):
        start = openings[(g // 2) % len(openings)]
        full_seat = g % 2  # 0: full plays the side that moves first in the opening
        for e in (full, material):
            e.send("ucinewgame")
        moves = []
        verdict = None
        first_side = start.split()[-1]
        while verdict is None and len(moves) < args.max_plies:
            mover_index = len(moves) % 2
            engine = full if mover_index == full_seat else material
            moves.append(engine.best(start, moves, args.movetime))
            verdict = referee.result(start, moves)
        # Who won: the mover of the last move wins unless it is a draw or an illegal move.
        if verdict is None or verdict.startswith("draw"):
            score, how = 0.5, verdict or f"adjudicated draw at {args.max_plies} plies"
            referee.send("d")
            final = next(l for l in referee.until("Checkers") if l.startswith(("Position", "Fen")))
            how += f"; final {final}"
        elif verdict.startswith("illegal"):
            last_by_full = (len(moves) - 1) % 2 == full_seat
            score, how = (0.0 if last_by_full else 1.0), verdict
        else:
            sides = {"a": "attackers", "d": "defenders"}
            full_side = sides[first_side] if full_seat == 0 else sides["d" if first_side == "a" else "a"]
            score, how = (1.0 if full_side in verdict else 0.0), verdict
        points += score
        tally["win" if score == 1 else "draw" if score == 0.5 else "loss"] += 1
        print(f"game {g + 1}: full evaluator as {'first' if full_seat == 0 else 'second'} mover: {score} "
              f"({how}, {len(moves)} plies)", flush=True)
    n = args.games
    print(f"\nfull vs material-only ({args.variant}, {args.movetime} ms/move): "
          f"+{tally['win']} ={tally['draw']} -{tally['loss']}, {points}/{n} = {100 * points / n:.1f}%")
    for e in (full, material, referee):
        e.quit()


if __name__ == "__main__":
    sys.exit(main())
