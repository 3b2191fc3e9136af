//! The match tables: for two engines the first engine's W/D/L with Elo, error margin, LOS and
//! SPRT; for three or four, points and win rate per engine and per seat. Both come from the
//! finished games' points, so the tables never disagree with the records.

use super::game::GameRecord;
use super::stats::{estimate, Sprt, Tally};

/// Running totals of a match.
#[derive(Clone, Debug)]
pub struct Standings {
    pub engine_names: Vec<String>,
    pub seat_names: Vec<String>,
    per_engine: Vec<Line>,
    per_seat: Vec<Line>,
    /// Results of engine 0 against engine 1 (two-engine matches).
    pub tally: Tally,
}

#[derive(Clone, Copy, Debug, Default)]
struct Line {
    games: u32,
    points: f64,
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Line {
    fn add(&mut self, points: f64, won: bool, lost: bool) {
        self.games += 1;
        self.points += points;
        if won {
            self.wins += 1;
        } else if lost {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

impl Standings {
    pub fn new(engine_names: Vec<String>, seat_names: Vec<String>) -> Standings {
        Standings {
            per_engine: vec![Line::default(); engine_names.len()],
            per_seat: vec![Line::default(); seat_names.len()],
            engine_names,
            seat_names,
            tally: Tally::default(),
        }
    }

    pub fn games(&self) -> u32 {
        self.per_seat.iter().map(|l| l.games).sum::<u32>() / self.seat_names.len().max(1) as u32
    }

    /// Counts one finished game. A seat "wins" with the whole point, "loses" with none.
    pub fn add(&mut self, game: &GameRecord) {
        let points = game.points();
        for (seat, &p) in points.iter().enumerate() {
            let (won, lost) = (p >= 1.0, p <= 0.0);
            self.per_seat[seat].add(p, won, lost);
            let engine = game.setup.seat_engines[seat];
            self.per_engine[engine].add(p, won, lost);
            if engine == 0 && self.engine_names.len() == 2 {
                match (won, lost) {
                    (true, _) => self.tally.wins += 1,
                    (_, true) => self.tally.losses += 1,
                    _ => self.tally.draws += 1,
                }
            }
        }
    }

    /// The tables as text, for stdout at the end of a match (and for progress).
    pub fn report(&self, sprt: Option<&Sprt>) -> String {
        let mut out = String::new();
        if self.engine_names.len() == 2 {
            let t = &self.tally;
            let e = estimate(t);
            out.push_str(&format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                self.engine_names[0],
                self.engine_names[1],
                t.wins,
                t.losses,
                t.draws,
                t.score(),
                t.games()
            ));
            let number = |x: f64, sign: &str| {
                if x.is_finite() {
                    format!("{x:+.1}").replace('+', sign)
                } else if x > 0.0 {
                    format!("{sign}inf")
                } else {
                    "-inf".to_string()
                }
            };
            // A sweep (one result only) has no interval to speak of.
            let interval = if e.low.is_finite() || e.high.is_finite() {
                format!(" (95%: {} to {})", number(e.low, "+"), number(e.high, "+"))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "Elo difference: {} +/- {}{interval}, LOS: {:.1} %, DrawRatio: {:.1} %\n",
                number(e.elo, "+"),
                number(e.margin, ""),
                100.0 * e.los,
                100.0 * t.draws as f64 / t.games().max(1) as f64
            ));
            if let Some(s) = sprt {
                let (lower, upper) = s.bounds();
                out.push_str(&format!(
                    "SPRT: elo0 {} elo1 {} alpha {} beta {}: llr {:.2} (bounds {:.2}, {:.2}), {}\n",
                    s.elo0,
                    s.elo1,
                    s.alpha,
                    s.beta,
                    s.llr(t),
                    lower,
                    upper,
                    match s.decision(t) {
                        super::stats::SprtDecision::Continue => "undecided",
                        super::stats::SprtDecision::AcceptH0 => "H0 accepted",
                        super::stats::SprtDecision::AcceptH1 => "H1 accepted",
                    }
                ));
            }
            out.push('\n');
        }
        out.push_str(&table("engine", &self.engine_names, &self.per_engine));
        out.push('\n');
        let seats: Vec<String> = self
            .seat_names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("seat {i} ({n})"))
            .collect();
        out.push_str(&table("seat", &seats, &self.per_seat));
        out
    }
}

fn table(heading: &str, names: &[String], lines: &[Line]) -> String {
    let width = names
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(0)
        .max(heading.len());
    let mut out = format!("{heading:<width$}  games   wins  draws losses   points  win rate\n");
    for (name, l) in names.iter().zip(lines) {
        let rate = if l.games == 0 {
            0.0
        } else {
            100.0 * l.wins as f64 / l.games as f64
        };
        out.push_str(&format!(
            "{name:<width$}  {:>5}  {:>5}  {:>5}  {:>5}  {:>7.2}  {:>7.1}%\n",
            l.games, l.wins, l.draws, l.losses, l.points, rate
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::{Ending, FaultKind, GameSetup};
    use crate::arena::openings::Opening;
    use crate::session::{GameEnd, Variant};

    fn record(seat_engines: Vec<usize>, ending: Ending) -> GameRecord {
        let seats = seat_engines.len();
        GameRecord {
            variant_options: Vec::new(),
            setup: GameSetup {
                number: 1,
                opening: Opening {
                    position: String::new(),
                    moves: Vec::new(),
                    source: String::new(),
                },
                seat_engines,
            },
            variant: Variant::Chess,
            seat_names: (0..seats).map(|s| format!("s{s}")).collect(),
            moves: Vec::new(),
            events: Vec::new(),
            active: crate::core::SeatSet::first(seats),
            ending,
        }
    }

    fn win(seat: u8) -> Ending {
        Ending::Rule(GameEnd {
            winner: Some(seat),
            drawn: Vec::new(),
            reason: "rule".into(),
            text: "win".into(),
        })
    }

    #[test]
    fn two_engines_count_from_the_first_engines_side() {
        let mut s = Standings::new(vec!["A".into(), "B".into()], vec!["w".into(), "b".into()]);
        s.add(&record(vec![0, 1], win(0)));
        s.add(&record(vec![1, 0], win(0)));
        s.add(&record(
            vec![1, 0],
            Ending::Adjudicated {
                winner: None,
                why: "limit".into(),
            },
        ));
        s.add(&record(
            vec![0, 1],
            Ending::Fault {
                seat: 1,
                kind: FaultKind::TimeForfeit,
                detail: "late".into(),
            },
        ));
        assert_eq!(
            s.tally,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(s.games(), 4);
        let text = s.report(None);
        assert!(
            text.contains("Score of A vs B: 2 - 1 - 1  [0.625] 4"),
            "{text}"
        );
        assert!(text.contains("seat 0 (w)"), "{text}");
        assert!(text.contains("Elo difference: +88.7 +/- "), "{text}");
        assert!(text.contains("(95%: "), "{text}");
        let mut sweep = Standings::new(vec!["A".into(), "B".into()], vec!["w".into(), "b".into()]);
        sweep.add(&record(vec![0, 1], win(0)));
        let text = sweep.report(None);
        assert!(
            text.contains("Elo difference: +inf +/- inf, LOS: 84.1 %"),
            "{text}"
        );
    }

    #[test]
    fn four_seats_share_points_and_faults() {
        let names: Vec<String> = ["A", "B", "C", "D"].iter().map(|s| s.to_string()).collect();
        let mut s = Standings::new(names, (0..4).map(|i| format!("p{i}")).collect());
        s.add(&record(vec![0, 1, 2, 3], win(2)));
        s.add(&record(
            vec![1, 2, 3, 0],
            Ending::Fault {
                seat: 0,
                kind: FaultKind::Crash,
                detail: "exited".into(),
            },
        ));
        s.add(&record(
            vec![2, 3, 0, 1],
            Ending::Adjudicated {
                winner: None,
                why: "limit".into(),
            },
        ));
        let c = s.per_engine[2];
        assert_eq!((c.games, c.wins), (3, 1));
        assert!((c.points - (1.0 + 1.0 / 3.0 + 0.25)).abs() < 1e-9);
        let b = s.per_engine[1];
        assert_eq!(b.losses, 2, "B crashed in game 2 and lost game 1");
        let total: f64 = s.per_engine.iter().map(|l| l.points).sum();
        assert!((total - 3.0).abs() < 1e-9);
        let text = s.report(None);
        assert!(!text.contains("Elo"), "no Elo with four engines: {text}");
        assert!(text.contains("seat 3 (p3)"), "{text}");
    }

    #[test]
    fn draws_among_some_seats_leave_the_others_nothing() {
        let names: Vec<String> = ["A", "B", "C"].iter().map(|s| s.to_string()).collect();
        let mut drawn = record(
            vec![0, 1, 2],
            Ending::Rule(GameEnd {
                winner: None,
                drawn: vec![0, 2],
                reason: "rule".into(),
                text: "draw between s0, s2".into(),
            }),
        );
        assert_eq!(drawn.points(), [0.5, 0.0, 0.5]);
        // Adjudicated after seat 1 left: the two still playing share the point.
        drawn.ending = Ending::Adjudicated {
            winner: None,
            why: "limit".into(),
        };
        drawn.active = crate::core::SeatSet::only(0).with(2);
        assert_eq!(drawn.points(), [0.5, 0.0, 0.5]);
        // A fault with two left: the other one wins.
        drawn.ending = Ending::Fault {
            seat: 2,
            kind: FaultKind::Crash,
            detail: "exited".into(),
        };
        assert_eq!(drawn.winner(), Some(0));
        let mut s = Standings::new(names, (0..3).map(|i| format!("p{i}")).collect());
        s.add(&drawn);
        assert!(s.report(None).contains("seat 2 (p2)"));
    }
}
