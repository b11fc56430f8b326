//! PayPal's currency table: the currencies its REST API takes and the
//! decimals each amount may carry. HUF, JPY and TWD take none ("decimal
//! amounts cause an error"); a currency missing here (IDR) is not a PayPal
//! currency at all, so PayPal is not offered for a price in it.
use crate::payments::{Money, PaymentError};

/// Code and decimal places.
const CURRENCIES: [(&str, u32); 25] = [
    ("AUD", 2),
    ("BRL", 2),
    ("CAD", 2),
    ("CNY", 2),
    ("CZK", 2),
    ("DKK", 2),
    ("EUR", 2),
    ("HKD", 2),
    ("HUF", 0),
    ("ILS", 2),
    ("JPY", 0),
    ("MYR", 2),
    ("MXN", 2),
    ("TWD", 0),
    ("NZD", 2),
    ("NOK", 2),
    ("PHP", 2),
    ("PLN", 2),
    ("GBP", 2),
    ("RUB", 2),
    ("SGD", 2),
    ("SEK", 2),
    ("CHF", 2),
    ("THB", 2),
    ("USD", 2),
];

/// The decimals PayPal takes in `currency`; `None` when PayPal does not
/// support it.
pub fn decimals(currency: &str) -> Option<u32> {
    CURRENCIES
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(currency))
        .map(|(_, places)| *places)
}

/// `money` as PayPal's amount text: with the currency's decimals, never
/// more. An amount PayPal cannot take (a fraction in a currency without
/// decimals, a currency it does not support) is refused here, unsent.
///
/// # Errors
/// [`PaymentError::NotSupported`].
pub fn amount(money: &Money) -> Result<String, PaymentError> {
    let places = decimals(&money.currency).ok_or(PaymentError::NotSupported)?;
    let drop = money
        .exponent
        .checked_sub(places)
        .ok_or(PaymentError::NotSupported)?;
    let scale = 10_i64.pow(drop);
    if money.minor % scale != 0 {
        return Err(PaymentError::NotSupported);
    }
    Ok(Money {
        minor: money.minor / scale,
        exponent: places,
        currency: money.currency.clone(),
    }
    .decimal())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(minor: i64, currency: &str, exponent: u32) -> Money {
        Money {
            minor,
            currency: currency.into(),
            exponent,
        }
    }

    #[test]
    fn huf_jpy_and_twd_go_without_decimals_and_idr_not_at_all() {
        assert_eq!(amount(&money(199_000, "HUF", 2)), Ok("1990".into()));
        assert_eq!(
            amount(&money(99_050, "TWD", 2)),
            Err(PaymentError::NotSupported)
        );
        assert_eq!(amount(&money(1990, "JPY", 0)), Ok("1990".into()));
        assert_eq!(amount(&money(999, "USD", 2)), Ok("9.99".into()));
        assert_eq!(
            amount(&money(190_000, "IDR", 0)),
            Err(PaymentError::NotSupported)
        );
        assert_eq!(decimals("idr"), None);
    }
}
