//! The payment form without JavaScript: a country form (GET, reloads the
//! methods) and the payment form (POST `pay_order` to this page). Every
//! field any offered method needs is in the form; the stylesheet shows
//! those of the checked method (`data-for` lists the methods), and the
//! server reads only the chosen method's fields.
use super::island::STATIC_FORM_ID;
use crate::account::forms::AuthForm;
use crate::account::validation::{FieldErrors, Slot, EMAIL_MAX_LEN};
use crate::checkout::{method_label, CheckoutTerms, SearchedNumber};
use crate::components::{
    country_options, slot_of, CheckoutSetup, FormMessages, HiddenFields, SlotField,
    PAY_FIELD_LIMITS,
};
use crate::i18n::{t, use_i18n, Key};
use crate::model::billing::{MethodChoice, PayField};
use crate::routes::{href, Page};
use leptos::either::Either;
use leptos::prelude::*;

/// Both forms, in the element the widget replaces.
#[component]
pub(super) fn StaticCheckout(
    setup: CheckoutSetup,
    csrf: String,
    action: String,
    searched: SearchedNumber,
) -> impl IntoView {
    let locale = use_i18n().locale();
    let chosen = setup
        .method
        .filter(|m| setup.methods.contains(m))
        .or(setup.methods.first().copied());
    let errors = setup.errors.clone();
    let body = match chosen {
        None => Either::Left(
            view! { <p class="form-alert" role="status">{t(locale, Key::CheckoutNoMethods)}</p> },
        ),
        Some(chosen) => Either::Right(view! {
            <MethodRadios methods=setup.methods.clone() chosen=chosen/>
            <SlotField
                prefix="pay"
                field=Slot::Email
                label=Key::CheckoutFieldEmail
                errors=errors.clone()
                max_len=EMAIL_MAX_LEN
                value=setup.values.email.clone()
                input_type="email"
                autocomplete="email"
                required=true
            />
            {pay_fields(&setup, &errors)}
            <PaySubmit terms=CheckoutTerms::of(locale, &setup.plan, setup.now_ms)/>
        }),
    };
    view! {
        <div id=STATIC_FORM_ID class="checkout-static">
            <CountryForm country=setup.country.clone() plan_id=setup.plan.id searched=searched.clone()/>
            <form method="post" action=action class="pay-form" id="pay-form">
                <HiddenFields csrf=csrf form=AuthForm::PayOrder/>
                {searched.is_some().then(|| view! {
                    <input type="hidden" name="numberCountry" value=searched.country.clone()/>
                    <input type="hidden" name="numberPhone" value=searched.phone.clone()/>
                })}
                <input type="hidden" name="planId" value=setup.plan.id/>
                <input type="hidden" name="payCountry" value=setup.country.clone()/>
                <input type="hidden" name="idempotencyKey" value=setup.key.clone()/>
                <FormMessages errors=errors.clone() notice=None/>
                {body}
                <p class="pay-secure">{t(locale, Key::CheckoutSecure)}</p>
            </form>
        </div>
    }
}

/// Picks the payer's country (reloads the page with its methods).
#[component]
fn CountryForm(country: String, plan_id: i64, searched: SearchedNumber) -> impl IntoView {
    let locale = use_i18n().locale();
    let options = country_options(locale)
        .into_iter()
        .map(|c| {
            let selected = c.code == country;
            view! { <option value=c.code selected=selected>{c.label}</option> }
        })
        .collect_view();
    let number = searched.is_some().then(|| {
        view! {
            <input type="hidden" name="country" value=searched.country.clone()/>
            <input type="hidden" name="phone" value=searched.phone.clone()/>
        }
    });
    view! {
        <form method="get" action=href(locale, Page::PayMethod) class="pay-country-form">
            <input type="hidden" name="planId" value=plan_id/>
            {number}
            <div class="form-field">
                <label for="pay-country">{t(locale, Key::CheckoutCountry)}</label>
                <select id="pay-country" name="payCountry">{options}</select>
            </div>
            <button type="submit" class="btn-secondary">{t(locale, Key::CheckoutCountryChange)}</button>
        </form>
    }
}

/// One radio button per method, `chosen` checked.
#[component]
fn MethodRadios(methods: Vec<MethodChoice>, chosen: MethodChoice) -> impl IntoView {
    let locale = use_i18n().locale();
    let radios = methods
        .into_iter()
        .map(|m| {
            view! {
                <label class="pay-method" data-method=m.as_str()>
                    <input type="radio" name="method" value=m.as_str() checked=m == chosen/>
                    <span>{t(locale, method_label(m))}</span>
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="pay-methods">
            <legend>{t(locale, Key::CheckoutMethods)}</legend>
            {radios}
        </fieldset>
    }
}

/// The fields some offered method needs, each marked with those methods.
fn pay_fields(setup: &CheckoutSetup, errors: &FieldErrors) -> impl IntoView {
    const ORDER: [PayField; 4] = [
        PayField::Zip,
        PayField::Name,
        PayField::Document,
        PayField::Phone,
    ];
    ORDER
        .into_iter()
        .filter_map(|field| {
            let needing: Vec<&str> = setup
                .methods
                .iter()
                .filter(|m| m.fields().contains(&field))
                .map(|m| m.as_str())
                .collect();
            (!needing.is_empty()).then(|| (field, needing.join(" ")))
        })
        .map(|(field, needing)| {
            let (value, label, kind) = field_shape(setup, field);
            view! {
                <div class="pay-field" data-for=needing>
                    <SlotField
                        prefix="pay"
                        field=slot_of(field)
                        label=label
                        errors=errors.clone()
                        max_len=field_limit(field)
                        value=value
                        input_type=kind
                        autocomplete=autocomplete(field)
                    />
                </div>
            }
        })
        .collect_view()
}

fn field_shape(setup: &CheckoutSetup, field: PayField) -> (String, Key, &'static str) {
    let v = &setup.values;
    match field {
        PayField::Zip => (v.zip.clone(), Key::CheckoutFieldZip, "text"),
        PayField::Name => (v.name.clone(), Key::CheckoutFieldName, "text"),
        PayField::Document => (v.document.clone(), Key::CheckoutFieldDocument, "text"),
        PayField::Phone => (v.phone.clone(), Key::CheckoutFieldPhone, "tel"),
    }
}

fn field_limit(field: PayField) -> usize {
    let l = PAY_FIELD_LIMITS;
    match field {
        PayField::Zip => l.zip,
        PayField::Name => l.name,
        PayField::Document => l.document,
        PayField::Phone => l.phone,
    }
}

fn autocomplete(field: PayField) -> &'static str {
    match field {
        PayField::Zip => "postal-code",
        PayField::Name => "name",
        PayField::Document => "off",
        PayField::Phone => "tel",
    }
}

/// The pay button with the renewal terms beside it, as large as the price.
#[component]
pub fn PaySubmit(terms: CheckoutTerms) -> impl IntoView {
    view! {
        <div class="pay-submit">
            <button type="submit" class="btn-primary pay-button" data-click="pay">{terms.pay}</button>
            <div class="pay-terms">
                <p class="pay-renewal">{terms.renewal}</p>
                <p class="pay-first-charge">{terms.first_charge}</p>
                <p class="pay-cancel">{terms.cancel}</p>
            </div>
        </div>
    }
}
