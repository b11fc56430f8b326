//! The checkout and billing forms without JavaScript: pay (`/pay-method`),
//! cancel and refund (`/billing`). Adapters only: each reads its typed
//! fields and calls one use case; success answers 303 See Other.
use super::redirects::see_other;
use super::submission::{Handled, Rejected, Submission};
use crate::services::billing::{checkout, manage, payer, refunds};
use crate::services::ServiceError;
use app_core::account::forms::AuthForm;
use app_core::account::payment_fields::PaymentFormInput;
use app_core::i18n::Key;
use app_core::model::billing::MethodChoice;
use app_core::routes::{href, Page};
use serde::Deserialize;

/// The fields the payment form posts.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct PayFields {
    plan_id: String,
    method: String,
    email: String,
    zip: String,
    name: String,
    document: String,
    phone: String,
    pay_country: String,
    idempotency_key: String,
    /// The number searched before paying, carried to the dashboard.
    number_country: String,
    number_phone: String,
}

/// The field of the refund form.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct RefundFields {
    charge_id: String,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    match s.form {
        AuthForm::PayOrder => pay(s).await,
        AuthForm::BillingCancel => {
            let member = s.member()?;
            manage::cancel(&s.cx, s.gateways, &member.auth.user)
                .await
                .map_err(Rejected::new)?;
            Ok(see_other(
                &format!("{}?cancelled=1", href(s.locale, Page::Billing)),
                Vec::new(),
            ))
        }
        AuthForm::BillingRefund => {
            let member = s.member()?;
            let f: RefundFields = s.fields();
            let charge_id = f
                .charge_id
                .parse::<i64>()
                .map_err(|_| Rejected::new(ServiceError::Invalid(Key::ErrorRefundNotEligible)))?;
            refunds::refund(&s.cx, s.gateways, &member.auth.user, charge_id)
                .await
                .map_err(Rejected::new)?;
            Ok(see_other(
                &format!("{}?refunded=1", href(s.locale, Page::Billing)),
                Vec::new(),
            ))
        }
        _ => Err(Rejected::new(ServiceError::NotFound)),
    }
}

/// Places the order and sends the payer to the provider's checkout, with
/// the order's one-time claim in a cookie; or the page again with the
/// messages and what was typed.
async fn pay(s: &Submission<'_>) -> Handled {
    let f: PayFields = s.fields();
    let kept = [
        ("method", f.method.as_str()),
        ("zip", f.zip.as_str()),
        ("name", f.name.as_str()),
        ("document", f.document.as_str()),
        ("phone", f.phone.as_str()),
        ("payCountry", f.pay_country.as_str()),
        ("idempotencyKey", f.idempotency_key.as_str()),
    ];
    let rejected = |e: ServiceError| Rejected::new(e).keeping(&kept);
    let method = MethodChoice::parse(&f.method)
        .ok_or_else(|| rejected(ServiceError::Invalid(Key::ErrorMethodUnavailable)))?;
    let plan_id = f
        .plan_id
        .parse::<i64>()
        .map_err(|_| rejected(ServiceError::Invalid(Key::ErrorPlanUnavailable)))?;
    let form = PaymentFormInput {
        email: f.email.clone(),
        zip: f.zip.clone(),
        name: f.name.clone(),
        document: f.document.clone(),
        phone: f.phone.clone(),
    };
    let country = payer::payer_country(
        s.geoip,
        payer_hints(s, &f.pay_country),
        &s.cx.config.default_country,
    );
    let order = checkout::PlaceOrder {
        plan_id,
        method,
        form,
        idempotency_key: f.idempotency_key.clone(),
        locale: s.locale,
        country,
        client: s.client.clone(),
        tracking: crate::cookies::tracking::order_tracking(
            s.headers,
            Some(format!("{}{}", s.cx.config.public_base_url, s.uri)),
        ),
    };
    let placed = checkout::place_order(&s.cx, s.gateways, order)
        .await
        .map_err(rejected)?;
    let carried = s
        .policy
        .carried_number(&s.cx.config.secrets, &f.number_country, &f.number_phone);
    let cookies = placed
        .claim_code
        .as_deref()
        .map(|code| s.policy.checkout_claim(code))
        .into_iter()
        .chain(carried)
        .collect();
    Ok(see_other(&placed.redirect_url, cookies))
}

/// What the request says about where the payer is: the posted country,
/// the address.
fn payer_hints<'a>(s: &'a Submission<'_>, posted: &'a str) -> payer::PayerHints<'a> {
    payer::PayerHints {
        chosen: Some(posted),
        ip: s.client.ip,
    }
}
