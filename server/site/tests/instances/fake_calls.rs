//! Twilio's Calls API on the fake Twilio: `POST …/Calls.json` records the
//! call first, then may hold its answer back per account (a provider that
//! got the request); `GET …/Calls.json?To=…` lists the recorded calls with
//! the fields the caller reads (`sid`, `to`, `status`, `date_created` in
//! RFC 2822). A real deployment shares one account; the per-instance SIDs
//! only say which instance placed what, so the list shows every call.
use crate::fake_twilio::FakeTwilio;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::{Form, Json};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Call {
    pub sid: String,
    pub account: String,
    pub to: String,
    pub date_created: String,
}

#[derive(Clone, Default)]
pub struct FakeCalls {
    placed: Arc<Mutex<Vec<Call>>>,
    /// How long the answer to a call of an account is held back.
    held: Arc<Mutex<HashMap<String, Duration>>>,
    /// Calls recorded whose answer has not been written yet, per account.
    unanswered: Arc<Mutex<HashMap<String, usize>>>,
}

impl FakeCalls {
    /// Holds the answer to each call of `account` for `delay` (zero: answers at once).
    pub fn hold(&self, account: &str, delay: Duration) {
        self.held.lock().unwrap().insert(account.to_owned(), delay);
    }

    /// The account with a call waiting for its answer now.
    pub fn unanswered_account(&self) -> Option<String> {
        let unanswered = self.unanswered.lock().unwrap();
        unanswered
            .iter()
            .find(|(_, n)| **n > 0)
            .map(|(a, _)| a.clone())
    }

    /// Every call to `to`, in the order placed.
    pub fn to(&self, to: &str) -> Vec<Call> {
        let placed = self.placed.lock().unwrap();
        placed.iter().filter(|c| c.to == to).cloned().collect()
    }

    fn unanswered_add(&self, account: &str, n: isize) {
        let mut unanswered = self.unanswered.lock().unwrap();
        let entry = unanswered.entry(account.to_owned()).or_default();
        *entry = entry.checked_add_signed(n).unwrap();
    }
}

fn resource(call: &Call) -> Value {
    json!({ "sid": call.sid, "to": call.to, "status": "queued", "date_created": call.date_created })
}

/// Twilio refuses a call without `To`, `From` and one of `Url`, `Twiml`, `ApplicationSid`.
pub async fn create(
    State(fake): State<FakeTwilio>,
    Path(sid): Path<String>,
    Form(form): Form<Vec<(String, String)>>,
) -> (StatusCode, Json<Value>) {
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let how = ["Url", "Twiml", "ApplicationSid"]
        .iter()
        .filter(|k| field(k).is_some())
        .count();
    let (Some(to), Some(_from), 1) = (field("To"), field("From"), how) else {
        let body = json!({ "code": 21201, "message": "To, From and one of Url, Twiml, ApplicationSid", "status": 400 });
        return (StatusCode::BAD_REQUEST, Json(body));
    };
    let calls = &fake.calls;
    let call = {
        let mut placed = calls.placed.lock().unwrap();
        let call = Call {
            sid: format!("CA{:032}", placed.len() + 1),
            account: sid.clone(),
            to,
            date_created: jiff::Timestamp::now()
                .strftime("%a, %d %b %Y %H:%M:%S +0000")
                .to_string(),
        };
        placed.push(call.clone());
        call
    };
    let delay = calls
        .held
        .lock()
        .unwrap()
        .get(&sid)
        .copied()
        .unwrap_or_default();
    calls.unanswered_add(&sid, 1);
    tokio::time::sleep(delay).await;
    calls.unanswered_add(&sid, -1);
    (StatusCode::CREATED, Json(resource(&call)))
}

pub async fn list(
    State(fake): State<FakeTwilio>,
    Query(query): Query<HashMap<String, String>>,
) -> Json<Value> {
    let to = query.get("To").cloned().unwrap_or_default();
    let calls: Vec<Value> = fake.calls.to(&to).iter().map(resource).collect();
    Json(json!({ "calls": calls }))
}
