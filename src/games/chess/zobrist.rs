//! Zobrist keys, generated at compile time from a fixed seed so that keys (and opening books or
//! logs that record them) are the same on every build.

use crate::core::splitmix;

pub struct Keys {
    /// [piece index 0..14][square]
    pub pieces: [[u64; 64]; 14],
    pub black_to_move: u64,
    /// One key per castling-rights bitmask (4 bits).
    pub castling: [u64; 16],
    pub en_passant_file: [u64; 8],
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 14],
        black_to_move: 0,
        castling: [0; 16],
        en_passant_file: [0; 8],
    };
    let mut state = 0x5265_6761_6C69_6121; // "Regalia!"
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys.pieces[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    keys.black_to_move = v;
    // Castling keys are XOR-combinations of four per-right keys, so that clearing one right
    // changes the key the same way whatever else is set.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, v) = splitmix(state);
        state = s;
        single[i] = v;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut b = 0;
        while b < 4 {
            if mask & (1 << b) != 0 {
                k ^= single[b];
            }
            b += 1;
        }
        keys.castling[mask] = k;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, v) = splitmix(state);
        state = s;
        keys.en_passant_file[f] = v;
        f += 1;
    }
    keys
}

pub static KEYS: Keys = build();
