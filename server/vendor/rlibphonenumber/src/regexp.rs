#[cfg(feature = "regex")]
pub use regex::{Error, Match, Regex};

#[cfg(all(feature = "lite", not(feature = "regex")))]
pub use regex_lite::{Error, Match, Regex};

#[cfg(not(any(feature = "regex", feature = "lite")))]
compile_error!("libphonenumber: You must enable either the 'regex' or 'lite' feature.");

/// Compiles a pattern of the phone metadata. Those patterns only ever run on
/// ASCII digits (input is normalised first), so `\d` is compiled as `[0-9]`:
/// as a Unicode class of ~70 ranges, the lazy DFAs of ~900 patterns grow the
/// process by ~340 MB. (Patched in Cool Tracker; see README.)
#[cfg(feature = "regex")]
pub fn metadata_regex(pattern: &str) -> Result<Regex, Error> {
    Regex::new(&pattern.replace("\\d", "[0-9]"))
}

#[cfg(all(feature = "lite", not(feature = "regex")))]
pub fn metadata_regex(pattern: &str) -> Result<Regex, Error> {
    Regex::new(pattern)
}
