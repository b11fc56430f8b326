//! The widget's props in the page's language: countries, methods, field
//! labels and limits, and the plan's terms. Pure, so render tests and the
//! no-JavaScript form use the same lists.
use super::CheckoutSetup;
use crate::account::payment_fields::{TEXT_MAX_LEN, ZIP_MAX_LEN};
use crate::account::validation::{Slot, EMAIL_MAX_LEN, PHONE_INPUT_MAX_LEN};
use crate::checkout::{method_label, CheckoutTerms};
use crate::countries;
use crate::i18n::{t, Key, Locale};
use crate::model::billing::{MethodChoice, PayField};
use crate::widgets::{
    CountryOption, FieldLimits, FieldTexts, MethodOption, PaymentFormProps, PaymentFormTexts,
};
use std::collections::BTreeMap;

/// The countries a payer can pick: every region, named in `locale`.
pub fn country_options(locale: Locale) -> Vec<CountryOption> {
    countries::sorted(locale)
        .iter()
        .filter_map(|c| {
            Some(CountryOption {
                code: c.region.to_owned(),
                label: format!("{} {}", c.flag(), c.name(locale)?),
            })
        })
        .collect()
}

/// The methods with their names and fields.
pub fn method_options(locale: Locale, methods: &[MethodChoice]) -> Vec<MethodOption> {
    methods
        .iter()
        .map(|&m| MethodOption {
            choose: m,
            label: t(locale, method_label(m)),
            fields: m.fields(),
        })
        .collect()
}

/// The label of each field.
pub fn field_labels(locale: Locale) -> FieldTexts {
    FieldTexts {
        email: t(locale, Key::CheckoutFieldEmail).to_owned(),
        zip: t(locale, Key::CheckoutFieldZip).to_owned(),
        name: t(locale, Key::CheckoutFieldName).to_owned(),
        document: t(locale, Key::CheckoutFieldDocument).to_owned(),
        phone: t(locale, Key::CheckoutFieldPhone).to_owned(),
    }
}

/// The longest input each field takes (the validators' limits).
pub const LIMITS: FieldLimits = FieldLimits {
    email: EMAIL_MAX_LEN,
    zip: ZIP_MAX_LEN,
    name: TEXT_MAX_LEN,
    document: TEXT_MAX_LEN,
    phone: PHONE_INPUT_MAX_LEN,
};

/// The error slot of a payment field.
pub fn slot_of(field: PayField) -> Slot {
    match field {
        PayField::Zip => Slot::Zip,
        PayField::Name => Slot::Name,
        PayField::Document => Slot::Document,
        PayField::Phone => Slot::Phone,
    }
}

/// What stays the same while the form is open.
pub(super) struct Base {
    id_prefix: &'static str,
    countries: Vec<CountryOption>,
    locale: Locale,
    texts: PaymentFormTexts,
    values: FieldTexts,
    method: Option<MethodChoice>,
}

impl Base {
    pub fn new(locale: Locale, setup: &CheckoutSetup, id_prefix: &'static str) -> Base {
        let terms = CheckoutTerms::of(locale, &setup.plan, setup.now_ms);
        let texts = PaymentFormTexts {
            country: t(locale, Key::CheckoutCountry),
            methods: t(locale, Key::CheckoutMethods),
            no_methods: t(locale, Key::CheckoutNoMethods),
            fields: field_labels(locale),
            pay: terms.pay,
            paying: t(locale, Key::CheckoutPaying),
            renewal: terms.renewal,
            first_charge: terms.first_charge,
            cancel: terms.cancel,
            secure: t(locale, Key::CheckoutSecure),
        };
        let (values, method) = (setup.values.clone(), setup.method);
        Base {
            id_prefix,
            countries: country_options(locale),
            locale,
            texts,
            values,
            method,
        }
    }

    /// The props for the current state.
    pub fn props(
        &self,
        country: String,
        methods: &[MethodChoice],
        errors: &[(Slot, String)],
        busy: bool,
    ) -> PaymentFormProps {
        let errors: BTreeMap<&'static str, String> = errors
            .iter()
            .map(|(slot, text)| (slot.field().unwrap_or("form"), text.clone()))
            .collect();
        PaymentFormProps {
            id_prefix: self.id_prefix,
            country,
            countries: self.countries.clone(),
            methods: method_options(self.locale, methods),
            method: self.method,
            values: self.values.clone(),
            max_lengths: LIMITS,
            errors,
            busy,
            texts: self.texts.clone(),
        }
    }
}
