//! Full-checkout load for bench/workloads/30-checkout.sh.
//!
//! Every virtual buyer registers once, then loops until the time is up:
//! tokenise a card at the test gateway, add one unit to the cart, place the
//! order with a fresh Idempotency-Key. With digital SKUs after the hardware
//! one, each order also holds one of each (a licence, a cloud plan…) bound
//! to a serial of its own, all added in one quick-order call, so that the
//! server delivers them (keys, devices, subscriptions) while the load runs. Each buyer keeps one HTTP connection
//! and its own cookies. Prints `orders_per_s p50_ms p99_ms errors`, where the
//! latencies are of the whole token → cart → order cycle.
//!
//! It runs on one thread so that the server under test keeps the rest of the
//! machine (the Python driver it replaces used a third of a core at 200 orders/s).
//!
//! Usage: checkout-driver HOST PORT BUYERS SECONDS SKU [DIGITAL_SKU...]
//! (serials use the prefix `BENCH_SERIAL_PREFIX`, default `1824`, a BR1 Mini).

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

struct Buyer {
    http: Client,
    base: String,
    cookies: BTreeMap<String, String>,
}

impl Buyer {
    fn new(base: &str) -> Buyer {
        let http = Client::builder()
            .pool_max_idle_per_host(1)
            .timeout(Duration::from_secs(30))
            .build()
            .expect("an HTTP client");
        Buyer {
            http,
            base: base.to_owned(),
            cookies: BTreeMap::new(),
        }
    }

    /// Sends a JSON request with the session and CSRF cookies, keeps the cookies it sets.
    async fn call(
        &mut self,
        method: Method,
        path: &str,
        body: &Value,
        idempotency_key: Option<&str>,
    ) -> Result<(StatusCode, Value), reqwest::Error> {
        let mut req = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("Accept", "application/json")
            .json(body);
        if !self.cookies.is_empty() {
            let cookie = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; ");
            req = req.header("Cookie", cookie);
            if let Some(csrf) = self.cookies.get("uplink_csrf") {
                req = req.header("X-CSRF-Token", csrf);
            }
        }
        if let Some(key) = idempotency_key {
            req = req.header("Idempotency-Key", key);
        }
        let res = req.send().await?;
        for v in res.headers().get_all("set-cookie") {
            if let Some((name, rest)) = v.to_str().unwrap_or_default().split_once('=') {
                let value = rest.split(';').next().unwrap_or_default();
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let status = res.status();
        let bytes = res.bytes().await?;
        Ok((
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        ))
    }

    /// Puts the order's lines in the cart: the hardware alone through the
    /// cart API, or with the digital lines through one quick-order call.
    async fn fill_cart(&mut self, plan: &Plan, serial: &str) -> Result<bool, reqwest::Error> {
        if plan.digital.is_empty() {
            let line = json!({"sku": plan.sku, "qty": 1});
            let (s, _) = self
                .call(Method::POST, "/api/v1/cart/lines", &line, None)
                .await?;
            return Ok(s == StatusCode::CREATED);
        }
        let mut rows = vec![json!({"sku": plan.sku, "qty": 1})];
        rows.extend(
            plan.digital
                .iter()
                .map(|d| json!({"sku": d, "qty": 1, "serials": [serial]})),
        );
        let (s, body) = self
            .call(
                Method::POST,
                "/api/v1/cart/quick-order",
                &json!({ "rows": rows }),
                None,
            )
            .await?;
        Ok(s == StatusCode::OK && body["added"].as_u64() == Some(rows.len() as u64))
    }

    /// One token → cart → order cycle; true when all three succeeded.
    async fn cycle(
        &mut self,
        plan: &Plan,
        serial: &str,
        key: &str,
    ) -> Result<bool, reqwest::Error> {
        let card =
            json!({"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"});
        let (s1, token) = self
            .call(Method::POST, "/gateway/test/tokens", &card, None)
            .await?;
        let filled = self.fill_cart(plan, serial).await?;
        let order = json!({
            "shipping": {"method": "priority", "address": {
                "name": "Bench Buyer", "line1": "Hauptstrasse 1", "city": "Berlin",
                "postal_code": "10115", "country": "DE", "phone": "030123456789"}},
            "billing": {"same_as_shipping": true},
            "payment": {"method": "card", "token": token["id"].as_str().unwrap_or_default()},
        });
        let (s3, _) = self
            .call(Method::POST, "/api/v1/orders", &order, Some(key))
            .await?;
        Ok(filled && [s1, s3].iter().all(|s| *s == StatusCode::CREATED))
    }
}

/// What each order holds.
struct Plan {
    sku: String,
    digital: Vec<String>,
    serial_prefix: String,
}

/// Serial `n` of buyer `index` in this run: `PPPP-XXXX-YYYY`, unique per
/// order (the run's own digits keep runs apart).
fn serial_of(plan: &Plan, run: u64, index: usize, n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let group = |mut v: u64| {
        let mut out = [b'0'; 4];
        for c in out.iter_mut().rev() {
            *c = DIGITS[(v % DIGITS.len() as u64) as usize];
            v /= DIGITS.len() as u64;
        }
        String::from_utf8(out.to_vec()).expect("ascii")
    };
    format!(
        "{}-{}-{}",
        plan.serial_prefix,
        group(run.wrapping_mul(131).wrapping_add(index as u64)),
        group(n)
    )
}

#[derive(Default)]
struct Tally {
    latencies_ms: Vec<f64>,
    errors: u64,
}

async fn run_buyer(
    base: String,
    plan: std::sync::Arc<Plan>,
    run: String,
    index: usize,
    ready: tokio::sync::mpsc::UnboundedSender<()>,
    start: tokio::sync::watch::Receiver<Option<Instant>>,
    seconds: f64,
) -> Tally {
    let mut tally = Tally::default();
    let mut buyer = Buyer::new(&base);
    let email = format!("bench{index}-{run}@example.com");
    let register =
        json!({"email": email, "password": "bench-password-1", "name": "Bench", "country": "DE"});
    let registered = buyer
        .call(Method::POST, "/api/v1/auth/register", &register, None)
        .await;
    let _ = ready.send(());
    if !matches!(registered, Ok((StatusCode::CREATED, _))) {
        tally.errors += 1;
        return tally;
    }
    let mut start = start;
    let started = loop {
        if let Some(at) = *start.borrow() {
            break at;
        }
        if start.changed().await.is_err() {
            return tally;
        }
    };
    let end = started + Duration::from_secs_f64(seconds);
    let mut n = 0u64;
    let run_digits: u64 = run
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
    while Instant::now() < end {
        n += 1;
        let key = format!("bench-{run}-{index}-{n}");
        let t0 = Instant::now();
        let serial = serial_of(&plan, run_digits, index, n);
        match buyer.cycle(&plan, &serial, &key).await {
            Ok(true) => tally.latencies_ms.push(t0.elapsed().as_secs_f64() * 1000.0),
            Ok(false) => tally.errors += 1,
            Err(_) => {
                tally.errors += 1;
                buyer.http = Buyer::new(&base).http;
            }
        }
    }
    tally
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: checkout-driver HOST PORT BUYERS SECONDS SKU [DIGITAL_SKU...]");
        std::process::exit(2);
    }
    let base = format!("http://{}:{}", args[1], args[2]);
    let buyers: usize = args[3].parse().expect("BUYERS is a number");
    let seconds: f64 = args[4].parse().expect("SECONDS is a number");
    let plan = std::sync::Arc::new(Plan {
        sku: args[5].clone(),
        digital: args[6..].to_vec(),
        serial_prefix: std::env::var("BENCH_SERIAL_PREFIX").unwrap_or_else(|_| "1824".into()),
    });
    let run = format!(
        "{}{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or_default()
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let (total, elapsed) = runtime.block_on(async move {
        let (go, start) = tokio::sync::watch::channel(None);
        let (ready, mut readies) = tokio::sync::mpsc::unbounded_channel();
        let tasks: Vec<_> = (0..buyers)
            .map(|i| {
                tokio::spawn(run_buyer(
                    base.clone(),
                    plan.clone(),
                    run.clone(),
                    i,
                    ready.clone(),
                    start.clone(),
                    seconds,
                ))
            })
            .collect();
        drop(ready);
        // Registration (password hashing) is not part of the measurement:
        // the clock starts when every buyer has signed in.
        for _ in 0..buyers {
            if readies.recv().await.is_none() {
                break;
            }
        }
        let started = Instant::now();
        let _ = go.send(Some(started));
        let mut total = Tally::default();
        for t in tasks {
            let tally = t.await.unwrap_or_default();
            total.latencies_ms.extend(tally.latencies_ms);
            total.errors += tally.errors;
        }
        (total, started.elapsed().as_secs_f64())
    });
    let mut lat = total.latencies_ms;
    lat.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)]
        }
    };
    println!(
        "{:.1} {:.2} {:.2} {}",
        lat.len() as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        total.errors
    );
}
