//! `uplink`: the store in one binary.
//!
//! ```text
//! uplink [serve]     run the store (default)
//! uplink openapi     print the OpenAPI document
//! uplink migrate     bring the database schema up to date and exit
//! uplink seed-bench [--products N] [--database-url URL]
//!                    demo data plus generated products (benchmarks)
//! uplink admin create --email … [--password …]   create or promote an admin
//! uplink jobs list | jobs run NAME…              the background jobs; run some now
//! ```

mod allocator;

mod admin;
mod logging;
mod seed_bench;

use anyhow::Context;
use std::process::ExitCode;
use uplink_api::Config;

const USAGE: &str = "usage: uplink [serve|openapi|migrate|seed-bench [--products N] [--database-url URL]|admin create …|jobs list|jobs run NAME…|help]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.first().map(String::as_str).unwrap_or("serve");
    let result = match command {
        "serve" => run(serve()),
        "migrate" => run(migrate()),
        "seed-bench" => run(seed_bench::run(&args[1..])),
        "admin" => run(admin_command(args[1..].to_vec())),
        "jobs" => run(jobs_command(args[1..].to_vec())),
        "openapi" => {
            println!("{}", uplink_api::openapi_json());
            Ok(())
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(anyhow::anyhow!("unknown command `{other}`\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uplink: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(fut: impl std::future::Future<Output = anyhow::Result<()>>) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(fut)
}

async fn open_database(config: &Config) -> anyhow::Result<uplink_db::Db> {
    let db = uplink_db::Db::connect(&config.database_url)
        .await
        .with_context(|| format!("opening the database {}", redact(&config.database_url)))?;
    db.migrate().await.context("running migrations")?;
    Ok(db)
}

async fn migrate() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    logging::init(&config);
    open_database(&config).await?;
    tracing::info!("database schema is up to date");
    Ok(())
}

async fn admin_command(args: Vec<String>) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    logging::init(&config);
    let db = open_database(&config).await?;
    let result = admin::run(&args, &db, &config).await;
    db.close().await;
    result
}

/// `jobs list` prints every background job and its interval; `jobs run
/// NAME…` runs those jobs once now, whatever their schedule (an operator
/// catching up after an outage, a test that moved a clock). Every job is
/// safe to run beside a server's own run of it (conditional writes), so no
/// lease is taken.
async fn jobs_command(args: Vec<String>) -> anyhow::Result<()> {
    let jobs = uplink_api::jobs();
    match args.first().map(String::as_str) {
        Some("list") => {
            for job in &jobs {
                println!("{:<32} every {:?}", job.name, job.every);
            }
            Ok(())
        }
        Some("run") if args.len() > 1 => {
            let config = Config::from_env()?;
            logging::init(&config);
            let db = open_database(&config).await?;
            let state = uplink_api::state(db.clone(), config);
            for name in &args[1..] {
                let job = jobs.iter().find(|j| j.name == name).ok_or_else(|| {
                    anyhow::anyhow!("no job is called `{name}` (see `uplink jobs list`)")
                })?;
                let done = (job.run)(&state)
                    .await
                    .with_context(|| format!("running {name}"))?;
                println!("{name}: {done}");
            }
            db.close().await;
            Ok(())
        }
        _ => Err(anyhow::anyhow!(
            "usage: uplink jobs list | uplink jobs run NAME…"
        )),
    }
}

async fn serve() -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let config = Config::from_env()?;
    logging::init(&config);
    uplink_api::platform::mail::Mailer::new(&config).context("checking the e-mail settings")?;
    let db = open_database(&config).await?;
    if config.seed_demo
        && uplink_seed::seed_demo_if_empty(&db)
            .await
            .context("seeding demo data")?
    {
        tracing::info!("seeded demo data into the empty database");
    }
    let intake = db
        .ensure_default_intake_key()
        .await
        .context("creating the error intake's DSN key")?;
    tracing::info!(project = intake.project_id, "error intake ready");
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("binding {}", config.listen))?;
    let state = uplink_api::state(db.clone(), config.clone());
    allocator::giving_freed_pages_back(state.catalog.refresh())
        .await
        .context("building the catalogue read model")?;
    match state.web_dir.as_ref() {
        Some(dir) => tracing::info!(dir = %dir.display(), "serving the frontend"),
        None => tracing::warn!("no built frontend found (run `make build` or set UPLINK_WEB_DIR)"),
    }
    let background = uplink_api::spawn_background(&state)
        .await
        .context("registering this server on the database")?;
    let app = uplink_api::app(state);
    tracing::info!(
        listen = %listener.local_addr()?, public_url = %config.public_url,
        startup_ms = started.elapsed().as_millis() as u64, "uplink is serving"
    );
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    for task in background {
        task.abort();
    }
    uplink_api::platform::instances::retire(&db).await;
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on SIGINT or SIGTERM; axum then stops accepting and lets
/// in-flight requests finish.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutdown signal received; finishing in-flight requests");
}

/// Hides a password in a database URL before it reaches a log line.
fn redact(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_are_redacted() {
        assert_eq!(
            super::redact("postgres://u:secret@h/db"),
            "postgres://u:***@h/db"
        );
        assert_eq!(super::redact("sqlite://data/u.db"), "sqlite://data/u.db");
    }
}
