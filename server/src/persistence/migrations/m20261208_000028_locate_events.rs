//! `locate_events`: one row each time a locate request changes in a way its
//! requester sees (a status, a shared or live position, a stop, a delete),
//! read by every server instance's live feed to tell the requester's open
//! dashboards; kept for an hour.
use super::schema::{big, cascade_fk, create, drop, id_col, index, table};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LocateEvents {
    Table,
    Id,
    RequestId,
    RequesterId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum LocateRequests {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use LocateEvents as E;
        let mut events = table(
            E::Table,
            [
                id_col(E::Id),
                big(E::RequestId),
                big(E::RequesterId),
                big(E::CreatedAt),
            ],
        );
        events.foreign_key(&mut cascade_fk(
            E::Table,
            E::RequestId,
            LocateRequests::Table,
            LocateRequests::Id,
        ));
        let by_age = index("ix_locate_events_created", E::Table, [E::CreatedAt]);
        create(manager, vec![events], vec![by_age]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![LocateEvents::Table.into_iden()]).await
    }
}
