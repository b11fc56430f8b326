use super::*;

const NOW: i64 = 1_800_000_000_000;

fn established() -> Reporter {
    Reporter {
        has_paid: true,
        account_age_ms: 60 * DAY_MS,
        corroborated: 0,
        removed: 0,
    }
}

fn report(reporter_id: i64, weight: f64, days_ago: i64) -> Counted {
    Counted {
        reporter_id,
        category: SpamCategory::Scam,
        weight,
        created_at: NOW - days_ago * DAY_MS,
    }
}

#[test]
fn trust_rewards_payment_age_and_agreement() {
    assert!((trust(established()) - 1.0).abs() < 1e-9);
    let new_payer = Reporter {
        account_age_ms: 0,
        ..established()
    };
    assert!((trust(new_payer) - 0.3).abs() < 1e-9);
    let free_old = Reporter {
        has_paid: false,
        ..established()
    };
    assert!((trust(free_old) - 0.3).abs() < 1e-9);
    let overruled = Reporter {
        removed: 2,
        ..established()
    };
    assert!(
        (trust(overruled) - 0.2).abs() < 1e-9,
        "{}",
        trust(overruled)
    );
    let vindicated = Reporter {
        removed: 2,
        corroborated: 8,
        ..established()
    };
    assert!(trust(vindicated) > trust(overruled) && trust(vindicated) < 1.0);
}

#[test]
fn labels_follow_the_thresholds() {
    assert_eq!(verdict(&[], false, NOW).label, SpamLabel::NoReports);
    let one = [report(1, 1.0, 0)];
    let single = verdict(&one, false, NOW);
    assert_eq!(single.label, SpamLabel::NotReliable);
    assert!(
        single.top_categories.is_empty(),
        "one report names no category"
    );
    let two = [report(1, 1.0, 0), report(2, 1.0, 0)];
    assert_eq!(verdict(&two, false, NOW).label, SpamLabel::SomeReports);
    let one_reporter_twice = [report(1, 1.0, 0), report(1, 1.0, 0)];
    assert_eq!(
        verdict(&one_reporter_twice, false, NOW).label,
        SpamLabel::NotReliable
    );
    let three = [report(1, 1.0, 0), report(2, 1.0, 0), report(3, 1.0, 0)];
    assert_eq!(verdict(&three, false, NOW).label, SpamLabel::LikelySpam);
    let two_trusted_and_new = [report(1, 1.0, 0), report(2, 1.0, 0), report(3, 0.3, 0)];
    assert_eq!(
        verdict(&two_trusted_and_new, false, NOW).label,
        SpamLabel::SomeReports
    );
}

#[test]
fn reports_fade_with_a_ninety_day_half_life() {
    let fresh = verdict(&[report(1, 1.0, 0)], false, NOW).score;
    let old = verdict(&[report(1, 1.0, 90)], false, NOW).score;
    assert!(
        (fresh - 1.0).abs() < 1e-9 && (old - 0.5).abs() < 0.01,
        "{fresh} {old}"
    );
    let stale = [
        report(1, 1.0, 200),
        report(2, 1.0, 200),
        report(3, 1.0, 200),
    ];
    assert_eq!(
        verdict(&stale, false, NOW).label,
        SpamLabel::NotReliable,
        "year-old reports no longer brand the number"
    );
}

#[test]
fn a_brigade_of_new_accounts_weighs_as_one_trusted_report() {
    let brigade: Vec<Counted> = (0..500).map(|i| report(i, 0.3, 0)).collect();
    let v = verdict(&brigade, false, NOW);
    assert_eq!(v.label, SpamLabel::NotReliable);
    assert!(v.top_categories.is_empty());
    assert!((v.score - LOW_TRUST_CAP).abs() < 1e-9);
    assert_eq!(v.reports, 500);
}

#[test]
fn top_categories_are_the_most_reported_first() {
    let mut reports = vec![report(1, 1.0, 0), report(2, 1.0, 1)];
    reports.push(Counted {
        category: SpamCategory::Robocall,
        ..report(3, 1.0, 2)
    });
    reports.push(Counted {
        category: SpamCategory::Robocall,
        ..report(4, 1.0, 3)
    });
    reports.push(Counted {
        category: SpamCategory::Robocall,
        ..report(5, 1.0, 3)
    });
    reports.push(Counted {
        category: SpamCategory::Other,
        ..report(6, 1.0, 5)
    });
    reports.push(Counted {
        category: SpamCategory::Harassment,
        ..report(7, 1.0, 5)
    });
    let v = verdict(&reports, true, NOW);
    assert_eq!(
        v.top_categories,
        vec![
            SpamCategory::Robocall,
            SpamCategory::Scam,
            SpamCategory::Harassment
        ]
    );
    assert_eq!(v.last_reported_at, Some(NOW));
    assert!(v.under_review);
}
