//! wasm-split-cli: cuts the lazy islands out of the hydrate WASM into
//! chunks, with the same arguments as the crate's own binary.

use anyhow::{anyhow, Result};
use clap::{Parser, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

#[derive(Debug, ValueEnum, Clone, Copy)]
enum Target {
    Web,
    Bundler,
}

#[derive(Debug, Parser)]
#[command(name = "wasm-split-cli", version)]
struct Args {
    /// Input .wasm file.
    input: PathBuf,
    /// Output directory.
    output: PathBuf,
    #[arg(long, value_enum, default_value_t = Target::Web)]
    target: Target,
    /// The main module's name (`main` unless given).
    #[arg(long)]
    out_name: Option<String>,
    /// Print what went into which chunk.
    #[arg(short, long)]
    verbose: bool,
}

pub fn run(args: Vec<OsString>) -> Result<()> {
    let args = Args::parse_from(args);
    let input = std::fs::read(&args.input)?;
    let stem = args.out_name.as_deref().unwrap_or("main");
    let main_out_path = args.output.join(format!("{stem}.wasm"));
    let main_module = match args.target {
        Target::Web => format!("./{stem}.js"),
        Target::Bundler => format!("./{stem}_bg.wasm"),
    };
    let mut options = wasm_split_cli_support::Options::new(&input);
    options.verbose = args.verbose;
    options.output_dir = &args.output;
    options.main_out_path = &main_out_path;
    if args.out_name.is_some() {
        options.main_module = &main_module;
    }
    match args.target {
        Target::Web => {
            options.target.web();
        }
        Target::Bundler => {
            options.target.bundler();
        }
    }
    wasm_split_cli_support::transform(options).map_err(|error| anyhow!("{error:?}"))?;
    Ok(())
}
