//! What the partner endpoints answer and take.

use crate::commerce::placing::request::PlaceOrderRequest;
use crate::platform::money::MoneyDto;
use crate::read_model::cards::StoreBranding;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A partner company.
#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerDto {
    pub id: String,
    pub name: String,
    /// The code buyers enter in the cart's partner box.
    pub referral_code: String,
    /// The rebate rate on eligible lines, in basis points (1000 = 10 %).
    pub rebate_bp: i64,
    pub active: bool,
}

/// One of the partner's mini-stores, in lists.
#[derive(Debug, Serialize, ToSchema)]
pub struct MiniStoreSummary {
    /// The key in `?store=KEY` and in the share link.
    pub key: String,
    pub code: String,
    pub name: String,
    pub display_name: String,
    /// `Global` or `US`.
    pub region: String,
    /// False while the partner has it paused (its link shows a "closed" page).
    pub active: bool,
    /// The link to share: opens the mini-store.
    pub share_url: String,
    pub product_count: i64,
}

/// A partner's ledger summed by status. `balance` is the sum of every entry
/// not cancelled (claw-backs are negative entries).
#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerTotalsDto {
    pub pending: MoneyDto,
    pub available: MoneyDto,
    pub paid: MoneyDto,
    pub cancelled: MoneyDto,
    pub balance: MoneyDto,
    pub entries: i64,
}

/// The end customer of a pavilion order (as the partner entered them).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EndCustomerDto {
    pub name: String,
    pub company: Option<String>,
    pub email: String,
}

/// An order credited to the partner. Buyers' details are not shown; a
/// pavilion order names its end customer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerOrderDto {
    pub number: String,
    /// RFC 3339.
    pub placed_at: String,
    pub status: String,
    pub store: String,
    /// `referral_code`, `ministore` or `pavilion`.
    pub channel: Option<String>,
    pub total: MoneyDto,
    /// The rebate this order earns (claw-backs taken off; cancelled ones not counted).
    pub rebate: MoneyDto,
    pub end_customer: Option<EndCustomerDto>,
    /// True for the partner's own pavilion orders: `/order/{number}` opens them.
    pub bought_by_you: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerDashboard {
    pub partner: PartnerDto,
    pub mini_stores: Vec<MiniStoreSummary>,
    pub rebates: LedgerTotalsDto,
    /// The latest credited orders, newest first.
    pub orders: Vec<PartnerOrderDto>,
    /// Days after payment until a pending rebate becomes available.
    pub rebate_window_days: i64,
}

/// One entry of the rebate ledger.
#[derive(Debug, Serialize, ToSchema)]
pub struct RebateEntryDto {
    pub id: String,
    pub order_number: String,
    /// RFC 3339.
    pub order_placed_at: String,
    pub channel: Option<String>,
    pub sku: String,
    pub name: String,
    /// `rebate` or `clawback` (a negative entry for a line refunded after its rebate became available).
    pub kind: String,
    /// What the buyer paid for the line before tax.
    pub eligible: MoneyDto,
    pub rate_bp: i64,
    pub amount: MoneyDto,
    /// `pending`, `available`, `paid` or `cancelled`.
    pub status: String,
    pub created_at: String,
    pub available_at: Option<String>,
    pub paid_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RebateLedger {
    pub items: Vec<RebateEntryDto>,
    /// Entries matching the filters.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    /// Over the whole ledger (not only the filtered entries).
    pub totals: LedgerTotalsDto,
}

/// A product a mini-store sells, at its price.
#[derive(Debug, Serialize, ToSchema)]
pub struct MiniStoreProductDto {
    pub product_id: String,
    pub sku: String,
    pub name: String,
    #[serde(rename = "type")]
    pub product_type: String,
    /// The region's eStore price.
    pub list_price: MoneyDto,
    /// The lowest price the store allows in this mini-store.
    pub floor: MoneyDto,
    pub price: MoneyDto,
    /// A configurable product: its variants sell at the region's variant
    /// prices, so it has no price of the partner's own.
    pub has_variants: bool,
}

/// A mini-store as its partner manages it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MiniStoreDetail {
    pub key: String,
    pub code: String,
    pub name: String,
    pub region: String,
    pub currency: String,
    pub active: bool,
    pub share_url: String,
    pub branding: StoreBranding,
    /// Prices may not go below this share of the region's eStore price (basis points).
    pub price_floor_bp: i64,
    pub payment_methods: Vec<String>,
    pub shipping_methods: Vec<String>,
    pub products: Vec<MiniStoreProductDto>,
}

/// A new logo, as a data upload (PNG, JPEG or WebP; at most 256 KB).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct LogoUpload {
    /// The file's bytes, base64.
    pub data_base64: String,
    pub file_name: Option<String>,
}

/// A product the mini-store sells and its price.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct MiniStoreProductInput {
    pub sku: String,
    /// Not below the floor (`price_below_floor`).
    pub price_cents: i64,
}

/// What a partner changes of a mini-store; absent fields stay as they are.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
pub struct MiniStoreUpdate {
    pub display_name: Option<String>,
    /// An empty string removes the tagline.
    pub tagline: Option<String>,
    /// `#rrggbb`.
    pub accent_color: Option<String>,
    pub logo: Option<LogoUpload>,
    /// Open (`true`) or paused (`false`).
    pub active: Option<bool>,
    /// The whole product list (replaces the current one), at most 500.
    pub products: Option<Vec<MiniStoreProductInput>>,
}

/// A partner with rebates to pay out (staff).
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutDueDto {
    /// The partner's id: `POST /staff/rebates/{id}/mark-paid` pays their available rebates.
    pub id: String,
    pub partner_name: String,
    pub referral_code: String,
    pub available: MoneyDto,
    pub available_entries: i64,
    pub pending: MoneyDto,
    pub last_paid_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffRebates {
    pub partners: Vec<PayoutDueDto>,
}

/// A payout staff made: the partner's available entries marked paid.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct MarkPaidRequest {
    /// The bank or payout reference.
    pub reference: String,
    /// The amount staff saw and paid; refused with `version_conflict` when
    /// the available amount changed meanwhile.
    pub amount_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutDto {
    pub id: String,
    pub partner_id: String,
    pub amount: MoneyDto,
    pub entries: i64,
    pub reference: String,
    pub paid_by: String,
    pub created_at: String,
}

/// A partner's checkout of their cart for an end customer.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct PavilionOrderRequest {
    pub end_customer: EndCustomerDto,
    /// As for `POST /orders`.
    pub order: PlaceOrderRequest,
}
