//! Reading back the line records `regalia match --out` writes for games without PGN (protocol.md,
//! "Line records"): the start, the moves, the seats that left and the points, for `regalia
//! tune`. Only what a reader of the games needs; clocks, scores and engine names are skipped.

use std::fmt;

/// One game as its record gives it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineRecord {
    /// The `game` line's number.
    pub number: u64,
    pub variant: String,
    /// `option NAME VALUE` lines (the variant's options for the whole match).
    pub options: Vec<(String, String)>,
    /// The start position's text.
    pub start: String,
    /// Moves played from `start` before the game's own (an opening's moves).
    pub opening_moves: Vec<String>,
    /// The game's moves, in order, with the seat that played each.
    pub moves: Vec<(u8, String)>,
    /// Seats that left: after how many moves, which seat, why ("eliminated", "withdrew",
    /// "forfeits: …").
    pub events: Vec<(usize, u8, String)>,
    /// Each seat's points; `None` for a game the record has no points for.
    pub points: Option<Vec<f64>>,
}

impl LineRecord {
    /// Every move from `start`: the opening's, then the game's.
    pub fn all_moves(&self) -> Vec<String> {
        self.opening_moves
            .iter()
            .cloned()
            .chain(self.moves.iter().map(|m| m.1.clone()))
            .collect()
    }

    /// Seats that left by forfeit or resignation (not by the rules: eliminated or withdrawn),
    /// with the number of moves from `start` before they left.
    pub fn forfeits(&self) -> Vec<(usize, u8)> {
        self.events
            .iter()
            .filter(|e| e.2 != "eliminated" && e.2 != "withdrew")
            .map(|e| (e.0 + self.opening_moves.len(), e.1))
            .collect()
    }
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text holds no `game` line.
    NoGames,
    /// A line of game `game` does not read.
    BadLine { game: u64, line: String },
    /// Game `game` has no `start` line or no `end`.
    Incomplete { game: u64 },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NoGames => write!(f, "no line record (a `game N` line) in the file"),
            RecordError::BadLine { game, line } => {
                write!(f, "game {game}: cannot read the line '{line}'")
            }
            RecordError::Incomplete { game } => {
                write!(f, "game {game}: the record has no start or no end")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// Does `text` look like line records (its first line that is not blank is `game N`)?
pub fn looks_like_line_records(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with("game "))
}

/// Every game of `text`, each read or the reason it could not be.
pub fn read_line_records(text: &str) -> Vec<Result<LineRecord, RecordError>> {
    let mut out = Vec::new();
    let mut current: Option<(LineRecord, Option<RecordError>)> = None;
    let mut ended = false;
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if word == "game" {
            if let Some((game, error)) = current.take() {
                out.push(finish(game, error, ended));
            }
            ended = false;
            let number = rest.trim().parse().unwrap_or(0);
            current = Some((
                LineRecord {
                    number,
                    ..LineRecord::default()
                },
                None,
            ));
            continue;
        }
        let Some((game, error)) = current.as_mut() else {
            continue;
        };
        if error.is_some() {
            continue;
        }
        let bad = || RecordError::BadLine {
            game: game.number,
            line: line.to_string(),
        };
        match word {
            "variant" => game.variant = rest.trim().to_string(),
            "option" => match rest.trim().split_once(' ') {
                Some((name, value)) => game.options.push((name.into(), value.trim().into())),
                None => *error = Some(bad()),
            },
            "start" => game.start = rest.trim().to_string(),
            "opening-moves" => {
                game.opening_moves = rest.split_whitespace().map(String::from).collect();
            }
            "move" => {
                let mut words = rest.split_whitespace();
                let (_, seat, text) = (words.next(), words.next(), words.next());
                match (seat.and_then(|s| s.parse().ok()), text) {
                    (Some(seat), Some(text)) => game.moves.push((seat, text.to_string())),
                    _ => *error = Some(bad()),
                }
            }
            "out" => {
                let mut words = rest.splitn(3, ' ');
                let after = words.next().and_then(|w| w.parse().ok());
                let seat = words.next().and_then(|w| w.parse().ok());
                match (after, seat) {
                    (Some(after), Some(seat)) => {
                        game.events
                            .push((after, seat, words.next().unwrap_or("").to_string()));
                    }
                    _ => *error = Some(bad()),
                }
            }
            "points" => {
                let points: Result<Vec<f64>, _> =
                    rest.split_whitespace().map(str::parse::<f64>).collect();
                match points {
                    Ok(p) if !p.is_empty() => game.points = Some(p),
                    _ => *error = Some(bad()),
                }
            }
            "end" => ended = true,
            _ => {}
        }
    }
    if let Some((game, error)) = current.take() {
        out.push(finish(game, error, ended));
    }
    if out.is_empty() {
        out.push(Err(RecordError::NoGames));
    }
    out
}

fn finish(
    game: LineRecord,
    error: Option<RecordError>,
    ended: bool,
) -> Result<LineRecord, RecordError> {
    if let Some(e) = error {
        return Err(e);
    }
    if game.start.is_empty() || !ended {
        return Err(RecordError::Incomplete { game: game.number });
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "game 1\nvariant sceptre1027\nevent x\nseat 0 black a\nseat 1 white b\n\
        start POS b\nopening o.epd:1\nlimits movetime 50 ms\nmove 1 0 a1a2 score cp 3 depth 4 \
        time 20\nmove 2 1 b1b2 time 5\nout 2 1 forfeits: lost on time\npoints 1 0\nwinner 0\n\
        termination normal black wins\nend\n\ngame 2\nvariant sceptre1027\nstart POS\n";

    #[test]
    fn a_record_reads_back_and_a_cut_one_is_refused() {
        let games = read_line_records(TWO);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().expect("the first game reads");
        assert_eq!(g.start, "POS b");
        assert_eq!(g.moves, [(0, "a1a2".to_string()), (1, "b1b2".to_string())]);
        assert_eq!(g.events, [(2, 1, "forfeits: lost on time".to_string())]);
        assert_eq!(g.points, Some(vec![1.0, 0.0]));
        assert_eq!(games[1], Err(RecordError::Incomplete { game: 2 }));
        assert!(looks_like_line_records(TWO));
        assert!(!looks_like_line_records("[Event \"x\"]\n"));
        assert_eq!(read_line_records("junk\n"), [Err(RecordError::NoGames)]);
        let bad = read_line_records("game 3\nstart P\npoints one zero\nend\n");
        assert!(matches!(bad[0], Err(RecordError::BadLine { game: 3, .. })));
    }
}
