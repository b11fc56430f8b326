//! Price plans per price channel (`cpl2`, `cpl2_id`, …).
use super::schema::{big, create, drop, flag, id_col, index, int, string, table};
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

fn price_plans() -> TableCreateStatement {
    use PricePlans as P;
    table(
        P::Table,
        [
            id_col(P::Id),
            string(P::Channel, 32),
            int(P::Sort),
            flag(P::IsTryout),
            int(P::TrialDays),
            big(P::TrialPriceMinor),
            big(P::PresentPriceMinor),
            string(P::Currency, 3),
            ColumnDef::new(P::CurrencyExponent)
                .small_integer()
                .not_null()
                .to_owned(),
            string(P::Cycle, 8),
            int(P::Weight).default(1).to_owned(),
            big(P::CreatedAt),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let by_sort = index(
            "ux_price_plans_channel_sort",
            PricePlans::Table,
            [PricePlans::Channel, PricePlans::Sort],
        )
        .unique()
        .to_owned();
        create(manager, vec![price_plans()], vec![by_sort]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![PricePlans::Table.into_iden()]).await
    }
}
