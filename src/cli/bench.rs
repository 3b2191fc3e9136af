//! `regalia bench`: the search benchmark from the shell.

use crate::session::{run_bench, Variant, VariantError};
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth per position (default 11).
    pub depth: Option<u32>,
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

pub fn bench(args: BenchArgs) -> Result<(), VariantError> {
    let variant: Variant = args.variant.parse()?;
    let summary = run_bench(variant, args.depth, &mut |i, n, text, nodes| {
        eprintln!("position {i}/{n} {text}: {nodes} nodes");
    })?;
    println!("Total time (ms) : {}", summary.elapsed.as_millis());
    println!("Nodes searched  : {}", summary.nodes);
    println!("Nodes/second    : {}", summary.nps());
    Ok(())
}
