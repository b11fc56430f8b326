//! The dunning schedule: a refused renewal, or a pay-link period that ended
//! unpaid, is past due and looked at again once per settlement day
//! (`RENEWAL_RETRY_HOURS`); after [`MAX_DECLINES`] of them the subscription
//! ends.

/// Declined (or impossible) attempts at one period before the
/// subscription is ended: the dunning schedule, one try per settlement day.
pub const MAX_DECLINES: i32 = 4;

/// How long a period may stay unpaid after it ends before the subscription
/// ends: the settlement days after the first refusal.
pub fn grace_ms(retry_ms: i64) -> i64 {
    i64::from(MAX_DECLINES - 1) * retry_ms
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_grace_is_the_settlement_days_after_the_first_refusal() {
        assert_eq!(super::grace_ms(86_400_000), 3 * 86_400_000);
    }
}
