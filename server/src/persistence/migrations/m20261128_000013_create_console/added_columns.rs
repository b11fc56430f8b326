//! What the console adds to earlier tables: an account's suspension, the
//! decision on an abuse report, and the order a provider event belongs to.
use super::super::schema::{big, index, nullable, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveIden)]
enum Users {
    Table,
    SuspendedAt,
}

#[derive(DeriveIden)]
enum AbuseReports {
    Table,
    DecidedBy,
    DecidedAt,
    Note,
}

#[derive(DeriveIden)]
enum PaymentEvents {
    Table,
    OrderId,
}

async fn add_column<T: IntoIden + 'static>(
    manager: &SchemaManager<'_>,
    table: T,
    col: ColumnDef,
) -> Result<(), DbErr> {
    // One column per statement: SQLite alters one thing at a time.
    manager
        .alter_table(Table::alter().table(table).add_column(col).to_owned())
        .await
}

/// Adds the columns, one statement each.
pub(super) async fn add(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_column(manager, Users::Table, nullable(big(Users::SuspendedAt))).await?;
    add_column(
        manager,
        AbuseReports::Table,
        nullable(big(AbuseReports::DecidedBy)),
    )
    .await?;
    add_column(
        manager,
        AbuseReports::Table,
        nullable(big(AbuseReports::DecidedAt)),
    )
    .await?;
    add_column(
        manager,
        AbuseReports::Table,
        nullable(text(AbuseReports::Note)),
    )
    .await?;
    add_column(
        manager,
        PaymentEvents::Table,
        nullable(big(PaymentEvents::OrderId)),
    )
    .await
}

/// A provider event found by its order.
pub(super) fn payment_events_order_index() -> IndexCreateStatement {
    index(
        "ix_payment_events_order",
        PaymentEvents::Table,
        [PaymentEvents::OrderId],
    )
    .to_owned()
}

/// Drops the columns again.
pub(super) async fn drop(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    for (t, c) in [
        (
            PaymentEvents::Table.into_iden(),
            PaymentEvents::OrderId.into_iden(),
        ),
        (Users::Table.into_iden(), Users::SuspendedAt.into_iden()),
    ] {
        manager
            .alter_table(Table::alter().table(t).drop_column(c).to_owned())
            .await?;
    }
    for c in [
        AbuseReports::Note.into_iden(),
        AbuseReports::DecidedAt.into_iden(),
        AbuseReports::DecidedBy.into_iden(),
    ] {
        manager
            .alter_table(
                Table::alter()
                    .table(AbuseReports::Table)
                    .drop_column(c)
                    .to_owned(),
            )
            .await?;
    }
    Ok(())
}
