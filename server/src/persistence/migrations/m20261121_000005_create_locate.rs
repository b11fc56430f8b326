//! Locate with consent: requests, the positions owners shared, their
//! decisions, the do-not-locate registry, the SMS queue, number proofs for the
//! registry and the disclosure audit log.
use super::schema::{
    big, cascade_fk, create, drop, flag, id_col, index, int, nullable, real, string, table, text,
};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

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

/// Rows that go with the locate request they belong to.
fn of_request<T: IntoIden>(table: T, col: T) -> ForeignKeyCreateStatement {
    cascade_fk(table, col, LocateRequests::Table, LocateRequests::Id)
}

fn locate_requests() -> TableCreateStatement {
    use LocateRequests as R;
    table(
        R::Table,
        [
            id_col(R::Id),
            big(R::RequesterId),
            string(R::PhoneE164, 20),
            string(R::PhoneRegion, 3),
            string(R::Note, 600),
            string(R::Label, 320),
            string(R::Status, 12),
            // SHA-256 of the owner's link token; empty once the link is dead.
            string(R::LinkTokenHash, 64),
            big(R::ExpiresAt),
            flag(R::Resent),
            // An answer the requester has not looked at yet (notificationsTotal).
            flag(R::Unseen),
            big(R::CreatedAt),
            big(R::UpdatedAt),
        ],
    )
    .foreign_key(&mut cascade_fk(
        R::Table,
        R::RequesterId,
        Alias::new("users"),
        Alias::new("id"),
    ))
    .to_owned()
}

fn decisions() -> Vec<TableCreateStatement> {
    use LocateConsents as C;
    use LocatePositions as P;
    let mut positions = table(
        P::Table,
        [
            id_col(P::Id),
            // One request yields at most one position.
            big(P::RequestId).unique_key().to_owned(),
            real(P::Latitude),
            real(P::Longitude),
            nullable(real(P::Accuracy)),
            big(P::SharedAt),
            big(P::DeleteAfter),
        ],
    );
    let mut consents = table(
        C::Table,
        [
            id_col(C::Id),
            big(C::RequestId).unique_key().to_owned(),
            string(C::Decision, 8),
            big(C::DecidedAt),
            nullable(string(C::IpHash, 64)),
            nullable(string(C::UserAgent, 255)),
        ],
    );
    positions.foreign_key(&mut of_request(P::Table, P::RequestId));
    consents.foreign_key(&mut of_request(C::Table, C::RequestId));
    vec![positions, consents]
}

fn sms_queue() -> TableCreateStatement {
    use SmsQueue as Q;
    table(
        Q::Table,
        [
            id_col(Q::Id),
            nullable(big(Q::RequestId)),
            int(Q::Seq),
            string(Q::Purpose, 12),
            string(Q::ToE164, 20),
            // Holds the owner's secret link until sent; blanked afterwards.
            text(Q::Body),
            string(Q::Status, 10),
            int(Q::Attempts),
            big(Q::NextAttemptAt),
            nullable(string(Q::ProviderId, 64)),
            nullable(string(Q::LastError, 255)),
            big(Q::CreatedAt),
            big(Q::UpdatedAt),
        ],
    )
    .foreign_key(&mut of_request(Q::Table, Q::RequestId))
    .to_owned()
}

fn registry() -> Vec<TableCreateStatement> {
    use DisclosureLog as L;
    use DoNotLocate as D;
    use NumberProofs as N;
    let do_not_locate = table(
        D::Table,
        [
            string(D::PhoneE164, 20).primary_key().to_owned(),
            string(D::Reason, 8),
            big(D::CreatedAt),
        ],
    );
    let proofs = table(
        N::Table,
        [
            id_col(N::Id),
            string(N::PhoneE164, 20),
            string(N::CodeHash, 64),
            int(N::Attempts),
            big(N::ExpiresAt),
            big(N::CreatedAt),
        ],
    );
    let log = table(
        L::Table,
        [
            id_col(L::Id),
            big(L::RequestId),
            big(L::UserId),
            big(L::SeenAt),
        ],
    )
    .foreign_key(&mut of_request(L::Table, L::RequestId))
    .to_owned();
    vec![do_not_locate, proofs, log]
}

fn indexes() -> Vec<IndexCreateStatement> {
    use LocateRequests as R;
    use SmsQueue as Q;
    vec![
        index(
            "ix_locate_requests_requester",
            R::Table,
            [R::RequesterId, R::CreatedAt],
        ),
        index(
            "ix_locate_requests_phone",
            R::Table,
            [R::PhoneE164, R::CreatedAt],
        ),
        index("ix_locate_requests_token", R::Table, [R::LinkTokenHash]),
        index(
            "ix_locate_requests_status",
            R::Table,
            [R::Status, R::ExpiresAt],
        ),
        // A request's message number `seq` exists once: never sent twice.
        index("ux_sms_queue_request_seq", Q::Table, [Q::RequestId, Q::Seq])
            .unique()
            .to_owned(),
        index("ix_sms_queue_due", Q::Table, [Q::Status, Q::NextAttemptAt]),
        index("ix_sms_queue_provider", Q::Table, [Q::ProviderId]),
        index(
            "ix_number_proofs_phone",
            NumberProofs::Table,
            [NumberProofs::PhoneE164],
        ),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            vec![locate_requests()],
            decisions(),
            vec![sms_queue()],
            registry(),
        ]
        .concat();
        create(manager, tables, indexes()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let dependents_first = vec![
            DisclosureLog::Table.into_iden(),
            NumberProofs::Table.into_iden(),
            SmsQueue::Table.into_iden(),
            DoNotLocate::Table.into_iden(),
            LocateConsents::Table.into_iden(),
            LocatePositions::Table.into_iden(),
            LocateRequests::Table.into_iden(),
        ];
        drop(manager, dependents_first).await
    }
}
