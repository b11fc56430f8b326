//! Server-side render tests of checkout's `/pay-method`: the plain form and
//! the widget's island, a refused post, a member paying. The ways in:
//! `checkout_entry_render_tests`; the result page: `pay_result_render_tests`;
//! billing: `billing_render_tests`.
use super::render_harness::{assert_has, id, render, section, FakeApi, Request};
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::i18n::Key;
use crate::pages::PayMethodPage;
use leptos::prelude::*;
use serde_json::json;

/// The price setup of the Indonesian channel: a monthly plan 11 and a
/// weekly plan 12, each with a trial.
pub(super) fn plans() -> serde_json::Value {
    let plan = |id: i64, sort: i32, present: &str, cycle: &str| {
        json!({"id": id, "sort": sort, "isTryout": true, "trialPrice": "300", "presentPrice": present,
               "currency": "IDR", "cycle": cycle, "trialDays": 1})
    };
    json!({"success": 1, "msg": "", "obj": [plan(11, 1, "190000", "month"), plan(12, 2, "59000", "week")]})
}

fn methods(country: &str, list: &[(&str, u8, &[&str])]) -> serde_json::Value {
    let list: Vec<_> = list
        .iter()
        .map(|(m, level, fields)| json!({"choose": m, "level": level, "fields": fields}))
        .collect();
    json!({"success": 1, "msg": "", "obj": {"country": country, "methods": list}})
}

fn checkout_api() -> FakeApi {
    let id_methods: &[(&str, u8, &[&str])] = &[
        ("card", 1, &["zip"]),
        ("paypal", 2, &[]),
        ("fastSpring", 3, &[]),
        ("dana", 4, &["name", "phone"]),
    ];
    let ph_methods: &[(&str, u8, &[&str])] = &[
        ("card", 1, &["zip"]),
        ("gcash", 4, &["name", "phone"]),
        ("grabpay", 5, &["name", "document"]),
    ];
    FakeApi::default()
        .on(
            "GET",
            "/portal/priceSetup?hasWeight=true&channel=cpl2",
            plans(),
        )
        .on(
            "GET",
            "/portal/priceSetup?hasWeight=true&channel=cpl2&country=ID",
            plans(),
        )
        .on(
            "GET",
            "/portal/priceSetup?hasWeight=true&channel=cpl2&country=PH",
            plans(),
        )
        .on(
            "GET",
            "/portal/payMethods?planId=12",
            methods("ID", id_methods),
        )
        .on(
            "GET",
            "/portal/payMethods?country=ID&planId=12",
            methods("ID", id_methods),
        )
        .on(
            "GET",
            "/portal/payMethods?planId=11",
            methods("ID", id_methods),
        )
        .on(
            "GET",
            "/portal/payMethods?country=PH&planId=12",
            methods("PH", ph_methods),
        )
}

const SEARCHED: &str = "/id/pay-method?planId=12&country=ID&phone=%2B6281234567890";

/// The value of the hidden field `name` in `html`.
fn hidden(html: &str, name: &str) -> String {
    let field = section(html, &format!(r#"name="{name}""#), ">");
    let value = field
        .split(r#"value=""#)
        .nth(1)
        .unwrap_or_else(|| panic!("{name} has no value: {field}"));
    value[..value.find('"').unwrap()].to_owned()
}

/// `/pay-method` for plan 12 and a searched Indonesian number, and the API
/// it called.
fn searched_pay_method() -> (String, FakeApi) {
    let api = checkout_api();
    let html = render(
        SEARCHED,
        &api,
        Request::default(),
        || view! { <PayMethodPage/> },
    );
    (html, api)
}

#[test]
fn pay_method_asks_for_the_plans_and_methods_of_the_number_s_country_and_posts_to_itself() {
    let (html, api) = searched_pay_method();
    assert_eq!(
        api.paths(),
        [
            "/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2&country=ID",
            "/api_f/v1/portal/payMethods?country=ID&planId=12"
        ]
    );
    assert_has(
        &html,
        &[
            r#"method="post" action="/id/pay-method?planId=12&amp;country=ID&amp;phone=%2B6281234567890""#,
        ],
    );
}

#[test]
fn pay_method_shows_the_plan_its_terms_and_a_form_that_works_without_javascript() {
    let (html, _) = searched_pay_method();
    let form = section(&html, r#"id="pay-form""#, "</form>");
    assert_has(
        form,
        &[
            r#"name="csrf" value="csrf-token-123""#,
            r#"name="form" value="pay_order""#,
            r#"name="planId" value="12""#,
            r#"name="payCountry" value="ID""#,
            r#"name="email""#,
            r#"data-for="card""#,
            r#"data-for="dana""#,
            "Bayar Rp\u{a0}300",
            "Lalu Rp\u{a0}59.000 per minggu",
            "Tagihan penuh pertama pada ",
            id(Key::CheckoutCancelAnytime),
        ],
    );
    assert_eq!(hidden(form, "idempotencyKey").len(), 32);
    let radios: Vec<&str> = form
        .split(r#"name="method" value=""#)
        .skip(1)
        .map(|r| &r[..r.find('"').unwrap()])
        .collect();
    assert_eq!(
        radios,
        ["card", "paypal", "fastSpring", "dana"],
        "by priority"
    );
    assert!(
        section(form, r#"value="card""#, ">").contains("checked"),
        "the first method is chosen"
    );
    assert!(
        !form.contains(r#"name="document""#),
        "no method of Indonesia needs a document"
    );
}

#[test]
fn pay_method_shows_the_searched_number_the_plans_the_widget_and_the_way_in() {
    let (html, _) = searched_pay_method();
    // The chosen plan is marked.
    assert_has(
        &html,
        &[
            "+6281234567890",
            r#"aria-current="true""#,
            r#"data-widget="payment-form""#,
            "PayMethodForm",
        ],
    );
    assert_has(
        &html,
        &[
            r#"href="/id/login""#,
            id(Key::CheckoutHaveAccount),
            r#"<option value="ID" selected"#,
        ],
    );
    assert_has(
        &html,
        &[r#"href="/id/pay-method?planId=11&amp;country=ID&amp;phone=%2B6281234567890""#],
    );
}

fn failed_post(errors: &[(Slot, Key)]) -> FormOutcome {
    let mut field_errors = FieldErrors::default();
    for (slot, key) in errors {
        field_errors.set(*slot, Some(*key));
    }
    let values = [
        ("method", "gcash"),
        ("name", "Ana Cruz"),
        ("phone", "0917 123"),
        ("payCountry", "PH"),
        ("idempotencyKey", "old-key-0123456789"),
    ];
    FormOutcome {
        form: AuthForm::PayOrder,
        email: "ana@mail".into(),
        errors: field_errors,
        notice: None,
        values: values
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

#[test]
fn a_failed_post_shows_the_messages_and_keeps_what_was_typed() {
    let api = checkout_api();
    let outcome = failed_post(&[
        (Slot::Email, Key::ValidateEmail),
        (Slot::Phone, Key::ValidatePayPhone),
    ]);
    let html = render(
        SEARCHED,
        &api,
        Request {
            outcome: Some(outcome),
            ..Request::default()
        },
        || view! { <PayMethodPage/> },
    );
    assert_eq!(
        api.paths()[1],
        "/api_f/v1/portal/payMethods?country=PH&planId=12",
        "the payer's country is kept, and the plan"
    );
    let form = section(&html, r#"id="pay-form""#, "</form>");
    assert_has(
        form,
        &[
            r#"value="ana@mail""#,
            r#"value="Ana Cruz""#,
            r#"value="0917 123""#,
            r#"data-for="grabpay""#,
        ],
    );
    assert!(section(form, r#"value="gcash""#, ">").contains("checked"));
    assert_has(
        form,
        &[
            id(Key::ValidateEmail),
            id(Key::ValidatePayPhone),
            r#"aria-invalid="true""#,
        ],
    );
    // Nothing was placed: the next try is a new order.
    assert_ne!(hidden(form, "idempotencyKey"), "old-key-0123456789");
}

#[test]
fn after_the_provider_failed_a_retry_keeps_the_order_s_key() {
    let api = checkout_api();
    let outcome = failed_post(&[(Slot::Form, Key::ErrorPaymentProvider)]);
    let html = render(
        SEARCHED,
        &api,
        Request {
            outcome: Some(outcome),
            ..Request::default()
        },
        || view! { <PayMethodPage/> },
    );
    let form = section(&html, r#"id="pay-form""#, "</form>");
    assert_eq!(hidden(form, "idempotencyKey"), "old-key-0123456789");
    assert_has(form, &[r#"role="alert""#, id(Key::ErrorPaymentProvider)]);
}

#[test]
fn a_member_pays_with_the_account_s_e_mail_and_sees_no_login_link() {
    let api = checkout_api();
    let html = render(
        "/id/pay-method",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || view! { <PayMethodPage/> },
    );
    assert_has(
        &html,
        &[
            r#"value="member@mail.com""#,
            "Lalu Rp\u{a0}190.000 per bulan",
        ],
    );
    assert!(!html.contains(r#"href="/id/login""#), "{html}");
}
