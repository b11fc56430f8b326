//! "Renew now" (`#billing-renew`): for a wallet that cannot be charged
//! without the member, the next period's amount and the date plainly, and
//! a plain form with exactly the fields the wallet needs (the name
//! prefilled from the last payment). It posts `billing_renew` to this page
//! and the server sends the member to the wallet's page. Rendered on the
//! server only, outside the panel's island: the same with or without
//! JavaScript, and the server's refusals stand beside their fields.
use crate::account::forms::{AuthForm, FormOutcome};
use crate::checkout::cycle_word;
use crate::components::{
    slot_of, FormMessages, FormState, HiddenFields, SlotField, PAY_FIELD_LIMITS,
};
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::billing::{PayField, RenewalDue, SubscriptionState, SubscriptionView};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// The section, when a renewal is due.
pub fn renew_section(
    locale: Locale,
    csrf: String,
    sub: &SubscriptionView,
) -> Option<impl IntoView> {
    let due = sub.renewal.clone()?;
    let state = FormState::from_outcome(AuthForm::BillingRenew);
    let kept = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::BillingRenew);
    let args = [
        ("amount", due.amount_text.as_str()),
        ("cycle", cycle_word(locale, sub.cycle)),
        ("date", &format_local_date(due.due_at, locale)),
    ];
    let lead = if sub.state == SubscriptionState::PastDue {
        Key::BillpageRenewOverdue
    } else {
        Key::BillpageRenewDue
    };
    let fields = due
        .fields
        .iter()
        .map(|field| {
            let typed = kept.as_ref().and_then(|o| o.value(field_name(*field)));
            let value = typed.map_or_else(|| prefill(&due, *field), str::to_owned);
            renew_field(*field, value, &state)
        })
        .collect_view();
    let note = due
        .fields
        .contains(&PayField::Document)
        .then(|| view! { <p class="field-hint">{t(locale, Key::BillpageRenewDocumentNote)}</p> });
    let submit = t_args(
        locale,
        Key::BillpageRenewSubmit,
        &[("amount", &due.amount_text)],
    );
    Some(view! {
        <section class="billing-renew" id="billing-renew">
            <h2>{t(locale, Key::BillpageRenewTitle)}</h2>
            <p id="billing-renew-due">{t_args(locale, lead, &args)}</p>
            <form method="post" action=href(locale, Page::Billing)>
                <HiddenFields csrf=csrf form=AuthForm::BillingRenew/>
                <FormMessages errors=state.errors.clone() notice=None/>
                {fields}
                {note}
                <button type="submit" class="btn-primary" id="billing-renew-submit">{submit}</button>
            </form>
        </section>
    })
}

/// The name is kept from the last payment; the ID document never is.
fn prefill(due: &RenewalDue, field: PayField) -> String {
    match field {
        PayField::Name => due.name.clone(),
        _ => String::new(),
    }
}

fn field_name(field: PayField) -> &'static str {
    match field {
        PayField::Zip => "zip",
        PayField::Name => "name",
        PayField::Document => "document",
        PayField::Phone => "phone",
    }
}

fn renew_field(field: PayField, value: String, state: &FormState) -> impl IntoView {
    let l = PAY_FIELD_LIMITS;
    let (label, max_len, kind, autocomplete) = match field {
        PayField::Zip => (Key::CheckoutFieldZip, l.zip, "text", "postal-code"),
        PayField::Name => (Key::CheckoutFieldName, l.name, "text", "name"),
        PayField::Document => (Key::CheckoutFieldDocument, l.document, "text", "off"),
        PayField::Phone => (Key::CheckoutFieldPhone, l.phone, "tel", "tel"),
    };
    view! {
        <SlotField
            prefix="renew"
            field=slot_of(field)
            label=label
            errors=state.errors.clone()
            max_len=max_len
            value=value
            input_type=kind
            autocomplete=autocomplete
        />
    }
}
