//! The requester's side: create, list, trace. Changes live in `changes`,
//! the daily caps in `caps`.
use super::{caps, display_phone, queue, registry, status, view};
use crate::persistence::entities::{disclosure_log, locate_position, locate_request as request};
use crate::services::accounts::AuthSession;
use crate::services::usage::{self, UsageKind};
use crate::services::{Cx, ServiceError};
use crate::sms::templates;
use crate::tokens;
use app_core::account::validation::{validate_note, FieldErrors, Slot};
use app_core::i18n::Key;
use app_core::model::locate::{
    GpsTrace, LocateRequestView, LocateStatus, SharePrecision, TracePoint,
};
use app_core::model::GeoPoint;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, TransactionTrait,
};

mod listing;
pub use listing::{list, unseen_count_query, RequestPage};

/// What the create form sends.
#[derive(Clone, Copy, Debug)]
pub struct NewRequest<'a> {
    /// The picker's value: a region (`ID`) or a non-geographic code (`+882`).
    pub country: &'a str,
    pub phone: &'a str,
    pub note: &'a str,
    /// E-mail the requester when the owner answers.
    pub notify_email: bool,
}

/// Whether this account may create requests now. Any signed-in account may
/// until billing arrives; the subscription rule plugs in here, and only here.
///
/// # Errors
/// [`app_core::i18n::Key::LocateNotAllowed`] when it may not.
pub fn may_request(
    user: &crate::persistence::entities::user::Model,
    now: i64,
) -> Result<(), ServiceError> {
    if crate::services::accounts::users::has_access(user, now) {
        Ok(())
    } else {
        Err(ServiceError::NeedsSubscription)
    }
}

/// The owner's link for `token`, in the language of the number's country.
pub fn reveal_link(public_base_url: &str, e164: &str, token: &str) -> String {
    app_core::routes::reveal_link::reveal_link(
        public_base_url,
        templates::locale_for_number(e164),
        token,
    )
}

/// Creates a request, records it in the usage ledger and queues its SMS;
/// wakes the SMS sender. A number on the do-not-locate registry, or one
/// that blocked this requester, is refused up front with the reason beside
/// the number: no request, nothing counted against the caps, no SMS.
///
/// # Errors
/// Field errors (number, note), a cap, or a database error.
pub async fn create(
    cx: &Cx,
    auth: &AuthSession,
    input: NewRequest<'_>,
) -> Result<LocateRequestView, ServiceError> {
    let now = cx.now;
    may_request(&auth.user, now)?;
    let mut errors = FieldErrors::default();
    let target = crate::services::phone::parse_target(input.country, input.phone);
    if let Err(e) = &target {
        errors.set(Slot::Phone, Some(e.message_key()));
    }
    validate_note(input.note, &mut errors);
    let Ok((e164, region)) = target else {
        return Err(ServiceError::Fields(errors));
    };
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    let token = tokens::new_token();
    let txn = cx.db.begin().await?;
    // The caps first: a write before any read (SQLite's write lock), and a
    // refusal later in this transaction gives the units back.
    caps::take_caps(&txn, &cx.config.locate, auth.user.id, &e164, now).await?;
    if refused(&txn, auth.user.id, &e164).await? {
        // Dropping the transaction rolls the caps back: a refusal costs nothing.
        drop(txn);
        errors.set(Slot::Phone, Some(Key::LocateNumberOptedOut));
        return Err(ServiceError::Fields(errors));
    }
    let row = request::ActiveModel {
        requester_id: Set(auth.user.id),
        phone_e164: Set(e164.clone()),
        phone_region: Set(region),
        note: Set(input.note.trim().to_owned()),
        label: Set(String::new()),
        status: Set(LocateStatus::Created.code().to_owned()),
        link_token_hash: Set(tokens::digest(&[&token])),
        expires_at: Set(now + cx.config.locate.link_ttl_ms),
        resent: Set(false),
        unseen: Set(false),
        notify_email: Set(input.notify_email),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let row = request::Entity::insert(row)
        .exec_with_returning(&txn)
        .await?;
    usage::record(&txn, auth.user.id, UsageKind::Locate, Some(row.id), now).await?;
    queue_link(&txn, &cx.config.public_base_url, &row, 1, &token, now).await?;
    txn.commit().await?;
    cx.wake.sms.notify_one();
    Ok(view(&row, false, display_phone(&row.phone_e164), now))
}

/// Whether `e164` takes no request from `requester_id`: the number is on
/// the do-not-locate registry, or it blocked this requester. Both are told
/// as the number's own choice: nothing tells a requester that the number
/// reported them.
async fn refused(
    db: &impl ConnectionTrait,
    requester_id: i64,
    e164: &str,
) -> Result<bool, ServiceError> {
    Ok(registry::is_blocked(db, e164).await?
        || registry::requester_blocked(db, requester_id, e164).await?)
}

/// Queues message `seq` of `row`: the owner's link for `token`.
pub(super) async fn queue_link(
    db: &impl ConnectionTrait,
    public_base_url: &str,
    row: &request::Model,
    seq: i32,
    token: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let e164 = &row.phone_e164;
    let body = templates::locate_request(
        templates::locale_for_number(e164),
        &reveal_link(public_base_url, e164, token),
    );
    queue::enqueue(
        db,
        queue::NewSms {
            request_id: Some(row.id),
            seq,
            purpose: "locate",
            to: e164,
            body: &body,
        },
        now,
    )
    .await
}

/// One of the caller's requests; anybody else's is "not found".
pub(super) async fn own(
    db: &impl ConnectionTrait,
    auth: &AuthSession,
    id: i64,
) -> Result<request::Model, ServiceError> {
    request::Entity::find_by_id(id)
        .filter(request::Column::RequesterId.eq(auth.user.id))
        .one(db)
        .await?
        .ok_or(ServiceError::NotFound)
}

pub(super) async fn has_location(db: &impl ConnectionTrait, id: i64) -> Result<bool, ServiceError> {
    Ok(locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.eq(id))
        .count(db)
        .await?
        > 0)
}

/// The position(s) the owner shared. Every read that returns a position is
/// written to the disclosure log (who, which request, when).
///
/// # Errors
/// Not found; database errors.
pub async fn trace(cx: &Cx, auth: &AuthSession, id: i64) -> Result<GpsTrace, ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let row = own(db, auth, id).await?;
    let positions = locate_position::Entity::find()
        .filter(locate_position::Column::RequestId.eq(row.id))
        .all(db)
        .await?;
    if !positions.is_empty() {
        let entry = disclosure_log::ActiveModel {
            request_id: Set(row.id),
            user_id: Set(auth.user.id),
            seen_at: Set(now),
            ..Default::default()
        };
        disclosure_log::Entity::insert(entry).exec(db).await?;
    }
    let precision = positions
        .first()
        .map(|p| SharePrecision::from_code(&p.precision));
    let live_until = positions.first().and_then(|p| p.live_until);
    let delete_after = positions.first().map(|p| p.delete_after);
    let points = positions
        .into_iter()
        .map(|p| TracePoint {
            point: GeoPoint {
                lat: p.latitude,
                lng: p.longitude,
                accuracy: p.accuracy,
            },
            shared_at: p.shared_at,
        })
        .collect();
    Ok(GpsTrace {
        request_id: row.id,
        points,
        precision,
        live_until,
        delete_after,
    })
}

/// Pending requests of `e164` become `blocked`; their links die and queued
/// messages are dropped (after a block or a STOP).
///
/// # Errors
/// Database errors.
pub async fn block_pending_for_number(
    db: &impl ConnectionTrait,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let pending = request::Entity::find()
        .filter(request::Column::PhoneE164.eq(e164))
        .filter(request::Column::Status.is_in(status::sources(LocateStatus::Blocked)))
        .all(db)
        .await?;
    let ids: Vec<i64> = pending.iter().map(|r| r.id).collect();
    for id in &ids {
        queue::cancel_for_request(db, *id, now).await?;
    }
    let scope = Condition::all().add(request::Column::Id.is_in(ids.clone()));
    status::transition(db, scope, LocateStatus::Blocked, now).await?;
    // The owner never answered these: their links die.
    request::Entity::update_many()
        .col_expr(request::Column::LinkTokenHash, Expr::value(""))
        .filter(request::Column::Id.is_in(ids))
        .filter(request::Column::Status.eq(LocateStatus::Blocked.code()))
        .exec(db)
        .await?;
    Ok(())
}
