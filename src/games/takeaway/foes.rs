//! The foes of the take-away test game (see `games/ladder.rs`): a ladder like every game's,
//! so the `Level` option means the same everywhere.

use crate::games::ladder::{full, limited, Foe};

pub const FOES: [Foe; 3] = [
    limited(
        "The Counter",
        "Counts on its fingers, and sometimes loses count.",
        800,
    ),
    limited("The Abacus", "Rarely wrong, never in a hurry.", 1600),
    full("The Reckoner", "Regalia at full strength."),
];
