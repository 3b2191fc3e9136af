//! Tafl as the session layer sees it: the rule set the `TaflRules` option chooses, how its
//! positions are read, described and benched, and how its games end in words.

use super::position::{Ending, Side};
use super::{bench, describe, PositionError, RuleSet, TaflEval, TaflPosition};
use crate::games::{
    embedded_file, EmbeddedFile, OptionKind, OptionSpec, OptionValueError, Variant, VariantRules,
};
use crate::render::Diagram;
use std::sync::Mutex;

/// The tafl variant under one rule set (the `TaflRules` option: a name or an OpenTafl rules
/// string).
#[derive(Clone, Copy, Debug)]
pub struct TaflRules {
    pub rules: &'static RuleSet,
}

impl Default for TaflRules {
    fn default() -> TaflRules {
        TaflRules {
            rules: RuleSet::default_rules(),
        }
    }
}

/// The start of a rule set other than the default, as its bench position (made once each).
fn start_as_bench(rules: &'static RuleSet) -> &'static [&'static str] {
    static MADE: Mutex<Vec<(&'static RuleSet, &'static [&'static str])>> = Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, list)) = made.iter().find(|(r, _)| std::ptr::eq(*r, rules)) {
        return list;
    }
    let text: &'static str = Box::leak(TaflPosition::start(rules).to_text().into_boxed_str());
    let list: &'static [&'static str] = Box::leak(vec![text].into_boxed_slice());
    made.push((rules, list));
    list
}

impl VariantRules for TaflRules {
    type G = TaflPosition;
    type E = TaflEval;
    type PositionError = PositionError;

    fn variant(&self) -> Variant {
        Variant::Tafl
    }

    fn start(&self) -> TaflPosition {
        TaflPosition::start(self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<TaflPosition, PositionError> {
        TaflPosition::from_text_in(text, self.rules)
    }

    fn evaluator(&self, material_only: bool, root: &TaflPosition) -> TaflEval {
        TaflEval::new(
            root.rules(),
            material_only,
            root.side_to_move() == Side::Attackers,
        )
    }

    fn describe(&self, pos: &TaflPosition) -> String {
        describe::board_text(pos)
    }

    fn describe_eval(&self, pos: &TaflPosition) -> String {
        describe::eval_text(pos)
    }

    fn diagram(&self, pos: &TaflPosition) -> Diagram {
        describe::diagram(pos)
    }

    fn seat_name(&self, seat: u8) -> String {
        if seat == 0 { "attackers" } else { "defenders" }.to_string()
    }

    fn winner_text(&self, seat: u8) -> String {
        format!("the {} win", self.seat_name(seat))
    }

    fn no_moves_reason(&self, _pos: &TaflPosition) -> &'static str {
        "leaving the other side without a move"
    }

    fn draw_reason(&self, _pos: &TaflPosition) -> &'static str {
        "rule"
    }

    fn decided_reason(&self, pos: &TaflPosition) -> &'static str {
        match pos.ending() {
            Some(Ending::KingEscaped) => "the king's escape",
            Some(Ending::EdgeFort) => "an edge fort",
            Some(Ending::Encircled) => "encirclement",
            _ => "capturing the king",
        }
    }

    fn repetition_reason(&self) -> &'static str {
        "the repetition rule"
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        if std::ptr::eq(self.rules, RuleSet::default_rules()) {
            bench::BENCH_POSITIONS
        } else {
            start_as_bench(self.rules)
        }
    }

    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        if std::ptr::eq(self.rules, RuleSet::default_rules()) {
            &[embedded_file!("openings/tafl/two-quiet-plies.epd")]
        } else {
            &[]
        }
    }

    fn key_from_scratch(&self, pos: &TaflPosition) -> u64 {
        pos.key_from_scratch()
    }

    fn options(&self) -> Vec<OptionSpec> {
        let names = super::rules::NAMED.iter().map(|(n, _)| n.to_string());
        vec![OptionSpec::new(
            "TaflRules",
            OptionKind::Text {
                default: "default".into(),
                suggestions: names.collect(),
            },
        )]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), OptionValueError>> {
        if !name.trim().eq_ignore_ascii_case("taflrules") {
            return None;
        }
        Some(match RuleSet::from_name_or_text(value) {
            Ok(rules) => {
                self.rules = rules;
                Ok(())
            }
            Err(e) => Err(OptionValueError(Box::new(e))),
        })
    }
}
