//! The owner's page once they decided: the decision and when, what was shared
//! (when and how precisely; the coordinates only in the answer to "Share
//! once", never on a later visit), when it is deleted, whether the number is
//! blocked, and only the actions still open — stop a live sharing (the
//! banner of [`LiveSharing`]), "Stop sharing" (delete) and "Block all
//! future requests", and trusting the requester (`trust`). All are plain
//! forms (`decision=stop_sharing|block|trust|untrust`)
//! that work without JavaScript; with it, [`AfterDecision`] posts them
//! through the API and shows the answer in place.
use super::live::LiveSharing;
use super::trust::TrustActions;
use crate::account::plan::now_ms;
use crate::components::TimedText;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealState, RevealView};
use crate::pages::dashboard_locations::position_text;
use crate::widgets::{GeoPoint, MapView};
use leptos::prelude::*;

use super::decision_form::decision_form;

/// One line of the decided page: a sentence with a moment in it (shown in
/// the reader's zone), or plain text.
enum Line {
    Timed(Key, i64),
    Plain(String),
}

impl Line {
    fn render(self, locale: Locale, offset_min: i32) -> AnyView {
        match self {
            Line::Timed(key, ms) => {
                view! { <TimedText locale=locale key=key ms=ms offset_min=offset_min/> }.into_any()
            }
            Line::Plain(text) => text.into_any(),
        }
    }
}

/// The decision, with its time when the server gave one.
fn decision_line(locale: Locale, view: &RevealView) -> Line {
    let (timed, plain) = match view.state {
        RevealState::Shared => (Key::RevealDecisionShared, Key::RevealShared),
        RevealState::Blocked => (Key::RevealDecisionBlocked, Key::RevealBlocked),
        _ => (Key::RevealDecisionDeclined, Key::RevealDeclined),
    };
    match view.decided_at {
        Some(at) => Line::Timed(timed, at),
        None => Line::Plain(t(locale, plain).to_owned()),
    }
}

/// What was shared and what becomes of it (shared state only): one line each.
fn shared_facts(locale: Locale, view: &RevealView) -> Vec<Line> {
    let mut facts = Vec::new();
    if view.state != RevealState::Shared {
        return facts;
    }
    if let Some(at) = view.shared_at {
        let key = match view.live_until {
            Some(_) => Key::ShareLiveLast,
            None => Key::LocateSharedAt,
        };
        facts.push(Line::Timed(key, at));
    }
    if let Some(precision) = view.precision {
        facts.push(Line::Plain(t(locale, precision.label_key()).to_owned()));
    }
    if let Some(until) = view.live_until {
        let key = if until > now_ms() {
            Key::ShareLiveUntil
        } else {
            Key::ShareLiveEnded
        };
        facts.push(Line::Timed(key, until));
    }
    if let Some(meters) = view.shared_accuracy_m {
        facts.push(Line::Plain(t_args(
            locale,
            Key::RevealSharedAccuracy,
            &[("meters", &format!("{}", meters.round() as i64))],
        )));
    }
    match view.delete_after {
        Some(at) => facts.push(Line::Timed(Key::RevealDeleteAfter, at)),
        // Only a server that reports decisions says "deleted"; an older answer
        // without the decision time says nothing about deletion.
        None if view.decided_at.is_some() => {
            facts.push(Line::Plain(t(locale, Key::RevealDeleted).to_owned()));
        }
        None => {}
    }
    facts
}

/// The page's heading for a decided state: the decision itself.
fn heading_key(state: RevealState) -> Key {
    match state {
        RevealState::Shared => Key::RevealHeadingShared,
        RevealState::Blocked => Key::RevealHeadingBlocked,
        _ => Key::RevealHeadingDeclined,
    }
}

/// The decision as the heading, then its time and facts (no actions).
#[component]
pub(super) fn DecisionSummary(view: RevealView) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let state = match view.state {
        RevealState::Shared => "shared",
        RevealState::Blocked => "blocked",
        _ => "declined",
    };
    let heading = t(locale, heading_key(view.state));
    let blocked_line = (view.number_blocked && view.state != RevealState::Blocked).then(
        || view! { <p class="reveal-number-blocked">{i18n.text(Key::RevealNumberBlocked)}</p> },
    );
    let offset = view.utc_offset_min.unwrap_or(0);
    let facts = shared_facts(locale, &view);
    let asked_by = view.requester.clone().map(|who| {
        let reason = crate::model::reason::LocateReason::text_of(&view.note, locale);
        let line = t_args(
            locale,
            Key::ReceiptAskedBy,
            &[("who", &who), ("reason", reason)],
        );
        view! { <p class="reveal-receipt-who">{line}</p> }
    });
    let decision = decision_line(locale, &view).render(locale, offset);
    view! {
        <h1>{heading}</h1>
        <section data-reveal-state=state class="reveal-decided">
            <p class="form-notice reveal-decision" role="status">{decision}</p>
            {asked_by}
            {(!facts.is_empty())
                .then(|| {
                    view! {
                        <ul class="reveal-facts">
                            {facts
                                .into_iter()
                                .map(|f| view! { <li>{f.render(locale, offset)}</li> })
                                .collect_view()}
                        </ul>
                    }
                })}
            {blocked_line}
            {view.shared.map(|point| view! { <SharedPosition point=point/> })}
        </section>
    }
}

/// The shared position as text (for people and tests) and on the map, then
/// that this answer is the only time it is shown.
#[component]
pub(super) fn SharedPosition(point: GeoPoint) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    view! {
        <p class="located-position" data-lat=point.lat data-lng=point.lng>
            {position_text(locale, point)}
        </p>
        <MapView location=Signal::stored(Some(point))/>
        <p class="reveal-not-again">{i18n.text(Key::RevealNotShownAgain)}</p>
    }
}

/// The decided page in the browser: the summary of `view` and the actions it
/// leaves open, updated in place after each action.
#[component]
pub(super) fn AfterDecision(
    locale: Locale,
    token: String,
    csrf: String,
    view: RwSignal<RevealView>,
) -> impl IntoView {
    let failed = RwSignal::new(Option::<String>::None);
    let (live_token, live_csrf) = (token.clone(), csrf.clone());
    let (trust_token, trust_csrf) = (token.clone(), csrf.clone());
    let form = move |decision: RevealDecision, key: Key, id: &'static str| {
        let live = Some((view, failed));
        decision_form(
            locale,
            token.clone(),
            csrf.clone(),
            decision,
            key,
            id.to_string(),
            live,
        )
    };
    let block_form = form.clone();
    view! {
        <div class="reveal-after">
            <LiveSharing locale=locale token=live_token csrf=live_csrf view=view/>
            {move || view! { <DecisionSummary view=view.get()/> }}
            {move || failed.get().map(|m| view! { <p class="form-alert" role="alert">{m}</p> })}
            <div class="reveal-actions">
                {move || {
                    view.with(|v| v.can_stop_sharing)
                        .then(|| form(RevealDecision::StopSharing, Key::RevealStopSharing, "reveal-stop-sharing"))
                }}
                {move || {
                    view.with(|v| v.can_block)
                        .then(|| block_form(RevealDecision::Block, Key::RevealBlockFuture, "reveal-block-future"))
                }}
            </div>
            <TrustActions locale=locale token=trust_token csrf=trust_csrf view=view failed=failed/>
        </div>
    }
}

/// The decided page as an island: server-rendered with the actions as plain
/// forms; with JavaScript they post through the API instead.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn RevealAfter(locale: Locale, token: String, csrf: String, view: RevealView) -> impl IntoView {
    crate::i18n::provide_i18n(Signal::derive(move || locale));
    let view = RwSignal::new(view);
    view! { <AfterDecision locale=locale token=token csrf=csrf view=view/> }
}
