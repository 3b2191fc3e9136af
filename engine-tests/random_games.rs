//! Thousands of random games of every variant of the registry, as `checks/<variant>.txt` plans
//! them: every position's text reads back, make/unmake restores the position exactly, the
//! incremental key equals one computed from scratch, and noisy moves are legal moves.

use crate::variant_data::{checks, named_variants, Checks};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use regalia::core::{MoveList, Rules, Scope};
use regalia::session::{RulesVisitor, Variant, VariantRules};

/// How a variant's random games are played and what they must reach.
struct Plan {
    games: u64,
    plies: u64,
    seed: u64,
    /// A game also ends once this many plies are reversible (chess's fifty-move mark).
    stop_at_reversible: Option<u64>,
    /// The text must read back to an equal position, not only to the same text.
    exact_round_trip: bool,
    positions_over: u64,
}

impl Plan {
    fn from(checks: &Checks, variant: Variant) -> Plan {
        let exact_round_trip = match checks.text("random-round-trip") {
            Some("exact") => true,
            Some("text") => false,
            other => panic!("checks/{variant}.txt: random-round-trip exact or text, not {other:?}"),
        };
        Plan {
            games: checks.required("random-games"),
            plies: checks.required("random-plies"),
            seed: checks.required("random-seed"),
            stop_at_reversible: checks.number("random-stop-at-reversible-plies"),
            exact_round_trip,
            positions_over: checks.required("random-positions-over"),
        }
    }
}

/// Plays the plan's random games, checking every invariant; returns the positions visited.
struct RandomGames<'a> {
    plan: &'a Plan,
}

impl RulesVisitor for RandomGames<'_> {
    type Output = u64;
    fn visit<V: VariantRules>(self, rules: V) -> u64 {
        let plan = self.plan;
        let name = rules.variant();
        let mut rng = StdRng::seed_from_u64(plan.seed);
        let mut positions = 0;
        for _game in 0..plan.games {
            let mut pos = rules.start();
            for _ply in 0..plan.plies {
                let mut moves = MoveList::new();
                pos.generate(Scope::All, &mut moves);
                let stop = plan
                    .stop_at_reversible
                    .is_some_and(|n| pos.reversible_plies() as u64 >= n);
                if moves.is_empty() || stop {
                    break;
                }
                let text = pos.position_text();
                let reread = rules
                    .parse_position(&text)
                    .unwrap_or_else(|e| panic!("{name}: own text {text} does not read: {e}"));
                assert_eq!(reread.position_text(), text, "{name}: text round trip");
                if plan.exact_round_trip {
                    assert_eq!(reread, pos, "{name}: round trip of {text}");
                }
                assert_eq!(
                    pos.key(),
                    rules.key_from_scratch(&pos),
                    "{name}: key of {text}"
                );
                // Noisy moves must be a subset of all moves; every move must unmake exactly.
                let mut noisy = MoveList::new();
                pos.generate(Scope::Noisy, &mut noisy);
                for m in noisy.iter() {
                    assert!(
                        moves.contains(m),
                        "{name}: noisy move {} not legal in {text}",
                        pos.move_text(*m)
                    );
                }
                for &m in moves.iter() {
                    let before = pos.clone();
                    let undo = pos.make(m);
                    assert_eq!(
                        pos.key(),
                        rules.key_from_scratch(&pos),
                        "{name}: key after {} in {text}",
                        before.move_text(m)
                    );
                    pos.unmake(m, undo);
                    assert_eq!(
                        pos,
                        before,
                        "{name}: unmake {} in {text}",
                        before.move_text(m)
                    );
                }
                let m = moves.as_slice()[rng.gen_range(0..moves.len())];
                pos.make(m);
                positions += 1;
            }
        }
        positions
    }
}

#[test]
fn random_games_of_every_variant_keep_every_invariant() {
    let mut planned = named_variants("checks", "txt");
    planned.sort_by_key(|v| Variant::ALL.iter().position(|a| a == v));
    assert_eq!(
        planned,
        Variant::ALL,
        "one checks/<variant>.txt per variant"
    );
    std::thread::scope(|scope| {
        for &variant in Variant::ALL {
            scope.spawn(move || {
                let plan = Plan::from(&checks(variant), variant);
                let positions = variant.visit(RandomGames { plan: &plan });
                eprintln!("{variant}: {positions} positions");
                assert!(
                    positions > plan.positions_over,
                    "{variant}: {positions} positions, more than {} expected",
                    plan.positions_over
                );
            });
        }
    });
}
