//! The result of a lookup: the numbering plan's facts, then the spam
//! verdict and the owner's entry (subscribers), or the offer (visitors).
use super::report::ReportSection;
use super::Searched;
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::lookup::{number_type_key, DirectoryEntry, LookupResult, SpamVerdict};
use crate::model::NumberInfo;
use crate::routes::{href, Page};
use leptos::either::EitherOf3;
use leptos::prelude::*;

/// The card of one number.
#[component]
pub fn LookupCard(result: LookupResult, search: Searched) -> impl IntoView {
    let locale = use_i18n().locale();
    let heading = t_args(
        locale,
        Key::LookupResultHeading,
        &[("number", &result.info.international)],
    );
    let paid = if result.opted_out {
        EitherOf3::A(
            view! { <p class="lookup-opted-out" id="lookup-opted-out">{t(locale, Key::LookupOptedOut)}</p> },
        )
    } else if let (true, Some(spam)) = (result.full, result.spam.clone()) {
        EitherOf3::B(view! {
            <SpamSection locale=locale spam=spam/>
            <OwnerSection locale=locale owner=result.owner.clone()/>
        })
    } else {
        EitherOf3::C(view! {
            <p class="lookup-offer" id="lookup-offer">
                {t(locale, Key::LookupOffer)} " "
                <a class="btn-secondary" href=href(locale, Page::PayMethod)>{t(locale, Key::LookupOfferCta)}</a>
            </p>
        })
    };
    let owner_link = format!(
        "{}?country={}&phone={}",
        href(locale, Page::TelecomOwner),
        crate::api::encode(&search.country),
        crate::api::encode(&search.phone)
    );
    view! {
        <article class="lookup-card" id="lookup-result" data-full=result.full.to_string()>
            <h2>{heading}</h2>
            <Facts locale=locale info=result.info/>
            {paid}
            <ReportSection search=search/>
            <p class="lookup-owner-link"><a href=owner_link id="lookup-owner-link">{t(locale, Key::LookupOwnerLink)}</a></p>
        </article>
    }
}

/// The numbering plan's facts, for everyone.
#[component]
fn Facts(locale: Locale, info: NumberInfo) -> impl IntoView {
    let region = if info.city.is_empty() {
        info.country.clone()
    } else {
        format!("{}, {}", info.city, info.country)
    };
    let carrier = if info.carrier.is_empty() {
        t(locale, Key::LookupCarrierUnknown).to_owned()
    } else {
        info.carrier.clone()
    };
    let formats = [
        info.e164.clone(),
        info.international.clone(),
        info.national.clone(),
        info.rfc3966.clone(),
    ];
    view! {
        <dl class="lookup-facts">
            <dt>{t(locale, Key::LookupRowValidity)}</dt>
            <dd id="lookup-valid">{t(locale, Key::LookupValid)}</dd>
            <dt>{t(locale, Key::LookupRowType)}</dt>
            <dd id="lookup-type" data-type=info.number_type.clone()>{t(locale, number_type_key(&info.number_type))}</dd>
            <dt>{t(locale, Key::LookupRowCarrier)}</dt>
            <dd id="lookup-carrier">{carrier} <small class="field-hint">{t(locale, Key::LookupCarrierNote)}</small></dd>
            <dt>{t(locale, Key::LookupRowRegion)}</dt>
            <dd id="lookup-region">{region}</dd>
            <dt>{t(locale, Key::LookupRowTimezone)}</dt>
            <dd id="lookup-timezone">{info.display_name.clone()}</dd>
            <dt>{t(locale, Key::LookupRowFormats)}</dt>
            <dd id="lookup-formats">
                <ul class="lookup-formats">{formats.into_iter().map(|f| view! { <li><code>{f}</code></li> }).collect_view()}</ul>
            </dd>
        </dl>
    }
}

/// The verdict: label, count, top categories, last report, review note.
#[component]
fn SpamSection(locale: Locale, spam: SpamVerdict) -> impl IntoView {
    let count = spam.reports.to_string();
    let top: Vec<&str> = spam
        .top_categories
        .iter()
        .map(|c| t(locale, c.label_key()))
        .collect();
    let code = spam.label.code();
    view! {
        <section class="lookup-spam" aria-labelledby="lookup-spam-heading">
            <h3 id="lookup-spam-heading">{t(locale, Key::LookupSpamHeading)}</h3>
            <p>
                <strong class=format!("spam-label spam-{code}") id="lookup-spam-label" data-label=code data-score=spam.score.to_string()>
                    {t(locale, spam.label.label_key())}
                </strong>
                " · " <span id="lookup-spam-count">{t_args(locale, Key::LookupSpamReports, &[("count", &count)])}</span>
            </p>
            {(!top.is_empty()).then(|| view! { <p id="lookup-spam-top">{t(locale, Key::LookupSpamTop)} ": " {top.join(", ")}</p> })}
            {spam.last_reported_at.map(|at| view! { <p id="lookup-spam-last">{t(locale, Key::LookupSpamLast)} ": " {format_local_date(at, locale)}</p> })}
            {spam.under_review.then(|| view! { <p class="form-notice" id="lookup-under-review">{t(locale, Key::LookupSpamUnderReview)}</p> })}
            <p class="field-hint">{t(locale, Key::LookupSpamExplain)}</p>
        </section>
    }
}

/// The owner's own entry, or the promise that no other source is used.
#[component]
fn OwnerSection(locale: Locale, owner: Option<DirectoryEntry>) -> impl IntoView {
    let body = match owner {
        Some(entry) => {
            let text = if entry.city.is_empty() {
                entry.name
            } else {
                format!("{} · {}", entry.name, entry.city)
            };
            leptos::either::Either::Left(view! {
                <p id="lookup-owner"><strong>{text}</strong></p>
                <p class="field-hint">{t(locale, Key::LookupOwnerPublished)}</p>
            })
        }
        None => leptos::either::Either::Right(
            view! { <p id="lookup-owner-none">{t(locale, Key::LookupOwnerNone)}</p> },
        ),
    };
    view! {
        <section class="lookup-owner">
            <h3>{t(locale, Key::LookupOwnerHeading)}</h3>
            {body}
        </section>
    }
}
