//! The two meanings a clock can have: the `go` command's clock words (`wtime`, `binc`…, by
//! letter), and the clocks of a game's seats. A game says which letter each seat's clock is;
//! the job turns words into seats once, so no array ever means one thing and then the other.

use crate::search::SearchLimits;
use std::time::Duration;

/// The clock words `go` may carry, by letter: `w`, `b`, `r`, `g` (as in `wtime`/`winc`).
pub const CLOCK_LETTERS: [char; 4] = ['w', 'b', 'r', 'g'];

/// One clock: the time left and the increment, each if given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Option<Duration>,
    pub increment: Option<Duration>,
}

/// The clocks of a `go` command, by clock word letter ([`CLOCK_LETTERS`] order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockWords([Clock; 4]);

/// Which part of a clock a word sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockPart {
    Time,
    Increment,
}

impl ClockWords {
    /// The clock word's letter and part (`btime` -> `b`, time); None for any other word.
    pub fn read_word(word: &str) -> Option<(char, ClockPart)> {
        let mut chars = word.chars();
        let letter = chars.next().filter(|c| CLOCK_LETTERS.contains(c))?;
        match chars.as_str() {
            "time" => Some((letter, ClockPart::Time)),
            "inc" => Some((letter, ClockPart::Increment)),
            _ => None,
        }
    }

    /// Sets one clock word's value; false if `letter` is no clock letter.
    pub fn set(&mut self, letter: char, part: ClockPart, value: Duration) -> bool {
        let Some(index) = CLOCK_LETTERS.iter().position(|&c| c == letter) else {
            return false;
        };
        let clock = &mut self.0[index];
        match part {
            ClockPart::Time => clock.time = Some(value),
            ClockPart::Increment => clock.increment = Some(value),
        }
        true
    }

    /// The clock a letter's words set.
    pub fn of(&self, letter: char) -> Clock {
        CLOCK_LETTERS
            .iter()
            .position(|&c| c == letter)
            .map_or_else(Clock::default, |i| self.0[i])
    }

    /// The seats' clocks, for a game whose seats use `letters` (seat order; `w` for
    /// `wtime`/`winc`…).
    pub fn for_seats(&self, letters: &[char]) -> SeatClocks {
        let mut seats = [Clock::default(); 4];
        for (seat, &letter) in letters.iter().enumerate().take(4) {
            seats[seat] = self.of(letter);
        }
        SeatClocks(seats)
    }
}

/// The clocks of a game's seats, by seat (0 moves first in the standard set-up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatClocks(pub [Clock; 4]);

impl SeatClocks {
    /// Gives the search these clocks (its limits hold time and increment by seat).
    pub fn apply_to(&self, limits: &mut SearchLimits) {
        for (seat, clock) in self.0.iter().enumerate() {
            limits.time[seat] = clock.time;
            limits.increment[seat] = clock.increment;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_words_become_seats() {
        let ms = |n| Some(Duration::from_millis(n));
        let mut words = ClockWords::default();
        for (i, letter) in CLOCK_LETTERS.into_iter().enumerate() {
            let n = i as u64 + 1;
            assert!(words.set(letter, ClockPart::Time, Duration::from_millis(n)));
            assert!(words.set(letter, ClockPart::Increment, Duration::from_millis(10 * n)));
        }
        assert!(!words.set('x', ClockPart::Time, Duration::ZERO));
        // Sceptre's order: black (b) moves first, then white, red, green.
        let seats = words.for_seats(&['b', 'w', 'r', 'g']);
        let mut limits = SearchLimits::default();
        seats.apply_to(&mut limits);
        assert_eq!(limits.time, [ms(2), ms(1), ms(3), ms(4)]);
        assert_eq!(limits.increment, [ms(20), ms(10), ms(30), ms(40)]);
        let chess = words.for_seats(&['w', 'b']);
        chess.apply_to(&mut limits);
        assert_eq!(limits.time, [ms(1), ms(2), None, None]);
    }

    #[test]
    fn only_clock_words_read() {
        assert_eq!(ClockWords::read_word("btime"), Some(('b', ClockPart::Time)));
        assert_eq!(
            ClockWords::read_word("ginc"),
            Some(('g', ClockPart::Increment))
        );
        assert_eq!(ClockWords::read_word("xtime"), None);
        assert_eq!(ClockWords::read_word("movetime"), None);
        assert_eq!(ClockWords::read_word("wtimes"), None);
    }
}
