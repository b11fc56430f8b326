//! `renewal_links`: a subscription paid with a wallet that cannot be
//! charged without the payer renews by a pay link. One row per subscription
//! period (unique), written in the transaction that queues the link's
//! e-mail, so the link goes out once per period however often the renewal
//! job runs; it also keeps the name the member last paid with (the ID
//! document is asked each time and never stored).
use super::schema::{big, id_col, index, int, nullable, string, table};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RenewalLinks {
    Table,
    Id,
    SubscriptionId,
    PeriodIndex,
    UserId,
    PayerName,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use RenewalLinks as R;
        manager
            .create_table(table(
                R::Table,
                [
                    id_col(R::Id),
                    big(R::SubscriptionId),
                    int(R::PeriodIndex),
                    big(R::UserId),
                    nullable(string(R::PayerName, 100)),
                    big(R::CreatedAt),
                    big(R::UpdatedAt),
                ],
            ))
            .await?;
        let mut period = index(
            "ux_renewal_links_period",
            R::Table,
            [R::SubscriptionId, R::PeriodIndex],
        );
        manager.create_index(period.unique().to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(RenewalLinks::Table).to_owned())
            .await
    }
}
