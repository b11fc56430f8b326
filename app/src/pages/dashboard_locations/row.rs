//! One of the member's requests: what was asked, its status and times, its
//! map once located, and the actions its state allows.
use super::sharing::SharingFacts;
use crate::account::forms::AuthForm;
use crate::components::{HiddenFields, LocalTime};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::locate::{GpsTrace, LocateRequestView, LABEL_MAX_CHARS};
use crate::model::reason::LocateReason;
use crate::routes::{href, Page};
use crate::widgets::{GeoPoint, MapView};
use leptos::prelude::*;

/// The latest position shared for request `id`, if it was read.
pub(super) fn position_of(traces: &[GpsTrace], id: i64) -> Option<GeoPoint> {
    traces
        .iter()
        .find(|t| t.request_id == id)
        .and_then(|t| t.points.last())
        .map(|p| p.point)
}

/// One request: number, label, note, status, times, its map once located,
/// and the actions its state allows (plain forms `locate_action`).
#[component]
pub(super) fn LocateRow(
    request: LocateRequestView,
    position: Signal<Option<GeoPoint>>,
    trace: Signal<Option<GpsTrace>>,
    csrf: String,
    highlight: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let (id, status) = (request.id, request.status);
    let facts_csrf = csrf.clone();
    let map = request.has_location.then(|| {
        view! {
            <RowMap position=position/>
            <SharingFacts trace=trace csrf=facts_csrf/>
        }
    });
    let label = (!request.label.is_empty())
        .then(|| view! { <span class="locate-label">{request.label.clone()}</span> });
    view! {
        <li
            class="locate-row"
            class:highlight=highlight
            id=format!("request-{id}")
            data-request-id=id
            data-status=status.code()
        >
            <h3>
                <span class="locate-phone">{request.phone.clone()}</span>
                " "
                {label}
            </h3>
            <span class="locate-status" data-status=status.code() role="status">{i18n.text(status.label_key())}</span>
            <dl>
                <dt>{i18n.text(Key::LocateRowNote)}</dt>
                <dd class="locate-note">{LocateReason::text_of(&request.note, locale)}</dd>
                <dt>{i18n.text(Key::LocateRowCreated)}</dt>
                <dd class="locate-created"><LocalTime ms=request.created_at/></dd>
                <dt>{i18n.text(Key::LocateRowExpires)}</dt>
                <dd class="locate-expires"><LocalTime ms=request.expires_at/></dd>
            </dl>
            {map}
            <RowActions request=request csrf=csrf/>
        </li>
    }
}

/// The shared position, once read: on the map (whose caption gives the
/// coordinates) and as a link to the phone's own map app. The time and the
/// precision are the sharing facts' lines, said once.
#[component]
fn RowMap(position: Signal<Option<GeoPoint>>) -> impl IntoView {
    let locale = use_i18n().locale();
    move || {
        position.get().map(|point| {
            view! {
                <div class="locate-map">
                    <MapView location=Signal::stored(Some(point))/>
                    <p class="located-position" data-lat=point.lat data-lng=point.lng>
                        <a
                            class="btn-secondary open-in-maps"
                            href=geo_uri(point)
                            rel="noreferrer"
                            title=t(locale, Key::LocateOpenInMapsHint)
                        >
                            {t(locale, Key::LocateOpenInMaps)}
                        </a>
                    </p>
                </div>
            }
        })
    }
}

/// Resend, cancel and clear as the state allows, and rename: plain forms.
#[component]
fn RowActions(request: LocateRequestView, csrf: String) -> impl IntoView {
    let i18n = use_i18n();
    let action = href(i18n.locale(), Page::DashboardLocations);
    let id = request.id;
    let form = |name: &'static str, key: Key, class: &'static str| {
        view! {
            <form method="post" action=action.clone() class="locate-action">
                <HiddenFields csrf=csrf.clone() form=AuthForm::LocateAction/>
                <input type="hidden" name="id" value=id/>
                <input type="hidden" name="action" value=name/>
                <button type="submit" class=format!("btn-secondary {class}")>{i18n.text(key)}</button>
            </form>
        }
    };
    let resend = request
        .can_resend
        .then(|| form("resend", Key::LocateResend, "locate-resend"));
    let cancel = request
        .can_cancel()
        .then(|| form("cancel", Key::LocateCancel, "locate-cancel"));
    let clear = request
        .has_location
        .then(|| form("clear", Key::LocateClear, "locate-clear"));
    let label_id = format!("label-{id}");
    view! {
        <div class="locate-actions">
            {resend} {cancel} {clear}
            <form method="post" action=action.clone() class="locate-action locate-rename-form">
                <HiddenFields csrf=csrf.clone() form=AuthForm::LocateAction/>
                <input type="hidden" name="id" value=id/>
                <input type="hidden" name="action" value="rename"/>
                <label for=label_id.clone()>{i18n.text(Key::LocateLabelField)}</label>
                <input id=label_id name="label" type="text" maxlength=LABEL_MAX_CHARS value=request.label.clone()/>
                <button type="submit" class="btn-secondary locate-rename">{i18n.text(Key::LocateRename)}</button>
            </form>
        </div>
    }
}

/// The position as a `geo:` URI (RFC 5870), which the phone hands to the
/// map app its owner chose; no map service sees the page or the requester.
/// `q=` repeats the point so Android's map apps drop a pin on it.
pub fn geo_uri(point: GeoPoint) -> String {
    let (lat, lng) = (format!("{:.6}", point.lat), format!("{:.6}", point.lng));
    let accuracy = point
        .accuracy
        .filter(|m| m.is_finite() && *m > 0.0)
        .map(|m| format!(";u={}", m.round()))
        .unwrap_or_default();
    format!("geo:{lat},{lng}{accuracy}?q={lat},{lng}")
}

/// "Latitude …, longitude …" with six decimals (about 10 cm).
pub fn position_text(locale: Locale, point: GeoPoint) -> String {
    let (lat, lng) = (format!("{:.6}", point.lat), format!("{:.6}", point.lng));
    t_args(
        locale,
        Key::LocatePositionText,
        &[("lat", &lat), ("lng", &lng)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::locate::TracePoint;

    #[test]
    fn the_latest_point_of_the_request_is_shown() {
        let point = |lat| TracePoint {
            point: GeoPoint {
                lat,
                lng: 1.0,
                accuracy: None,
            },
            shared_at: 0,
        };
        let traces = vec![
            GpsTrace {
                request_id: 1,
                points: vec![point(1.0), point(2.0)],
                ..GpsTrace::default()
            },
            GpsTrace {
                request_id: 2,
                points: vec![],
                ..GpsTrace::default()
            },
        ];
        assert_eq!(position_of(&traces, 1).map(|p| p.lat), Some(2.0));
        assert_eq!(position_of(&traces, 2), None);
        assert_eq!(position_of(&traces, 3), None);
        assert_eq!(
            position_text(
                Locale::En,
                GeoPoint {
                    lat: -6.2,
                    lng: 106.816_666_6,
                    accuracy: None
                }
            ),
            "Latitude -6.200000, longitude 106.816667"
        );
    }

    #[test]
    fn the_map_link_is_a_geo_uri_with_the_shared_point() {
        let point = GeoPoint {
            lat: -6.2,
            lng: 106.816_666_6,
            accuracy: Some(24.6),
        };
        assert_eq!(
            geo_uri(point),
            "geo:-6.200000,106.816667;u=25?q=-6.200000,106.816667"
        );
        let unknown = GeoPoint {
            accuracy: None,
            ..point
        };
        assert_eq!(
            geo_uri(unknown),
            "geo:-6.200000,106.816667?q=-6.200000,106.816667"
        );
    }
}
