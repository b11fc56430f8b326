//! `locate_positions.precision` and `live_until`: how precisely the owner
//! chose to share (`precise`, or `approximate`: rounded to about a kilometre
//! before it is stored) and, for live sharing, until when the owner's page
//! may keep sending the position (moved to the stop time when the owner or
//! the requester stops it). Rows from before keep `precise` and no window.
#![expect(
    elided_lifetimes_in_paths,
    reason = "the signature is dictated by sea-orm-migration's async_trait"
)]
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
        for column in [
            ColumnDef::new(LocatePositions::Precision)
                .string_len(12)
                .not_null()
                .default("precise")
                .to_owned(),
            ColumnDef::new(LocatePositions::LiveUntil)
                .big_integer()
                .null()
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(LocatePositions::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [LocatePositions::Precision, LocatePositions::LiveUntil] {
            manager
                .alter_table(
                    Table::alter()
                        .table(LocatePositions::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
