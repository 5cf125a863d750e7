//! Reading what an order's lines delivered, for the order page, the
//! thank-you page and the delivery e-mail: five queries per order, one per
//! kind of deliverable.

use super::delivered::{
    DeliveryState, EsimDeliveryDto, LicenceKeyDto, LineDeliverables, PlanDeliveryDto, PoolDto,
    TopupDto, WarrantyExtensionDto, certificate_url, qr_url,
};
use crate::commerce::orders::dto::OrderDetail;
use crate::platform::timefmt::rfc3339;
use sqlx::AnyConnection;
use std::collections::HashMap;
use uplink_db::DbError;
use uplink_db::delivery as q;

fn day(ms: i64) -> String {
    rfc3339(ms).get(..10).unwrap_or_default().to_owned()
}

/// Which kinds of deliverable an order can hold, from its lines' product
/// types: loading only those saves the delivery transaction (which holds
/// SQLite's one writer) a query per kind the order does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds {
    /// Licence keys and warranty or care extensions (`license`).
    pub licences: bool,
    /// Cloud plans (`cloud`, `cloud-connect`, `cloud-unlimited`).
    pub plans: bool,
    /// eSIM profiles, top-ups and pools.
    pub esims: bool,
}

impl Kinds {
    pub const ALL: Kinds = Kinds {
        licences: true,
        plans: true,
        esims: true,
    };
    pub const NONE: Kinds = Kinds {
        licences: false,
        plans: false,
        esims: false,
    };

    pub fn of<'a>(product_types: impl IntoIterator<Item = &'a str>) -> Kinds {
        let mut k = Kinds::NONE;
        use uplink_domain::catalog::ProductType as T;
        for t in product_types.into_iter().filter_map(T::parse) {
            match t {
                T::License => k.licences = true,
                T::Cloud | T::CloudConnect | T::CloudUnlimited => k.plans = true,
                T::Esim | T::EsimData | T::EsimDataPool => k.esims = true,
                T::Hardware | T::Configurable => {}
            }
        }
        k
    }
}

/// Every line's deliverables by line id.
pub async fn load(
    conn: &mut AnyConnection,
    order_id: &str,
) -> Result<HashMap<String, LineDeliverables>, DbError> {
    load_kinds(conn, order_id, Kinds::ALL).await
}

/// The deliverables of the kinds in `kinds`, by line id.
pub async fn load_kinds(
    conn: &mut AnyConnection,
    order_id: &str,
    kinds: Kinds,
) -> Result<HashMap<String, LineDeliverables>, DbError> {
    let mut out: HashMap<String, LineDeliverables> = HashMap::new();
    if kinds.licences {
        load_licences(conn, order_id, &mut out).await?;
    }
    if kinds.plans {
        for p in q::applied_plans_of_order(conn, order_id).await? {
            add_plan(&mut out, p);
        }
    }
    if kinds.esims {
        load_esims(conn, order_id, &mut out).await?;
    }
    Ok(out)
}

/// A licence key under its line.
pub fn add_key(out: &mut HashMap<String, LineDeliverables>, k: q::LicenceKeyRow) {
    out.entry(k.order_line_id.clone())
        .or_default()
        .licence_keys
        .push(LicenceKeyDto {
            certificate_url: certificate_url(&k.id),
            id: k.id,
            serial: k.serial,
            key: k.licence_key,
            starts_at: rfc3339(k.starts_at),
            ends_at: k.ends_at.map(rfc3339),
        });
}

/// A warranty extension under its line.
pub fn add_warranty(out: &mut HashMap<String, LineDeliverables>, w: q::WarrantyExtensionRow) {
    out.entry(w.order_line_id.clone())
        .or_default()
        .warranty_extensions
        .push(WarrantyExtensionDto {
            serial: w.serial,
            previous_end: day(w.previous_end),
            starts_on: day(w.starts_at),
            ends_on: day(w.ends_at),
        });
}

/// A plan applied by a line, with its subscription as it is now.
pub fn add_plan(out: &mut HashMap<String, LineDeliverables>, p: q::AppliedPlanRow) {
    out.entry(p.order_line_id.clone())
        .or_default()
        .subscriptions
        .push(PlanDeliveryDto {
            serial: p.serial,
            family: p.family,
            carried_mb: p.carried_mb,
            previous_expiry: p.previous_expiry.map(rfc3339),
            expires_at: rfc3339(p.expires_at),
            allowance_mb: p.allowance_mb,
            used_mb: p.used_mb,
            current_expiry: rfc3339(p.current_expiry),
        });
}

async fn load_licences(
    conn: &mut AnyConnection,
    order_id: &str,
    out: &mut HashMap<String, LineDeliverables>,
) -> Result<(), DbError> {
    for k in q::licence_keys_of_order(conn, order_id).await? {
        add_key(out, k);
    }
    for w in q::warranty_extensions_of_order(conn, order_id).await? {
        add_warranty(out, w);
    }
    Ok(())
}

async fn load_esims(
    conn: &mut AnyConnection,
    order_id: &str,
    out: &mut HashMap<String, LineDeliverables>,
) -> Result<(), DbError> {
    for e in q::esims_of_order(conn, order_id).await? {
        let Some(line) = e.order_line_id.clone() else {
            continue;
        };
        out.entry(line).or_default().esims.push(EsimDeliveryDto {
            qr_url: qr_url(&e.iccid),
            iccid: e.iccid,
            activation_code: e.activation_code,
        });
    }
    for t in q::topups_of_order(conn, order_id).await? {
        out.entry(t.order_line_id.clone())
            .or_default()
            .topups
            .push(TopupDto {
                iccid: t.iccid,
                data_mb: t.data_mb,
                expires_at: t.expires_at.map(rfc3339),
            });
    }
    for p in q::pools_of_order(conn, order_id).await? {
        out.entry(p.pool.order_line_id.clone()).or_default().pool = Some(PoolDto {
            id: p.pool.id,
            name: p.pool.name,
            allowance_mb: p.pool.allowance_mb,
            used_mb: p.pool.used_mb,
            expires_at: p.pool.expires_at.map(rfc3339),
            members: p.members,
        });
    }
    Ok(())
}

/// Fills in the deliverables of `detail`'s digital lines.
pub async fn attach(
    conn: &mut AnyConnection,
    order_id: &str,
    detail: &mut OrderDetail,
) -> Result<(), DbError> {
    if detail.delivery.is_none() {
        return Ok(());
    }
    if detail.delivery == Some(DeliveryState::Pending)
        && detail
            .lines
            .iter()
            .all(|l| l.delivery_status != "delivered")
    {
        return Ok(()); // nothing delivered yet: no queries
    }
    let kinds = Kinds::of(detail.lines.iter().map(|l| l.product_type.as_str()));
    let mut all = load_kinds(conn, order_id, kinds).await?;
    for line in &mut detail.lines {
        if let Some(d) = all.remove(&line.id) {
            line.deliverables = Some(d);
        }
    }
    Ok(())
}
