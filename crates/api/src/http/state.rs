//! Shared state every handler can reach. Cheap to clone.

use crate::platform::config::Config;
use crate::read_model::Catalog;
use metrics_exporter_prometheus::PrometheusHandle;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use uplink_db::Db;

/// What one capability needs another to do when something happens to it,
/// wired by the composition root (`crate::hooks`): capabilities never
/// import each other, so the one that acts is named there, not here.
#[derive(Clone, Copy, Default)]
pub struct Hooks {
    /// An account was just linked to InControl with this access token
    /// (accounts): import the devices that InControl account manages.
    pub incontrol_linked: Option<IncontrolLinked>,
    /// A staff edit was patched into a new catalogue snapshot (catalogue):
    /// compute a listing or search answer of the old snapshot's cache again
    /// on the new one before it serves, so no request meets a cold cache.
    pub answer_warmer: Option<crate::read_model::Warmer>,
}

/// `(state, user id, InControl access token)`.
pub type IncontrolLinked =
    for<'a> fn(
        &'a AppState,
        &'a str,
        &'a str,
    ) -> Pin<Box<dyn Future<Output = crate::http::error::ApiResult<()>> + Send + 'a>>;

/// What every handler and job reads, shared behind one `Arc`: axum clones
/// the state for every request, and cloning one pointer is far cheaper than
/// a dozen reference counts that both cores keep bouncing between them (the
/// clone and drop of the unshared struct were a tenth of the server's CPU
/// under load).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The state's parts (see [`AppState`]).
pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub metrics: PrometheusHandle,
    /// The built frontend, when one was found (see [`crate::platform::config::locate_web_dir`]).
    pub web_dir: Arc<Option<std::path::PathBuf>>,
    /// Password hashing (argon2id), bounded in parallelism.
    pub passwords: crate::platform::passwords::SharedPasswords,
    /// Outgoing e-mail (outbox + SMTP sender).
    pub mailer: Arc<crate::platform::mail::Mailer>,
    /// Encrypts stored provider tokens; the key is loaded on first use.
    pub secrets: Arc<tokio::sync::OnceCell<crate::platform::secrets::SecretBox>>,
    /// OpenID Connect provider metadata, discovered on first use.
    pub oidc: Arc<crate::platform::oidc::OidcClientCache>,
    /// The in-memory catalogue read model (see [`crate::catalog`]).
    pub catalog: Arc<Catalog>,
    /// The error intake's default DSN public key, created in the database on first use.
    pub intake_key: Arc<tokio::sync::OnceCell<String>>,
    /// The payment gateway orders pay through (SPEC §6).
    pub gateway: Arc<dyn uplink_payments::PaymentGateway>,
    /// The built-in test gateway, whose pages live under `/gateway/test` (when it is the one configured).
    pub test_gateway: Option<Arc<uplink_payments::TestGateway>>,
    /// Reactions across capabilities (see [`Hooks`]).
    pub hooks: Hooks,
    /// Held by this process's delivery run (see `commerce::delivery::runner`).
    pub delivery_run: tokio::sync::Mutex<()>,
}

impl AppState {
    /// The secret box (key from the configuration or the database).
    pub async fn secret_box(&self) -> anyhow::Result<&crate::platform::secrets::SecretBox> {
        self.secrets
            .get_or_try_init(|| {
                crate::platform::secrets::SecretBox::load(self.config.auth.secret_key, &self.db)
            })
            .await
    }

    /// The DSN the browser reports to: the configured one, else our own intake
    /// at the public URL with the default key (created on first call).
    pub async fn browser_dsn(&self) -> anyhow::Result<String> {
        if let Some(dsn) = &self.config.errors.browser_dsn {
            return Ok(dsn.clone());
        }
        let key = self
            .intake_key
            .get_or_try_init(|| async {
                self.db
                    .ensure_default_intake_key()
                    .await
                    .map(|k| k.public_key)
            })
            .await?;
        Ok(uplink_intake::auth::Dsn::format(
            &self.config.public_url,
            key,
            uplink_db::intake::DEFAULT_PROJECT_ID,
        ))
    }

    /// How long and how much the error intake keeps.
    pub fn retention(&self) -> uplink_db::intake::Retention {
        uplink_db::intake::Retention {
            max_age_ms: self.config.errors.retention_days * 24 * 3600 * 1000,
            ..Default::default()
        }
    }

    /// The state with the composition root's `hooks` (`crate::state` builds it).
    pub fn new(db: Db, config: Config, hooks: Hooks) -> AppState {
        let web_dir = crate::platform::config::locate_web_dir(config.web_dir.as_deref());
        let passwords = Arc::new(crate::platform::passwords::Passwords::new(
            config.auth.password_cost,
        ));
        let mailer = Arc::new(
            crate::platform::mail::Mailer::new(&config).unwrap_or_else(|e| {
                tracing::error!(error = %e, "e-mail configuration is invalid; keeping mail in the outbox");
                let mut fallback = config.clone();
                fallback.auth.smtp_url = None;
                fallback.auth.mail_from = "Uplink <no-reply@localhost>".into();
                crate::platform::mail::Mailer::new(&fallback).expect("fallback mailer")
            }),
        );
        let test_gateway = Arc::new(uplink_payments::TestGateway::new(db.clone()));
        AppState(Arc::new(Shared {
            gateway: test_gateway.clone(),
            test_gateway: Some(test_gateway),
            passwords,
            mailer,
            secrets: Arc::new(tokio::sync::OnceCell::new()),
            oidc: Arc::new(crate::platform::oidc::OidcClientCache::default()),
            catalog: Catalog::with_warmer(db.clone(), hooks.answer_warmer),
            intake_key: Arc::new(tokio::sync::OnceCell::new()),
            db,
            config: Arc::new(config),
            metrics: crate::http::middleware::metrics_handle(),
            web_dir: Arc::new(web_dir),
            hooks,
            delivery_run: tokio::sync::Mutex::new(()),
        }))
    }
}
