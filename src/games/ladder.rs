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
    /// How strongly it plays with two players, and with more unless `by_players` says
    /// otherwise.
    pub strength: FoeStrength,
    /// Its settings for two, three and four players, where they differ: a budget of nodes
    /// buys a different share of the search with three players than with two, so a step
    /// measured with two need not show with three or four (Sceptre's Countess Adela,
    /// docs/results/strength.md).
    pub by_players: Option<[u32; 3]>,
}

impl Foe {
    /// How strongly it plays in a game of `players` seats (2 to 4).
    pub fn strength_for(&self, players: usize) -> FoeStrength {
        match (self.strength, self.by_players) {
            (FoeStrength::Limited(_), Some(settings)) => {
                FoeStrength::Limited(settings[players.clamp(2, 4) - 2])
            }
            (strength, _) => strength,
        }
    }
}

/// A foe at a limited setting, whatever the number of players.
pub(crate) const fn limited(name: &'static str, line: &'static str, setting: u32) -> Foe {
    Foe {
        name,
        line,
        strength: FoeStrength::Limited(setting),
        by_players: None,
    }
}

/// A foe at its own limited setting for two, three and four players.
pub(crate) const fn limited_by_players(
    name: &'static str,
    line: &'static str,
    settings: [u32; 3],
) -> Foe {
    Foe {
        name,
        line,
        strength: FoeStrength::Limited(settings[0]),
        by_players: Some(settings),
    }
}

/// The foe at full strength (the last of every ladder).
pub(crate) const fn full(name: &'static str, line: &'static str) -> Foe {
    Foe {
        name,
        line,
        strength: FoeStrength::Full,
        by_players: None,
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
            for players in 2..=4 {
                let last = ladder.last().unwrap().strength_for(players);
                assert_eq!(last, FoeStrength::Full, "{v}, {players} players");
                let settings: Vec<u32> = ladder
                    .iter()
                    .filter_map(|f| match f.strength_for(players) {
                        FoeStrength::Limited(s) => Some(s),
                        FoeStrength::Full => None,
                    })
                    .collect();
                assert_eq!(settings.len(), ladder.len() - 1, "{v}: one full foe, last");
                assert!(
                    settings.windows(2).all(|w| w[0] < w[1]),
                    "{v}, {players} players: each foe stronger than the one before: {settings:?}"
                );
            }
            let names: BTreeSet<&str> = ladder.iter().map(|f| f.name).collect();
            assert_eq!(names.len(), ladder.len(), "{v}: names differ");
            assert!(ladder.iter().all(|f| !f.line.is_empty()), "{v}");
            assert_eq!(v.foe(0), None);
            assert_eq!(v.foe(1), ladder.first());
            assert_eq!(v.foe(ladder.len() + 1), None);
        }
    }

    #[test]
    fn a_foe_plays_the_setting_of_its_games_player_count() {
        let each = limited_by_players("Each", "-", [1250, 1400, 1300]);
        assert_eq!(each.strength, FoeStrength::Limited(1250));
        assert_eq!(each.strength_for(2), FoeStrength::Limited(1250));
        assert_eq!(each.strength_for(3), FoeStrength::Limited(1400));
        assert_eq!(each.strength_for(4), FoeStrength::Limited(1300));
        let one = limited("One", "-", 1100);
        for players in 2..=4 {
            assert_eq!(one.strength_for(players), FoeStrength::Limited(1100));
            assert_eq!(full("Top", "-").strength_for(players), FoeStrength::Full);
        }
    }
}
