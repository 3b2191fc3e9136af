//! The named foes over the web: `GET /api/ladders` lists each game's ladder, a new game's
//! engine seat may name its foe by `level`, and the game view names the foe of each seat.

use super::http::ApiError;
use crate::games::FoeStrength;
use crate::session::Variant;
use serde::Serialize;

/// One foe as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoeView {
    /// Its place on the ladder, 1 = the weakest (the `level` of a seat, the `Level` option).
    pub level: usize,
    pub name: &'static str,
    pub line: &'static str,
    /// The `UCI_Elo` setting it plays at (for chess a calibrated Elo); None at full strength.
    pub elo: Option<u32>,
    /// Its settings for two, three and four players, where they differ (`elo` is the first).
    pub elo_by_players: Option<[u32; 3]>,
}

/// One game's ladder.
#[derive(Serialize)]
pub struct LadderView {
    pub variant: &'static str,
    pub foes: Vec<FoeView>,
}

/// The foe at `level` of the game's ladder.
pub fn foe_view(variant: Variant, level: usize) -> Option<FoeView> {
    variant.foe(level).map(|foe| FoeView {
        level,
        name: foe.name,
        line: foe.line,
        elo: match foe.strength {
            FoeStrength::Limited(elo) => Some(elo),
            FoeStrength::Full => None,
        },
        elo_by_players: foe.by_players,
    })
}

/// Every game's ladder the page offers (the take-away test game is not offered).
pub fn ladders() -> Vec<LadderView> {
    Variant::ALL
        .iter()
        .filter(|v| **v != Variant::Takeaway)
        .map(|&v| LadderView {
            variant: v.name(),
            foes: (1..=v.ladder().len())
                .filter_map(|level| foe_view(v, level))
                .collect(),
        })
        .collect()
}

/// A seat's requested level, refused unless it names a foe of the game's ladder.
pub fn checked_level(
    variant: Variant,
    seat: usize,
    level: Option<usize>,
) -> Result<Option<usize>, ApiError> {
    match level {
        Some(n) if variant.foe(n).is_none() => Err(ApiError::BadRequest(format!(
            "seat {seat}: level must be 1 to {} (the foes of {variant})",
            variant.ladder().len()
        ))),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_game_lists_its_foes_weakest_first() {
        let all = ladders();
        assert_eq!(all.len(), 5);
        for ladder in &all {
            let variant: Variant = ladder.variant.parse().unwrap();
            assert_eq!(ladder.foes.len(), variant.ladder().len());
            assert_eq!(ladder.foes[0].level, 1);
            assert_eq!(ladder.foes.last().unwrap().elo, None, "the top is full");
        }
        assert_eq!(
            foe_view(Variant::Tafl, 7).map(|f| f.name),
            Some("The Jarl of the North")
        );
        assert!(checked_level(Variant::Chess, 0, Some(0)).is_err());
        assert!(checked_level(Variant::Tafl, 1, Some(8)).is_err());
        assert_eq!(checked_level(Variant::Tafl, 1, Some(7)), Ok(Some(7)));
        assert_eq!(checked_level(Variant::Tafl, 1, None), Ok(None));
    }
}
