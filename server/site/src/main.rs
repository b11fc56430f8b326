//! `server`: starts the site (SSR + API) with config from the environment,
//! or runs an operator command (`server user create …`, see `server::cli`).
//! The one place the server library and the UI's pages meet (`app::views()`);
//! everything else, the async runtime included, is the library's
//! (`server::startup::entry`), so this crate compiles next to nothing.
// The pages' view types are monomorphized here; the release build's layout
// queries go deeper than the default limit, as in `app`.
#![recursion_limit = "256"]

/// Renders and API answers make many short-lived allocations; mimalloc
/// serves them faster than the system allocator (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's option enum (`mimalloc.h`, v3, as
/// vendored by libmimalloc-sys 0.1): how long freed memory stays committed.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Freed memory goes back to the system at once (as fast in the render
/// benchmark, a third less resident memory after load than mimalloc's
/// default delay); `MIMALLOC_PURGE_DELAY` in the environment still wins.
#[allow(unsafe_code)]
fn return_freed_memory_at_once() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: sets a plain integer option; mimalloc reads options
        // atomically and allows setting them at any time.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    }
}

fn main() -> anyhow::Result<()> {
    return_freed_memory_at_once();
    server::startup::entry::run(app::views())
}
