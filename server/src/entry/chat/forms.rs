//! The contact form on `/contact-us`, for everyone without JavaScript: the
//! message lands in the help chat inbox through the same use case as the
//! chat window, then 303 back to the page with a confirmation. A visitor's
//! first message sets their chat cookie, so the chat shows the thread later.
use super::submission::{Handled, Rejected, Submission};
use crate::services::help_chat::{self, NewMessage, Person};
use app_core::routes::{href, Page};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse as _, Response};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ContactFields {
    email: String,
    message: String,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: ContactFields = s.fields();
    let person = match s.member {
        Some(member) => Person::Member(&member.auth.user),
        None => Person::Visitor(s.chat_visitor),
    };
    let input = NewMessage {
        body: &f.message,
        contact_email: Some(&f.email),
        locale: s.locale,
    };
    let sent = help_chat::send(&s.cx, person, s.client, input)
        .await
        .map_err(|e| Rejected::new(e).keeping(&[("message", f.message.as_str())]))?;
    let target = format!("{}?sent=1#contact-form", href(s.locale, Page::ContactUs));
    let mut response: Response =
        (StatusCode::SEE_OTHER, [(header::LOCATION, target)]).into_response();
    if let Some(token) = sent.new_visitor_token {
        response.headers_mut().append(
            header::SET_COOKIE,
            s.policy.chat_visitor(&token, &s.cx.config.chat),
        );
    }
    Ok(response)
}
