//! The optional configuration file (SPEC §17): the settings of the `UPLINK_*`
//! environment variables, named without the prefix in lower case, in a TOML
//! file (`listen = "0.0.0.0:8080"`). The environment overrides the file. The
//! file is `UPLINK_CONFIG` when set, else `uplink.toml` in the working
//! directory when it exists. An unknown setting, a value that is not a
//! string, number or true/false, or a value the setting refuses is an error
//! that names the setting and its line.

use super::config::{Config, ConfigError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

impl Config {
    /// Reads the process environment and the optional configuration file
    /// (`UPLINK_CONFIG`, else `uplink.toml` when it exists); the environment
    /// wins (see [`ConfigFile`]).
    pub fn from_env() -> Result<Config, ConfigError> {
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        match ConfigFile::from_env()? {
            Some(file) => Self::from_file_and(&file, env),
            None => Self::from_lookup(env),
        }
    }

    /// The settings of `file` under those `env` gives (tests pass a map); an
    /// error about a value from the file names its setting and line.
    pub fn from_file_and(
        file: &ConfigFile,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        Self::from_lookup(|k| env(k).or_else(|| file.get(k)))
            .map_err(|e| file.locate(e, |k| env(k).is_some()))
    }
}

/// The file read when `UPLINK_CONFIG` is not set (when it exists).
pub const DEFAULT_FILE: &str = "uplink.toml";

/// Every setting the file may hold: the `UPLINK_*` variables [`super::config`]
/// reads (a test checks this list against that file).
pub const SETTINGS: &[&str] = &[
    "UPLINK_AUTH_MODE",
    "UPLINK_BANK_DETAILS",
    "UPLINK_BANK_TRANSFER_DAYS",
    "UPLINK_BROWSER_SENTRY_DSN",
    "UPLINK_CHALLENGE_DIFFICULTY",
    "UPLINK_CO_TERM_HOST",
    "UPLINK_DATABASE_URL",
    "UPLINK_DEFAULT_COUNTRY",
    "UPLINK_ENVIRONMENT",
    "UPLINK_ESIM_SMDP",
    "UPLINK_INCONTROL_API_URL",
    "UPLINK_INCONTROL_AUTHORIZE_URL",
    "UPLINK_INCONTROL_CLIENT_ID",
    "UPLINK_INCONTROL_CLIENT_SECRET",
    "UPLINK_INCONTROL_PROFILE_URL",
    "UPLINK_INCONTROL_SCOPE",
    "UPLINK_INCONTROL_TOKEN_URL",
    "UPLINK_INTAKE_RATE_LIMIT",
    "UPLINK_INTAKE_RETENTION_DAYS",
    "UPLINK_LISTEN",
    "UPLINK_MAIL_FROM",
    "UPLINK_OIDC_CLIENT_ID",
    "UPLINK_OIDC_CLIENT_SECRET",
    "UPLINK_OIDC_ISSUER",
    "UPLINK_OIDC_SCOPES",
    "UPLINK_PAYMENT_GATEWAY",
    "UPLINK_PUBLIC_URL",
    "UPLINK_QUOTATION_MIN_SUBTOTAL",
    "UPLINK_REBATE_WINDOW_DAYS",
    "UPLINK_SECRET_KEY",
    "UPLINK_SEED_DEMO",
    "UPLINK_SESSION_MAX_AGE_SECS",
    "UPLINK_SESSION_TTL_SECS",
    "UPLINK_SMTP_URL",
    "UPLINK_TRUST_PROXY",
    "UPLINK_USAGE_RETENTION_DAYS",
    "UPLINK_WEB_DIR",
];

/// The settings of one configuration file, each with the line it is on.
#[derive(Debug, Default)]
pub struct ConfigFile {
    path: PathBuf,
    /// Variable name (`UPLINK_LISTEN`) → (value as text, 1-based line).
    values: HashMap<&'static str, (String, usize)>,
}

impl ConfigFile {
    /// The file `UPLINK_CONFIG` names (which must exist), else `uplink.toml`
    /// when it exists, else none.
    pub fn from_env() -> Result<Option<ConfigFile>, ConfigError> {
        match std::env::var("UPLINK_CONFIG")
            .ok()
            .filter(|p| !p.trim().is_empty())
        {
            Some(path) => Self::read(Path::new(&path)).map(Some),
            None if Path::new(DEFAULT_FILE).is_file() => {
                Self::read(Path::new(DEFAULT_FILE)).map(Some)
            }
            None => Ok(None),
        }
    }

    /// Reads and checks one file.
    pub fn read(path: &Path) -> Result<ConfigFile, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            var: "UPLINK_CONFIG",
            message: format!("cannot read the configuration file {}: {e}", path.display()),
        })?;
        Self::parse(path, &text)
    }

    /// Parses the text of the file at `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<ConfigFile, ConfigError> {
        let at = |message: String| ConfigError {
            var: "UPLINK_CONFIG",
            message: format!("{}: {message}", path.display()),
        };
        let doc = toml_edit::Document::parse(text).map_err(|e| at(e.to_string()))?;
        let mut values = HashMap::new();
        for (key, item) in doc.as_table().iter() {
            let line = doc
                .as_table()
                .get_key_value(key)
                .and_then(|(k, _)| k.span())
                .map_or(0, |span| line_of(text, span.start));
            let var = format!("UPLINK_{}", key.to_ascii_uppercase());
            let Some(&known) = SETTINGS.iter().find(|s| **s == var) else {
                return Err(at(format!(
                    "line {line}: `{key}` is not a setting (settings are the UPLINK_* variables without the prefix, in lower case, e.g. `listen`)"
                )));
            };
            let value = match item.as_value() {
                Some(toml_edit::Value::String(s)) => s.value().clone(),
                Some(toml_edit::Value::Integer(i)) => i.value().to_string(),
                Some(toml_edit::Value::Boolean(b)) => b.value().to_string(),
                _ => {
                    return Err(at(format!(
                        "line {line}: `{key}` must be a string, a whole number or true/false"
                    )));
                }
            };
            values.insert(known, (value, line));
        }
        Ok(ConfigFile {
            path: path.to_owned(),
            values,
        })
    }

    /// The value the file gives the variable `var`.
    pub fn get(&self, var: &str) -> Option<String> {
        self.values.get(var).map(|(v, _)| v.clone())
    }

    /// `error` with where its value came from when that was this file (the
    /// environment did not override it).
    pub fn locate(&self, error: ConfigError, env_has: impl Fn(&str) -> bool) -> ConfigError {
        match self.values.get(error.var) {
            Some((_, line)) if !env_has(error.var) => ConfigError {
                message: format!(
                    "{} (`{}` on line {line} of {})",
                    error.message,
                    error.var.trim_start_matches("UPLINK_").to_ascii_lowercase(),
                    self.path.display()
                ),
                ..error
            },
            _ => error,
        }
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> Result<ConfigFile, ConfigError> {
        ConfigFile::parse(Path::new("uplink.toml"), text)
    }

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn every_variable_the_configuration_reads_is_a_setting_of_the_file() {
        let source = include_str!("config.rs");
        let mut read: Vec<&str> = regex::Regex::new(r"UPLINK_[A-Z_]+")
            .unwrap()
            .find_iter(source)
            .map(|m| m.as_str())
            .filter(|v| *v != "UPLINK_CONFIG")
            .collect();
        read.sort_unstable();
        read.dedup();
        assert_eq!(read, SETTINGS);
    }

    #[test]
    fn the_file_sets_values_and_the_environment_overrides_them() {
        let f = file(
            "# the store\nlisten = \"0.0.0.0:9090\"\nseed_demo = false\nrebate_window_days = 21\ndatabase_url = 'sqlite://file.db'\n",
        )
        .unwrap();
        let c =
            Config::from_file_and(&f, env(&[("UPLINK_DATABASE_URL", "sqlite://env.db")])).unwrap();
        assert_eq!(c.listen.to_string(), "0.0.0.0:9090");
        assert!(!c.seed_demo);
        assert_eq!(c.partners.rebate_window_days, 21);
        assert_eq!(c.database_url, "sqlite://env.db");
    }

    #[test]
    fn a_bad_value_in_the_file_names_the_setting_and_its_line() {
        let f = file("seed_demo = true\n\nlisten = \"everywhere\"\n").unwrap();
        let e = Config::from_file_and(&f, env(&[])).unwrap_err();
        assert_eq!(e.var, "UPLINK_LISTEN");
        assert!(
            e.message.ends_with("(`listen` on line 3 of uplink.toml)"),
            "{}",
            e.message
        );
        // The same bad value from the environment names no line.
        let e = Config::from_file_and(&f, env(&[("UPLINK_LISTEN", "nowhere")])).unwrap_err();
        assert!(!e.message.contains("line"), "{}", e.message);
    }

    #[test]
    fn an_unknown_setting_or_a_list_is_refused_with_its_line() {
        let e = file("listen = \"127.0.0.1:8080\"\nlisten_port = 80\n").unwrap_err();
        assert_eq!(e.var, "UPLINK_CONFIG");
        assert!(
            e.message.contains("line 2: `listen_port` is not a setting"),
            "{}",
            e.message
        );
        let e = file("\nmail_from = [\"a\", \"b\"]\n").unwrap_err();
        assert!(
            e.message.contains("line 2: `mail_from` must be a string"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_file_that_is_not_toml_names_the_line() {
        let e = file("listen = \"127.0.0.1:8080\"\nthis is not toml\n").unwrap_err();
        assert_eq!(e.var, "UPLINK_CONFIG");
        assert!(e.message.contains("line 2"), "{}", e.message);
    }

    #[test]
    fn a_named_file_that_does_not_exist_is_an_error() {
        let e = ConfigFile::read(Path::new("/nonexistent/uplink.toml")).unwrap_err();
        assert_eq!(e.var, "UPLINK_CONFIG");
        assert!(
            e.message.contains("/nonexistent/uplink.toml"),
            "{}",
            e.message
        );
    }
}
