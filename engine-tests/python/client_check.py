#!/usr/bin/env python3
"""python-chess drives Regalia as an ordinary UCI engine: analysis, then a game against itself.
Any protocol error raises; any illegal move fails the check. Usage: client_check.py ENGINE"""
import sys

import chess
import chess.engine


def main() -> None:
    path = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci(path) as engine:
        assert engine.id.get("name", "").startswith("Regalia"), engine.id
        engine.configure({"Hash": 32, "Threads": 1})

        board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info["score"].white().mate() == 1, info
        assert info["pv"][0] == chess.Move.from_uci("h5f7"), info

        infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=6), multipv=3)
        assert len(infos) == 3 and len({i["pv"][0] for i in infos}) == 3, infos

        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < 60:
            result = engine.play(board, chess.engine.Limit(time=0.03), ponder=False)
            assert result.move in board.legal_moves, (board.fen(), result.move)
            board.push(result.move)
        print(f"game of {board.ply()} plies: {board.fen()}")
    print("client check passed")


if __name__ == "__main__":
    main()
