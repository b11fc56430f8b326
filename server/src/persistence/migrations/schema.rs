//! Column, table and index shapes the migrations share, so each migration
//! reads as a list of its tables and every one runs unchanged on SQLite and
//! PostgreSQL.
use sea_orm_migration::prelude::*;

/// A `BIGINT` auto-increment primary key.
pub fn id_col<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// `BIGINT NOT NULL` (ids of other rows, instants in ms, minor units).
pub fn big<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).big_integer().not_null().to_owned()
}

/// `INTEGER NOT NULL`.
pub fn int<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).integer().not_null().to_owned()
}

/// `BOOLEAN NOT NULL`.
pub fn flag<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).boolean().not_null().to_owned()
}

/// `DOUBLE NOT NULL` (coordinates).
pub fn real<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).double().not_null().to_owned()
}

/// `VARCHAR(len) NOT NULL`.
pub fn string<T: IntoIden>(col: T, len: u32) -> ColumnDef {
    ColumnDef::new(col).string_len(len).not_null().to_owned()
}

/// `TEXT NOT NULL`.
pub fn text<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col).text().not_null().to_owned()
}

/// The same column, nullable.
pub fn nullable(mut col: ColumnDef) -> ColumnDef {
    col.null().to_owned()
}

/// A table of `cols`.
pub fn table<T: IntoIden>(
    name: T,
    cols: impl IntoIterator<Item = ColumnDef>,
) -> TableCreateStatement {
    let mut table = Table::create().table(name).to_owned();
    for mut col in cols {
        table.col(&mut col);
    }
    table
}

/// An index named `name` on `cols` of `table`.
pub fn index<T: IntoIden, C: IntoIden>(
    name: &str,
    table: T,
    cols: impl IntoIterator<Item = C>,
) -> IndexCreateStatement {
    let mut index = Index::create().name(name).table(table).to_owned();
    for col in cols {
        index.col(col);
    }
    index
}

/// A foreign key whose rows go with the row they point at.
pub fn cascade_fk<F: IntoIden, C: IntoIden, T: IntoIden, K: IntoIden>(
    from_table: F,
    from_col: C,
    to_table: T,
    to_col: K,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from_table, from_col)
        .to(to_table, to_col)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

/// Creates `tables`, then `indexes`.
///
/// # Errors
/// The database refuses a statement.
pub async fn create(
    manager: &SchemaManager<'_>,
    tables: Vec<TableCreateStatement>,
    indexes: Vec<IndexCreateStatement>,
) -> Result<(), DbErr> {
    for table in tables {
        manager.create_table(table).await?;
    }
    for index in indexes {
        manager.create_index(index).await?;
    }
    Ok(())
}

/// Drops `tables` in order (dependents first).
///
/// # Errors
/// The database refuses a statement.
pub async fn drop(manager: &SchemaManager<'_>, tables: Vec<DynIden>) -> Result<(), DbErr> {
    for table in tables {
        manager
            .drop_table(Table::drop().table(table).to_owned())
            .await?;
    }
    Ok(())
}

/// Adds `columns` to `table`, one statement per column: SQLite alters one
/// thing at a time.
///
/// # Errors
/// The database refuses a statement.
pub async fn add_columns(
    manager: &SchemaManager<'_>,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = ColumnDef>,
) -> Result<(), DbErr> {
    let table = table.into_iden();
    for mut column in columns {
        let add = Table::alter()
            .table(table.clone())
            .add_column(&mut column)
            .to_owned();
        manager.alter_table(add).await?;
    }
    Ok(())
}

/// Drops `columns` of `table`, one statement per column.
///
/// # Errors
/// The database refuses a statement.
pub async fn drop_columns<C: IntoIden>(
    manager: &SchemaManager<'_>,
    table: impl IntoIden,
    columns: impl IntoIterator<Item = C>,
) -> Result<(), DbErr> {
    let table = table.into_iden();
    for column in columns {
        let drop = Table::alter()
            .table(table.clone())
            .drop_column(column)
            .to_owned();
        manager.alter_table(drop).await?;
    }
    Ok(())
}
