//! The one job runner (SPEC §17). Every capability hands it its periodic
//! jobs; every server runs the runner, and each job is leased in
//! `job_leases` (`Db::claim_job`) for a little less than its interval, so
//! with several servers exactly one of them runs a job each time it is due.
//! A job must be safe to run again after a crash (each one is a set of
//! conditional updates or deletes).
//!
//! Per-process work that is not a job stays outside: the e-mail sender
//! (it leases outbox rows one by one), the password hasher's warm-up and
//! the metrics upkeep.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use uplink_db::Db;

/// What a job returns: how many things it did (orders cancelled, rows removed…).
pub type JobFuture<'a> = Pin<Box<dyn Future<Output = anyhow::Result<u64>> + Send + 'a>>;

/// One periodic job over the application state `S`.
pub struct Job<S> {
    /// Its lease name in `job_leases`; also the name in logs.
    pub name: &'static str,
    /// How often it runs (across all servers together).
    pub every: Duration,
    pub run: for<'a> fn(&'a S) -> JobFuture<'a>,
}

/// How often the runner looks for due jobs at most: every 30 s, or the
/// shortest job's interval when that is shorter.
const TICK: Duration = Duration::from_secs(30);
/// A lease ends this much before the next run is due, so that a tick that
/// comes a little early does not skip a run.
const MARGIN: Duration = Duration::from_secs(5);

fn lease_ms(every: Duration) -> i64 {
    every
        .saturating_sub(MARGIN)
        .max(Duration::from_secs(1))
        .as_millis() as i64
}

/// Runs every job whose lease this server gets now. Returns what each job
/// that ran did, in the order given.
pub async fn run_due<S>(
    db: &Db,
    state: &S,
    jobs: &[Job<S>],
) -> anyhow::Result<Vec<(&'static str, u64)>> {
    let mut done = Vec::new();
    for job in jobs {
        if !db
            .claim_job(job.name, uplink_db::now_ms(), lease_ms(job.every))
            .await?
        {
            continue;
        }
        match (job.run)(state).await {
            Ok(n) => done.push((job.name, n)),
            Err(e) => tracing::warn!(job = job.name, error = %e, "job failed"),
        }
    }
    Ok(done)
}

/// How often the runner of `jobs` looks for due ones.
fn tick_of<S>(jobs: &[Job<S>]) -> Duration {
    jobs.iter()
        .map(|j| j.every)
        .min()
        .unwrap_or(TICK)
        .clamp(Duration::from_secs(1), TICK)
}

/// The runner of a serving process: checks for due jobs every 30 seconds,
/// or as often as the most frequent job runs.
pub fn spawn<S: Send + Sync + 'static>(
    db: Db,
    state: S,
    jobs: Vec<Job<S>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(tick_of(&jobs));
        loop {
            tick.tick().await;
            match run_due(&db, &state, &jobs).await {
                Ok(done) => {
                    for (name, n) in done.into_iter().filter(|(_, n)| *n > 0) {
                        tracing::info!(job = name, count = n, "job ran");
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not check for due jobs"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_ends_before_the_next_run_is_due() {
        assert_eq!(lease_ms(Duration::from_secs(30)), 25_000);
        assert_eq!(lease_ms(Duration::from_secs(3600)), 3_595_000);
        assert_eq!(lease_ms(Duration::from_secs(2)), 1_000);
    }

    fn noop(_: &()) -> JobFuture<'_> {
        Box::pin(async { Ok(0) })
    }

    #[test]
    fn the_runner_ticks_as_often_as_its_most_frequent_job() {
        let job = |secs| Job::<()> {
            name: "j",
            every: Duration::from_secs(secs),
            run: noop,
        };
        assert_eq!(tick_of(&[job(3600), job(5)]), Duration::from_secs(5));
        assert_eq!(tick_of(&[job(3600)]), TICK);
        assert_eq!(tick_of::<()>(&[]), TICK);
    }
}
