//! The cookie banner: asks before anything beyond the necessary is stored
//! or sent. Plain server-rendered HTML: its form posts to the page's own
//! address and comes back to it (303), so it needs neither JavaScript nor
//! the WASM. It sits in the page flow above the header, so it never covers
//! content, and a keyboard reaches it first after the skip link.
use crate::account::forms::AuthForm;
use crate::components::HiddenFields;
use crate::consent::{current_query, Consent, CurrentConsent, BANNER_ID, SETTINGS_PARAM};
use crate::i18n::{t_args, use_i18n, Key};
use crate::navigation::with_query;
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use stylers_macro::style;

/// The banner, shown until the visitor chooses and again when the footer's
/// "Cookie settings" link reopens it (`?cookie_settings=1`).
#[component]
pub fn ConsentBanner(csrf: String) -> impl IntoView {
    let chosen = use_context::<CurrentConsent>().unwrap_or_default().0;
    let query = current_query();
    let reopened = query.iter().any(|(k, _)| k == SETTINGS_PARAM);
    if chosen.is_some() && !reopened {
        return None;
    }
    // Back to this very page (what it reads and the campaign kept), without
    // the parameter that reopened the banner.
    let action = with_query(
        &use_location().pathname.get_untracked(),
        &crate::page_query::kept(&query),
        &[SETTINGS_PARAM],
    );
    Some(view! { <BannerForm csrf=csrf action=action chosen=chosen reopened=reopened/> })
}

#[component]
fn BannerForm(
    csrf: String,
    action: String,
    chosen: Option<Consent>,
    reopened: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    // Phones: a compact bar fixed to the bottom of the screen (the short
    // text, the two answers and "Choose" on one row) so the page's heading
    // and search stay in view; main.css keeps room for it under the page.
    // From 48rem: in the page's flow above the header, with the full text.
    let class = style! {
        .consent {
            position: fixed;
            left: 0;
            right: 0;
            bottom: 0;
            z-index: 30;
            max-height: 100vh;
            overflow-y: auto;
            border-top: 2px solid #0f766e;
            background: #f0fdfa;
            padding: 0.5rem 1rem;
            box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.12);
        }
        .consent-inner {
            max-width: 72rem;
            margin: 0 auto;
        }
        h2 {
            position: absolute;
            width: 1px;
            height: 1px;
            overflow: hidden;
            clip-path: inset(50%);
            white-space: nowrap;
        }
        p {
            margin: 0 0 0.5rem;
            line-height: 1.5;
        }
        .consent-long {
            display: none;
        }
        form {
            display: flex;
            flex-wrap: wrap;
            gap: 0.5rem;
        }
        .consent-actions {
            display: flex;
            flex: 2 1 14rem;
            gap: 0.5rem;
        }
        .consent-actions button {
            flex: 1 1 0;
        }
        details {
            flex: 1 1 6rem;
        }
        details[open] {
            flex-basis: 100%;
        }
        summary {
            font-weight: 600;
            line-height: 2.75rem;
            text-align: center;
            border: 1px solid #0f766e;
            border-radius: 0.5rem;
        }
        .consent-boxes {
            display: flex;
            flex-direction: column;
            gap: 0.25rem;
            margin: 0.25rem 0 0.5rem;
        }
        @media (min-width: 48rem) {
            .consent {
                position: static;
                max-height: none;
                border-top: 0;
                border-bottom: 2px solid #0f766e;
                box-shadow: none;
                padding: 1rem 1.5rem;
            }
            h2 {
                position: static;
                width: auto;
                height: auto;
                overflow: visible;
                clip-path: none;
                white-space: normal;
                margin: 0 0 0.25rem;
                font-size: 1.125rem;
            }
            .consent-long {
                display: inline;
            }
            .consent-short {
                display: none;
            }
            form {
                display: block;
            }
            .consent-actions button {
                flex: 0 0 auto;
            }
            details {
                margin-top: 0.5rem;
            }
            summary {
                text-align: left;
                border: 0;
            }
        }
    };
    let current = chosen.map(|c| {
        let key = match (c.analytics, c.marketing) {
            (true, true) => Key::ConsentChoiceAll,
            (true, false) => Key::ConsentChoiceAnalytics,
            (false, true) => Key::ConsentChoiceMarketing,
            (false, false) => Key::ConsentChoiceNecessary,
        };
        let locale = i18n.locale();
        view! { class = class, <p class="consent-current">{t_args(locale, Key::ConsentCurrent, &[("choice", crate::i18n::t(locale, key))])}</p> }
    });
    let chosen = chosen.unwrap_or_default();
    let policy = href(i18n.locale(), Page::CookiePolicy);
    view! { class = class,
        <section id=BANNER_ID class="consent" aria-labelledby="cookie-consent-title">
            <div class="consent-inner">
                <h2 id="cookie-consent-title">{i18n.text(Key::ConsentTitle)}</h2>
                <p>
                    <span class="consent-long">{i18n.text(Key::ConsentText)}</span>
                    <span class="consent-short">{i18n.text(Key::ConsentTextShort)}</span>
                    " "
                    <a href=policy>{i18n.text(Key::ConsentPolicyLink)}</a>
                </p>
                {current}
                <form method="post" action=action>
                    <HiddenFields csrf=csrf form=AuthForm::CookieConsent/>
                    <div class="consent-actions">
                        <button type="submit" class="btn-primary" name="choice" value="accept_all">{i18n.text(Key::ConsentAcceptAll)}</button>
                        <button type="submit" class="btn-primary" name="choice" value="reject_all">{i18n.text(Key::ConsentRejectAll)}</button>
                    </div>
                    <details open=reopened>
                        <summary>{i18n.text(Key::ConsentChoose)}</summary>
                        <div class="consent-boxes">
                            <label><input type="checkbox" checked=true disabled=true/>{i18n.text(Key::ConsentNecessary)}</label>
                            <label><input type="checkbox" name="analytics" value="1" checked=chosen.analytics/>{i18n.text(Key::ConsentAnalytics)}</label>
                            <label><input type="checkbox" name="marketing" value="1" checked=chosen.marketing/>{i18n.text(Key::ConsentMarketing)}</label>
                        </div>
                        <button type="submit" class="btn-secondary" name="choice" value="custom">{i18n.text(Key::ConsentSave)}</button>
                    </details>
                </form>
            </div>
        </section>
    }
}

/// The consent-gated tracking script (a small plain-JS module, not WASM).
/// Rendered on every page with chrome; it reads `acceptCookie` itself and
/// does nothing a category was not granted for. `data-pixel` names the
/// Meta pixel its conversion events are posted for (public, like a pixel tag).
#[component]
pub fn TrackingScript() -> impl IntoView {
    let pixel = crate::config::use_public_config().meta_pixel_id.clone();
    // 'self' already allows it; the nonce keeps "every script tag carries
    // the response's nonce" true for whoever audits the page.
    view! { <script type="module" src=TRACKING_SCRIPT_PATH nonce=leptos::nonce::use_nonce() data-tracking="" data-pixel=pixel></script> }
}

/// Where the tracking module is served (from `public/`).
pub const TRACKING_SCRIPT_PATH: &str = "/tracking.js";
