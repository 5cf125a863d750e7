//! Payments (SPEC §6): one [`PaymentGateway`] interface and the built-in
//! test gateway (cards and a PayPal sandbox) that behaves like a real one.
//!
//! The card form sends the card to the gateway's tokenisation endpoint
//! (`/gateway/test/tokens`, see [`test_gateway::TestGateway::tokenize`]); the
//! order API only ever sees the token. An order authorises the amount
//! (which may ask for a 3-D Secure step or a PayPal approval — both are a
//! redirect to a gateway page and back), then captures it once the order is
//! committed, or voids it when the order cannot be placed.

pub mod test_gateway;

use std::future::Future;
use std::pin::Pin;

pub use test_gateway::TestGateway;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the card a token stands for looks like (never the number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSummary {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

/// A payment intent as the gateway sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intent {
    pub id: String,
    pub provider: Provider,
    pub status: IntentStatus,
    pub amount_cents: i64,
    pub currency: String,
    /// Who the intent belongs to (the store passes the customer's id).
    pub customer_ref: String,
    pub card: Option<CardSummary>,
    pub failure_code: Option<String>,
    pub refunded_cents: i64,
    pub return_url: Option<String>,
    pub cancel_url: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    Card,
    Paypal,
}

impl Provider {
    pub const fn as_str(self) -> &'static str {
        match self {
            Provider::Card => "card",
            Provider::Paypal => "paypal",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntentStatus {
    /// Waiting for the customer (3-D Secure step, PayPal approval).
    RequiresAction,
    /// The money is reserved; capture or void it.
    Authorized,
    Captured,
    Voided,
    /// Declined by the issuer or failed the 3-D Secure step.
    Failed,
    /// The customer cancelled on the provider's page.
    Cancelled,
    Refunded,
}

impl IntentStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            IntentStatus::RequiresAction => "requires_action",
            IntentStatus::Authorized => "authorized",
            IntentStatus::Captured => "captured",
            IntentStatus::Voided => "voided",
            IntentStatus::Failed => "failed",
            IntentStatus::Cancelled => "cancelled",
            IntentStatus::Refunded => "refunded",
        }
    }

    pub fn parse(s: &str) -> Option<IntentStatus> {
        use IntentStatus::*;
        [
            RequiresAction,
            Authorized,
            Captured,
            Voided,
            Failed,
            Cancelled,
            Refunded,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// A request to authorise an amount.
#[derive(Debug, Clone)]
pub struct AuthorizeRequest {
    pub amount_cents: i64,
    pub currency: String,
    pub customer_ref: String,
    pub description: String,
    /// Where the gateway's page sends the customer back (the intent id is appended).
    pub return_url: String,
    /// Where a cancelled approval goes (PayPal).
    pub cancel_url: String,
}

/// The gateway's answer to an authorisation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthOutcome {
    Authorized(Intent),
    /// The customer must visit `redirect_url` first.
    RequiresAction {
        intent: Intent,
        redirect_url: String,
    },
    /// Refused: `code` is the gateway's reason (`card_declined`, `insufficient_funds`, …).
    Declined {
        intent: Option<Intent>,
        code: String,
        message: String,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The token is unknown, expired or already used.
    #[error("the card token is unknown, expired or already used")]
    InvalidToken,
    #[error("payment intent not found")]
    UnknownIntent,
    /// The operation does not fit the intent's state (e.g. capturing a voided one).
    #[error("payment intent is {0}")]
    WrongState(&'static str),
    #[error("refund exceeds the captured amount")]
    RefundTooLarge,
    /// The provider refused the refund (the money stays with the store).
    #[error("the provider declined the refund")]
    RefundDeclined,
    #[error(transparent)]
    Db(#[from] uplink_db::DbError),
}

impl From<sqlx::Error> for GatewayError {
    fn from(e: sqlx::Error) -> Self {
        GatewayError::Db(uplink_db::DbError::Sqlx(e))
    }
}

/// One payment provider (the built-in test gateway, or a real one).
pub trait PaymentGateway: Send + Sync {
    /// Short name stored with payments (`test`).
    fn name(&self) -> &'static str;
    /// True for the test gateway: the UI shows a TEST MODE banner.
    fn test_mode(&self) -> bool;
    /// Where the browser's card form posts the card (the API never sees it).
    fn tokenize_url(&self) -> &str;
    /// Authorises a card payment with a token from [`tokenize_url`](Self::tokenize_url).
    fn authorize_card<'a>(
        &'a self,
        token: &'a str,
        req: AuthorizeRequest,
    ) -> BoxFuture<'a, Result<AuthOutcome, GatewayError>>;
    /// Makes a fresh single-use token from [`tokenize_url`](Self::tokenize_url)
    /// a saved, reusable card (for renewals) and answers what card it is.
    /// An unknown, expired or used token is [`GatewayError::InvalidToken`].
    fn save_card<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<CardSummary, GatewayError>>;
    /// Forgets a saved card: its token authorises nothing any more.
    fn forget_card<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<(), GatewayError>>;
    /// Authorises a payment off-session with a saved card (renewals). A card
    /// past its expiry is declined with `expired_card`.
    fn authorize_saved_card<'a>(
        &'a self,
        token: &'a str,
        req: AuthorizeRequest,
    ) -> BoxFuture<'a, Result<AuthOutcome, GatewayError>>;
    /// Starts a PayPal payment: always `RequiresAction` with the approval page.
    fn start_paypal(
        &self,
        req: AuthorizeRequest,
    ) -> BoxFuture<'_, Result<AuthOutcome, GatewayError>>;
    fn intent<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Intent>, GatewayError>>;
    /// Takes the authorised money. Capturing a captured intent is a no-op.
    fn capture<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Intent, GatewayError>>;
    /// Releases an authorisation (or abandons an intent awaiting action).
    fn void<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Intent, GatewayError>>;
    /// Gives back `amount_cents` of a captured intent.
    fn refund<'a>(
        &'a self,
        id: &'a str,
        amount_cents: i64,
    ) -> BoxFuture<'a, Result<Intent, GatewayError>>;
}
