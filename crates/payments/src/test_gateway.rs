//! The built-in test gateway (default; the UI shows TEST MODE). Tokens and
//! intents live in a database (`gateway_tokens`, `gateway_intents`), so it
//! works the same with several servers and survives restarts: on SQLite a
//! file of their own beside the store's, with a writer of its own (D127).
//!
//! Test cards (SPEC §6): `4242 4242 4242 4242` succeeds, `4000 0000 0000 0002`
//! is declined, `4000 0000 0000 9995` has insufficient funds,
//! `4000 0000 0000 3220` asks for a 3-D Secure confirmation,
//! `4000 0000 0000 5126` pays but every refund of it is declined (so staff
//! can see what a failed refund does). Any other valid card succeeds.

use crate::{
    AuthOutcome, AuthorizeRequest, BoxFuture, CardSummary, GatewayError, Intent, IntentStatus,
    PaymentGateway, Provider,
};
use uplink_db::{Db, now_ms};
use uplink_domain::checkout::card::{CardError, check_card};
use uplink_domain::ids::new_id;

/// Where the test gateway's pages and endpoints live.
pub const BASE_PATH: &str = "/gateway/test";
/// How long a card token may wait for its order.
pub const TOKEN_TTL_MS: i64 = 30 * 60 * 1000;

/// What a test card number asks the gateway to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    Success,
    Declined,
    InsufficientFunds,
    ThreeDSecure,
    RefundDeclined,
}

impl Behaviour {
    pub fn of_number(digits: &str) -> Behaviour {
        match digits {
            "4000000000000002" => Behaviour::Declined,
            "4000000000009995" => Behaviour::InsufficientFunds,
            "4000000000003220" => Behaviour::ThreeDSecure,
            "4000000000005126" => Behaviour::RefundDeclined,
            _ => Behaviour::Success,
        }
    }

    const fn as_str(self) -> &'static str {
        match self {
            Behaviour::Success => "success",
            Behaviour::Declined => "declined",
            Behaviour::InsufficientFunds => "insufficient_funds",
            Behaviour::ThreeDSecure => "three_d_secure",
            Behaviour::RefundDeclined => "refund_declined",
        }
    }
}

/// A card token handed back to the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub id: String,
    pub card: CardSummary,
}

#[derive(Debug, Clone)]
pub struct TestGateway {
    db: Db,
    tokenize_url: String,
}

#[derive(sqlx::FromRow)]
struct IntentRow {
    id: String,
    provider: String,
    status: String,
    amount_cents: i64,
    currency: String,
    customer_ref: String,
    failure_code: Option<String>,
    refunded_cents: i64,
    return_url: Option<String>,
    cancel_url: Option<String>,
    brand: Option<String>,
    last4: Option<String>,
    exp_month: Option<i64>,
    exp_year: Option<i64>,
}

impl IntentRow {
    fn into_intent(self) -> Intent {
        Intent {
            card: match (self.brand, self.last4, self.exp_month, self.exp_year) {
                (Some(brand), Some(last4), Some(exp_month), Some(exp_year)) => Some(CardSummary {
                    brand,
                    last4,
                    exp_month,
                    exp_year,
                }),
                _ => None,
            },
            id: self.id,
            provider: if self.provider == "paypal" {
                Provider::Paypal
            } else {
                Provider::Card
            },
            status: IntentStatus::parse(&self.status).unwrap_or(IntentStatus::Failed),
            amount_cents: self.amount_cents,
            currency: self.currency,
            customer_ref: self.customer_ref,
            failure_code: self.failure_code,
            refunded_cents: self.refunded_cents,
            return_url: self.return_url,
            cancel_url: self.cancel_url,
        }
    }
}

/// The columns [`IntentRow`] reads: the intent `i` and its card `t`.
macro_rules! intent_columns {
    () => {
        "SELECT i.id, i.provider, i.status, i.amount_cents, i.currency, \
         i.customer_ref, i.failure_code, i.refunded_cents, i.return_url, i.cancel_url, \
         t.brand, t.last4, t.exp_month, t.exp_year "
    };
}

const SELECT_INTENT: &str = concat!(
    intent_columns!(),
    "FROM gateway_intents i LEFT JOIN gateway_tokens t ON t.id = i.token_id WHERE i.id = $1"
);

/// [`SELECT_INTENT`] of the intent a statement before it moved, named `i`
/// with `WITH i AS (UPDATE … RETURNING *)` (PostgreSQL).
const SELECT_MOVED_INTENT: &str = concat!(
    intent_columns!(),
    "FROM i LEFT JOIN gateway_tokens t ON t.id = i.token_id"
);

impl TestGateway {
    pub fn new(db: Db) -> TestGateway {
        TestGateway {
            db,
            tokenize_url: format!("{BASE_PATH}/tokens"),
        }
    }

    /// Where the tokens and intents live: beside the store's database, as a
    /// real provider's would be (D127).
    async fn store(&self) -> Result<&Db, GatewayError> {
        Ok(self.db.gateway_store().await?)
    }

    /// Checks a card (brand, Luhn, expiry, CVC) and stores a single-use token
    /// for it. The number itself is not stored. `today` is `(year, month)`.
    pub async fn tokenize(
        &self,
        number: &str,
        exp_month: i64,
        exp_year: i64,
        cvc: &str,
        today: (i32, u8),
    ) -> Result<Result<Token, Vec<CardError>>, GatewayError> {
        let card = match check_card(number, exp_month, exp_year, cvc, today) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        let now = now_ms();
        let token = Token {
            id: new_id("tok"),
            card: CardSummary {
                brand: card.brand.display_name().to_owned(),
                last4: card.last4.clone(),
                exp_month: i64::from(card.exp_month),
                exp_year: i64::from(card.exp_year),
            },
        };
        let store = self.store().await?;
        let (db, stored) = (store.clone(), token.clone());
        let behaviour = Behaviour::of_number(&card.number).as_str();
        let insert = async move {
            sqlx::query(
                "INSERT INTO gateway_tokens (id, brand, last4, exp_month, exp_year, behaviour, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&stored.id)
            .bind(&stored.card.brand)
            .bind(&stored.card.last4)
            .bind(stored.card.exp_month)
            .bind(stored.card.exp_year)
            .bind(behaviour)
            .bind(now)
            .bind(now + TOKEN_TTL_MS)
            .execute(db.writer())
            .await
        };
        store.on_writer_thread(insert).await?;
        Ok(Ok(token))
    }

    /// The customer's answer on the 3-D Secure page.
    pub async fn complete_3ds(&self, id: &str, approve: bool) -> Result<Intent, GatewayError> {
        self.decide(
            id,
            Provider::Card,
            approve,
            IntentStatus::Failed,
            "authentication_failed",
        )
        .await
    }

    /// The customer's answer on the PayPal sandbox page.
    pub async fn complete_paypal(&self, id: &str, approve: bool) -> Result<Intent, GatewayError> {
        self.decide(
            id,
            Provider::Paypal,
            approve,
            IntentStatus::Cancelled,
            "cancelled_by_customer",
        )
        .await
    }

    async fn decide(
        &self,
        id: &str,
        provider: Provider,
        approve: bool,
        refused: IntentStatus,
        refused_code: &str,
    ) -> Result<Intent, GatewayError> {
        let (status, code) = if approve {
            (IntentStatus::Authorized, None)
        } else {
            (refused, Some(refused_code))
        };
        let done = sqlx::query(
            "UPDATE gateway_intents SET status = $1, failure_code = $2, updated_at = $3 \
             WHERE id = $4 AND provider = $5 AND status = 'requires_action'",
        )
        .bind(status.as_str())
        .bind(code)
        .bind(now_ms())
        .bind(id)
        .bind(provider.as_str())
        .execute(self.store().await?.writer())
        .await?
        .rows_affected();
        let intent = self.load(id).await?.ok_or(GatewayError::UnknownIntent)?;
        if done == 0 && intent.status == IntentStatus::RequiresAction {
            return Err(GatewayError::UnknownIntent);
        }
        Ok(intent)
    }

    async fn load(&self, id: &str) -> Result<Option<Intent>, GatewayError> {
        let row: Option<IntentRow> = sqlx::query_as(SELECT_INTENT)
            .bind(id)
            .fetch_optional(self.store().await?.pool())
            .await?;
        Ok(row.map(IntentRow::into_intent))
    }

    async fn insert_intent(
        &self,
        provider: Provider,
        token_id: Option<&str>,
        status: IntentStatus,
        failure_code: Option<&str>,
        req: &AuthorizeRequest,
    ) -> Result<String, GatewayError> {
        let id = new_id("pi");
        let now = now_ms();
        let store = self.store().await?;
        let (db, intent_id, req) = (store.clone(), id.clone(), req.clone());
        let (token_id, failure_code) =
            (token_id.map(str::to_owned), failure_code.map(str::to_owned));
        let insert = async move {
            sqlx::query(
                "INSERT INTO gateway_intents (id, provider, token_id, amount_cents, currency, customer_ref, \
                 description, status, failure_code, return_url, cancel_url, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
            )
            .bind(&intent_id)
            .bind(provider.as_str())
            .bind(&token_id)
            .bind(req.amount_cents)
            .bind(&req.currency)
            .bind(&req.customer_ref)
            .bind(&req.description)
            .bind(status.as_str())
            .bind(&failure_code)
            .bind(&req.return_url)
            .bind(&req.cancel_url)
            .bind(now)
            .execute(db.writer())
            .await
        };
        store.on_writer_thread(insert).await?;
        Ok(id)
    }

    async fn transition(
        &self,
        id: &str,
        from: &[IntentStatus],
        to: IntentStatus,
    ) -> Result<Intent, GatewayError> {
        // Move first, read after: one write on the usual path.
        let placeholders: Vec<String> = (0..from.len()).map(|i| format!("${}", i + 4)).collect();
        let mut sql = format!(
            "UPDATE gateway_intents SET status = $1, updated_at = $2 WHERE id = $3 AND status IN ({})",
            placeholders.join(", ")
        );
        let store = self.store().await?;
        let postgres = store.backend() == uplink_db::Backend::Postgres;
        if postgres {
            // On PostgreSQL the intent moved is read back by the same
            // statement: one round trip fewer per payment (D130).
            sql = format!("WITH i AS ({sql} RETURNING *) {SELECT_MOVED_INTENT}");
        }
        let (db, intent_id, from) = (store.clone(), id.to_owned(), from.to_vec());
        let update = async move {
            let mut update = sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(to.as_str())
                .bind(now_ms())
                .bind(&intent_id);
            for status in &from {
                update = update.bind(status.as_str());
            }
            if !postgres {
                return update
                    .execute(db.writer())
                    .await
                    .map(|r| (r.rows_affected(), None));
            }
            // No row: nothing moved (the intent is in none of the `from` states).
            let moved = update.fetch_optional(db.writer()).await?;
            let moved = moved
                .map(|row| <IntentRow as sqlx::FromRow<_>>::from_row(&row))
                .transpose()?;
            Ok((u64::from(moved.is_some()), moved))
        };
        let (done, moved) = store.on_writer_thread(update).await?;
        if let Some(row) = moved {
            return Ok(row.into_intent());
        }
        let now = self.load(id).await?.ok_or(GatewayError::UnknownIntent)?;
        if done == 0 && now.status != to {
            return Err(GatewayError::WrongState(now.status.as_str()));
        }
        Ok(now)
    }

    /// True when the intent was paid with the test card whose refunds fail.
    async fn refunds_declined(&self, id: &str) -> Result<bool, GatewayError> {
        let behaviour: Option<String> = sqlx::query_scalar(
            "SELECT t.behaviour FROM gateway_intents i JOIN gateway_tokens t ON t.id = i.token_id \
             WHERE i.id = $1",
        )
        .bind(id)
        .fetch_optional(self.store().await?.pool())
        .await?;
        Ok(behaviour.as_deref() == Some(Behaviour::RefundDeclined.as_str()))
    }

    /// Authorises `req` with a card whose test behaviour is `behaviour`.
    async fn authorize_with(
        &self,
        behaviour: &str,
        card: CardSummary,
        token: &str,
        req: AuthorizeRequest,
    ) -> Result<AuthOutcome, GatewayError> {
        let (status, code, message) = match behaviour {
            "declined" => (
                IntentStatus::Failed,
                Some("card_declined"),
                "The card was declined by the issuer.",
            ),
            "insufficient_funds" => (
                IntentStatus::Failed,
                Some("insufficient_funds"),
                "The card has insufficient funds.",
            ),
            "expired_card" => (
                IntentStatus::Failed,
                Some("expired_card"),
                "The saved card has expired.",
            ),
            "three_d_secure" => (IntentStatus::RequiresAction, None, ""),
            _ => (IntentStatus::Authorized, None, ""),
        };
        let id = self
            .insert_intent(Provider::Card, Some(token), status, code, &req)
            .await?;
        // The intent as just stored: no need to read it back.
        let intent = Intent {
            id: id.clone(),
            provider: Provider::Card,
            status,
            amount_cents: req.amount_cents,
            currency: req.currency,
            customer_ref: req.customer_ref,
            failure_code: code.map(str::to_owned),
            refunded_cents: 0,
            return_url: Some(req.return_url),
            cancel_url: Some(req.cancel_url),
            card: Some(card),
        };
        Ok(match status {
            IntentStatus::Authorized => AuthOutcome::Authorized(intent),
            IntentStatus::RequiresAction => AuthOutcome::RequiresAction {
                redirect_url: Self::page_url("3ds", &id),
                intent,
            },
            _ => AuthOutcome::Declined {
                intent: Some(intent),
                code: code.unwrap_or("card_declined").to_owned(),
                message: message.to_owned(),
            },
        })
    }

    fn page_url(kind: &str, id: &str) -> String {
        format!("{BASE_PATH}/{kind}/{id}")
    }
}

impl PaymentGateway for TestGateway {
    fn name(&self) -> &'static str {
        "test"
    }

    fn test_mode(&self) -> bool {
        true
    }

    fn tokenize_url(&self) -> &str {
        &self.tokenize_url
    }

    fn authorize_card<'a>(
        &'a self,
        token: &'a str,
        req: AuthorizeRequest,
    ) -> BoxFuture<'a, Result<AuthOutcome, GatewayError>> {
        Box::pin(async move {
            let now = now_ms();
            // Claim the token: single use, before it expires.
            let store = self.store().await?;
            let (db, token_id) = (store.clone(), token.to_owned());
            let claim = async move {
                sqlx::query_as(
                    "UPDATE gateway_tokens SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND expires_at > $1 \
                     RETURNING behaviour, brand, last4, exp_month, exp_year",
                )
                .bind(now)
                .bind(&token_id)
                .fetch_optional(db.writer())
                .await
            };
            let claimed: Option<(String, String, String, i64, i64)> =
                store.on_writer_thread(claim).await?;
            let Some((behaviour, brand, last4, exp_month, exp_year)) = claimed else {
                return Err(GatewayError::InvalidToken);
            };
            let card = CardSummary {
                brand,
                last4,
                exp_month,
                exp_year,
            };
            self.authorize_with(&behaviour, card, token, req).await
        })
    }

    fn save_card<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<CardSummary, GatewayError>> {
        Box::pin(async move {
            let now = now_ms();
            // The same claim as a payment's: a token is saved once, before it expires.
            let store = self.store().await?;
            let (db, token_id) = (store.clone(), token.to_owned());
            let claim = async move {
                sqlx::query_as(
                    "UPDATE gateway_tokens SET used_at = $1, reusable = $2 \
                     WHERE id = $3 AND used_at IS NULL AND expires_at > $1 \
                     RETURNING brand, last4, exp_month, exp_year",
                )
                .bind(now)
                .bind(true)
                .bind(&token_id)
                .fetch_optional(db.writer())
                .await
            };
            let claimed: Option<(String, String, i64, i64)> = store.on_writer_thread(claim).await?;
            let (brand, last4, exp_month, exp_year) = claimed.ok_or(GatewayError::InvalidToken)?;
            Ok(CardSummary {
                brand,
                last4,
                exp_month,
                exp_year,
            })
        })
    }

    fn forget_card<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<(), GatewayError>> {
        Box::pin(async move {
            sqlx::query("UPDATE gateway_tokens SET reusable = $1 WHERE id = $2")
                .bind(false)
                .bind(token)
                .execute(self.store().await?.writer())
                .await?;
            Ok(())
        })
    }

    fn authorize_saved_card<'a>(
        &'a self,
        token: &'a str,
        req: AuthorizeRequest,
    ) -> BoxFuture<'a, Result<AuthOutcome, GatewayError>> {
        Box::pin(async move {
            let saved: Option<(String, String, String, i64, i64)> = sqlx::query_as(
                "SELECT behaviour, brand, last4, exp_month, exp_year FROM gateway_tokens \
                 WHERE id = $1 AND reusable = $2",
            )
            .bind(token)
            .bind(true)
            .fetch_optional(self.store().await?.pool())
            .await?;
            let (behaviour, brand, last4, exp_month, exp_year) =
                saved.ok_or(GatewayError::InvalidToken)?;
            let today = time::OffsetDateTime::now_utc();
            let expired =
                (exp_year, exp_month) < (i64::from(today.year()), i64::from(today.month() as u8));
            let behaviour = if expired {
                "expired_card"
            } else {
                behaviour.as_str()
            };
            let card = CardSummary {
                brand,
                last4,
                exp_month,
                exp_year,
            };
            self.authorize_with(behaviour, card, token, req).await
        })
    }

    fn start_paypal(
        &self,
        req: AuthorizeRequest,
    ) -> BoxFuture<'_, Result<AuthOutcome, GatewayError>> {
        Box::pin(async move {
            let id = self
                .insert_intent(
                    Provider::Paypal,
                    None,
                    IntentStatus::RequiresAction,
                    None,
                    &req,
                )
                .await?;
            let intent = self.load(&id).await?.ok_or(GatewayError::UnknownIntent)?;
            Ok(AuthOutcome::RequiresAction {
                redirect_url: Self::page_url("paypal", &id),
                intent,
            })
        })
    }

    fn intent<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Intent>, GatewayError>> {
        Box::pin(self.load(id))
    }

    fn capture<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Intent, GatewayError>> {
        Box::pin(self.transition(id, &[IntentStatus::Authorized], IntentStatus::Captured))
    }

    fn void<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Intent, GatewayError>> {
        Box::pin(self.transition(
            id,
            &[IntentStatus::Authorized, IntentStatus::RequiresAction],
            IntentStatus::Voided,
        ))
    }

    fn refund<'a>(
        &'a self,
        id: &'a str,
        amount_cents: i64,
    ) -> BoxFuture<'a, Result<Intent, GatewayError>> {
        Box::pin(async move {
            if amount_cents <= 0 {
                return Err(GatewayError::RefundTooLarge);
            }
            if self.refunds_declined(id).await? {
                return Err(GatewayError::RefundDeclined);
            }
            let done = sqlx::query(
                "UPDATE gateway_intents SET refunded_cents = refunded_cents + $1, \
                 status = CASE WHEN refunded_cents + $1 >= amount_cents THEN 'refunded' ELSE status END, \
                 updated_at = $2 \
                 WHERE id = $3 AND status = 'captured' AND refunded_cents + $1 <= amount_cents",
            )
            .bind(amount_cents)
            .bind(now_ms())
            .bind(id)
            .execute(self.store().await?.writer())
            .await?
            .rows_affected();
            let intent = self.load(id).await?.ok_or(GatewayError::UnknownIntent)?;
            if done == 0 {
                return Err(if intent.status == IntentStatus::Captured {
                    GatewayError::RefundTooLarge
                } else {
                    GatewayError::WrongState(intent.status.as_str())
                });
            }
            Ok(intent)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uplink_db::testing::TestDb;

    const TODAY: (i32, u8) = (2026, 1);

    fn req(amount: i64) -> AuthorizeRequest {
        AuthorizeRequest {
            amount_cents: amount,
            currency: "USD".into(),
            customer_ref: "usr_1".into(),
            description: "test".into(),
            return_url: "/checkout/confirm-order".into(),
            cancel_url: "/checkout/payment".into(),
        }
    }

    async fn gateway() -> (TestDb, TestGateway) {
        let db = TestDb::new().await;
        let gw = TestGateway::new(db.db.clone());
        (db, gw)
    }

    async fn token(gw: &TestGateway, number: &str) -> String {
        gw.tokenize(number, 12, 2030, "123", TODAY)
            .await
            .unwrap()
            .unwrap()
            .id
    }

    #[tokio::test]
    async fn the_success_card_authorises_captures_and_refunds() {
        let (_db, gw) = gateway().await;
        let t = token(&gw, "4242 4242 4242 4242").await;
        let AuthOutcome::Authorized(i) = gw.authorize_card(&t, req(1000)).await.unwrap() else {
            panic!("not authorised")
        };
        assert_eq!(i.card.as_ref().unwrap().last4, "4242");
        assert_eq!(
            gw.capture(&i.id).await.unwrap().status,
            IntentStatus::Captured
        );
        // capturing twice is harmless
        assert_eq!(
            gw.capture(&i.id).await.unwrap().status,
            IntentStatus::Captured
        );
        // a captured payment cannot be voided (it is refunded instead)
        assert!(matches!(
            gw.void(&i.id).await,
            Err(GatewayError::WrongState("captured"))
        ));
        assert!(matches!(
            gw.refund(&i.id, 1001).await,
            Err(GatewayError::RefundTooLarge)
        ));
        assert_eq!(gw.refund(&i.id, 400).await.unwrap().refunded_cents, 400);
        assert_eq!(
            gw.refund(&i.id, 600).await.unwrap().status,
            IntentStatus::Refunded
        );
    }

    #[tokio::test]
    async fn a_token_works_once() {
        let (_db, gw) = gateway().await;
        let t = token(&gw, "4242424242424242").await;
        gw.authorize_card(&t, req(100)).await.unwrap();
        assert!(matches!(
            gw.authorize_card(&t, req(100)).await,
            Err(GatewayError::InvalidToken)
        ));
        assert!(matches!(
            gw.authorize_card("tok_nope", req(100)).await,
            Err(GatewayError::InvalidToken)
        ));
    }

    #[tokio::test]
    async fn declined_and_insufficient_funds_cards_are_refused_with_their_reason() {
        let (_db, gw) = gateway().await;
        for (number, code) in [
            ("4000000000000002", "card_declined"),
            ("4000000000009995", "insufficient_funds"),
        ] {
            let t = token(&gw, number).await;
            match gw.authorize_card(&t, req(100)).await.unwrap() {
                AuthOutcome::Declined { code: c, .. } => assert_eq!(c, code),
                other => panic!("{other:?}"),
            }
        }
    }

    #[tokio::test]
    async fn the_3ds_card_needs_the_confirmation_step() {
        let (_db, gw) = gateway().await;
        let t = token(&gw, "4000000000003220").await;
        let AuthOutcome::RequiresAction {
            intent,
            redirect_url,
        } = gw.authorize_card(&t, req(100)).await.unwrap()
        else {
            panic!("no action")
        };
        assert_eq!(redirect_url, format!("/gateway/test/3ds/{}", intent.id));
        assert!(matches!(
            gw.capture(&intent.id).await,
            Err(GatewayError::WrongState(_))
        ));
        let done = gw.complete_3ds(&intent.id, true).await.unwrap();
        assert_eq!(done.status, IntentStatus::Authorized);
        // a second answer does not change it
        assert_eq!(
            gw.complete_3ds(&intent.id, false).await.unwrap().status,
            IntentStatus::Authorized
        );
    }

    #[tokio::test]
    async fn paypal_can_be_approved_or_cancelled() {
        let (_db, gw) = gateway().await;
        let AuthOutcome::RequiresAction { intent: a, .. } =
            gw.start_paypal(req(500)).await.unwrap()
        else {
            panic!()
        };
        let AuthOutcome::RequiresAction { intent: b, .. } =
            gw.start_paypal(req(500)).await.unwrap()
        else {
            panic!()
        };
        assert_eq!(
            gw.complete_paypal(&a.id, true).await.unwrap().status,
            IntentStatus::Authorized
        );
        assert_eq!(
            gw.complete_paypal(&b.id, false).await.unwrap().status,
            IntentStatus::Cancelled
        );
        assert_eq!(gw.void(&a.id).await.unwrap().status, IntentStatus::Voided);
    }

    #[tokio::test]
    async fn bad_cards_are_refused_before_a_token_exists() {
        let (_db, gw) = gateway().await;
        let errors = gw
            .tokenize("4242424242424241", 12, 2030, "123", TODAY)
            .await
            .unwrap()
            .unwrap_err();
        assert_eq!(errors[0].field, "number");
    }

    #[tokio::test]
    async fn a_saved_card_pays_again_and_again_until_it_is_forgotten() {
        let (_db, gw) = gateway().await;
        let t = token(&gw, "4242424242424242").await;
        let card = gw.save_card(&t).await.unwrap();
        assert_eq!((card.last4.as_str(), card.exp_year), ("4242", 2030));
        // Saved once: the token is no single-use payment token any more.
        assert!(matches!(
            gw.save_card(&t).await,
            Err(GatewayError::InvalidToken)
        ));
        assert!(matches!(
            gw.authorize_card(&t, req(100)).await,
            Err(GatewayError::InvalidToken)
        ));
        for _ in 0..2 {
            assert!(matches!(
                gw.authorize_saved_card(&t, req(100)).await.unwrap(),
                AuthOutcome::Authorized(_)
            ));
        }
        gw.forget_card(&t).await.unwrap();
        assert!(matches!(
            gw.authorize_saved_card(&t, req(100)).await,
            Err(GatewayError::InvalidToken)
        ));
        // A token that was never saved does not pay off-session.
        let single = token(&gw, "4242424242424242").await;
        assert!(matches!(
            gw.authorize_saved_card(&single, req(100)).await,
            Err(GatewayError::InvalidToken)
        ));
    }

    #[tokio::test]
    async fn a_saved_declining_card_is_declined_with_its_reason() {
        let (_db, gw) = gateway().await;
        let t = token(&gw, "4000000000009995").await;
        gw.save_card(&t).await.unwrap();
        match gw.authorize_saved_card(&t, req(100)).await.unwrap() {
            AuthOutcome::Declined { code, .. } => assert_eq!(code, "insufficient_funds"),
            other => panic!("{other:?}"),
        }
    }
}
