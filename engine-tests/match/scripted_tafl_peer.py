#!/usr/bin/env python3
"""A scripted tafl engine for `regalia match` tests of the OpenTafl and HTP drivers (no peer
engine needed). It knows no rules: it plays the moves it is given, in order, and logs every line
it receives to LOG (one file shared by every life of the engine; a life begins `# start`).

    scripted_tafl_peer.py opentafl LOG [--moves a4-a2,...] [--exit-on-play]
    scripted_tafl_peer.py htp LOG [--moves attacker:a4-a2,...] [--refuse-play N WHY] [--connect HOST:PORT]

opentafl: says `hello`, answers `play` with the next `move FROM-TO` (or exits at once with
  --exit-on-play, as a crashing engine would: status 4 and a last line on stderr).
htp: answers every command `= ` (`play` with no captures), `generate_move` with
  `= play ROLE FROM TO` (its next move); --refuse-play N WHY answers the N-th `play` (from 1,
  counted over the engine's whole life) `? WHY`. With --connect it is a client of an HTP driver
  as the reference engine's --host mode is: it reads commands from the connection, answers only
  `generate_move` there (`play ROLE FROM TO`), and exits when the connection closes.
"""
import argparse
import socket
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("proto", choices=["opentafl", "htp"])
    parser.add_argument("log")
    parser.add_argument("--moves", default="")
    parser.add_argument("--exit-on-play", action="store_true")
    parser.add_argument("--refuse-play", nargs=2)
    parser.add_argument("--connect")
    args = parser.parse_args()
    moves = [m for m in args.moves.split(",") if m]
    log = open(args.log, "a", buffering=1)
    log.write("# start\n")

    if args.proto == "opentafl":
        print("hello", flush=True)
        for line in sys.stdin:
            line = line.strip()
            log.write(line + "\n")
            if line.startswith("play"):
                if args.exit_on_play:
                    print("scripted peer: leaving at play, as asked", file=sys.stderr)
                    sys.exit(4)
                if not moves:
                    return
                print(f"move {moves.pop(0)}", flush=True)
            elif line == "goodbye":
                return
        return

    if args.connect:
        host, port = args.connect.rsplit(":", 1)
        connection = socket.create_connection((host, int(port)), timeout=120)
        reader = connection.makefile("r")
        write = lambda text: connection.sendall((text + "\n").encode())
        answer = lambda text: None  # answers other than moves only go to its own stdout
    else:
        reader = sys.stdin
        write = lambda text: print(text, flush=True)
        answer = lambda text: print(text + "\n", flush=True)

    plays = 0
    for line in reader:
        line = line.strip()
        if not line:
            continue
        log.write(line + "\n")
        word = line.split()[0]
        if word == "quit":
            return
        if word == "play":
            plays += 1
            if args.refuse_play and plays == int(args.refuse_play[0]):
                answer(f"? {args.refuse_play[1]}")
            else:
                answer("= ")
        elif word == "generate_move":
            if not moves:
                return
            role, squares = moves.pop(0).split(":")
            frm, to = squares.split("-")
            text = f"play {role} {frm} {to}"
            if args.connect:
                write(text)
            else:
                write(f"= {text}, score: 0, delay milliseconds: 0, loops: 0\n")
        else:
            answer("= ")


if __name__ == "__main__":
    main()
