//! On PostgreSQL the service runs as a role that does not own the tables:
//! migrations run as the owner (`MIGRATION_DATABASE_URL`), and the service's
//! role (`DATABASE_URL`) works normally but may not disable the audit log's
//! triggers, truncate it, or update or delete its rows.
use crate::console_util::{call, staff_token};
use crate::util::{postgres_url, TestApp};
use app::model::console::StaffRole;
use sea_orm::{ConnectionTrait as _, Database, EntityTrait as _, PaginatorTrait as _};
use server::persistence::entities::staff_audit;

/// `url` with another user and password.
fn as_user(url: &str, user: &str, password: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    format!("{scheme}://{user}:{password}@{host}")
}

#[tokio::test]
async fn the_service_role_cannot_alter_truncate_or_rewrite_the_audit_log() {
    let Some(owner_url) = postgres_url().await else {
        return; // PostgreSQL only: SQLite has no roles (its triggers are tested elsewhere).
    };
    let owner = Database::connect(&owner_url).await.unwrap();
    let role = format!("ct_service_{}", std::process::id());
    owner
        .execute_unprepared(&format!(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') \
             THEN CREATE ROLE {role} LOGIN PASSWORD 'service-pass'; END IF; END $$"
        ))
        .await
        .unwrap();
    let service_url = as_user(&owner_url, &role, "service-pass");
    let migrations = owner_url.clone();
    let app = TestApp::on_postgres(service_url, move |c| {
        c.migration_database_url = Some(migrations.clone());
    })
    .await;

    let token = staff_token(&app, "eko@support.com", StaffRole::Admin).await;
    let found = call(&app, &token, "GET", "/customers?q=nobody", None).await;
    assert_eq!(
        found.json()["success"],
        1,
        "the service works: {}",
        found.body
    );
    let rows = staff_audit::Entity::find().count(&app.db).await.unwrap();
    assert_eq!(rows, 2, "sign-in and search audited");

    for sql in [
        "ALTER TABLE staff_audit_log DISABLE TRIGGER ALL",
        "ALTER TABLE staff_audit_log DISABLE TRIGGER USER",
        "TRUNCATE staff_audit_log",
        "UPDATE staff_audit_log SET detail = 'rewritten'",
        "DELETE FROM staff_audit_log",
        "DROP TABLE staff_audit_log",
    ] {
        let refused = app.db.execute_unprepared(sql).await;
        assert!(refused.is_err(), "the service role may not: {sql}");
    }
    assert_eq!(
        staff_audit::Entity::find().count(&app.db).await.unwrap(),
        rows
    );
    let who: Option<String> = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            sea_orm::DatabaseBackend::Postgres,
            "SELECT current_user::text AS name",
        ))
        .await
        .unwrap()
        .and_then(|r| r.try_get("", "name").ok());
    assert_eq!(who.as_deref(), Some(role.as_str()));
}
