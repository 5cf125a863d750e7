//! Wire shapes of orders (SPEC §7) and their construction from stored rows.

use crate::commerce::orders::delivered::{DeliveryState, LineDeliverables};
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use serde::{Deserialize, Serialize};
use uplink_db::orders::{HistoryRow, OrderLineRow, OrderRow, PaymentRow, ShipmentRow};
use uplink_domain::accounts::address::Address;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::order_status::OrderStatus;
use uplink_domain::checkout::shipping::ShippingMethod;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct LineOption {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderLineDto {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub name: String,
    /// Product type slug.
    #[serde(rename = "type")]
    pub product_type: String,
    pub qty: i64,
    pub unit_price: MoneyDto,
    pub subtotal: MoneyDto,
    pub discount: MoneyDto,
    pub tax: MoneyDto,
    pub total: MoneyDto,
    pub options: Vec<LineOption>,
    pub serials: Vec<String>,
    pub physical: bool,
    /// `to_ship`, `shipped`, `awaiting_delivery` (a digital line paid for and being delivered, or waiting for payment), `delivered`, `failed` (could not be delivered; staff were alerted), `cancelled`.
    pub delivery_status: String,
    /// What a digital line delivered: licence keys, warranty extensions,
    /// subscriptions, eSIMs, top-ups, pool (empty until delivered; `null` for physical lines).
    pub deliverables: Option<LineDeliverables>,
    /// Units refunded so far (their deliverables are revoked).
    pub refunded_qty: i64,
}

/// A refund made on the order: its credit note.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderRefundDto {
    /// The credit note's number (`CN-000001`).
    pub number: String,
    pub amount: MoneyDto,
    pub reason: String,
    pub created_at: String,
    /// `(sku, qty)` the refund covered; empty lines with a full refund list every line.
    pub lines: Vec<OrderRefundLineDto>,
    /// The credit note as a PDF.
    pub credit_note_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderRefundLineDto {
    pub sku: String,
    pub qty: i64,
    pub amount: MoneyDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderTotals {
    pub subtotal: MoneyDto,
    pub discount: MoneyDto,
    pub shipping: MoneyDto,
    pub tax: MoneyDto,
    pub total: MoneyDto,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, Default, PartialEq)]
pub struct ShippingDetails {
    /// Customer Provided: DHL, FedEx, UPS or Other.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    /// Self pick-up: location code and label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pickup_location: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pickup_label: Option<String>,
    /// Priority Shipping: delivery window in business days.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_days: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_days: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderShippingDto {
    /// `customer_provided`, `priority`, `pickup` or `none` (digital-only).
    pub method: ShippingMethod,
    /// The fixed display name.
    pub name: String,
    pub fee: MoneyDto,
    pub details: ShippingDetails,
    pub address: Option<Address>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CardDto {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BankDetail {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPaymentDto {
    pub method: PaymentMethod,
    /// The fixed display name (`Credit Card`, `Paypal Payment`, `Bank Transfer`, `Credit Terms Payment`).
    pub name: String,
    /// `authorized`, `paid`, `pending`, `on_terms`, `refunded`, `voided`.
    pub status: String,
    /// Gateway reference, or the order number as bank transfer reference.
    pub reference: Option<String>,
    pub card: Option<CardDto>,
    /// Bank transfer: where to pay (the reference is the order number).
    pub bank_details: Vec<BankDetail>,
    /// Bank transfer: unpaid orders are cancelled after this time (RFC 3339).
    pub pay_by: Option<String>,
    pub paid_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryDto {
    pub at: String,
    pub status: OrderStatus,
    /// `customer`, `staff`, `system`.
    pub actor: String,
    pub note: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentDto {
    pub id: String,
    pub carrier: String,
    pub tracking_number: String,
    pub line_ids: Vec<String>,
    pub shipped_at: String,
}

/// The partner whose referral code the buyer applied (SPEC §10).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPartnerReferralDto {
    #[schema(example = "NORTHWIND")]
    pub code: String,
    #[schema(example = "Northwind Networks Ltd")]
    pub partner_name: String,
}

/// An app referral code on an order (SPEC §10).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderAppReferralDto {
    #[schema(example = "K7M2X9QA")]
    pub code: String,
    pub discount: MoneyDto,
}

/// The pavilion's end customer: whose devices the deliverables landed on.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct OrderEndCustomerDto {
    pub name: String,
    pub company: Option<String>,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderDetail {
    pub number: String,
    pub status: OrderStatus,
    pub store: String,
    pub placed_at: String,
    pub totals: OrderTotals,
    pub coupon_code: Option<String>,
    /// The partner credited with the order (`null`: none): by the referral
    /// code the buyer entered, the partner's mini-store, or the pavilion.
    pub partner_referral: Option<OrderPartnerReferralDto>,
    /// The quotation this order paid (`Q-000045`), at its quoted prices.
    pub quotation_number: Option<String>,
    /// `partner` when the lines were priced at the partner price list.
    #[schema(example = "store")]
    pub price_list: String,
    /// The end customer a partner ordered for in the pavilion (`null` otherwise).
    pub end_customer: Option<OrderEndCustomerDto>,
    /// The app referral code the buyer used and the discount it gave
    /// (part of `totals.discount`); `null` when none.
    pub app_referral: Option<OrderAppReferralDto>,
    pub lines: Vec<OrderLineDto>,
    pub shipping: OrderShippingDto,
    pub billing_address: Address,
    pub payment: OrderPaymentDto,
    pub history: Vec<HistoryDto>,
    pub shipments: Vec<ShipmentDto>,
    pub digital_only: bool,
    /// Paid digital lines are being delivered (usually within seconds; poll the order until `delivery` is `delivered`).
    pub awaiting_delivery: bool,
    /// Where the digital lines are: `pending`, `delivered` or `failed`; `null` when the order has none.
    pub delivery: Option<DeliveryState>,
    /// The customer may cancel (only while `pending_payment`).
    pub can_cancel: bool,
    /// `invoice` once paid (or on terms), `proforma` while a bank transfer is unpaid, none when cancelled unpaid.
    pub invoice_kind: Option<String>,
    pub invoice_url: Option<String>,
    /// Refunds made (their credit notes), oldest first.
    pub refunds: Vec<OrderRefundDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderSummary {
    pub number: String,
    pub status: OrderStatus,
    pub placed_at: String,
    pub total: MoneyDto,
    pub payment_method: PaymentMethod,
    pub item_count: i64,
    /// First line names (at most three).
    pub items: Vec<String>,
}

pub fn is_physical(product_type: &str) -> bool {
    matches!(product_type, "hardware" | "configurable")
}

pub fn payment_name(method: &str) -> (PaymentMethod, String) {
    let m = PaymentMethod::parse(method).unwrap_or(PaymentMethod::Card);
    (m, m.display_name().to_owned())
}

pub fn line_dto(l: &OrderLineRow, cur: &str) -> OrderLineDto {
    OrderLineDto {
        id: l.id.clone(),
        product_id: l.product_id.clone(),
        sku: l.sku.clone(),
        name: l.name.clone(),
        product_type: l.product_type.clone(),
        qty: l.qty,
        unit_price: MoneyDto::new(l.unit_price_cents, cur),
        subtotal: MoneyDto::new(l.subtotal_cents, cur),
        discount: MoneyDto::new(l.discount_cents, cur),
        tax: MoneyDto::new(l.tax_cents, cur),
        total: MoneyDto::new(l.total_cents, cur),
        options: serde_json::from_str(&l.options).unwrap_or_default(),
        serials: serde_json::from_str(&l.serials).unwrap_or_default(),
        physical: is_physical(&l.product_type),
        delivery_status: l.delivery_status.clone(),
        deliverables: (!is_physical(&l.product_type)).then(LineDeliverables::default),
        refunded_qty: l.refunded_qty,
    }
}

/// Everything stored about one order.
pub struct OrderParts {
    pub order: OrderRow,
    pub lines: Vec<OrderLineRow>,
    pub history: Vec<HistoryRow>,
    pub payments: Vec<PaymentRow>,
    pub shipments: Vec<ShipmentRow>,
    /// Refunds that went through.
    pub refunds: Vec<uplink_db::refunds::RefundRow>,
}

pub fn status_of(o: &OrderRow) -> OrderStatus {
    OrderStatus::parse(&o.status).unwrap_or(OrderStatus::Processing)
}

pub fn invoice_kind(o: &OrderRow) -> Option<&'static str> {
    match (status_of(o), o.payment_status.as_str()) {
        (OrderStatus::Cancelled, "pending" | "voided") => None,
        (_, "pending") => Some("proforma"),
        _ => Some("invoice"),
    }
}

/// The order's credit notes.
fn refund_dtos(p: &OrderParts) -> Vec<OrderRefundDto> {
    let cur = p.order.currency.as_str();
    p.refunds
        .iter()
        .map(|r| OrderRefundDto {
            credit_note_url: format!(
                "/api/v1/orders/{}/credit-notes/{}.pdf",
                p.order.number, r.number
            ),
            number: r.number.clone(),
            amount: MoneyDto::new(r.amount_cents, cur),
            reason: r.reason.clone(),
            created_at: rfc3339(r.created_at),
            lines: r
                .refund_lines()
                .into_iter()
                .map(|l| OrderRefundLineDto {
                    sku: l.sku,
                    qty: l.qty,
                    amount: MoneyDto::new(l.amount_cents, cur),
                })
                .collect(),
        })
        .collect()
}

pub fn order_detail(p: &OrderParts, bank: &[(String, String)]) -> OrderDetail {
    let o = &p.order;
    let cur = o.currency.as_str();
    let status = status_of(o);
    let (method, name) = payment_name(&o.payment_method);
    let card_payment = p
        .payments
        .iter()
        .rev()
        .find(|x| x.status != "failed" && x.card_last4.is_some());
    let shipping_method = ShippingMethod::parse(&o.shipping_method).unwrap_or(ShippingMethod::None);
    let lines: Vec<OrderLineDto> = p.lines.iter().map(|l| line_dto(l, cur)).collect();
    let kind = invoice_kind(o);
    OrderDetail {
        number: o.number.clone(),
        status,
        store: o.store_code.clone(),
        placed_at: rfc3339(o.placed_at),
        totals: OrderTotals {
            subtotal: MoneyDto::new(o.subtotal_cents, cur),
            discount: MoneyDto::new(o.discount_cents, cur),
            shipping: MoneyDto::new(o.shipping_cents, cur),
            tax: MoneyDto::new(o.tax_cents, cur),
            total: MoneyDto::new(o.total_cents, cur),
        },
        coupon_code: o.coupon_code.clone(),
        quotation_number: o.quotation_number.clone(),
        price_list: o.price_list.clone(),
        end_customer: o
            .end_customer
            .as_deref()
            .and_then(|e| serde_json::from_str(e).ok()),
        app_referral: o
            .app_referral_code
            .as_ref()
            .map(|code| OrderAppReferralDto {
                code: code.clone(),
                discount: MoneyDto::new(o.referral_discount_cents, &o.currency),
            }),
        partner_referral: match (&o.partner_referral_code, &o.partner_name) {
            (Some(code), Some(name)) => Some(OrderPartnerReferralDto {
                code: code.clone(),
                partner_name: name.clone(),
            }),
            _ => None,
        },
        awaiting_delivery: lines
            .iter()
            .any(|l| l.delivery_status == "awaiting_delivery")
            && o.payment_status != "pending",
        delivery: delivery_state(&lines),
        lines,
        shipping: OrderShippingDto {
            method: shipping_method,
            name: shipping_method.display_name().to_owned(),
            fee: MoneyDto::new(o.shipping_cents, cur),
            details: serde_json::from_str(&o.shipping_details).unwrap_or_default(),
            address: o
                .shipping_address
                .as_deref()
                .and_then(|a| serde_json::from_str(a).ok()),
        },
        billing_address: serde_json::from_str(&o.billing_address).unwrap_or(Address {
            name: String::new(),
            company: None,
            line1: String::new(),
            line2: None,
            city: String::new(),
            state: None,
            postal_code: String::new(),
            country: String::new(),
            phone: String::new(),
        }),
        payment: OrderPaymentDto {
            method,
            name,
            status: o.payment_status.clone(),
            reference: o.payment_reference.clone(),
            card: card_payment.and_then(|c| {
                Some(CardDto {
                    brand: c.card_brand.clone()?,
                    last4: c.card_last4.clone()?,
                    exp_month: c.card_exp_month?,
                    exp_year: c.card_exp_year?,
                })
            }),
            bank_details: if method == PaymentMethod::BankTransfer {
                bank.iter()
                    .map(|(label, value)| BankDetail {
                        label: label.clone(),
                        value: value.clone(),
                    })
                    .chain(std::iter::once(BankDetail {
                        label: "Payment reference".into(),
                        value: o.number.clone(),
                    }))
                    .collect()
            } else {
                Vec::new()
            },
            pay_by: o
                .pay_by
                .filter(|_| o.payment_status == "pending")
                .map(rfc3339),
            paid_at: o.paid_at.map(rfc3339),
        },
        history: p
            .history
            .iter()
            .map(|h| HistoryDto {
                at: rfc3339(h.at),
                status: OrderStatus::parse(&h.status).unwrap_or(status),
                actor: h.actor.clone(),
                note: h.note.clone(),
            })
            .collect(),
        shipments: p
            .shipments
            .iter()
            .map(|s| ShipmentDto {
                id: s.id.clone(),
                carrier: s.carrier.clone(),
                tracking_number: s.tracking_number.clone(),
                line_ids: serde_json::from_str(&s.line_ids).unwrap_or_default(),
                shipped_at: rfc3339(s.shipped_at),
            })
            .collect(),
        digital_only: o.digital_only,
        can_cancel: status == OrderStatus::PendingPayment,
        invoice_kind: kind.map(str::to_owned),
        invoice_url: kind.map(|_| format!("/api/v1/orders/{}/invoice.pdf", o.number)),
        refunds: refund_dtos(p),
    }
}

/// The delivery state of an order's digital lines (cancelled ones aside).
pub fn delivery_state(lines: &[OrderLineDto]) -> Option<DeliveryState> {
    let digital: Vec<&str> = lines
        .iter()
        .filter(|l| !l.physical && l.delivery_status != "cancelled")
        .map(|l| l.delivery_status.as_str())
        .collect();
    if digital.is_empty() {
        None
    } else if digital.contains(&"failed") {
        Some(DeliveryState::Failed)
    } else if digital.contains(&"awaiting_delivery") {
        Some(DeliveryState::Pending)
    } else {
        Some(DeliveryState::Delivered)
    }
}

pub fn order_summary(o: &OrderRow, lines: &[OrderLineRow]) -> OrderSummary {
    let (method, _) = payment_name(&o.payment_method);
    OrderSummary {
        number: o.number.clone(),
        status: status_of(o),
        placed_at: rfc3339(o.placed_at),
        total: MoneyDto::new(o.total_cents, &o.currency),
        payment_method: method,
        item_count: lines.iter().fold(0i64, |n, l| n.saturating_add(l.qty)),
        items: lines.iter().take(3).map(|l| l.name.clone()).collect(),
    }
}

/// Loads every part of an order on one connection (a transaction's or the pool's).
pub async fn load_parts(
    conn: &mut sqlx::AnyConnection,
    order: OrderRow,
) -> Result<OrderParts, uplink_db::DbError> {
    use uplink_db::orders::*;
    let lines = lines_in(conn, &order.id).await?;
    let history = history_in(conn, &order.id).await?;
    let payments = payments_in(conn, &order.id).await?;
    let shipments = shipments_in(conn, &order.id).await?;
    let mut refunds = uplink_db::refunds::refunds_of(conn, &order.id).await?;
    refunds.retain(|r| r.status == "succeeded");
    Ok(OrderParts {
        order,
        lines,
        history,
        payments,
        shipments,
        refunds,
    })
}
