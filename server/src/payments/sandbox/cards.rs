//! The sandbox's test cards and wallet answers: each one makes the payment
//! behave as a real one can.
use crate::signing::{hex, hmac_sha256};
use serde::{Deserialize, Serialize};

/// How a sandbox payment goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Behaviour {
    /// Paid at once.
    Succeeds,
    /// Refused by the bank.
    Declined,
    /// Refused for lack of funds (the account is not created).
    InsufficientFunds,
    /// Refused: the card has expired.
    ExpiredCard,
    /// Refused: the security code (CVC) was wrong.
    IncorrectCvc,
    /// Refused: the bank's 3-D Secure check failed.
    AuthenticationFailed,
    /// Refused: this method cannot take the payment.
    MethodUnavailable,
    /// Refused: the processor could not answer (nothing charged).
    ProcessingError,
    /// Reported pending first, paid a few seconds later.
    PendingThenSucceeds,
    /// Paid now; every renewal charge is declined.
    FailsAtRenewal,
    /// Paid now; the answer to each renewal charge is lost (the charge
    /// happens, the caller times out and must reconcile).
    RenewalAnswerLost,
    /// Paid now; every renewal charge finds the provider unavailable (HTTP
    /// 503, nothing charged).
    RenewalUnavailable,
}

/// A test card: its number and what it does.
#[derive(Clone, Copy, Debug)]
pub struct TestCard {
    pub number: &'static str,
    pub behaviour: Behaviour,
}

/// The cards listed on the sandbox checkout page. Several succeed: each
/// is its own card (its own fingerprint), as a trial is once per card.
pub const TEST_CARDS: [TestCard; 25] = [
    TestCard {
        number: "4242 4242 4242 4242",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "5555 5555 5555 4444",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "4000 0566 5566 5556",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "2223 0031 2200 3222",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "5200 8282 8282 8210",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "5105 1051 0510 5100",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "3782 822463 10005",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "6011 1111 1111 1117",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "3566 0020 2036 0505",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "6200 0000 0000 0005",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "3056 9300 0902 0004",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "4000 0035 6000 0008",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "4000 0076 0000 0002",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "4000 0036 0000 0006",
        behaviour: Behaviour::Succeeds,
    },
    TestCard {
        number: "4000 0000 0000 0002",
        behaviour: Behaviour::Declined,
    },
    TestCard {
        number: "4000 0000 0000 9995",
        behaviour: Behaviour::InsufficientFunds,
    },
    TestCard {
        number: "4000 0000 0000 0069",
        behaviour: Behaviour::ExpiredCard,
    },
    TestCard {
        number: "4000 0000 0000 0127",
        behaviour: Behaviour::IncorrectCvc,
    },
    TestCard {
        number: "4000 0084 0000 1629",
        behaviour: Behaviour::AuthenticationFailed,
    },
    TestCard {
        number: "4000 0000 0000 0044",
        behaviour: Behaviour::MethodUnavailable,
    },
    TestCard {
        number: "4000 0000 0000 0051",
        behaviour: Behaviour::ProcessingError,
    },
    TestCard {
        number: "4000 0000 0000 0077",
        behaviour: Behaviour::PendingThenSucceeds,
    },
    TestCard {
        number: "4000 0000 0000 0341",
        behaviour: Behaviour::FailsAtRenewal,
    },
    TestCard {
        number: "4000 0000 0000 0259",
        behaviour: Behaviour::RenewalAnswerLost,
    },
    TestCard {
        number: "4000 0000 0000 0119",
        behaviour: Behaviour::RenewalUnavailable,
    },
];

impl Behaviour {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Behaviour::Succeeds => "succeeds",
            Behaviour::Declined => "declined",
            Behaviour::InsufficientFunds => "insufficient_funds",
            Behaviour::ExpiredCard => "expired_card",
            Behaviour::IncorrectCvc => "incorrect_cvc",
            Behaviour::AuthenticationFailed => "authentication_failed",
            Behaviour::MethodUnavailable => "payment_method_unavailable",
            Behaviour::ProcessingError => "processing_error",
            Behaviour::PendingThenSucceeds => "pending_then_succeeds",
            Behaviour::FailsAtRenewal => "fails_at_renewal",
            Behaviour::RenewalAnswerLost => "renewal_answer_lost",
            Behaviour::RenewalUnavailable => "renewal_unavailable",
        }
    }

    /// The decline code the sandbox reports for a checkout paid this way
    /// (`None`: the payment goes through).
    pub fn decline_code(self) -> Option<&'static str> {
        match self {
            Behaviour::Declined => Some("card_declined"),
            Behaviour::InsufficientFunds
            | Behaviour::ExpiredCard
            | Behaviour::IncorrectCvc
            | Behaviour::AuthenticationFailed
            | Behaviour::MethodUnavailable
            | Behaviour::ProcessingError => Some(self.as_str()),
            _ => None,
        }
    }

    pub fn parse(s: &str) -> Option<Behaviour> {
        TEST_CARDS
            .iter()
            .map(|c| c.behaviour)
            .find(|b| b.as_str() == s)
    }

    /// The behaviour of a typed card number (spaces ignored); unknown
    /// numbers are declined, as a real gateway would.
    pub fn of_card(number: &str) -> Behaviour {
        let digits: String = number.chars().filter(char::is_ascii_digit).collect();
        TEST_CARDS
            .iter()
            .find(|c| c.number.replace(' ', "") == digits)
            .map_or(Behaviour::Declined, |c| c.behaviour)
    }
}

/// What a sandbox checkout was paid with.
#[derive(Clone, Debug)]
pub struct PaidWith {
    pub behaviour: Behaviour,
    pub fingerprint: Option<String>,
    /// The card's issuing country, when the sandbox knows it.
    pub country: Option<&'static str>,
}

/// The issuing countries of the test cards that report one, as a provider
/// reads it from the card's BIN (Australia).
const ISSUERS: [(&str, &str); 1] = [("4000003600000006", "AU")];

/// The issuing country of a typed card number, when the sandbox knows it.
pub fn issuer_country(number: &str) -> Option<&'static str> {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    ISSUERS
        .iter()
        .find(|(card, _)| *card == digits)
        .map(|(_, country)| *country)
}

/// The sandbox's fingerprint of a typed card number, as real providers
/// report one: the same card gives the same fingerprint whatever is typed
/// around its digits, and the number cannot be read back from it.
pub fn fingerprint(number: &str) -> Option<String> {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    if !(12..=19).contains(&digits.len()) {
        return None;
    }
    let mac = hmac_sha256(b"sandbox card fingerprint", &[digits.as_bytes()]);
    Some(format!("sandbox:card:{}", &hex(&mac)[..24]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_map_to_their_behaviour() {
        assert_eq!(Behaviour::of_card("4242424242424242"), Behaviour::Succeeds);
        assert_eq!(
            Behaviour::of_card("4000 0000 0000 9995"),
            Behaviour::InsufficientFunds
        );
        assert_eq!(Behaviour::of_card("1234"), Behaviour::Declined);
        assert_eq!(
            Behaviour::of_card("5555 5555 5555 4444"),
            Behaviour::Succeeds
        );
        assert_eq!(
            fingerprint("4242 4242 4242 4242"),
            fingerprint("4242424242424242")
        );
        assert_ne!(
            fingerprint("4242 4242 4242 4242"),
            fingerprint("5555 5555 5555 4444")
        );
        assert_eq!(fingerprint("1234"), None);
        for card in TEST_CARDS {
            assert_eq!(
                Behaviour::parse(card.behaviour.as_str()),
                Some(card.behaviour)
            );
        }
    }

    #[test]
    fn every_decline_class_has_a_test_card() {
        use crate::payments::declines;
        use app_core::model::billing::Decline;
        for class in Decline::ALL {
            let found = TEST_CARDS
                .iter()
                .any(|c| c.behaviour.decline_code().map(declines::sandbox) == Some(class));
            assert!(found, "no test card for {class:?}");
        }
        assert_eq!(Behaviour::Succeeds.decline_code(), None);
    }
}
