//! Each provider's documented reasons for a refused payment, mapped onto
//! the classes a payer can act on ([`Decline`]). A code a table does not
//! list is a plain decline: the payer is never told more than the provider
//! said.
use super::PaymentError;
use app_core::model::billing::Decline;

/// Paddle's `transaction.payments[].error_code` (its `ErrorCode` enum:
/// `not_enough_balance`, `expired_card`, `authentication_failed`, …).
pub fn paddle(error_code: &str) -> Decline {
    match error_code {
        "not_enough_balance" => Decline::InsufficientFunds,
        "expired_card" => Decline::Expired,
        "authentication_failed" | "invalid_payment_details" => Decline::Authentication,
        "preferred_network_not_supported" | "transaction_not_permitted" | "invalid_amount" => {
            Decline::MethodUnavailable
        }
        "issuer_unavailable" | "psp_error" | "system_error" => Decline::ProviderBusy,
        _ => Decline::Declined,
    }
}

/// dLocal's rejection `status_code` (its payment status codes: 302
/// insufficient amount, 309 card expired, 315 invalid security code, 320
/// 3-D Secure required, 324 invalid PIN, 316 unsupported operation, 319
/// and 321 amount limits, 322 wallet disabled, 321 error in acquirer…).
pub fn dlocal(status_code: &str) -> Decline {
    match status_code {
        "302" => Decline::InsufficientFunds,
        "309" => Decline::Expired,
        "315" | "320" | "324" => Decline::Authentication,
        "316" | "319" | "322" | "325" => Decline::MethodUnavailable,
        "306" | "321" => Decline::ProviderBusy,
        _ => Decline::Declined,
    }
}

/// PayerMax's result `code` and messages: its documented system codes
/// (`SYSTEM_ERROR`, `REQUEST_TIMEOUT`, `UNEXPECTED_ERROR`,
/// `TOO_MANY_REQUEST`) are "try later"; `AMOUNT_LIMIT`, `COUNTRY_INVALID`,
/// `CURRENCY_INVALID` and `CONTRACT_INVALID` mean the method cannot take
/// this payment; its messages say "insufficient" for a short balance.
pub fn payermax(texts: &[&str]) -> Decline {
    let upper: Vec<String> = texts.iter().map(|t| t.to_ascii_uppercase()).collect();
    let has = |word: &str| upper.iter().any(|t| t.contains(word));
    let is = |code: &str| upper.iter().any(|t| t == code);
    if has("INSUFFICIENT") {
        Decline::InsufficientFunds
    } else if has("EXPIRED_CARD") || has("CARD_EXPIRED") {
        Decline::Expired
    } else if [
        "SYSTEM_ERROR",
        "REQUEST_TIMEOUT",
        "UNEXPECTED_ERROR",
        "TOO_MANY_REQUEST",
    ]
    .into_iter()
    .any(is)
    {
        Decline::ProviderBusy
    } else if [
        "AMOUNT_LIMIT",
        "COUNTRY_INVALID",
        "CURRENCY_INVALID",
        "CONTRACT_INVALID",
    ]
    .into_iter()
    .any(is)
    {
        Decline::MethodUnavailable
    } else {
        Decline::Declined
    }
}

/// A checkout the provider refused outright (a 4xx other than 409/429, or
/// an operation the adapter cannot do for this payer): this method cannot
/// take the payment, another may. Anything else is "try again later".
pub fn of_refused_checkout(error: &PaymentError) -> Option<Decline> {
    match error {
        PaymentError::Rejected { status, .. }
            if (400..500).contains(status) && ![409, 429].contains(status) =>
        {
            Some(Decline::MethodUnavailable)
        }
        PaymentError::NotSupported => Some(Decline::MethodUnavailable),
        _ => None,
    }
}

/// FastSpring's failure `reason` on a charge (e.g. `EXPIRED_CARD`).
pub fn fastspring(reason: &str) -> Decline {
    match reason.to_ascii_uppercase().as_str() {
        "EXPIRED_CARD" => Decline::Expired,
        "INSUFFICIENT_FUNDS" => Decline::InsufficientFunds,
        _ => Decline::Declined,
    }
}

/// The sandbox's own decline codes (named like the card networks' usual
/// ones), one per test card that fails.
pub fn sandbox(code: &str) -> Decline {
    match code {
        "insufficient_funds" => Decline::InsufficientFunds,
        "expired_card" => Decline::Expired,
        "incorrect_cvc" | "authentication_failed" => Decline::Authentication,
        "payment_method_unavailable" => Decline::MethodUnavailable,
        "processing_error" => Decline::ProviderBusy,
        _ => Decline::Declined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Decline as D;

    #[test]
    fn paddle_codes_map_to_their_class() {
        let cases = [
            ("not_enough_balance", D::InsufficientFunds),
            ("expired_card", D::Expired),
            ("authentication_failed", D::Authentication),
            ("preferred_network_not_supported", D::MethodUnavailable),
            ("issuer_unavailable", D::ProviderBusy),
            ("blocked_card", D::Declined),
            ("declined_not_retryable", D::Declined),
            ("something_new", D::Declined),
        ];
        for (code, class) in cases {
            assert_eq!(paddle(code), class, "{code}");
        }
    }

    #[test]
    fn dlocal_codes_map_to_their_class() {
        let cases = [
            ("302", D::InsufficientFunds),
            ("309", D::Expired),
            ("315", D::Authentication),
            ("324", D::Authentication),
            ("322", D::MethodUnavailable),
            ("321", D::ProviderBusy),
            ("301", D::Declined),
            ("300", D::Declined),
        ];
        for (code, class) in cases {
            assert_eq!(dlocal(code), class, "{code}");
        }
    }

    #[test]
    fn payermax_codes_and_messages_map_to_their_class() {
        assert_eq!(
            payermax(&["INSUFFICIENT_BALANCE", ""]),
            D::InsufficientFunds
        );
        assert_eq!(
            payermax(&["PAYMENT_FAILED", "Insufficient balance"]),
            D::InsufficientFunds
        );
        assert_eq!(
            payermax(&["SYSTEM_ERROR", "System is busy"]),
            D::ProviderBusy
        );
        assert_eq!(payermax(&["AMOUNT_LIMIT", ""]), D::MethodUnavailable);
        assert_eq!(
            payermax(&["PAYMENT_FAILED", "Payment was not completed on time."]),
            D::Declined
        );
    }

    #[test]
    fn a_refused_checkout_is_the_method_unavailable_and_a_lost_one_is_not() {
        let refused = |status| PaymentError::Rejected {
            status,
            code: "x".into(),
        };
        assert_eq!(
            of_refused_checkout(&refused(400)),
            Some(D::MethodUnavailable)
        );
        assert_eq!(
            of_refused_checkout(&PaymentError::NotSupported),
            Some(D::MethodUnavailable)
        );
        for other in [
            refused(409),
            refused(429),
            refused(503),
            PaymentError::Timeout,
        ] {
            assert_eq!(of_refused_checkout(&other), None, "{other:?}");
        }
    }

    #[test]
    fn sandbox_and_fastspring_codes_map_to_their_class() {
        assert_eq!(sandbox("incorrect_cvc"), D::Authentication);
        assert_eq!(sandbox("processing_error"), D::ProviderBusy);
        assert_eq!(sandbox("card_declined"), D::Declined);
        assert_eq!(fastspring("EXPIRED_CARD"), D::Expired);
        assert_eq!(fastspring("DECLINED"), D::Declined);
    }
}
