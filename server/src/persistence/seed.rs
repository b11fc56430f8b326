//! Seed rows applied on start (idempotent): the price plans of each channel.
//! The Indonesian plan: Rp 300 for a 1-day trial, then
//! Rp 190000 per month.
use super::entities::price_plan;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

struct SeedPlan {
    channel: &'static str,
    sort: i32,
    trial_days: i32,
    trial_minor: i64,
    present_minor: i64,
    currency: &'static str,
    exponent: i16,
    cycle: &'static str,
}

const PLANS: &[SeedPlan] = &[
    SeedPlan {
        channel: "cpl2",
        sort: 1,
        trial_days: 1,
        trial_minor: 99,
        present_minor: 2999,
        currency: "USD",
        exponent: 2,
        cycle: "month",
    },
    SeedPlan {
        channel: "cpl2",
        sort: 2,
        trial_days: 1,
        trial_minor: 99,
        present_minor: 999,
        currency: "USD",
        exponent: 2,
        cycle: "week",
    },
    SeedPlan {
        channel: "cpl2_id",
        sort: 1,
        trial_days: 1,
        trial_minor: 300,
        present_minor: 190_000,
        currency: "IDR",
        exponent: 0,
        cycle: "month",
    },
    SeedPlan {
        channel: "cpl2_id",
        sort: 2,
        trial_days: 1,
        trial_minor: 300,
        present_minor: 59_000,
        currency: "IDR",
        exponent: 0,
        cycle: "week",
    },
    SeedPlan {
        channel: "cpl2_zh",
        sort: 1,
        trial_days: 1,
        trial_minor: 690,
        present_minor: 19_900,
        currency: "CNY",
        exponent: 2,
        cycle: "month",
    },
    SeedPlan {
        channel: "cpl2_zh",
        sort: 2,
        trial_days: 1,
        trial_minor: 690,
        present_minor: 6_900,
        currency: "CNY",
        exponent: 2,
        cycle: "week",
    },
];

/// Inserts every seed plan that is not there yet (matched by channel and sort).
///
/// # Errors
/// Database errors.
pub async fn apply(db: &DatabaseConnection, now_ms: i64) -> Result<(), DbErr> {
    for plan in PLANS {
        let exists = price_plan::Entity::find()
            .filter(price_plan::Column::Channel.eq(plan.channel))
            .filter(price_plan::Column::Sort.eq(plan.sort))
            .one(db)
            .await?
            .is_some();
        if exists {
            continue;
        }
        price_plan::Entity::insert(price_plan::ActiveModel {
            channel: Set(plan.channel.to_owned()),
            sort: Set(plan.sort),
            is_tryout: Set(plan.trial_days > 0),
            trial_days: Set(plan.trial_days),
            trial_price_minor: Set(plan.trial_minor),
            present_price_minor: Set(plan.present_minor),
            currency: Set(plan.currency.to_owned()),
            currency_exponent: Set(plan.exponent),
            cycle: Set(plan.cycle.to_owned()),
            weight: Set(1),
            created_at: Set(now_ms),
            ..Default::default()
        })
        .exec(db)
        .await?;
    }
    Ok(())
}
