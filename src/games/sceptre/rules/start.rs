//! The start of a game: the set-up phase on a layout, every player with his sixteen pieces
//! still to place and black to place first (docs/rules/sceptre1027.md#the-set-up).

use super::position::{PieceCounts, PlayerState, SceptrePosition};
use crate::games::sceptre::field::layout::Layout;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::Field;
use std::fmt;
use std::sync::Arc;

/// Each player's pieces: king, queen, two rooks, two bishops, two knights, eight pawns.
pub const FULL_SET: PieceCounts = [1, 1, 2, 2, 2, 8];

/// Why a layout cannot start a game for a number of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    Players {
        layout: String,
        players: usize,
        supported: Vec<usize>,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Players {
                layout,
                players,
                supported,
            } => {
                let list: Vec<String> = supported.iter().map(|n| n.to_string()).collect();
                write!(
                    f,
                    "layout '{layout}' is for {} players, not {players}",
                    list.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for StartError {}

impl SceptrePosition {
    /// The set-up phase of a game of `players` on `layout`.
    pub fn start(layout: &Layout, players: usize) -> Result<SceptrePosition, StartError> {
        let refused = || StartError::Players {
            layout: layout.name().to_string(),
            players,
            supported: layout.players().to_vec(),
        };
        if !(2..=4).contains(&players) || !layout.supports(players) {
            return Err(refused());
        }
        let kingdoms = layout.kingdoms(players).ok_or_else(refused)?;
        let field = Field::from_layout(layout);
        let mailbox = field.mailbox_len();
        let position = SceptrePosition::assemble(
            Arc::new(field),
            vec![None; mailbox],
            vec![PlayerState::Playing; players],
            PlayerColour::Black,
            kingdoms,
            Some(vec![FULL_SET; players]),
            vec![[0; 6]; players],
            vec![0; players],
        );
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::layout::SHIPPED_LAYOUTS;

    #[test]
    fn every_shipped_layout_starts_for_each_of_its_player_counts() {
        for shipped in SHIPPED_LAYOUTS {
            let layout = Layout::shipped(shipped.name).unwrap().unwrap();
            for players in 2..=4 {
                let start = SceptrePosition::start(&layout, players);
                if !layout.supports(players) {
                    assert!(start.is_err(), "{} {players}", shipped.name);
                    continue;
                }
                let pos = start.unwrap();
                let text = pos.to_text();
                let again = SceptrePosition::from_text(&text).unwrap();
                assert_eq!(again, pos, "{text}");
                assert_eq!(pos.player_count(), players);
                assert!(pos.in_set_up());
            }
        }
        let duel = Layout::shipped("duel").unwrap().unwrap();
        assert_eq!(
            SceptrePosition::start(&duel, 3).unwrap_err().to_string(),
            "layout 'duel' is for 2 players, not 3"
        );
    }
}
