//! `regalia bench`: the search benchmark from the shell.

use super::{say, CliError};
use crate::session::{run_bench, Variant};
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth per position (default 11; the variant may choose less).
    pub depth: Option<u32>,
    #[arg(long, default_value = Variant::DEFAULT.name())]
    pub variant: String,
}

pub fn bench(args: BenchArgs) -> Result<(), CliError> {
    let variant: Variant = args.variant.parse()?;
    variant.init();
    let summary = run_bench(variant, args.depth, &mut |i, n, text, nodes| {
        eprintln!("position {i}/{n} {text}: {nodes} nodes");
    })?;
    say(&format!(
        "Total time (ms) : {}",
        summary.elapsed.as_millis()
    ))?;
    say(&format!("Nodes searched  : {}", summary.nodes))?;
    say(&format!("Nodes/second    : {}", summary.nps()))?;
    Ok(())
}
