//! What a plan costs, said in words next to the pay button: today's
//! amount, the renewal price, the date of the first full charge and how to
//! cancel. Built from the plan and the render's clock, in one place, so the
//! page, the dialog and the no-JavaScript form say exactly the same.
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::billing::{Decline, MethodChoice};
use crate::model::price::amount_text;
use crate::model::{Cycle, PricePlan};
use serde::{Deserialize, Serialize};

const DAY_MS: i64 = 86_400_000;

/// The texts beside the pay button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutTerms {
    /// The pay button: "Pay $0.99".
    pub pay: String,
    /// "Then $29.99 per month".
    pub renewal: String,
    /// "First full charge on November 25, 2026", and for a trial that it
    /// is once per person (a returning customer pays the full price today).
    pub first_charge: String,
    /// "Cancel anytime in Billing, in one click".
    pub cancel: String,
}

impl CheckoutTerms {
    /// The terms of `plan` for an order placed at `now_ms`.
    pub fn of(locale: Locale, plan: &PricePlan, now_ms: i64) -> CheckoutTerms {
        let today = if plan.is_tryout {
            &plan.trial_price
        } else {
            &plan.present_price
        };
        let renewal = amount_text(locale, &plan.currency, &plan.present_price);
        let cycle = cycle_word(locale, plan.cycle);
        let (renewal_key, first_key, days) = if plan.is_tryout {
            let days = i64::from(plan.trial_days.max(0));
            (Key::CheckoutRenewal, Key::CheckoutFirstChargeTrial, days)
        } else {
            (Key::CheckoutRenewalFull, Key::CheckoutFirstCharge, 0)
        };
        let first = format_local_date(now_ms.saturating_add(days.saturating_mul(DAY_MS)), locale);
        CheckoutTerms {
            pay: t_args(
                locale,
                Key::CheckoutPay,
                &[("price", &amount_text(locale, &plan.currency, today))],
            ),
            renewal: t_args(
                locale,
                renewal_key,
                &[("price", &renewal), ("cycle", cycle)],
            ),
            first_charge: t_args(locale, first_key, &[("date", &first)]),
            cancel: t(locale, Key::CheckoutCancelAnytime).to_owned(),
        }
    }
}

/// "week" / "month" in `locale`.
pub fn cycle_word(locale: Locale, cycle: Cycle) -> &'static str {
    t(
        locale,
        if cycle == Cycle::Week {
            Key::CycleWeek
        } else {
            Key::CycleMonth
        },
    )
}

/// One plan as a choice: "$0.99 for 1 days, then $29.99 per month".
pub fn plan_option_text(locale: Locale, plan: &PricePlan) -> String {
    let cycle = cycle_word(locale, plan.cycle);
    let renewal = amount_text(locale, &plan.currency, &plan.present_price);
    if plan.is_tryout {
        let (price, days) = (
            amount_text(locale, &plan.currency, &plan.trial_price),
            plan.trial_days.to_string(),
        );
        t_args(
            locale,
            Key::CheckoutPlanOption,
            &[
                ("price", &price),
                ("days", &days),
                ("renewal", &renewal),
                ("cycle", cycle),
            ],
        )
    } else {
        t_args(
            locale,
            Key::CheckoutPlanOptionFull,
            &[("price", &renewal), ("cycle", cycle)],
        )
    }
}

/// The name of a payment method.
pub fn method_label(method: MethodChoice) -> Key {
    match method {
        MethodChoice::Card => Key::PayMethodCard,
        MethodChoice::Paypal => Key::PayMethodPaypal,
        MethodChoice::FastSpring => Key::PayMethodFastSpring,
        MethodChoice::Gcash => Key::PayMethodGcash,
        MethodChoice::Dana => Key::PayMethodDana,
        MethodChoice::Grabpay => Key::PayMethodGrabpay,
        MethodChoice::Paymaya => Key::PayMethodPaymaya,
        MethodChoice::Qris => Key::PayMethodQris,
        MethodChoice::Gopay => Key::PayMethodGopay,
        MethodChoice::Ovo => Key::PayMethodOvo,
        MethodChoice::Shopeepay => Key::PayMethodShopeepay,
    }
}

/// The message of each decline class: what happened, what to do next,
/// and that nothing was charged.
pub fn decline_key(decline: Decline) -> Key {
    match decline {
        Decline::InsufficientFunds => Key::DeclineInsufficientFunds,
        Decline::Declined => Key::DeclineDeclined,
        Decline::Expired => Key::DeclineExpired,
        Decline::Authentication => Key::DeclineAuthentication,
        Decline::MethodUnavailable => Key::DeclineMethodUnavailable,
        Decline::ProviderBusy => Key::DeclineProviderBusy,
    }
}
