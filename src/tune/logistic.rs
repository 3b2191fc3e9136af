//! The logistic fit: a position's predicted score is sigmoid(K · eval / 400), its eval a tapered
//! sum of midgame/endgame weights times coefficients plus a fixed part; K is fitted first
//! (the weights as they are), then the mean squared error against the game results is lowered
//! by full-batch Adam over the weights.

use std::time::Instant;

/// Positions as sparse rows: weight indices and coefficients, the fixed part (already
/// tapered), the midgame share of the taper, the result (1 win, ½ draw, 0 loss).
#[derive(Clone, Debug, Default)]
pub struct DataSet {
    entries: Vec<(u32, f32)>,
    starts: Vec<u32>,
    fixed: Vec<f32>,
    midgame: Vec<f32>,
    result: Vec<f32>,
}

impl DataSet {
    /// Adds one position; `midgame` is the midgame weight's share (phase / 24).
    pub fn push(&mut self, entries: &[(u32, f32)], fixed: f32, midgame: f32, result: f32) {
        self.starts.push(self.entries.len() as u32);
        self.entries.extend_from_slice(entries);
        self.fixed.push(fixed);
        self.midgame.push(midgame);
        self.result.push(result);
    }

    pub fn len(&self) -> usize {
        self.result.len()
    }

    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    fn row(&self, n: usize) -> &[(u32, f32)] {
        let start = self.starts[n] as usize;
        let end = self
            .starts
            .get(n + 1)
            .map_or(self.entries.len(), |&e| e as usize);
        &self.entries[start..end]
    }

    /// The evaluation of position `n` with `params` (midgame, endgame interleaved per weight).
    fn eval(&self, n: usize, params: &[f64]) -> f64 {
        let mg = self.midgame[n] as f64;
        let eg = 1.0 - mg;
        let mut e = self.fixed[n] as f64;
        for &(i, c) in self.row(n) {
            let i = 2 * i as usize;
            e += c as f64 * (params[i] * mg + params[i + 1] * eg);
        }
        e
    }

    /// Each row's squared error of the prediction with `params` and scaling `k`.
    pub fn squared_errors(&self, params: &[f64], k: f64) -> Vec<f64> {
        (0..self.len())
            .map(|n| (self.result[n] as f64 - sigmoid(k, self.eval(n, params))).powi(2))
            .collect()
    }

    /// Mean squared error of the predictions with `params` and scaling `k`.
    pub fn error(&self, params: &[f64], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = (0..self.len())
            .map(|n| {
                let d = self.result[n] as f64 - sigmoid(k, self.eval(n, params));
                d * d
            })
            .sum();
        total / self.len() as f64
    }
}

/// The predicted score of an evaluation `e` (centipawns).
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// How the weights are fitted.
#[derive(Clone, Debug)]
pub struct FitSettings {
    pub epochs: usize,
    /// Adam's step size, in the weights' units (centipawns).
    pub learning_rate: f64,
    /// Log the error every this many epochs.
    pub report_every: usize,
    /// Weight of the penalty on each parameter's squared distance from where it started (in
    /// centipawns squared), which keeps rarely seen weights from wandering on little evidence.
    pub pull_to_start: f64,
}

impl Default for FitSettings {
    fn default() -> Self {
        FitSettings {
            epochs: 1000,
            learning_rate: 1.0,
            report_every: 100,
            pull_to_start: 0.0,
        }
    }
}

/// The weights being fitted, with which of them may move.
pub struct Fitter {
    /// Midgame and endgame value of each weight, interleaved.
    pub params: Vec<f64>,
    /// Per weight: may the fit change it?
    pub tunable: Vec<bool>,
}

impl Fitter {
    /// The K that best fits `data` with the weights as they are: a scan, then golden-section
    /// refinement around the best point of the scan.
    pub fn fit_k(&self, data: &DataSet) -> f64 {
        let err = |k: f64| data.error(&self.params, k);
        let mut best = (f64::INFINITY, 1.0);
        let mut k = 0.05;
        while k <= 5.0 {
            let e = err(k);
            if e < best.0 {
                best = (e, k);
            }
            k *= 1.25;
        }
        let (mut lo, mut hi) = (best.1 / 1.25, best.1 * 1.25);
        let phi = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..40 {
            let a = hi - phi * (hi - lo);
            let b = lo + phi * (hi - lo);
            if err(a) < err(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        (lo + hi) / 2.0
    }

    /// Lowers the mean squared error on `data` at scaling `k` by Adam; returns the error after
    /// and the epoch whose weights were kept.
    /// With `held_out` positions, the weights kept are those of the check (every
    /// `report_every` epochs) where the error on them was lowest: the fit stops learning the
    /// training games by heart when that error starts to rise.
    pub fn fit(
        &mut self,
        data: &DataSet,
        held_out: Option<&DataSet>,
        k: f64,
        settings: &FitSettings,
    ) -> (f64, usize) {
        let n = self.params.len();
        let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
        let mut m = vec![0.0; n];
        let mut v = vec![0.0; n];
        let mut grad = vec![0.0; n];
        let start = self.params.clone();
        let started = Instant::now();
        let mut best = held_out.map(|h| (h.error(&self.params, k), 0, self.params.clone()));
        let scale = k * std::f64::consts::LN_10 / 400.0;
        for epoch in 1..=settings.epochs {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for p in 0..data.len() {
                let s = sigmoid(k, data.eval(p, &self.params));
                // d(r - s)^2 / d eval
                let d = -2.0 * (data.result[p] as f64 - s) * s * (1.0 - s) * scale;
                let mg = data.midgame[p] as f64;
                for &(i, c) in data.row(p) {
                    let i = 2 * i as usize;
                    grad[i] += d * c as f64 * mg;
                    grad[i + 1] += d * c as f64 * (1.0 - mg);
                }
            }
            let count = data.len().max(1) as f64;
            let (c1, c2) = (1.0 - power(beta1, epoch), 1.0 - power(beta2, epoch));
            for i in 0..n {
                if !self.tunable[i / 2] {
                    continue;
                }
                let g =
                    grad[i] / count + 2.0 * settings.pull_to_start * (self.params[i] - start[i]);
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                let step = settings.learning_rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                self.params[i] -= step;
            }
            if settings.report_every > 0 && epoch % settings.report_every == 0 {
                let held = held_out.map(|h| h.error(&self.params, k));
                log::info!(
                    "epoch {epoch}: error {:.6}, held out {:.6} ({:.0?})",
                    data.error(&self.params, k),
                    held.unwrap_or(f64::NAN),
                    started.elapsed()
                );
                if let (Some(e), Some(b)) = (held, best.as_mut()) {
                    if e < b.0 {
                        *b = (e, epoch, self.params.clone());
                    }
                }
            }
        }
        let mut kept = settings.epochs;
        if let Some((e, epoch, params)) = best {
            log::info!("kept the weights of epoch {epoch} (held-out error {e:.6})");
            self.params = params;
            kept = epoch;
        }
        (data.error(&self.params, k), kept)
    }
}

fn power(beta: f64, epoch: usize) -> f64 {
    beta.powi(epoch.min(i32::MAX as usize) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One weight, positions whose results follow a known value of it: the fit finds it back.
    #[test]
    fn the_fit_recovers_a_planted_weight() {
        let mut data = DataSet::default();
        let true_value = 100.0;
        for c in -4..=4 {
            for rep in 0..20 {
                let p = sigmoid(1.0, true_value * c as f64);
                // Results as frequencies: the share `p` of 20 games won.
                let result = if (rep as f64) < p * 20.0 { 1.0 } else { 0.0 };
                data.push(&[(0, c as f32)], 0.0, 0.5, result);
            }
        }
        let mut fitter = Fitter {
            params: vec![20.0, 20.0],
            tunable: vec![true],
        };
        let before = data.error(&fitter.params, 1.0);
        let settings = FitSettings {
            epochs: 2000,
            learning_rate: 2.0,
            report_every: 0,
            pull_to_start: 0.0,
        };
        let (after, _) = fitter.fit(&data, None, 1.0, &settings);
        assert!(after < before, "{after} vs {before}");
        let fitted = (fitter.params[0] + fitter.params[1]) / 2.0;
        assert!((fitted - true_value).abs() < 15.0, "{fitted}");
    }
}
