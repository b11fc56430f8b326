//! The requester's side: create, list, trace. Changes live in `changes`.
use super::{display_phone, queue, registry, status, view};
use crate::config::LocateSettings;
use crate::persistence::entities::{disclosure_log, locate_position, locate_request as request};
use crate::services::accounts::{secrets, AuthSession};
use crate::services::limits::{self, Rule};
use crate::services::usage::{self, UsageKind};
use crate::services::{Cx, ServiceError};
use crate::sms::templates;
use app::account::validation::{validate_note, FieldErrors, Slot};
use app::i18n::Key;
use app::model::locate::{GpsTrace, LocateRequestView, LocateStatus, TracePoint};
use app::model::GeoPoint;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

const DAY_MS: i64 = 86_400_000;

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
pub fn may_request(
    user: &crate::persistence::entities::user::Model,
    now: i64,
) -> Result<(), ServiceError> {
    if crate::services::billing::manage::has_access(user, now) {
        Ok(())
    } else {
        Err(ServiceError::NeedsSubscription)
    }
}

/// Parses a number from the country picker's value (a region, or a
/// non-geographic `+882`-style code) and the typed number: `(E.164, region)`.
pub(crate) fn parse_target(country: &str, phone: &str) -> Result<(String, String), ServiceError> {
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
/// is not told why, and the number gets nothing). Either way the request is
/// a use of the service, in the usage ledger. Wakes the SMS sender.
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
    let target = parse_target(input.country, input.phone);
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
    let token = secrets::new_token();
    let txn = cx.db.begin().await?;
    // The caps first: a write before any read (SQLite's write lock), and a
    // refusal later in this transaction gives the units back.
    take_caps(&txn, &cx.config.locate, auth.user.id, &e164, now).await?;
    let blocked = refused(&txn, auth.user.id, &e164).await?;
    let status = if blocked {
        LocateStatus::Blocked
    } else {
        LocateStatus::Created
    };
    let row = request::ActiveModel {
        requester_id: Set(auth.user.id),
        phone_e164: Set(e164.clone()),
        phone_region: Set(region),
        note: Set(input.note.trim().to_owned()),
        label: Set(String::new()),
        status: Set(status.code().to_owned()),
        link_token_hash: Set(if blocked {
            String::new()
        } else {
            secrets::digest(&[&token])
        }),
        expires_at: Set(now + cx.config.locate.link_ttl_ms),
        resent: Set(false),
        unseen: Set(blocked),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let row = request::Entity::insert(row)
        .exec_with_returning(&txn)
        .await?;
    usage::record(&txn, auth.user.id, UsageKind::Locate, Some(row.id), now).await?;
    if !blocked {
        queue_link(&txn, &cx.config.public_base_url, &row, 1, &token, now).await?;
    }
    txn.commit().await?;
    cx.wake.sms.notify_one();
    Ok(view(&row, false, display_phone(&row.phone_e164), now))
}

/// Whether `e164` takes no request from `requester_id`: the number is on
/// the do-not-locate registry, or support blocked this requester towards it.
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

fn day_rule(limit: u64) -> Rule {
    Rule {
        limit: i32::try_from(limit).unwrap_or(i32::MAX),
        window_ms: DAY_MS,
    }
}

/// Takes one unit of the per-number cap (every message a number receives,
/// first sends and resends alike, counts against it).
///
/// # Errors
/// [`Key::LocateNumberCapReached`], or a database error.
pub(super) async fn take_number_cap(
    db: &impl ConnectionTrait,
    caps: &LocateSettings,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let key = format!("locate:number:{e164}");
    limits::take(db, &key, day_rule(caps.cap_per_number_day), now)
        .await
        .map_err(|e| cap_error(e, Key::LocateNumberCapReached))
}

/// The three caps (config `LOCATE_CAP_*`): per account, per account and
/// number, per number across all accounts; each over 24 hours, each one
/// atomic unit of [`limits`].
async fn take_caps(
    db: &impl ConnectionTrait,
    caps: &LocateSettings,
    requester_id: i64,
    e164: &str,
    now: i64,
) -> Result<(), ServiceError> {
    let mine = format!("locate:requester:{requester_id}");
    let pair = format!("locate:pair:{requester_id}:{e164}");
    let to_mine = |e| cap_error(e, Key::LocateCapReached);
    limits::take(db, &mine, day_rule(caps.cap_per_requester_day), now)
        .await
        .map_err(to_mine)?;
    limits::take(db, &pair, day_rule(caps.cap_per_requester_number_day), now)
        .await
        .map_err(to_mine)?;
    take_number_cap(db, caps, e164, now).await
}

/// A used-up cap is the cap's own message; other errors pass.
fn cap_error(error: ServiceError, key: Key) -> ServiceError {
    match error {
        ServiceError::RateLimited { .. } => ServiceError::Invalid(key),
        other => other,
    }
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
pub async fn list(
    cx: &Cx,
    auth: &AuthSession,
    page: u64,
    size: u64,
) -> Result<RequestPage, ServiceError> {
    let (db, now) = (&cx.db, cx.now);
    let mine = request::Entity::find().filter(request::Column::RequesterId.eq(auth.user.id));
    let total = mine.clone().count(db).await?;
    let unseen = unseen_count(db, auth.user.id).await?;
    // A page beyond what the database can address is past the last one.
    let offset = page
        .saturating_sub(1)
        .checked_mul(size)
        .filter(|o| i64::try_from(*o).is_ok());
    let rows = match offset {
        Some(offset) => {
            mine.order_by_desc(request::Column::Id)
                .offset(offset)
                .limit(size)
                .all(db)
                .await?
        }
        None => Vec::new(),
    };
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
    let items = rows
        .iter()
        .map(|r| {
            view(
                r,
                located.contains(&r.id),
                display_phone(&r.phone_e164),
                now,
            )
        })
        .collect();
    Ok(RequestPage {
        items,
        total,
        unseen,
    })
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
