//! Server-side render tests of the ways into checkout: the home page's trial
//! offer, and the dashboard's request form locked for a member without a
//! live subscription (with JavaScript a dialog, without it a refusal that
//! takes the typed number along).
use super::checkout_render_tests::plans;
use super::render_harness::{assert_has, id, render, FakeApi, Request};
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::i18n::Key;
use crate::pages::{DashboardLocationsPage, HomePage};
use leptos::prelude::*;
use serde_json::json;

#[test]
fn the_home_offer_leads_to_checkout_with_the_plan_and_the_searched_number() {
    let api = FakeApi::default().on(
        "GET",
        "/portal/priceSetup?hasWeight=true&channel=cpl2&country=ID",
        plans(),
    );
    let html = render(
        "/id?country=ID&phone=0812",
        &api,
        Request::default(),
        || view! { <HomePage/> },
    );
    assert_has(
        &html,
        &[
            r#"id="trial-cta""#,
            r#"href="/id/pay-method?planId=11&amp;country=ID&amp;phone=0812""#,
            "data-keep-search",
        ],
    );
}

#[test]
fn a_member_without_access_meets_a_locked_request_form() {
    let api = FakeApi::default().on(
        "GET",
        "/spyContent?page=1&size=20",
        json!({"success": 1, "msg": "", "obj": []}),
    );
    let expired = Request {
        member: true,
        vip_time: Some(1),
        ..Request::default()
    };
    let html = render(
        "/id/dashboard/locations",
        &api,
        expired,
        || view! { <DashboardLocationsPage/> },
    );
    assert_has(
        &html,
        &[
            r#"data-locked="payment""#,
            id(Key::CheckoutLockedText),
            r#"href="/id/pay-method""#,
        ],
    );
    let live = render(
        "/id/dashboard/locations",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || view! { <DashboardLocationsPage/> },
    );
    assert!(
        !live.contains("data-locked"),
        "a subscriber's form is not locked"
    );
}

#[test]
fn without_javascript_a_refused_request_takes_the_typed_number_to_checkout() {
    let api = FakeApi::default().on(
        "GET",
        "/spyContent?page=1&size=20",
        json!({"success": 1, "msg": "", "obj": []}),
    );
    let mut errors = FieldErrors::default();
    errors.set(Slot::Form, Some(Key::ErrorNeedsSubscription));
    let values = vec![
        ("country".to_owned(), "ID".to_owned()),
        ("phone".to_owned(), "0812 3456 7890".to_owned()),
    ];
    let refused = FormOutcome {
        form: AuthForm::LocateCreate,
        email: String::new(),
        errors,
        notice: None,
        values,
    };
    let request = Request {
        member: true,
        vip_time: Some(1),
        outcome: Some(refused),
        ..Request::default()
    };
    let html = render(
        "/id/dashboard/locations",
        &api,
        request,
        || view! { <DashboardLocationsPage/> },
    );
    assert_has(
        &html,
        &[
            id(Key::ErrorNeedsSubscription),
            r#"href="/id/pay-method?country=ID&amp;phone=0812%203456%207890""#,
        ],
    );
}
