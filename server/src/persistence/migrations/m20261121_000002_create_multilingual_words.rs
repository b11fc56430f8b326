//! Texts by locale, group and key (served by `/multilingualWord`).
use super::schema::{create, drop, id_col, index, string, table, text};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MultilingualWords {
    Table,
    Id,
    Locale,
    WordGroup,
    WordKey,
    Text,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use MultilingualWords as W;
        let words = table(
            W::Table,
            [
                id_col(W::Id),
                string(W::Locale, 8),
                string(W::WordGroup, 64),
                string(W::WordKey, 128),
                text(W::Text),
            ],
        );
        let unique_key = index(
            "ux_multilingual_words_locale_group_key",
            W::Table,
            [W::Locale, W::WordGroup, W::WordKey],
        )
        .unique()
        .to_owned();
        create(manager, vec![words], vec![unique_key]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop(manager, vec![MultilingualWords::Table.into_iden()]).await
    }
}
