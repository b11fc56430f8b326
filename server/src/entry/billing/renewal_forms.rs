//! The renewal form on `/billing` without JavaScript: a member whose wallet
//! cannot be charged without them pays the next period by pay link. An
//! adapter only: reads the wallet's fields, calls one use case, answers
//! 303 See Other to the wallet's page.
use super::redirects::see_other;
use super::submission::{Handled, Rejected, Submission};
use crate::services::billing::renew_now::{self, RenewByLink};
use serde::Deserialize;

/// The fields the renewal form posts (those the wallet needs).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RenewFields {
    name: String,
    document: String,
    phone: String,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let member = s.member()?;
    let f: RenewFields = s.fields();
    let kept = [("name", f.name.as_str()), ("phone", f.phone.as_str())];
    let input = RenewByLink {
        name: f.name.clone(),
        document: f.document.clone(),
        phone: f.phone.clone(),
        locale: s.locale,
        client: s.client.clone(),
    };
    let started = renew_now::start(&s.cx, s.gateways, &member.auth.user, input)
        .await
        .map_err(|e| Rejected::new(e).keeping(&kept))?;
    Ok(see_other(&started.redirect_url, Vec::new()))
}
