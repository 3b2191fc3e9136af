//! A game's generation: the number a page orders the views it is sent by. It counts the
//! changes a page shows, and it never goes down for a game, also when the game is read back
//! from the store (a restarted server, or a game dropped from the table for room): a page
//! that drew generation N draws no view older than N, so a late answer to an older request
//! cannot replace what a newer one showed.

use std::time::{SystemTime, UNIX_EPOCH};

/// The generation a game read back from the store starts at: above the last one stored, and
/// above any a copy held before could have reached. Not every change is stored (a pause is
/// not, and a write can fail on a full disk), so the stored count alone could fall behind what
/// a page saw; the microseconds since 1970 at the read-back are above it, since a copy counts
/// one a change and no copy changes a million times a second. The stored count still guards
/// a clock set back between two runs.
pub fn read_back(stored: u64, now: SystemTime) -> u64 {
    let micros = now
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX));
    // A page keeps it in a JavaScript number: exact only below 2^53 (the year 2255).
    let exact = (1u64 << 53) - 1;
    stored.saturating_add(1).max(micros).min(exact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_read_back_game_counts_on_above_what_any_earlier_copy_showed() {
        let at = |micros: u64| UNIX_EPOCH + Duration::from_micros(micros);
        // A game created at t = 1 s counts from 0; changes made until it is read back at 2 s
        // (fewer than one a microsecond) stay below where the read-back copy starts.
        assert_eq!(read_back(0, at(2_000_000)), 2_000_000);
        assert!(read_back(40, at(2_000_000)) > 40);
        // A copy read back at 2 s and changed 500 times, read back again at 3 s.
        let first = read_back(0, at(2_000_000));
        assert!(read_back(first + 500, at(3_000_000)) > first + 500);
        // A clock set back between two runs: the stored count still wins.
        assert_eq!(read_back(first + 500, at(1_000_000)), first + 501);
        // Kept within what a page's number holds exactly.
        assert_eq!(read_back(u64::MAX, at(1)), (1 << 53) - 1);
    }
}
