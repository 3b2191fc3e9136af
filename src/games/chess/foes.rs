//! The named foes of the chess family, one ladder per game, weakest first (see
//! `games/ladder.rs`). Orthodox chess's settings are `UCI_Elo` values, calibrated against
//! Stockfish's levels; each step of every ladder is measured in docs/results/strength.md.

use crate::games::ladder::{full, limited, Foe};

pub const CHESS: [Foe; 15] = [
    limited(
        "Pip the Page",
        "Knows how the pieces move, most of the time.",
        800,
    ),
    limited(
        "Old Tom of the Tavern",
        "Plays for a pint and forgets to guard his queen.",
        1100,
    ),
    limited(
        "Sister Agnes",
        "Patient, polite, and very fond of forks.",
        1250,
    ),
    limited(
        "Captain Hale",
        "Charges the king at once; retreat is not in his orders.",
        1400,
    ),
    limited(
        "Mistress Penrose",
        "Takes every pawn offered, and most that are not.",
        1500,
    ),
    limited(
        "Lady Margery",
        "Develops, castles, and waits for you to blunder.",
        1600,
    ),
    limited(
        "The Abbot of the Hill",
        "Counts every pawn twice before he lets one go.",
        1700,
    ),
    limited(
        "Baron Voss",
        "Squeezes a position until something gives.",
        1800,
    ),
    limited(
        "Master Quill",
        "Wrote the book on this opening, and read yours.",
        1900,
    ),
    limited(
        "The Grey Chancellor",
        "Sees the combination three moves before you do.",
        2000,
    ),
    limited(
        "Dame Ursula",
        "Trades into endgames she has won a hundred times.",
        2060,
    ),
    limited(
        "The Queen Dowager",
        "Has outlived three kings and outplayed them all.",
        2130,
    ),
    limited(
        "The Lord Protector",
        "Rules in all but name, and lets no slip go unpunished.",
        2195,
    ),
    limited(
        "The Crown Prince",
        "Has watched the Sovereign win for years, and learned every trick but one.",
        2270,
    ),
    full(
        "The Sovereign",
        "Regalia at full strength: no gifts, no mercy.",
    ),
];

pub const SCEPTERCHESS: [Foe; 16] = [
    limited(
        "Wat the Scullion",
        "Has never seen a scepter up close, and pushes pawns to look.",
        800,
    ),
    limited(
        "Bess Quickfingers",
        "A cutpurse who watches your scepter more than your king.",
        1100,
    ),
    limited(
        "Sir Roland the Green",
        "Guards his scepter with his whole army, and little else.",
        1250,
    ),
    limited(
        "Mistress Ysolde",
        "Slides her pawns sideways where you least expect them.",
        1350,
    ),
    limited(
        "Brother Cuthbert",
        "Carries the scepter in procession and never drops it.",
        1450,
    ),
    limited(
        "Lord Warden Crane",
        "Keeper of the treasury: no scepter leaves on his watch.",
        1550,
    ),
    limited(
        "The Pretender",
        "Has a claim to the throne and a plan for your scepter.",
        1650,
    ),
    limited(
        "The Usurper",
        "Wants the scepter and the crown, and will trade anything for them.",
        1750,
    ),
    limited(
        "Dame Elspeth the Regent",
        "Holds the scepter for a child king, and means to go on holding it.",
        1850,
    ),
    limited(
        "Sir Gawen Oathbreaker",
        "Swore to guard your scepter; he swears easily.",
        1950,
    ),
    limited(
        "The Kingmaker",
        "Has put the scepter in three hands, none of them yours.",
        2010,
    ),
    limited(
        "The Lord High Steward",
        "Runs the realm while kings come and go.",
        2065,
    ),
    limited(
        "The Lord Chamberlain",
        "Keeps the keys of every door, the scepter's case among them.",
        2115,
    ),
    limited(
        "The Heir Apparent",
        "Raised from the cradle to take the scepter, and patient about it.",
        2185,
    ),
    limited(
        "The Last Claimant",
        "Every rival is gone; only you stand between her and the scepter.",
        2260,
    ),
    full(
        "The Scepter King",
        "Regalia at full strength, and the scepter is his.",
    ),
];

pub const CHESS40K: [Foe; 14] = [
    limited(
        "Recruit Nolan",
        "Fresh from the drill yard; fires at anything that moves.",
        800,
    ),
    limited(
        "Trooper Kell",
        "Holds the trench, mostly facing the right way.",
        1075,
    ),
    limited(
        "Sergeant Brack",
        "Shouts orders, trades pieces, asks questions later.",
        1300,
    ),
    limited(
        "Preacher Ilse",
        "Keeps her Zealot close and her faith closer.",
        1400,
    ),
    limited(
        "Commissar Dane",
        "Executes his plans, and the occasional pawn.",
        1500,
    ),
    limited(
        "Inquisitor Vael",
        "Finds the flaw in every position, then burns it.",
        1600,
    ),
    limited(
        "Castellan Myr",
        "Holds the line and waits for the counterstroke.",
        1750,
    ),
    limited(
        "Chapter Master Orsk",
        "Sends the Zealot in only when the sacrifice pays.",
        1850,
    ),
    limited(
        "Librarian Thale",
        "Reads the battle three turns ahead, and the Zealot's fuse to the second.",
        1950,
    ),
    limited(
        "Lord Inquisitor Harrow",
        "Has purged better generals than you for smaller errors.",
        2040,
    ),
    limited(
        "Captain-General Vey",
        "Has never lost a siege, and has laid a hundred.",
        2130,
    ),
    limited(
        "Saint Severa of the Last Wall",
        "Stood alone at the breach, and the breach held.",
        2215,
    ),
    limited(
        "The Warmaster",
        "Commands the whole crusade; your army is one front of many.",
        2300,
    ),
    full(
        "The Iron Primarch",
        "Regalia at full strength: the Zealot never hesitates.",
    ),
];
