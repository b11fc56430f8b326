//! A trial is once per person: per account, per normalized e-mail and per
//! payment instrument (card fingerprint, PayPal payer, wallet account)
//! where the provider reports one. A returning customer is offered the
//! full price at checkout; an instrument the provider reveals only with
//! the payment is checked when the subscription is activated, in the same
//! transaction, against unique keys — so two concurrent checkouts cannot
//! both start a trial.
use super::orders;
use crate::persistence::entities::{order, trial_grant};
use crate::services::accounts::users;
use crate::services::ServiceError;
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    QueryFilter,
};

/// Providers whose mailboxes ignore dots in the local part.
const DOTS_IGNORED: [&str; 2] = ["gmail.com", "googlemail.com"];
/// Providers that deliver `name+tag@` to `name@`.
const PLUS_TAGS: [&str; 11] = [
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "icloud.com",
    "me.com",
    "fastmail.com",
    "proton.me",
    "protonmail.com",
];

/// The mailbox an address reaches: lower case, trimmed; for providers
/// that ignore them, without dots and `+tag` (`J.Doe+x@GoogleMail.com` →
/// `jdoe@gmail.com`).
pub fn normalized_email(email: &str) -> String {
    let email = email.trim().to_lowercase();
    let Some((local, domain)) = email.rsplit_once('@') else {
        return email;
    };
    let domain = if domain == "googlemail.com" {
        "gmail.com"
    } else {
        domain
    };
    let mut local = local.to_owned();
    if PLUS_TAGS.contains(&domain) {
        if let Some((name, _tag)) = local.split_once('+') {
            local = name.to_owned();
        }
    }
    if DOTS_IGNORED.contains(&domain) {
        local.retain(|c| c != '.');
    }
    format!("{local}@{domain}")
}

/// Whether whoever types `email` had a trial (or any paid subscription)
/// before: a grant of that mailbox or of the account of that e-mail, or a
/// paid order of that account.
///
/// # Errors
/// A database error.
pub async fn is_returning(db: &impl ConnectionTrait, email: &str) -> Result<bool, ServiceError> {
    let mut seen = Condition::any().add(trial_grant::Column::Email.eq(normalized_email(email)));
    let account = users::find_by_email(db, email.trim()).await?;
    if let Some(account) = &account {
        seen = seen.add(trial_grant::Column::UserId.eq(account.id));
    }
    if trial_grant::Entity::find()
        .filter(seen)
        .one(db)
        .await?
        .is_some()
    {
        return Ok(true);
    }
    let Some(account) = account else {
        return Ok(false);
    };
    let paid = order::Entity::find()
        .filter(order::Column::UserId.eq(account.id))
        .filter(order::Column::Status.eq(orders::PAID))
        .filter(order::Column::Provider.ne("operator"))
        .one(db)
        .await?;
    Ok(paid.is_some())
}

/// Records the trial of `order` for account `user_id` paid with
/// `instrument`; false when the account, mailbox or instrument had one
/// (nothing is granted then). Call in the activation's transaction: the
/// unique keys decide between concurrent checkouts.
///
/// # Errors
/// A database error.
pub async fn grant(
    db: &impl ConnectionTrait,
    order: &order::Model,
    user_id: i64,
    instrument: Option<&str>,
    now: i64,
) -> Result<bool, ServiceError> {
    let granted = insert(db, order, user_id, instrument, now).await?;
    if !granted && instrument.is_some() {
        // The instrument had its trial: the account and mailbox are marked
        // too, so this person's next checkout shows the full price.
        insert(db, order, user_id, None, now).await?;
    }
    Ok(granted)
}

async fn insert(
    db: &impl ConnectionTrait,
    order: &order::Model,
    user_id: i64,
    instrument: Option<&str>,
    now: i64,
) -> Result<bool, ServiceError> {
    let row = trial_grant::ActiveModel {
        user_id: Set(Some(user_id)),
        email: Set(normalized_email(&order.email)),
        instrument: Set(instrument.map(str::to_owned)),
        order_id: Set(order.id),
        created_at: Set(now),
        ..Default::default()
    };
    let inserted = trial_grant::Entity::insert(row)
        .on_conflict(OnConflict::new().do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    Ok(inserted == 1)
}

#[cfg(test)]
mod tests {
    use super::normalized_email;

    #[test]
    fn mailboxes_are_normalized_as_their_provider_delivers() {
        assert_eq!(
            normalized_email(" J.Doe+x@GoogleMail.com "),
            "jdoe@gmail.com"
        );
        assert_eq!(normalized_email("j.doe@gmail.com"), "jdoe@gmail.com");
        assert_eq!(normalized_email("Ann+promo@outlook.com"), "ann@outlook.com");
        assert_eq!(normalized_email("a.b+c@mail.co.id"), "a.b+c@mail.co.id");
        assert_eq!(normalized_email("Buyer@Mail.COM"), "buyer@mail.com");
    }
}
