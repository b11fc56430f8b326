//! Subscription price plans (`GET /portal/priceSetup`).
use crate::i18n::Locale;
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
    /// Currency symbol with the gap the locale writes after it: `Rp\u{a0}`, `$`.
    pub symbol: String,
    /// The integer part, grouped as the locale groups it, e.g. `190.000` or `0`.
    pub integer: String,
    /// The decimal part with the locale's separator, e.g. `.99`, `,99`, or empty.
    pub decimal: String,
}

impl PricePlan {
    /// The price shown first: the trial price for a trial plan, else the full price.
    pub fn display_price(&self, locale: Locale) -> PriceParts {
        let amount = if self.is_tryout {
            &self.trial_price
        } else {
            &self.present_price
        };
        split_amount(locale, &self.currency, amount)
    }

    /// The full price per cycle, formatted for the renewal terms.
    pub fn present_price_text(&self, locale: Locale) -> String {
        amount_text(locale, &self.currency, &self.present_price)
    }
}

/// An amount for display as `locale` writes money (CLDR's currency pattern
/// `¤#,##0.00` with the narrow symbol): `$0.99`, `Rp 190.000` in Indonesian,
/// `Rp 190,000` in English, `¥19.90`. A symbol made of letters is followed by
/// a no-break space, a sign such as `$` by nothing; zero decimals are left out.
pub fn amount_text(locale: Locale, currency: &str, amount: &str) -> String {
    let p = split_amount(locale, currency, amount);
    match p.integer.strip_prefix('-') {
        Some(integer) => format!("-{}{integer}{}", p.symbol, p.decimal),
        None => format!("{}{}{}", p.symbol, p.integer, p.decimal),
    }
}

/// The language whose conventions write `currency` where the reader's
/// language is unknown (texts stored or e-mailed by the server): the
/// currency's home country, English elsewhere.
pub fn home_locale(currency: &str) -> Locale {
    match currency {
        "IDR" => Locale::Id,
        "CNY" => Locale::Zh,
        _ => Locale::En,
    }
}

fn split_amount(locale: Locale, currency: &str, amount: &str) -> PriceParts {
    let (group, point) = separators(locale);
    let (integer, decimal) = match amount.split_once('.') {
        Some((i, d)) if d.chars().any(|c| c != '0') => (i, format!("{point}{d}")),
        Some((i, _)) => (i, String::new()),
        None => (amount, String::new()),
    };
    PriceParts {
        symbol: symbol_with_gap(currency),
        integer: group_thousands(group, integer),
        decimal,
    }
}

/// CLDR's grouping and decimal separators: Indonesian writes `1.000,50`,
/// English and Chinese `1,000.50`.
fn separators(locale: Locale) -> (char, char) {
    match locale {
        Locale::Id => ('.', ','),
        Locale::En | Locale::Zh => (',', '.'),
    }
}

fn group_thousands(separator: char, integer: &str) -> String {
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

/// The narrow symbol (the ISO code when there is none) and, per CLDR's
/// currency spacing, a no-break space when it ends in a letter.
fn symbol_with_gap(code: &str) -> String {
    let symbol = match code {
        "IDR" => "Rp",
        "USD" => "$",
        "CNY" => "¥",
        "PHP" => "₱",
        "EUR" => "€",
        _ => code,
    };
    if symbol.chars().last().is_some_and(char::is_alphabetic) {
        format!("{symbol}\u{a0}")
    } else {
        symbol.to_owned()
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

    const NBSP: char = '\u{a0}';

    #[test]
    fn trial_plans_show_the_trial_price_split_in_parts() {
        let p = plan(true, "0.99", "29.99", "USD").display_price(Locale::En);
        assert_eq!(
            (p.symbol.as_str(), p.integer.as_str(), p.decimal.as_str()),
            ("$", "0", ".99")
        );
        let p = plan(true, "300", "190000", "IDR").display_price(Locale::Id);
        assert_eq!(
            (p.symbol.as_str(), p.integer.as_str(), p.decimal.as_str()),
            ("Rp\u{a0}", "300", "")
        );
        let p = plan(true, "0.99", "29.99", "USD").display_price(Locale::Id);
        assert_eq!((p.integer.as_str(), p.decimal.as_str()), ("0", ",99"));
    }

    #[test]
    fn amounts_follow_the_cldr_pattern_of_each_language() {
        let id = |c, a| amount_text(Locale::Id, c, a).replace(NBSP, "~");
        let en = |c, a| amount_text(Locale::En, c, a).replace(NBSP, "~");
        let zh = |c, a| amount_text(Locale::Zh, c, a).replace(NBSP, "~");
        assert_eq!(en("USD", "0.99"), "$0.99");
        assert_eq!(en("USD", "1299.50"), "$1,299.50");
        assert_eq!(en("IDR", "190000"), "Rp~190,000");
        assert_eq!(id("IDR", "190000.00"), "Rp~190.000");
        assert_eq!(id("IDR", "1000000"), "Rp~1.000.000");
        assert_eq!(id("USD", "1299.50"), "$1.299,50");
        assert_eq!(zh("CNY", "19.90"), "¥19.90");
        assert_eq!(zh("PHP", "0.99"), "₱0.99");
        assert_eq!(en("XYZ", "-12345"), "-XYZ~12,345");
        assert_eq!(en("USD", "-5"), "-$5");
    }

    #[test]
    fn plans_without_trial_show_the_full_price() {
        let p = plan(false, "0", "19.90", "CNY").display_price(Locale::Zh);
        assert_eq!((p.integer.as_str(), p.decimal.as_str()), ("19", ".90"));
        assert_eq!(
            plan(false, "0", "190000.00", "IDR").present_price_text(Locale::Id),
            "Rp\u{a0}190.000"
        );
    }

    #[test]
    fn texts_without_a_reader_use_the_currency_home_language() {
        assert_eq!(home_locale("IDR"), Locale::Id);
        assert_eq!(home_locale("CNY"), Locale::Zh);
        assert_eq!(home_locale("USD"), Locale::En);
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
