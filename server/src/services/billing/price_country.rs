//! The country of what paid, against the plan's country.
//!
//! A plan's price is the payer's country's ([`super::payer`]: the country
//! chosen, else the address's, else the default). Where the provider
//! reports, with the payment, the country of the instrument that paid (a
//! card's issuing country, a wallet's country), that country decides the
//! renewal price. The rule, in one place:
//!
//! - The first payment is accepted as paid: the payer saw and agreed to
//!   that amount, and no provider here reports the instrument's country
//!   before the capture (every checkout is hosted: the card is typed on
//!   the provider's page). Refusing it after the money moved would only
//!   mean a refund and a lost customer.
//! - When the instrument's country has another price list than the plan
//!   (another channel: Indonesia's, China's, or the family's for every
//!   other country), the subscription renews at the full price of the same
//!   family and cycle in the instrument country's channel, in its currency.
//!   A card from abroad that bought Indonesia's price renews at the price
//!   its own country pays, and an Indonesian card that bought another
//!   country's price renews at Indonesia's.
//! - The member is told at once, by e-mail and on the billing page (the new
//!   price, and the date it is first charged), so they can cancel with one
//!   click before anything is charged at it.
//! - The same price list, or no country reported: nothing changes.
//!
//! Only renewals we charge can follow it (the sandbox, PayerMax, dLocal).
//! Paddle, PayPal and FastSpring bill their own price objects; none of them
//! reports the instrument's country to us (their documented payment fields
//! that we read carry none), so the rule is never asked of them, and a
//! country reported for one is logged and left alone rather than shown as
//! a price we would not charge.
use super::mails::{self, BillingMail, BillingMailKind};
use super::payer::{channel_for, family_of};
use crate::payments::ProviderKind;
use crate::persistence::entities::{price_plan, subscription as sub};
use crate::services::{Cx, ServiceError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

/// Applies the rule to a subscription just activated by its first payment
/// (in that transaction); returns whether its renewal price changed.
///
/// # Errors
/// A database error.
pub async fn follow(
    db: &impl ConnectionTrait,
    cx: &Cx,
    s: &sub::Model,
    plan: &price_plan::Model,
    country: Option<&str>,
) -> Result<bool, ServiceError> {
    let Some(country) =
        country.filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()))
    else {
        return Ok(false);
    };
    let country = country.to_ascii_uppercase();
    let Some(target) = renewal_plan(db, plan, &country).await? else {
        return Ok(false);
    };
    if !ProviderKind::parse(&s.provider).is_some_and(ProviderKind::charges_our_amount) {
        tracing::warn!(
            subscription = s.id,
            "instrument country reported for a provider-billed renewal: left alone"
        );
        return Ok(false);
    }
    sub::Entity::update_many()
        .col_expr(
            sub::Column::PriceMinor,
            Expr::value(target.present_price_minor),
        )
        .col_expr(sub::Column::Currency, Expr::value(target.currency.clone()))
        .col_expr(
            sub::Column::CurrencyExponent,
            Expr::value(i32::from(target.currency_exponent)),
        )
        .col_expr(sub::Column::PriceCountry, Expr::value(country))
        .filter(sub::Column::Id.eq(s.id))
        .exec(db)
        .await?;
    let mail = BillingMail {
        kind: BillingMailKind::PriceCountry,
        user_id: s.user_id,
        subscription_id: s.id,
        charge_id: None,
    };
    mails::queue(db, mail, cx.now, cx.now).await?;
    Ok(true)
}

/// The plan of the same family and cycle in `country`'s channel, when that
/// channel is not `plan`'s (`None`: the same price list applies).
async fn renewal_plan(
    db: &impl ConnectionTrait,
    plan: &price_plan::Model,
    country: &str,
) -> Result<Option<price_plan::Model>, ServiceError> {
    let family = family_of(&plan.channel);
    let own = channel_for(family, country);
    for channel in [own.as_str(), family] {
        if channel == plan.channel {
            return Ok(None);
        }
        let found = price_plan::Entity::find()
            .filter(price_plan::Column::Channel.eq(channel))
            .filter(price_plan::Column::Cycle.eq(plan.cycle.clone()))
            .filter(price_plan::Column::Weight.gt(0))
            .order_by_asc(price_plan::Column::Sort)
            .one(db)
            .await?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}
