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
    /// Sign-in, sessions, mail and identity providers.
    pub auth: AuthConfig,
    /// Error reporting: the browser's DSN and the error intake.
    pub errors: ErrorsConfig,
    /// Payments and orders.
    pub checkout: CheckoutConfig,
    /// `UPLINK_USAGE_RETENTION_DAYS`: how long raw usage records are kept
    /// (default 90); the daily rollup is kept for good. Records for periods
    /// older than this are refused, so a repeat is always recognised.
    pub usage_retention_days: i64,
    /// Partners: rebates, pavilion invitations.
    pub partners: PartnersConfig,
}

/// Partners (SPEC §10).
#[derive(Debug, Clone)]
pub struct PartnersConfig {
    /// `UPLINK_REBATE_WINDOW_DAYS`: the return window after which a partner's
    /// pending rebate becomes available (default 14).
    pub rebate_window_days: i64,
}

/// Error reporting (SPEC §14): where the browser sends its reports and how
/// Uplink's own Sentry-compatible intake treats them.
#[derive(Debug, Clone)]
pub struct ErrorsConfig {
    /// `UPLINK_BROWSER_SENTRY_DSN`: the DSN the browser reports to (default: our own
    /// intake at the public URL with the key created on first start).
    pub browser_dsn: Option<String>,
    /// `UPLINK_INTAKE_RATE_LIMIT`: envelopes one DSN key may send per minute (default 600).
    pub intake_per_minute: i64,
    /// `UPLINK_INTAKE_RETENTION_DAYS`: how long issues, events, sessions and transactions are kept (default 30).
    pub retention_days: i64,
}

/// Payment gateway, bank transfer terms and bank details (SPEC §6), and
/// what delivery on payment needs (SPEC §7).
#[derive(Debug, Clone)]
pub struct CheckoutConfig {
    /// `UPLINK_PAYMENT_GATEWAY`: `test` (the built-in test gateway, default).
    pub gateway: String,
    /// `UPLINK_BANK_TRANSFER_DAYS`: unpaid bank-transfer orders are cancelled after this many days (default 14).
    pub bank_transfer_days: i64,
    /// `UPLINK_BANK_DETAILS`: the account customers pay bank transfers to, one `Label: value` per `;`.
    pub bank_details: Vec<(String, String)>,
    /// `UPLINK_ESIM_SMDP`: the SM-DP+ address in issued eSIM activation codes
    /// (default `smdp.uplink.example`).
    pub esim_smdp: String,
    /// `UPLINK_QUOTATION_MIN_SUBTOTAL`: the smallest catalogue subtotal, in
    /// the store's currency, a quotation may be requested for (default 100).
    pub quotation_min_subtotal_cents: i64,
    /// `UPLINK_CO_TERM_HOST`: an external co-term service (SPEC §8); when
    /// unset, Uplink answers co-term requests with its own quotations.
    pub co_term_host: Option<String>,
}

impl CheckoutConfig {
    fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> Result<CheckoutConfig, ConfigError> {
        let gateway = get("UPLINK_PAYMENT_GATEWAY").unwrap_or_else(|| "test".into());
        if gateway != "test" {
            return Err(ConfigError {
                var: "UPLINK_PAYMENT_GATEWAY",
                message: format!("`{gateway}` is not a known gateway (only `test` is built in)"),
            });
        }
        let bank_transfer_days = match get("UPLINK_BANK_TRANSFER_DAYS") {
            Some(v) => v
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|d| (1..=365).contains(d))
                .ok_or_else(|| ConfigError {
                    var: "UPLINK_BANK_TRANSFER_DAYS",
                    message: format!("`{v}` is not a number of days between 1 and 365"),
                })?,
            None => 14,
        };
        let details = get("UPLINK_BANK_DETAILS").unwrap_or_else(|| {
            "Account holder: Uplink Networks GmbH; Bank: Demo Bank AG; IBAN: DE89 3704 0044 0532 0130 00; BIC: COBADEFFXXX".into()
        });
        let bank_details = details
            .split(';')
            .filter_map(|part| {
                let (k, v) = part.split_once(':')?;
                Some((k.trim().to_owned(), v.trim().to_owned()))
            })
            .filter(|(k, v)| !k.is_empty() && !v.is_empty())
            .collect();
        let esim_smdp = get("UPLINK_ESIM_SMDP")
            .map(|v| v.trim().to_ascii_lowercase())
            .unwrap_or_else(|| uplink_domain::esim::DEFAULT_SMDP.to_owned());
        let host_like = esim_smdp.len() <= 253
            && esim_smdp.split('.').all(|l| {
                !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            });
        if !host_like {
            return Err(ConfigError {
                var: "UPLINK_ESIM_SMDP",
                message: format!("`{esim_smdp}` is not a host name like smdp.example.com"),
            });
        }
        let quotation_min_subtotal_cents = match get("UPLINK_QUOTATION_MIN_SUBTOTAL") {
            Some(v) => v
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|d| (0..=1_000_000).contains(d))
                .map(|d| d * 100)
                .ok_or_else(|| ConfigError {
                    var: "UPLINK_QUOTATION_MIN_SUBTOTAL",
                    message: format!("`{v}` is not a whole amount between 0 and 1000000"),
                })?,
            None => 10_000,
        };
        let co_term_host = match get("UPLINK_CO_TERM_HOST")
            .map(|v| v.trim().trim_end_matches('/').to_owned())
        {
            Some(h) if h.is_empty() => None,
            Some(h) if h.starts_with("https://") || h.starts_with("http://") => Some(h),
            Some(h) => {
                return Err(ConfigError {
                    var: "UPLINK_CO_TERM_HOST",
                    message: format!("`{h}` is not an http(s) URL like https://coterm.example.com"),
                });
            }
            None => None,
        };
        Ok(CheckoutConfig {
            gateway,
            bank_transfer_days,
            bank_details,
            esim_smdp,
            quotation_min_subtotal_cents,
            co_term_host,
        })
    }
}

/// `UPLINK_AUTH_MODE` (SPEC §8, fixed names): `token` (e-mail + password) or `keycloak` (OpenID Connect).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthMode {
    Token,
    Keycloak,
}

impl AuthMode {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthMode::Token => "token",
            AuthMode::Keycloak => "keycloak",
        }
    }
}

/// How expensive password hashing is. Only `Standard` can be chosen from the
/// environment; `Fast` exists for the test suite ([`Config::for_tests`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordCost {
    /// argon2id, 19 MiB, 2 passes, 1 lane (OWASP's recommendation).
    Standard,
    /// argon2id with minimal memory and one pass: tests only.
    Fast,
}

/// An OpenID Connect client registration (keycloak mode).
#[derive(Debug, Clone)]
pub struct OidcConfig {
    /// `UPLINK_OIDC_ISSUER`: the issuer URL; its `/.well-known/openid-configuration` is read.
    pub issuer: String,
    /// `UPLINK_OIDC_CLIENT_ID`.
    pub client_id: String,
    /// `UPLINK_OIDC_CLIENT_SECRET`: absent for public clients (PKCE only).
    pub client_secret: Option<String>,
    /// `UPLINK_OIDC_SCOPES`: extra scopes besides `openid` (default `email profile`).
    pub scopes: Vec<String>,
}

/// The InControl OAuth2 client (sign in with / link InControl).
#[derive(Debug, Clone)]
pub struct InControlConfig {
    /// `UPLINK_INCONTROL_AUTHORIZE_URL`.
    pub authorize_url: String,
    /// `UPLINK_INCONTROL_TOKEN_URL`.
    pub token_url: String,
    /// `UPLINK_INCONTROL_API_URL`: base URL of the InControl API (the profile is read from `{api}/rest/o/profile` unless `UPLINK_INCONTROL_PROFILE_URL` says otherwise).
    pub api_url: String,
    /// `UPLINK_INCONTROL_PROFILE_URL`: the endpoint answering `{id|sub, email, name}` for the token.
    pub profile_url: String,
    /// `UPLINK_INCONTROL_CLIENT_ID`.
    pub client_id: String,
    /// `UPLINK_INCONTROL_CLIENT_SECRET`.
    pub client_secret: Option<String>,
    /// `UPLINK_INCONTROL_SCOPE` (optional).
    pub scope: Option<String>,
}

#[derive(Debug, Clone)]
pub struct AuthConfig {
    /// `UPLINK_AUTH_MODE`: `token` (default) or `keycloak`.
    pub mode: AuthMode,
    /// `UPLINK_SESSION_TTL_SECS`: idle lifetime of a session, extended on use (default 14 days).
    pub session_idle_secs: i64,
    /// `UPLINK_SESSION_MAX_AGE_SECS`: absolute lifetime of a session (default 90 days).
    pub session_max_secs: i64,
    /// Not configurable from the environment (see [`PasswordCost`]).
    pub password_cost: PasswordCost,
    /// `UPLINK_CHALLENGE_DIFFICULTY`: leading zero bits of the proof of work (default 16, max 24).
    pub challenge_difficulty: u32,
    /// Failed sign-ins (per account or per IP) in the window before the challenge (5, SPEC §8).
    pub challenge_threshold: i64,
    /// The failure-counting window in seconds (15 minutes, SPEC §8).
    pub challenge_window_secs: i64,
    /// `UPLINK_TRUST_PROXY`: take the client IP from the last `X-Forwarded-For` hop (default false).
    pub trust_proxy: bool,
    /// `UPLINK_SECRET_KEY`: 32 bytes (64 hex characters or base64) that encrypt stored provider
    /// tokens; generated and kept in the database when unset.
    pub secret_key: Option<[u8; 32]>,
    /// `UPLINK_SMTP_URL`: e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@host`; unset → outbox only.
    pub smtp_url: Option<String>,
    /// `UPLINK_MAIL_FROM`: sender of every e-mail (default `Uplink <no-reply@HOST>`).
    pub mail_from: String,
    /// `UPLINK_DEFAULT_COUNTRY`: country of accounts created by SSO/InControl when the provider
    /// does not say (default `US`); people change it in their settings.
    pub default_country: String,
    /// keycloak mode: the OpenID Connect provider.
    pub oidc: Option<OidcConfig>,
    /// InControl sign-in/linking, when all its URLs and the client id are set.
    pub incontrol: Option<InControlConfig>,
}

/// A configuration value that could not be understood.
#[derive(Debug, thiserror::Error)]
#[error("{var}: {message}")]
pub struct ConfigError {
    pub var: &'static str,
    pub message: String,
}

impl Config {
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
        let auth = auth_from(&get, &public_url)?;
        let browser_dsn = get("UPLINK_BROWSER_SENTRY_DSN").map(|v| v.trim().to_owned());
        if let Some(dsn) = &browser_dsn
            && uplink_intake::auth::Dsn::parse(dsn).is_none()
        {
            return Err(ConfigError {
                var: "UPLINK_BROWSER_SENTRY_DSN",
                message: format!("`{dsn}` is not a DSN like https://KEY@HOST/PROJECT"),
            });
        }
        let errors = ErrorsConfig {
            browser_dsn,
            intake_per_minute: parse_int(&get, "UPLINK_INTAKE_RATE_LIMIT", 600, 1)?,
            retention_days: parse_int(&get, "UPLINK_INTAKE_RETENTION_DAYS", 30, 1)?,
        };
        let checkout = CheckoutConfig::from_lookup(&get)?;
        Ok(Config {
            auth,
            errors,
            checkout,
            database_url: get("UPLINK_DATABASE_URL")
                .unwrap_or_else(|| "sqlite://data/uplink.db".into()),
            listen,
            public_url,
            web_dir: get("UPLINK_WEB_DIR").map(PathBuf::from),
            seed_demo: parse_bool("UPLINK_SEED_DEMO", get("UPLINK_SEED_DEMO"), true)?,
            environment: get("UPLINK_ENVIRONMENT").unwrap_or_else(|| "production".into()),
            usage_retention_days: parse_int(&get, "UPLINK_USAGE_RETENTION_DAYS", 90, 2)?,
            partners: PartnersConfig {
                rebate_window_days: parse_int(&get, "UPLINK_REBATE_WINDOW_DAYS", 14, 0)?,
            },
        })
    }

    /// A configuration for tests: in-memory defaults, no demo seeding.
    pub fn for_tests(database_url: &str) -> Config {
        let mut c = Config::from_lookup(|_| None).expect("defaults are valid");
        c.database_url = database_url.to_owned();
        c.seed_demo = false;
        c.environment = "test".into();
        c.auth.password_cost = PasswordCost::Fast;
        c.auth.challenge_difficulty = 6;
        c
    }

    /// The release tag the server and the browser report (`uplink@<version>`).
    pub fn release(&self) -> String {
        format!("uplink@{}", env!("CARGO_PKG_VERSION"))
    }

    /// True when cookies must carry `Secure`.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

fn auth_from(
    get: &impl Fn(&str) -> Option<String>,
    public_url: &str,
) -> Result<AuthConfig, ConfigError> {
    let mode = match get("UPLINK_AUTH_MODE").as_deref().map(str::trim) {
        None | Some("token") => AuthMode::Token,
        Some("keycloak") => AuthMode::Keycloak,
        Some(other) => {
            return Err(ConfigError {
                var: "UPLINK_AUTH_MODE",
                message: format!("`{other}` is not `token` or `keycloak`"),
            });
        }
    };
    let oidc = match get("UPLINK_OIDC_ISSUER") {
        Some(issuer) => Some(OidcConfig {
            issuer: issuer.trim().to_owned(),
            client_id: get("UPLINK_OIDC_CLIENT_ID").ok_or_else(|| ConfigError {
                var: "UPLINK_OIDC_CLIENT_ID",
                message: "is required when UPLINK_OIDC_ISSUER is set".into(),
            })?,
            client_secret: get("UPLINK_OIDC_CLIENT_SECRET"),
            scopes: get("UPLINK_OIDC_SCOPES")
                .unwrap_or_else(|| "email profile".into())
                .split([' ', ','])
                .filter(|s| !s.is_empty() && *s != "openid")
                .map(str::to_owned)
                .collect(),
        }),
        None => None,
    };
    if mode == AuthMode::Keycloak && oidc.is_none() {
        return Err(ConfigError {
            var: "UPLINK_OIDC_ISSUER",
            message: "is required when UPLINK_AUTH_MODE=keycloak".into(),
        });
    }
    let incontrol = match (
        get("UPLINK_INCONTROL_AUTHORIZE_URL"),
        get("UPLINK_INCONTROL_TOKEN_URL"),
        get("UPLINK_INCONTROL_CLIENT_ID"),
    ) {
        (Some(authorize_url), Some(token_url), Some(client_id)) => {
            let api_url = get("UPLINK_INCONTROL_API_URL")
                .unwrap_or_default()
                .trim_end_matches('/')
                .to_owned();
            let profile_url = get("UPLINK_INCONTROL_PROFILE_URL")
                .unwrap_or_else(|| format!("{api_url}/rest/o/profile"));
            Some(InControlConfig {
                authorize_url,
                token_url,
                api_url,
                profile_url,
                client_id,
                client_secret: get("UPLINK_INCONTROL_CLIENT_SECRET"),
                scope: get("UPLINK_INCONTROL_SCOPE"),
            })
        }
        (None, None, None) => None,
        _ => {
            return Err(ConfigError {
                var: "UPLINK_INCONTROL_AUTHORIZE_URL",
                message: "InControl needs UPLINK_INCONTROL_AUTHORIZE_URL, _TOKEN_URL and _CLIENT_ID together".into(),
            });
        }
    };
    let secret_key = match get("UPLINK_SECRET_KEY") {
        None => None,
        Some(v) => Some(parse_key(v.trim()).ok_or_else(|| ConfigError {
            var: "UPLINK_SECRET_KEY",
            message: "must be 32 bytes as 64 hex characters or base64".into(),
        })?),
    };
    let host = public_url
        .split("://")
        .nth(1)
        .unwrap_or("localhost")
        .split(['/', ':'])
        .next()
        .unwrap_or("localhost")
        .to_owned();
    Ok(AuthConfig {
        mode,
        session_idle_secs: parse_int(get, "UPLINK_SESSION_TTL_SECS", 14 * 24 * 3600, 60)?,
        session_max_secs: parse_int(get, "UPLINK_SESSION_MAX_AGE_SECS", 90 * 24 * 3600, 60)?,
        password_cost: PasswordCost::Standard,
        challenge_difficulty: parse_int(get, "UPLINK_CHALLENGE_DIFFICULTY", 16, 1)?
            .min(uplink_domain::accounts::pow::MAX_DIFFICULTY as i64)
            as u32,
        challenge_threshold: 5,
        challenge_window_secs: 15 * 60,
        trust_proxy: parse_bool("UPLINK_TRUST_PROXY", get("UPLINK_TRUST_PROXY"), false)?,
        secret_key,
        smtp_url: get("UPLINK_SMTP_URL"),
        mail_from: get("UPLINK_MAIL_FROM").unwrap_or_else(|| format!("Uplink <no-reply@{host}>")),
        default_country: match get("UPLINK_DEFAULT_COUNTRY") {
            None => "US".to_owned(),
            Some(c) => uplink_domain::accounts::countries::parse_country(&c)
                .ok_or_else(|| ConfigError {
                    var: "UPLINK_DEFAULT_COUNTRY",
                    message: format!("`{c}` is not an ISO 3166-1 alpha-2 country code"),
                })?
                .to_owned(),
        },
        oidc,
        incontrol,
    })
}

fn parse_int(
    get: &impl Fn(&str) -> Option<String>,
    var: &'static str,
    default: i64,
    min: i64,
) -> Result<i64, ConfigError> {
    match get(var) {
        None => Ok(default),
        Some(v) => match v.trim().parse::<i64>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(ConfigError {
                var,
                message: format!("`{v}` is not a whole number ≥ {min}"),
            }),
        },
    }
}

/// 32 bytes from 64 hex characters or standard/URL-safe base64.
fn parse_key(v: &str) -> Option<[u8; 32]> {
    use base64::Engine;
    let bytes = if v.len() == 64 {
        hex::decode(v).ok()?
    } else {
        base64::engine::general_purpose::STANDARD
            .decode(v)
            .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(v))
            .ok()?
    };
    bytes.try_into().ok()
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

/// Finds the built frontend: the configured folder, else `web/dist` beside the
/// repository that holds the binary (`target/release/uplink`), else `./web/dist`.
pub fn locate_web_dir(configured: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
    let has_index = |p: &std::path::Path| p.join("index.html").is_file();
    if let Some(dir) = configured {
        return has_index(dir).then(|| dir.to_path_buf());
    }
    let mut candidates = Vec::new();
    if let Ok(exe) = std::env::current_exe() {
        for ancestor in exe.ancestors().skip(1).take(4) {
            candidates.push(ancestor.join("web/dist"));
        }
    }
    candidates.push(std::path::PathBuf::from("web/dist"));
    candidates.into_iter().find(|p| has_index(p))
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
    fn auth_defaults_to_token_mode_with_standard_hashing() {
        let c = from(&[]).unwrap();
        assert_eq!(c.auth.mode, AuthMode::Token);
        assert_eq!(c.auth.password_cost, PasswordCost::Standard);
        assert_eq!(c.auth.challenge_difficulty, 16);
        assert_eq!(c.auth.mail_from, "Uplink <no-reply@localhost>");
        assert!(c.auth.incontrol.is_none());
    }

    #[test]
    fn keycloak_mode_needs_an_issuer_and_a_client() {
        assert_eq!(
            from(&[("UPLINK_AUTH_MODE", "keycloak")]).unwrap_err().var,
            "UPLINK_OIDC_ISSUER"
        );
        let c = from(&[
            ("UPLINK_AUTH_MODE", "keycloak"),
            ("UPLINK_OIDC_ISSUER", "http://127.0.0.1:9000"),
            ("UPLINK_OIDC_CLIENT_ID", "uplink"),
        ])
        .unwrap();
        assert_eq!(c.auth.mode, AuthMode::Keycloak);
        assert_eq!(c.auth.oidc.unwrap().scopes, ["email", "profile"]);
        assert!(from(&[("UPLINK_AUTH_MODE", "ldap")]).is_err());
    }

    #[test]
    fn the_secret_key_must_be_32_bytes() {
        let hex_key = "11".repeat(32);
        let c = from(&[("UPLINK_SECRET_KEY", hex_key.as_str())]).unwrap();
        assert_eq!(c.auth.secret_key, Some([0x11; 32]));
        assert!(from(&[("UPLINK_SECRET_KEY", "short")]).is_err());
    }

    #[test]
    fn error_reporting_settings_have_defaults_and_check_dsns() {
        let c = from(&[]).unwrap();
        assert_eq!(
            (c.errors.intake_per_minute, c.errors.retention_days),
            (600, 30)
        );
        assert!(c.errors.browser_dsn.is_none());
        let c = from(&[
            (
                "UPLINK_BROWSER_SENTRY_DSN",
                "https://k@o1.ingest.sentry.io/5",
            ),
            ("UPLINK_INTAKE_RATE_LIMIT", "3"),
        ])
        .unwrap();
        assert_eq!(
            c.errors.browser_dsn.as_deref(),
            Some("https://k@o1.ingest.sentry.io/5")
        );
        assert_eq!(c.errors.intake_per_minute, 3);
        assert_eq!(
            from(&[("UPLINK_BROWSER_SENTRY_DSN", "nope")])
                .unwrap_err()
                .var,
            "UPLINK_BROWSER_SENTRY_DSN"
        );
        assert!(from(&[("UPLINK_INTAKE_RETENTION_DAYS", "0")]).is_err());
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
