//! Fresh databases for tests.
//!
//! Every test gets its own empty, migrated database: a temporary SQLite file
//! by default, or — when `UPLINK_TEST_DATABASE_URL` names a PostgreSQL server —
//! a new database `uplink_test_<random>` created on that server.
//!
//! Each is a copy of a template migrated once per set of migrations (a file in
//! the temp folder, a database on the server): running every migration for
//! each of the ~600 tests took about 2 s a test on PostgreSQL, where copying
//! the template takes a tenth of a second.

use crate::{Backend, Db, migrate};
use std::path::PathBuf;

/// A migrated, empty database; dropping it removes a SQLite file (PostgreSQL
/// test databases are dropped by the test command before each run).
pub struct TestDb {
    pub db: Db,
    pub url: String,
    _dir: Option<TempDir>,
}

/// A temporary folder removed on drop (kept tiny to avoid a dependency here).
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl TestDb {
    pub async fn new() -> TestDb {
        match std::env::var("UPLINK_TEST_DATABASE_URL") {
            Ok(server) if !server.is_empty() => Self::postgres(&server).await,
            _ => Self::sqlite().await,
        }
    }

    pub fn backend(&self) -> Backend {
        self.db.backend()
    }

    async fn sqlite() -> TestDb {
        let template = sqlite_template().await;
        let dir = std::env::temp_dir().join(crate::testing::unique_name("uplink-test"));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let path = dir.join("test.db");
        std::fs::copy(&template, &path).expect("copy the migrated template");
        let url = format!("sqlite://{}", path.display());
        let db = Db::connect(&url).await.expect("open sqlite test db");
        // Nothing to apply on a copy of the template; this checks it is one.
        db.migrate().await.expect("migrate sqlite test db");
        TestDb {
            db,
            url,
            _dir: Some(TempDir(dir)),
        }
    }

    async fn postgres(server_url: &str) -> TestDb {
        let template = postgres_template(server_url).await;
        let name = unique_name("uplink_test");
        let admin = Db::connect(server_url)
            .await
            .expect("connect to PostgreSQL test server");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "CREATE DATABASE {name} TEMPLATE {template}"
        )))
        .execute(admin.pool())
        .await
        .expect("create test database");
        admin.close().await;
        let url = replace_database(server_url, &name);
        let db = Db::connect(&url).await.expect("open postgres test db");
        db.migrate().await.expect("migrate postgres test db");
        TestDb {
            db,
            url,
            _dir: None,
        }
    }
}

/// The migrated SQLite file this set of migrations' tests copy, made by the
/// first test that needs it (two racing tests make two identical files; the
/// rename keeps one whole file in place at every moment).
async fn sqlite_template() -> PathBuf {
    let folder = std::env::temp_dir().join("uplink-test-templates");
    let fingerprint = migrate::fingerprint(Backend::Sqlite);
    let template = folder.join(format!("sqlite-{fingerprint:016x}.db"));
    if template.exists() {
        return template;
    }
    let building = folder.join(unique_name("building"));
    std::fs::create_dir_all(&building).expect("create the template folder");
    let url = format!("sqlite://{}", building.join("migrating.db").display());
    let db = Db::connect(&url).await.expect("open the template database");
    db.migrate().await.expect("migrate the template database");
    // VACUUM INTO writes one self-contained file: nothing is left behind in a WAL.
    let packed = building.join("template.db");
    let packed_literal = packed.display().to_string().replace('\'', "''");
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "VACUUM INTO '{packed_literal}'"
    )))
    .execute(db.pool())
    .await
    .expect("write the template file");
    db.close().await;
    std::fs::rename(&packed, &template).expect("put the template in place");
    let _ = std::fs::remove_dir_all(&building);
    template
}

/// The name of the migrated template database on the PostgreSQL test server,
/// built by the first test process that finds it missing while the others
/// wait on an advisory lock. It is migrated under another name and renamed
/// when done, so a process killed halfway leaves no half-migrated template.
async fn postgres_template(server_url: &str) -> String {
    const TEMPLATE_LOCK: i64 = 0x7570_6c69_6e6b; // "uplink"
    let fingerprint = migrate::fingerprint(Backend::Postgres);
    let template = format!("uplink_test_template_{fingerprint:016x}");
    let admin = Db::connect(server_url)
        .await
        .expect("connect to PostgreSQL test server");
    let mut conn = admin.pool().acquire().await.expect("a connection");
    execute(
        &mut conn,
        format!("SELECT pg_advisory_lock({TEMPLATE_LOCK})"),
    )
    .await;
    let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&template)
        .fetch_optional(&mut *conn)
        .await
        .expect("look for the template")
        .is_some();
    if !exists {
        let building = unique_name("uplink_test_building");
        execute(&mut conn, format!("CREATE DATABASE {building}")).await;
        let db = Db::connect(&replace_database(server_url, &building))
            .await
            .expect("open the template database");
        db.migrate().await.expect("migrate the template database");
        db.close().await;
        execute(
            &mut conn,
            format!("ALTER DATABASE {building} RENAME TO {template}"),
        )
        .await;
    }
    execute(
        &mut conn,
        format!("SELECT pg_advisory_unlock({TEMPLATE_LOCK})"),
    )
    .await;
    drop(conn);
    admin.close().await;
    template
}

async fn execute(conn: &mut sqlx::AnyConnection, statement: String) {
    sqlx::query(sqlx::AssertSqlSafe(statement))
        .execute(conn)
        .await
        .expect("prepare the template database");
}

/// `prefix_<pid>_<random>`, lowercase so it is a valid PostgreSQL identifier.
pub fn unique_name(prefix: &str) -> String {
    let id = crate::testing::random_suffix();
    format!("{prefix}_{}_{id}", std::process::id())
}

fn random_suffix() -> String {
    uplink_domain::ids::new_id("x")[2..].to_ascii_lowercase()
}

/// `postgres://u@h:5432/test?x` → `postgres://u@h:5432/<name>?x`
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[scheme_end..].find('/').map(|i| i + scheme_end);
    let host = path_start.map_or(base, |i| &base[..i]);
    match query {
        Some(q) => format!("{host}/{name}?{q}"),
        None => format!("{host}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn database_name_is_replaced() {
        assert_eq!(
            super::replace_database("postgres://u@h:5432/test", "x"),
            "postgres://u@h:5432/x"
        );
        assert_eq!(
            super::replace_database("postgres://u@h/test?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
        assert_eq!(
            super::replace_database("postgres://u@h", "x"),
            "postgres://u@h/x"
        );
    }
}
