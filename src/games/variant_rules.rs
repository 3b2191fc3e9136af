//! What the layers above need to know about a variant beyond the [`Game`] trait, which each
//! game folder implements: how to set up, read and describe positions, which evaluator plays
//! it, its own options, its records and shipped openings.

use super::option_spec::OptionSpec;
use super::variant::Variant;
use crate::core::{Evaluator, Game, Rules};

/// The depth `bench` searches a variant's positions to when neither it nor the user says.
pub const DEFAULT_BENCH_DEPTH: u32 = 11;

/// How the arena writes a variant's game records (protocol.md, "Game records").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN with a `Variant` tag: the chess family.
    Pgn,
    /// One fact a line (`game`, `seat`, `move`…): every game PGN cannot describe.
    Lines,
}

/// A data file built into the binary: its path in the source tree (which records and messages
/// name) and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmbeddedFile {
    pub path: &'static str,
    pub text: &'static str,
}

/// `embedded_file!("openings/chess/four-plies.epd")`: the file, path relative to the crate root,
/// built into the binary.
macro_rules! embedded_file {
    ($path:literal) => {
        $crate::games::EmbeddedFile {
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        }
    };
}
pub(crate) use embedded_file;

/// What a session needs to know about a variant beyond the [`Game`] trait: how to set up and
/// read positions, how to describe them to a person, and which evaluator plays it.
pub trait VariantRules: Clone + Send + Sync + 'static {
    /// The game; comparable and printable so that tests of every game can check make/unmake.
    type G: Game + PartialEq + std::fmt::Debug;
    type E: Evaluator<Self::G>;

    /// Why a position string does not read (the game's own error type).
    type PositionError: std::error::Error + Send + Sync + 'static;

    fn variant(&self) -> Variant;
    fn start(&self) -> Self::G;
    fn parse_position(&self, text: &str) -> Result<Self::G, Self::PositionError>;
    /// The evaluator for a search from `root`; `material_only` asks for a bare material count
    /// (for comparisons). An evaluator may depend on who is to move at the root (tafl's
    /// attackers weigh one term only in their own search).
    fn evaluator(&self, material_only: bool, root: &Self::G) -> Self::E;
    /// Board diagram and facts for `d`.
    fn describe(&self, g: &Self::G) -> String;
    /// Evaluation terms for `eval`.
    fn describe_eval(&self, g: &Self::G) -> String;
    /// The position as a diagram for `regalia render`.
    fn diagram(&self, g: &Self::G) -> crate::render::Diagram;
    /// "white" / "attackers" …: the name of a seat, for result messages.
    fn seat_name(&self, seat: u8) -> String;
    /// "white wins", "the attackers win": the winner as a result message starts.
    fn winner_text(&self, seat: u8) -> String {
        format!("{} wins", self.seat_name(seat))
    }
    /// The square of the king of the side to move when it stands in check (chess family,
    /// Sceptre: docs/rules/chess.md, docs/rules/sceptre1027.md), named as in moves; None when
    /// it does not, or when the game has no check.
    fn checked_king(&self, _g: &Self::G) -> Option<String> {
        None
    }
    /// Why the side to move has no moves ("checkmate", "stalemate"…).
    fn no_moves_reason(&self, g: &Self::G) -> &'static str;
    /// Why a position is drawn by rule ("fifty-move rule"…).
    fn draw_reason(&self, g: &Self::G) -> &'static str;
    /// Positions `bench` searches: varied, quick, fixed forever (the node total is a signature).
    fn bench_positions(&self) -> &'static [&'static str];
    /// The depth `bench` searches its positions to when none is given.
    fn bench_depth(&self) -> u32 {
        DEFAULT_BENCH_DEPTH
    }
    /// A legal move as game records write it (SAN for the chess family).
    fn record_notation(&self, g: &Self::G, m: <Self::G as Rules>::Move) -> String {
        g.move_text(m)
    }
    /// The clock word letter of each seat, in seat order (`w` reads `wtime`/`winc`, `b`
    /// `btime`/`binc`, and `r`, `g` likewise).
    fn clock_letters(&self) -> &'static [char] {
        &['w', 'b']
    }
    /// Why a game is decided on the board ("scepter captured"…).
    fn decided_reason(&self, _g: &Self::G) -> &'static str {
        "rule"
    }
    /// Why a third occurrence decided the game where the game says it decides ("perpetual
    /// check" in Sceptre 1027; a repetition rule in tafl).
    fn repetition_reason(&self) -> &'static str {
        "perpetual check"
    }
    /// The name a game record's `Variant` tag gives this game (what PGN readers recognise).
    fn record_variant_name(&self) -> &'static str {
        self.variant().name()
    }
    /// The format of the variant's game records.
    fn record_format(&self) -> RecordFormat {
        RecordFormat::Lines
    }
    /// The openings shipped with the binary, from `openings/<variant>/` in name order (embed
    /// them with `embedded_file!`); a variant without any plays from its start position.
    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        &[]
    }
    /// Builds the variant's tables now rather than on first use.
    fn init(&self) {}
    /// The position's key computed from nothing, to check the incremental [`Rules::key`].
    fn key_from_scratch(&self, g: &Self::G) -> u64;
    /// The variant's own options (`UCI_Chess960`, `TaflRules`, `SceptreLayout`…), declared
    /// once: every front end and the referee read these.
    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    /// Quarter turns (clockwise) that bring `seat`'s side of the board to the bottom of a
    /// diagram: the first seat sits at the bottom, the second across the board.
    fn seat_turn(&self, _g: &Self::G, seat: u8) -> u8 {
        if seat == 0 {
            0
        } else {
            2
        }
    }
    /// Sets one of the variant's own options (names case-insensitive): `None` if the variant
    /// has no such option; on error nothing changes.
    fn set_option(&mut self, _name: &str, _value: &str) -> Option<Result<(), OptionValueError>> {
        None
    }
}

/// Why a variant refused a value for one of its options (a layout file that does not read,
/// a player count the layout does not seat); the message is the variant's.
#[derive(Debug)]
pub struct OptionValueError(pub Box<dyn std::error::Error + Send + Sync>);

impl std::fmt::Display for OptionValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
