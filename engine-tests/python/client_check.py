#!/usr/bin/env python3
"""python-chess drives Regalia as an ordinary UCI engine: analysis, then a game against itself,
then Chess960 (an analysis, a game from start 959).
Any protocol error raises; any illegal move fails the check. Usage: client_check.py ENGINE"""
import sys

import chess
import chess.engine


def main() -> None:
    path = sys.argv[1]
    # Each command may take minutes on a machine busy with builds: a hang guard, not a measurement.
    with chess.engine.SimpleEngine.popen_uci(path, timeout=300) as engine:
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

        # Chess960: python-chess sets UCI_Chess960 itself for a Chess960 board and speaks
        # king-takes-rook castling; a start where the king and rook castle at once.
        board = chess.Board("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", chess960=True)
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        assert info["pv"] and info["pv"][0] in board.legal_moves, info
        castled = 0
        board = chess.Board.from_chess960_pos(959)
        while not board.is_game_over(claim_draw=True) and board.ply() < 40:
            result = engine.play(board, chess.engine.Limit(depth=4), ponder=False)
            assert result.move in board.legal_moves, (board.fen(), result.move)
            castled += board.is_castling(result.move)
            board.push(result.move)
        print(f"Chess960 game of {board.ply()} plies, {castled} castlings: {board.fen()}")
    print("client check passed")


if __name__ == "__main__":
    main()
