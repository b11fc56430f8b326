//! Server-side render tests of `/voice-sms` and `/dashboard/voice`: the
//! no-JavaScript form with its counter, languages and voices, a preview
//! reopened from its token, a refused post with the draft kept, the sent
//! notice, and the sender's list.
use super::render_harness::{assert_has, id, render, section, FakeApi, Request};
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::i18n::{t, Key, Locale};
use crate::pages::{DashboardVoicePage, VoiceSmsPage};
use leptos::prelude::*;
use serde_json::json;

fn voice_page(url: &str, api: &FakeApi, request: Request) -> String {
    render(url, api, request, || view! { <VoiceSmsPage/> })
}

/// The page of `url` for a visitor reading `locale`.
fn visitor_page(url: &str, locale: Locale) -> String {
    voice_page(
        url,
        &FakeApi::default(),
        Request {
            locale: Some(locale),
            ..Request::default()
        },
    )
}

#[test]
fn the_form_works_without_javascript_in_every_locale() {
    for (url, locale, send, counter) in [
        ("/voice-sms", Locale::En, "Send", "0 / 500 characters"),
        ("/id/voice-sms", Locale::Id, "Kirim", "0 / 500 karakter"),
        ("/zh/voice-sms", Locale::Zh, "发送", "0 / 500 个字符"),
    ] {
        let html = visitor_page(url, locale);
        let form = section(&html, r#"<form method="post""#, "</form>");
        assert_has(
            form,
            &[
                &format!(r#"action="{url}""#),
                r#"name="csrf""#,
                r#"name="idempotencyKey""#,
                r#"name="phone""#,
                r#"name="message""#,
                r#"maxlength="500""#,
            ],
        );
        assert_has(
            form,
            &[
                r#"name="form" value="voice_preview""#,
                r#"name="form" value="voice_send""#,
                send,
                counter,
            ],
        );
        assert_has(
            &html,
            &[
                t(locale, Key::VoiceProtectionKeys),
                t(locale, Key::VoiceVisitorNote),
            ],
        );
    }
}

#[test]
fn the_form_offers_every_language_and_voice_and_the_locale_s_own_first() {
    for (url, locale) in [
        ("/voice-sms", Locale::En),
        ("/id/voice-sms", Locale::Id),
        ("/zh/voice-sms", Locale::Zh),
    ] {
        let html = visitor_page(url, locale);
        let form = section(&html, r#"<form method="post""#, "</form>");
        assert_has(
            form,
            &[
                "Bahasa Indonesia",
                "中文（普通话）",
                "Tiếng Việt",
                "हिन्दी",
                "Deutsch",
                r#"name="voice" value="male""#,
            ],
        );
        assert!(
            form.contains(&format!(r#"<option value="{}" lang"#, locale.code())),
            "the page's language is offered first-hand"
        );
        let region = crate::countries::default_region(locale);
        assert!(
            section(form, &format!(r#"<option value="{region}""#), ">").contains("selected"),
            "{region} preselected"
        );
    }
}

#[test]
fn a_preview_token_reopens_the_draft_with_its_audio() {
    let draft = json!({"country": "ID", "phone": "0812-3456-7890", "message": "Halo, apa kabar?", "language": "id", "voice": "male"});
    let preview = json!({"token": "t0k3n", "audioUrl": "/api_f/v1/voice/audio/t0k3n.mp3", "durationMs": 2400});
    let api = FakeApi::default().on(
        "GET",
        "/voice/preview/t0k3n",
        json!({"success": 1, "msg": "", "obj": {"draft": draft, "preview": preview}}),
    );
    let html = voice_page("/id/voice-sms?preview=t0k3n", &api, Request::default());
    assert_has(
        &html,
        &[
            "Halo, apa kabar?",
            r#"value="0812-3456-7890""#,
            r#"src="/api_f/v1/voice/audio/t0k3n.mp3""#,
            "16 / 500 karakter",
        ],
    );
    assert!(section(&html, r#"id="voice-male""#, ">").contains("checked"));
}

#[test]
fn a_refused_send_keeps_the_draft_and_shows_the_messages_in_their_slots() {
    let mut errors = FieldErrors::default();
    errors.set(Slot::Phone, Some(Key::VoiceErrorOptedOut));
    errors.set(Slot::Message, Some(Key::VoiceTextLink));
    let values = [
        ("country", "ID"),
        ("phone", "0812"),
        ("message", "Buka bit.ly/x"),
        ("language", "id"),
        ("voice", "female"),
        ("idempotencyKey", "k-123456789012345"),
    ];
    let outcome = FormOutcome {
        form: AuthForm::VoiceSend,
        email: String::new(),
        errors,
        notice: None,
        values: values
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
    };
    let html = voice_page(
        "/id/voice-sms",
        &FakeApi::default(),
        Request {
            member: true,
            outcome: Some(outcome),
            ..Request::default()
        },
    );
    assert_has(
        &html,
        &[
            "Buka bit.ly/x",
            r#"value="0812""#,
            r#"value="k-123456789012345""#,
            id(Key::VoiceErrorOptedOut),
            id(Key::VoiceTextLink),
        ],
    );
    assert!(
        !html.contains(id(Key::VoiceVisitorNote)),
        "members are not told to subscribe"
    );
}

#[test]
fn after_a_plain_send_the_page_says_so() {
    let html = voice_page(
        "/id/voice-sms?sent=7",
        &FakeApi::default(),
        Request {
            member: true,
            ..Request::default()
        },
    );
    let notice = section(&html, r#"id="voice-sent-notice""#, "</div>");
    assert_has(
        notice,
        &[id(Key::VoiceSentTitle), r#"href="/id/dashboard/voice""#],
    );
}

#[test]
fn the_dashboard_lists_status_and_replay_and_says_when_the_text_is_gone() {
    let kept = json!({"id": 7, "to": "+62 812-3456-7890", "language": "id", "voice": "female", "message": "Halo!", "status": "no_answer",
                      "attempts": 2, "createdAt": 1_795_253_405_000_i64, "updatedAt": 1_795_253_405_000_i64, "audioUrl": "/api_f/v1/voice/messages/7/audio"});
    let gone = json!({"id": 6, "to": "+62 812-0000-0000", "language": "zh", "voice": "male", "message": "", "status": "delivered",
                      "attempts": 1, "createdAt": 1_792_000_000_000_i64, "updatedAt": 1_792_000_000_000_i64, "audioUrl": null});
    let api = FakeApi::default().on("GET", "/voice/messages?page=1&size=20", json!({"success": 1, "msg": "", "obj": [kept, gone], "page": {"current": 1, "size": 20, "total": 2}}));
    let html = render(
        "/id/dashboard/voice",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || view! { <DashboardVoicePage/> },
    );
    assert_has(
        &html,
        &[
            "+62 812-3456-7890",
            "Bahasa Indonesia",
            id(Key::VoiceStatusNoAnswer),
            "Panggilan: 2",
            r#"src="/api_f/v1/voice/messages/7/audio""#,
        ],
    );
    assert_has(
        &html,
        &[
            "中文（普通话）",
            id(Key::VoiceStatusDelivered),
            id(Key::VoiceListDeleted),
        ],
    );
    assert_eq!(
        html.matches("<audio").count(),
        1,
        "no replay once the audio is deleted"
    );
}
