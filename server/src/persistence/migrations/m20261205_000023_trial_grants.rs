//! `trial_grants`: a trial is once per person — one row per account, per
//! normalized e-mail and per payment instrument (where the provider reports
//! one), each unique, written in the transaction that activates the
//! subscription, so two concurrent checkouts cannot both get a trial.
//! `orders.trial_days`: the trial the order was sold with (0 for a
//! returning customer, who is offered the full price); orders still open
//! take their plan's trial.
use super::schema::{add_columns, big, drop_columns, id_col, index, int, nullable, string, table};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TrialGrants {
    Table,
    Id,
    UserId,
    Email,
    Instrument,
    OrderId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    TrialDays,
}

const BACKFILL: &str = "UPDATE orders SET trial_days = COALESCE((SELECT p.trial_days \
     FROM price_plans p WHERE p.id = orders.plan_id AND p.is_tryout), 0) \
     WHERE status <> 'paid'";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TrialGrants as T;
        manager
            .create_table(table(
                T::Table,
                [
                    id_col(T::Id),
                    nullable(big(T::UserId)),
                    string(T::Email, 320),
                    nullable(string(T::Instrument, 200)),
                    big(T::OrderId),
                    big(T::CreatedAt),
                ],
            ))
            .await?;
        for (name, col) in [
            ("ux_trial_grants_user", T::UserId),
            ("ux_trial_grants_email", T::Email),
            ("ux_trial_grants_instrument", T::Instrument),
        ] {
            manager
                .create_index(index(name, T::Table, [col]).unique().to_owned())
                .await?;
        }
        let trial_days = int(Orders::TrialDays).default(0).to_owned();
        add_columns(manager, Orders::Table, [trial_days]).await?;
        manager
            .get_connection()
            .execute_unprepared(BACKFILL)
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(manager, Orders::Table, [Orders::TrialDays]).await?;
        manager
            .drop_table(Table::drop().table(TrialGrants::Table).to_owned())
            .await
    }
}
