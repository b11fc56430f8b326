//! SQLite's query planner stability guarantee on every pooled connection.
//!
//! Without it SQLite plans some statements for the values bound to them:
//! any `LIMIT ?` (every `find().one()` binds its `LIMIT 1`) and `LIKE ?`.
//! Such a statement is marked expired each time its parameters are bound
//! again, and its next step parses and plans it anew, so the driver's
//! statement cache saved nothing for them: a profile of a member's
//! dashboard had 16% of the server's time in `sqlite3Reprepare`
//! (docs/benchmarks.md). With the guarantee, a statement is planned once
//! per connection and reused; LIMIT still applies as bound. There is no
//! PRAGMA for it, only `sqlite3_db_config`.
use sea_orm::sqlx::pool::PoolOptions;
use sea_orm::sqlx::{Error, Sqlite};

/// `options` with the guarantee set on each connection the pool opens.
pub fn stable_plans(options: PoolOptions<Sqlite>) -> PoolOptions<Sqlite> {
    options.after_connect(|connection, _| {
        Box::pin(async move {
            let mut handle = connection.lock_handle().await?;
            enable_qpsg(handle.as_raw_handle().as_ptr())
        })
    })
}

#[allow(unsafe_code)]
fn enable_qpsg(db: *mut libsqlite3_sys::sqlite3) -> Result<(), Error> {
    use libsqlite3_sys::{sqlite3_db_config, SQLITE_DBCONFIG_ENABLE_QPSG, SQLITE_OK};
    let mut enabled: std::os::raw::c_int = 0;
    // SAFETY: `db` is the open connection the locked handle guards for the
    // duration of this call; ENABLE_QPSG takes an int and an int pointer.
    let code = unsafe {
        sqlite3_db_config(
            db,
            SQLITE_DBCONFIG_ENABLE_QPSG,
            1 as std::os::raw::c_int,
            &mut enabled as *mut std::os::raw::c_int,
        )
    };
    if code == SQLITE_OK && enabled == 1 {
        Ok(())
    } else {
        Err(Error::Protocol(format!(
            "SQLite refused the query planner stability guarantee ({code})"
        )))
    }
}
