//! Sceptre 1027 A.D.'s position string (protocol.md#sceptre-position-string) against the independent Python reference:
//! every position the reference wrote (engine-tests/perft/sceptre1027.epd)
//! reads and writes back byte for byte, re-reads to an equal position, and malformed strings
//! are refused with the error that names what is wrong.

use regalia::games::sceptre::{
    KingdomsError, PieceKind, PlayerColour, PositionField, SceptrePosition, SceptrePositionError,
    Terrain,
};
use regalia::session::Variant;

type E = SceptrePositionError;

fn reference_positions() -> Vec<String> {
    crate::variant_data::perft_suite(Variant::Sceptre)
        .into_iter()
        .map(|line| line.position)
        .collect()
}

/// The `n`th reference position with `from` replaced by `to` (which must occur).
fn altered(n: usize, from: &str, to: &str) -> String {
    let position = &reference_positions()[n];
    assert!(position.contains(from), "{from} not in {position}");
    position.replacen(from, to, 1)
}

#[test]
fn sceptre_text_reference_positions_round_trip_byte_for_byte() {
    let positions = reference_positions();
    assert_eq!(positions.len(), 30);
    for text in &positions {
        let position = SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = position.to_text();
        assert_eq!(&written, text);
        let again = SceptrePosition::from_text(&written).unwrap();
        assert_eq!(again, position, "{text}");
        assert_eq!(again.to_text(), written);
    }
    // Some of what they hold.
    let four = SceptrePosition::from_text(&positions[25]).unwrap();
    assert_eq!(four.player_count(), 4);
    assert_eq!(four.pool(PlayerColour::White)[PieceKind::Rook.index()], 1);
    let set_up = SceptrePosition::from_text(&positions[18]).unwrap();
    assert!(set_up.in_set_up());
    assert_eq!(set_up.set_up(PlayerColour::White), Some([1, 0, 0, 0, 1, 0]));
    let last = SceptrePosition::from_text(&positions[26]).unwrap();
    assert_eq!(last.check_run(PlayerColour::Black), 1);
}

#[test]
fn sceptre_text_a_reordered_string_is_written_canonically() {
    // The three-player start, its pieces reversed.
    let text = &reference_positions()[20];
    let fields: Vec<&str> = text.split(' ').collect();
    let mut pieces: Vec<&str> = fields[1].split(',').collect();
    pieces.reverse();
    let reversed = pieces.join(",");
    let shuffled = text.replacen(fields[1], &reversed, 1);
    assert_ne!(&shuffled, text);
    let position = SceptrePosition::from_text(&shuffled).unwrap();
    assert_eq!(&position.to_text(), text);
}

#[test]
fn sceptre_text_malformed_strings_are_refused() {
    // fig12-2: e6 is forest, where a rook never stands.
    let e = SceptrePosition::from_text(&altered(1, "Rw@a6", "Rw@e6")).unwrap_err();
    assert_eq!(
        e,
        E::Ground {
            square: "e6".into(),
            kind: PieceKind::Rook,
            terrain: Terrain::Forest
        }
    );
    assert!(e.to_string().contains("e6"), "{e}");
    // The corner layout: a9 is a hole.
    let e = SceptrePosition::from_text(&altered(13, "Nb@g6", "Nb@a9")).unwrap_err();
    assert_eq!(
        e,
        E::NotASquare {
            field: PositionField::Pieces,
            square: "a9".into()
        }
    );
    // Two pieces on one square.
    let e = SceptrePosition::from_text(&altered(0, "Nb@c4", "Nb@g1")).unwrap_err();
    assert_eq!(e, E::Occupied("g1".into()));
    // A bad piece token.
    let e = SceptrePosition::from_text(&altered(0, "Nb@c4", "Nx@c4")).unwrap_err();
    assert_eq!(
        e,
        E::Token {
            field: PositionField::Pieces,
            token: "Nx@c4".into()
        }
    );
    assert!(e.to_string().contains("'Nx@c4'"), "{e}");
    // The eliminated white cannot be the side to move.
    let e = SceptrePosition::from_text(&altered(24, "b+,wx,r+ r", "b+,wx,r+ w")).unwrap_err();
    assert_eq!(e, E::NotPlaying(PlayerColour::White));
    // Red plays without a king.
    let e = SceptrePosition::from_text(&altered(24, ",Kr@p16", "")).unwrap_err();
    assert_eq!(
        e,
        E::Kings {
            colour: PlayerColour::Red,
            count: 0,
            expected: 1
        }
    );
    // The set-up lists must name every player.
    let e = SceptrePosition::from_text(&altered(18, "b:KB,w:KN", "b:KB")).unwrap_err();
    assert_eq!(
        e,
        E::Missing {
            field: PositionField::SetUp,
            colour: PlayerColour::White
        }
    );
    // Kings never enter a pool.
    let e = SceptrePosition::from_text(&altered(15, "b:QNP", "b:KQNP")).unwrap_err();
    assert_eq!(
        e,
        E::Token {
            field: PositionField::Pools,
            token: "b:KQNP".into()
        }
    );
    // Three players, but a kingdom off the field.
    let e = SceptrePosition::from_text(&altered(20, "r@a9", "r@a10")).unwrap_err();
    assert!(
        matches!(e, E::Kingdoms(KingdomsError::OffField { .. })),
        "{e}"
    );
    // Seven fields.
    let e = SceptrePosition::from_text(&altered(16, " - - -", " - -")).unwrap_err();
    assert_eq!(e, E::FieldCount(7));
}
