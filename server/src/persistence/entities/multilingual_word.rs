//! `multilingual_words`: texts by locale, group and key.
use sea_orm::entity::prelude::*;

/// A row of `multilingual_words`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "multilingual_words")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub locale: String,
    pub word_group: String,
    pub word_key: String,
    pub text: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
