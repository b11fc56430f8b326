//! The sandbox's test cards and wallet answers: each one makes the payment
//! behave as a real one can.
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

/// The cards listed on the sandbox checkout page.
pub const TEST_CARDS: [TestCard; 7] = [
    TestCard {
        number: "4242 4242 4242 4242",
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
            Behaviour::PendingThenSucceeds => "pending_then_succeeds",
            Behaviour::FailsAtRenewal => "fails_at_renewal",
            Behaviour::RenewalAnswerLost => "renewal_answer_lost",
            Behaviour::RenewalUnavailable => "renewal_unavailable",
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
        for card in TEST_CARDS {
            assert_eq!(
                Behaviour::parse(card.behaviour.as_str()),
                Some(card.behaviour)
            );
        }
    }
}
