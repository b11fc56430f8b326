//! What the benchmark binaries (developer tools run by `scripts/bench-*.sh`)
//! share: their command line (required words, then numbers with defaults; a
//! missing or malformed argument stops the tool with its usage line) and
//! the percentiles they print.
use std::time::Duration;

/// The arguments after the program name: one string per `required` name,
/// then one number per `optional` `(name, default)`.
pub fn positional<const R: usize, const O: usize>(
    usage: &str,
    required: [&str; R],
    optional: [(&str, usize); O],
) -> ([String; R], [usize; O]) {
    let mut args = std::env::args().skip(1);
    let words = required.map(|name| {
        args.next()
            .unwrap_or_else(|| panic!("usage: {usage} ({name} missing)"))
    });
    let numbers = optional.map(|(name, default)| {
        args.next().map_or(default, |value| {
            value
                .parse()
                .unwrap_or_else(|_| panic!("usage: {usage} ({name} is a number)"))
        })
    });
    (words, numbers)
}

/// The `p` percentile (0.0–1.0) of `sorted` latencies, nearest rank.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(index).copied().unwrap_or_default()
}
