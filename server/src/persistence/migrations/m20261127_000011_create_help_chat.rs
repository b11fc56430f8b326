//! The help chat: one conversation per person (a member by account, a
//! visitor by the hash of their chat cookie) and its messages.
use super::schema::{big, cascade_fk, create, drop, id_col, index, nullable, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum HelpChatConversations {
    Table,
    Id,
    UserId,
    VisitorHash,
    ContactEmail,
    Locale,
    PersonReadId,
    StaffReadId,
    CreatedAt,
    LastMessageAt,
}

#[derive(DeriveIden)]
enum HelpChatMessages {
    Table,
    Id,
    ConversationId,
    Author,
    Body,
    CreatedAt,
}

fn conversations() -> TableCreateStatement {
    use HelpChatConversations as C;
    table(
        C::Table,
        [
            id_col(C::Id),
            nullable(big(C::UserId)),
            nullable(string(C::VisitorHash, 64)),
            nullable(string(C::ContactEmail, 254)),
            string(C::Locale, 8),
            big(C::PersonReadId),
            big(C::StaffReadId),
            big(C::CreatedAt),
            big(C::LastMessageAt),
        ],
    )
}

fn messages() -> TableCreateStatement {
    use HelpChatMessages as M;
    table(
        M::Table,
        [
            id_col(M::Id),
            big(M::ConversationId),
            string(M::Author, 8),
            text(M::Body),
            big(M::CreatedAt),
        ],
    )
    .foreign_key(&mut cascade_fk(
        M::Table,
        M::ConversationId,
        HelpChatConversations::Table,
        HelpChatConversations::Id,
    ))
    .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use HelpChatConversations as C;
        use HelpChatMessages as M;
        let indexes = vec![
            // One conversation per person: "start" is an insert that may lose to a concurrent one.
            index("ux_help_chat_user", C::Table, [C::UserId])
                .unique()
                .to_owned(),
            index("ux_help_chat_visitor", C::Table, [C::VisitorHash])
                .unique()
                .to_owned(),
            index("ix_help_chat_last_message", C::Table, [C::LastMessageAt]).to_owned(),
            index(
                "ix_help_chat_messages_conversation",
                M::Table,
                [M::ConversationId, M::Id],
            )
            .to_owned(),
        ];
        create(manager, vec![conversations(), messages()], indexes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(
            manager,
            vec![
                HelpChatMessages::Table.into_iden(),
                HelpChatConversations::Table.into_iden(),
            ],
        )
        .await
    }
}
