//! Which of Regalia's tafl rule sets plays each board size HTP's `board_size` offers. The
//! reference engine plays Copenhagen on 11x11 and carries its rules to 13x13 and to a 7x7
//! (Brandubh) board on which the defenders move first.

/// 11x11: Copenhagen, as named in Regalia's rule sets.
const COPENHAGEN_11: &str = "copenhagen";

/// 13x13: Copenhagen's rules on the reference's 13x13 layout.
const COPENHAGEN_13: &str = "dim:13 name:Copenhagen13 atkf:y tfr:w sw:s efe:y start:/3ttttttt3/6t6/13/t5T5t/t5T5t/t4TTT4t/tt1TTTKTTT1tt/t4TTT4t/t5T5t/t5T5t/13/6t6/3ttttttt3/";

/// 7x7: Regalia's Brandubh with the defenders moving first, as on the reference's 7x7 board.
/// Not the same game in one respect (docs/htp.md): the reference's king on his throne needs
/// four attackers, Brandubh's weak king two.
const BRANDUBH_7: &str =
    "dim:7 name:Brandub atkf:n surf:n ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// The `TaflRules` value for a board size HTP allows (7, 11 or 13).
pub fn rules_for_size(size: u8) -> Option<&'static str> {
    match size {
        7 => Some(BRANDUBH_7),
        11 => Some(COPENHAGEN_11),
        13 => Some(COPENHAGEN_13),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Variant;

    #[test]
    fn every_htp_board_size_has_a_rule_set_regalia_reads() {
        for size in [7u8, 11, 13] {
            let rules = rules_for_size(size).expect("a rule set");
            let options = [("TaflRules".to_string(), rules.to_string())];
            let session = Variant::Tafl
                .configured_session(&options)
                .unwrap_or_else(|e| panic!("{size}: {e}"));
            let board = session.position_text();
            assert_eq!(board.split('/').count(), size as usize, "{board}");
        }
        assert_eq!(rules_for_size(9), None);
    }
}
