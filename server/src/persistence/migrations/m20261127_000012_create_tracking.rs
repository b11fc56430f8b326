//! Consent-gated tracking: the campaign attribution stored with an order,
//! click points, the operation log, and the Meta conversion events waiting
//! for (or done with) the Graph API.
use super::schema::{
    big, cascade_fk, create, drop, id_col, index, int, nullable, string, table, text,
};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum OrderAttributions {
    Table,
    Id,
    OrderId,
    Channel,
    FirstTouch,
    LastTouch,
    Fbc,
    Fbp,
    ClientIp,
    UserAgent,
    SourceUrl,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ClickPoints {
    Table,
    Id,
    BtnId,
    ApkChannel,
    Os,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OperationLogs {
    Table,
    Id,
    EventCode,
    EventType,
    CurrDocument,
    Domain,
    ApkVersionCode,
    PhoneOs,
    TrackId,
    Version,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MetaEvents {
    Table,
    Id,
    EventName,
    EventId,
    Body,
    TestEventCode,
    Status,
    Attempts,
    LastError,
    CreatedAt,
    UpdatedAt,
}

fn order_attributions() -> TableCreateStatement {
    table(
        OrderAttributions::Table,
        [
            id_col(OrderAttributions::Id),
            big(OrderAttributions::OrderId),
            string(OrderAttributions::Channel, 200),
            text(OrderAttributions::FirstTouch),
            text(OrderAttributions::LastTouch),
            nullable(string(OrderAttributions::Fbc, 255)),
            nullable(string(OrderAttributions::Fbp, 255)),
            nullable(string(OrderAttributions::ClientIp, 64)),
            nullable(string(OrderAttributions::UserAgent, 512)),
            nullable(string(OrderAttributions::SourceUrl, 1024)),
            big(OrderAttributions::CreatedAt),
        ],
    )
    .foreign_key(&mut cascade_fk(
        OrderAttributions::Table,
        OrderAttributions::OrderId,
        Orders::Table,
        Orders::Id,
    ))
    .to_owned()
}

fn click_points() -> TableCreateStatement {
    table(
        ClickPoints::Table,
        [
            id_col(ClickPoints::Id),
            string(ClickPoints::BtnId, 64),
            string(ClickPoints::ApkChannel, 200),
            int(ClickPoints::Os),
            big(ClickPoints::CreatedAt),
        ],
    )
}

fn operation_logs() -> TableCreateStatement {
    table(
        OperationLogs::Table,
        [
            id_col(OperationLogs::Id),
            string(OperationLogs::EventCode, 64),
            int(OperationLogs::EventType),
            string(OperationLogs::CurrDocument, 512),
            string(OperationLogs::Domain, 255),
            string(OperationLogs::ApkVersionCode, 32),
            string(OperationLogs::PhoneOs, 32),
            string(OperationLogs::TrackId, 64),
            string(OperationLogs::Version, 32),
            big(OperationLogs::CreatedAt),
        ],
    )
}

fn meta_events() -> TableCreateStatement {
    table(
        MetaEvents::Table,
        [
            id_col(MetaEvents::Id),
            string(MetaEvents::EventName, 40),
            string(MetaEvents::EventId, 80),
            text(MetaEvents::Body),
            nullable(string(MetaEvents::TestEventCode, 64)),
            string(MetaEvents::Status, 16),
            int(MetaEvents::Attempts),
            nullable(string(MetaEvents::LastError, 255)),
            big(MetaEvents::CreatedAt),
            big(MetaEvents::UpdatedAt),
        ],
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create(
            manager,
            vec![
                order_attributions(),
                click_points(),
                operation_logs(),
                meta_events(),
            ],
            vec![
                index(
                    "ux_order_attributions_order",
                    OrderAttributions::Table,
                    [OrderAttributions::OrderId],
                )
                .unique()
                .to_owned(),
                index(
                    "ix_click_points_created",
                    ClickPoints::Table,
                    [ClickPoints::CreatedAt],
                ),
                index(
                    "ix_operation_logs_created",
                    OperationLogs::Table,
                    [OperationLogs::CreatedAt],
                ),
                // One event per name and id: the browser's and the server's
                // report of one purchase share the id and are queued once.
                index(
                    "ux_meta_events_name_id",
                    MetaEvents::Table,
                    [MetaEvents::EventName, MetaEvents::EventId],
                )
                .unique()
                .to_owned(),
                index(
                    "ix_meta_events_status",
                    MetaEvents::Table,
                    [MetaEvents::Status],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(
            manager,
            vec![
                MetaEvents::Table.into_iden(),
                OperationLogs::Table.into_iden(),
                ClickPoints::Table.into_iden(),
                OrderAttributions::Table.into_iden(),
            ],
        )
        .await
    }
}
