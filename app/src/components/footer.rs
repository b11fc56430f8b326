//! Site footer: legal links, support address and the honest fine print.
use crate::components::PageLinks;
use crate::config::use_public_config;
use crate::consent::{current_query, BANNER_ID, SETTINGS_PARAM};
use crate::i18n::{t_args, use_i18n, Key};
use crate::navigation::with_query;
use crate::routes::Page;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// The footer shown on every page with chrome. `settings`: the cookie
/// settings link's address, when the caller has it (the kept footer's
/// stand-in); else this very address's.
#[component]
pub fn Footer(#[prop(optional)] settings: Option<String>) -> impl IntoView {
    let i18n = use_i18n();
    let email = use_public_config().support_email.clone();
    let links = [
        (Page::AboutUs, Key::FooterAbout),
        (Page::PrivacyPolicy, Key::FooterPrivacy),
        (Page::TermOfUse, Key::FooterTerms),
        (Page::Intellectual, Key::FooterIp),
        (Page::CookiePolicy, Key::FooterCookies),
        (Page::CancelSubscription, Key::FooterCancel),
        (Page::Unsubscribe, Key::FooterUnsubscribe),
        (Page::Help, Key::FooterHelp),
    ];
    let mailto = format!("mailto:{email}");
    let settings = settings.unwrap_or_else(settings_href);
    view! {
        <footer class="site-footer">
            <ul class="footer-links">
                <PageLinks links=links.to_vec()/>
                <li><a href=settings id="cookie-settings">{i18n.text(Key::FooterCookieSettings)}</a></li>
            </ul>
            <p class="footer-mail">
                <a href=mailto id="footer-mail">
                    {move || t_args(i18n.locale(), Key::FooterSupport, &[("email", &email)])}
                </a>
            </p>
            <p>{i18n.text(Key::FooterConsent)}</p>
            <p>{i18n.text(Key::FooterDescriptor)}</p>
            <p>{i18n.text(Key::FooterOperator)}</p>
        </footer>
    }
}

/// The cookie settings link: it reopens the banner on this very page (what
/// the page reads and the campaign kept); the anchor brings it into view.
pub fn settings_href() -> String {
    let mut query = crate::page_query::kept(&current_query());
    query.retain(|(k, _)| k != SETTINGS_PARAM);
    query.push((SETTINGS_PARAM.to_owned(), "1".to_owned()));
    format!(
        "{}#{BANNER_ID}",
        with_query(&use_location().pathname.get_untracked(), &query, &[])
    )
}
