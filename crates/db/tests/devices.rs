//! Storage conformance of `devices.rs` on SQLite and (with
//! `UPLINK_TEST_DATABASE_URL`) PostgreSQL: one owner per serial, filters,
//! auto-renewal with saved cards, and the set-based deliverable reads.

use uplink_db::Db;
use uplink_db::accounts::NewUser;
use uplink_db::devices::{
    AddDevice, DeviceFilter, NewDevice, PaymentMethodRow, RenewSetting, RenewUpdate,
};
use uplink_db::testing::TestDb;

const DAY: i64 = 86_400_000;

async fn user(db: &Db, email: &str) -> String {
    db.insert_user(&NewUser {
        email: email.into(),
        password_hash: None,
        name: "Device Owner".into(),
        company: None,
        phone: None,
        country: "US".into(),
        newsletter: false,
    })
    .await
    .unwrap()
    .id
}

fn device<'a>(serial: &'a str, user_id: &'a str, model: &'a str, ends: i64) -> NewDevice<'a> {
    NewDevice {
        serial,
        user_id,
        model_code: model,
        name: "",
        prime: model.ends_with("-PRM"),
        source: "manual",
        registered_at: 1,
        warranty_ends_at: ends,
    }
}

fn card(id: &str, user_id: &str) -> PaymentMethodRow {
    PaymentMethodRow {
        id: id.into(),
        user_id: user_id.into(),
        token_id: format!("tok_{id}"),
        brand: "Visa".into(),
        last4: "4242".into(),
        exp_month: 12,
        exp_year: 2035,
        created_at: 1,
    }
}

#[tokio::test]
async fn a_serial_has_one_owner_and_adding_it_again_changes_nothing() {
    let t = TestDb::new().await;
    let (a, b) = (user(&t.db, "a@x.test").await, user(&t.db, "b@x.test").await);
    let first =
        t.db.add_device(&device("1824-AAAA-0001", &a, "BR1-MINI", DAY))
            .await
            .unwrap();
    assert!(matches!(first, AddDevice::Added(ref d) if d.user_id == a && !d.prime));
    let again =
        t.db.add_device(&device("1824-AAAA-0001", &a, "BR1-MINI", 9 * DAY))
            .await
            .unwrap();
    assert!(matches!(again, AddDevice::AlreadyYours(ref d) if d.warranty_ends_at == DAY));
    assert_eq!(
        t.db.add_device(&device("1824-AAAA-0001", &b, "BR1-MINI", DAY))
            .await
            .unwrap(),
        AddDevice::HeldElsewhere
    );
    assert!(
        t.db.device_of(&b, "1824-AAAA-0001")
            .await
            .unwrap()
            .is_none()
    );
    assert!(!t.db.rename_device(&b, "1824-AAAA-0001", "x").await.unwrap());
    assert!(!t.db.remove_device(&b, "1824-AAAA-0001").await.unwrap());
    assert!(
        t.db.rename_device(&a, "1824-AAAA-0001", "Van")
            .await
            .unwrap()
    );
    assert_eq!(
        t.db.device_of(&a, "1824-AAAA-0001")
            .await
            .unwrap()
            .unwrap()
            .name,
        "Van"
    );
    assert!(t.db.remove_device(&a, "1824-AAAA-0001").await.unwrap());
    assert!(matches!(
        t.db.add_device(&device("1824-AAAA-0001", &b, "BR1-MINI", DAY))
            .await
            .unwrap(),
        AddDevice::Added(_)
    ));
}

#[tokio::test]
async fn concurrent_adds_of_one_serial_leave_one_owner() {
    let t = TestDb::new().await;
    let users = [
        user(&t.db, "r1@x.test").await,
        user(&t.db, "r2@x.test").await,
        user(&t.db, "r3@x.test").await,
    ];
    let adds = users.iter().map(|u| {
        let db = t.db.clone();
        let u = u.clone();
        tokio::spawn(async move {
            db.add_device(&device("2933-RACE-0001", &u, "TRANSIT-DUO", DAY))
                .await
                .unwrap()
        })
    });
    let outcomes: Vec<AddDevice> = futures_join(adds).await;
    let added = outcomes
        .iter()
        .filter(|o| matches!(o, AddDevice::Added(_)))
        .count();
    let refused = outcomes
        .iter()
        .filter(|o| **o == AddDevice::HeldElsewhere)
        .count();
    assert_eq!((added, refused), (1, 2));
}

async fn futures_join<T: Send + 'static>(
    handles: impl Iterator<Item = tokio::task::JoinHandle<T>>,
) -> Vec<T> {
    let mut out = Vec::new();
    for h in handles.collect::<Vec<_>>() {
        out.push(h.await.unwrap());
    }
    out
}

#[tokio::test]
async fn the_list_filters_by_search_model_coverage_and_auto_renewal() {
    let t = TestDb::new().await;
    let u = user(&t.db, "f@x.test").await;
    let other = user(&t.db, "g@x.test").await;
    for (serial, model, ends) in [
        ("1824-FLTR-0001", "BR1-MINI", 100 * DAY),
        ("2933-FLTR-0002", "TRANSIT-DUO", 20 * DAY),
        ("1824-FLT_-0003", "BR1-MINI", 5 * DAY),
    ] {
        t.db.add_device(&device(serial, &u, model, ends))
            .await
            .unwrap();
    }
    t.db.add_device(&device("1824-FLTR-0009", &other, "BR1-MINI", DAY))
        .await
        .unwrap();
    t.db.rename_device(&u, "2933-FLTR-0002", "Bus 50%")
        .await
        .unwrap();
    t.db.set_auto_renew(&u, "1824-FLTR-0001", &RenewSetting::CreditTerms)
        .await
        .unwrap();
    // Sorted here: `_` (never in a real serial) sorts differently under PostgreSQL's collations.
    let serials = |rows: Vec<uplink_db::devices::DeviceRow>| {
        let mut serials: Vec<String> = rows.into_iter().map(|d| d.serial).collect();
        serials.sort();
        serials
    };
    let all = t.db.devices_of(&u, &DeviceFilter::default()).await.unwrap();
    assert_eq!(
        serials(all),
        ["1824-FLTR-0001", "1824-FLT_-0003", "2933-FLTR-0002"]
    );
    let find = |search: &str, models: Vec<String>| DeviceFilter {
        search: Some(search.into()),
        search_models: models,
        ..DeviceFilter::default()
    };
    assert_eq!(
        serials(
            t.db.devices_of(&u, &find("fltr0001", vec![]))
                .await
                .unwrap()
        ),
        ["1824-FLTR-0001"]
    );
    assert_eq!(
        serials(t.db.devices_of(&u, &find("50%", vec![])).await.unwrap()),
        ["2933-FLTR-0002"]
    );
    // `_` and `%` are literal characters, not wildcards.
    assert_eq!(
        serials(t.db.devices_of(&u, &find("flt_", vec![])).await.unwrap()),
        ["1824-FLT_-0003"]
    );
    assert_eq!(
        serials(t.db.devices_of(&u, &find("transit", vec![])).await.unwrap()),
        ["2933-FLTR-0002"]
    );
    assert_eq!(
        serials(
            t.db.devices_of(
                &u,
                &find("Pepwave MAX", vec!["BR1-MINI".into(), "HD2-PRM".into()])
            )
            .await
            .unwrap()
        ),
        ["1824-FLTR-0001", "1824-FLT_-0003"]
    );
    let model = DeviceFilter {
        model: Some("TRANSIT-DUO".into()),
        ..DeviceFilter::default()
    };
    assert_eq!(
        serials(t.db.devices_of(&u, &model).await.unwrap()),
        ["2933-FLTR-0002"]
    );
    let soon = DeviceFilter {
        warranty_between: Some((0, 30 * DAY)),
        ..DeviceFilter::default()
    };
    assert_eq!(
        serials(t.db.devices_of(&u, &soon).await.unwrap()),
        ["1824-FLT_-0003", "2933-FLTR-0002"]
    );
    let renewing = DeviceFilter {
        auto_renew: Some(true),
        ..DeviceFilter::default()
    };
    assert_eq!(
        serials(t.db.devices_of(&u, &renewing).await.unwrap()),
        ["1824-FLTR-0001"]
    );
    let not = DeviceFilter {
        auto_renew: Some(false),
        model: Some("BR1-MINI".into()),
        ..DeviceFilter::default()
    };
    assert_eq!(
        serials(t.db.devices_of(&u, &not).await.unwrap()),
        ["1824-FLT_-0003"]
    );
    assert_eq!(
        t.db.device_models_of(&u).await.unwrap(),
        vec![("BR1-MINI".to_owned(), 2), ("TRANSIT-DUO".to_owned(), 1)]
    );
}

#[tokio::test]
async fn auto_renewal_takes_only_the_owners_cards_and_stops_when_the_card_goes() {
    let t = TestDb::new().await;
    let u = user(&t.db, "c@x.test").await;
    let other = user(&t.db, "d@x.test").await;
    t.db.add_device(&device("1824-CARD-0001", &u, "BR1-MINI", DAY))
        .await
        .unwrap();
    assert!(
        t.db.insert_payment_method(&card("pm_other", &other), 10)
            .await
            .unwrap()
    );
    assert!(
        t.db.insert_payment_method(&card("pm_mine", &u), 10)
            .await
            .unwrap()
    );
    assert_eq!(
        t.db.set_auto_renew(&u, "1824-CARD-0001", &RenewSetting::Card("pm_other".into()))
            .await
            .unwrap(),
        RenewUpdate::NoCard
    );
    assert_eq!(
        t.db.set_auto_renew(&other, "1824-CARD-0001", &RenewSetting::Off)
            .await
            .unwrap(),
        RenewUpdate::NoDevice
    );
    assert_eq!(
        t.db.set_auto_renew(&u, "1824-CARD-0001", &RenewSetting::Card("pm_mine".into()))
            .await
            .unwrap(),
        RenewUpdate::Done
    );
    let d = t.db.device_of(&u, "1824-CARD-0001").await.unwrap().unwrap();
    assert_eq!(
        (
            d.auto_renew,
            d.renew_method.as_deref(),
            d.renew_card_id.as_deref()
        ),
        (true, Some("card"), Some("pm_mine"))
    );
    assert!(
        t.db.delete_payment_method(&other, "pm_mine")
            .await
            .unwrap()
            .is_none()
    );
    let deleted =
        t.db.delete_payment_method(&u, "pm_mine")
            .await
            .unwrap()
            .unwrap();
    assert_eq!(
        (deleted.token_id.as_str(), deleted.stopped_auto_renew),
        ("tok_pm_mine", 1)
    );
    let d = t.db.device_of(&u, "1824-CARD-0001").await.unwrap().unwrap();
    assert_eq!(
        (d.auto_renew, d.renew_method, d.renew_card_id),
        (false, None, None)
    );
    assert_eq!(t.db.payment_methods_of(&u).await.unwrap(), vec![]);
}

#[tokio::test]
async fn saved_cards_stop_at_the_limit() {
    let t = TestDb::new().await;
    let u = user(&t.db, "lim@x.test").await;
    assert!(
        t.db.insert_payment_method(&card("pm1", &u), 2)
            .await
            .unwrap()
    );
    assert!(
        t.db.insert_payment_method(&card("pm2", &u), 2)
            .await
            .unwrap()
    );
    assert!(
        !t.db
            .insert_payment_method(&card("pm3", &u), 2)
            .await
            .unwrap()
    );
    assert_eq!(t.db.payment_methods_of(&u).await.unwrap().len(), 2);
}

#[tokio::test]
async fn deliverables_are_read_for_many_serials_at_once() {
    let t = TestDb::new().await;
    let u = user(&t.db, "many@x.test").await;
    // More serials than one IN list holds, with a subscription on every other one.
    let serials: Vec<String> = (0..1201).map(|i| format!("1824-MANY-{i:04}")).collect();
    for (i, s) in serials.iter().enumerate() {
        t.db.add_device(&device(s, &u, "BR1-MINI", DAY))
            .await
            .unwrap();
        if i % 2 == 0 {
            sqlx::query(
                "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
                 VALUES ($1, $2, $3, 'cloud', 'SFC-20GB-1M', 'SpeedFusion Cloud 20 GB', 20480, 0, 1, $4, 1)",
            )
            .bind(format!("sub{i}"))
            .bind(&u)
            .bind(s)
            .bind(30 * DAY)
            .execute(t.db.writer())
            .await
            .unwrap();
        }
    }
    let subs = t.db.subscriptions_for(&serials).await.unwrap();
    assert_eq!(subs.len(), 601);
    assert_eq!(t.db.subscriptions_of(&u).await.unwrap().len(), 601);
    assert!(t.db.licence_keys_for(&serials).await.unwrap().is_empty());
    assert!(
        t.db.warranty_extensions_for(&serials)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(t.db.subscriptions_for(&[]).await.unwrap().is_empty());
    assert!(t.db.esims_of(&u).await.unwrap().is_empty());
}
