//! The dashboard's location requests (`/dashboard/locations`): the form that
//! asks a phone's owner for their location (plain no-JS form `locate_create`)
//! and the member's requests, whose statuses the [`LocateRequests`] island
//! keeps up to date. A position appears only after its owner chose "Share once".
//!
//! Query: `?created=<id>` (the server's redirect after a new request).
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::plan::format_utc_datetime;
use crate::account::validation::{Slot, PHONE_INPUT_MAX_LEN};
use crate::api::{ApiClient, ApiError, LOCATE_PAGE_SIZE};
use crate::components::{csrf_token, CountryPicker, FormMessages, FormState, HiddenFields, ReasonField, SlotField};
use crate::countries;
use crate::i18n::{provide_i18n, t_args, use_i18n, Key, Locale};
use crate::model::locate::{GpsTrace, LocateRequestView, LABEL_MAX_CHARS};
use crate::model::reason::LocateReason;
use crate::routes::{href, Page};
use crate::widgets::{GeoPoint, MapView};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_query_map;
use serde::{Deserialize, Serialize};

/// What the server render loads: the first page of requests and the shared
/// positions of the located ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Loaded {
    requests: Vec<LocateRequestView>,
    traces: Vec<GpsTrace>,
}

async fn load(client: ApiClient, locale: Locale) -> Result<Loaded, ApiError> {
    let list = client.locate_list(locale, 1, LOCATE_PAGE_SIZE).await?;
    let mut traces = Vec::new();
    for request in list.items.iter().filter(|r| r.has_location) {
        // A trace that fails to load leaves the row without a map, not the page.
        if let Ok(trace) = client.gps_trace(locale, request.id).await {
            traces.push(trace);
        }
    }
    Ok(Loaded { requests: list.items, traces })
}

/// The create form, then the list (or the empty state).
#[component]
pub fn DashboardLocationsPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let created = use_query_map().with_untracked(|q| q.get("created")).and_then(|id| id.parse::<i64>().ok());
    let csrf = csrf_token();
    let client = ApiClient::new();
    let loaded = Resource::new(|| (), move |()| load(client.clone(), locale));
    view! {
        <section class="dashboard">
            <h1>{i18n.text(Page::DashboardLocations.title_key())}</h1>
            <CreateRequestForm csrf=csrf.clone() created=created.is_some()/>
            <h2 id="my-requests">{i18n.text(Key::LocateListTitle)}</h2>
            <Suspense fallback=|| ()>
                {move || {
                    let csrf = csrf.clone();
                    Suspend::new(async move {
                        match loaded.await {
                            Err(e) => EitherOf3::A(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                            Ok(Loaded { requests, .. }) if requests.is_empty() => EitherOf3::B(view! { <EmptyState/> }),
                            Ok(Loaded { requests, traces }) => EitherOf3::C(view! {
                                <LocateRequests
                                    locale=locale
                                    csrf=csrf
                                    requests=requests
                                    traces=traces
                                    created=created
                                />
                            }),
                        }
                    })
                }}
            </Suspense>
        </section>
    }
}

/// "No location requests yet", why, and the way to make one.
#[component]
fn EmptyState() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="empty-state">
            <h2>{i18n.text(Key::LocationsEmptyTitle)}</h2>
            <p>{i18n.text(Key::LocationsEmptyText)}</p>
            <A href=move || format!("{}#phone", href(i18n.locale(), Page::Home)) attr:class="btn-primary">
                {i18n.t(Key::LocationsEmptyCta)}
            </A>
        </div>
    }
}

/// Country, number and an optional note (form `locate_create`), with the
/// promise that the owner decides. Typed values come back after an error.
#[component]
fn CreateRequestForm(csrf: String, created: bool) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::LocateCreate);
    let typed = |name: &str| outcome.as_ref().and_then(|o| o.value(name)).unwrap_or_default().to_owned();
    let known = |key: &str| countries::all().iter().any(|c| c.key() == key);
    let country = Some(typed("country"))
        .filter(|c| known(c))
        .unwrap_or_else(|| countries::default_region(locale).to_owned());
    let country = RwSignal::new(country);
    let state = FormState::from_outcome(AuthForm::LocateCreate)
        .with_notice(created.then_some(Key::LocateCreatedNotice));
    let errors = state.errors;
    view! {
        <div class="locate-create">
            <h2>{i18n.text(Key::LocateFormTitle)}</h2>
            <p class="locate-consent">{i18n.text(Key::LocateFormConsent)}</p>
            <form
                method="post"
                action=href(locale, Page::DashboardLocations)
                id="locate-create-form"
                data-auth-form=AuthForm::LocateCreate.param()
            >
                <HiddenFields csrf=csrf form=AuthForm::LocateCreate/>
                <FormMessages errors=errors.clone() notice=state.notice/>
                <CountryPicker selected=country/>
                <SlotField
                    prefix="locate"
                    field=Slot::Phone
                    label=Key::LocateFormPhone
                    errors=errors.clone()
                    max_len=PHONE_INPUT_MAX_LEN
                    value=typed("phone")
                    input_type="tel"
                    autocomplete="tel-national"
                    inputmode="tel"
                    required=true
                />
                <ReasonField prefix="locate" errors=errors selected=typed("note")/>
                <button type="submit" id="locate-submit" class="btn-primary">{i18n.text(Key::LocateFormSubmit)}</button>
            </form>
        </div>
    }
}

/// How often the statuses are refreshed while a request can still change.
#[cfg(feature = "browser")]
const POLL: std::time::Duration = std::time::Duration::from_secs(5);

/// The member's requests. Rendered by the server with what it loaded; in the
/// browser it polls `GET /spyContent` every 5 s while a request is not final
/// (skipping while the tab is hidden), and reads the shared position of a
/// request that became located once.
#[island]
pub fn LocateRequests(
    locale: Locale,
    csrf: String,
    requests: Vec<LocateRequestView>,
    traces: Vec<GpsTrace>,
    created: Option<i64>,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let rows = RwSignal::new(requests);
    let traces = RwSignal::new(traces);
    Effect::new(move |_| {
        #[cfg(feature = "browser")]
        poll::start(locale, rows, traces);
    });
    let csrf = StoredValue::new(csrf);
    view! {
        <ul class="locate-list" id="locate-list">
            <For
                each=move || rows.get()
                key=|r| (r.id, r.status, r.has_location, r.can_resend, r.label.clone())
                children=move |request| {
                    let id = request.id;
                    let position = Signal::derive(move || traces.with(|t| position_of(t, id)));
                    view! {
                        <LocateRow
                            request=request
                            position=position
                            csrf=csrf.get_value()
                            highlight=created == Some(id)
                        />
                    }
                }
            />
        </ul>
    }
}

/// The latest position shared for request `id`, if it was read.
fn position_of(traces: &[GpsTrace], id: i64) -> Option<GeoPoint> {
    traces.iter().find(|t| t.request_id == id).and_then(|t| t.points.last()).map(|p| p.point)
}

/// One request: number, label, note, status, times, its map once located,
/// and the actions its state allows (plain forms `locate_action`).
#[component]
fn LocateRow(
    request: LocateRequestView,
    position: Signal<Option<GeoPoint>>,
    csrf: String,
    highlight: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let action = href(locale, Page::DashboardLocations);
    let id = request.id;
    let status = request.status;
    let can_cancel = request.can_cancel();
    let has_location = request.has_location;
    let rename_csrf = csrf.clone();
    let form = move |name: &'static str, key: Key, class: &'static str| {
        view! {
            <form method="post" action=action.clone() class="locate-action">
                <HiddenFields csrf=csrf.clone() form=AuthForm::LocateAction/>
                <input type="hidden" name="id" value=id/>
                <input type="hidden" name="action" value=name/>
                <button type="submit" class=format!("btn-secondary {class}")>{i18n.text(key)}</button>
            </form>
        }
    };
    let resend = request.can_resend.then(|| form("resend", Key::LocateResend, "locate-resend"));
    let cancel = can_cancel.then(|| form("cancel", Key::LocateCancel, "locate-cancel"));
    let clear = has_location.then(|| form("clear", Key::LocateClear, "locate-clear"));
    let label_id = format!("label-{id}");
    let rename = view! {
        <form method="post" action=href(locale, Page::DashboardLocations) class="locate-action locate-rename-form">
            <HiddenFields csrf=rename_csrf form=AuthForm::LocateAction/>
            <input type="hidden" name="id" value=id/>
            <input type="hidden" name="action" value="rename"/>
            <label for=label_id.clone()>{i18n.text(Key::LocateLabelField)}</label>
            <input id=label_id name="label" type="text" maxlength=LABEL_MAX_CHARS value=request.label.clone()/>
            <button type="submit" class="btn-secondary locate-rename">{i18n.text(Key::LocateRename)}</button>
        </form>
    };
    let map = has_location.then(|| {
        move || {
            position.get().map(|point| {
                view! {
                    <div class="locate-map">
                        <p class="located-position" data-lat=point.lat data-lng=point.lng>
                            {position_text(locale, point)}
                        </p>
                        <MapView location=Signal::stored(Some(point))/>
                    </div>
                }
            })
        }
    });
    let note = view! {
        <dt>{i18n.text(Key::LocateRowNote)}</dt>
        <dd class="locate-note">{LocateReason::text_of(&request.note, locale)}</dd>
    };
    let label = (!request.label.is_empty()).then(|| view! { <span class="locate-label">{request.label.clone()}</span> });
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
                {note}
                <dt>{i18n.text(Key::LocateRowCreated)}</dt>
                <dd class="locate-created">{format_utc_datetime(request.created_at)}</dd>
                <dt>{i18n.text(Key::LocateRowExpires)}</dt>
                <dd class="locate-expires">{format_utc_datetime(request.expires_at)}</dd>
            </dl>
            {map}
            <div class="locate-actions">{resend} {cancel} {clear} {rename}</div>
        </li>
    }
}

/// "Latitude …, longitude …" with six decimals (about 10 cm).
pub fn position_text(locale: Locale, point: GeoPoint) -> String {
    let (lat, lng) = (format!("{:.6}", point.lat), format!("{:.6}", point.lng));
    t_args(locale, Key::LocatePositionText, &[("lat", &lat), ("lng", &lng)])
}

#[cfg(feature = "browser")]
mod poll {
    use super::POLL;
    use crate::api::{ApiClient, LOCATE_PAGE_SIZE};
    use crate::i18n::Locale;
    use crate::model::locate::{any_pending, GpsTrace, LocateRequestView};
    use leptos::prelude::*;

    /// Schedules the next refresh unless every request is final.
    pub(super) fn start(locale: Locale, rows: RwSignal<Vec<LocateRequestView>>, traces: RwSignal<Vec<GpsTrace>>) {
        let client = ApiClient::new();
        // Rows rendered located before hydration may lack their trace.
        fetch_missing_traces(&client, locale, rows, traces);
        schedule(client, locale, rows, traces);
    }

    fn schedule(client: ApiClient, locale: Locale, rows: RwSignal<Vec<LocateRequestView>>, traces: RwSignal<Vec<GpsTrace>>) {
        if !rows.try_with_untracked(|r| any_pending(r)).unwrap_or(false) {
            return;
        }
        set_timeout(
            move || {
                if tab_hidden() {
                    // No calls from a background tab; look again later.
                    schedule(client, locale, rows, traces);
                    return;
                }
                leptos::task::spawn_local(async move {
                    if let Ok(list) = client.locate_list(locale, 1, LOCATE_PAGE_SIZE).await {
                        let changed = rows.try_with_untracked(|r| *r != list.items).unwrap_or(false);
                        if changed {
                            rows.set(list.items);
                        }
                        fetch_missing_traces(&client, locale, rows, traces);
                    }
                    schedule(client, locale, rows, traces);
                });
            },
            POLL,
        );
    }

    /// Reads, once, the position of each located request that has none yet.
    fn fetch_missing_traces(
        client: &ApiClient,
        locale: Locale,
        rows: RwSignal<Vec<LocateRequestView>>,
        traces: RwSignal<Vec<GpsTrace>>,
    ) {
        let missing: Vec<i64> = rows
            .try_with_untracked(|rows| {
                traces.with_untracked(|traces| {
                    rows.iter()
                        .filter(|r| r.has_location && !traces.iter().any(|t| t.request_id == r.id))
                        .map(|r| r.id)
                        .collect()
                })
            })
            .unwrap_or_default();
        for id in missing {
            // Mark it as read (an empty trace) so a failure is not retried every 5 s.
            traces.update(|t| t.push(GpsTrace { request_id: id, points: Vec::new() }));
            let client = client.clone();
            leptos::task::spawn_local(async move {
                if let Ok(trace) = client.gps_trace(locale, id).await {
                    traces.update(|t| {
                        t.retain(|x| x.request_id != id);
                        t.push(trace);
                    });
                }
            });
        }
    }

    fn tab_hidden() -> bool {
        web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::locate::TracePoint;

    #[test]
    fn the_latest_point_of_the_request_is_shown() {
        let point = |lat| TracePoint { point: GeoPoint { lat, lng: 1.0, accuracy: None }, shared_at: 0 };
        let traces = vec![
            GpsTrace { request_id: 1, points: vec![point(1.0), point(2.0)] },
            GpsTrace { request_id: 2, points: vec![] },
        ];
        assert_eq!(position_of(&traces, 1).map(|p| p.lat), Some(2.0));
        assert_eq!(position_of(&traces, 2), None);
        assert_eq!(position_of(&traces, 3), None);
        assert_eq!(
            position_text(Locale::En, GeoPoint { lat: -6.2, lng: 106.816_666_6, accuracy: None }),
            "Latitude -6.200000, longitude 106.816667"
        );
    }
}
