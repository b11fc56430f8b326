//! The widget gallery (Trunk, client-side only): every React widget mounted
//! through the same Rust bridge the site uses, with sample props, so widget
//! work can be seen without the server. Query: `?lang=id|zh`, `?tiles=<url>`.
use crate::components::{CheckoutSetup, PaymentCheckout};
use crate::config::{Assets, PublicConfig};
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use crate::model::billing::MethodChoice;
use crate::model::chat::{ChatAuthor, ChatMessageView};
use crate::model::{Cycle, PricePlan};
use crate::widgets::FieldTexts;
use crate::widgets::{ChatWindowProps, GeoPoint, HelpChatWidget, MapView};
use leptos::prelude::*;

const OSM_TILES: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search.trim_start_matches('?').split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name)
            .then(|| js_sys::decode_uri_component(v).ok().map(String::from))
            .flatten()
    })
}

fn asset_url(path: &str) -> Option<String> {
    let base = web_sys::window()?.document()?.base_uri().ok()??;
    web_sys::Url::new_with_base(path, &base)
        .ok()
        .map(|u| u.href())
}

/// Mounts the gallery on `<body>`.
pub fn run() {
    let config = PublicConfig {
        map_tile_url: query_param("tiles").unwrap_or_else(|| OSM_TILES.to_owned()),
        assets: Assets {
            widgets_js: asset_url("widgets/widgets.js"),
            // Each widget's chunk loads its own stylesheet.
            widgets_css: None,
            ..Assets::default()
        },
        ..PublicConfig::default()
    };
    let locale = query_param("lang")
        .and_then(|l| Locale::from_code(&l))
        .unwrap_or_default();
    leptos::mount::mount_to_body(move || {
        provide_context(std::sync::Arc::new(config));
        provide_i18n(Signal::derive(move || locale));
        view! { <Gallery/> }
    });
    crate::interactive::mark_interactive();
}

#[component]
fn Gallery() -> impl IntoView {
    let i18n = use_i18n();
    // Monas, Jakarta: a fixed, public landmark as sample data.
    let known = GeoPoint {
        lat: -6.175392,
        lng: 106.827153,
        accuracy: Some(35.0),
    };
    view! {
        <main class="gallery">
            <h1>{i18n.text(Key::GalleryTitle)}</h1>
            <section id="map-known">
                <h2>{i18n.text(Key::GalleryMapKnown)}</h2>
                <MapView location=Signal::derive(move || Some(known))/>
            </section>
            <section id="map-empty">
                <h2>{i18n.text(Key::GalleryMapEmpty)}</h2>
                <MapView location=Signal::derive(|| None)/>
            </section>
            <section id="payment-form">
                <h2>{i18n.text(Key::GalleryPaymentForm)}</h2>
                <PaymentCheckout setup=sample_checkout() id_prefix="gpf"/>
            </section>
            <section id="help-chat">
                <h2>{i18n.text(Key::GalleryHelpChat)}</h2>
                <HelpChatWidget props=Signal::derive(move || sample_chat(i18n.locale()))/>
            </section>
        </main>
    }
}

/// The chat as a member sees it, shown in place with two sample messages
/// (nothing is sent: the gallery has no server).
fn sample_chat(locale: Locale) -> ChatWindowProps {
    let message = |id, author, key| ChatMessageView {
        id,
        author,
        body: crate::i18n::t(locale, key).to_owned(),
        created_at: 0,
    };
    ChatWindowProps {
        inline: true,
        sample: Some(vec![
            message(1, ChatAuthor::Person, Key::GalleryChatQuestion),
            message(2, ChatAuthor::Staff, Key::GalleryChatAnswer),
        ]),
        ..ChatWindowProps::new(locale, Some("ana@example.com"), 1)
    }
}

/// A plan and the Philippine methods as sample data (paying needs the
/// server; checking the fields does not).
fn sample_checkout() -> CheckoutSetup {
    let plan = PricePlan {
        id: 1,
        sort: 1,
        is_tryout: true,
        trial_price: "0.99".into(),
        present_price: "29.99".into(),
        currency: "USD".into(),
        cycle: Cycle::Month,
        trial_days: 1,
    };
    CheckoutSetup {
        plan,
        country: "PH".into(),
        methods: MethodChoice::for_country("PH"),
        now_ms: crate::account::plan::now_ms(),
        key: crate::checkout::new_idempotency_key(),
        method: None,
        values: FieldTexts::default(),
        errors: Default::default(),
        searched: Default::default(),
    }
}
