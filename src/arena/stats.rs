//! Match statistics for two players: the Elo difference with its 95% error margin, the
//! likelihood of superiority, and a sequential probability ratio test (SPRT) that says when a
//! match has shown enough.

use super::MatchError;

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score fraction (0.5 when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
}

/// Elo difference for a score fraction (logistic model); infinite for a clean sweep.
pub fn elo_of_score(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Half the width of the 95% interval (infinite while every game had one result, or when
    /// the interval reaches a score of 0 or 1).
    pub margin: f64,
    /// The 95% interval itself, which is lopsided near clean sweeps.
    pub low: f64,
    pub high: f64,
    /// Likelihood of superiority, 0..1.
    pub los: f64,
}

pub fn estimate(t: &Tally) -> EloEstimate {
    let n = t.games() as f64;
    let s = t.score();
    let elo = elo_of_score(s);
    let (low, high) = if n == 0.0 || t.variance() == 0.0 {
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        let deviation = (t.variance() / n).sqrt();
        (
            elo_of_score(s - 1.959964 * deviation),
            elo_of_score(s + 1.959964 * deviation),
        )
    };
    let margin = (high - low) / 2.0;
    let decisive = (t.wins + t.losses) as f64;
    let los = if decisive == 0.0 {
        0.5
    } else {
        0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
    };
    EloEstimate {
        elo,
        margin,
        low,
        high,
        los,
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.3275911 * x.abs());
    let poly = t
        * (0.254829592
            + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// `--sprt elo0=0 elo1=5 [alpha=0.05] [beta=0.05]`: H0 "the first engine is elo0 stronger"
/// against H1 "elo1 stronger", with false-positive rate alpha and false-negative rate beta.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    Continue,
    /// H0 accepted: the change is not the hoped-for elo1 gain.
    AcceptH0,
    /// H1 accepted.
    AcceptH1,
}

impl Sprt {
    pub fn parse(words: &[String]) -> Result<Sprt, MatchError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in words {
            let bad = || {
                MatchError::Sprt(format!(
                    "'{word}': expected elo0=, elo1=, alpha= or beta= with a number"
                ))
            };
            let (key, value) = word.split_once('=').ok_or_else(bad)?;
            let value: f64 = value.parse().map_err(|_| bad())?;
            if !value.is_finite() {
                return Err(bad());
            }
            match key {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                _ => return Err(bad()),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(MatchError::Sprt("both elo0= and elo1= are needed".into()));
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err(MatchError::Sprt("elo1 must be greater than elo0".into()));
        }
        for p in [sprt.alpha, sprt.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err(MatchError::Sprt(
                    "alpha and beta must lie between 0 and 0.5".into(),
                ));
            }
        }
        Ok(sprt)
    }

    /// (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 (a normal approximation of the trinomial
    /// game result, as fishtest's GSPRT does). A result never seen counts as half a game, so
    /// that a run of wins alone (zero variance) still adds up to evidence.
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        let count = |c: u32| if c == 0 { 0.5 } else { c as f64 };
        let (w, d, l) = (count(t.wins), count(t.draws), count(t.losses));
        let n = w + d + l;
        let score = (w + 0.5 * d) / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    pub fn decision(&self, t: &Tally) -> SprtDecision {
        let llr = self.llr(t);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_and_margin_match_the_textbook() {
        // 75% is +190.8 Elo; an even score is 0.
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        let even = estimate(&tally(10, 10, 10));
        assert!(even.elo.abs() < 1e-9 && (even.los - 0.5).abs() < 1e-9);
        // 62.5% over 100 games, +51 =23 -26: about +89 Elo, 95% interval about ±64.
        let e = estimate(&tally(51, 23, 26));
        assert!((e.elo - 88.7).abs() < 0.5, "{e:?}");
        assert!(e.margin > 55.0 && e.margin < 75.0, "{e:?}");
        assert!(
            (e.low - 29.7).abs() < 1.0 && (e.high - 154.0).abs() < 1.0,
            "{e:?}"
        );
        // 18 - 2: the interval's top reaches a score of 1.
        let lopsided = estimate(&tally(18, 0, 2));
        assert!(
            lopsided.high.is_infinite() && lopsided.low > 150.0,
            "{lopsided:?}"
        );
        assert!(e.los > 0.99, "{e:?}");
        let sweep = estimate(&tally(5, 0, 0));
        assert!(sweep.elo == f64::INFINITY && sweep.margin.is_infinite());
    }

    #[test]
    fn erf_is_accurate() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.5204999),
            (1.0, 0.8427008),
            (-2.0, -0.9953223),
        ] {
            assert!((erf(x) - want).abs() < 1e-6, "erf({x})");
        }
    }

    #[test]
    fn sprt_decides_only_with_evidence() {
        let words = |t: &str| t.split(' ').map(String::from).collect::<Vec<_>>();
        let sprt = Sprt::parse(&words("elo0=0 elo1=10")).expect("valid");
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 0.01 && (upper - 2.944).abs() < 0.01);
        assert_eq!(sprt.decision(&tally(3, 2, 1)), SprtDecision::Continue);
        assert_eq!(sprt.decision(&tally(300, 200, 100)), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(&tally(100, 200, 300)), SprtDecision::AcceptH0);
        // Wins alone: not yet after four, but a long run is evidence enough.
        assert_eq!(sprt.decision(&tally(4, 0, 0)), SprtDecision::Continue);
        assert_eq!(sprt.decision(&tally(400, 0, 0)), SprtDecision::AcceptH1);
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        for bad in [
            "elo0=0",
            "elo0=5 elo1=0",
            "elo0=0 elo1=5 alpha=0.7",
            "elo0=x elo1=5",
            "gamma=1",
        ] {
            assert!(Sprt::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
