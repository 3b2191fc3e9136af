//! The positions `bench` searches for tafl: fixed forever (the node total is a signature of the
//! search).

/// The start, an opening, middlegames from engine games, and an endgame escape.
pub const BENCH_POSITIONS: &[&str] = &[
    "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a",
    "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/5a5/11/3aaaaa3 d",
    "2a5a2/2a5a2/1a3a2a2/5aa4/3adddd3/2a1dk2d1a/3aaaddd2/4aa5/a1a2a3aa/2a6a1/8d2 a",
    "4aaaa3/10a/10k/1a2a1d1d1a/a1dd7/aa1dd4aa/a3ddd4/a7a2/11/3a1a5/4aaaa3 d",
    "11/2a2a2a2/1aa1add1aa1/3a1dda3/2add1a4/3ddkda3/3aadd4/5aa4/a1a2a2a1a/2a8/8a2 a",
    "11/11/9a1/11/11/11/2k8/11/11/11/11 d",
];
