//! Multilingual words served by `/multilingualWord`: stored in the database
//! so operators can see what the site says, seeded from `locales/` (the
//! source of truth) on every start.
use crate::persistence::entities::multilingual_word as word;
use app_core::i18n::{t, Key, Locale};
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter,
};
use std::collections::BTreeMap;

/// The group of phone-related texts, and the key prefixes that belong to it.
pub const PHONE_TEXT: &str = "phone_text";
const PHONE_TEXT_PREFIXES: [&str; 2] = ["phone_", "locate_"];

/// Writes every phone text of every locale, inserting or updating.
///
/// # Errors
/// Database errors.
pub async fn seed(db: &DatabaseConnection, keys: &[Key]) -> Result<(), DbErr> {
    let rows: Vec<word::ActiveModel> = Locale::ALL
        .into_iter()
        .flat_map(|locale| {
            keys.iter()
                .filter(|k| PHONE_TEXT_PREFIXES.iter().any(|p| k.name().starts_with(p)))
                .map(move |key| word::ActiveModel {
                    locale: Set(locale.code().to_owned()),
                    word_group: Set(PHONE_TEXT.to_owned()),
                    word_key: Set(key.name().to_owned()),
                    text: Set(t(locale, *key).to_owned()),
                    ..Default::default()
                })
        })
        .collect();
    for chunk in rows.chunks(100) {
        word::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    word::Column::Locale,
                    word::Column::WordGroup,
                    word::Column::WordKey,
                ])
                .update_column(word::Column::Text)
                .to_owned(),
            )
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The texts of `group` in `locale`, keyed by their locale-file key.
///
/// # Errors
/// Database errors.
pub async fn group(
    db: &DatabaseConnection,
    group: &str,
    locale: Locale,
) -> Result<BTreeMap<String, String>, DbErr> {
    let rows = word::Entity::find()
        .filter(word::Column::Locale.eq(locale.code()))
        .filter(word::Column::WordGroup.eq(group))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|r| (r.word_key, r.text)).collect())
}
