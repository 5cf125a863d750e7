//! Demo partners (D58, D102): their referral codes, the accounts that run
//! them, the mini-stores they own and the eStores' partner price lists.

use uplink_db::partner_stores::{fill_partner_price_list, set_store_partner};
use uplink_db::partners::{NewPartner, upsert_partner};
use uplink_db::{Db, DbError};

/// Demo partners: the two mini-store partners, the demo partner account's
/// company, and a deactivated one (D58).
pub fn demo_partners(partner_user: Option<String>) -> Vec<NewPartner> {
    let p = |code: &str, name: &str, active, bp, user: Option<String>| NewPartner {
        referral_code: code.into(),
        name: name.into(),
        active,
        rebate_bp: bp,
        user_id: user,
    };
    vec![
        p("NORTHWIND", "Northwind Networks Ltd", true, 1_000, None),
        p("HARBOR", "Harbor Marine Connectivity LLC", true, 800, None),
        p(
            "SKYLINE",
            "Skyline Resellers Ltd",
            true,
            1_200,
            partner_user,
        ),
        p("OLDPARTNER", "Former Partner Co", false, 500, None),
    ]
}

/// The share of the store's price a partner pays: 12 % off everything.
pub const PARTNER_PRICE_BP: i64 = 8_800;

/// The demo partners; the demo partner account (partner@uplink.test)
/// belongs to Skyline Resellers, northwind@ and harbor@uplink.test to the
/// two other mini-store partners. Each mini-store is linked to its partner,
/// and both eStores get a partner price list.
pub async fn seed_demo_partners(db: &Db) -> Result<(), DbError> {
    let user = |email: &'static str| async move {
        Ok::<_, DbError>(db.user_by_email(email).await?.map(|u| u.id))
    };
    let skyline = user("partner@uplink.test").await?;
    let northwind = user("northwind@uplink.test").await?;
    let harbor = user("harbor@uplink.test").await?;
    let mut tx = db.begin_write().await?;
    for mut p in demo_partners(skyline) {
        p.user_id = match p.referral_code.as_str() {
            "NORTHWIND" => northwind.clone(),
            "HARBOR" => harbor.clone(),
            _ => p.user_id,
        };
        let id = upsert_partner(&mut tx, &p).await?;
        let store = match p.referral_code.as_str() {
            "NORTHWIND" => Some("northwind"),
            "HARBOR" => Some("harbor"),
            "SKYLINE" => Some("skyline"),
            _ => None,
        };
        if let Some(code) = store {
            set_store_partner(&mut tx, code, Some(&id)).await?;
        }
    }
    for store in ["global", "us"] {
        fill_partner_price_list(&mut tx, store, PARTNER_PRICE_BP).await?;
    }
    uplink_db::catalog::bump_catalog_version_in(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}
