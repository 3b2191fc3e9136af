//! EXPERIMENT ONLY (not for main): counters of re-searches and switches read from the
//! environment, so one build can compare several search forms.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

pub const ROOT_ZW: usize = 0;
pub const ROOT_ZW_HIGH: usize = 1;
pub const ROOT_FULL_LOW: usize = 2;
pub const ROOT_FULL_LOW_NODES: usize = 3;
pub const TREE_ZW: usize = 4;
pub const TREE_ZW_HIGH: usize = 5;
pub const TREE_FULL_LOW: usize = 6;
pub const TREE_FULL_LOW_NODES: usize = 7;
pub const QSTARTS: usize = 8;
pub const QNODES: usize = 9;
pub const ROOT_FULL_NODES: usize = 10;
pub const TREE_FULL_NODES: usize = 11;
pub const THREAT_KEPT: usize = 12;
const N: usize = 13;

static COUNTS: [AtomicU64; N] = [const { AtomicU64::new(0) }; N];

#[inline(always)]
pub fn add(i: usize, v: u64) {
    if knobs().stats {
        COUNTS[i].fetch_add(v, Ordering::Relaxed);
    }
}

pub fn dump(depth: i32, nodes: u64) {
    if !knobs().stats {
        return;
    }
    let c: Vec<u64> = COUNTS.iter().map(|a| a.load(Ordering::Relaxed)).collect();
    eprintln!(
        "stats d{depth} nodes {nodes} root zw {} high {} fulllow {} (nodes {} of full {}) tree zw {} high {} fulllow {} (nodes {} of full {}) qstarts {} qnodes {} threatkept {}",
        c[0], c[1], c[2], c[3], c[10], c[4], c[5], c[6], c[7], c[11], c[8], c[9], c[12]
    );
}

pub struct Knobs {
    pub stats: bool,
    pub no_fut: bool,
    pub no_lmp: bool,
    pub no_rfp: bool,
    pub no_nmp: bool,
    pub no_lmr: bool,
    /// Quiet moves the game calls threats are not pruned (futility, late move) nor reduced.
    pub threat: bool,
    /// A reduced move that beat alpha is searched again at full depth with the zero window
    /// before the full window, at the root too (it already is below).
    pub skip_after_unstable: bool,
    /// After this many failed re-searches at a node, later zero-window fail-highs count as
    /// fail-lows (0: off).
    pub skip_after: u32,
    /// Killers are not pruned by futility or late-move pruning.
    pub killer: bool,
    /// Futility and reverse-futility margins grow by |eval| / this (0: off).
    pub scale: i32,
    /// late_move_base override (0: the game's).
    pub lmp_base: i32,
    /// No reverse futility where the opponent may promote on his next move.
    pub threat2: bool,
    /// No table cut-offs (main search and quiescence).
    pub no_ttcut: bool,
}

pub fn knobs() -> &'static Knobs {
    static K: OnceLock<Knobs> = OnceLock::new();
    K.get_or_init(|| {
        let on = |n: &str| std::env::var(n).is_ok_and(|v| v == "1");
        let num = |n: &str| {
            std::env::var(n)
                .ok()
                .and_then(|v| v.parse::<i32>().ok())
                .unwrap_or(0)
        };
        Knobs {
            stats: on("SS_STATS"),
            no_fut: on("SS_NO_FUT"),
            no_lmp: on("SS_NO_LMP"),
            no_rfp: on("SS_NO_RFP"),
            no_nmp: on("SS_NO_NMP"),
            no_lmr: on("SS_NO_LMR"),
            threat: on("SS_THREAT"),
            skip_after_unstable: on("SS_SKIP"),
            threat2: on("SS_THREAT2"),
            no_ttcut: on("SS_NO_TTCUT"),
            skip_after: num("SS_SKIP_AFTER") as u32,
            killer: on("SS_KILLER"),
            scale: num("SS_SCALE"),
            lmp_base: num("SS_LMPBASE"),
        }
    })
}

pub fn unstable(depth: i32, index: usize, alpha: i32, zw: i32, full: i32, nodes: u64) {
    if knobs().stats {
        eprintln!("unstable d{depth} move#{index} alpha {alpha} zw {zw} full {full} nodes {nodes}");
    }
}
