//! `wasm-bindgen` and `wasm-split-cli` for the site's build, in one binary
//! that acts as the one it is called as (or `ct-wasm-tools bindgen|split …`).

mod bindgen;
mod split;

use std::ffi::OsString;
use std::path::Path;

fn main() {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    let called_as = args
        .first()
        .and_then(|arg| Path::new(arg).file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tool = match called_as.as_str() {
        "wasm-bindgen" => "bindgen".to_owned(),
        "wasm-split-cli" => "split".to_owned(),
        _ if args.len() > 1 => args.remove(1).to_string_lossy().into_owned(),
        _ => String::new(),
    };
    let outcome = match tool.as_str() {
        "bindgen" => bindgen::run(args),
        "split" => split::run(args),
        _ => Err(anyhow::anyhow!(
            "call as wasm-bindgen or wasm-split-cli, or as `ct-wasm-tools bindgen|split ARGS`"
        )),
    };
    if let Err(error) = outcome {
        eprintln!("error: {error:?}");
        std::process::exit(1);
    }
}
