//! Structured logs: JSON lines when `UPLINK_LOG_FORMAT=json`, readable text otherwise.
//! The filter comes from `UPLINK_LOG` (e.g. `info,uplink_api=debug`).

use tracing_subscriber::EnvFilter;

pub fn init(_config: &uplink_api::Config) {
    let filter = EnvFilter::try_from_env("UPLINK_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let json = std::env::var("UPLINK_LOG_FORMAT").is_ok_and(|v| v == "json");
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    let _ = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.compact().try_init()
    };
}
