//! `subscriptions.price_country`: the country of the card or wallet that
//! paid, when the provider reported one and its price list is not the
//! plan's: the subscription renews at that country's price (the rule is
//! `services::billing::price_country`). Empty for every other subscription.
use super::schema::{add_columns, drop_columns, nullable, string};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    PriceCountry,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let country = nullable(string(Subscriptions::PriceCountry, 2));
        add_columns(manager, Subscriptions::Table, [country]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [Subscriptions::PriceCountry];
        drop_columns(manager, Subscriptions::Table, columns).await
    }
}
