//! Fresh databases for tests.
//!
//! Every test gets its own empty, migrated database: a temporary SQLite file
//! by default, or — when `UPLINK_TEST_DATABASE_URL` names a PostgreSQL server —
//! a new database `uplink_test_<random>` created on that server.

use crate::{Backend, Db};

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
        let dir = std::env::temp_dir().join(crate::testing::unique_name("uplink-test"));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let url = format!("sqlite://{}", dir.join("test.db").display());
        let db = Db::connect(&url).await.expect("open sqlite test db");
        db.migrate().await.expect("migrate sqlite test db");
        TestDb {
            db,
            url,
            _dir: Some(TempDir(dir)),
        }
    }

    async fn postgres(server_url: &str) -> TestDb {
        let name = unique_name("uplink_test");
        let admin = Db::connect(server_url)
            .await
            .expect("connect to PostgreSQL test server");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
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
