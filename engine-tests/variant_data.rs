//! Each variant's test data, found by its name: the perft suite `perft/<variant>.epd` (one
//! position per line, perhaps with `moves …` played from it, then `;D<depth> <count>` fields) and `checks/<variant>.txt` (the sizes and
//! plans the registry-driven tests hold each game to). A new game gets those tests by adding
//! the two files; a variant without them fails the tests that need them.

use regalia::session::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub struct SuiteLine {
    pub position: String,
    /// Moves played from `position` before counting (`<position> moves <move>…` in the file):
    /// where the game's history decides, as a repetition does, the counts depend on them.
    pub moves: Vec<String>,
    pub counts: Vec<(u32, u64)>,
}

impl SuiteLine {
    /// What `position fen` takes: the position, then any moves.
    pub fn position_and_moves(&self) -> String {
        if self.moves.is_empty() {
            self.position.clone()
        } else {
            format!("{} moves {}", self.position, self.moves.join(" "))
        }
    }
}

pub fn parse_suite(text: &str) -> Vec<SuiteLine> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let head = parts.next().unwrap_or_default().trim();
            let (position, moves) = head.split_once(" moves ").unwrap_or((head, ""));
            let position = position.to_string();
            let moves = moves.split_whitespace().map(str::to_string).collect();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    let d = it.next().and_then(|d| d.parse().ok()).expect("depth");
                    let n = it.next().and_then(|n| n.parse().ok()).expect("count");
                    (d, n)
                })
                .collect();
            SuiteLine {
                position,
                moves,
                counts,
            }
        })
        .collect()
}

fn data_file(folder: &str, variant: Variant, extension: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests")
        .join(folder)
        .join(format!("{}.{extension}", variant.name()))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("every variant needs {}: {e}", path.display()))
}

/// `perft/<variant>.epd`.
pub fn perft_suite(variant: Variant) -> Vec<SuiteLine> {
    parse_suite(&read(&data_file("perft", variant, "epd")))
}

/// `checks/<variant>.txt`: `key value` lines, `#` comments.
pub struct Checks {
    variant: Variant,
    values: HashMap<String, String>,
}

/// Every key a checks file may hold: a misspelt key is an error, not a check quietly skipped.
const KEYS: &[&str] = &[
    "perft-positions",
    "perft-start-depths",
    "random-games",
    "random-plies",
    "random-seed",
    "random-stop-at-reversible-plies",
    "random-round-trip",
    "random-positions-over",
];

pub fn checks(variant: Variant) -> Checks {
    let path = data_file("checks", variant, "txt");
    let mut values = HashMap::new();
    for line in read(&path).lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: '{line}' is not 'key value'", path.display()));
        assert!(KEYS.contains(&key), "{}: unknown key {key}", path.display());
        let old = values.insert(key.to_string(), value.trim().to_string());
        assert!(old.is_none(), "{}: {key} given twice", path.display());
    }
    Checks { variant, values }
}

impl Checks {
    pub fn text(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// A number (decimal, or hexadecimal after `0x`), if the file gives one.
    pub fn number(&self, key: &str) -> Option<u64> {
        self.text(key).map(|v| {
            let parsed = match v.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => v.parse(),
            };
            parsed.unwrap_or_else(|_| panic!("{}: {key} '{v}' is not a number", self.variant))
        })
    }

    /// A number the file must give.
    pub fn required(&self, key: &str) -> u64 {
        self.number(key)
            .unwrap_or_else(|| panic!("checks/{}.txt needs '{key}'", self.variant))
    }
}

/// The variants of `folder/*.<extension>`: each file must name a variant this build plays.
pub fn named_variants(folder: &str, extension: &str) -> Vec<Variant> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests")
        .join(folder);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a folder entry").path();
        if path.extension().is_some_and(|e| e == extension) {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let variant = stem
                .parse::<Variant>()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(variant.name(), stem, "{}: name it exactly", path.display());
            found.push(variant);
        }
    }
    found
}
