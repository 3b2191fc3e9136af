//! The named foes of tafl, weakest first (see `games/ladder.rs`): "each fallen warlord
//! summons a fiercer one; begin with the untested, end against the Jarl of the North" (the
//! tafl page the game comes from). Each step is measured in docs/results/strength.md; the two
//! below the Jarl were placed by probes against him ("tafl's top step placed by probes").

use crate::games::ladder::{full, limited, Foe};

pub const FOES: [Foe; 7] = [
    limited(
        "Ulf the Untested",
        "A farmhand with a borrowed axe and a brave heart.",
        1000,
    ),
    limited(
        "Sigrid Shieldmaid",
        "Quick and bold, and too eager to trade.",
        1200,
    ),
    limited(
        "Bjorn Longship",
        "Sails straight and far, sometimes past his own plan.",
        1400,
    ),
    limited(
        "Hild the Rune-Reader",
        "Reads the board like runes and leaves few gaps.",
        1700,
    ),
    limited(
        "Thorvald Ironside",
        "Closes a corner like a door slammed shut.",
        2050,
    ),
    limited(
        "Ragna Stormborn",
        "Hunts the king as the storm hunts the ship.",
        2200,
    ),
    full(
        "The Jarl of the North",
        "Every fallen warlord summoned him; he does not fall.",
    ),
];
