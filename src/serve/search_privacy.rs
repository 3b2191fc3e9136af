//! Who may read an engine's thinking. While people play, an engine's search for its move (its
//! lines, score, depth) is a hint to whoever reads it: a foe's must stay with nobody, and the
//! search of the engine standing in for a person ("Play for me", "Set up for me") is that
//! person's own helper, for their seat link alone. The server keeps them out of every answer
//! (the game view, `/live`, the record's move scores), so no page, whatever it draws, has them to show. Analysis, a
//! finished game and a game of engines only are open to every reader.

use super::jobs::JobKind;
use super::seats::Access;
use super::view::SearchView;
use super::web_game::WebGame;

/// Whether `reader` may see the search `kind` runs for `seat` in game `g`.
pub fn may_read(g: &WebGame, kind: JobKind, seat: u8, reader: Access) -> bool {
    let people: Vec<bool> = g.players.iter().map(|p| p.is_none()).collect();
    open_to(g.is_over(), &people, kind, seat, reader)
}

/// The rule itself: `people[s]` says whether seat `s` is a person's.
fn open_to(over: bool, people: &[bool], kind: JobKind, seat: u8, reader: Access) -> bool {
    if over || matches!(kind, JobKind::Analysis { .. }) || !people.contains(&true) {
        return true;
    }
    let persons_seat = people.get(seat as usize).copied().unwrap_or(false);
    persons_seat && reader == Access::Seat(seat)
}

/// Whether the engines' scores and depths of the moves already played may go into the game's
/// record, which anyone with the game's address can download: not while people play, since an
/// engine's score of its move is its thinking as much as its lines are.
pub fn scores_in_record(g: &WebGame) -> bool {
    g.is_over() || g.players.iter().all(Option::is_some)
}

/// `view` as a reader who may not see it gets it: whose search it is and whether it runs (the
/// page says "… is thinking"), nothing it found.
pub fn hidden(view: SearchView) -> SearchView {
    SearchView {
        depth: 0,
        nodes: 0,
        nps: 0,
        time_ms: 0,
        ply: None,
        lines: Vec::new(),
        hidden: true,
        ..view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::jobs::EngineLevel;

    fn engine_move() -> JobKind {
        JobKind::EngineMove(EngineLevel {
            movetime: None,
            depth: Some(1),
            level: None,
        })
    }

    #[test]
    fn a_helpers_thinking_goes_to_its_own_seat_alone() {
        // Two people; black (seat 1) has "Play for me" on.
        let people = [true, true];
        assert!(open_to(false, &people, engine_move(), 1, Access::Seat(1)));
        assert!(!open_to(false, &people, engine_move(), 1, Access::Seat(0)));
        assert!(!open_to(false, &people, engine_move(), 1, Access::Watcher));
    }

    #[test]
    fn a_foes_thinking_goes_to_nobody_while_people_play() {
        // A person (seat 0) against an engine seat (seat 1), whose token the creator holds too.
        let people = [true, false];
        for reader in [Access::Seat(0), Access::Seat(1), Access::Watcher] {
            assert!(!open_to(false, &people, engine_move(), 1, reader));
        }
    }

    #[test]
    fn analysis_the_end_and_engines_only_are_open() {
        let analysis = JobKind::Analysis { lines: 1 };
        assert!(open_to(false, &[true, false], analysis, 0, Access::Watcher));
        assert!(open_to(
            true,
            &[true, false],
            engine_move(),
            1,
            Access::Watcher
        ));
        assert!(open_to(
            false,
            &[false, false],
            engine_move(),
            1,
            Access::Watcher
        ));
    }
}
