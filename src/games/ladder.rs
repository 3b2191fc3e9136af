//! The ladder of named foes for each game, from a beginner to full strength: what the page
//! offers and what the `Level` option selects. A foe is a name, a line of character and a
//! strength setting on the one scale `UCI_Elo` uses (for chess that number is the
//! calibrated Elo; for the other games it is only a setting, each step measured in
//! docs/results/strength.md#the-ladders-of-named-foes). How a setting weakens the search is
//! the session's business (`session/strength.rs`), never a game's.

use super::Variant;

/// How strongly a foe plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoeStrength {
    /// Limited, at this setting of the `UCI_Elo` scale.
    Limited(u32),
    /// The engine at full strength.
    Full,
}

/// One foe of a ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foe {
    pub name: &'static str,
    /// One line of character, for the page.
    pub line: &'static str,
    pub strength: FoeStrength,
}

/// A foe at a limited setting.
pub(crate) const fn limited(name: &'static str, line: &'static str, setting: u32) -> Foe {
    Foe {
        name,
        line,
        strength: FoeStrength::Limited(setting),
    }
}

/// The foe at full strength (the last of every ladder).
pub(crate) const fn full(name: &'static str, line: &'static str) -> Foe {
    Foe {
        name,
        line,
        strength: FoeStrength::Full,
    }
}

impl Variant {
    /// The game's foes, weakest first; level `n` (1-based) is `ladder()[n - 1]`, and the last
    /// plays at full strength.
    pub fn ladder(self) -> &'static [Foe] {
        use super::{chess, sceptre, tafl, takeaway};
        match self {
            Variant::Chess => &chess::foes::CHESS,
            Variant::ScepterChess => &chess::foes::SCEPTERCHESS,
            Variant::Chess40k => &chess::foes::CHESS40K,
            Variant::Tafl => &tafl::foes::FOES,
            Variant::Sceptre => &sceptre::foes::FOES,
            Variant::Takeaway => &takeaway::foes::FOES,
        }
    }

    /// The foe at `level` (1 = the weakest); None for level 0 (full strength, no foe chosen)
    /// or a level beyond the ladder.
    pub fn foe(self, level: usize) -> Option<&'static Foe> {
        level.checked_sub(1).and_then(|i| self.ladder().get(i))
    }

    /// The longest ladder of any game: the `Level` option's range.
    pub fn max_level() -> usize {
        Variant::ALL
            .iter()
            .map(|v| v.ladder().len())
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_ladder_climbs_from_a_beginner_to_full_strength() {
        for &v in Variant::ALL {
            let ladder = v.ladder();
            assert!(ladder.len() >= 3, "{v}: a ladder of a few steps");
            assert_eq!(ladder.last().unwrap().strength, FoeStrength::Full, "{v}");
            let settings: Vec<u32> = ladder
                .iter()
                .filter_map(|f| match f.strength {
                    FoeStrength::Limited(s) => Some(s),
                    FoeStrength::Full => None,
                })
                .collect();
            assert_eq!(settings.len(), ladder.len() - 1, "{v}: one full foe, last");
            assert!(
                settings.windows(2).all(|w| w[0] < w[1]),
                "{v}: each foe stronger than the one before: {settings:?}"
            );
            let names: BTreeSet<&str> = ladder.iter().map(|f| f.name).collect();
            assert_eq!(names.len(), ladder.len(), "{v}: names differ");
            assert!(ladder.iter().all(|f| !f.line.is_empty()), "{v}");
            assert_eq!(v.foe(0), None);
            assert_eq!(v.foe(1), ladder.first());
            assert_eq!(v.foe(ladder.len() + 1), None);
        }
    }
}
