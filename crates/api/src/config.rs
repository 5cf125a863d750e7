//! Run-time configuration from `UPLINK_*` environment variables.
//!
//! Every variable is documented in the README's configuration table; keep the
//! two in step.

use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// `UPLINK_DATABASE_URL`: `sqlite://…` (default `sqlite://data/uplink.db`) or `postgres://…`.
    pub database_url: String,
    /// `UPLINK_LISTEN`: socket address to bind (default `127.0.0.1:8080`).
    pub listen: SocketAddr,
    /// `UPLINK_PUBLIC_URL`: the URL people reach the store at (default `http://localhost:<port>`).
    pub public_url: String,
    /// `UPLINK_WEB_DIR`: the built frontend (default: found next to the binary or in `web/dist`).
    pub web_dir: Option<PathBuf>,
    /// `UPLINK_SEED_DEMO`: seed demo data into an empty database (default `true`).
    pub seed_demo: bool,
    /// `UPLINK_ENVIRONMENT`: environment tag for logs and error reports (default `production`).
    pub environment: String,
}

/// A configuration value that could not be understood.
#[derive(Debug, thiserror::Error)]
#[error("{var}: {message}")]
pub struct ConfigError {
    pub var: &'static str,
    pub message: String,
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads configuration through `lookup` (tests pass a map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |k: &str| lookup(k).filter(|v| !v.trim().is_empty());
        let listen: SocketAddr = match get("UPLINK_LISTEN") {
            Some(v) => v.parse().map_err(|e| ConfigError {
                var: "UPLINK_LISTEN",
                message: format!("`{v}` is not a socket address ({e})"),
            })?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let public_url = get("UPLINK_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://localhost:{}", listen.port()))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError {
                var: "UPLINK_PUBLIC_URL",
                message: format!("`{public_url}` must start with http:// or https://"),
            });
        }
        Ok(Config {
            database_url: get("UPLINK_DATABASE_URL")
                .unwrap_or_else(|| "sqlite://data/uplink.db".into()),
            listen,
            public_url,
            web_dir: get("UPLINK_WEB_DIR").map(PathBuf::from),
            seed_demo: parse_bool("UPLINK_SEED_DEMO", get("UPLINK_SEED_DEMO"), true)?,
            environment: get("UPLINK_ENVIRONMENT").unwrap_or_else(|| "production".into()),
        })
    }

    /// A configuration for tests: in-memory defaults, no demo seeding.
    pub fn for_tests(database_url: &str) -> Config {
        let mut c = Config::from_lookup(|_| None).expect("defaults are valid");
        c.database_url = database_url.to_owned();
        c.seed_demo = false;
        c.environment = "test".into();
        c
    }

    /// True when cookies must carry `Secure`.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

fn parse_bool(
    var: &'static str,
    value: Option<String>,
    default: bool,
) -> Result<bool, ConfigError> {
    match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => Err(ConfigError {
            var,
            message: format!("`{other}` is not true/false"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn from(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_serve_sqlite_on_localhost_8080() {
        let c = from(&[]).unwrap();
        assert_eq!(c.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database_url, "sqlite://data/uplink.db");
        assert_eq!(c.public_url, "http://localhost:8080");
        assert!(c.seed_demo);
    }

    #[test]
    fn a_bad_listen_address_names_the_variable() {
        let err = from(&[("UPLINK_LISTEN", "nowhere")]).unwrap_err();
        assert_eq!(err.var, "UPLINK_LISTEN");
    }

    #[test]
    fn public_url_must_be_http() {
        assert!(from(&[("UPLINK_PUBLIC_URL", "ftp://x")]).is_err());
        assert!(
            from(&[("UPLINK_PUBLIC_URL", "https://shop.example/")])
                .unwrap()
                .is_https()
        );
    }
}
