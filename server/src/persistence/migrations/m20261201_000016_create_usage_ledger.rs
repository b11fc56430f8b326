//! The usage ledger: one row per billable use of the service (a locate
//! request, a voice message, a full lookup, and whatever is billed later),
//! written in the transaction of the use itself. The refund rule reads
//! only this table. Earlier uses are carried over from the feature tables
//! and from `service_uses`, which the ledger replaces.
use super::schema::{big, create, drop, id_col, index, nullable, string, table};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum UsageEntries {
    Table,
    Id,
    UserId,
    Kind,
    SubjectId,
    CreatedAt,
}

#[derive(Clone, Copy, DeriveIden)]
enum ServiceUses {
    Table,
    Id,
    UserId,
    Kind,
    CreatedAt,
}

#[derive(Clone, Copy, DeriveIden)]
enum LocateRequests {
    Table,
    Id,
    RequesterId,
    CreatedAt,
}

#[derive(Clone, Copy, DeriveIden)]
enum VoiceMessages {
    Table,
    Id,
    UserId,
    CreatedAt,
}

/// Copies `(user, id, created)` of every row of `from` into the ledger as `kind`.
fn carry_over<T: IntoIden, C: IntoIden>(
    from: T,
    [user, id, created]: [C; 3],
    kind: &str,
) -> Result<InsertStatement, DbErr> {
    let rows = Query::select()
        .column(user)
        .expr(Expr::val(kind))
        .column(id)
        .column(created)
        .from(from)
        .to_owned();
    Ok(Query::insert()
        .into_table(UsageEntries::Table)
        .columns([
            UsageEntries::UserId,
            UsageEntries::Kind,
            UsageEntries::SubjectId,
            UsageEntries::CreatedAt,
        ])
        .select_from(rows)
        .map_err(|e| DbErr::Migration(e.to_string()))?
        .to_owned())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let ledger = table(
            UsageEntries::Table,
            [
                id_col(UsageEntries::Id),
                big(UsageEntries::UserId),
                string(UsageEntries::Kind, 16),
                nullable(big(UsageEntries::SubjectId)),
                big(UsageEntries::CreatedAt),
            ],
        );
        let by_member = index(
            "ix_usage_entries_user",
            UsageEntries::Table,
            [UsageEntries::UserId, UsageEntries::CreatedAt],
        );
        create(manager, vec![ledger], vec![by_member]).await?;
        let locate = [
            LocateRequests::RequesterId,
            LocateRequests::Id,
            LocateRequests::CreatedAt,
        ];
        manager
            .execute(carry_over(LocateRequests::Table, locate, "locate")?)
            .await?;
        let voice = [
            VoiceMessages::UserId,
            VoiceMessages::Id,
            VoiceMessages::CreatedAt,
        ];
        manager
            .execute(carry_over(VoiceMessages::Table, voice, "voice")?)
            .await?;
        // A lookup names nothing: the subject is the old row's own id.
        let lookups = [ServiceUses::UserId, ServiceUses::Id, ServiceUses::CreatedAt];
        manager
            .execute(carry_over(ServiceUses::Table, lookups, "lookup")?)
            .await?;
        drop(manager, vec![ServiceUses::Table.into_iden()]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let uses = table(
            ServiceUses::Table,
            [
                id_col(ServiceUses::Id),
                big(ServiceUses::UserId),
                string(ServiceUses::Kind, 16),
                big(ServiceUses::CreatedAt),
            ],
        );
        let by_member = index(
            "ix_service_uses_user",
            ServiceUses::Table,
            [ServiceUses::UserId, ServiceUses::CreatedAt],
        );
        create(manager, vec![uses], vec![by_member]).await?;
        drop(manager, vec![UsageEntries::Table.into_iden()]).await
    }
}
