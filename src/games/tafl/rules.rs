//! Tafl rule sets as data: one core, switched by an OpenTafl rules string (docs/rules/tafl.md).
//! A rule set is read once and interned, so a position carries a `&'static` to it.

use super::board::{square, square_name, Cell, Square, CELLS, MAX_SIZE, MIN_SIZE, STEPS};
use super::rows::read_otn_record;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// Where the king escapes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    Corner,
    Edge,
}

/// How the king is captured (`ks:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingStrength {
    /// Closed on all four sides; never on the edge.
    Strong,
    /// As strong, but the board edge closes a side.
    Middleweight,
    /// By two, like a taflman.
    Weak,
    /// Strong on or next to the throne, weak elsewhere.
    StrongNearCentre,
}

/// Shieldwall captures along the edge (`sw:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shieldwall {
    None,
    /// A corner may not close the row.
    Weak,
    /// A corner may close the row.
    Strong,
}

/// What a third occurrence of a position means (`tfr:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Ignored,
    Draw,
    /// The side whose move made the third occurrence loses.
    RepeaterLoses,
    /// The side whose move made the third occurrence wins.
    RepeaterWins,
}

/// Piece kinds as bits, for the per-kind lists of the rules string.
pub const ATTACKER: u8 = 1;
pub const DEFENDER: u8 = 2;
pub const KING: u8 = 4;
const ALL: u8 = ATTACKER | DEFENDER | KING;

/// The kind bit of a piece (0 for an empty or border cell).
#[inline(always)]
pub fn kind(c: Cell) -> u8 {
    match c {
        Cell::Attacker => ATTACKER,
        Cell::Defender => DEFENDER,
        Cell::King => KING,
        _ => 0,
    }
}

/// Square flags.
pub const ON_BOARD: u8 = 1;
pub const CORNER: u8 = 2;
pub const CENTRE: u8 = 4;
pub const EDGE: u8 = 8;
/// On a centre square or next to one (where `ks:c` makes the king strong).
pub const NEAR_CENTRE: u8 = 16;
/// Next to a corner or a throne (where the square itself may be the far side of a capture).
pub const BESIDE_SPECIAL: u8 = 32;
pub const SPECIAL: u8 = CORNER | CENTRE;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The rule set's name (`default`, `copenhagen`, …) or `custom`.
    pub name: String,
    /// The rules string it was read from.
    pub text: String,
    pub size: u8,
    pub attackers_first: bool,
    pub escape: Escape,
    /// `surf:` — the attackers win by enclosing every defender.
    pub encirclement: bool,
    pub repetition: Repetition,
    /// The king may make captures (`ka:` y or h).
    pub king_hammer: bool,
    /// The king may be the far side of a capture (`ka:` y or a).
    pub king_anvil: bool,
    pub king_strength: KingStrength,
    pub shieldwall: Shieldwall,
    /// `swf:` — only a move onto a bracket closes a shieldwall.
    pub shieldwall_flank_only: bool,
    /// `efe:` — the defenders win by an unbreakable fort on the edge.
    pub edge_fort: bool,
    /// `linc:` — a defender beside the king on his throne, the king's other three sides held
    /// by attackers, may be captured against the throne.
    pub linnaean: bool,
    pub start: Vec<(Square, Cell)>,
    pub flags: [u8; CELLS],
    /// Every square of the board, a1 first, rank by rank.
    pub squares: Vec<Square>,
    pub corners: Vec<Square>,
    pub centres: Vec<Square>,
    stop_corner: u8,
    pass_corner: u8,
    enter_corner: u8,
    stop_centre: u8,
    pass_centre: u8,
    enter_centre: u8,
    hostile_corner: u8,
    hostile_centre_empty: u8,
    hostile_centre_taken: u8,
}

/// Why a rules string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Something Regalia does not play (the text names it).
    Unsupported(String),
    Malformed(String),
    MissingSize,
    MissingStart,
    Size(String),
    Value {
        key: String,
        value: String,
    },
    Square {
        key: String,
        square: String,
    },
    Start(String),
    UnknownName(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Unsupported(what) => write!(f, "unsupported tafl rules: {what}"),
            RulesError::Malformed(t) => write!(f, "rules entry '{t}' is not key:value"),
            RulesError::MissingSize => write!(f, "rules string has no dim: entry"),
            RulesError::MissingStart => write!(f, "rules string has no start: or starti: entry"),
            RulesError::Size(v) => write!(
                f,
                "unsupported board size dim:{v} (Regalia plays odd sizes {MIN_SIZE} to {MAX_SIZE})"
            ),
            RulesError::Value { key, value } => {
                write!(f, "rules entry {key}:{value} has an unknown value")
            }
            RulesError::Square { key, square } => {
                write!(
                    f,
                    "rules entry {key}: names '{square}', not a square of the board"
                )
            }
            RulesError::Start(why) => write!(f, "rules start position: {why}"),
            RulesError::UnknownName(n) => write!(
                f,
                "unknown tafl rule set '{n}' (named sets: {}; or an OpenTafl rules string)",
                NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// The named rule sets and their rules strings: the seed's game, and OpenTafl's own strings
/// for its built-in Fetlar, Copenhagen, Brandub and Tablut (what OpenTafl sends an engine).
pub const NAMED: [(&str, &str); 5] = [
    // The seed's game (docs/rules/tafl.md#the-default-game): OpenTafl's defaults but no encirclement.
    (
        "default",
        "dim:11 surf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "fetlar",
        "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "copenhagen",
        "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "brandubh",
        "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
    (
        "tablut",
        "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
];

impl RuleSet {
    /// The seed's game, read once.
    pub fn default_rules() -> &'static RuleSet {
        static DEFAULT: OnceLock<&'static RuleSet> = OnceLock::new();
        DEFAULT.get_or_init(|| RuleSet::named("default").expect("the default rules string reads"))
    }

    /// A named rule set (case-insensitive) or, failing that, an OpenTafl rules string.
    pub fn from_name_or_text(text: &str) -> Result<&'static RuleSet, RulesError> {
        let text = text.trim();
        if text.contains(':') {
            RuleSet::parse(text, "custom")
        } else {
            RuleSet::named(text)
        }
    }

    pub fn named(name: &str) -> Result<&'static RuleSet, RulesError> {
        let lower = name.trim().to_ascii_lowercase();
        let lower = if lower == "brandub" {
            "brandubh".to_string()
        } else {
            lower
        };
        match NAMED.iter().find(|(n, _)| *n == lower) {
            Some((n, text)) => RuleSet::parse(text, n),
            None => Err(RulesError::UnknownName(name.trim().to_string())),
        }
    }

    /// The name of a named set whose rules string reads the same as this one, if any.
    fn name_for(text: &str) -> Option<&'static str> {
        NAMED.iter().find(|(_, t)| *t == text).map(|(n, _)| *n)
    }

    /// Reads an OpenTafl rules string and interns the result.
    pub fn parse(text: &str, name: &str) -> Result<&'static RuleSet, RulesError> {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let name = RuleSet::name_for(&text).unwrap_or(name);
        let rules = read_rules(&text, name)?;
        Ok(intern(rules))
    }

    #[inline(always)]
    pub fn flags(&self, sq: Square) -> u8 {
        self.flags[sq as usize]
    }

    /// May a piece of kind `k` stop on the special square `to` (moving from `from`)?
    #[inline]
    pub fn may_stop(&self, k: u8, from: Square, to: Square) -> bool {
        let (f, ff) = (self.flags(to), self.flags(from));
        (f & CORNER == 0
            || (self.stop_corner & k != 0 && (ff & CORNER != 0 || self.enter_corner & k != 0)))
            && (f & CENTRE == 0
                || (self.stop_centre & k != 0 && (ff & CENTRE != 0 || self.enter_centre & k != 0)))
    }

    /// May a piece of kind `k` pass over the empty special square `to` (moving from `from`)?
    #[inline]
    pub fn may_pass(&self, k: u8, from: Square, to: Square) -> bool {
        let (f, ff) = (self.flags(to), self.flags(from));
        (f & CORNER == 0
            || (self.pass_corner & k != 0 && (ff & CORNER != 0 || self.enter_corner & k != 0)))
            && (f & CENTRE == 0
                || (self.pass_centre & k != 0 && (ff & CENTRE != 0 || self.enter_centre & k != 0)))
    }

    /// Is the special square `sq` (holding `c`) hostile to a piece of kind `k`, apart from any
    /// piece on it?
    #[inline(always)]
    pub fn square_hostile(&self, sq: Square, c: Cell, k: u8) -> bool {
        let f = self.flags(sq);
        (f & CORNER != 0 && self.hostile_corner & k != 0)
            || (f & CENTRE != 0
                && if c == Cell::Empty {
                    self.hostile_centre_empty & k != 0
                } else {
                    self.hostile_centre_taken & k != 0
                })
    }

    /// Is the king strong (captured only when enclosed) on `sq`?
    #[inline(always)]
    pub fn king_strong_on(&self, sq: Square) -> bool {
        match self.king_strength {
            KingStrength::Strong | KingStrength::Middleweight => true,
            KingStrength::Weak => false,
            KingStrength::StrongNearCentre => self.flags(sq) & NEAR_CENTRE != 0,
        }
    }

    /// Does the king on `sq` escape?
    #[inline(always)]
    pub fn escapes(&self, sq: Square) -> bool {
        let f = self.flags(sq);
        match self.escape {
            Escape::Corner => f & CORNER != 0,
            Escape::Edge => f & EDGE != 0,
        }
    }

    /// The squares the king escapes to (corners, or every edge square).
    pub fn escape_squares(&self) -> Vec<Square> {
        self.squares
            .iter()
            .copied()
            .filter(|&s| self.escapes(s))
            .collect()
    }
}

/// Rule sets read so far: each distinct one lives for the whole run (positions point at it).
fn intern(rules: RuleSet) -> &'static RuleSet {
    static TABLE: Mutex<Vec<&'static RuleSet>> = Mutex::new(Vec::new());
    let mut table = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = table.iter().find(|&&r| *r == rules) {
        return known;
    }
    let leaked: &'static RuleSet = Box::leak(Box::new(rules));
    table.push(leaked);
    leaked
}

/// A piece-letter list (`tTK`): the kinds it names; letters of pieces Regalia does not play are
/// ignored.
fn kinds(list: &str) -> u8 {
    list.chars().fold(0, |k, c| match c {
        't' => k | ATTACKER,
        'T' => k | DEFENDER,
        'K' => k | KING,
        _ => k,
    })
}

fn yes_no(key: &str, value: &str) -> Result<bool, RulesError> {
    match value {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(RulesError::Value {
            key: key.to_string(),
            value: value.to_string(),
        }),
    }
}

fn square_list(key: &str, value: &str, size: u8) -> Result<Vec<Square>, RulesError> {
    value
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            super::board::parse_square(s, size).ok_or_else(|| RulesError::Square {
                key: key.to_string(),
                square: s.to_string(),
            })
        })
        .collect()
}

fn read_rules(text: &str, name: &str) -> Result<RuleSet, RulesError> {
    let mut entries: Vec<(&str, &str)> = Vec::new();
    for token in text.split_whitespace() {
        let Some((k, v)) = token.split_once(':') else {
            return Err(RulesError::Malformed(token.to_string()));
        };
        entries.push((k, v));
    }
    let get = |key: &str| {
        entries
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    };
    let size_text = get("dim").ok_or(RulesError::MissingSize)?;
    let size: u8 = match size_text.parse() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) && n % 2 == 1 => n,
        _ => return Err(RulesError::Size(size_text.to_string())),
    };
    let unsupported = |what: &str| Err(RulesError::Unsupported(what.to_string()));
    let bad = |key: &str, value: &str| RulesError::Value {
        key: key.to_string(),
        value: value.to_string(),
    };
    for (key, value, fine) in [("ber", "berserk moves", "n"), ("kj", "king jumps", "n")] {
        if let Some(v) = get(key) {
            if v != fine {
                return unsupported(&format!("{value} ({key}:{v})"));
            }
        }
    }
    if let Some(v) = get("spd") {
        if v.split(',').any(|n| !n.is_empty() && n != "-1") {
            return unsupported(&format!("speed limits (spd:{v})"));
        }
    }
    for key in ["afor", "dfor"] {
        if let Some(v) = get(key) {
            if !v.is_empty() {
                return unsupported(&format!("fortress squares ({key}:{v})"));
            }
        }
    }
    let escape = match get("esc").unwrap_or("c") {
        "c" => Escape::Corner,
        "e" => Escape::Edge,
        v => return Err(bad("esc", v)),
    };
    let (king_hammer, king_anvil) = match get("ka").unwrap_or("y") {
        "y" => (true, true),
        "n" => (false, false),
        "a" => (false, true),
        "h" => (true, false),
        v => return Err(bad("ka", v)),
    };
    let king_strength = match get("ks").unwrap_or("s") {
        "s" | "y" => KingStrength::Strong,
        "w" | "n" => KingStrength::Weak,
        "m" => KingStrength::Middleweight,
        "c" => KingStrength::StrongNearCentre,
        v => return Err(bad("ks", v)),
    };
    let shieldwall = match get("sw").unwrap_or("n") {
        "n" => Shieldwall::None,
        "w" => Shieldwall::Weak,
        "s" => Shieldwall::Strong,
        v => return Err(bad("sw", v)),
    };
    let repetition = match get("tfr").unwrap_or("d") {
        "i" => Repetition::Ignored,
        "d" => Repetition::Draw,
        // As OpenTafl plays them: under `w` the side to move after the third occurrence wins,
        // so the side that repeated loses (Copenhagen's "perpetual repetition is forbidden");
        // `l` the other way round.
        "w" => Repetition::RepeaterLoses,
        "l" => Repetition::RepeaterWins,
        v => return Err(bad("tfr", v)),
    };
    let list = |key: &str, default: u8| get(key).map_or(default, kinds);
    let (start, top_first) = match (get("start"), get("starti")) {
        (Some(s), _) => (s, false),
        (None, Some(s)) => (s, true),
        (None, None) => return Err(RulesError::MissingStart),
    };
    if let Some(c) = start.chars().find(|c| "cnmgkCNMG".contains(*c)) {
        return unsupported(&format!("special pieces ('{c}' in the start)"));
    }
    let start = read_otn_record(start, size, top_first).map_err(RulesError::Start)?;
    let kings = start.iter().filter(|(_, c)| *c == Cell::King).count();
    if kings != 1 {
        return Err(RulesError::Start(format!(
            "needs exactly one king, found {kings}"
        )));
    }
    let last = size - 1;
    let mut flags = [0u8; CELLS];
    let mut squares = Vec::with_capacity(size as usize * size as usize);
    for rank in 0..size {
        for file in 0..size {
            let sq = square(file, rank);
            squares.push(sq);
            flags[sq as usize] = ON_BOARD;
            if file == 0 || rank == 0 || file == last || rank == last {
                flags[sq as usize] |= EDGE;
            }
        }
    }
    let corners = match get("cor") {
        Some(v) => square_list("cor", v, size)?,
        None => vec![
            square(0, 0),
            square(last, 0),
            square(0, last),
            square(last, last),
        ],
    };
    let centres = match get("cen") {
        Some(v) => square_list("cen", v, size)?,
        None => vec![square(size / 2, size / 2)],
    };
    for &c in &corners {
        flags[c as usize] |= CORNER;
    }
    for &c in &centres {
        flags[c as usize] |= CENTRE | NEAR_CENTRE;
        for d in STEPS {
            let n = (c as isize + d) as usize;
            if flags[n] & ON_BOARD != 0 {
                flags[n] |= NEAR_CENTRE;
            }
        }
    }
    for &c in corners.iter().chain(&centres) {
        for d in STEPS {
            let n = (c as isize + d) as usize;
            if flags[n] & ON_BOARD != 0 {
                flags[n] |= BESIDE_SPECIAL;
            }
        }
    }
    let rules = RuleSet {
        name: name.to_string(),
        text: text.to_string(),
        size,
        attackers_first: yes_no("atkf", get("atkf").unwrap_or("y"))?,
        escape,
        encirclement: yes_no("surf", get("surf").unwrap_or("y"))?,
        repetition,
        king_hammer,
        king_anvil,
        king_strength,
        shieldwall,
        shieldwall_flank_only: yes_no("swf", get("swf").unwrap_or("y"))?,
        edge_fort: yes_no("efe", get("efe").unwrap_or("n"))?,
        linnaean: yes_no("linc", get("linc").unwrap_or("n"))?,
        start,
        flags,
        squares,
        corners,
        centres,
        stop_corner: list("cors", KING),
        pass_corner: list("corp", KING),
        enter_corner: list("corre", ALL),
        stop_centre: list("cens", KING),
        pass_centre: list("cenp", ALL),
        enter_centre: list("cenre", ALL),
        hostile_corner: list("corh", ALL),
        hostile_centre_empty: list("cenhe", ALL),
        hostile_centre_taken: list("cenh", ATTACKER),
    };
    for &(sq, c) in &rules.start {
        // The king may start on a throne he may not return to.
        if c != Cell::King && rules.flags(sq) & SPECIAL != 0 && !rules.may_stop(kind(c), sq, sq) {
            return Err(RulesError::Start(format!(
                "a piece stands on {}, where it may not stop",
                square_name(sq)
            )));
        }
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_set_reads_and_the_default_is_the_seeds_game() {
        for (name, _) in NAMED {
            let r = RuleSet::named(name).unwrap();
            assert_eq!(r.name, name);
        }
        let d = RuleSet::default_rules();
        assert_eq!(
            (d.size, d.escape, d.encirclement),
            (11, Escape::Corner, false)
        );
        let count = |c: Cell| d.start.iter().filter(|&&(_, p)| p == c).count();
        assert_eq!((count(Cell::Attacker), count(Cell::Defender)), (24, 12));
        assert!(std::ptr::eq(d, RuleSet::named("DEFAULT").unwrap()));
        assert_eq!(RuleSet::named("brandub").unwrap().size, 7);
    }

    #[test]
    fn unsupported_and_malformed_strings_are_named() {
        let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let err = |s: &str| RuleSet::parse(s, "custom").unwrap_err().to_string();
        assert!(err(&format!("dim:7 ber:c {start}")).contains("berserk"));
        assert!(err(&format!("dim:7 kj:r {start}")).contains("king jumps"));
        assert!(err(&format!("dim:7 spd:-1,1 {start}")).contains("speed"));
        assert!(RuleSet::parse(&format!("dim:7 spd:-1,-1, {start}"), "custom").is_ok());
        assert!(err(&format!("dim:19 {start}")).contains("dim:19"));
        assert!(err("dim:7 start:/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/").contains('N'));
        assert!(err("dim:7").contains("start"));
        assert!(err(&format!("dim:7 esc:x {start}")).contains("esc:x"));
        assert!(err(&format!("dim:7 cor:a9 {start}")).contains("a9"));
        assert!(err(&format!("{start} foo")).contains("foo"));
        // Unknown keys are ignored, as the notation says.
        assert!(RuleSet::parse(&format!("dim:7 zzz:1 {start}"), "custom").is_ok());
        assert!(RuleSet::from_name_or_text("nonesuch").is_err());
    }
}
