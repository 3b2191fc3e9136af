//! Integration tests: the rules through the library, and the engine through its protocol.

mod bench_signatures;
mod browser;
mod chess960;
mod engine_process;
mod htp;
mod match_runner;
mod multiplayer;
mod opentafl;
mod perft_suite;
mod protocol_conversations;
mod python_client;
mod random_games;
mod sceptre_ai;
mod sceptre_playouts;
mod sceptre_protocol;
mod sceptre_rules;
mod sceptre_text;
mod search_tactics;
mod serve_api;
mod shell_tools;
mod tafl;
mod tafl_match;
mod tafl_rule_sets;
mod tuning;
mod variant_data;
mod variants;
