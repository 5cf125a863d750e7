//! Listing with filters, disjunctive facet counts, sorting and pagination,
//! all over the in-memory snapshot.
//!
//! Facets are *disjunctive*: the counts of one dimension (say, brands) are
//! computed with every other filter applied but not the brand filter itself,
//! so a shopper can see what choosing another brand would give. Within a
//! dimension several values mean OR; across dimensions AND.

use crate::read_model::snapshot::{Product, Snapshot, StoreView};
use uplink_domain::catalog::{Brand, Label, ProductType, StockStatus};

/// Sort orders (SPEC §4.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    Relevance,
    PriceAsc,
    PriceDesc,
    Name,
    Newest,
}

impl Sort {
    pub const ALL: &'static [Sort] = &[
        Sort::Relevance,
        Sort::PriceAsc,
        Sort::PriceDesc,
        Sort::Name,
        Sort::Newest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Relevance => "relevance",
            Sort::PriceAsc => "price_asc",
            Sort::PriceDesc => "price_desc",
            Sort::Name => "name",
            Sort::Newest => "newest",
        }
    }

    pub fn parse(s: &str) -> Option<Sort> {
        Sort::ALL.iter().copied().find(|v| v.as_str() == s)
    }
}

pub const PAGE_SIZES: &[u32] = &[12, 24, 48, 96];
pub const DEFAULT_PAGE_SIZE: u32 = 24;

/// Price bands of the price facet, in cents: `[min, max]` inclusive; the last is open.
pub const PRICE_BANDS: &[(i64, Option<i64>)] = &[
    (0, Some(4_999)),
    (5_000, Some(9_999)),
    (10_000, Some(24_999)),
    (25_000, Some(49_999)),
    (50_000, Some(99_999)),
    (100_000, None),
];

pub fn price_band(cents: i64) -> usize {
    PRICE_BANDS
        .iter()
        .position(|(_, max)| max.is_none_or(|m| cents <= m))
        .unwrap_or(PRICE_BANDS.len() - 1)
}

/// A validated listing request.
#[derive(Debug, Clone)]
pub struct ListingQuery {
    /// Category indices (a product matches a category or any descendant).
    pub categories: Vec<u16>,
    pub brands: Vec<Brand>,
    pub types: Vec<ProductType>,
    pub labels: Vec<Label>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub in_stock: bool,
    pub q: Option<String>,
    pub sort: Sort,
    pub page: u32,
    pub page_size: u32,
}

impl Default for ListingQuery {
    fn default() -> Self {
        ListingQuery {
            categories: Vec::new(),
            brands: Vec::new(),
            types: Vec::new(),
            labels: Vec::new(),
            min_price: None,
            max_price: None,
            in_stock: false,
            q: None,
            sort: Sort::Relevance,
            page: 1,
            page_size: DEFAULT_PAGE_SIZE,
        }
    }
}

/// Facet counts; arrays indexed like the snapshot's categories and the enums' `ALL`.
#[derive(Debug, Clone, Default)]
pub struct FacetCounts {
    pub categories: Vec<u32>,
    pub brands: Vec<u32>,
    pub types: Vec<u32>,
    pub labels: Vec<u32>,
    pub price_bands: Vec<u32>,
    pub in_stock: u32,
}

#[derive(Debug, Clone)]
pub struct ListingResult {
    /// Listable ordinals of the requested page, in order.
    pub items: Vec<u32>,
    pub total: u32,
    pub facets: FacetCounts,
    /// Search matched only some words (see `uplink_search::Hits`).
    pub approximate: bool,
}

const CAT: u8 = 1;
const BRAND: u8 = 1 << 1;
const TYPE: u8 = 1 << 2;
const LABEL: u8 = 1 << 3;
const PRICE: u8 = 1 << 4;
const STOCK: u8 = 1 << 5;

impl Snapshot {
    /// Runs a listing for store `store`.
    pub fn list(
        &self,
        store: usize,
        query: &ListingQuery,
    ) -> Result<ListingResult, uplink_search::SearchError> {
        let view = &self.views[store];
        // Candidates: the search hits sold here, or everything sold here.
        let search = self.search_sold(store, query)?;
        let hits = search.as_ref().map(|s| s.hits.as_slice());
        let filters = Filters::new(self, query);
        let mut tally = Tally::new(self);
        match hits {
            Some(hits) => {
                for &(l, _) in hits {
                    tally.visit(self, store, &filters, l);
                }
            }
            None => {
                for l in 0..self.listable.len() as u32 {
                    if view.sold[l as usize] {
                        tally.visit(self, store, &filters, l);
                    }
                }
            }
        }
        let items = self.page(store, query, hits, &tally.matched);
        Ok(ListingResult {
            items,
            total: tally.total,
            facets: tally.facets,
            approximate: search.is_some_and(|s| s.approximate),
        })
    }

    /// Runs the query's search words, keeping the hits sold in the store;
    /// `None` when there are no search words.
    fn search_sold(
        &self,
        store: usize,
        query: &ListingQuery,
    ) -> Result<Option<SoldHits>, uplink_search::SearchError> {
        let Some(q) = query.q.as_deref().filter(|q| !q.trim().is_empty()) else {
            return Ok(None);
        };
        let view = &self.views[store];
        let found = self.search.search(q)?;
        Ok(Some(SoldHits {
            hits: found
                .hits
                .into_iter()
                .filter(|(l, _)| view.sold[*l as usize])
                .collect(),
            approximate: found.approximate,
        }))
    }

    /// The requested page of the matches (`matched`, by listable ordinal),
    /// walking the requested order.
    fn page(
        &self,
        store: usize,
        query: &ListingQuery,
        hits: Option<&[(u32, f32)]>,
        matched: &[bool],
    ) -> Vec<u32> {
        let view = &self.views[store];
        let offset =
            (query.page.saturating_sub(1) as usize).saturating_mul(query.page_size as usize);
        let size = query.page_size as usize;
        let mut items = Vec::with_capacity(size);
        let mut take = |iter: &mut dyn Iterator<Item = u32>| {
            for l in iter
                .filter(|&l| matched[l as usize])
                .skip(offset)
                .take(size)
            {
                items.push(l);
            }
        };
        match (query.sort, hits) {
            (Sort::Relevance, Some(hits)) => take(&mut hits.iter().map(|(l, _)| *l)),
            (Sort::Relevance, None) => take(&mut self.order_relevance.iter().copied()),
            (Sort::Name, _) => take(&mut self.order_name.iter().copied()),
            (Sort::Newest, _) => take(&mut self.order_newest.iter().copied()),
            (Sort::PriceAsc, _) => take(&mut view.order_price.iter().copied()),
            (Sort::PriceDesc, _) => take(&mut price_desc_order(view).into_iter()),
        }
        items
    }
}

/// The search hits sold in a store.
struct SoldHits {
    /// Listable ordinal and score, best first.
    hits: Vec<(u32, f32)>,
    /// Matched only some words (see `uplink_search::Hits`).
    approximate: bool,
}

/// Highest price first; ties keep name order.
///
/// `order_price` is ascending with ties in name order, so reversing it whole
/// would put ties in reverse name order: instead take its runs of equal price
/// from the back, each run kept in its own order.
fn price_desc_order(view: &StoreView) -> Vec<u32> {
    let mut desc: Vec<u32> = Vec::new();
    let mut i = view.order_price.len();
    while i > 0 {
        let price = view.card_price[view.order_price[i - 1] as usize];
        let mut j = i;
        while j > 0 && view.card_price[view.order_price[j - 1] as usize] == price {
            j -= 1;
        }
        desc.extend_from_slice(&view.order_price[j..i]);
        i = j;
    }
    desc
}

/// A query's filters, turned into bitmasks and a category lookup once so that
/// testing each candidate is cheap.
struct Filters<'q> {
    query: &'q ListingQuery,
    /// Indexed like the snapshot's categories.
    cat_selected: Vec<bool>,
    brand_mask: u32,
    type_mask: u32,
    label_mask: u8,
}

impl<'q> Filters<'q> {
    fn new(snap: &Snapshot, query: &'q ListingQuery) -> Filters<'q> {
        let mut cat_selected = vec![false; snap.categories.len()];
        for &c in &query.categories {
            cat_selected[c as usize] = true;
        }
        Filters {
            query,
            cat_selected,
            brand_mask: query.brands.iter().fold(0, |m, b| m | 1 << b.index()),
            type_mask: query.types.iter().fold(0, |m, t| m | 1 << t.index()),
            label_mask: query.labels.iter().fold(0, |m, l| m | 1 << l.index()),
        }
    }

    /// The dimensions (`CAT`, `BRAND`, …) whose filter `p` fails; 0 = a match.
    fn failed(&self, p: &Product, price: i64, in_stock: bool) -> u8 {
        let query = self.query;
        let mut fail = 0u8;
        if !query.categories.is_empty()
            && !p
                .category_closure
                .iter()
                .any(|&c| self.cat_selected[c as usize])
        {
            fail |= CAT;
        }
        if self.brand_mask != 0 && self.brand_mask & (1 << p.brand.index()) == 0 {
            fail |= BRAND;
        }
        if self.type_mask != 0 && self.type_mask & (1 << p.product_type.index()) == 0 {
            fail |= TYPE;
        }
        if self.label_mask != 0 && self.label_mask & p.label_mask == 0 {
            fail |= LABEL;
        }
        if query.min_price.is_some_and(|m| price < m) || query.max_price.is_some_and(|m| price > m)
        {
            fail |= PRICE;
        }
        if query.in_stock && !in_stock {
            fail |= STOCK;
        }
        fail
    }
}

/// What one pass over the candidates gathers.
struct Tally {
    /// Indexed by listable ordinal: a candidate that passes every filter.
    matched: Vec<bool>,
    total: u32,
    facets: FacetCounts,
}

impl Tally {
    fn new(snap: &Snapshot) -> Tally {
        Tally {
            matched: vec![false; snap.listable.len()],
            total: 0,
            facets: FacetCounts {
                categories: vec![0; snap.categories.len()],
                brands: vec![0; Brand::ALL.len()],
                types: vec![0; ProductType::ALL.len()],
                labels: vec![0; Label::ALL.len()],
                price_bands: vec![0; PRICE_BANDS.len()],
                in_stock: 0,
            },
        }
    }

    /// Tests candidate `l` against the filters and counts it.
    ///
    /// Facets are disjunctive (see the module comment): `l` counts towards a
    /// dimension's facet when it passes every *other* dimension's filter, even
    /// if it fails that dimension's own.
    fn visit(&mut self, snap: &Snapshot, store: usize, filters: &Filters<'_>, l: u32) {
        let li = l as usize;
        let p = &snap.products[snap.listable[li] as usize];
        let price = snap.views[store].card_price[li];
        let in_stock = snap.status[store][li] != StockStatus::OutOfStock;
        let fail = filters.failed(p, price, in_stock);
        if fail == 0 {
            self.matched[li] = true;
            self.total += 1;
        }
        let others = |dim: u8| fail & !dim == 0;
        let facets = &mut self.facets;
        if others(CAT) {
            for &c in &p.category_closure {
                facets.categories[c as usize] += 1;
            }
        }
        if others(BRAND) {
            facets.brands[p.brand.index()] += 1;
        }
        if others(TYPE) {
            facets.types[p.product_type.index()] += 1;
        }
        if others(LABEL) {
            for l in &p.labels {
                facets.labels[l.index()] += 1;
            }
        }
        if others(PRICE) {
            facets.price_bands[price_band(price)] += 1;
        }
        if others(STOCK) && in_stock {
            facets.in_stock += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_bands_cover_every_price() {
        assert_eq!(price_band(0), 0);
        assert_eq!(price_band(4_999), 0);
        assert_eq!(price_band(5_000), 1);
        assert_eq!(price_band(99_999), 4);
        assert_eq!(price_band(10_000_000), 5);
    }

    #[test]
    fn sorts_round_trip() {
        for s in Sort::ALL {
            assert_eq!(Sort::parse(s.as_str()), Some(*s));
        }
        assert_eq!(Sort::parse("cheapest"), None);
    }
}
