//! Tuning the Sceptre evaluation from the command line: `--freeze` holds a group of the table,
//! `--players` fits one number of players alone, and names that are not groups are refused.

use crate::tuning::{regalia, tmp};

const FIXTURE: &str = "engine-tests/data/sceptre-tune-fixture.txt";

#[test]
fn a_two_player_fit_with_the_material_held() {
    let out = tmp("sceptre-tuned-two.rs");
    let (code, stdout, stderr) = regalia(&[
        "tune",
        FIXTURE,
        "--players",
        "2",
        "--freeze",
        "material,standing",
        "--freeze",
        "hanging",
        "--epochs",
        "20",
        "--hold-out-every",
        "0",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("2 of other numbers of players"), "{stdout}");
    assert!(
        stdout.contains("Test, fitted minus hand-set, 2 players:"),
        "{stdout}"
    );
    let source = std::fs::read_to_string(&out).expect("the table is written");
    // The header's words as one line (the source wraps them).
    let header: String = source
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .collect();
    assert!(header.contains("of 2 players only"), "{header}");
    assert!(
        header.contains("frozen [Material, Standing, Hanging]"),
        "{header}"
    );
    for held in [
        "    900, // material queen\n",
        "    100, // material pawn\n",
        "    25, // leader share\n",
        "    50, // hanging worst\n",
    ] {
        assert!(source.contains(held), "{held} in {source}");
    }
}

#[test]
fn groups_and_players_that_do_not_exist_are_refused() {
    let (code, _, stderr) = regalia(&["tune", FIXTURE, "--freeze", "placement"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("'placement' is not a group of sceptre1027's weights")
            && stderr.contains("terrain"),
        "{stderr}"
    );
    let (code, _, stderr) = regalia(&["tune", FIXTURE, "--players", "5"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--players 5"), "{stderr}");
    // Chess has its own groups and one number of players.
    let pgn = "engine-tests/data/tune-fixture.pgn";
    let (code, _, stderr) = regalia(&["tune", pgn, "--freeze", "terrain"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("not a group of chess's weights"),
        "{stderr}"
    );
    let (code, _, stderr) = regalia(&["tune", pgn, "--players", "2"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--players is for sceptre1027 only"),
        "{stderr}"
    );
}
