//! Trunk entry point of the widget gallery (see `app/src/gallery.rs`).
fn main() {
    app::gallery::run();
}
