//! Subscription price plans (`GET /portal/priceSetup`).
use serde::{Deserialize, Serialize};

/// How often a subscription renews.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Cycle {
    /// Renews every 7 days.
    Week,
    /// Renews every calendar month.
    Month,
}

/// One plan as the API returns it. Amounts are decimal strings in major units
/// (`"0.99"`, `"190000"`) so no float ever touches money.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PricePlan {
    /// Plan id.
    pub id: i64,
    /// Display order, ascending.
    pub sort: i32,
    /// Whether the plan starts with a discounted trial.
    pub is_tryout: bool,
    /// Price of the trial period.
    pub trial_price: String,
    /// Full price per cycle, charged at every renewal.
    pub present_price: String,
    /// ISO 4217 currency code.
    pub currency: String,
    /// Renewal cycle.
    pub cycle: Cycle,
    /// Length of the trial in days (0 without a trial).
    pub trial_days: i32,
}

/// A displayed price split as the design shows it: big integer part, small decimals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriceParts {
    /// Currency symbol or code, e.g. `Rp`, `$`.
    pub symbol: &'static str,
    /// The integer part, e.g. `300` or `0`.
    pub integer: String,
    /// The decimal part with its separator, e.g. `.99`, or empty.
    pub decimal: String,
}

impl PricePlan {
    /// The price shown first: the trial price for a trial plan, else the full price.
    pub fn display_price(&self) -> PriceParts {
        let amount = if self.is_tryout {
            &self.trial_price
        } else {
            &self.present_price
        };
        split_amount(&self.currency, amount)
    }

    /// The full price per cycle, formatted for the renewal terms.
    pub fn present_price_text(&self) -> String {
        let p = split_amount(&self.currency, &self.present_price);
        format!("{} {}{}", p.symbol, p.integer, p.decimal)
    }
}

/// An amount for display with its currency symbol: `Rp 190.000`, `$ 29.99`.
pub fn amount_text(currency: &str, amount: &str) -> String {
    let p = split_amount(currency, amount);
    let symbol = if p.symbol.is_empty() {
        currency
    } else {
        p.symbol
    };
    format!("{symbol} {}{}", p.integer, p.decimal)
}

fn split_amount(currency: &str, amount: &str) -> PriceParts {
    let (integer, decimal) = match amount.split_once('.') {
        Some((i, d)) if d.chars().any(|c| c != '0') => (i, format!(".{d}")),
        Some((i, _)) => (i, String::new()),
        None => (amount, String::new()),
    };
    PriceParts {
        symbol: currency_symbol(currency),
        integer: group_thousands(currency, integer),
        decimal,
    }
}

/// Thousands grouped the way the currency is written: rupiah with dots
/// (`190.000`, as Indonesians read prices), everything else with commas.
fn group_thousands(currency: &str, integer: &str) -> String {
    let separator = if currency == "IDR" { '.' } else { ',' };
    let (sign, digits) = integer
        .strip_prefix('-')
        .map_or(("", integer), |d| ("-", d));
    if digits.len() <= 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return integer.to_owned();
    }
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(separator);
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}")
}

fn currency_symbol(code: &str) -> &'static str {
    match code {
        "IDR" => "Rp",
        "USD" => "$",
        "CNY" => "¥",
        "PHP" => "₱",
        "EUR" => "€",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(is_tryout: bool, trial: &str, present: &str, currency: &str) -> PricePlan {
        PricePlan {
            id: 1,
            sort: 1,
            is_tryout,
            trial_price: trial.into(),
            present_price: present.into(),
            currency: currency.into(),
            cycle: Cycle::Month,
            trial_days: 1,
        }
    }

    #[test]
    fn trial_plans_show_the_trial_price_split_in_parts() {
        let p = plan(true, "0.99", "29.99", "USD").display_price();
        assert_eq!(
            (p.symbol, p.integer.as_str(), p.decimal.as_str()),
            ("$", "0", ".99")
        );
        let p = plan(true, "300", "190000", "IDR").display_price();
        assert_eq!(
            (p.symbol, p.integer.as_str(), p.decimal.as_str()),
            ("Rp", "300", "")
        );
    }

    #[test]
    fn plans_without_trial_show_the_full_price() {
        let p = plan(false, "0", "19.90", "CNY").display_price();
        assert_eq!((p.integer.as_str(), p.decimal.as_str()), ("19", ".90"));
        assert_eq!(
            plan(false, "0", "190000.00", "IDR").present_price_text(),
            "Rp 190.000"
        );
        assert_eq!(amount_text("USD", "1299.50"), "$ 1,299.50");
        assert_eq!(amount_text("IDR", "1000000"), "Rp 1.000.000");
        assert_eq!(amount_text("IDR", "300"), "Rp 300");
        assert_eq!(amount_text("XYZ", "-12345"), "XYZ -12,345");
    }

    #[test]
    fn wire_format_is_camel_case() {
        let json = serde_json::to_value(plan(true, "300", "190000", "IDR")).unwrap();
        assert_eq!(json["isTryout"], true);
        assert_eq!(json["trialPrice"], "300");
        assert_eq!(json["presentPrice"], "190000");
        assert_eq!(json["cycle"], "month");
    }
}
