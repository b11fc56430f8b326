//! The document shell (server only) and the root component (both sides).
use crate::components::{
    chrome_cache, csrf_token, AuthFormGuard, ChatLauncher, ConsentBanner, TrackingScript,
};
use crate::config::{to_inline_json, use_public_config, CONFIG_ELEMENT_ID};
use crate::dialogs::DialogLayer;
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use crate::pages::{
    AccountPage, BillingPage, CancelSubscriptionPage, DashboardLocationsPage, DashboardVoicePage,
    DoNotLocatePage, HomePage, InfoPage, LoginPage, NotFoundPage, PayMethodPage, PayResultPage,
    PhoneLocatePage, ReceiptPage, ResetCodePage, ResetPasswordPage, RevealLocationPage,
    TelecomOwnerPage, TelecomPage, VoiceSmsPage,
};
use crate::routes::{resolve, Page};
use crate::widgets::HelpChat;
use leptos::either::{Either, EitherOf4, EitherOf5, EitherOf6};
use leptos::prelude::*;
use leptos_router::{components::Router, hooks::use_location};

/// The whole HTML document. The server renders it; the browser hydrates the
/// islands in `<body>`. Pages whose islands must run at once boot the app
/// WASM right after their first paint (nothing is preloaded: the page's
/// HTML and CSS get the connection first); text pages load it on first use
/// of a `data-wake` element (see `app/js/site.js`).
pub fn shell() -> impl IntoView {
    let config = use_public_config();
    let assets = config.assets.clone();
    let (page, locale) = requested_page();
    let eager = page.hydrates_at_once();
    let boot = boot_script(&assets, eager, locale);
    let head_tags = head_tags(&config.base_url, locale, page);
    view! {
        <!DOCTYPE html>
        <html lang=locale.html_lang()>
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                <link rel="apple-touch-icon" href="/apple-touch-icon.png"/>
                <link rel="manifest" href="/site.webmanifest"/>
                <meta name="theme-color" content="#0f766e"/>
                {assets.css.map(|href| view! { <link rel="stylesheet" href=href/> })}
                <script id=CONFIG_ELEMENT_ID type="application/json" inner_html=to_inline_json(&config)></script>
                {(!boot.is_empty())
                    .then(|| view! {
                        <script nonce=leptos::nonce::use_nonce() inner_html=RUNS_APP_SCRIPT></script>
                        <script type="module" nonce=leptos::nonce::use_nonce() inner_html=boot></script>
                    })}
                {head_tags}
            </head>
            <body>
                <App/>
            </body>
        </html>
    }
}

/// The page's title and metadata tags, rendered once per page and language
/// (server only: the shell is never rendered in the browser).
fn head_tags(base: &str, locale: Locale, page: Page) -> impl IntoView {
    #[cfg(feature = "ssr")]
    let html = crate::components::head_tags(base, locale, page).to_string();
    #[cfg(not(feature = "ssr"))]
    let html = {
        let _ = (base, locale, page);
        String::new()
    };
    leptos::tachys::html::InertElement::new(html)
}

/// Marks `<html class="js">` before the first paint on pages that run the
/// app, so the style can keep room for what appears once it runs (the
/// country search) instead of shifting the page then.
const RUNS_APP_SCRIPT: &str = "document.documentElement.classList.add('js')";

/// The inline module that hands the app chunk's URLs and the page's
/// language file to the site script.
fn boot_script(assets: &crate::config::Assets, eager: bool, locale: Locale) -> String {
    match (
        &assets.site_js,
        &assets.app_js,
        &assets.app_wasm,
        texts_url(assets, locale),
    ) {
        (Some(site), Some(js), Some(wasm), Some(texts)) => {
            let lang = locale.code();
            format!("import {{ start }} from '{site}';start({{ js: '{js}', wasm: '{wasm}', texts: '{texts}', lang: '{lang}', eager: {eager} }});")
        }
        _ => String::new(),
    }
}

/// The texts of `locale` that the hydrate WASM loads.
fn texts_url(assets: &crate::config::Assets, locale: Locale) -> Option<String> {
    let dir = assets.texts.as_deref()?;
    Some(format!("{dir}/{}.json", locale.code()))
}

/// The page of the request being rendered and its language (the shell only
/// renders on the server).
fn requested_page() -> (Page, Locale) {
    #[cfg(feature = "ssr")]
    if let Some(parts) = use_context::<http::request::Parts>() {
        let resolved = resolve(parts.uri.path());
        return (resolved.page.unwrap_or(Page::NotFound), resolved.locale);
    }
    (Page::Home, Locale::En)
}

/// The root component. Every address is resolved by [`crate::routes`];
/// the router only provides the location, so no route table is matched.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <Router>
            <Site/>
        </Router>
    }
}

/// The page of the address with the site's chrome. Rendered on the server
/// only (the browser hydrates the islands in it), where the address does not
/// change during a render: nothing here needs to be reactive.
#[component]
fn Site() -> impl IntoView {
    let current = resolve(&use_location().pathname.get_untracked());
    provide_i18n(Signal::stored(current.locale));
    let i18n = use_i18n();
    // Read once: the islands receive it as a prop (they have no server context).
    let csrf = csrf_token();
    let viewer = crate::account::use_viewer();
    // Unknown paths and `/404` itself answer 404, not 200 with an error text.
    let page = current.page.unwrap_or(Page::NotFound);
    if page == Page::NotFound {
        mark_not_found();
    }
    let body = page_body(page);
    // The owner's consent pages stay about one thing: no chat there.
    let chat = page != Page::DoNotLocate;
    let content = if page.has_chrome() {
        Either::Left(view! {
            <a class="skip-link" href="#main">{i18n.text(Key::SkipToContent)}</a>
            <ConsentBanner csrf=csrf.clone()/>
            {chrome_cache::header(page)}
            <main id="main">{body}</main>
            {chat.then(|| view! { <ChatLauncher/> })}
            {chrome_cache::footer(page)}
            {chat.then(|| view! { <HelpChat locale=current.locale email=viewer.as_ref().map(|v| v.email.clone())/> })}
            <DialogLayer locale=current.locale csrf=csrf viewer=viewer/>
            <AuthFormGuard locale=current.locale/>
            <TrackingScript/>
        })
    } else {
        Either::Right(body)
    };
    view! {
        {content}
        <ConnectionStatus/>
    }
}

/// The live region where the site script says the connection is gone or back
/// (empty, it takes no room).
#[component]
fn ConnectionStatus() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div
            id="net-status"
            class="net-status"
            role="status"
            data-offline=i18n.text(Key::NetOffline)
            data-online=i18n.text(Key::NetOnline)
        ></div>
    }
}

/// `EitherOf6`, not `AnyView`: type-erased views carry async-hydration code
/// for every page into the WASM whether it is used or not.
fn page_body(page: Page) -> impl IntoView {
    match page {
        Page::Home => EitherOf6::A(view! { <HomePage/> }),
        Page::PhoneLocate => EitherOf6::B(view! { <PhoneLocatePage/> }),
        Page::RevealLocation | Page::DoNotLocate => EitherOf6::C(consent_page_body(page)),
        Page::NotFound => EitherOf6::D(view! { <NotFoundPage/> }),
        Page::Login
        | Page::ResetPassword
        | Page::ResetCode
        | Page::DashboardLocations
        | Page::Account => EitherOf6::E(account_page_body(page)),
        Page::VoiceSms | Page::DashboardVoice | Page::Telecom | Page::TelecomOwner => {
            EitherOf6::F(Either::Left(feature_page_body(page)))
        }
        Page::CancelSubscription
        | Page::PayMethod
        | Page::PayResult
        | Page::Billing
        | Page::Receipt => EitherOf6::F(Either::Right(Either::Left(checkout_page_body(page)))),
        other => EitherOf6::F(Either::Right(Either::Right(
            view! { <InfoPage page=other/> },
        ))),
    }
}

/// Voice messages (write and send, the sender's list) and reverse lookup
/// (the search, the owner's page); same reason.
fn feature_page_body(page: Page) -> impl IntoView {
    match page {
        Page::VoiceSms => EitherOf4::A(view! { <VoiceSmsPage/> }),
        Page::DashboardVoice => EitherOf4::B(view! { <DashboardVoicePage/> }),
        Page::Telecom => EitherOf4::C(view! { <TelecomPage/> }),
        _ => EitherOf4::D(view! { <TelecomOwnerPage/> }),
    }
}

/// The owner's side of locating with consent (a nested `Either`, same reason).
fn consent_page_body(page: Page) -> impl IntoView {
    match page {
        Page::RevealLocation => Either::Left(view! { <RevealLocationPage/> }),
        _ => Either::Right(view! { <DoNotLocatePage/> }),
    }
}

/// Checkout and billing (a nested `EitherOf5`, same reason).
fn checkout_page_body(page: Page) -> impl IntoView {
    match page {
        Page::PayMethod => EitherOf5::A(view! { <PayMethodPage/> }),
        Page::PayResult => EitherOf5::B(view! { <PayResultPage/> }),
        Page::Billing => EitherOf5::C(view! { <BillingPage/> }),
        Page::Receipt => EitherOf5::D(view! { <ReceiptPage/> }),
        _ => EitherOf5::E(view! { <CancelSubscriptionPage/> }),
    }
}

/// The sign-in, reset and member pages (a nested `EitherOf5`, same reason).
fn account_page_body(page: Page) -> impl IntoView {
    match page {
        Page::Login => EitherOf5::A(view! { <LoginPage/> }),
        Page::ResetPassword => EitherOf5::B(view! { <ResetPasswordPage/> }),
        Page::ResetCode => EitherOf5::C(view! { <ResetCodePage/> }),
        Page::DashboardLocations => EitherOf5::D(view! { <DashboardLocationsPage/> }),
        _ => EitherOf5::E(view! { <AccountPage/> }),
    }
}

/// Unknown paths answer 404, not 200 with an error text.
fn mark_not_found() {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
}
