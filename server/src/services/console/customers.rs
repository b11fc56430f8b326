//! Finding a customer (by e-mail, by a number they contacted, by order
//! number) and everything support needs to see about one.
use super::audit::{self, Entry};
use super::search_number;
use super::Staff;
use crate::persistence::entities::{
    abuse_report, locate_request, order, payment_event, spam_report, user, voice_message,
};
use crate::services::billing::{manage, money};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::console::{
    CustomerDetail, CustomerRow, OrderView, ProviderEventView, ROWS_PER_PAGE,
};
use sea_orm::sea_query::{Expr, ExprTrait as _, LikeExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// The shortest query searched (shorter ones match half the customers).
pub const QUERY_MIN_CHARS: usize = 3;
/// Audit entries shown with a customer.
const AUDIT_SHOWN: u64 = 20;

/// A customer as a search line shows them.
pub fn row(u: &user::Model, matched_by: &str, now: i64) -> CustomerRow {
    CustomerRow {
        id: u.id,
        email: u.email.clone(),
        created_at: u.created_at,
        vip_time: if crate::services::accounts::users::has_access(u, now) {
            u.vip_time
        } else {
            0
        },
        suspended: u.suspended_at.is_some(),
        matched_by: matched_by.to_owned(),
    }
}

/// `GET /console/customers?q=`: customers whose order number is `q`, who
/// contacted the number `q` (locate requests, voice messages, spam
/// reports; `q` in E.164 or national format, read in `country` or the
/// customers' countries), or whose e-mail is or contains `q`; at most a page, each once.
/// The search is audited with its query and who it found.
///
/// # Errors
/// [`Key::ConsoleApiQueryTooShort`]; a database error.
pub async fn search(
    cx: &Cx,
    staff: &Staff,
    q: &str,
    country: Option<&str>,
) -> Result<Vec<CustomerRow>, ServiceError> {
    let q = q.trim();
    if q.chars().count() < QUERY_MIN_CHARS {
        return Err(ServiceError::Invalid(Key::ConsoleApiQueryTooShort));
    }
    let mut found: Vec<(i64, &'static str)> = Vec::new();
    if let Some(o) = order::Entity::find()
        .filter(order::Column::OrderNo.eq(q))
        .one(&cx.db)
        .await?
    {
        found.extend(o.user_id.map(|id| (id, "order")));
    }
    for e164 in search_number::numbers_of(&cx.db, q, country).await? {
        for id in contacted(&cx.db, &e164).await? {
            found.push((id, "number"));
        }
    }
    for id in by_email(&cx.db, q).await? {
        found.push((id, "email"));
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|(id, _)| seen.insert(*id));
    found.truncate(usize::try_from(ROWS_PER_PAGE).unwrap_or(50));
    let users = user::Entity::find()
        .filter(user::Column::Id.is_in(found.iter().map(|(id, _)| *id)))
        .all(&cx.db)
        .await?;
    let ids: Vec<String> = found.iter().map(|(id, _)| id.to_string()).collect();
    let detail = format!("{q} → {}", ids.join(","));
    let entry = Entry::new("customer_search", "customer", 0, detail);
    audit::record(&cx.db, staff.id, entry, cx.now).await?;
    Ok(found
        .iter()
        .filter_map(|(id, how)| {
            users
                .iter()
                .find(|u| u.id == *id)
                .map(|u| row(u, how, cx.now))
        })
        .collect())
}

/// Accounts that sent a locate request or a voice message to `e164`, or reported it.
async fn contacted(db: &impl ConnectionTrait, e164: &str) -> Result<Vec<i64>, ServiceError> {
    let limit = ROWS_PER_PAGE;
    let mut ids: Vec<i64> = locate_request::Entity::find()
        .filter(locate_request::Column::PhoneE164.eq(e164))
        .order_by_desc(locate_request::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.requester_id)
        .collect();
    let voice = voice_message::Entity::find()
        .filter(voice_message::Column::ToE164.eq(e164))
        .order_by_desc(voice_message::Column::Id)
        .limit(limit);
    ids.extend(voice.all(db).await?.into_iter().map(|m| m.user_id));
    let spam = spam_report::Entity::find()
        .filter(spam_report::Column::PhoneE164.eq(e164))
        .order_by_desc(spam_report::Column::Id)
        .limit(limit);
    ids.extend(spam.all(db).await?.into_iter().map(|r| r.reporter_id));
    Ok(ids)
}

/// The exact address first, then addresses containing `q`.
async fn by_email(db: &impl ConnectionTrait, q: &str) -> Result<Vec<i64>, ServiceError> {
    let normalized = q.to_lowercase();
    let mut ids: Vec<i64> = user::Entity::find()
        .filter(user::Column::EmailNormalized.eq(&normalized))
        .all(db)
        .await?
        .into_iter()
        .map(|u| u.id)
        .collect();
    let escaped = normalized
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let like = LikeExpr::new(format!("%{escaped}%")).escape('\\');
    let containing = user::Entity::find()
        .filter(Expr::col((user::Entity, user::Column::EmailNormalized)).like(like))
        .order_by_asc(user::Column::EmailNormalized)
        .limit(ROWS_PER_PAGE)
        .all(db)
        .await?;
    ids.extend(containing.into_iter().map(|u| u.id));
    Ok(ids)
}

/// `GET /console/customers/{id}`: billing, orders with their provider
/// events, usage counts, open reports and the newest audit entries. The
/// view itself is audited (who looked at whom).
///
/// # Errors
/// [`ServiceError::NotFound`]; a database error.
pub async fn detail(cx: &Cx, staff: &Staff, id: i64) -> Result<CustomerDetail, ServiceError> {
    let customer = user::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    audit::record(
        &cx.db,
        staff.id,
        Entry::new("customer_view", "customer", id, ""),
        cx.now,
    )
    .await?;
    let billing = manage::summary(cx, &customer).await?;
    let charge_ids: Vec<i64> = billing.charges.iter().map(|c| c.id).collect();
    let mut entries = audit::about(&cx.db, "customer", &[id], AUDIT_SHOWN).await?;
    entries.extend(audit::about(&cx.db, "charge", &charge_ids, AUDIT_SHOWN).await?);
    entries.sort_by_key(|e| std::cmp::Reverse(e.id));
    entries.truncate(usize::try_from(AUDIT_SHOWN).unwrap_or(20));
    Ok(CustomerDetail {
        customer: row(&customer, "", cx.now),
        billing,
        orders: orders(&cx.db, id).await?,
        locate_requests: locate_request::Entity::find()
            .filter(locate_request::Column::RequesterId.eq(id))
            .count(&cx.db)
            .await?,
        voice_messages: voice_message::Entity::find()
            .filter(voice_message::Column::UserId.eq(id))
            .count(&cx.db)
            .await?,
        open_reports: abuse_report::Entity::find()
            .filter(abuse_report::Column::AccusedUserId.eq(id))
            .filter(abuse_report::Column::Status.eq(super::OPEN_REPORT))
            .count(&cx.db)
            .await?,
        audit: entries,
    })
}

async fn orders(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<OrderView>, ServiceError> {
    let rows = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .order_by_desc(order::Column::Id)
        .limit(ROWS_PER_PAGE)
        .all(db)
        .await?;
    let events = payment_event::Entity::find()
        .filter(payment_event::Column::OrderId.is_in(rows.iter().map(|o| o.id)))
        .order_by_asc(payment_event::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|o| OrderView {
            id: o.id,
            events: events
                .iter()
                .filter(|e| e.order_id == Some(o.id))
                .map(|e| ProviderEventView {
                    event_id: e.event_id.clone(),
                    kind: e.kind.clone(),
                    received_at: e.received_at,
                })
                .collect(),
            amount_text: money::text(o.first_amount_minor, &o.currency, o.currency_exponent),
            order_no: o.order_no,
            provider: o.provider,
            status: o.status,
            created_at: o.created_at,
        })
        .collect())
}
