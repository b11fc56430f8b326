//! Build-time work for the UI crate: collects the scoped CSS of
//! `stylers::style!` blocks into `target/stylers/app.css` (scripts/build.sh
//! ships it with style/main.css).
use std::{env, fs, path::Path};

fn main() {
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir)
        .parent()
        .expect("app/ lives in the workspace");
    println!("cargo:rerun-if-changed=src");
    let css_dir = root.join("target/stylers");
    fs::create_dir_all(&css_dir).expect("create target/stylers");
    stylers::build(Some(css_dir.join("app.css").display().to_string()));
}
