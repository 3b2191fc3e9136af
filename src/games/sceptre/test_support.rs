//! What the unit tests of the Sceptre files share: the reference positions and a small
//! seeded random source to play them out.

use std::path::Path;

/// The position strings of the perft suite (engine-tests/perft/sceptre1027.epd), counts
/// and any moves played from them left off.
pub fn reference_positions() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/perft/sceptre1027.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(" ;").next().unwrap_or_default())
        .map(|l| l.split(" moves ").next().unwrap_or_default().to_string())
        .collect()
}

/// xorshift64*, enough to pick moves.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}
