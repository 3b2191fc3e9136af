//! The games, one folder per family. A game knows its rules and notation, never the protocol.

pub mod chess;
pub mod sceptre;
pub mod tafl;
pub mod takeaway;
