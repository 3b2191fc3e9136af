//! The referee's rules: the variant and the variant's own options the engines are given
//! (`option.TaflRules=copenhagen`, `option.SceptreLayout=…`), so that the rules library judges
//! the game the engines play.

use super::{EngineSpec, MatchError};
use crate::session::{Session, Variant};

/// The variant options (those the variant owns) of the engines that change the rules; every
/// engine must be given the same ones, or the engines would play different games. Options that
/// only change how one engine plays (`EvalWeights`) may differ.
pub fn variant_options(
    variant: Variant,
    engines: &[EngineSpec],
) -> Result<Vec<(String, String)>, MatchError> {
    let own = |e: &EngineSpec| -> Vec<(String, String)> {
        e.options
            .iter()
            .filter(|(name, _)| variant.option(name).is_some_and(|spec| spec.changes_rules))
            .cloned()
            .collect()
    };
    let same = |a: &[(String, String)], b: &[(String, String)]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.0.eq_ignore_ascii_case(&y.0) && x.1 == y.1)
    };
    let first = engines.first().map(own).unwrap_or_default();
    for e in engines.iter().skip(1) {
        if !same(&own(e), &first) {
            return Err(MatchError::Setup(format!(
                "every engine needs the same {variant} options (the referee plays one game): \
                 {} has {:?}, {} has {:?}",
                engines[0].name,
                first,
                e.name,
                own(e)
            )));
        }
    }
    // Refused values are a setting mistake, reported before any game.
    variant
        .configured_session(&first)
        .map_err(|e| MatchError::Setup(format!("the referee: {e}")))?;
    Ok(first)
}

/// A new game under the match's rules (options checked by [`variant_options`]).
pub fn new_session(variant: Variant, options: &[(String, String)]) -> Box<dyn Session> {
    variant
        .configured_session(options)
        .unwrap_or_else(|_| variant.new_session())
}
