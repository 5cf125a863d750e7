//! What cart endpoints answer.

use crate::commerce::pricing::{PricedCart, PricedLine};
use crate::platform::money::MoneyDto;
use crate::read_model::Snapshot;
use crate::read_model::cards::ImageDto;
use serde::Serialize;
use uplink_domain::catalog::ProductType;
use utoipa::ToSchema;

/// The product a line refers to.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartProductDto {
    pub id: String,
    pub sku: String,
    /// Slug of the product page (a variant's own slug opens its parent with it selected).
    pub slug: Option<String>,
    /// For variants: the variant's SKU to select on the product page.
    pub variant: Option<String>,
    pub name: String,
    #[serde(rename = "type")]
    pub product_type: Option<ProductType>,
    pub image: Option<ImageDto>,
}

/// A chosen custom option.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartOptionDto {
    pub code: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

/// Quantity rules of the line's product.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuantityRulesDto {
    pub min: i64,
    pub max: Option<i64>,
    pub step: i64,
}

/// Why a line cannot be ordered as it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct LineProblemDto {
    /// `not_sold_in_store`, `insufficient_stock`, `invalid_quantity` (beyond the store-wide bounds), or a serial code.
    pub code: String,
    pub message: String,
    /// For `insufficient_stock`: units available now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartLineDto {
    pub id: String,
    pub product: CartProductDto,
    pub qty: i64,
    pub options: Vec<CartOptionDto>,
    /// Device serial numbers (serial-bound products: one per unit).
    pub serials: Vec<String>,
    pub iccid: Option<String>,
    /// Current unit price, options included.
    pub unit_price: MoneyDto,
    /// True when the unit price differs from what the buyer saw before.
    pub price_changed: bool,
    /// The unit price the buyer saw before (only when it changed).
    pub previous_unit_price: Option<MoneyDto>,
    /// `unit_price × qty`.
    pub subtotal: MoneyDto,
    /// This line's share of the coupon discount.
    pub discount: MoneyDto,
    /// Sales tax on this line (after discount), rounded half-up.
    pub tax: MoneyDto,
    /// `subtotal − discount + tax`.
    pub total: MoneyDto,
    pub quantity_rules: QuantityRulesDto,
    /// The quantity equals the number of serials; change it by editing serials.
    pub serial_bound: bool,
    /// Hardware: shipped and stock-tracked.
    pub physical: bool,
    /// Units available (physical products).
    pub available: Option<i64>,
    pub problem: Option<LineProblemDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartCouponDto {
    pub code: String,
    pub description: String,
    /// `percent` or `fixed`.
    pub kind: String,
    pub percent_bp: Option<i64>,
    pub amount: Option<MoneyDto>,
    /// False when the coupon does not apply right now (see `reason`).
    pub applied: bool,
    /// Error code of why it does not apply (`coupon_invalid`, `coupon_expired`, `coupon_usage_exceeded`).
    pub reason_code: Option<String>,
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartTaxDto {
    /// Whether this store charges sales tax (the US store does).
    pub charged: bool,
    /// Destination state the tax was computed for (`null`: not known yet; calculated at checkout).
    pub state: Option<String>,
    /// Rate in basis points (825 = 8.25 %).
    pub rate_bp: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartTotalsDto {
    pub subtotal: MoneyDto,
    pub discount: MoneyDto,
    pub tax: MoneyDto,
    /// Subtotal − discount + tax (shipping is chosen at checkout).
    pub total: MoneyDto,
}

/// The partner whose referral code is applied (SPEC §10): it changes no
/// price; the partner is recorded on the order.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartPartnerReferralDto {
    #[schema(example = "NORTHWIND")]
    pub code: String,
    #[schema(example = "Northwind Networks Ltd")]
    pub partner_name: String,
}

/// A cart, priced now.
/// An app referral code on the cart and what it gives.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartAppReferralDto {
    #[schema(example = "K7M2X9QA")]
    pub code: String,
    /// The referrer's first name.
    pub referrer_name: String,
    /// Off eligible items, in basis points (1000 = 10 %).
    pub discount_bp: i64,
    /// What it takes off this cart (part of `totals.discount`).
    pub discount: MoneyDto,
    /// False when this buyer may not use the code: nothing comes off, and
    /// `reason` says why.
    pub eligible: bool,
    /// `own_code`, `already_ordered`, `same_address` or `same_card`.
    pub reason: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartDto {
    /// `null` until something is added.
    pub id: Option<String>,
    pub store: String,
    pub currency: String,
    pub lines: Vec<CartLineDto>,
    /// Units in the cart.
    pub item_count: i64,
    pub coupon: Option<CartCouponDto>,
    pub tax: CartTaxDto,
    pub totals: CartTotalsDto,
    /// Some line's price changed since the buyer last saw it.
    pub price_changed: bool,
    /// Some line cannot be ordered as it is (see each line's `problem`).
    pub has_problems: bool,
    /// Every line is digital (no shipping needed).
    pub digital_only: bool,
    /// The applied partner referral code and its partner (`null`: none, or
    /// the partner is no longer active).
    pub partner_referral: Option<CartPartnerReferralDto>,
    /// The app referral code applied to the cart (SPEC §10): the referee's
    /// discount, or why this buyer may not use it.
    pub app_referral: Option<CartAppReferralDto>,
    /// `partner` when the prices are the partner price list (a signed-in
    /// partner in an eStore), else `store`.
    #[schema(example = "store")]
    pub price_list: String,
}

impl CartDto {
    pub fn from(snap: &Snapshot, cart: &PricedCart) -> CartDto {
        let cur = cart.currency.as_str();
        let m = |cents: i64| MoneyDto::new(cents, cur);
        CartDto {
            id: cart.cart_id.clone(),
            store: cart.store_code.clone(),
            currency: cart.currency.clone(),
            lines: cart.lines.iter().map(|l| line_dto(snap, l, cur)).collect(),
            item_count: cart.item_count(),
            coupon: cart.coupon.as_ref().map(|c| CartCouponDto {
                code: c.row.code.clone(),
                description: c.row.description.clone(),
                kind: c.row.kind.clone(),
                percent_bp: c.row.percent_bp,
                amount: c.row.amount_cents.map(m),
                applied: c.refusal.is_none(),
                reason_code: c.refusal.as_ref().map(|r| r.0.as_str().to_owned()),
                reason: c.refusal.as_ref().map(|r| r.1.clone()),
            }),
            tax: CartTaxDto {
                charged: cart.charges_tax,
                state: cart.tax_state.clone(),
                rate_bp: cart.tax_bp,
            },
            totals: CartTotalsDto {
                subtotal: m(cart.totals.subtotal.cents()),
                discount: m(cart.totals.discount.cents()),
                tax: m(cart.totals.tax.cents()),
                total: m((cart.totals.total - cart.totals.shipping).cents()),
            },
            price_changed: cart.price_changed(),
            has_problems: cart.has_problems(),
            digital_only: cart.is_digital_only(),
            partner_referral: None,
            app_referral: cart.app_referral.as_ref().map(|o| CartAppReferralDto {
                code: o.code.clone(),
                referrer_name: o.referrer_name.clone(),
                discount_bp: o.discount_bp,
                discount: m(cart.referral_discount.cents()),
                eligible: o.refusal.is_none(),
                reason: o.refusal.map(|r| r.as_str().to_owned()),
                message: o.refusal.map(|r| r.message().to_owned()),
            }),
            price_list: cart.price_list.as_str().to_owned(),
        }
    }
}

fn line_dto(snap: &Snapshot, l: &PricedLine, cur: &str) -> CartLineDto {
    let m = |cents: i64| MoneyDto::new(cents, cur);
    let product = match l.product {
        Some(idx) => {
            let p = snap.product(idx);
            let parent = p.parent.map(|i| snap.product(i));
            let image = p
                .images
                .first()
                .or_else(|| parent.and_then(|pp| pp.images.first()))
                .map(|i| ImageDto {
                    url: i.url.clone(),
                    alt: i.alt.clone(),
                });
            CartProductDto {
                id: p.id.clone(),
                sku: p.sku.clone(),
                slug: Some(p.slug.clone()),
                variant: parent.map(|_| p.sku.clone()),
                name: p.name.clone(),
                product_type: Some(p.product_type),
                image,
            }
        }
        None => CartProductDto {
            id: l.line.row.product_id.clone(),
            sku: l.line.row.sku.clone(),
            slug: None,
            variant: None,
            name: l.line.row.sku.clone(),
            product_type: None,
            image: None,
        },
    };
    CartLineDto {
        id: l.line.row.id.clone(),
        product,
        qty: l.line.row.qty,
        options: l
            .options
            .iter()
            .map(|o| CartOptionDto {
                code: o.code.clone(),
                label: o.label.clone(),
                value: o.value.clone(),
                value_label: o.value_label.clone(),
            })
            .collect(),
        serials: l.line.serials.clone(),
        iccid: l.line.row.iccid.clone(),
        unit_price: m(l.unit_price.cents()),
        price_changed: l.price_changed(),
        previous_unit_price: l.previous_unit_price.map(|p| m(p.cents())),
        subtotal: m(l.amounts.subtotal.cents()),
        discount: m(l.amounts.discount.cents()),
        tax: m(l.amounts.tax.cents()),
        total: m(l.amounts.total.cents()),
        quantity_rules: QuantityRulesDto {
            min: l.rules.min,
            max: l.rules.max,
            step: l.rules.step,
        },
        serial_bound: l.serial_bound,
        physical: l.physical,
        available: l.available,
        problem: l.problem.as_ref().map(|p| LineProblemDto {
            code: p.code.as_str().to_owned(),
            message: p.message.clone(),
            available: p.available,
        }),
    }
}
