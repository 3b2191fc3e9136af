//! Whether one table predicts results better than another on the same rows: the mean
//! difference of their squared errors with a 95% interval. A game's positions are alike (one
//! result labels them all), so the interval treats each game's rows as one draw, not each row.

use std::collections::HashMap;

/// The mean of `b − a` over the rows and the half-width of its 95% interval, games as
/// clusters; `None` with fewer than two games.
pub fn paired_difference(a: &[f64], b: &[f64], games: &[u64]) -> Option<(f64, f64)> {
    let rows = a.len().min(b.len()).min(games.len());
    if rows == 0 {
        return None;
    }
    // Per game: the sum of the differences and the number of rows.
    let mut per_game: HashMap<u64, (f64, f64)> = HashMap::new();
    for n in 0..rows {
        let g = per_game.entry(games[n]).or_default();
        g.0 += b[n] - a[n];
        g.1 += 1.0;
    }
    let clusters = per_game.len() as f64;
    if clusters < 2.0 {
        return None;
    }
    let mean = per_game.values().map(|g| g.0).sum::<f64>() / rows as f64;
    // The ratio estimator's variance: each game's deviation from the mean it would give.
    let spread: f64 = per_game.values().map(|g| (g.0 - mean * g.1).powi(2)).sum();
    let variance = clusters / (clusters - 1.0) * spread / (rows as f64).powi(2);
    Some((mean, 1.96 * variance.sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_difference_is_exact() {
        let a = [0.2, 0.3, 0.1, 0.4];
        let b: Vec<f64> = a.iter().map(|x| x - 0.05).collect();
        let (mean, half) = paired_difference(&a, &b, &[1, 1, 2, 3]).expect("three games");
        assert!((mean + 0.05).abs() < 1e-12, "{mean}");
        assert!(half < 1e-12, "{half}");
    }

    /// Rows of one game count as one draw: the same differences spread over two games give a
    /// wider interval than over four.
    #[test]
    fn games_not_rows_set_the_interval() {
        let a = [0.0; 4];
        let b = [0.1, 0.1, -0.1, -0.1];
        let (m2, h2) = paired_difference(&a, &b, &[1, 1, 2, 2]).expect("two games");
        let (m4, h4) = paired_difference(&a, &b, &[1, 2, 3, 4]).expect("four games");
        assert!(m2.abs() < 1e-12 && m4.abs() < 1e-12);
        assert!(h2 > h4, "{h2} vs {h4}");
        assert_eq!(paired_difference(&a, &b, &[7, 7, 7, 7]), None);
    }
}
