//! Helpers of the help chat tests: a visitor's or member's calls, as the
//! browser makes them (`website_type` with the cookies).
use crate::util::{TestApp, TestResponse};

pub const API: &str = "/api_f/v1";

/// Who calls: a member's token, a visitor's chat cookie, or a new visitor.
#[derive(Clone, Debug, Default)]
pub struct Who {
    pub token: Option<String>,
    pub visitor: Option<String>,
    pub ip: String,
    pub locale: String,
}

impl Who {
    pub fn visitor(ip: &str) -> Who {
        Who {
            ip: ip.to_owned(),
            locale: "en".into(),
            ..Who::default()
        }
    }

    pub fn member(token: &str) -> Who {
        Who {
            token: Some(token.to_owned()),
            ..Who::visitor("198.51.100.7")
        }
    }

    pub fn headers(&self) -> Vec<(&'static str, String)> {
        let mut headers = vec![
            ("website_type", "web".to_owned()),
            ("x-forwarded-for", self.ip.clone()),
            ("accept-language", self.locale.clone()),
        ];
        if let Some(token) = &self.token {
            headers.push(("token", token.clone()));
        }
        if let Some(visitor) = &self.visitor {
            headers.push(("cookie", format!("chat_visitor={visitor}")));
        }
        headers
    }
}

pub async fn call(
    app: &TestApp,
    who: &Who,
    method: &str,
    path: &str,
    form: Option<&str>,
) -> TestResponse {
    let headers = who.headers();
    let refs: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.send(method, &format!("{API}{path}"), &refs, form).await
}

/// The value of the `chat_visitor` cookie a response sets.
pub fn visitor_cookie(res: &TestResponse) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.strip_prefix("chat_visitor=")?
                .split(';')
                .next()
                .map(str::to_owned)
        })
}

/// Sends `body` as `who`; a new visitor keeps the cookie they get.
pub async fn send(app: &TestApp, who: &mut Who, body: &str) -> TestResponse {
    let res = call(
        app,
        who,
        "POST",
        "/chat/messages",
        Some(&format!("body={}", app::api::encode(body))),
    )
    .await;
    if let Some(cookie) = visitor_cookie(&res) {
        who.visitor = Some(cookie);
    }
    res
}

/// Sends and expects success; returns (conversation id, message id).
pub async fn sent(app: &TestApp, who: &mut Who, body: &str) -> (i64, i64) {
    let res = send(app, who, body).await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
    (
        json["obj"]["conversationId"].as_i64().unwrap(),
        json["obj"]["message"]["id"].as_i64().unwrap(),
    )
}
