use super::*;
use crate::model::{Cycle, PricePlan};

fn plan(is_tryout: bool) -> PricePlan {
    PricePlan {
        id: 3,
        sort: 1,
        is_tryout,
        trial_price: "300".into(),
        present_price: "190000".into(),
        currency: "IDR".into(),
        cycle: Cycle::Month,
        trial_days: 1,
    }
}

const NOW: i64 = 1_795_253_405_000; // 2026-11-21 09:30 UTC

#[test]
fn checkout_links_keep_the_plan_and_the_searched_number() {
    let searched = SearchedNumber {
        country: "ID".into(),
        phone: "0812 3456".into(),
    };
    assert_eq!(
        pay_method_href(Locale::Id, Some(3), &searched),
        "/id/pay-method?planId=3&country=ID&phone=0812%203456"
    );
    assert_eq!(
        pay_method_href(Locale::En, None, &SearchedNumber::default()),
        "/pay-method"
    );
    let e164 = SearchedNumber {
        country: String::new(),
        phone: "+6281234567890".into(),
    };
    assert_eq!(
        pay_method_href(Locale::En, None, &e164),
        "/pay-method?phone=%2B6281234567890"
    );
    let blank = SearchedNumber {
        country: "ID".into(),
        phone: "  ".into(),
    };
    assert_eq!(
        pay_method_href(Locale::Zh, Some(1), &blank),
        "/zh/pay-method?planId=1"
    );
}

#[test]
fn links_pick_up_a_number_searched_after_the_page_loaded() {
    assert_eq!(
        keep_search("/id/pay-method?planId=3", "?country=ID&phone=0812"),
        "/id/pay-method?planId=3&country=ID&phone=0812"
    );
    assert_eq!(
        keep_search("/pay-method", "?utm_source=x&phone=%2B62812&country=ID"),
        "/pay-method?phone=%2B62812&country=ID"
    );
    // A link that names a number keeps its own; no search, nothing added.
    assert_eq!(
        keep_search("/pay-method?phone=1", "?country=ID&phone=0812"),
        "/pay-method?phone=1"
    );
    assert_eq!(
        keep_search("/pay-method?planId=3", ""),
        "/pay-method?planId=3"
    );
    assert_eq!(
        keep_search("/pay-method", "?country=ID&phone="),
        "/pay-method"
    );
}

#[test]
fn trial_terms_name_the_renewal_and_the_first_full_charge() {
    let terms = CheckoutTerms::of(Locale::En, &plan(true), NOW);
    assert_eq!(terms.pay, "Pay Rp\u{a0}300");
    assert_eq!(terms.renewal, "Then Rp\u{a0}190,000 per month");
    assert_eq!(
        terms.first_charge,
        "First full charge on November 22, 2026. One trial per person, e-mail and card: \
         if you had one before, the full price is due today."
    );
    assert_eq!(terms.cancel, "Cancel anytime in Billing, in one click");
    let id = CheckoutTerms::of(Locale::Id, &plan(true), NOW);
    assert!(
        id.first_charge
            .starts_with("Tagihan penuh pertama pada 22 November 2026. Satu uji coba per orang"),
        "{}",
        id.first_charge
    );
    assert_eq!(id.renewal, "Lalu Rp\u{a0}190.000 per bulan");
}

#[test]
fn plans_without_a_trial_charge_the_full_price_today() {
    let terms = CheckoutTerms::of(Locale::En, &plan(false), NOW);
    assert_eq!(terms.pay, "Pay Rp\u{a0}190,000");
    assert_eq!(terms.renewal, "Renews at Rp\u{a0}190,000 per month");
    assert_eq!(terms.first_charge, "First full charge on November 21, 2026");
    assert_eq!(
        plan_option_text(Locale::En, &plan(false)),
        "Rp\u{a0}190,000 per month"
    );
    assert_eq!(
        plan_option_text(Locale::En, &plan(true)),
        "1-day trial for Rp\u{a0}300, then Rp\u{a0}190,000 per month"
    );
}

#[test]
fn idempotency_keys_are_fresh_and_well_formed() {
    let (a, b) = (new_idempotency_key(), new_idempotency_key());
    assert!(is_idempotency_key(&a), "{a}");
    assert_ne!(a, b);
    assert!(!is_idempotency_key("short"));
    assert!(!is_idempotency_key("has spaces in it, sixteen+"));
    assert!(is_idempotency_key("0123456789abcdef-_AB"));
}

#[test]
fn only_the_chosen_method_s_fields_travel() {
    let typed = PaymentFormInput {
        email: "a@b.co".into(),
        zip: "1000".into(),
        name: "Ana".into(),
        document: "X1".into(),
        phone: "0917".into(),
    };
    let card = only_method_fields(MethodChoice::Card, typed.clone());
    assert_eq!(
        (card.zip.as_str(), card.name.as_str(), card.phone.as_str()),
        ("1000", "", "")
    );
    let gcash = only_method_fields(MethodChoice::Gcash, typed.clone());
    assert_eq!(
        (
            gcash.zip.as_str(),
            gcash.name.as_str(),
            gcash.document.as_str(),
            gcash.phone.as_str()
        ),
        ("", "Ana", "", "0917")
    );
    let paypal = only_method_fields(MethodChoice::Paypal, typed);
    assert_eq!(
        paypal,
        PaymentFormInput {
            email: "a@b.co".into(),
            ..PaymentFormInput::default()
        }
    );
}

#[test]
fn only_web_addresses_and_own_paths_are_followed() {
    for ok in [
        "https://pay.example/c/1",
        "http://127.0.0.1:3000/sandbox/checkout/CT1",
        "/sandbox/checkout/CT1",
    ] {
        assert!(is_safe_redirect(ok), "{ok}");
    }
    for bad in [
        "javascript:alert(1)",
        "//evil.example",
        "data:text/html,x",
        "",
        "sandbox",
    ] {
        assert!(!is_safe_redirect(bad), "{bad}");
    }
}
