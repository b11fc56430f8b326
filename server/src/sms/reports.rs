//! What an SMS provider tells us about our messages and what a number
//! texts back, in our words (the provider adapters translate into these).

/// A delivery state the provider reported for one of our messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryReport {
    /// Accepted / queued / sending at the provider.
    Accepted,
    /// Handed to the carrier.
    Sent,
    /// Delivered to the handset.
    Delivered,
    /// Failed or undelivered (final).
    Failed,
}

/// An opt-out keyword texted by a number (`STOP`, `START`, `HELP` and their synonyms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptKeyword {
    /// Opt out of every future request.
    Stop,
    /// Opt back in (undoes a STOP, not a "block" from the reveal page).
    Start,
    /// Asks what this is.
    Help,
    /// Reports our message as abuse: stops requests like STOP, and puts the
    /// request behind the message in the abuse queue (never into anyone's
    /// spam score: the number did nothing wrong by receiving it).
    Report,
}
