//! `uplink seed-bench [--products N] [--database-url URL]`: fills a database
//! with the demo catalogue plus generated products (10,000 listable by default).

use anyhow::{Context, bail};

pub struct Args {
    pub products: usize,
    pub database_url: Option<String>,
}

pub fn parse(args: &[String]) -> anyhow::Result<Args> {
    let mut out = Args {
        products: 10_000,
        database_url: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) => (f, Some(v.to_owned())),
            None => (a.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .with_context(|| format!("{flag} needs a value"))
        };
        match flag {
            "--products" => {
                out.products = value()?.parse().context("--products must be a number")?
            }
            "--database-url" => out.database_url = Some(value()?),
            other => bail!("unknown option `{other}` (expected --products N, --database-url URL)"),
        }
    }
    Ok(out)
}

pub async fn run(args: &[String]) -> anyhow::Result<()> {
    let args = parse(args)?;
    let mut config = uplink_api::Config::from_env()?;
    if let Some(url) = args.database_url {
        config.database_url = url;
    }
    crate::logging::init(&config);
    let started = std::time::Instant::now();
    let db = crate::open_database(&config).await?;
    let generated = uplink_seed::seed_bench(&db, args.products)
        .await
        .context("generating the catalogue")?;
    tracing::info!(
        generated,
        total = args.products,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "benchmark catalogue ready"
    );
    db.close().await;
    Ok(())
}
