//! What a `go` asks for, and the engine-wide options that shape every search.

use std::time::Duration;

/// The clock words of `go` in the order the protocol reads them: `wtime`/`winc`, `btime`/`binc`,
/// `rtime`/`rinc`, `gtime`/`ginc`. Each game says which word is which seat's clock.
pub const CLOCK_LETTERS: [char; 4] = ['w', 'b', 'r', 'g'];

/// The limits of one search (UCI `go` parameters, game-agnostic).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Remaining time per seat. As the protocol reads `go`, indexed by [`CLOCK_LETTERS`]; the
    /// session turns that into seats ([`SearchLimits::for_seats`]) before a search.
    pub time: [Option<Duration>; 4],
    /// Increment per seat, indexed like `time`.
    pub increment: [Option<Duration>; 4],
    pub moves_to_go: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves (stop once one is found).
    pub mate: Option<u32>,
    pub move_time: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
}

impl SearchLimits {
    /// The clocks re-indexed by seat, for a game whose seats use `letters` (seat order; `w` for
    /// `wtime`/`winc`…): everything else unchanged.
    pub fn for_seats(&self, letters: &[char]) -> SearchLimits {
        let mut out = self.clone();
        out.time = [None; 4];
        out.increment = [None; 4];
        for (seat, letter) in letters.iter().enumerate().take(4) {
            if let Some(word) = CLOCK_LETTERS.iter().position(|c| c == letter) {
                out.time[seat] = self.time[word];
                out.increment[seat] = self.increment[word];
            }
        }
        out
    }
}

/// Options the protocol sets that every search reads.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub threads: usize,
    pub multi_pv: usize,
    /// Time kept back per move for GUI and transmission delays.
    pub move_overhead: Duration,
    /// Evaluate by material alone (the `Evaluation` option; for strength comparisons).
    pub material_only: bool,
    /// The search for three or more active seats (`MultiplayerSearch`).
    pub multiplayer: MultiplayerSearch,
}

/// The multi-player search algorithms; with two active seats every search is alpha-beta.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MultiplayerSearch {
    /// The root player against a coalition of all the others (alpha-beta, PVS, the table).
    #[default]
    Paranoid,
    /// Every player maximises its own share (max-n with shallow pruning).
    MaxN,
    /// Best-reply search: between two moves of the root player, only the single best reply of
    /// all opponents together.
    Brs,
    /// BRS+: as best-reply, but the other opponents play their first move by move ordering.
    BrsPlus,
}

impl MultiplayerSearch {
    pub const ALL: [MultiplayerSearch; 4] = [
        MultiplayerSearch::Paranoid,
        MultiplayerSearch::MaxN,
        MultiplayerSearch::Brs,
        MultiplayerSearch::BrsPlus,
    ];

    /// The option value (`paranoid`, `maxn`, `brs`, `brsplus`).
    pub fn name(self) -> &'static str {
        match self {
            MultiplayerSearch::Paranoid => "paranoid",
            MultiplayerSearch::MaxN => "maxn",
            MultiplayerSearch::Brs => "brs",
            MultiplayerSearch::BrsPlus => "brsplus",
        }
    }

    pub fn from_name(text: &str) -> Option<MultiplayerSearch> {
        MultiplayerSearch::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(text))
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
            material_only: false,
            multiplayer: MultiplayerSearch::Paranoid,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_words_become_seats() {
        let ms = |n| Some(Duration::from_millis(n));
        let read = SearchLimits {
            time: [ms(1), ms(2), ms(3), ms(4)],
            increment: [ms(10), ms(20), ms(30), ms(40)],
            depth: Some(7),
            ..Default::default()
        };
        // Sceptre's order: black (b) moves first, then white, red, green.
        let seats = read.for_seats(&['b', 'w', 'r', 'g']);
        assert_eq!(seats.time, [ms(2), ms(1), ms(3), ms(4)]);
        assert_eq!(seats.increment, [ms(20), ms(10), ms(30), ms(40)]);
        assert_eq!(seats.depth, Some(7));
        let chess = read.for_seats(&['w', 'b']);
        assert_eq!(chess.time, [ms(1), ms(2), None, None]);
    }
}
