//! The connections a [`crate::Db`] hands out for statements outside a
//! write transaction (D130).
//!
//! sqlx's pool pings every connection as it goes back to the pool: on
//! PostgreSQL one more round trip per connection taken, in a task of its
//! own. Outside a transaction an order takes about fifteen; at 64 buyers on
//! two cores those wake-ups were a tenth of the machine (measured with a
//! patched sqlx, D129). sqlx has no switch for it. So on PostgreSQL
//! [`Pool`] keeps those connections itself and puts one back as it is,
//! unless something is still to be sent on it (a dropped transaction's
//! ROLLBACK): that is sent first, as sqlx's ping would have sent it.
//!
//! What the ping also found, a connection the database dropped, is found
//! here two ways: a connection that sat idle for [`PING_AFTER_IDLE`] is
//! pinged before use, as before; and once any statement has failed because
//! the database was unreachable ([`DbError::is_unreachable`], noted by
//! [`suspect_connections`]), every connection is pinged before its next use,
//! so the ones a restart broke are closed instead of failing one request
//! each. Write transactions still come from sqlx's pool (their connection
//! is borrowed for `'static`), and SQLite, in process, uses sqlx's pool for
//! everything.

use futures_util::{TryStreamExt, stream};
use sqlx::any::{AnyConnectOptions, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Any, AnyConnection, AnyPool, Connection, Either, Execute, Executor};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a connection may sit idle before it is pinged on its way out
/// of the pool (the database may have dropped it meanwhile).
pub(crate) const PING_AFTER_IDLE: Duration = Duration::from_secs(1);

/// How long a caller waits for a free connection before `PoolTimedOut`.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// Bumped each time a statement failed because the database could not be
/// reached: connections last checked before it are pinged before use.
static SUSPECT_EPOCH: AtomicU64 = AtomicU64::new(0);

/// Notes that the database was unreachable from some connection (the API
/// calls it with each such error it answers 503): every pooled connection
/// is pinged before its next use.
pub fn suspect_connections() {
    SUSPECT_EPOCH.fetch_add(1, Ordering::Relaxed);
}

fn suspect_epoch() -> u64 {
    SUSPECT_EPOCH.load(Ordering::Relaxed)
}

/// The pool a [`crate::Db`] reads and writes single statements through:
/// an [`Executor`] of its own, and the source of connections (`acquire`)
/// and transactions (`begin`).
#[derive(Clone, Debug)]
pub struct Pool {
    /// Transactions, and everything on SQLite.
    sqlx: AnyPool,
    /// PostgreSQL: connections put back without a ping.
    direct: Option<Arc<DirectPool>>,
}

impl Pool {
    /// sqlx's pool alone (SQLite).
    pub(crate) fn sqlx(pool: AnyPool) -> Pool {
        Pool {
            sqlx: pool,
            direct: None,
        }
    }

    /// sqlx's pool for transactions beside `max` connections of our own.
    pub(crate) fn with_direct(
        pool: AnyPool,
        options: AnyConnectOptions,
        max: usize,
        after_connect: &'static str,
    ) -> Pool {
        let direct = DirectPool {
            options,
            after_connect,
            idle: Mutex::new(Vec::new()),
            permits: Arc::new(Semaphore::new(max)),
            closed: AtomicBool::new(false),
        };
        Pool {
            sqlx: pool,
            direct: Some(Arc::new(direct)),
        }
    }

    /// A connection for several statements in a row.
    pub async fn acquire(&self) -> Result<PooledConnection, sqlx::Error> {
        Ok(match &self.direct {
            Some(direct) => PooledConnection::Direct(direct.acquire().await?),
            None => PooledConnection::Sqlx(self.sqlx.acquire().await?),
        })
    }

    /// A transaction on a connection of sqlx's pool.
    pub async fn begin(&self) -> Result<sqlx::Transaction<'static, Any>, sqlx::Error> {
        self.sqlx.begin().await
    }

    /// A transaction begun with `statement` (SQLite's `BEGIN IMMEDIATE`).
    pub(crate) async fn begin_with(
        &self,
        statement: &'static str,
    ) -> Result<sqlx::Transaction<'static, Any>, sqlx::Error> {
        self.sqlx.begin_with(statement).await
    }

    /// Closes every connection; later takes fail with `PoolClosed`.
    pub async fn close(&self) {
        if let Some(direct) = &self.direct {
            direct.close().await;
        }
        self.sqlx.close().await;
    }

    /// sqlx's pool itself (for the migrator, which takes one).
    pub(crate) fn inner(&self) -> &AnyPool {
        &self.sqlx
    }
}

/// A connection taken from a [`Pool`]; it goes back when dropped.
#[derive(Debug)]
pub enum PooledConnection {
    Sqlx(sqlx::pool::PoolConnection<Any>),
    Direct(DirectConnection),
}

impl std::ops::Deref for PooledConnection {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match self {
            PooledConnection::Sqlx(c) => c,
            PooledConnection::Direct(c) => c.conn.as_ref().expect("a live connection"),
        }
    }
}

impl std::ops::DerefMut for PooledConnection {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            PooledConnection::Sqlx(c) => c,
            PooledConnection::Direct(c) => c.conn.as_mut().expect("a live connection"),
        }
    }
}

#[derive(Debug)]
struct DirectPool {
    options: AnyConnectOptions,
    /// Run on each new connection (PostgreSQL's planner settings).
    after_connect: &'static str,
    /// Most recently used last: the next take gets the warmest connection.
    idle: Mutex<Vec<Idle>>,
    /// One per connection open or being opened.
    permits: Arc<Semaphore>,
    closed: AtomicBool,
}

#[derive(Debug)]
struct Idle {
    conn: AnyConnection,
    since: Instant,
    /// [`SUSPECT_EPOCH`] when the connection was last known good.
    checked_at: u64,
}

/// A connection of a [`DirectPool`], with its place in the pool.
#[derive(Debug)]
pub struct DirectConnection {
    conn: Option<AnyConnection>,
    checked_at: u64,
    pool: Arc<DirectPool>,
    permit: Option<OwnedSemaphorePermit>,
}

impl DirectPool {
    async fn acquire(self: &Arc<Self>) -> Result<DirectConnection, sqlx::Error> {
        if self.closed.load(Ordering::Acquire) {
            return Err(sqlx::Error::PoolClosed);
        }
        let permit = tokio::time::timeout(ACQUIRE_TIMEOUT, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let (conn, checked_at) = self.idle_or_new().await?;
        Ok(DirectConnection {
            conn: Some(conn),
            checked_at,
            pool: self.clone(),
            permit: Some(permit),
        })
    }

    /// The most recently used idle connection that still answers, or a new one.
    async fn idle_or_new(&self) -> Result<(AnyConnection, u64), sqlx::Error> {
        loop {
            let next = self.idle.lock().expect("idle list").pop();
            let Some(mut idle) = next else {
                let epoch = suspect_epoch();
                return Ok((self.connect().await?, epoch));
            };
            let suspect = idle.checked_at < suspect_epoch();
            if !suspect && idle.since.elapsed() < PING_AFTER_IDLE {
                return Ok((idle.conn, idle.checked_at));
            }
            let epoch = suspect_epoch();
            if idle.conn.ping().await.is_ok() {
                return Ok((idle.conn, epoch));
            }
            // Gone (the database restarted or dropped it): try the next.
            let _ = idle.conn.close_hard().await;
        }
    }

    async fn connect(&self) -> Result<AnyConnection, sqlx::Error> {
        let mut conn = AnyConnection::connect_with(&self.options).await?;
        conn.execute(self.after_connect).await?;
        Ok(conn)
    }

    fn put_back(&self, conn: AnyConnection, checked_at: u64) {
        if self.closed.load(Ordering::Acquire) {
            spawn_or_drop(conn.close());
            return;
        }
        self.idle.lock().expect("idle list").push(Idle {
            conn,
            since: Instant::now(),
            checked_at,
        });
    }

    async fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.permits.close();
        let idle = std::mem::take(&mut *self.idle.lock().expect("idle list"));
        for i in idle {
            let _ = i.conn.close().await;
        }
    }
}

impl DirectConnection {
    fn live(&mut self) -> &mut AnyConnection {
        self.conn.as_mut().expect("a live connection")
    }

    /// Closes the connection instead of putting it back (a statement on it
    /// failed so that its state is unknown).
    fn discard(&mut self) {
        if let Some(conn) = self.conn.take() {
            spawn_or_drop(conn.close_hard());
        }
    }
}

impl Drop for DirectConnection {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        if !conn.should_flush() && !conn.is_in_transaction() {
            self.pool.put_back(conn, self.checked_at);
            return;
        }
        // Something waits to be sent (a dropped transaction's ROLLBACK, or
        // a statement cut off mid-write): send it now, while it holds locks,
        // and keep the connection's place until then.
        let pool = self.pool.clone();
        let permit = self.permit.take();
        let checked_at = self.checked_at;
        spawn_or_drop(async move {
            if conn.flush().await.is_ok() && !conn.is_in_transaction() {
                pool.put_back(conn, checked_at);
            } else {
                let _ = conn.close_hard().await;
            }
            drop(permit);
        });
    }
}

/// Whether a failed statement leaves its connection unusable: the database
/// ended the session (class 08, or 57P01–57P03 as it shuts down), or the
/// error came from below the database's answers (the socket, the protocol).
/// An error the database answered with otherwise leaves the session as it was.
fn breaks_connection(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => db.code().is_some_and(|c| crate::ends_session(&c)),
        sqlx::Error::RowNotFound
        | sqlx::Error::ColumnDecode { .. }
        | sqlx::Error::Decode(_)
        | sqlx::Error::Encode(_)
        | sqlx::Error::TypeNotFound { .. }
        | sqlx::Error::ColumnNotFound(_)
        | sqlx::Error::ColumnIndexOutOfBounds { .. } => false,
        _ => true,
    }
}

/// After a statement on `conn`: a connection it broke is closed, and the
/// others become suspect when the database could not be reached.
fn after_statement(conn: &mut DirectConnection, error: Option<&sqlx::Error>) {
    if let Some(e) = error
        && breaks_connection(e)
    {
        suspect_connections();
        conn.discard();
    }
}

/// Each statement takes a connection for itself, as with sqlx's pool; on
/// PostgreSQL it is put back without a ping. (A statement cut off half-way,
/// its caller gone, leaves its answer unread: sqlx's PostgreSQL connection
/// reads it before the next statement, as it does after sqlx's ping.)
impl<'p> Executor<'p> for &'_ Pool {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> futures_core::stream::BoxStream<'e, Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>>
    where
        E: 'q + Execute<'q, Any>,
    {
        let Some(direct) = self.direct.clone() else {
            return (&self.sqlx).fetch_many(query);
        };
        // The rows are gathered before they are handed on, so the
        // connection goes back as soon as the statement has answered.
        // (Every caller collects them anyway: `execute`, `fetch_all`.)
        let answered = async move {
            let mut conn = direct.acquire().await?;
            let result: Result<Vec<_>, _> = conn.live().fetch_many(query).try_collect().await;
            after_statement(&mut conn, result.as_ref().err());
            result
        };
        Box::pin(
            stream::once(answered)
                .map_ok(|rows| stream::iter(rows.into_iter().map(Ok)))
                .try_flatten(),
        )
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> futures_core::future::BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        E: 'q + Execute<'q, Any>,
    {
        let Some(direct) = self.direct.clone() else {
            return (&self.sqlx).fetch_optional(query);
        };
        Box::pin(async move {
            let mut conn = direct.acquire().await?;
            let result = conn.live().fetch_optional(query).await;
            after_statement(&mut conn, result.as_ref().err());
            result
        })
    }

    fn prepare_with<'e>(
        self,
        sql: sqlx::SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> futures_core::future::BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'p: 'e,
    {
        (&self.sqlx).prepare_with(sql, parameters)
    }
}

/// Runs `work` on the current runtime; outside one (a process shutting
/// down) the connection is simply dropped, which closes its socket.
fn spawn_or_drop<F>(work: F)
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(work);
    }
}
