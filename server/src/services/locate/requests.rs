//! The requester's side: create, list, resend/cancel/rename, clear, trace.
use super::{display_phone, effective_status, pending_codes, queue, registry, view};
use crate::config::{Config, LocateSettings};
use crate::persistence::entities::{disclosure_log, locate_position, locate_request as request};
use crate::services::accounts::{secrets, AuthSession};
use crate::services::ServiceError;
use crate::sms::templates;
use app::account::validation::{validate_note, FieldErrors, Slot};
use app::i18n::Key;
use app::model::locate::{GpsTrace, LocateRequestView, LocateStatus, TracePoint};
use app::widgets::GeoPoint;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

const DAY_MS: i64 = 86_400_000;
/// Longest name a requester may give a request (the form's `maxlength` too).
pub use app::model::locate::LABEL_MAX_CHARS;

/// What the create form sends.
#[derive(Clone, Copy, Debug)]
pub struct NewRequest<'a> {
    /// The picker's value: a region (`ID`) or a non-geographic code (`+882`).
    pub country: &'a str,
    pub phone: &'a str,
    pub note: &'a str,
}

/// Whether this account may create requests now. Any signed-in account may
/// until billing arrives; the subscription rule plugs in here, and only here.
///
/// # Errors
/// [`Key::LocateNotAllowed`] when it may not.
pub fn may_request(user: &crate::persistence::entities::user::Model, now: i64) -> Result<(), ServiceError> {
    let _ = (user, now);
    Ok(())
}

/// Parses a number from the country picker's value (a region, or a
/// non-geographic `+882`-style code) and the typed number: `(E.164, region)`.
pub(super) fn parse_target(country: &str, phone: &str) -> Result<(String, String), ServiceError> {
    let (number, region) = match country.strip_prefix('+') {
        Some(_) if !phone.trim_start().starts_with('+') => (format!("{country}{phone}"), None),
        _ => (phone.to_owned(), Some(country).filter(|c| !c.is_empty())),
    };
    let parsed = crate::services::phone::validate(&number, region)?;
    let e164 = parsed.format(crate::domain::phone::PhoneFormat::E164);
    Ok((e164, parsed.region().unwrap_or_else(|| "001".to_owned())))
}

/// The owner's link for `token`, in the language of the number's country.
pub fn reveal_link(public_base_url: &str, e164: &str, token: &str) -> String {
    app::model::reveal_link::reveal_link(public_base_url, templates::locale_for_number(e164), token)
}

/// Creates a request and queues its SMS — or, for a number in the
/// do-not-locate registry, a request that is `blocked` at once (the requester
/// is not told why, and the number gets nothing).
///
/// # Errors
/// Field errors (number, note), a cap, or a database error.
pub async fn create(
    db: &DatabaseConnection,
    config: &Config,
    auth: &AuthSession,
    input: NewRequest<'_>,
    now: i64,
) -> Result<LocateRequestView, ServiceError> {
    may_request(&auth.user, now)?;
    let mut errors = FieldErrors::default();
    let target = parse_target(input.country, input.phone);
    if let Err(e) = &target {
        errors.set(Slot::Phone, Some(e.message_key()));
    }
    validate_note(input.note, &mut errors);
    let Ok((e164, region)) = target else { return Err(ServiceError::Fields(errors)) };
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    check_caps(db, &config.locate, auth.user.id, &e164, now).await?;

    let blocked = registry::is_blocked(db, &e164).await?;
    let token = secrets::new_token();
    let status = if blocked { LocateStatus::Blocked } else { LocateStatus::Created };
    let txn = db.begin().await?;
    let row = request::ActiveModel {
        requester_id: Set(auth.user.id),
        phone_e164: Set(e164.clone()),
        phone_region: Set(region),
        note: Set(input.note.trim().to_owned()),
        label: Set(String::new()),
        status: Set(status.code().to_owned()),
        link_token_hash: Set(if blocked { String::new() } else { secrets::digest(&[&token]) }),
        expires_at: Set(now + config.locate.link_ttl_ms),
        resent: Set(false),
        unseen: Set(blocked),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let row = request::Entity::insert(row).exec_with_returning(&txn).await?;
    if !blocked {
        let body = templates::locate_request(
            templates::locale_for_number(&e164),
            &reveal_link(&config.public_base_url, &e164, &token),
        );
        queue::enqueue(&txn, queue::NewSms { request_id: Some(row.id), seq: 1, purpose: "locate", to: &e164, body: &body }, now)
            .await?;
    }
    txn.commit().await?;
    Ok(view(&row, false, display_phone(&row.phone_e164), now))
}

/// The three caps (config `LOCATE_CAP_*`): per account, per account and
/// number, per number across all accounts; each over the last 24 hours.
async fn check_caps(
    db: &impl ConnectionTrait,
    caps: &LocateSettings,
    requester_id: i64,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let since = request::Column::CreatedAt.gt(now - DAY_MS);
    let mine = request::Entity::find().filter(request::Column::RequesterId.eq(requester_id)).filter(since.clone());
    if mine.clone().count(db).await? >= caps.cap_per_requester_day {
        return Err(ServiceError::Invalid(Key::LocateCapReached));
    }
    if mine.filter(request::Column::PhoneE164.eq(e164)).count(db).await? >= caps.cap_per_requester_number_day {
        return Err(ServiceError::Invalid(Key::LocateCapReached));
    }
    let to_number = request::Entity::find().filter(request::Column::PhoneE164.eq(e164)).filter(since);
    if to_number.count(db).await? >= caps.cap_per_number_day {
        return Err(ServiceError::Invalid(Key::LocateNumberCapReached));
    }
    Ok(())
}

/// A page of the caller's requests, newest first.
#[derive(Clone, Debug)]
pub struct RequestPage {
    pub items: Vec<LocateRequestView>,
    pub total: u64,
    /// Answers not seen before this call (`notificationsTotal`).
    pub unseen: u64,
}

/// The caller's requests; marks their answers as seen.
///
/// # Errors
/// A database error.
pub async fn list(db: &DatabaseConnection, auth: &AuthSession, page: u64, size: u64, now: i64) -> Result<RequestPage, ServiceError> {
    let mine = request::Entity::find().filter(request::Column::RequesterId.eq(auth.user.id));
    let total = mine.clone().count(db).await?;
    let unseen = unseen_count(db, auth.user.id).await?;
    let rows = mine
        .order_by_desc(request::Column::Id)
        .offset(page.saturating_sub(1) * size)
        .limit(size)
        .all(db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let located: Vec<i64> = locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| p.request_id)
        .collect();
    if unseen > 0 {
        request::Entity::update_many()
            .col_expr(request::Column::Unseen, Expr::value(false))
            .filter(request::Column::Id.is_in(ids))
            .exec(db)
            .await?;
    }
    let items = rows.iter().map(|r| view(r, located.contains(&r.id), display_phone(&r.phone_e164), now)).collect();
    Ok(RequestPage { items, total, unseen })
}

/// How many answers the user has not seen yet (the header's badge).
///
/// # Errors
/// A database error.
pub async fn unseen_count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, ServiceError> {
    Ok(request::Entity::find()
        .filter(request::Column::RequesterId.eq(user_id))
        .filter(request::Column::Unseen.eq(true))
        .count(db)
        .await?)
}

/// One of the caller's requests; anybody else's is "not found".
async fn own(db: &impl ConnectionTrait, auth: &AuthSession, id: i64) -> Result<request::Model, ServiceError> {
    request::Entity::find_by_id(id)
        .filter(request::Column::RequesterId.eq(auth.user.id))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)
}

async fn has_location(db: &impl ConnectionTrait, id: i64) -> Result<bool, ServiceError> {
    Ok(locate_position::Entity::find().filter(locate_position::Column::RequestId.eq(id)).count(db).await? > 0)
}

/// What `PUT /spyContent/phoneLocation/{id}` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Send the SMS once more (a new link; the old one dies).
    Resend,
    /// Stop the request: the link dies, a queued SMS is not sent.
    Cancel,
    /// The requester's own name for it. The note cannot change after sending.
    Rename(String),
}

impl Change {
    /// The change named by a form's `action` (`resend`, `cancel`, `rename` with `label`).
    pub fn from_action(action: &str, label: &str) -> Option<Change> {
        match action {
            "resend" => Some(Change::Resend),
            "cancel" => Some(Change::Cancel),
            "rename" => Some(Change::Rename(label.to_owned())),
            _ => None,
        }
    }
}

/// Applies `change` to one of the caller's requests.
///
/// # Errors
/// Not found, [`Key::LocateActionNotAllowed`], a long label, database errors.
pub async fn update(
    db: &DatabaseConnection,
    config: &Config,
    auth: &AuthSession,
    id: i64,
    change: Change,
    now: i64,
) -> Result<LocateRequestView, ServiceError> {
    let row = own(db, auth, id).await?;
    let status = effective_status(&row, now);
    let not_allowed = || ServiceError::Invalid(Key::LocateActionNotAllowed);
    let txn = db.begin().await?;
    let mut update = request::Entity::update_many()
        .col_expr(request::Column::UpdatedAt, Expr::value(now))
        .filter(request::Column::Id.eq(id));
    match change {
        Change::Resend => {
            if row.resent || !matches!(status, LocateStatus::Sent | LocateStatus::Delivered) {
                return Err(not_allowed());
            }
            let token = secrets::new_token();
            let body = templates::locate_request(
                templates::locale_for_number(&row.phone_e164),
                &reveal_link(&config.public_base_url, &row.phone_e164, &token),
            );
            queue::enqueue(&txn, queue::NewSms { request_id: Some(id), seq: 2, purpose: "locate", to: &row.phone_e164, body: &body }, now)
                .await?;
            update = update
                .col_expr(request::Column::Resent, Expr::value(true))
                .col_expr(request::Column::LinkTokenHash, Expr::value(secrets::digest(&[&token])))
                .col_expr(request::Column::ExpiresAt, Expr::value(now + config.locate.link_ttl_ms));
        }
        Change::Cancel => {
            if status.is_final() {
                return Err(not_allowed());
            }
            queue::cancel_for_request(&txn, id, now).await?;
            update = update
                .col_expr(request::Column::Status, Expr::value(LocateStatus::Cancelled.code()))
                .col_expr(request::Column::LinkTokenHash, Expr::value(""));
        }
        Change::Rename(label) => {
            let label = label.trim().to_owned();
            if label.chars().count() > LABEL_MAX_CHARS {
                return Err(ServiceError::Invalid(Key::LocateLabelTooLong));
            }
            update = update.col_expr(request::Column::Label, Expr::value(label));
        }
    }
    update.exec(&txn).await?;
    txn.commit().await?;
    let row = own(db, auth, id).await?;
    Ok(view(&row, has_location(db, id).await?, display_phone(&row.phone_e164), now))
}

/// Erases the request's position now (before the retention window ends).
///
/// # Errors
/// Not found; database errors.
pub async fn clear(db: &DatabaseConnection, auth: &AuthSession, id: i64, now: i64) -> Result<LocateRequestView, ServiceError> {
    let row = own(db, auth, id).await?;
    locate_position::Entity::delete_many().filter(locate_position::Column::RequestId.eq(id)).exec(db).await?;
    Ok(view(&row, false, display_phone(&row.phone_e164), now))
}

/// The position(s) the owner shared. Every read that returns a position is
/// written to the disclosure log (who, which request, when).
///
/// # Errors
/// Not found; database errors.
pub async fn trace(db: &DatabaseConnection, auth: &AuthSession, id: i64, now: i64) -> Result<GpsTrace, ServiceError> {
    let row = own(db, auth, id).await?;
    let positions = locate_position::Entity::find().filter(locate_position::Column::RequestId.eq(row.id)).all(db).await?;
    if !positions.is_empty() {
        let entry = disclosure_log::ActiveModel {
            request_id: Set(row.id),
            user_id: Set(auth.user.id),
            seen_at: Set(now),
            ..Default::default()
        };
        disclosure_log::Entity::insert(entry).exec(db).await?;
    }
    let points = positions
        .into_iter()
        .map(|p| TracePoint { point: GeoPoint { lat: p.latitude, lng: p.longitude, accuracy: p.accuracy }, shared_at: p.shared_at })
        .collect();
    Ok(GpsTrace { request_id: row.id, points })
}

/// Pending requests of `e164` become `blocked`; their links die and queued
/// messages are dropped (after a block or a STOP).
///
/// # Errors
/// Database errors.
pub async fn block_pending_for_number(db: &impl ConnectionTrait, e164: &str, now: i64) -> Result<(), ServiceError> {
    let pending = request::Entity::find()
        .filter(request::Column::PhoneE164.eq(e164))
        .filter(request::Column::Status.is_in(pending_codes()))
        .all(db)
        .await?;
    for row in pending {
        queue::cancel_for_request(db, row.id, now).await?;
    }
    request::Entity::update_many()
        .col_expr(request::Column::Status, Expr::value(LocateStatus::Blocked.code()))
        .col_expr(request::Column::LinkTokenHash, Expr::value(""))
        .col_expr(request::Column::Unseen, Expr::value(true))
        .col_expr(request::Column::UpdatedAt, Expr::value(now))
        .filter(request::Column::PhoneE164.eq(e164))
        .filter(request::Column::Status.is_in(pending_codes()))
        .exec(db)
        .await?;
    Ok(())
}
