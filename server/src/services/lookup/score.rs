//! The spam score: how much the visible reports on a number say "spam".
//!
//! **Trust of a reporter** (0..=1, fixed when the report is made):
//! `paying × age × agreement`, where
//! - `paying` is 1 for an account that has paid at least once, else 0.3
//!   (an account costs nothing; a payment does);
//! - `age` grows from 0.3 for a new account to 1 at 30 days;
//! - `agreement` is `(1 + corroborated) / (1 + corroborated + 2 × removed)`:
//!   reports of theirs that review removed after the owner disputed them
//!   pull it down, reports that other reporters independently agree with
//!   (the same number, visible) earn it back. A first report counts fully.
//!
//! **Score**: each report contributes its trust, halved every
//! [`HALF_LIFE_MS`] (90 days) since it was made. Reports from reporters
//! below [`ESTABLISHED_TRUST`] (new or never-paying accounts) are pooled,
//! and the pool adds at most [`LOW_TRUST_CAP`]: however many fresh accounts
//! report one number (brigading), together they weigh as one trusted report.
//!
//! **Labels**: no visible report → "no reports"; a score below
//! [`SOME_REPORTS_SCORE`] or fewer than [`SOME_REPORTS_REPORTERS`] reporters →
//! "no reliable reports yet", with no category named (one report, or a
//! brigade of new accounts, must not brand a number); a score of at least
//! [`LIKELY_SPAM_SCORE`] from at least [`LIKELY_SPAM_REPORTERS`] reporters →
//! "likely spam"; anything else → "some reports".
use app_core::model::lookup::{SpamCategory, SpamLabel, SpamVerdict};

/// A report's weight halves every 90 days.
pub const HALF_LIFE_MS: i64 = 90 * 86_400_000;
/// Reporters at or above this trust count one by one.
pub const ESTABLISHED_TRUST: f64 = 0.7;
/// What all less trusted reporters of a number add together, at most.
pub const LOW_TRUST_CAP: f64 = 1.0;
/// The score from which reports say anything: more than one trusted
/// report's worth…
pub const SOME_REPORTS_SCORE: f64 = 1.5;
/// …from this many distinct reporters.
pub const SOME_REPORTS_REPORTERS: usize = 2;
/// The score from which a number is "likely spam"…
pub const LIKELY_SPAM_SCORE: f64 = 3.0;
/// …given this many distinct reporters.
pub const LIKELY_SPAM_REPORTERS: usize = 3;

const DAY_MS: i64 = 86_400_000;
const FULL_AGE_DAYS: f64 = 30.0;

/// What trust depends on, about one reporter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reporter {
    pub has_paid: bool,
    pub account_age_ms: i64,
    /// Their visible reports on numbers that others reported too.
    pub corroborated: u32,
    /// Their reports removed after review.
    pub removed: u32,
}

/// The reporter's trust, 0..=1.
pub fn trust(r: Reporter) -> f64 {
    let paying = if r.has_paid { 1.0 } else { 0.3 };
    #[expect(
        clippy::cast_precision_loss,
        reason = "days of account age are far below 2^52"
    )]
    let days = (r.account_age_ms.max(0) / DAY_MS) as f64;
    let age = 0.3 + 0.7 * (days / FULL_AGE_DAYS).min(1.0);
    let (agreed, removed) = (f64::from(r.corroborated), f64::from(r.removed));
    let agreement = (1.0 + agreed) / (1.0 + agreed + 2.0 * removed);
    (paying * age * agreement).clamp(0.0, 1.0)
}

/// One visible report, as the score sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counted {
    pub reporter_id: i64,
    pub category: SpamCategory,
    pub weight: f64,
    pub created_at: i64,
}

/// `0.5^(age / half-life)`; a report from the future counts fully.
fn decay(created_at: i64, now: i64) -> f64 {
    #[expect(clippy::cast_precision_loss, reason = "ages in ms are far below 2^52")]
    let halves = (now - created_at).max(0) as f64 / HALF_LIFE_MS as f64;
    0.5_f64.powf(halves)
}

/// The verdict over `reports` (the visible ones), at `now`. `under_review`
/// tells whether other reports are hidden pending review.
pub fn verdict(reports: &[Counted], under_review: bool, now: i64) -> SpamVerdict {
    let (mut established, mut pooled) = (0.0, 0.0);
    let mut reporters: Vec<i64> = Vec::with_capacity(reports.len());
    let mut by_category = [0_u32; SpamCategory::ALL.len()];
    for report in reports {
        let part = report.weight * decay(report.created_at, now);
        if report.weight >= ESTABLISHED_TRUST {
            established += part;
        } else {
            pooled += part;
        }
        if !reporters.contains(&report.reporter_id) {
            reporters.push(report.reporter_id);
        }
        if let Some(i) = SpamCategory::ALL.iter().position(|c| *c == report.category) {
            by_category[i] += 1;
        }
    }
    // Two decimals: what the page shows is what the label was decided on
    // (a report made a second ago has not faded by a visible amount).
    let score = ((established + pooled.min(LOW_TRUST_CAP)) * 100.0).round() / 100.0;
    let label = if reports.is_empty() {
        SpamLabel::NoReports
    } else if score < SOME_REPORTS_SCORE || reporters.len() < SOME_REPORTS_REPORTERS {
        SpamLabel::NotReliable
    } else if score >= LIKELY_SPAM_SCORE && reporters.len() >= LIKELY_SPAM_REPORTERS {
        SpamLabel::LikelySpam
    } else {
        SpamLabel::SomeReports
    };
    let mut ranked: Vec<(u32, usize)> = by_category
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| (*n, i))
        .collect();
    // Most reported first; ties in the form's order.
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    SpamVerdict {
        label,
        score,
        reports: u32::try_from(reports.len()).unwrap_or(u32::MAX),
        top_categories: ranked
            .into_iter()
            .take(if label == SpamLabel::NotReliable {
                0
            } else {
                3
            })
            .map(|(_, i)| SpamCategory::ALL[i])
            .collect(),
        last_reported_at: reports.iter().map(|r| r.created_at).max(),
        under_review,
    }
}

#[cfg(test)]
#[path = "score_tests.rs"]
mod tests;
