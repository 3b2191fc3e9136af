#!/usr/bin/env python3
"""Reference games for `regalia htp` against the hnefatafl-copenhagen crate (docs/htp.md).

Three kinds of game, each to a result by rule (or the ply limit):

  referee   two `regalia htp` engines play each other; every move is also played on the
            reference engine (`hnefatafl-text-protocol`), which must accept it; the boards
            (`show_board_open_tafl`) and capture lists of all three must agree.
  versus    `regalia htp` against the reference engine's own `generate_move` (its `basic` AI at
            depth 4: slow, from seconds to minutes a move).
  server    two `regalia htp --host` clients play on the reference server
            (`hnefatafl-server`) on loopback, which referees every move.

The reference binaries are looked up in $HTP_REFERENCE_BIN, /work/htpref/bin, then $PATH.
Build them (no need to build the rest of the crate):

  cargo install hnefatafl-copenhagen --no-default-features --bin hnefatafl-text-protocol --root DIR
  cargo install hnefatafl-copenhagen --no-default-features --features server \\
      --bin hnefatafl-server --root DIR

Usage: reference_games.py [--regalia PATH] [--kind referee|versus|server] [--games N] ...
Exit status 0 when every game ended by rule with no refused move and no disagreement.
"""

import argparse
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SENTINEL = "protocol_version"


def find_binary(name):
    for folder in (os.environ.get("HTP_REFERENCE_BIN"), "/work/htpref/bin"):
        if folder and os.access(os.path.join(folder, name), os.X_OK):
            return os.path.join(folder, name)
    found = shutil.which(name)
    if found:
        return found
    sys.exit(
        f"{name} not found: build it with\n  cargo install hnefatafl-copenhagen "
        f"--no-default-features{' --features server' if name == 'hnefatafl-server' else ''} "
        f"--bin {name} --root DIR\nand put DIR/bin in $HTP_REFERENCE_BIN or $PATH"
    )


class Htp:
    """An engine speaking HTP on stdin/stdout. Each command is followed by `protocol_version`,
    so that its whole answer (however many lines) is what comes before `= 1-beta`."""

    def __init__(self, argv, name):
        self.name = name
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def ask(self, command):
        self.process.stdin.write(f"{command}\n{SENTINEL}\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.name} closed its output after {command!r}")
            line = line.rstrip("\n")
            if line == "= 1-beta":
                break
            lines.append(line)
        lines = [l for l in lines if l.strip() != ""] or ["= "]
        # The reference engine prints its search's thoughts before the answer line.
        answers = [l for l in lines if l == "=" or l.startswith(("= ", "? "))]
        first = answers[0] if answers else lines[0]
        ok = first.startswith("=")
        return ok, first[2:] if len(first) > 1 else "", lines

    def close(self):
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()


def board_cells(open_tafl):
    """{square: piece} from `/3AAAAA3/…/` (top rank first)."""
    ranks = open_tafl.strip("/").split("/")
    size = len(ranks)
    cells = {}
    for r, rank in enumerate(ranks):
        col = 0
        for run, piece in re.findall(r"(\d+)|([ADK])", rank):
            if run:
                col += int(run)
            else:
                cells[f"{chr(ord('a') + col)}{size - r}"] = piece
                col += 1
    return cells


def gone(before, after, mover):
    theirs = {"D", "K"} if mover == "attacker" else {"A"}
    return {sq for sq, p in before.items() if p in theirs and sq not in after}


def captures_of(answer):
    return {w.lower() for w in answer.split()}


def random_play(engine, role, rng):
    """A random legal move of `role` as `play ROLE FROM TO`, from the engine's play_from/play_to."""
    froms = engine.ask("play_from")[1].split()[1:]
    rng.shuffle(froms)
    for square in froms:
        ok, tos, _ = engine.ask(f"play_to {role} {square}")
        if ok and tos.split():
            return f"play {role} {square} {rng.choice(tos.split())}"
    return None


def play_game(players, referee, first, max_plies, log, random_plies=0, rng=None):
    """players: {role: (engine, opponent_engine)}. Returns (result, refused, disagreements)."""
    engines = {id(e): e for pair in players.values() for e in pair}
    if referee is not None:
        engines[id(referee)] = referee
    refused, disagreements = 0, 0
    role = first
    board = board_cells(next(iter(engines.values())).ask("show_board_open_tafl")[1])
    for ply in range(max_plies):
        status = referee.ask("final_status")[1] if referee else players[role][1].ask("final_status")[1]
        if status != "ongoing":
            break
        mover, other = players[role]
        if ply < random_plies:
            # A varied opening: a random move, played on the mover too.
            play = random_play(mover, role, rng)
            told_mover = mover.ask(play)[0] if play else False
            if not told_mover:
                log(f"  {mover.name} refused its own random move {play}")
                return "error", refused, disagreements
        else:
            ok, text, lines = mover.ask("generate_move")
            if not ok:
                log(f"  {mover.name} could not move: {text}")
                return "error", refused, disagreements
            play = text.split(",")[0].strip()
        if play.split()[2:3] == ["resigns"]:
            log(f"  ply {ply + 1}: {play}")
        told = [other] + ([referee] if referee is not None and referee is not other else [])
        lists = {}
        for engine in told:
            ok, answer, _ = engine.ask(play)
            if not ok:
                refused += 1
                log(f"  ply {ply + 1}: {engine.name} REFUSED {play}: {answer}")
                return "refused", refused, disagreements
            lists[engine.name] = captures_of(answer)
        boards = {e.name: e.ask("show_board_open_tafl")[1] for e in engines.values()}
        if len(set(boards.values())) != 1:
            disagreements += 1
            log(f"  ply {ply + 1}: {play}: boards differ: {boards}")
        after = board_cells(boards[mover.name])
        taken = gone(board, after, role)
        for name, listed in lists.items():
            if listed != taken:
                disagreements += 1
                log(f"  ply {ply + 1}: {play}: {name} lists captures {sorted(listed)}, the board lost {sorted(taken)}")
        log(f"  ply {ply + 1}: {play}" + (f" x {' '.join(sorted(taken))}" if taken else ""))
        board = after
        role = "defender" if role == "attacker" else "attacker"
    statuses = {e.name: e.ask("final_status")[1] for e in engines.values()}
    if len(set(statuses.values())) != 1:
        disagreements += 1
        log(f"  final statuses differ: {statuses}")
    result = (referee or players["attacker"][1]).ask("final_status")[1]
    return result, refused, disagreements


def engine_games(args, log):
    reference = find_binary("hnefatafl-text-protocol")
    regalia = [args.regalia, "htp", "--think", str(args.think)]
    totals = {"games": 0, "by rule": 0, "refused": 0, "disagreements": 0}
    rng = random.Random(args.seed)
    for game in range(args.games):
        regalia_role = "attacker" if game % 2 == 0 else "defender"
        setup = [f"board_size {args.size}"]
        if args.kind == "referee":
            att = Htp(regalia, "regalia-attacker")
            dfn = Htp(regalia, "regalia-defender")
            ref = Htp([reference], "reference")
            players = {"attacker": (att, dfn), "defender": (dfn, att)}
            everyone = [att, dfn, ref]
            title = "regalia vs regalia, refereed by the reference engine"
        else:
            reg = Htp(regalia, "regalia")
            ref = Htp([reference], "reference")
            if regalia_role == "attacker":
                players = {"attacker": (reg, ref), "defender": (ref, reg)}
            else:
                players = {"attacker": (ref, reg), "defender": (reg, ref)}
            everyone = [reg, ref]
            title = f"regalia ({regalia_role}) vs the reference engine"
        for engine in everyone:
            for command in setup:
                engine.ask(command)
        first = "defender" if args.size == 7 else "attacker"
        log(f"game {game + 1}: {title}, {args.size}x{args.size}")
        referee = ref if args.kind == "referee" else None
        result, refused, disagreements = play_game(
            players, referee, first, args.max_plies, log, args.random_plies, rng
        )
        log(f"game {game + 1}: result {result}, refused moves {refused}, disagreements {disagreements}")
        for engine in everyone:
            engine.close()
        totals["games"] += 1
        totals["by rule"] += result in ("attacker_wins", "defender_wins", "draw")
        totals["refused"] += refused
        totals["disagreements"] += disagreements
    return totals


def server_games(args, log):
    server_bin = find_binary("hnefatafl-server")
    home = tempfile.mkdtemp(prefix="htp-server-")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home, XDG_CONFIG_HOME=home)
    server = subprocess.Popen(
        [server_bin, "--skip-the-data-file", "--skip-advertising-updates"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(home, "server.log"), "w"),
    )
    totals = {"games": 0, "by rule": 0, "refused": 0, "disagreements": 0}
    try:
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", 49152), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    sys.exit("the reference server did not start listening on port 49152")
                time.sleep(0.2)
        for game in range(args.games):
            common = [args.regalia, "htp", "--host", "127.0.0.1:49152", "--think", str(args.think), "--games", "1"]
            offer = common + ["--username", f"regalia-a{game}", "--create-account", "--new-game", "attacker",
                              "--board-size", str(args.size)]
            if args.fischer:
                offer += ["--fischer", args.fischer]
            out_a = os.path.join(home, f"attacker-{game}.txt")
            out_d = os.path.join(home, f"defender-{game}.txt")
            attacker = subprocess.Popen(offer, stdout=open(out_a, "w"), stderr=subprocess.DEVNULL)
            game_id = None
            deadline = time.time() + 30
            while game_id is None and time.time() < deadline:
                time.sleep(0.2)
                found = re.search(r"= new_game (\d+)", open(out_a).read())
                game_id = found.group(1) if found else None
            if game_id is None:
                attacker.kill()
                sys.exit(f"the server did not take the offer (see {out_a})")
            join = common + ["--username", f"regalia-d{game}", "--create-account", "--join-game", game_id]
            defender = subprocess.Popen(join, stdout=open(out_d, "w"), stderr=subprocess.DEVNULL)
            for client in (attacker, defender):
                try:
                    client.wait(timeout=args.server_timeout)
                except subprocess.TimeoutExpired:
                    client.kill()
            texts = open(out_a).read() + open(out_d).read()
            moves = len(re.findall(r"^-> game \d+ play", texts, re.M))
            refused = len(re.findall(r"^<- \?", texts, re.M))
            ours = len(re.findall(r"Regalia's rules refuse", texts))
            over = re.findall(r"game \d+ over: (\S+) \(Regalia's rules: (\S+)\)", texts)
            result = over[0][0] if over else "unfinished"
            disagreements = ours + sum(1 for s, r in over if s != r)
            log(f"server game {game + 1} (id {game_id}): {moves} moves, result {result}, "
                f"refused moves {refused}, disagreements {disagreements} (records in {home})")
            totals["games"] += 1
            totals["by rule"] += result in ("attacker_wins", "defender_wins", "draw")
            totals["refused"] += refused
            totals["disagreements"] += disagreements
    finally:
        server.kill()
        server.wait()
    return totals


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--regalia", default=os.path.join(here, "..", "..", "target", "release", "regalia"))
    parser.add_argument("--kind", choices=["referee", "versus", "server"], default="referee")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--size", type=int, choices=[7, 11, 13], default=11)
    parser.add_argument("--think", type=int, default=200, help="regalia's milliseconds per move")
    parser.add_argument("--fischer", help="server games: MINUTES,ADD_SECONDS (un-timed if omitted)")
    parser.add_argument("--max-plies", type=int, default=600)
    parser.add_argument("--random-plies", type=int, default=2, help="random opening plies (engine games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-timeout", type=int, default=3600)
    args = parser.parse_args()
    if not os.access(args.regalia, os.X_OK):
        sys.exit(f"{args.regalia} is not executable: build it with cargo build --release")

    def log(text):
        print(text, flush=True)

    totals = server_games(args, log) if args.kind == "server" else engine_games(args, log)
    log(f"total: {totals}")
    good = totals["by rule"] == totals["games"] and totals["refused"] == 0 and totals["disagreements"] == 0
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
