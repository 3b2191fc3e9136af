//! Sceptre as text: the position string both ways (`notation`, protocol.md#sceptre-position-string), the description
//! and diagram of a position for people (`describe`), and layout files (`layout_file`: the TOML
//! schema, reading and loading shipped or user layouts).

pub mod describe;
mod layout_file;
pub mod notation;
