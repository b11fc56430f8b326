//! What the owner keeps after deciding, and what the requester asked for:
//! `locate_requests.receipt_token_hash` (SHA-256 of the token of the
//! owner's receipt link, texted once after sharing; empty before),
//! `locate_requests.notify_email` (the requester asked for an e-mail when
//! the owner answers), and `locate_trust`: the requesters a number's owner
//! marked as trusted (their later requests open with a one-tap Share), one
//! row per number and account, keyed by the number as the do-not-locate
//! registry is.
use super::schema::{
    add_columns, big, create, drop, drop_columns, flag, id_col, index, string, table,
};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LocateRequests {
    Table,
    ReceiptTokenHash,
    NotifyEmail,
}

#[derive(DeriveIden)]
enum LocateTrust {
    Table,
    Id,
    PhoneE164,
    RequesterId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            string(LocateRequests::ReceiptTokenHash, 64)
                .default("")
                .to_owned(),
            flag(LocateRequests::NotifyEmail).default(false).to_owned(),
        ];
        add_columns(manager, LocateRequests::Table, columns).await?;
        use LocateTrust as T;
        let trust = table(
            T::Table,
            [
                id_col(T::Id),
                string(T::PhoneE164, 20),
                big(T::RequesterId),
                big(T::CreatedAt),
            ],
        );
        // One trust per number and account: marking twice is one row.
        let once = index(
            "ux_locate_trust_number_requester",
            T::Table,
            [T::PhoneE164, T::RequesterId],
        )
        .unique()
        .to_owned();
        create(manager, vec![trust], vec![once]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![LocateTrust::Table.into_iden()]).await?;
        let columns = [
            LocateRequests::ReceiptTokenHash,
            LocateRequests::NotifyEmail,
        ];
        drop_columns(manager, LocateRequests::Table, columns).await
    }
}
