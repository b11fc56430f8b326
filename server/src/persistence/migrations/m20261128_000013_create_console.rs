//! The support console: staff accounts (password + TOTP), their sessions,
//! the append-only audit log of what they did, blocks of one requester
//! towards one number, account suspension, abuse decisions, and the order
//! a provider event belongs to (support reads events per order).
use super::schema::{big, cascade_fk, create, drop, flag, id_col, index, string, table, text};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

mod added_columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StaffUsers {
    Table,
    Id,
    Email,
    EmailNormalized,
    PasswordHash,
    Role,
    TotpSecret,
    TotpLastStep,
    Disabled,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum StaffSessions {
    Table,
    Id,
    StaffId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
    LastSeenAt,
}

#[derive(DeriveIden)]
enum StaffAuditLog {
    Table,
    Id,
    StaffId,
    Action,
    SubjectKind,
    SubjectId,
    Detail,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RequesterBlocks {
    Table,
    Id,
    UserId,
    PhoneE164,
    CreatedAt,
}

fn staff_users() -> TableCreateStatement {
    use StaffUsers as S;
    table(
        S::Table,
        [
            id_col(S::Id),
            string(S::Email, 254),
            string(S::EmailNormalized, 254),
            string(S::PasswordHash, 255),
            string(S::Role, 16),
            string(S::TotpSecret, 64),
            big(S::TotpLastStep),
            flag(S::Disabled),
            big(S::CreatedAt),
            big(S::UpdatedAt),
        ],
    )
}

fn staff_sessions() -> TableCreateStatement {
    use StaffSessions as S;
    table(
        S::Table,
        [
            id_col(S::Id),
            big(S::StaffId),
            string(S::TokenHash, 64),
            big(S::CreatedAt),
            big(S::ExpiresAt),
            big(S::LastSeenAt),
        ],
    )
    .foreign_key(&mut cascade_fk(
        S::Table,
        S::StaffId,
        StaffUsers::Table,
        StaffUsers::Id,
    ))
    .to_owned()
}

fn staff_audit_log() -> TableCreateStatement {
    use StaffAuditLog as A;
    // No foreign key: staff are disabled, never deleted, and a cascade would
    // be a way to delete audit rows.
    table(
        A::Table,
        [
            id_col(A::Id),
            big(A::StaffId),
            string(A::Action, 32),
            string(A::SubjectKind, 16),
            big(A::SubjectId),
            text(A::Detail),
            big(A::CreatedAt),
        ],
    )
}

fn requester_blocks() -> TableCreateStatement {
    use RequesterBlocks as B;
    table(
        B::Table,
        [
            id_col(B::Id),
            big(B::UserId),
            string(B::PhoneE164, 20),
            big(B::CreatedAt),
        ],
    )
}

/// The audit log refuses to change on both databases, whoever asks.
const SQLITE_TRIGGERS: [&str; 2] = [
    "CREATE TRIGGER staff_audit_log_no_update BEFORE UPDATE ON staff_audit_log BEGIN SELECT RAISE(ABORT, 'staff_audit_log is append-only'); END",
    "CREATE TRIGGER staff_audit_log_no_delete BEFORE DELETE ON staff_audit_log BEGIN SELECT RAISE(ABORT, 'staff_audit_log is append-only'); END",
];
/// Decisions such as `requester_blocked` outgrow the 16 characters the
/// queue's statuses had (SQLite does not enforce lengths).
const POSTGRES_WIDEN_STATUS: &str =
    "ALTER TABLE abuse_reports ALTER COLUMN status TYPE VARCHAR(24)";
const POSTGRES_TRIGGERS: [&str; 3] = [
    "CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'staff_audit_log is append-only'; END $$",
    "CREATE TRIGGER staff_audit_log_no_change BEFORE UPDATE OR DELETE ON staff_audit_log FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only()",
    "CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_append_only()",
];

/// The staff tables' indexes, and the lookup of a provider event by order.
fn indexes() -> Vec<IndexCreateStatement> {
    vec![
        index(
            "ux_staff_users_email",
            StaffUsers::Table,
            [StaffUsers::EmailNormalized],
        )
        .unique()
        .to_owned(),
        index(
            "ux_staff_sessions_token",
            StaffSessions::Table,
            [StaffSessions::TokenHash],
        )
        .unique()
        .to_owned(),
        index(
            "ix_staff_sessions_staff",
            StaffSessions::Table,
            [StaffSessions::StaffId],
        )
        .to_owned(),
        index(
            "ix_staff_audit_subject",
            StaffAuditLog::Table,
            [StaffAuditLog::SubjectKind, StaffAuditLog::SubjectId],
        )
        .to_owned(),
        index(
            "ux_requester_blocks_pair",
            RequesterBlocks::Table,
            [RequesterBlocks::UserId, RequesterBlocks::PhoneE164],
        )
        .unique()
        .to_owned(),
        added_columns::payment_events_order_index(),
    ]
}

/// Widens the abuse queue's status on PostgreSQL, then makes the audit log
/// append-only.
async fn guard_audit_log(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let postgres = db.get_database_backend() == DbBackend::Postgres;
    if postgres {
        db.execute_unprepared(POSTGRES_WIDEN_STATUS).await?;
    }
    let triggers: &[&str] = if postgres {
        &POSTGRES_TRIGGERS
    } else {
        &SQLITE_TRIGGERS
    };
    for sql in triggers {
        db.execute_unprepared(sql).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = vec![
            staff_users(),
            staff_sessions(),
            staff_audit_log(),
            requester_blocks(),
        ];
        added_columns::add(manager).await?;
        create(manager, tables, indexes()).await?;
        guard_audit_log(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            RequesterBlocks::Table.into_iden(),
            StaffAuditLog::Table.into_iden(),
            StaffSessions::Table.into_iden(),
            StaffUsers::Table.into_iden(),
        ];
        drop(manager, tables.into_iter().collect()).await?;
        if manager.get_connection().get_database_backend() == DbBackend::Postgres {
            manager
                .get_connection()
                .execute_unprepared("DROP FUNCTION IF EXISTS staff_audit_log_append_only()")
                .await?;
        }
        added_columns::drop(manager).await
    }
}
