//! wasm-bindgen: the JS glue for the main WASM module. Accepts the
//! arguments the site's build and Trunk pass, as wasm-bindgen-cli reads
//! them (the flags a browser build for the `web` target needs).

use anyhow::Result;
use clap::{Parser, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;
use wasm_bindgen_cli_support::Bindgen;

/// The wasm-bindgen-cli-support release this binary is built with; Trunk
/// and scripts/toolchain.sh compare it with the lockfile's.
const VERSION: &str = "0.2.130";

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Target {
    Web,
    Bundler,
}

#[derive(Debug, Parser)]
#[command(name = "wasm-bindgen", version = VERSION)]
struct Args {
    input: PathBuf,
    #[arg(long, value_enum, default_value_t = Target::Bundler)]
    target: Target,
    #[arg(long)]
    out_dir: PathBuf,
    #[arg(long)]
    out_name: Option<String>,
    #[arg(long)]
    no_typescript: bool,
    #[arg(long)]
    debug: bool,
    #[arg(long)]
    no_demangle: bool,
    #[arg(long)]
    keep_debug: bool,
    #[arg(long)]
    keep_lld_exports: bool,
    #[arg(long)]
    remove_name_section: bool,
    #[arg(long)]
    remove_producers_section: bool,
    /// Accepted and ignored, as wasm-bindgen-cli does (runtime-detected).
    #[arg(long, hide = true)]
    weak_refs: bool,
    /// Accepted as wasm-bindgen-cli does (inferred from the module).
    #[arg(long, hide = true)]
    reference_types: bool,
}

pub fn run(args: Vec<OsString>) -> Result<()> {
    let args = Args::parse_from(args);
    let mut bindgen = Bindgen::new();
    match args.target {
        Target::Web => bindgen.web(true)?,
        Target::Bundler => bindgen.bundler(true)?,
    };
    // As wasm-bindgen-cli sets them: the glue falls back to the .wasm file
    // beside it, and externref only when asked for.
    #[allow(deprecated)]
    bindgen
        .input_path(&args.input)
        .omit_default_module_path(false)
        .debug(args.debug)
        .demangle(!args.no_demangle)
        .keep_lld_exports(args.keep_lld_exports)
        .keep_debug(args.keep_debug)
        .remove_name_section(args.remove_name_section)
        .remove_producers_section(args.remove_producers_section)
        .typescript(!args.no_typescript)
        .reference_types(args.reference_types);
    if let Some(name) = &args.out_name {
        bindgen.out_name(name);
    }
    bindgen.generate(&args.out_dir)
}
