//! The chess family as the session layer sees it.

use super::bitboard::squares;
use super::eval::{breakdown, ChessEval, Term, TERMS};
use super::types::{make_square, square_name};
use super::{ChessMove, Color, Position, Rules};
use crate::session::{Variant, VariantRules};
use crate::render::{Diagram, DiagramPiece};

impl VariantRules for Rules {
    type G = Position;
    type E = ChessEval;

    fn variant(&self) -> Variant {
        match self {
            Rules::Orthodox => Variant::Chess,
            Rules::Scepter => Variant::ScepterChess,
            Rules::Forty => Variant::Chess40k,
        }
    }

    fn start(&self) -> Position {
        Position::startpos(*self)
    }

    fn parse_position(&self, text: &str) -> Result<Position, String> {
        Position::from_fen(text, *self).map_err(|e| e.to_string())
    }

    fn evaluator(&self, material_only: bool) -> ChessEval {
        ChessEval { material_only }
    }

    fn describe(&self, pos: &Position) -> String {
        let mut s = String::new();
        s.push_str(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let c = pos
                    .piece_at(make_square(file, rank))
                    .map_or(' ', |p| p.fen_char());
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(" | {}\n", rank + 1));
            s.push_str(" +---+---+---+---+---+---+---+---+\n");
        }
        s.push_str("   a   b   c   d   e   f   g   h\n\n");
        s.push_str(&format!("Variant: {}\n", self.variant_name()));
        if let (Some(w), Some(b)) = (self.scepter(Color::White), self.scepter(Color::Black)) {
            s.push_str(&format!(
                "Scepters: white {}, black {}\n",
                square_name(w),
                square_name(b)
            ));
        }
        s.push_str(&format!("Fen: {}\n", pos.to_fen()));
        s.push_str(&format!("Key: {:016X}\n", pos.key()));
        let checkers: Vec<String> = squares(pos.checkers()).map(square_name).collect();
        s.push_str(&format!("Checkers: {}", checkers.join(" ")));
        s
    }

    fn describe_eval(&self, pos: &Position) -> String {
        let b = breakdown(pos);
        let mut s = String::new();
        s.push_str(&format!(
            "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
            "Term", "White", "", "Black", "", "Total", ""
        ));
        s.push_str(&format!(
            "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
            "", "MG", "EG", "MG", "EG", "MG", "EG"
        ));
        for (i, term) in TERMS.iter().enumerate() {
            let applies = match term {
                Term::Scepter => *self == Rules::Scepter,
                Term::Zealots => *self == Rules::Forty,
                _ => true,
            };
            if !applies {
                continue;
            }
            let w = b.terms[0][i];
            let k = b.terms[1][i];
            s.push_str(&format!(
                "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
                term.name(),
                w.0,
                w.1,
                k.0,
                k.1,
                w.0 - k.0,
                w.1 - k.1
            ));
        }
        let white = b.white_score();
        s.push_str(&format!("Phase: {} / 24\n", b.phase));
        s.push_str(&format!(
            "Final evaluation: {:+} cp (white's view), {:+} cp (side to move, with tempo)",
            white,
            crate::core::Evaluator::evaluate(&ChessEval::default(), pos)
        ));
        s
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        match self {
            Rules::Orthodox => BENCH_POSITIONS,
            Rules::Scepter => SCEPTER_BENCH_POSITIONS,
            Rules::Forty => FORTY_BENCH_POSITIONS,
        }
    }

    fn decided_reason(&self, _pos: &Position) -> &'static str {
        match self {
            Rules::Scepter => "capturing the scepter",
            _ => "destroying the king",
        }
    }

    fn diagram(&self, pos: &Position) -> Diagram {
        let mut d = Diagram::checkered(8, 8);
        for sq in 0..64u8 {
            if let Some(p) = pos.piece_at(sq) {
                d.place(
                    ((sq % 8) as usize, (sq / 8) as usize),
                    DiagramPiece {
                        label: p.role().letter().to_ascii_uppercase().to_string(),
                        owner: p.color().index(),
                        royal: false,
                    },
                );
            }
        }
        for color in [Color::White, Color::Black] {
            if let Some(sq) = self.scepter(color) {
                let name = if color == Color::White {
                    "white"
                } else {
                    "black"
                };
                d.flags.push((
                    ((sq % 8) as usize, (sq / 8) as usize),
                    format!("{name}'s scepter"),
                ));
            }
        }
        d.title = format!("{}: {}", self.variant_name(), pos.to_fen());
        d
    }

    fn seat_name(&self, seat: u8) -> String {
        if seat == 0 { "white" } else { "black" }.to_string()
    }

    fn record_notation(&self, pos: &Position, m: ChessMove) -> String {
        crate::games::chess::san::san(pos, m)
    }

    fn no_moves_reason(&self, pos: &Position) -> &'static str {
        if pos.in_check() {
            "checkmate"
        } else {
            "stalemate"
        }
    }

    fn draw_reason(&self, pos: &Position) -> &'static str {
        if pos.insufficient_material() {
            "insufficient material"
        } else {
            "fifty-move rule"
        }
    }
}

/// Opening, middlegame and endgame positions; well known so results can be compared.
const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 4 10",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 14",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2K5/3P4/8/8 w - - 0 1",
    "4r1k1/pp3ppp/2p5/3p4/3P1B2/2P2Pq1/PP4P1/R3R1K1 b - - 0 24",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 16",
];

const SCEPTER_BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    "4k3/8/8/3K4/8/8/8/8 w - - 0 1",
    "4k3/pp3ppp/8/2p5/2P5/8/PP3PPP/4K3 w - - 0 1",
    "r3k2r/ppp2ppp/8/3pP3/3P4/8/PPP2PPP/R3K2R w KQkq - 0 12",
];

const FORTY_BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pzppppzp/8/8/8/8/PZPPPPZP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pzpp1pzp/2n5/4p3/4P3/5N2/PZPP1PZP/RNBQKB1R w KQkq - 2 3",
    "r2qk2r/pzp2pzp/2np1n2/2b1p3/2B1P3/2NP1N2/PZP2PZP/R2QK2R w KQkq - 0 7",
    "4k3/3z4/8/8/8/8/3Z4/4K3 w - - 0 1",
    "r3k2r/ppz2zpp/8/3pP3/3P4/8/PPZ2ZPP/R3K2R w KQkq - 0 12",
    "6k1/5zpp/8/8/8/8/5ZPP/6K1 w - - 0 1",
];
