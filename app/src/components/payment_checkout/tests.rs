use super::props::Base;
use super::*;
use crate::model::Cycle;

fn setup() -> CheckoutSetup {
    CheckoutSetup {
        plan: PricePlan {
            id: 4,
            sort: 1,
            is_tryout: true,
            trial_price: "0.99".into(),
            present_price: "29.99".into(),
            currency: "USD".into(),
            cycle: Cycle::Month,
            trial_days: 1,
        },
        country: "PH".into(),
        methods: vec![MethodChoice::Card, MethodChoice::Gcash],
        now_ms: 1_795_253_405_000,
        key: "k".repeat(20),
        method: Some(MethodChoice::Gcash),
        values: FieldTexts {
            email: "a@b.co".into(),
            ..FieldTexts::default()
        },
        errors: FieldErrors::default(),
        searched: Default::default(),
    }
}

/// The widget's props for the setup, with an e-mail and a form message, busy.
fn widget_props() -> serde_json::Value {
    let base = Base::new(Locale::En, &setup(), "pf");
    let errors = [
        (Slot::Email, "bad".to_owned()),
        (Slot::Form, "down".to_owned()),
    ];
    serde_json::to_value(base.props(
        "PH".into(),
        &[MethodChoice::Card, MethodChoice::Gcash],
        &errors,
        true,
    ))
    .unwrap()
}

#[test]
fn widget_props_have_every_name_of_the_widget_contract() {
    let props = widget_props();
    // The names react-widgets/src/payment-form/contract.ts reads.
    for key in [
        "idPrefix",
        "country",
        "countries",
        "methods",
        "method",
        "values",
        "maxLengths",
        "errors",
        "busy",
        "texts",
    ] {
        assert!(props.get(key).is_some(), "props.{key} missing");
    }
    for key in [
        "country",
        "methods",
        "noMethods",
        "fields",
        "pay",
        "paying",
        "renewal",
        "firstCharge",
        "cancel",
        "secure",
    ] {
        assert!(
            props["texts"].get(key).is_some(),
            "props.texts.{key} missing"
        );
    }
}

#[test]
fn widget_props_carry_the_checkout_values_and_texts() {
    let props = widget_props();
    assert_eq!(
        props["errors"],
        serde_json::json!({"email": "bad", "form": "down"})
    );
    assert_eq!(props["method"], "gcash");
    assert_eq!(
        props["methods"][1],
        serde_json::json!({"choose": "gcash", "label": "GCash", "fields": ["name", "phone"]})
    );
    assert_eq!(props["maxLengths"]["zip"], 15);
    assert_eq!(props["texts"]["pay"], "Pay $0.99");
    assert_eq!(props["texts"]["renewal"], "Then $29.99 per month");
    assert!(props["texts"]["firstCharge"]
        .as_str()
        .unwrap()
        .starts_with("First full charge on November 22, 2026. One trial per person"));
    assert_eq!(props["values"]["email"], "a@b.co");
}

#[test]
fn the_country_list_has_every_region_named_in_the_page_language() {
    let id = country_options(Locale::Id);
    assert!(id.len() > 200);
    assert!(id
        .iter()
        .any(|c| c.code == "ID" && c.label.ends_with("Indonesia")));
    assert!(
        id.iter().all(|c| c.code.len() == 2),
        "no non-geographic plans"
    );
    assert!(country_options(Locale::Zh)
        .iter()
        .any(|c| c.code == "CN" && c.label.contains("中国")));
}

#[test]
fn kept_messages_are_shown_in_the_page_language() {
    let mut errors = FieldErrors::default();
    errors.set(Slot::Zip, Some(crate::i18n::Key::ValidateZip));
    assert_eq!(
        localized(&errors, Locale::Id),
        vec![(
            Slot::Zip,
            t(Locale::Id, crate::i18n::Key::ValidateZip).to_owned()
        )]
    );
}
