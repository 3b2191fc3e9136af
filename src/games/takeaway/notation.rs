//! Position strings: `heaps/scores/states/turn/moves/cap`, e.g. `543/000/aaa/0/0/9` — the heaps
//! as digits, one score digit per seat (the number of digits is the number of seats), one state
//! letter per seat (`a` active, `e` eliminated, `w` withdrawn), the seat to move, the moves
//! played (decimal) and the cap (a digit). Moves are a heap letter and a count: `b2`.

use super::error::TakeawayError;
use super::position::{TakeawayMove, TakeawayPosition, MAX_HEAPS, MAX_MOVES, MAX_TAKE, MAX_TOKENS};
use crate::core::{MoveTextError, Seat, SeatState, MAX_SEATS};

fn digits(field: &str) -> Option<Vec<u8>> {
    field
        .chars()
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect()
}

impl TakeawayPosition {
    /// Reads a position string, accepting exactly the states the rules can reach (finished
    /// ones too).
    pub fn from_text(text: &str) -> Result<TakeawayPosition, TakeawayError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        let &[heaps, scores, states, turn, moves, cap] = fields.as_slice() else {
            return Err(TakeawayError::Fields(fields.len()));
        };
        let heaps = digits(heaps)
            .filter(|h| (1..=MAX_HEAPS).contains(&h.len()))
            .ok_or_else(|| TakeawayError::Heaps(heaps.to_string()))?;
        let scores = digits(scores)
            .filter(|s| (2..=MAX_SEATS).contains(&s.len()))
            .ok_or_else(|| TakeawayError::Scores(scores.to_string()))?;
        let seats = scores.len();
        let states = states
            .chars()
            .map(|c| match c {
                'a' => Some(SeatState::Active),
                'e' => Some(SeatState::Eliminated),
                'w' => Some(SeatState::Withdrawn),
                _ => None,
            })
            .collect::<Option<Vec<SeatState>>>()
            .filter(|s| s.len() == seats)
            .ok_or_else(|| TakeawayError::States(states.to_string()))?;
        let turn_seat = match digits(turn).as_deref() {
            Some(&[t]) if (t as usize) < seats => t as Seat,
            _ => return Err(TakeawayError::Turn(turn.to_string())),
        };
        let moves = Some(moves)
            .filter(|m| !m.is_empty() && m.len() <= 3 && m.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|m| m.parse::<u16>().ok())
            .filter(|&m| m <= MAX_MOVES)
            .ok_or_else(|| TakeawayError::Moves(moves.to_string()))?;
        let cap = match digits(cap).as_deref() {
            Some(&[c]) if (1..=MAX_TOKENS).contains(&c) => c,
            _ => return Err(TakeawayError::Cap(cap.to_string())),
        };
        if states[turn_seat as usize] != SeatState::Active {
            return Err(TakeawayError::TurnInactive(turn_seat));
        }
        if let Some(seat) = (0..seats).find(|&s| scores[s] > cap) {
            return Err(TakeawayError::ScoreAboveCap {
                seat: seat as Seat,
                score: scores[seat],
                cap,
            });
        }
        check_reachable(&heaps, &scores, &states, moves)?;
        let mut pos = TakeawayPosition::new(&heaps, seats, cap)?;
        pos.scores[..seats].copy_from_slice(&scores);
        pos.states[..seats].copy_from_slice(&states);
        pos.turn = turn_seat;
        pos.moves = moves;
        Ok(pos)
    }

    pub fn to_text(&self) -> String {
        let heaps: String = self.heaps().iter().map(|h| h.to_string()).collect();
        let seats = self.seat_count();
        let scores: String = self.scores[..seats].iter().map(|s| s.to_string()).collect();
        let states: String = self.states[..seats]
            .iter()
            .map(|s| match s {
                SeatState::Active => 'a',
                SeatState::Eliminated => 'e',
                SeatState::Withdrawn => 'w',
            })
            .collect();
        format!(
            "{heaps}/{scores}/{states}/{}/{}/{}",
            self.turn, self.moves, self.cap
        )
    }

    /// Reads `b2`: malformed unless a heap letter `a`-`d` and a count 1-3; illegal unless the
    /// move is legal here.
    pub fn parse_move_text(&self, text: &str) -> Result<TakeawayMove, MoveTextError> {
        let m = match text.as_bytes() {
            &[h @ b'a'..=b'd', k @ b'1'..=b'9'] if k - b'0' <= MAX_TAKE => {
                TakeawayMove::new(h - b'a', k - b'0')
            }
            _ => return Err(MoveTextError::Malformed(text.to_string())),
        };
        if self.outcome().is_none() && self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveTextError::Illegal(text.to_string()))
        }
    }
}

/// What every reachable state satisfies: each move adds 1 to 3 to one score, heaps start at
/// 9 tokens or fewer, and a withdrawal leaves 2 or more seats active. (Withdrawals below the
/// cap and eliminations without an empty heap are let through: a position may be set up by
/// hand, and a seat may forfeit in a match.)
fn check_reachable(
    heaps: &[u8],
    scores: &[u8],
    states: &[SeatState],
    moves: u16,
) -> Result<(), TakeawayError> {
    let unreachable = |why: String| Err(TakeawayError::Unreachable(why));
    let taken: u32 = scores.iter().map(|&s| s as u32).sum();
    let moves = moves as u32;
    if taken < moves || taken > 3 * moves {
        return unreachable(format!(
            "{moves} moves cannot take {taken} tokens (each takes 1 to 3)"
        ));
    }
    let tokens = taken + heaps.iter().map(|&h| h as u32).sum::<u32>();
    if tokens > 9 * heaps.len() as u32 {
        return unreachable(format!(
            "{tokens} tokens in all, more than {} heaps can start with",
            heaps.len()
        ));
    }
    let count = |state| states.iter().filter(|&&s| s == state).count();
    let withdrawn = count(SeatState::Withdrawn);
    if withdrawn + 2 > states.len() {
        return unreachable(format!(
            "{withdrawn} withdrawn of {} seats (a withdrawal leaves 2 active)",
            states.len()
        ));
    }
    // Eliminations need no empty heap: a seat can also forfeit (its engine failing in a match).
    Ok(())
}
