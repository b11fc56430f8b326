//! PostgreSQL roles. The tables' owner (`MIGRATION_DATABASE_URL`) runs the
//! migrations; the service (`DATABASE_URL`) runs as a role that owns
//! nothing, so it cannot alter a table, drop or disable a trigger. It may
//! read and write rows, and may only add to the audit log: UPDATE, DELETE
//! and TRUNCATE on `staff_audit_log` are not granted (its triggers refuse the
//! first two from anyone as well). Nothing of this applies to SQLite, a
//! file with no roles, where the triggers refuse UPDATE and DELETE.
use anyhow::{Context as _, Result};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};

/// The table only ever appended to.
const APPEND_ONLY: &str = "staff_audit_log";

/// Grants the role `service` connects as what the service needs, as the
/// owner (`owner`). Run after every migration: new tables are covered.
///
/// # Errors
/// A grant the owner may not give; a database error.
pub async fn grant_service(owner: &DatabaseConnection, service: &DatabaseConnection) -> Result<()> {
    if service.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let role = current_user(service).await?;
    if role == current_user(owner).await? {
        tracing::warn!(%role, "DATABASE_URL and MIGRATION_DATABASE_URL name the same role: the service owns the tables");
        return Ok(());
    }
    let role = format!("\"{}\"", role.replace('"', "\"\""));
    let statements = [
        format!("GRANT USAGE ON SCHEMA public TO {role}"),
        format!("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}"),
        format!("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {role}"),
        format!(
            "REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON {APPEND_ONLY} FROM {role}"
        ),
        format!("REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON seaql_migrations FROM {role}"),
    ];
    for sql in statements {
        owner
            .execute_unprepared(&sql)
            .await
            .with_context(|| format!("granting the service role: {sql}"))?;
    }
    Ok(())
}

async fn current_user(db: &DatabaseConnection) -> Result<String> {
    let row = db
        .query_one_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT current_user::text AS name",
        ))
        .await?
        .context("no current user")?;
    Ok(row.try_get::<String>("", "name")?)
}
