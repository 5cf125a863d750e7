//! Shared state every handler can reach. Cheap to clone.

use crate::catalog::Catalog;
use crate::config::Config;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use uplink_db::Db;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub metrics: PrometheusHandle,
    /// The built frontend, when one was found (see [`crate::web::locate_web_dir`]).
    pub web_dir: Arc<Option<std::path::PathBuf>>,
    /// The in-memory catalogue read model (see [`crate::catalog`]).
    pub catalog: Arc<Catalog>,
}

impl AppState {
    pub fn new(db: Db, config: Config) -> AppState {
        let web_dir = crate::web::locate_web_dir(config.web_dir.as_deref());
        AppState {
            catalog: Catalog::new(db.clone()),
            db,
            config: Arc::new(config),
            metrics: crate::middleware::metrics_handle(),
            web_dir: Arc::new(web_dir),
        }
    }
}
