//! Demo partners (D58) and their referral codes.

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

/// The demo partners; the demo partner account (partner@uplink.test)
/// belongs to Skyline Resellers.
pub async fn seed_demo_partners(db: &Db) -> Result<(), DbError> {
    let user = db.user_by_email("partner@uplink.test").await?.map(|u| u.id);
    let mut tx = db.begin_write().await?;
    for p in demo_partners(user) {
        upsert_partner(&mut tx, &p).await?;
    }
    tx.commit().await?;
    Ok(())
}
