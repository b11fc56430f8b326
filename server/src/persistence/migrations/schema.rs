//! Column and key shapes the migrations share.
use sea_orm_migration::prelude::*;

/// A `BIGINT` auto-increment primary key.
pub fn id_col<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).big_integer().not_null().auto_increment().primary_key().to_owned()
}

/// A foreign key whose rows go with the row they point at.
pub fn cascade_fk<F: IntoIden, C: IntoIden, T: IntoIden, K: IntoIden>(
    from_table: F,
    from_col: C,
    to_table: T,
    to_col: K,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(from_table, from_col).to(to_table, to_col).on_delete(ForeignKeyAction::Cascade).to_owned()
}
