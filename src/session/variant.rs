//! Sessions of a registered variant: [`Variant`] lives in `games/` with the plain facts about
//! each game; building a session on a variant's rules is the session layer's.

use super::{GameSession, Session, VariantError};
use crate::games::{RulesVisitor, Variant, VariantRules};

impl Variant {
    /// A session at the variant's start position.
    pub fn new_session(self) -> Box<dyn Session> {
        struct NewSession;
        impl RulesVisitor for NewSession {
            type Output = Box<dyn Session>;
            fn visit<V: VariantRules>(self, rules: V) -> Box<dyn Session> {
                Box::new(GameSession::new(rules))
            }
        }
        self.visit(NewSession)
    }

    /// A session at the start position after the variant's own options in `options` (name,
    /// value; other variants' options skipped). Options that depend on each other (a layout
    /// and the players it must seat) are applied in order, and those refused are tried again
    /// once the others are in; an error only if some value fits none of them.
    pub fn configured_session(
        self,
        options: &[(String, String)],
    ) -> Result<Box<dyn Session>, VariantError> {
        let mut session = self.new_session();
        let mut pending: Vec<&(String, String)> = options.iter().collect();
        loop {
            let mut refused = Vec::new();
            let mut last_error = None;
            for option in &pending {
                if let Some(Err(e)) = session.set_variant_option(&option.0, &option.1) {
                    refused.push(*option);
                    last_error = Some(e);
                }
            }
            match last_error {
                None => return Ok(session),
                Some(e) if refused.len() == pending.len() => return Err(e),
                Some(_) => pending = refused,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_makes_a_session_of_itself() {
        for &v in Variant::ALL {
            assert_eq!(v.new_session().variant(), v);
        }
    }
}
