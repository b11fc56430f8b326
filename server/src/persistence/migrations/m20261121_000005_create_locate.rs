//! Locate with consent: requests, the positions owners shared, their
//! decisions, the do-not-locate registry, the SMS queue, number proofs for the
//! registry and the disclosure audit log.
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
use super::schema::{cascade_fk, id_col};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum LocateRequests {
    Table,
    Id,
    RequesterId,
    PhoneE164,
    PhoneRegion,
    Note,
    Label,
    Status,
    LinkTokenHash,
    ExpiresAt,
    Resent,
    Unseen,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum LocatePositions {
    Table,
    Id,
    RequestId,
    Latitude,
    Longitude,
    Accuracy,
    SharedAt,
    DeleteAfter,
}

#[derive(DeriveIden)]
enum LocateConsents {
    Table,
    Id,
    RequestId,
    Decision,
    DecidedAt,
    IpHash,
    UserAgent,
}

#[derive(DeriveIden)]
enum DoNotLocate {
    Table,
    PhoneE164,
    Reason,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SmsQueue {
    Table,
    Id,
    RequestId,
    Seq,
    Purpose,
    ToE164,
    Body,
    Status,
    Attempts,
    NextAttemptAt,
    ProviderId,
    LastError,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum NumberProofs {
    Table,
    Id,
    PhoneE164,
    CodeHash,
    Attempts,
    ExpiresAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum DisclosureLog {
    Table,
    Id,
    RequestId,
    UserId,
    SeenAt,
}


fn request_fk<T: IntoIden>(table: T, col: T) -> ForeignKeyCreateStatement {
    cascade_fk(table, col, LocateRequests::Table, LocateRequests::Id)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LocateRequests::Table)
                    .col(id_col(LocateRequests::Id))
                    .col(ColumnDef::new(LocateRequests::RequesterId).big_integer().not_null())
                    .col(ColumnDef::new(LocateRequests::PhoneE164).string_len(20).not_null())
                    .col(ColumnDef::new(LocateRequests::PhoneRegion).string_len(3).not_null())
                    .col(ColumnDef::new(LocateRequests::Note).string_len(600).not_null())
                    .col(ColumnDef::new(LocateRequests::Label).string_len(320).not_null())
                    .col(ColumnDef::new(LocateRequests::Status).string_len(12).not_null())
                    // SHA-256 of the owner's link token; empty once the link is dead.
                    .col(ColumnDef::new(LocateRequests::LinkTokenHash).string_len(64).not_null())
                    .col(ColumnDef::new(LocateRequests::ExpiresAt).big_integer().not_null())
                    .col(ColumnDef::new(LocateRequests::Resent).boolean().not_null())
                    // An answer the requester has not looked at yet (notificationsTotal).
                    .col(ColumnDef::new(LocateRequests::Unseen).boolean().not_null())
                    .col(ColumnDef::new(LocateRequests::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(LocateRequests::UpdatedAt).big_integer().not_null())
                    .foreign_key(&mut cascade_fk(LocateRequests::Table, LocateRequests::RequesterId, Users::Table, Users::Id))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("ix_locate_requests_requester", vec![LocateRequests::RequesterId, LocateRequests::CreatedAt]),
            ("ix_locate_requests_phone", vec![LocateRequests::PhoneE164, LocateRequests::CreatedAt]),
            ("ix_locate_requests_token", vec![LocateRequests::LinkTokenHash]),
            ("ix_locate_requests_status", vec![LocateRequests::Status, LocateRequests::ExpiresAt]),
        ] {
            let mut index = Index::create().name(name).table(LocateRequests::Table).to_owned();
            for col in cols {
                index.col(col);
            }
            manager.create_index(index).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(LocatePositions::Table)
                    .col(id_col(LocatePositions::Id))
                    // One request yields at most one position.
                    .col(ColumnDef::new(LocatePositions::RequestId).big_integer().not_null().unique_key())
                    .col(ColumnDef::new(LocatePositions::Latitude).double().not_null())
                    .col(ColumnDef::new(LocatePositions::Longitude).double().not_null())
                    .col(ColumnDef::new(LocatePositions::Accuracy).double().null())
                    .col(ColumnDef::new(LocatePositions::SharedAt).big_integer().not_null())
                    .col(ColumnDef::new(LocatePositions::DeleteAfter).big_integer().not_null())
                    .foreign_key(&mut request_fk(LocatePositions::Table, LocatePositions::RequestId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LocateConsents::Table)
                    .col(id_col(LocateConsents::Id))
                    .col(ColumnDef::new(LocateConsents::RequestId).big_integer().not_null().unique_key())
                    .col(ColumnDef::new(LocateConsents::Decision).string_len(8).not_null())
                    .col(ColumnDef::new(LocateConsents::DecidedAt).big_integer().not_null())
                    .col(ColumnDef::new(LocateConsents::IpHash).string_len(64).null())
                    .col(ColumnDef::new(LocateConsents::UserAgent).string_len(255).null())
                    .foreign_key(&mut request_fk(LocateConsents::Table, LocateConsents::RequestId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DoNotLocate::Table)
                    .col(ColumnDef::new(DoNotLocate::PhoneE164).string_len(20).not_null().primary_key())
                    .col(ColumnDef::new(DoNotLocate::Reason).string_len(8).not_null())
                    .col(ColumnDef::new(DoNotLocate::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SmsQueue::Table)
                    .col(id_col(SmsQueue::Id))
                    .col(ColumnDef::new(SmsQueue::RequestId).big_integer().null())
                    .col(ColumnDef::new(SmsQueue::Seq).integer().not_null())
                    .col(ColumnDef::new(SmsQueue::Purpose).string_len(12).not_null())
                    .col(ColumnDef::new(SmsQueue::ToE164).string_len(20).not_null())
                    // Holds the owner's secret link until sent; blanked afterwards.
                    .col(ColumnDef::new(SmsQueue::Body).text().not_null())
                    .col(ColumnDef::new(SmsQueue::Status).string_len(10).not_null())
                    .col(ColumnDef::new(SmsQueue::Attempts).integer().not_null())
                    .col(ColumnDef::new(SmsQueue::NextAttemptAt).big_integer().not_null())
                    .col(ColumnDef::new(SmsQueue::ProviderId).string_len(64).null())
                    .col(ColumnDef::new(SmsQueue::LastError).string_len(255).null())
                    .col(ColumnDef::new(SmsQueue::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(SmsQueue::UpdatedAt).big_integer().not_null())
                    .foreign_key(&mut request_fk(SmsQueue::Table, SmsQueue::RequestId))
                    .to_owned(),
            )
            .await?;
        // A request's message number `seq` exists once: never sent twice.
        manager
            .create_index(
                Index::create()
                    .name("ux_sms_queue_request_seq")
                    .table(SmsQueue::Table)
                    .col(SmsQueue::RequestId)
                    .col(SmsQueue::Seq)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_sms_queue_due")
                    .table(SmsQueue::Table)
                    .col(SmsQueue::Status)
                    .col(SmsQueue::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_sms_queue_provider").table(SmsQueue::Table).col(SmsQueue::ProviderId).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NumberProofs::Table)
                    .col(id_col(NumberProofs::Id))
                    .col(ColumnDef::new(NumberProofs::PhoneE164).string_len(20).not_null())
                    .col(ColumnDef::new(NumberProofs::CodeHash).string_len(64).not_null())
                    .col(ColumnDef::new(NumberProofs::Attempts).integer().not_null())
                    .col(ColumnDef::new(NumberProofs::ExpiresAt).big_integer().not_null())
                    .col(ColumnDef::new(NumberProofs::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_number_proofs_phone").table(NumberProofs::Table).col(NumberProofs::PhoneE164).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DisclosureLog::Table)
                    .col(id_col(DisclosureLog::Id))
                    .col(ColumnDef::new(DisclosureLog::RequestId).big_integer().not_null())
                    .col(ColumnDef::new(DisclosureLog::UserId).big_integer().not_null())
                    .col(ColumnDef::new(DisclosureLog::SeenAt).big_integer().not_null())
                    .foreign_key(&mut request_fk(DisclosureLog::Table, DisclosureLog::RequestId))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            DisclosureLog::Table.into_iden(),
            NumberProofs::Table.into_iden(),
            SmsQueue::Table.into_iden(),
            DoNotLocate::Table.into_iden(),
            LocateConsents::Table.into_iden(),
            LocatePositions::Table.into_iden(),
            LocateRequests::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
