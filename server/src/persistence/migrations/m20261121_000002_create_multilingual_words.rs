//! Texts by locale, group and key (served by `/multilingualWord`).
#![expect(elided_lifetimes_in_paths, reason = "the signature is dictated by sea-orm-migration's async_trait")]
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
        manager
            .create_table(
                Table::create()
                    .table(MultilingualWords::Table)
                    .col(ColumnDef::new(MultilingualWords::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(MultilingualWords::Locale).string_len(8).not_null())
                    .col(ColumnDef::new(MultilingualWords::WordGroup).string_len(64).not_null())
                    .col(ColumnDef::new(MultilingualWords::WordKey).string_len(128).not_null())
                    .col(ColumnDef::new(MultilingualWords::Text).text().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_multilingual_words_locale_group_key")
                    .table(MultilingualWords::Table)
                    .col(MultilingualWords::Locale)
                    .col(MultilingualWords::WordGroup)
                    .col(MultilingualWords::WordKey)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MultilingualWords::Table).to_owned()).await
    }
}
