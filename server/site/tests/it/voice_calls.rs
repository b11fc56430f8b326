//! Delivering voice messages with the sandbox call provider, on SQLite and
//! PostgreSQL: the call appears in the developer outbox with its audio; the
//! called person's 9 stops every later message and locate request, 8 files
//! a report; busy gets one retry; night at the number refuses a send and
//! postpones a call to the morning there; texts are deleted after the
//! retention period. The app's clock stands at daytime at the number.
use crate::api_locate::{member, API};
use crate::voice_util::{
    apps_by_day, draft, message, run_caller, send, sent_id, DAY_AT_NUMBER, E164, HELLO_ID, HOUR_MS,
    NUMBER,
};
use sea_orm::{EntityTrait as _, PaginatorTrait as _};
use server::calls::CallProgress;
use server::persistence::entities::{abuse_report, voice_message};
use server::services::locate::registry;
use server::services::voice::{events, events::KeyOutcome, retention};

async fn dev_calls(app: &crate::util::TestApp) -> serde_json::Value {
    app.get("/dev/calls.json").await.json()
}

#[tokio::test]
async fn a_sent_message_rings_with_playable_audio_and_press_9_blocks_the_next() {
    for app in apps_by_day().await {
        let token = member(&app, "voicecall@mail.com").await;
        let id = sent_id(&app, &token, "call-1").await;
        assert_eq!(run_caller(&app, app.state.now_ms()).await, 1);
        let m = message(&app, id).await;
        assert_eq!(
            (m.status.as_str(), m.attempts),
            ("calling", 1),
            "{:?}",
            app.backend
        );
        let calls = dev_calls(&app).await;
        assert_eq!(calls[0]["recipient"], E164);
        let audio = app.get(calls[0]["audioUrl"].as_str().unwrap()).await;
        assert_eq!(
            (audio.status, audio.header("content-type")),
            (200, Some("audio/mpeg"))
        );
        // The dashboard shows it calling; the called person presses 9.
        let listed = app
            .get_with(&format!("{API}/voice/messages/{id}"), &[("token", &token)])
            .await
            .json();
        assert_eq!(listed["obj"]["status"], "calling");
        let pressed = app
            .send(
                "POST",
                &format!("/dev/calls/{}/press9", m.call_ref),
                &[],
                None,
            )
            .await;
        assert_eq!(pressed.status, 303, "{}", pressed.body);
        assert_eq!(message(&app, id).await.status, "opted_out");
        assert!(registry::is_blocked(&app.db, E164).await.unwrap());
        // The next voice message and the next locate request to it are refused.
        let again = send(&app, &token, &draft(NUMBER, HELLO_ID, "id", "call-2"))
            .await
            .json();
        assert_eq!(again["success"], 0);
        assert!(again["obj"]["phoneErrorMsg"].is_string(), "{again}");
        let locate = crate::api_locate::create(&app, &token, NUMBER, "")
            .await
            .json();
        assert_eq!(locate["success"], 0, "{locate}");
        assert!(locate["obj"]["phoneErrorMsg"].is_string(), "{locate}");
    }
}

#[tokio::test]
async fn press_8_reports_once_and_a_late_report_of_an_old_call_changes_nothing() {
    for app in apps_by_day().await {
        let token = member(&app, "voicereport@mail.com").await;
        let id = sent_id(&app, &token, "rep-1").await;
        run_caller(&app, app.state.now_ms()).await;
        let m = message(&app, id).await;
        let cx = app.state.cx();
        assert!(matches!(
            events::record_key(&cx, &m.call_ref, '8').await.unwrap(),
            KeyOutcome::Reported(_)
        ));
        assert!(matches!(
            events::record_key(&cx, &m.call_ref, '8').await.unwrap(),
            KeyOutcome::Reported(_)
        ));
        assert_eq!(
            abuse_report::Entity::find().count(&app.db).await.unwrap(),
            1,
            "{:?}",
            app.backend
        );
        let report = abuse_report::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                report.subject_id,
                report.accused_user_id,
                report.status.as_str()
            ),
            (id, Some(m.user_id), "open")
        );
        events::record_progress(&cx, &m.call_ref, CallProgress::Completed)
            .await
            .unwrap();
        assert_eq!(message(&app, id).await.status, "delivered");
        // A report naming a call we do not know, or a final message, moves nothing.
        events::record_progress(&cx, "vc-unknown", CallProgress::Failed)
            .await
            .unwrap();
        events::record_progress(&cx, &m.call_ref, CallProgress::Failed)
            .await
            .unwrap();
        assert_eq!(message(&app, id).await.status, "delivered");
    }
}

#[tokio::test]
async fn busy_gets_one_retry_after_the_delay_then_no_answer() {
    for app in apps_by_day().await {
        let token = member(&app, "voicebusy@mail.com").await;
        let id = sent_id(&app, &token, "busy-1").await;
        let t0 = app.state.now_ms();
        run_caller(&app, t0).await;
        let first = message(&app, id).await;
        events::record_progress(
            &app.state.cx().at(t0 + 1_000),
            &first.call_ref,
            CallProgress::Busy,
        )
        .await
        .unwrap();
        let queued = message(&app, id).await;
        assert_eq!(queued.status, "queued");
        assert_eq!(
            queued.next_attempt_at,
            Some(t0 + 1_000 + app.state.config.voice.retry_delay_ms)
        );
        // Not before the delay.
        assert_eq!(run_caller(&app, t0 + 2_000).await, 0);
        let retry_at = queued.next_attempt_at.unwrap();
        run_caller(&app, retry_at).await;
        let second = message(&app, id).await;
        assert_eq!((second.status.as_str(), second.attempts), ("calling", 2));
        assert_ne!(
            second.call_ref, first.call_ref,
            "each call has its own reference"
        );
        // The first call's late report is ignored; the second's ends it.
        events::record_progress(
            &app.state.cx().at(retry_at + 1),
            &first.call_ref,
            CallProgress::NoAnswer,
        )
        .await
        .unwrap();
        assert_eq!(message(&app, id).await.status, "calling");
        events::record_progress(
            &app.state.cx().at(retry_at + 2),
            &second.call_ref,
            CallProgress::NoAnswer,
        )
        .await
        .unwrap();
        assert_eq!(message(&app, id).await.status, "no_answer");
        assert_eq!(dev_calls(&app).await.as_array().unwrap().len(), 2);
    }
}

#[tokio::test]
async fn a_send_at_night_in_jakarta_is_refused_and_accepted_in_the_morning() {
    for app in apps_by_day().await {
        let token = member(&app, "voicenight@mail.com").await;
        // 23:00 in Jakarta.
        app.state.clock.set(DAY_AT_NUMBER + 13 * HOUR_MS);
        let res = send(&app, &token, &draft(NUMBER, HELLO_ID, "id", "night-1"))
            .await
            .json();
        assert_eq!(res["success"], 0, "{:?}: {res}", app.backend);
        assert_eq!(
            voice_message::Entity::find().count(&app.db).await.unwrap(),
            0
        );
        // 10:00 in Jakarta the next morning: the same draft is accepted.
        app.state.clock.set(DAY_AT_NUMBER + 24 * HOUR_MS);
        let res = send(&app, &token, &draft(NUMBER, HELLO_ID, "id", "night-1"))
            .await
            .json();
        assert_eq!(res["success"], 1, "{:?}: {res}", app.backend);
    }
}

#[tokio::test]
async fn a_call_due_at_night_in_jakarta_is_postponed_to_eight_there() {
    for app in apps_by_day().await {
        let token = member(&app, "voicelate@mail.com").await;
        // Sent at 10:00 in Jakarta; the caller runs at 23:00 there (16:00 UTC).
        let id = sent_id(&app, &token, "late-1").await;
        run_caller(&app, DAY_AT_NUMBER + 13 * HOUR_MS).await;
        let m = message(&app, id).await;
        assert_eq!((m.status.as_str(), m.attempts), ("queued", 0));
        // 08:00 in Jakarta the next day is 01:00 UTC.
        let morning = DAY_AT_NUMBER + 22 * HOUR_MS;
        assert_eq!(m.next_attempt_at, Some(morning), "{:?}", app.backend);
        assert_eq!(run_caller(&app, morning - 1).await, 0);
        assert_eq!(run_caller(&app, morning).await, 1);
        let m = message(&app, id).await;
        assert_eq!((m.status.as_str(), m.attempts), ("calling", 1));
    }
}

#[tokio::test]
async fn texts_are_deleted_after_the_retention_period() {
    for app in apps_by_day().await {
        let token = member(&app, "voiceretention@mail.com").await;
        let id = sent_id(&app, &token, "old-1").await;
        let t0 = app.state.now_ms();
        run_caller(&app, t0).await;
        let m = message(&app, id).await;
        events::record_progress(&app.state.cx(), &m.call_ref, CallProgress::Completed)
            .await
            .unwrap();
        let later = app
            .state
            .cx()
            .at(t0 + app.state.config.voice.retention_ms + 1);
        assert_eq!(
            retention::purge(&app.state.cx().at(t0 + 1_000))
                .await
                .unwrap(),
            0
        );
        assert_eq!(retention::purge(&later).await.unwrap(), 1);
        let m = message(&app, id).await;
        assert!(m.body.is_empty() && m.purged_at.is_some());
        let view = app
            .get_with(&format!("{API}/voice/messages/{id}"), &[("token", &token)])
            .await
            .json();
        assert_eq!(view["obj"]["message"], "");
        assert!(view["obj"]["audioUrl"].is_null());
        assert_eq!(
            app.get_with(
                &format!("{API}/voice/messages/{id}/audio"),
                &[("token", &token)]
            )
            .await
            .status,
            404
        );
    }
}

#[tokio::test]
async fn two_callers_at_once_place_one_call() {
    for app in apps_by_day().await {
        let token = member(&app, "voicerace@mail.com").await;
        let id = sent_id(&app, &token, "race-1").await;
        let now = app.state.now_ms();
        let (a, b) = futures::join!(run_caller(&app, now), run_caller(&app, now));
        assert_eq!(a + b, 1, "{:?}", app.backend);
        assert_eq!(dev_calls(&app).await.as_array().unwrap().len(), 1);
        assert_eq!(message(&app, id).await.attempts, 1);
    }
}

/// Simulates a caller killed while placing message `id`: the row says
/// `calling` with its lease run out; `placed` says whether the provider got the call.
async fn killed_mid_call(app: &crate::util::TestApp, id: i64, placed: bool, at: i64) {
    use sea_orm::{ActiveModelTrait as _, ActiveValue::Set, IntoActiveModel as _};
    let m = message(app, id).await;
    if placed {
        let call = server::calls::OutgoingCall {
            to: m.to_e164.clone(),
            twiml: "<Response/>".into(),
        };
        app.state.calls.place(&call, &m.call_ref).await.unwrap();
    }
    let mut row = m.into_active_model();
    row.status = Set("calling".into());
    row.attempts = Set(1);
    row.attempted_at = Set(Some(at));
    row.next_attempt_at = Set(Some(at - 1));
    row.update(&app.db).await.unwrap();
}

#[tokio::test]
async fn a_caller_killed_mid_call_is_reconciled_never_repeated() {
    for app in apps_by_day().await {
        let token = member(&app, "voicekilled@mail.com").await;
        let now = app.state.now_ms();
        // The call went out before the worker died: found at the provider, not placed again.
        let placed = sent_id(&app, &token, "kill-1").await;
        killed_mid_call(&app, placed, true, now).await;
        run_caller(&app, now + 1_000).await;
        let found = message(&app, placed).await;
        assert_eq!(
            (found.status.as_str(), found.attempts),
            ("calling", 1),
            "{:?}",
            app.backend
        );
        assert!(found.provider_id.is_some());
        assert_eq!(dev_calls(&app).await.as_array().unwrap().len(), 1);
        events::record_progress(&app.state.cx(), &found.call_ref, CallProgress::Completed)
            .await
            .unwrap();
        // It never went out: after the grace period it is placed, once.
        let lost = sent_id(&app, &token, "kill-2").await;
        killed_mid_call(&app, lost, false, now).await;
        run_caller(&app, now + 1_000).await;
        assert_eq!(message(&app, lost).await.status, "uncertain");
        run_caller(
            &app,
            now + server::services::voice::reconcile::GRACE_MS + 2_000,
        )
        .await;
        run_caller(
            &app,
            now + server::services::voice::reconcile::GRACE_MS + 3_000,
        )
        .await;
        let retried = message(&app, lost).await;
        assert_eq!(
            (retried.status.as_str(), retried.attempts),
            ("calling", 1),
            "{:?}",
            app.backend
        );
        assert_eq!(
            dev_calls(&app).await.as_array().unwrap().len(),
            2,
            "one call per message"
        );
    }
}

#[tokio::test]
async fn a_number_is_rung_by_one_call_at_a_time() {
    for app in apps_by_day().await {
        let first = sent_id(&app, &member(&app, "voiceone@mail.com").await, "one-1").await;
        let second = sent_id(&app, &member(&app, "voicetwo@mail.com").await, "two-1").await;
        let now = app.state.now_ms();
        run_caller(&app, now).await;
        assert_eq!(
            dev_calls(&app).await.as_array().unwrap().len(),
            1,
            "{:?}",
            app.backend
        );
        assert_eq!(message(&app, second).await.status, "queued");
        let ringing = message(&app, first).await;
        events::record_progress(&app.state.cx(), &ringing.call_ref, CallProgress::Completed)
            .await
            .unwrap();
        run_caller(&app, now + 1_000).await;
        assert_eq!(message(&app, second).await.status, "calling");
        assert_eq!(dev_calls(&app).await.as_array().unwrap().len(), 2);
    }
}
