//! Game records: PGN for the chess family (with a `Variant` tag), and the line record for the
//! other games (tafl, later Sceptre), both described in protocol.md.

use super::engine::EngineScore;
use super::game::{Ending, FaultKind, GameRecord, SeatEvent};
use crate::session::RecordFormat;

/// What every record of a match shares.
pub struct RecordHeader<'a> {
    pub event: &'a str,
    /// The PGN `Site`: the program that recorded the game.
    pub site: &'a str,
    pub date: &'a str,
    pub engine_names: &'a [String],
    pub limits: &'a str,
    /// The PGN `TimeControl` value ("10+0.1", or "-" without a clock).
    pub pgn_time_control: &'a str,
}

/// The record of one game in the format its variant names, ending with a blank line.
pub fn record_text(game: &GameRecord, header: &RecordHeader) -> String {
    match game.variant.record_format() {
        RecordFormat::Pgn => pgn(game, header),
        RecordFormat::Lines => line_record(game, header),
    }
}

fn pgn_result(game: &GameRecord) -> &'static str {
    if game.ending == Ending::Unfinished {
        return "*";
    }
    match game.winner() {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

fn pgn_termination(game: &GameRecord) -> &'static str {
    match &game.ending {
        Ending::Rule(_) => "normal",
        Ending::Adjudicated { .. } => "adjudication",
        Ending::Unfinished => "unterminated",
        Ending::Fault { kind, .. } => match kind {
            FaultKind::TimeForfeit => "time forfeit",
            FaultKind::IllegalMove => "rules infraction",
            FaultKind::Crash => "abandoned",
        },
    }
}

fn quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

fn pgn(game: &GameRecord, header: &RecordHeader) -> String {
    let name = |seat: usize| &header.engine_names[game.setup.seat_engines[seat]];
    let start = &game.setup.opening.position;
    let mut fields: Vec<&str> = start.split_whitespace().collect();
    fields.resize(6, "1");
    let black_first = fields[1] == "b";
    let mut number: u32 = fields[5].parse().unwrap_or(1).max(1);
    let result = pgn_result(game);
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        out.push_str(&format!("[{key} \"{}\"]\n", quoted(value)));
    };
    tag("Event", header.event);
    tag("Site", header.site);
    tag("Date", header.date);
    tag("Round", &game.setup.number.to_string());
    tag("White", name(0));
    tag("Black", name(1));
    tag("Result", result);
    let variant = super::referee::new_session(game.variant, &game.variant_options);
    tag("Variant", variant.record_variant_name());
    tag("FEN", start);
    tag("SetUp", "1");
    tag("TimeControl", header.pgn_time_control);
    tag("Termination", pgn_termination(game));
    tag("PlyCount", &game.moves.len().to_string());
    tag("Opening", &game.setup.opening.source);
    if !game.setup.opening.moves.is_empty() {
        // Played from the FEN before the game's own moves.
        tag("OpeningMoves", &game.setup.opening.moves.join(" "));
    }
    out.push('\n');
    let mut words = Vec::new();
    for (i, m) in game.moves.iter().enumerate() {
        let white_to_move = (i % 2 == 0) != black_first;
        if white_to_move {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.notation.clone());
        let score = match m.score {
            Some(EngineScore::Mate(n)) => format!("{}M{}", if n < 0 { "-" } else { "+" }, n.abs()),
            Some(EngineScore::Centipawns(cp)) => format!("{:+.2}", cp as f64 / 100.0),
            None => "?".to_string(),
        };
        let depth = m.depth.map_or(String::new(), |d| format!("/{d}"));
        words.push(format!(
            "{{{score}{depth} {:.3}s}}",
            m.elapsed.as_secs_f64()
        ));
        if !white_to_move {
            number += 1;
        }
    }
    words.push(format!("{{{}}}", game.ending_text().replace('}', ")")));
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

fn line_record(game: &GameRecord, header: &RecordHeader) -> String {
    let mut out = String::new();
    out.push_str(&format!("game {}\n", game.setup.number));
    out.push_str(&format!("variant {}\n", game.variant.name()));
    for (name, value) in &game.variant_options {
        out.push_str(&format!("option {name} {value}\n"));
    }
    out.push_str(&format!("event {}\n", header.event));
    out.push_str(&format!("date {}\n", header.date));
    for (seat, name) in game.seat_names.iter().enumerate() {
        let engine = &header.engine_names[game.setup.seat_engines[seat]];
        out.push_str(&format!("seat {seat} {name} {engine}\n"));
    }
    out.push_str(&format!("start {}\n", game.setup.opening.position));
    if !game.setup.opening.moves.is_empty() {
        out.push_str(&format!(
            "opening-moves {}\n",
            game.setup.opening.moves.join(" ")
        ));
    }
    out.push_str(&format!("opening {}\n", game.setup.opening.source));
    out.push_str(&format!("limits {}\n", header.limits));
    let event_line = |e: &SeatEvent| format!("out {} {} {}\n", e.after_moves, e.seat, e.what);
    let mut events = game.events.iter().peekable();
    for (i, m) in game.moves.iter().enumerate() {
        while let Some(e) = events.next_if(|e| e.after_moves <= i) {
            out.push_str(&event_line(e));
        }
        out.push_str(&format!("move {} {} {}", i + 1, m.seat, m.text));
        if let Some(s) = m.score {
            out.push_str(&format!(" score {s}"));
        }
        if let Some(d) = m.depth {
            out.push_str(&format!(" depth {d}"));
        }
        out.push_str(&format!(" time {}\n", m.elapsed.as_millis()));
    }
    for e in events {
        out.push_str(&event_line(e));
    }
    let points: Vec<String> = game.points().iter().map(|p| format_points(*p)).collect();
    out.push_str(&format!("points {}\n", points.join(" ")));
    let winner = game.winner().map_or("none".to_string(), |w| w.to_string());
    out.push_str(&format!("winner {winner}\n"));
    out.push_str(&format!(
        "termination {} {}\n",
        pgn_termination(game).replace(' ', "-"),
        game.ending_text()
    ));
    out.push_str("end\n\n");
    out
}

/// 1, 0, 0.5, 0.333: short and exact enough to add up.
pub fn format_points(p: f64) -> String {
    let text = format!("{p:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::{GameSetup, PlayedMove};
    use crate::arena::openings::Opening;
    use crate::session::{GameEnd, Variant};
    use std::time::Duration;

    fn game(
        variant: Variant,
        position: &str,
        moves: &[(&str, &str)],
        ending: Ending,
    ) -> GameRecord {
        GameRecord {
            variant_options: Vec::new(),
            setup: GameSetup {
                number: 7,
                opening: Opening {
                    position: position.into(),
                    moves: Vec::new(),
                    source: "openings/x.epd:3".into(),
                },
                seat_engines: vec![1, 0],
            },
            variant,
            seat_names: vec!["white".into(), "black".into()],
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, (text, notation))| PlayedMove {
                    seat: (i % 2) as u8,
                    text: text.to_string(),
                    notation: notation.to_string(),
                    score: Some(EngineScore::Centipawns(25)),
                    depth: Some(9),
                    elapsed: Duration::from_millis(120),
                })
                .collect(),
            events: Vec::new(),
            active: crate::core::SeatSet::first(2),
            ending,
        }
    }

    fn header<'a>(names: &'a [String]) -> RecordHeader<'a> {
        RecordHeader {
            site: "regalia match",
            event: "test",
            date: "2026.11.29",
            engine_names: names,
            limits: "movetime 100 ms",
            pgn_time_control: "-",
        }
    }

    #[test]
    fn pgn_has_tags_numbers_and_result() {
        let names = vec!["A".to_string(), "B".to_string()];
        let g = game(
            Variant::ScepterChess,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3",
            &[("f8c5", "Bc5"), ("f1c4", "Bc4")],
            Ending::Fault {
                seat: 0,
                kind: FaultKind::IllegalMove,
                detail: "played an illegal move 'a1a1'".into(),
            },
        );
        let text = record_text(&g, &header(&names));
        assert!(text.contains("[White \"B\"]\n[Black \"A\"]"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("[Variant \"scepterchess\"]"), "{text}");
        assert!(
            text.contains("[Termination \"rules infraction\"]"),
            "{text}"
        );
        assert!(text.contains("3... Bc5 {+0.25/9 0.120s} 4. Bc4"), "{text}");
        assert!(text.trim_end().ends_with("0-1"), "{text}");
    }

    #[test]
    fn chess960_games_are_tagged_for_pgn_readers() {
        let names = vec!["A".to_string(), "B".to_string()];
        let start = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let mut g = game(Variant::Chess, start, &[], Ending::Unfinished);
        assert!(record_text(&g, &header(&names)).contains("[Variant \"chess\"]"));
        g.variant_options = vec![("UCI_Chess960".into(), "true".into())];
        let text = record_text(&g, &header(&names));
        assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    }

    #[test]
    fn line_record_has_one_fact_a_line() {
        let names = vec!["A".to_string(), "B".to_string()];
        let g = game(
            Variant::Tafl,
            "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a",
            &[("d1d4", "d1d4")],
            Ending::Rule(GameEnd {
                winner: None,
                drawn: vec![0, 1],
                reason: "threefold repetition".into(),
                text: "draw by threefold repetition".into(),
            }),
        );
        let text = record_text(&g, &header(&names));
        for line in [
            "game 7",
            "variant tafl",
            "seat 0 white B",
            "seat 1 black A",
            "move 1 0 d1d4 score cp 25 depth 9 time 120",
            "points 0.5 0.5",
            "winner none",
            "termination normal draw by threefold repetition",
            "end",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "missing '{line}' in\n{text}"
            );
        }
    }
}
