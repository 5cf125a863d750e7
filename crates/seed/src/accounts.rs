//! Demo accounts (documented in the README). Every one signs in with the
//! password `uplink-demo-1`.

use uplink_db::account_area::AddressRow;
use uplink_db::accounts::{CreditTerms, NewUser, RoleFlags};
use uplink_db::{Db, DbError};

/// argon2id (m=19456, t=2, p=1) of `uplink-demo-1`.
pub const DEMO_PASSWORD_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$OyJx49gHo10+8tKYqSsNYQ$IyswKnqenDjBKUxkQtEJ+b3heYPZ/nNY5NPBa0vcQAM";

struct Demo {
    email: &'static str,
    name: &'static str,
    company: Option<&'static str>,
    phone: &'static str,
    country: &'static str,
    roles: RoleFlags,
    credit: Option<CreditTerms>,
    address: Option<(
        &'static str,
        Option<&'static str>,
        &'static str,
        &'static str,
    )>,
}

fn customer() -> RoleFlags {
    RoleFlags {
        is_customer: true,
        ..RoleFlags::default()
    }
}

fn demos() -> Vec<Demo> {
    vec![
        Demo {
            email: "customer@uplink.test",
            name: "Clara Weber",
            company: None,
            phone: "+49 30 1234567",
            country: "DE",
            roles: customer(),
            credit: None,
            address: Some(("Torstraße 1", None, "Berlin", "10119")),
        },
        Demo {
            email: "us.customer@uplink.test",
            name: "Sam Carter",
            company: None,
            phone: "+1 415 555 0100",
            country: "US",
            roles: customer(),
            credit: None,
            address: Some(("500 Howard St", Some("CA"), "San Francisco", "94105")),
        },
        Demo {
            email: "business@uplink.test",
            name: "Bianca Ortiz",
            company: Some("Northwind Networks Inc."),
            phone: "+1 212 555 0147",
            country: "US",
            roles: customer(),
            credit: Some(CreditTerms {
                credit_limit_cents: 5_000_000,
                payment_terms_days: 30,
                may_exceed_limit: false,
            }),
            address: Some(("350 5th Ave", Some("NY"), "New York", "10118")),
        },
        Demo {
            email: "partner@uplink.test",
            name: "Priya Natarajan",
            company: Some("Skyline Resellers Ltd"),
            phone: "+44 20 7946 0018",
            country: "GB",
            roles: RoleFlags {
                is_customer: true,
                is_partner: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: Some(("1 Canada Square", None, "London", "E14 5AB")),
        },
        Demo {
            email: "northwind@uplink.test",
            name: "Noah Whitfield",
            company: Some("Northwind Networks Ltd"),
            phone: "+44 161 496 0723",
            country: "GB",
            roles: RoleFlags {
                is_customer: true,
                is_partner: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: Some(("12 Quay Street", None, "Manchester", "M3 3JE")),
        },
        Demo {
            email: "harbor@uplink.test",
            name: "Hana Brooks",
            company: Some("Harbor Marine Connectivity LLC"),
            phone: "+1 206 555 0164",
            country: "US",
            roles: RoleFlags {
                is_customer: true,
                is_partner: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: Some(("2401 Alaskan Way", Some("WA"), "Seattle", "98121")),
        },
        Demo {
            email: "marta@uplink.test",
            name: "Marta Nowak",
            company: Some("Baltic Ferries"),
            phone: "+48 58 555 0132",
            country: "PL",
            roles: customer(),
            credit: None,
            address: Some(("ul. Długa 1", None, "Gdańsk", "80-827")),
        },
        Demo {
            email: "jonas@uplink.test",
            name: "Jonas Berg",
            company: None,
            phone: "+49 40 555 0188",
            country: "DE",
            roles: customer(),
            credit: None,
            address: Some(("Elbchaussee 12", None, "Hamburg", "22765")),
        },
        Demo {
            email: "sales@uplink.test",
            name: "Sofia Lindqvist",
            company: Some("Uplink"),
            phone: "+1 415 555 0111",
            country: "US",
            roles: RoleFlags {
                is_sales: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: None,
        },
        Demo {
            email: "fulfilment@uplink.test",
            name: "Felix Moreau",
            company: Some("Uplink"),
            phone: "+1 415 555 0112",
            country: "US",
            roles: RoleFlags {
                is_fulfilment: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: None,
        },
        Demo {
            email: "admin@uplink.test",
            name: "Alex Admin",
            company: Some("Uplink"),
            phone: "+1 415 555 0110",
            country: "US",
            roles: RoleFlags {
                is_admin: true,
                ..RoleFlags::default()
            },
            credit: None,
            address: None,
        },
    ]
}

/// The demo business first had 10-day terms (its order UL-000002 falls due on
/// those, so the staff's overdue list has something to show) and was moved
/// to its current terms last week: two Allocated entries in its history.
pub const DEMO_FIRST_TERMS_DAYS: i64 = 10;
const DAY_MS: i64 = 86_400_000;

/// The credit history of a demo business: approved half a year ago by
/// sales on shorter terms, then moved to `terms`.
async fn seed_credit_history(db: &Db, user_id: &str, terms: &CreditTerms) -> Result<(), DbError> {
    let now = uplink_db::now_ms();
    let first = CreditTerms {
        payment_terms_days: DEMO_FIRST_TERMS_DAYS,
        ..terms.clone()
    };
    let mut tx = db.begin_write().await?;
    uplink_db::credit::allocate(
        &mut tx,
        user_id,
        Some(&first),
        (
            "sales@uplink.test",
            "Credit terms approved after the credit check",
        ),
        now - 180 * DAY_MS,
    )
    .await?;
    uplink_db::credit::allocate(
        &mut tx,
        user_id,
        Some(terms),
        (
            "sales@uplink.test",
            "Payment terms extended for the annual contract",
        ),
        now - 5 * DAY_MS,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Creates the demo accounts that do not exist yet.
pub async fn seed_demo_accounts(db: &Db) -> Result<(), DbError> {
    for d in demos() {
        if db.user_by_email(d.email).await?.is_some() {
            continue;
        }
        let user = db
            .insert_user(&NewUser {
                email: d.email.into(),
                password_hash: Some(DEMO_PASSWORD_HASH.into()),
                name: d.name.into(),
                company: d.company.map(Into::into),
                phone: Some(d.phone.into()),
                country: d.country.into(),
                newsletter: false,
            })
            .await
            .map_err(|e| match e {
                uplink_db::accounts::UserWriteError::Db(e) => e,
                uplink_db::accounts::UserWriteError::EmailTaken => {
                    DbError::Sqlx(sqlx::Error::Protocol("demo e-mail taken".into()))
                }
            })?;
        db.set_roles(&user.id, &d.roles).await?;
        if let Some(terms) = &d.credit {
            seed_credit_history(db, &user.id, terms).await?;
        }
        if let Some((line1, state, city, postal_code)) = d.address {
            let now = uplink_db::now_ms();
            let row = AddressRow {
                id: uplink_domain::ids::new_id("adr"),
                user_id: user.id.clone(),
                name: d.name.into(),
                company: d.company.map(Into::into),
                line1: line1.into(),
                line2: None,
                city: city.into(),
                state: state.map(Into::into),
                postal_code: postal_code.into(),
                country: d.country.into(),
                phone: d.phone.into(),
                is_default_shipping: true,
                is_default_billing: true,
                created_at: now,
                updated_at: now,
            };
            db.insert_address(&row, 50).await.map_err(|e| match e {
                uplink_db::account_area::AddressWriteError::Db(e) => e,
                uplink_db::account_area::AddressWriteError::Full => {
                    DbError::Sqlx(sqlx::Error::Protocol("address book full".into()))
                }
            })?;
        }
    }
    Ok(())
}
