//! Price plans per price channel (`cpl2`, `cpl2_id`, …).
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PricePlans {
    Table,
    Id,
    Channel,
    Sort,
    IsTryout,
    TrialDays,
    TrialPriceMinor,
    PresentPriceMinor,
    Currency,
    CurrencyExponent,
    Cycle,
    Weight,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PricePlans::Table)
                    .col(ColumnDef::new(PricePlans::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(PricePlans::Channel).string_len(32).not_null())
                    .col(ColumnDef::new(PricePlans::Sort).integer().not_null())
                    .col(ColumnDef::new(PricePlans::IsTryout).boolean().not_null())
                    .col(ColumnDef::new(PricePlans::TrialDays).integer().not_null())
                    .col(ColumnDef::new(PricePlans::TrialPriceMinor).big_integer().not_null())
                    .col(ColumnDef::new(PricePlans::PresentPriceMinor).big_integer().not_null())
                    .col(ColumnDef::new(PricePlans::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(PricePlans::CurrencyExponent).small_integer().not_null())
                    .col(ColumnDef::new(PricePlans::Cycle).string_len(8).not_null())
                    .col(ColumnDef::new(PricePlans::Weight).integer().not_null().default(1))
                    .col(ColumnDef::new(PricePlans::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_price_plans_channel_sort")
                    .table(PricePlans::Table)
                    .col(PricePlans::Channel)
                    .col(PricePlans::Sort)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PricePlans::Table).to_owned()).await
    }
}
