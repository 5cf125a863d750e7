//! What an order's delivery wrote, kept as it writes it, so the delivery
//! e-mail lists the keys, extensions and plans without reading them back:
//! three statements fewer in a transaction that holds SQLite's one writer
//! (D126). The order page still reads them
//! (`crate::commerce::orders::deliverables`), and so does the e-mail
//! whenever what was kept may not be everything: a unit found delivered
//! before (a rerun), a line delivered by an earlier attempt, a line moved
//! by another transaction. eSIMs, top-ups and pools are always read: a
//! pool's members include eSIMs bought before. The devices the lines read
//! are kept too, for the order's next line of the same serial.

use crate::commerce::orders::deliverables::{self as read, Kinds};
use crate::commerce::orders::delivered::LineDeliverables;
use sqlx::AnyConnection;
use std::collections::HashMap;
use uplink_db::DbError;
use uplink_db::account_area::OutboxRow;
use uplink_db::delivery::{AppliedPlanRow, DeviceRef, LicenceKeyRow, WarrantyExtensionRow};

/// The units one attempt wrote (a line's, or the order's so far), and the
/// e-mails they made (recorded in the outbox with the line).
#[derive(Debug, Default)]
pub struct Written {
    pub mail: Vec<OutboxRow>,
    keys: Vec<LicenceKeyRow>,
    warranties: Vec<WarrantyExtensionRow>,
    plans: Vec<AppliedPlanRow>,
    /// The devices read or registered, as the writing left them: a later
    /// line of the order for the same serial need not read its device again.
    pub devices: Vec<DeviceRef>,
    /// A unit was there already, so what was kept is not all there is.
    found_before: bool,
}

impl Written {
    pub fn key(&mut self, key: LicenceKeyRow) {
        self.keys.push(key);
    }

    pub fn warranty(&mut self, extension: WarrantyExtensionRow) {
        self.warranties.push(extension);
    }

    pub fn plan(&mut self, applied: AppliedPlanRow) {
        self.plans.push(applied);
    }

    /// A device as it is now (replacing what was kept of it).
    pub fn device(&mut self, device: DeviceRef) {
        match self.devices.iter_mut().find(|d| d.serial == device.serial) {
            Some(kept) => *kept = device,
            None => self.devices.push(device),
        }
    }

    /// A unit was delivered before this attempt wrote it.
    pub fn found_before(&mut self) {
        self.found_before = true;
    }

    /// Adds what a line kept (its savepoint released).
    pub fn append(&mut self, mut line: Written) {
        self.mail.append(&mut line.mail);
        self.keys.append(&mut line.keys);
        self.warranties.append(&mut line.warranties);
        self.plans.append(&mut line.plans);
        self.found_before |= line.found_before;
        for device in line.devices {
            self.device(device);
        }
    }

    /// The deliverables by line, in the order the read gives them; `None`
    /// when a unit was found delivered before.
    fn into_deliverables(mut self) -> Option<HashMap<String, LineDeliverables>> {
        if self.found_before {
            return None;
        }
        let mut out = HashMap::new();
        self.keys
            .sort_by(|a, b| (a.created_at, &a.serial).cmp(&(b.created_at, &b.serial)));
        self.warranties
            .sort_by(|a, b| (a.created_at, &a.serial).cmp(&(b.created_at, &b.serial)));
        for key in self.keys {
            read::add_key(&mut out, key);
        }
        for extension in self.warranties {
            read::add_warranty(&mut out, extension);
        }
        for applied in with_latest_subscriptions(self.plans) {
            read::add_plan(&mut out, applied);
        }
        Some(out)
    }
}

/// Every plan with its subscription as the last plan applied to it left it
/// (two lines of one order can stack on one subscription), sorted by line
/// and unit as the read sorts them.
fn with_latest_subscriptions(mut plans: Vec<AppliedPlanRow>) -> Vec<AppliedPlanRow> {
    let mut latest = HashMap::new();
    for p in &plans {
        latest.insert(
            p.subscription_id.clone(),
            (p.allowance_mb, p.used_mb, p.current_expiry),
        );
    }
    for p in &mut plans {
        (p.allowance_mb, p.used_mb, p.current_expiry) = latest[&p.subscription_id];
    }
    plans.sort_by(|a, b| (&a.order_line_id, a.unit).cmp(&(&b.order_line_id, b.unit)));
    plans
}

/// The deliverables of the order's delivery e-mail, of the `kinds` its
/// lines hold: from `written` when it is everything the order's delivered
/// lines hold, else read.
pub async fn deliverables(
    tx: &mut AnyConnection,
    order_id: &str,
    kinds: Kinds,
    written: Option<Written>,
) -> Result<HashMap<String, LineDeliverables>, DbError> {
    let Some(mut kept) = written.and_then(Written::into_deliverables) else {
        return read::load_kinds(tx, order_id, kinds).await;
    };
    if kinds.esims {
        let esims = Kinds {
            esims: true,
            ..Kinds::NONE
        };
        // A line is of one product type, so its deliverables come from one side.
        kept.extend(read::load_kinds(tx, order_id, esims).await?);
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(line: &str, unit: i64, sub: &str, used: i64, expiry: i64) -> AppliedPlanRow {
        AppliedPlanRow {
            order_line_id: line.into(),
            unit,
            carried_mb: None,
            previous_expiry: None,
            expires_at: expiry,
            subscription_id: sub.into(),
            serial: "S".into(),
            family: "cloud".into(),
            allowance_mb: Some(1000),
            used_mb: used,
            current_expiry: expiry,
        }
    }

    #[test]
    fn a_subscription_two_lines_stacked_on_shows_as_the_last_left_it() {
        let plans = with_latest_subscriptions(vec![
            applied("l1", 0, "sub-a", 0, 100),
            applied("l2", 0, "sub-a", 0, 200),
            applied("l1", 1, "sub-b", 5, 50),
        ]);
        let seen: Vec<_> = plans
            .iter()
            .map(|p| {
                (
                    p.order_line_id.as_str(),
                    p.unit,
                    p.current_expiry,
                    p.expires_at,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [("l1", 0, 200, 100), ("l1", 1, 50, 50), ("l2", 0, 200, 200)]
        );
    }

    #[test]
    fn a_unit_found_before_makes_the_e_mail_read_back() {
        let mut order = Written::default();
        let mut line = Written::default();
        line.found_before();
        order.append(line);
        assert!(order.into_deliverables().is_none());
        assert!(Written::default().into_deliverables().is_some());
    }
}
