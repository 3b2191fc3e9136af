//! The game record to download: the arena's own writers (PGN for the chess family, the line
//! record for tafl and Sceptre), so a record saved in the browser reads like a match's.

use super::search_privacy;
use super::web_game::WebGame;
use crate::arena::engine::EngineScore;
use crate::arena::game::{Ending, GameRecord, GameSetup, PlayedMove, SeatEvent};
use crate::arena::openings::Opening;
use crate::arena::record::{record_text, RecordHeader};
use crate::core::SeatState;
use crate::search::ReportScore;
use crate::session::RecordFormat;
use std::time::{SystemTime, UNIX_EPOCH};

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's days-to-civil).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Today as PGN writes dates, `2026.12.01`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_date(days);
    format!("{y:04}.{m:02}.{d:02}")
}

fn player_name(g: &WebGame, seat: usize) -> String {
    let Some(level) = g.players[seat] else {
        return "Human".to_string();
    };
    let limit = match (level.movetime, level.depth) {
        (_, Some(d)) => Some(format!("depth {d}")),
        (Some(t), None) => Some(format!("{} ms a move", t.as_millis())),
        (None, None) => None,
    };
    // A named foe is what the player chose, and looks for in the finished games' list.
    let foe = level
        .level
        .and_then(|n| g.variant.foe(n).map(|foe| (n, foe.name)));
    match (foe, limit) {
        (Some((n, name)), Some(limit)) => format!("{name} (Regalia level {n}, {limit})"),
        (Some((n, name)), None) => format!("{name} (Regalia level {n})"),
        (None, Some(limit)) => format!("Regalia ({limit})"),
        (None, None) => format!(
            "Regalia ({} ms a move)",
            super::jobs::DEFAULT_MOVETIME.as_millis()
        ),
    }
}

/// Who plays, in words: `Human vs Regalia (depth 4)`.
pub fn player_names(g: &WebGame) -> String {
    (0..g.players.len())
        .map(|seat| player_name(g, seat))
        .collect::<Vec<_>>()
        .join(" vs ")
}

/// The record as a match writes it: its file name, its type and its text.
pub fn record_download(g: &WebGame) -> (String, &'static str, String) {
    let s = g.session.as_ref();
    let seats = s.seats();
    let mut events = Vec::new();
    for (i, m) in g.moves.iter().enumerate() {
        for (seat, state) in &m.departures {
            events.push(SeatEvent {
                after_moves: i + 1,
                seat: *seat,
                what: match state {
                    SeatState::Withdrawn => "withdrew".into(),
                    _ => "eliminated".into(),
                },
            });
        }
    }
    let scores = search_privacy::scores_in_record(g);
    let record = GameRecord {
        setup: GameSetup {
            number: 1,
            opening: Opening {
                position: g.start_text.clone(),
                moves: Vec::new(),
                source: if g.start.is_some() {
                    "position given".into()
                } else {
                    "start position".into()
                },
            },
            seat_engines: (0..seats).collect(),
        },
        variant: g.variant,
        variant_options: g.options.clone(),
        seat_names: (0..seats as u8).map(|seat| s.seat_name(seat)).collect(),
        moves: g
            .moves
            .iter()
            .map(|m| PlayedMove {
                seat: m.seat,
                text: m.text.clone(),
                notation: m.notation.clone(),
                score: m.score.filter(|_| scores).map(|score| match score {
                    ReportScore::Centipawns(cp) => EngineScore::Centipawns(cp),
                    ReportScore::Mate(n) => EngineScore::Mate(n),
                }),
                depth: m.depth.filter(|_| scores),
                elapsed: m.elapsed,
            })
            .collect(),
        events,
        active: s.active_seats(),
        ending: match g.end() {
            Some(end) => Ending::Rule(end),
            None => Ending::Unfinished,
        },
    };
    let names: Vec<String> = (0..seats).map(|seat| player_name(g, seat)).collect();
    let header = RecordHeader {
        event: "regalia serve",
        site: "regalia serve",
        date: &today(),
        engine_names: &names,
        limits: "per seat as set in the browser",
        pgn_time_control: "-",
    };
    let text = record_text(&record, &header);
    let (extension, content_type) = match g.variant.record_format() {
        RecordFormat::Pgn => ("pgn", "application/x-chess-pgn"),
        RecordFormat::Lines => ("txt", "text/plain; charset=utf-8"),
    };
    (
        format!("{}-{}.{extension}", g.variant.name(), g.id),
        content_type,
        text,
    )
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn day_counts_become_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(20_423), (2025, 12, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
    }
}
