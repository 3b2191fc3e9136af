//! The shell tools: `regalia render` writes valid SVG for every game, `regalia analyse` prints
//! the board and best lines, `regalia solve` scores a test suite.

use std::process::Command;

fn regalia(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(args)
        .output()
        .expect("regalia runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Renders and parses: returns (cells drawn, pieces drawn, has arrow, marked squares).
fn render(args: &[&str]) -> (usize, usize, bool, usize) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join(format!(
        "render-{}.svg",
        args.join("_").replace(['/', ' '], "-")
    ));
    let file_text = file.to_string_lossy().to_string();
    let mut all = vec!["render"];
    all.extend(args);
    all.extend(["--out", &file_text]);
    let (ok, _, err) = regalia(&all);
    assert!(ok, "render failed: {err}");
    let text = std::fs::read_to_string(&file).expect("svg written");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let rects = root.children().filter(|n| n.has_tag_name("rect")).count();
    let pieces = root
        .children()
        .filter(|n| n.has_tag_name("g"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("piece "))
        })
        .count();
    let arrow = root.children().any(|n| n.has_tag_name("line"))
        || root
            .children()
            .any(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("none"));
    let marked = root
        .children()
        .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
        .count();
    (rects, pieces, arrow, marked)
}

#[test]
fn render_writes_valid_svg_for_every_game() {
    // Chess: 64 squares + background + 2 last-move highlights, 32 pieces, an arrow.
    let (rects, pieces, arrow, _) = render(&["--moves", "e2e4 e7e5", "--arrow", "g1f3"]);
    assert_eq!((rects, pieces, arrow), (64 + 1 + 2, 32, true));
    // Capture the Scepter marks both scepter squares.
    let (_, pieces, _, marked) = render(&["--variant", "scepterchess"]);
    assert_eq!((pieces, marked), (32, 2));
    // Chess 40k: a self-destruct is drawn as a ring.
    let (_, pieces, arrow, _) = render(&[
        "--variant",
        "chess40k",
        "--fen",
        "4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1",
        "--arrow",
        "d4d4",
    ]);
    assert_eq!((pieces, arrow), (6, true));
    // Tafl: 121 squares, 37 pieces, a suggested move.
    let (rects, pieces, arrow, _) = render(&["--variant", "tafl", "--suggest", "3"]);
    assert_eq!((rects, pieces, arrow), (121 + 1, 37, true));
}

/// `--flip` is `--turn 2`: seen from black's side a1 is the top-right cell; `--turn 1` lays
/// a tall field on its side.
#[test]
fn render_turns_the_board() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let write = |name: &str, args: &[&str]| {
        let file = dir.join(name).to_string_lossy().to_string();
        let mut all = vec!["render"];
        all.extend(args);
        all.extend(["--out", &file]);
        let (ok, _, err) = regalia(&all);
        assert!(ok, "render failed: {err}");
        std::fs::read_to_string(&file).unwrap()
    };
    let flipped = write("flip.svg", &["--flip", "--interactive"]);
    assert_eq!(
        flipped,
        write("turn2.svg", &["--turn", "2", "--interactive"])
    );
    assert_ne!(flipped, write("turn0.svg", &["--interactive"]));
    let doc = roxmltree::Document::parse(&flipped).unwrap();
    let a1 = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some("a1"))
        .expect("a1's cell");
    assert_eq!(
        (a1.attribute("x"), a1.attribute("y")),
        (Some("364"), Some("28"))
    );
    let plain = write("plain.svg", &["--turn", "2"]);
    assert!(!plain.contains("data-square"));
    let tall = write(
        "duel.svg",
        &[
            "--variant",
            "sceptre1027",
            "--option",
            "SceptreLayout=duel",
            "--option",
            "SceptrePlayers=2",
            "--turn",
            "3",
        ],
    );
    let doc = roxmltree::Document::parse(&tall).unwrap();
    let root = doc.root_element();
    // 16 rows across and 8 columns down, margins and the title line.
    assert_eq!(root.attribute("width"), Some("824"));
    assert_eq!(root.attribute("height"), Some("464"));
    let (ok, help, _) = regalia(&["render", "--help"]);
    assert!(ok && help.contains("--turn") && help.contains("--flip"));
}

#[test]
fn render_refuses_bad_input() {
    for args in [
        vec!["--variant", "nope", "--out", "/tmp/x.svg"],
        vec!["--moves", "e2e5", "--out", "/tmp/x.svg"],
        vec!["--arrow", "e2e5", "--out", "/tmp/x.svg"],
        vec!["--out", "/nonexistent-dir/x.svg"],
        vec!["--turn", "4", "--out", "/tmp/x.svg"],
        vec!["--turn", "1", "--flip", "--out", "/tmp/x.svg"],
    ] {
        let mut all = vec!["render"];
        all.extend(args.iter());
        let (ok, _, err) = regalia(&all);
        assert!(!ok && err.starts_with("error: "), "{all:?}: {err}");
    }
}

#[test]
fn analyse_prints_the_board_and_best_lines() {
    let (ok, out, _) = regalia(&[
        "analyse",
        "--moves",
        "e2e4 e7e5",
        "--depth",
        "6",
        "--multipv",
        "2",
    ]);
    assert!(ok);
    assert!(out.contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    assert!(
        out.contains(" 1. ") && out.contains(" 2. ") && out.contains("depth  6"),
        "{out}"
    );
    assert!(out.contains("Best move: "));
    let (ok, out, _) = regalia(&[
        "analyse",
        "--variant",
        "tafl",
        "--fen",
        "11/11/a8a1/11/11/11/k10/11/11/11/11 d",
        "--depth",
        "4",
        "--multipv",
        "1",
    ]);
    assert!(ok);
    assert!(out.contains("#1") && out.contains("a5a1"), "{out}");
    let (ok, out, _) = regalia(&["analyse", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert!(
        ok && out.contains("The game is over: black wins by checkmate."),
        "{out}"
    );
}

/// Writes a suite file into the test's scratch folder.
fn suite(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("suite written");
    path.to_string_lossy().to_string()
}

#[test]
fn solve_counts_the_positions_solved() {
    // Two mates in two (WAC.004 and .005, SAN with check marks), the second also as protocol
    // notation, and a wrong `bm` (a legal quiet move instead of the mate) that must be missed.
    let path = suite(
        "mates.epd",
        "# a comment, then a blank line\n\n\
         r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id \"mate-a\";\n\
         5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm Qc4+; id \"mate-b\";\n\
         5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm c6c4; id \"mate-b-uci\";\n\
         5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm a5; id \"wrong\";\n\
         5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - am Qc4; id \"avoid\";\n",
    );
    let (ok, out, err) = regalia(&["solve", &path, "--depth", "5"]);
    assert!(ok, "{err}");
    assert!(out.contains("mate-a") && out.contains("solved"), "{out}");
    let line = |id: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(line("mate-b").contains("solved"), "{out}");
    assert!(line("mate-b-uci").contains("solved"), "{out}");
    assert!(line("wrong").contains("missed"), "{out}");
    assert!(line("avoid").contains("missed"), "{out}");
    assert!(out.contains("Solved 3 of 5"), "{out}");
    let (ok, quiet, _) = regalia(&["solve", &path, "--depth", "5", "--quiet"]);
    assert!(
        ok && !quiet.contains("mate-a") && quiet.contains("wrong"),
        "{quiet}"
    );
}

#[test]
fn solve_refuses_bad_suites() {
    let illegal = suite("illegal.epd", "8/8/8/8/8/8/8/K6k w - - bm Qg6;\n");
    let (ok, _, err) = regalia(&["solve", &illegal]);
    assert!(
        !ok && err.contains("illegal.epd:1") && err.contains("`Qg6` is not a legal move"),
        "{err}"
    );
    let broken = suite("broken.epd", "8/8/8 w - - bm Ka2;\n");
    let (ok, _, err) = regalia(&["solve", &broken]);
    assert!(!ok && err.contains("broken.epd:1"), "{err}");
    let no_ops = suite("no-ops.epd", "8/8/8/8/8/8/8/K6k w - -\n");
    let (ok, _, err) = regalia(&["solve", &no_ops]);
    assert!(!ok && err.contains("no operations"), "{err}");
    let (ok, _, err) = regalia(&["solve", "/nonexistent/suite.epd"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
}
