//! What set a session's position: the position string and the moves of its last `position`
//! command. A front end sends the whole game before every move (`position … moves m1 … mk`);
//! when the new command extends the last one, the session plays only the new moves instead of
//! reading the position again (Sceptre's field rebuilt, about 2.6M instructions) and parsing
//! every earlier move anew (a legal-move list each, about 170,000 instructions a move in a
//! four-player Sceptre game), which a player paid at every move (issue 32).

/// A position string (None: the variant's start) and the moves played from it, in the text
/// they were given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PositionSource {
    text: Option<String>,
    moves: Vec<String>,
}

impl PositionSource {
    pub fn new(text: Option<&str>, moves: &[String]) -> PositionSource {
        PositionSource {
            text: text.map(str::to_string),
            moves: moves.to_vec(),
        }
    }

    /// How many of `moves` a session set from this source already stands after: all of this
    /// source's moves when `text` is its position string and `moves` begins with them; None
    /// when the command does not extend this one (another position, a move taken back).
    pub fn played_of(&self, text: Option<&str>, moves: &[String]) -> Option<usize> {
        (self.text.as_deref() == text && moves.starts_with(&self.moves)).then_some(self.moves.len())
    }

    /// The source once `moves` are played after it.
    pub fn extend(&mut self, moves: &[String]) {
        self.moves.extend_from_slice(moves);
    }

    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    pub fn moves(&self) -> &[String] {
        &self.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn only_a_command_that_extends_the_source_skips_its_moves() {
        let source = PositionSource::new(None, &texts(&["e2e4", "e7e5"]));
        assert_eq!(source.played_of(None, &texts(&["e2e4", "e7e5"])), Some(2));
        assert_eq!(
            source.played_of(None, &texts(&["e2e4", "e7e5", "g1f3"])),
            Some(2)
        );
        assert_eq!(
            source.played_of(None, &texts(&["e2e4"])),
            None,
            "taken back"
        );
        assert_eq!(source.played_of(None, &texts(&["d2d4", "e7e5"])), None);
        assert_eq!(
            source.played_of(Some("8/8/8/8/8/8/8/8 w - - 0 1"), &texts(&["e2e4", "e7e5"])),
            None,
            "another position string"
        );
        let from_text = PositionSource::new(Some("x"), &[]);
        assert_eq!(from_text.played_of(Some("x"), &texts(&["a1a2"])), Some(0));
        assert_eq!(from_text.played_of(None, &texts(&["a1a2"])), None);
    }

    #[test]
    fn an_extended_source_is_the_longer_command() {
        let mut source = PositionSource::new(Some("x"), &texts(&["a"]));
        source.extend(&texts(&["b", "c"]));
        assert_eq!(
            source,
            PositionSource::new(Some("x"), &texts(&["a", "b", "c"]))
        );
        assert_eq!(source.text(), Some("x"));
        assert_eq!(source.moves(), texts(&["a", "b", "c"]).as_slice());
    }
}
