//! `locate_positions.precision` and `live_until`: how precisely the owner
//! chose to share (`precise`, or `approximate`: rounded to about a kilometre
//! before it is stored) and, for live sharing, until when the owner's page
//! may keep sending the position (moved to the stop time when the owner or
//! the requester stops it). Rows from before keep `precise` and no window.
use super::schema::{add_columns, big, drop_columns, nullable, string};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LocatePositions {
    Table,
    Precision,
    LiveUntil,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            string(LocatePositions::Precision, 12)
                .default("precise")
                .to_owned(),
            nullable(big(LocatePositions::LiveUntil)),
        ];
        add_columns(manager, LocatePositions::Table, columns).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [LocatePositions::Precision, LocatePositions::LiveUntil];
        drop_columns(manager, LocatePositions::Table, columns).await
    }
}
