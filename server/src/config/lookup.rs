//! Limits of reverse lookups and spam reports: a lookup is cheap, but a
//! directory scraped number by number or a report flood is not.
use anyhow::Result;

/// Settings of reverse lookups.
#[derive(Clone, Debug)]
pub struct LookupSettings {
    /// Lookups per visitor address per day (`LOOKUPS_PER_IP_DAY`, 30).
    pub per_ip_day: i32,
    /// Lookups per account per day (`LOOKUPS_PER_ACCOUNT_DAY`, 200).
    pub per_account_day: i32,
    /// Spam reports per account per day (`REPORTS_PER_ACCOUNT_DAY`, 20).
    pub reports_per_account_day: i32,
}

impl LookupSettings {
    /// Reads the variables above.
    ///
    /// # Errors
    /// A value that is not a positive number.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> Result<LookupSettings> {
        let v = super::Vars(var);
        Ok(LookupSettings {
            per_ip_day: v.positive("LOOKUPS_PER_IP_DAY", 30)?,
            per_account_day: v.positive("LOOKUPS_PER_ACCOUNT_DAY", 200)?,
            reports_per_account_day: v.positive("REPORTS_PER_ACCOUNT_DAY", 20)?,
        })
    }
}
