//! What applying a payment event did, or what it waits for.

/// What applying an event did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Applied, or nothing to change: the outcome recorded with the event.
    Done(&'static str),
    /// What the event names is not stored yet: park it until it is.
    Waits(Waits),
}

/// What a parked event waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waits {
    /// Our order number.
    Order(String),
    /// The provider's subscription id.
    Subscription(String),
    /// One of our renewal idempotency keys.
    Charge(String),
    /// The provider's payment id (a refund of it).
    Payment(String),
}

impl Waits {
    /// The stored form (`payment_events.waits_for`).
    pub fn key(&self) -> String {
        let (what, id) = match self {
            Waits::Order(id) => ("order", id),
            Waits::Subscription(id) => ("subscription", id),
            Waits::Charge(id) => ("charge", id),
            Waits::Payment(id) => ("payment", id),
        };
        format!("{what}:{id}").chars().take(200).collect()
    }
}

/// `Done` with whether the event changed anything.
pub(super) fn moved(did: bool) -> Effect {
    Effect::Done(if did { "applied" } else { "ignored" })
}
