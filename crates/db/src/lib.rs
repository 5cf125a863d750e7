//! Storage for Uplink: one query set over SQLite (default) and PostgreSQL.
//!
//! Queries are sqlx runtime queries with `$N` placeholders through the `Any`
//! driver, so the same SQL text runs on both backends; only DDL differs and
//! lives in `migrations/{sqlite,postgres}`. Conventions every query follows
//! (so it runs on both):
//! - integers are `BIGINT` on PostgreSQL and decode as `i64`;
//! - times are `BIGINT` unix milliseconds (UTC), see [`now_ms`];
//! - booleans are `BOOLEAN` on both;
//! - aggregates that PostgreSQL widens (`SUM`) are wrapped in `CAST(… AS BIGINT)`.

pub mod account_area;
pub mod accounts;
pub mod admin_catalog;
pub mod admin_coupons;
pub mod admin_home;
pub mod admin_stores;
pub mod audit;
pub mod backoffice_customers;
mod flag;
pub use flag::Flag;
pub mod batch;
pub mod cart;
pub mod catalog;
pub mod catalog_seed;
pub mod catalog_version;
mod checkpointer;
pub mod credit;
pub mod delivery;
pub mod devices;
pub mod downloads;
pub mod gateway_store;
pub mod idempotency;
pub mod instances;
pub mod intake;
pub mod invitations;
pub mod jobs;
pub mod migrate;
pub mod orders;
pub mod partner_stores;
pub mod partners;
mod pool;
pub use pool::{Pool, PooledConnection, suspect_connections};
pub mod quotations;
pub mod referrals;
pub mod refunds;
pub mod renewals;
pub mod session_cache;
pub mod settings;
pub mod stock;
pub mod testing;
pub mod usage;

use sqlx::Executor;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use std::str::FromStr;
use std::time::Duration;

pub use sqlx::{Any, Row, Transaction};

/// Which database engine a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Errors from the storage layer.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL `{0}` (expected sqlite:// or postgres://)")]
    UnsupportedUrl(String),
    #[error("could not create the database folder {path}: {source}")]
    CreateFolder {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A staff write tried to commit without its audit entry (a bug).
    #[error("a staff write tried to commit without its audit entry")]
    Unaudited,
}

impl DbError {
    /// Whether the database could not be reached at all (down, restarting,
    /// the connection dropped, or no pooled connection free in time), as
    /// opposed to a statement that failed: the request may simply be tried
    /// again (the API answers 503 with `Retry-After`).
    pub fn is_unreachable(&self) -> bool {
        let DbError::Sqlx(e) = self else {
            return false;
        };
        match e {
            sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(db) => db.code().is_some_and(|c| ends_session(&c)),
            _ => false,
        }
    }
}

/// PostgreSQL error codes that end the session: connection exceptions
/// (class 08), and the server shutting down or starting up (57P01–57P03).
fn ends_session(code: &str) -> bool {
    code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
}

/// A connection pool plus the knowledge of which backend it reaches.
#[derive(Clone, Debug)]
pub struct Db {
    pool: Pool,
    /// SQLite only: the one connection write transactions use (see [`Db::begin_write`]).
    writer: Option<Pool>,
    backend: Backend,
    /// The staff product list's index, kept for the catalogue version it was read at.
    admin_index: admin_catalog::IndexCache,
    /// Who this handle's claims say holds them (see [`instances`]).
    instance: std::sync::Arc<str>,
    /// SQLite only: copies the write-ahead log back into the file beside
    /// the writer (see [`checkpointer`]).
    checkpointer: Option<std::sync::Arc<checkpointer::Checkpointer>>,
    /// The test gateway's store (see [`gateway_store`]).
    gateway: std::sync::Arc<gateway_store::Slot>,
    /// Resolved sessions, served from memory for a second (see [`session_cache`]).
    pub(crate) sessions: std::sync::Arc<session_cache::SessionCache>,
}

impl Db {
    /// Opens the database at `url`, creating a SQLite file (and its folder) when needed.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        // A handful of readers is plenty; writers have their own connection.
        Db::connect_with_readers(url, 8).await
    }

    /// [`Db::connect`] with `readers` reading connections on SQLite.
    async fn connect_with_readers(url: &str, readers: u32) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let backend = backend_of(url)?;
        let pool_options = match backend {
            Backend::Sqlite => {
                ensure_sqlite_folder(url)?;
                sqlite_pool_options(readers)
            }
            Backend::Postgres => postgres_pool_options(),
        };
        let options = AnyConnectOptions::from_str(&sqlite_create_mode(url))?;
        let transactions = pool_options
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options.clone())
            .await?;
        let pool = match backend {
            Backend::Sqlite => Pool::sqlx(transactions),
            Backend::Postgres => Pool::with_direct(
                transactions,
                options.clone(),
                POSTGRES_STATEMENT_CONNECTIONS,
                POSTGRES_RANDOM_PAGE_COST,
            ),
        };
        let (writer, checkpointer) = match backend {
            Backend::Sqlite => {
                let one = || {
                    sqlite_pool_options(1)
                        .acquire_timeout(Duration::from_secs(10))
                        .connect_with(options.clone())
                };
                // (The checkpointer's connection stays off the writer's CPU:
                // a checkpoint takes milliseconds.)
                let checkpoints = checkpointer::Checkpointer::spawn(one().await?);
                let writer = open_sqlite_writer(options.clone()).await?;
                (Some(writer), Some(std::sync::Arc::new(checkpoints)))
            }
            Backend::Postgres => (None, None),
        };
        Ok(Db {
            pool,
            writer,
            backend,
            admin_index: admin_catalog::IndexCache::default(),
            instance: uplink_domain::ids::new_id("srv").into(),
            checkpointer,
            gateway: std::sync::Arc::new(gateway_store::Slot::for_store(backend, url)),
            sessions: Default::default(),
        })
    }

    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Where a single write statement (outside a transaction) goes: the
    /// writer connection on SQLite (see [`Db::begin_write`]), the pool on
    /// PostgreSQL.
    pub fn writer(&self) -> &Pool {
        self.writer.as_ref().unwrap_or(&self.pool)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Begins a transaction that will write. On SQLite it takes the write lock
    /// up front (`BEGIN IMMEDIATE`) so two read-then-write transactions cannot
    /// fail with a lock-upgrade conflict, and it runs on the single writer
    /// connection: SQLite admits one writer at a time anyway, and queueing
    /// for that connection (a fair FIFO wait, woken the moment it is free)
    /// beats several connections polling the lock in SQLite's busy handler,
    /// whose sleeps of up to 100 ms wasted most of a checkout load's time.
    /// Other processes on the same file still meet the busy timeout.
    pub async fn begin_write(&self) -> Result<Transaction<'static, Any>, DbError> {
        let tx = match (&self.writer, self.backend) {
            (Some(writer), _) => writer.begin_with("BEGIN IMMEDIATE").await?,
            (None, Backend::Sqlite) => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            (None, Backend::Postgres) => self.pool.begin().await?,
        };
        Ok(tx)
    }

    /// Runs `work` (a whole write transaction) where it holds SQLite's one
    /// writer for the shortest time: on a thread of its own (see
    /// [`writer_runtime`]). On PostgreSQL, where writers run side by side,
    /// it runs as a task of the caller's runtime. Either way the work
    /// finishes even if the caller goes away (a client disconnecting), so a
    /// transaction is never cut off between its statements.
    pub async fn on_writer_thread<F>(&self, work: F) -> F::Output
    where
        F: std::future::Future + Send + 'static,
        F::Output: Send + 'static,
    {
        // The caller's span goes along, so what the work logs keeps the request id.
        let work = tracing::Instrument::in_current_span(work);
        match self.backend {
            Backend::Sqlite => on_sqlite_writer_thread(work).await,
            Backend::Postgres => joined(tokio::spawn(work).await),
        }
    }

    /// True when the database answers a trivial query.
    pub async fn ping(&self) -> Result<(), DbError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.gateway.close().await;
        if let Some(checkpointer) = &self.checkpointer {
            checkpointer.close().await;
        }
        self.pool.close().await;
        if let Some(writer) = &self.writer {
            writer.close().await;
        }
    }
}

/// The runtime SQLite write transactions run on: one thread that does
/// nothing else. Each statement is answered by sqlx's connection thread; on
/// the busy request runtime the transaction's task then waited in the queue
/// behind HTTP work before sending its next statement, while every other
/// writer waited for it. Here it is polled at once, so the writer is held
/// for the statements' own time. One runtime serves every `Db` of the process.
fn writer_runtime() -> &'static tokio::runtime::Handle {
    static HANDLE: std::sync::OnceLock<tokio::runtime::Handle> = std::sync::OnceLock::new();
    HANDLE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .thread_name("sqlite-writer")
            .build()
            .expect("a tokio runtime for SQLite writes");
        let handle = runtime.handle().clone();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || {
                keep_on_one_cpu();
                runtime.block_on(std::future::pending::<()>())
            })
            .expect("the SQLite writer thread");
        handle
    })
}

/// Runs `work` on the writer thread (see [`writer_runtime`]).
async fn on_sqlite_writer_thread<F>(work: F) -> F::Output
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    joined(writer_runtime().spawn(work).await)
}

/// What a spawned task returned; its panic goes on in the caller.
fn joined<T>(result: Result<T, tokio::task::JoinError>) -> T {
    match result {
        Ok(out) => out,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(e) => panic!("the writer thread stopped: {e}"),
    }
}

/// Keeps the calling thread (the writer thread) on one CPU, the last one
/// the process may use. Every statement of a write transaction is handed
/// from the writer thread to the writer connection's own thread and back;
/// on two CPUs each hand-off woke the other CPU, and the writer, free 65 %
/// of the time, still held checkout to 240 orders/s with a third of the
/// machine idle. The connection's thread starts from this one (see
/// [`open_sqlite_writer`]) and so shares its CPU: a hand-off is then a
/// switch on that CPU (D128).
fn keep_on_one_cpu() {
    let Some(cpus) = core_affinity::get_core_ids() else {
        return;
    };
    if let [_, .., last] = cpus.as_slice()
        && !core_affinity::set_for_current(*last)
    {
        tracing::debug!(
            cpu = last.id,
            "the SQLite writer thread could not be kept on one CPU"
        );
    }
}

/// The writer's one connection, opened on the writer thread: sqlx answers
/// a SQLite connection's statements from a thread of its own, started by
/// the thread that opens it, and so kept on the writer thread's CPU (see
/// [`keep_on_one_cpu`]). Opened once and kept (an in-process connection
/// does not go stale), so that thread is never replaced by one started
/// elsewhere.
async fn open_sqlite_writer(options: AnyConnectOptions) -> Result<Pool, DbError> {
    let open = sqlite_pool_options(1)
        .min_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options);
    Ok(Pool::sqlx(on_sqlite_writer_thread(open).await?))
}

/// True when `conn` reaches PostgreSQL: for the few statements written
/// apart for it (one round trip where SQLite, in process, takes two).
pub fn is_postgres(conn: &sqlx::AnyConnection) -> bool {
    conn.backend_name() == <sqlx::Postgres as sqlx::Database>::NAME
}

/// Pool options for a SQLite file: every connection gets [`SQLITE_PRAGMAS`].
fn sqlite_pool_options(max_connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max_connections)
        // An in-process SQLite connection cannot go stale; a ping before each
        // use only adds a round trip to its thread (while holding the writer).
        .test_before_acquire(false)
        .after_connect(|conn, _| {
            Box::pin(async move {
                for pragma in SQLITE_PRAGMAS {
                    conn.execute(*pragma).await?;
                }
                Ok(())
            })
        })
}

/// Connections for statements outside a write transaction on PostgreSQL,
/// beside sqlx's 16 for transactions (see [`pool`]).
const POSTGRES_STATEMENT_CONNECTIONS: usize = 16;

/// Pool options for PostgreSQL's write transactions (statements outside
/// one use [`pool`]'s own connections). sqlx pings a connection each time it
/// is taken from the pool by default: one more round trip per transaction.
/// Here only a connection that idled for [`pool::PING_AFTER_IDLE`] is
/// pinged (the database may have dropped it meanwhile); one in steady use
/// is not, and sqlx still pings each one as it goes back to the pool, off
/// the request's path, and closes it when the database has gone (D118).
fn postgres_pool_options() -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(16)
        .test_before_acquire(false)
        .after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute(POSTGRES_RANDOM_PAGE_COST).await?;
                Ok(())
            })
        })
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for < pool::PING_AFTER_IDLE {
                    return Ok(true);
                }
                // False closes this connection and takes (or opens) another.
                Ok(sqlx::Connection::ping(conn).await.is_ok())
            })
        })
}

/// The planner's cost of reading a page out of order, 1.1 as PostgreSQL's
/// documentation advises for SSDs and cached data, instead of the default 4
/// that models a spinning disk; set on each of our sessions unless the
/// database or role already sets another value. A store's working set sits
/// in memory, and at 4 the planner scans a whole small table rather than
/// probe its index twenty times: the usage monitor's list read every day of
/// every customer's usage (2.9 ms) instead of the week of the customer's
/// items (0.9 ms) (D121).
const POSTGRES_RANDOM_PAGE_COST: &str = "SELECT set_config('random_page_cost', '1.1', false) \
     WHERE current_setting('random_page_cost') = '4'";

const SQLITE_PRAGMAS: &[&str] = &[
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA busy_timeout = 10000",
    "PRAGMA foreign_keys = ON",
    checkpointer::WRITER_AUTOCHECKPOINT,
];

fn backend_of(url: &str) -> Result<Backend, DbError> {
    if url.starts_with("sqlite:") {
        Ok(Backend::Sqlite)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Backend::Postgres)
    } else {
        Err(DbError::UnsupportedUrl(url.to_owned()))
    }
}

/// `sqlite://path` → the file path, without query parameters.
fn sqlite_path(url: &str) -> &str {
    let rest = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    rest.split('?').next().unwrap_or(rest)
}

fn ensure_sqlite_folder(url: &str) -> Result<(), DbError> {
    let path = std::path::Path::new(sqlite_path(url));
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|source| DbError::CreateFolder {
            path: parent.display().to_string(),
            source,
        })?;
    }
    Ok(())
}

/// SQLite URLs open read-write-create unless the caller chose a mode.
fn sqlite_create_mode(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") {
        let sep = if url.contains('?') { '&' } else { '?' };
        format!("{url}{sep}mode=rwc")
    } else {
        url.to_owned()
    }
}

/// A `LIKE … ESCAPE '\\'` pattern matching `text` anywhere, case-insensitively
/// (compared with `LOWER(column)`): the user's `%`, `_` and `\\` match themselves.
pub(crate) fn like_contains(text: &str) -> String {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// A column list (`"a, b"`) qualified by a table alias (`"t.a, t.b"`), for
/// reading a row type's columns out of a join.
pub(crate) fn qualified(alias: &str, columns: &str) -> String {
    columns
        .split(", ")
        .map(|c| format!("{alias}.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The current time as unix milliseconds (UTC): how every timestamp is stored.
pub fn now_ms() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64 / 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_list_reads_through_an_alias() {
        assert_eq!(
            qualified("s", "id, user_id, name"),
            "s.id, s.user_id, s.name"
        );
        assert_eq!(
            qualified("e", delivery::ESIM_COLUMNS).matches("e.").count(),
            12
        );
    }

    #[test]
    fn sqlite_urls_get_create_mode_and_a_path() {
        assert_eq!(
            sqlite_create_mode("sqlite://data/u.db"),
            "sqlite://data/u.db?mode=rwc"
        );
        assert_eq!(
            sqlite_create_mode("sqlite://u.db?mode=ro"),
            "sqlite://u.db?mode=ro"
        );
        assert_eq!(sqlite_path("sqlite://data/u.db?mode=rwc"), "data/u.db");
        assert_eq!(sqlite_path("sqlite:///tmp/x/u.db"), "/tmp/x/u.db");
    }

    #[test]
    fn unknown_schemes_are_refused() {
        assert!(matches!(
            backend_of("mysql://x"),
            Err(DbError::UnsupportedUrl(_))
        ));
    }
}
