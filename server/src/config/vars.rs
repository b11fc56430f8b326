//! Reading variables by name: the rules every settings module shares.
use anyhow::{Context as _, Result};
use std::str::FromStr;

/// Variables by name; empty counts as unset.
pub(super) struct Vars<'a>(pub(super) &'a dyn Fn(&str) -> Option<String>);

impl Vars<'_> {
    pub(super) fn optional(&self, name: &str) -> Option<String> {
        (self.0)(name).filter(|v| !v.is_empty())
    }

    pub(super) fn var(&self, name: &str, default: &str) -> String {
        self.optional(name).unwrap_or_else(|| default.to_owned())
    }

    pub(super) fn parsed<T: FromStr>(&self, name: &str, default: &str) -> Result<T>
    where
        T::Err: std::error::Error + Send + Sync + 'static,
    {
        let value = self.var(name, default);
        value
            .parse()
            .with_context(|| format!("{name}={value:?} is not valid"))
    }

    /// A limit: a whole number above 0, spaces around it ignored; unset or
    /// blank is `default`.
    ///
    /// # Errors
    /// A value that is not a positive number.
    pub(super) fn positive(&self, name: &str, default: i32) -> Result<i32> {
        (self.0)(name)
            .filter(|v| !v.trim().is_empty())
            .map_or(Ok(default), |v| {
                v.trim()
                    .parse::<i32>()
                    .ok()
                    .filter(|n| *n > 0)
                    .with_context(|| format!("{name}={v:?} is not a positive number"))
            })
    }
}
