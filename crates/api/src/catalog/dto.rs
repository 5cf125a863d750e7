//! Catalogue DTOs (the JSON the API sends) and their construction from the snapshot.

use super::listing::{FacetCounts, PRICE_BANDS, Sort};
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
pub use crate::read_model::cards::{ImageDto, ProductCard, StoreBranding, StoreDto};
use crate::read_model::snapshot::{
    Attribute, CustomOption, Download, Image, OptionValue, Product, Snapshot, Spec,
};
use serde::Serialize;
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductType, StockStatus,
};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryFacet {
    pub slug: String,
    pub name: String,
    /// Slug of the parent category (null for top-level categories).
    pub parent: Option<String>,
    pub count: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValueFacet<T: ToSchema> {
    /// The filter value to send back (e.g. `brand=Pepwave`).
    pub value: T,
    pub label: String,
    pub count: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PriceBandFacet {
    /// Lowest price in the band, cents (use as `min_price`).
    pub min_cents: i64,
    /// Highest price in the band, cents, inclusive (use as `max_price`); null = no upper bound.
    pub max_cents: Option<i64>,
    pub count: u32,
}

/// Facet counts for every filter. Counts of one dimension apply every other
/// active filter but not that dimension's own (so alternatives stay visible).
#[derive(Debug, Serialize, ToSchema)]
pub struct Facets {
    /// Categories with at least one match (or selected), in tree order; counts include descendants.
    pub categories: Vec<CategoryFacet>,
    pub brands: Vec<ValueFacet<Brand>>,
    pub types: Vec<ValueFacet<ProductType>>,
    pub labels: Vec<ValueFacet<Label>>,
    pub price_bands: Vec<PriceBandFacet>,
    /// How many matches are in stock.
    pub in_stock: u32,
}

impl Facets {
    pub fn from(snap: &Snapshot, counts: &FacetCounts, selected: &[u16]) -> Facets {
        Facets {
            categories: snap
                .categories
                .iter()
                .enumerate()
                .filter(|(i, _)| counts.categories[*i] > 0 || selected.contains(&(*i as u16)))
                .map(|(i, c)| CategoryFacet {
                    slug: c.slug.clone(),
                    name: c.name.clone(),
                    parent: c.parent.map(|p| snap.categories[p as usize].slug.clone()),
                    count: counts.categories[i],
                })
                .collect(),
            brands: Brand::ALL
                .iter()
                .map(|b| ValueFacet {
                    value: *b,
                    label: b.label().to_owned(),
                    count: counts.brands[b.index()],
                })
                .collect(),
            types: ProductType::ALL
                .iter()
                .map(|t| ValueFacet {
                    value: *t,
                    label: t.label().to_owned(),
                    count: counts.types[t.index()],
                })
                .collect(),
            labels: Label::ALL
                .iter()
                .map(|l| ValueFacet {
                    value: *l,
                    label: l.label().to_owned(),
                    count: counts.labels[l.index()],
                })
                .collect(),
            price_bands: PRICE_BANDS
                .iter()
                .enumerate()
                .map(|(i, (min, max))| PriceBandFacet {
                    min_cents: *min,
                    max_cents: *max,
                    count: counts.price_bands[i],
                })
                .collect(),
            in_stock: counts.in_stock,
        }
    }
}

/// One page of products with facets (`GET /products`, `GET /search`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPage {
    pub items: Vec<ProductCard>,
    /// Matches across all pages.
    pub total: u32,
    pub page: u32,
    pub page_size: u32,
    pub page_count: u32,
    pub sort: Sort,
    /// The search query, when there is one.
    pub q: Option<String>,
    /// True when no product matched every search word and these match only some.
    pub approximate: bool,
    /// Code of the store whose prices and stock are shown.
    pub store: String,
    pub currency: String,
    pub facets: Facets,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SpecRowDto {
    pub group: String,
    pub name: String,
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageItemDto {
    pub item: String,
    pub qty: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DownloadDto {
    pub title: String,
    pub kind: DownloadKind,
    /// Download URL (served by this server, cacheable forever).
    pub url: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub version: Option<String>,
}

/// A price change for one option value: fixed cents or a percentage (basis points).
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PriceDelta {
    Fixed {
        amount: MoneyDto,
    },
    /// `basis_points / 100` percent of the unit price (1500 = 15%).
    Percent {
        basis_points: i64,
    },
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OptionValueDto {
    pub code: String,
    pub label: String,
    pub price_delta: Option<PriceDelta>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomOptionDto {
    pub code: String,
    pub label: String,
    pub kind: OptionKind,
    pub required: bool,
    /// A regular expression the value must match (text, serial and ICCID options).
    pub pattern: Option<String>,
    pub help: Option<String>,
    pub values: Vec<OptionValueDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttributeValueDto {
    pub value: String,
    pub label: String,
}

/// A variant attribute of a configurable product with its possible values.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariantAttributeDto {
    pub code: String,
    pub label: String,
    pub values: Vec<AttributeValueDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VariantDto {
    pub id: String,
    pub sku: String,
    pub name: String,
    /// Attribute code → value code, e.g. `{"cellular": "5g", "region": "us"}`.
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub attributes: serde_json::Map<String, serde_json::Value>,
    /// Price in this store; null when this variant is not sold here.
    pub price: Option<MoneyDto>,
    pub compare_at_price: Option<MoneyDto>,
    pub stock_status: StockStatus,
    /// Units available in this store's warehouse.
    pub available: i64,
    pub sold_in_store: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EligibilityDto {
    /// Device model codes; empty means every model.
    pub models: Vec<String>,
    pub prime: PrimeRequirement,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRefDto {
    pub slug: String,
    pub name: String,
}

/// Everything the product page needs (`GET /products/{slug}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductDetail {
    pub id: String,
    pub slug: String,
    pub sku: String,
    pub name: String,
    pub brand: Brand,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub summary: String,
    /// The description as staff wrote it (Markdown).
    pub description: String,
    /// The description rendered and sanitised on the server (D85): tables,
    /// lists, emphasis, code and http(s)/mailto links; headings from `<h3>`.
    pub description_html: String,
    pub images: Vec<ImageDto>,
    pub labels: Vec<Label>,
    /// Breadcrumb of the main category, root first.
    pub breadcrumb: Vec<CategoryRefDto>,
    pub categories: Vec<CategoryRefDto>,
    /// Code of the store whose prices and stock are shown.
    pub store: String,
    /// False when this store does not sell the product (price is then null).
    pub sold_in_store: bool,
    /// Price in this store (configurable: the lowest sold variant price).
    pub price: Option<MoneyDto>,
    pub compare_at_price: Option<MoneyDto>,
    pub price_from: bool,
    pub stock_status: StockStatus,
    /// Units available in this store's warehouse (physical products; null for digital ones).
    pub available: Option<i64>,
    pub purchasable: bool,
    pub min_qty: i64,
    pub max_qty: Option<i64>,
    pub qty_step: i64,
    pub weight_grams: Option<i64>,
    pub term_months: Option<i64>,
    /// Data allowance in MB; null = unlimited (for plans) or not applicable.
    pub data_mb: Option<i64>,
    pub validity_days: Option<i64>,
    pub stackable: bool,
    /// Which devices a serial-bound product is for.
    pub eligibility: Option<EligibilityDto>,
    pub variant_attributes: Vec<VariantAttributeDto>,
    pub variants: Vec<VariantDto>,
    /// SKU of the variant the URL pointed at (`/products/{variant-slug}`), if any.
    pub selected_variant: Option<String>,
    pub custom_options: Vec<CustomOptionDto>,
    pub specification: Vec<SpecRowDto>,
    pub package_contents: Vec<PackageItemDto>,
    pub downloads: Vec<DownloadDto>,
    /// The detail tabs that have content, in display order:
    /// `specification`, `package-content`, `download`, `custom-options`.
    pub tabs: Vec<String>,
    pub related: Vec<ProductCard>,
    pub created_at: String,
}

impl ProductDetail {
    pub fn from(
        snap: &Snapshot,
        store: usize,
        idx: u32,
        selected_variant: Option<String>,
    ) -> ProductDetail {
        let p: &Product = snap.product(idx);
        let st = &snap.stores[store];
        let currency = st.currency.as_str();
        let warehouse = st.warehouse();
        let shelf = Shelf::of(snap, store, idx);
        let (variant_attributes, variants) = variants(snap, store, p, shelf.sold_in_store);

        ProductDetail {
            id: p.id.clone(),
            slug: p.slug.clone(),
            sku: p.sku.clone(),
            name: p.name.clone(),
            brand: p.brand,
            product_type: p.product_type,
            summary: p.summary.clone(),
            description: p.description.clone(),
            description_html: super::markdown::to_html(&p.description),
            images: p.images.iter().map(image).collect(),
            labels: p.labels.clone(),
            breadcrumb: breadcrumb(snap, p),
            categories: p
                .categories
                .iter()
                .map(|&c| category_ref(snap, c))
                .collect(),
            store: st.code.clone(),
            sold_in_store: shelf.sold_in_store,
            price: shelf.price,
            compare_at_price: shelf.compare_at_price,
            price_from: !p.variants.is_empty(),
            stock_status: shelf.stock_status,
            // A configurable product has no stock of its own: each variant reports its own.
            available: (p.is_physical() && p.variants.is_empty())
                .then(|| snap.available_in(idx, warehouse)),
            purchasable: p.purchasable && p.variants.is_empty(),
            min_qty: p.min_qty,
            max_qty: p.max_qty,
            qty_step: p.qty_step,
            weight_grams: p.weight_grams,
            term_months: p.term_months,
            data_mb: p.data_mb,
            validity_days: p.validity_days,
            stackable: p.stackable,
            eligibility: p.eligibility.as_ref().map(|e| EligibilityDto {
                models: e.models.clone(),
                prime: e.prime,
            }),
            variant_attributes,
            variants,
            selected_variant,
            custom_options: p
                .options
                .iter()
                .map(|o| custom_option(o, currency))
                .collect(),
            specification: p.specs.iter().map(spec_row).collect(),
            package_contents: p
                .package
                .iter()
                .map(|(item, qty)| PackageItemDto {
                    item: item.clone(),
                    qty: *qty,
                })
                .collect(),
            downloads: p.downloads.iter().map(download).collect(),
            tabs: tabs(p),
            related: related(snap, store, idx, 4),
            created_at: rfc3339(p.created_at),
        }
    }
}

/// Whether the store sells a product, at what price, and its stock status there.
struct Shelf {
    sold_in_store: bool,
    price: Option<MoneyDto>,
    compare_at_price: Option<MoneyDto>,
    stock_status: StockStatus,
}

impl Shelf {
    /// A listable product sold in the store takes the card's price and status;
    /// anything else (a variant, or a product this store does not sell) has no
    /// price and a status computed from the store's warehouse directly.
    fn of(snap: &Snapshot, store: usize, idx: u32) -> Shelf {
        let p = snap.product(idx);
        let view = &snap.views[store];
        let currency = snap.stores[store].currency.as_str();
        match p.listable {
            Some(l) if view.sold[l as usize] => Shelf {
                sold_in_store: true,
                price: Some(MoneyDto::new(view.card_price[l as usize], currency)),
                compare_at_price: view.card_compare_at[l as usize]
                    .map(|c| MoneyDto::new(c, currency)),
                stock_status: snap.status(store, l as usize),
            },
            _ => Shelf {
                sold_in_store: false,
                price: None,
                compare_at_price: None,
                stock_status: StockStatus::of(
                    p.is_physical(),
                    snap.available_in(idx, snap.stores[store].warehouse()),
                ),
            },
        }
    }
}

fn category_ref(snap: &Snapshot, c: u16) -> CategoryRefDto {
    CategoryRefDto {
        slug: snap.categories[c as usize].slug.clone(),
        name: snap.categories[c as usize].name.clone(),
    }
}

/// The main category and its ancestors, root first.
///
/// Stops after 17 steps so that a parent cycle in bad data cannot loop forever.
fn breadcrumb(snap: &Snapshot, p: &Product) -> Vec<CategoryRefDto> {
    let mut breadcrumb = Vec::new();
    let mut cur = p.categories.first().copied();
    while let Some(c) = cur {
        if breadcrumb.len() > 16 {
            break;
        }
        breadcrumb.push(category_ref(snap, c));
        cur = snap.categories[c as usize].parent;
    }
    breadcrumb.reverse();
    breadcrumb
}

/// The variants of a configurable product, and the attributes they vary by.
///
/// Attributes come in first-seen order and so do each attribute's values, so
/// the product page shows them in catalogue order. A variant counts as sold in
/// the store only when it has an offer there and the parent is sold there too.
fn variants(
    snap: &Snapshot,
    store: usize,
    p: &Product,
    parent_sold: bool,
) -> (Vec<VariantAttributeDto>, Vec<VariantDto>) {
    let view = &snap.views[store];
    let currency = snap.stores[store].currency.as_str();
    let warehouse = snap.stores[store].warehouse();
    let money = |c: i64| MoneyDto::new(c, currency);
    let mut variant_attributes: Vec<VariantAttributeDto> = Vec::new();
    let mut variants = Vec::new();
    for &v in &p.variants {
        let vp = snap.product(v);
        let offer = view.offers[v as usize];
        let mut attrs = serde_json::Map::new();
        for a in &vp.attributes {
            attrs.insert(a.code.clone(), serde_json::Value::String(a.value.clone()));
            note_attribute_value(&mut variant_attributes, a);
        }
        let available = snap.available_in(v, warehouse);
        variants.push(VariantDto {
            id: vp.id.clone(),
            sku: vp.sku.clone(),
            name: vp.name.clone(),
            attributes: attrs,
            price: offer.map(|o| money(o.price)),
            compare_at_price: offer.and_then(|o| o.compare_at).map(money),
            stock_status: StockStatus::of(true, available),
            available,
            sold_in_store: offer.is_some() && parent_sold,
        });
    }
    (variant_attributes, variants)
}

/// Adds `a`'s attribute (if new) and `a`'s value under it (if new).
fn note_attribute_value(variant_attributes: &mut Vec<VariantAttributeDto>, a: &Attribute) {
    let entry = match variant_attributes.iter_mut().position(|x| x.code == a.code) {
        Some(i) => &mut variant_attributes[i],
        None => {
            variant_attributes.push(VariantAttributeDto {
                code: a.code.clone(),
                label: a.label.clone(),
                values: Vec::new(),
            });
            variant_attributes.last_mut().expect("just pushed")
        }
    };
    if !entry.values.iter().any(|x| x.value == a.value) {
        entry.values.push(AttributeValueDto {
            value: a.value.clone(),
            label: a.value_label.clone(),
        });
    }
}

fn image(i: &Image) -> ImageDto {
    ImageDto {
        url: i.url.clone(),
        alt: i.alt.clone(),
    }
}

fn custom_option(o: &CustomOption, currency: &str) -> CustomOptionDto {
    CustomOptionDto {
        code: o.code.clone(),
        label: o.label.clone(),
        kind: o.kind,
        required: o.required,
        pattern: o.pattern.clone(),
        help: o.help.clone(),
        values: o
            .values
            .iter()
            .map(|v| OptionValueDto {
                code: v.code.clone(),
                label: v.label.clone(),
                price_delta: price_delta(v, currency),
            })
            .collect(),
    }
}

/// A non-zero fixed delta wins over a percentage; zero deltas mean "no change".
fn price_delta(v: &OptionValue, currency: &str) -> Option<PriceDelta> {
    match (v.price_delta_cents, v.price_delta_bp) {
        (Some(c), _) if c != 0 => Some(PriceDelta::Fixed {
            amount: MoneyDto::new(c, currency),
        }),
        (_, Some(bp)) if bp != 0 => Some(PriceDelta::Percent { basis_points: bp }),
        _ => None,
    }
}

fn spec_row(s: &Spec) -> SpecRowDto {
    SpecRowDto {
        group: s.group.clone(),
        name: s.name.clone(),
        value: s.value.clone(),
    }
}

fn download(d: &Download) -> DownloadDto {
    DownloadDto {
        title: d.title.clone(),
        kind: d.kind,
        url: d.url.clone(),
        file_name: d.file_name.clone(),
        content_type: d.content_type.clone(),
        size_bytes: d.size_bytes,
        version: d.version.clone(),
    }
}

/// The detail tabs that have content, in display order.
fn tabs(p: &Product) -> Vec<String> {
    [
        (!p.specs.is_empty(), "specification"),
        (!p.package.is_empty(), "package-content"),
        (!p.downloads.is_empty(), "download"),
        (!p.options.is_empty(), "custom-options"),
    ]
    .into_iter()
    .filter(|(has_content, _)| *has_content)
    .map(|(_, tab)| tab.to_owned())
    .collect()
}

/// Up to `n` other products of the same main category sold in the store,
/// nearest in catalogue order first.
pub fn related(snap: &Snapshot, store: usize, idx: u32, n: usize) -> Vec<ProductCard> {
    let p = snap.product(idx);
    let view = &snap.views[store];
    let Some(&cat) = p.categories.first() else {
        return Vec::new();
    };
    snap.by_main_category[cat as usize]
        .iter()
        .filter(|&&l| snap.listable[l as usize] != idx && view.sold[l as usize])
        .take(n)
        .map(|&l| ProductCard::from(snap, store, l))
        .collect()
}
