//! What a page knows of where its visitor is and what they searched: the
//! country their address is in (pickers preselect it; a kept page is kept
//! per country, as prices differ by it) and the number carried through
//! checkout: its country is the payer's on `/pay-method` (a payment tried
//! again keeps its prices), and a member's dashboard shows it, once.
use crate::cookies::{read, CARRIED_NUMBER_COOKIE};
use crate::services::billing::carried;
use crate::state::AppState;
use app_core::checkout::CarriedNumber;
use app_core::countries::VisitorRegion;
use app_core::routes::{resolve, Page};
use axum::extract::Request;
use axum::http::HeaderValue;
use leptos::prelude::provide_context;

/// The page's view of its visitor.
#[derive(Clone, Debug)]
pub(super) struct PageVisitor {
    region: VisitorRegion,
    carried: Option<CarriedNumber>,
}

impl PageVisitor {
    /// The visitor of `request` and the country its prices follow. The
    /// carried number is read on `/pay-method` and on a `member`'s
    /// dashboard, which also removes its cookie (pushed to `set_cookies`).
    pub(super) fn of(
        state: &AppState,
        request: &Request,
        member: bool,
        set_cookies: &mut Vec<HeaderValue>,
    ) -> (PageVisitor, String) {
        let (country, by_address) = visitor_country(state, request.headers(), request.extensions());
        let page = resolve(request.uri().path()).page;
        let dashboard = member && page == Some(Page::DashboardLocations);
        let stored = (dashboard || page == Some(Page::PayMethod))
            .then(|| read(request.headers(), CARRIED_NUMBER_COOKIE))
            .flatten();
        if dashboard && stored.is_some() {
            let policy = crate::cookies::cookie_policy(&state.config.public_base_url);
            set_cookies.push(policy.carried_number_spent());
        }
        let carried = stored
            .and_then(|stored| carried::open(&state.config.secrets, &stored))
            .map(CarriedNumber);
        let region = VisitorRegion(by_address.then(|| country.clone()));
        (PageVisitor { region, carried }, country)
    }

    /// Puts what the page knows into the render's context.
    pub(super) fn provide(self) {
        provide_context(self.region);
        if let Some(number) = self.carried {
            provide_context(number);
        }
    }
}

/// The country a page shows prices for (the payer rule with nothing
/// chosen: the address, else the default), and whether the address said so.
fn visitor_country(
    state: &AppState,
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
) -> (String, bool) {
    let trust = state.config.trust_forwarded_for;
    let ip = crate::http::client_ip_of(headers, extensions, trust);
    let found = crate::services::visitor::national_country(
        state.geoip.as_deref(),
        ip,
        None,
        &state.config.default_country,
    );
    let by_address = found.source == "ip";
    (found.national_country.to_ascii_uppercase(), by_address)
}
