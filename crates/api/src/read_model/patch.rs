//! A staff edit applied to the current catalogue in place (D112).
//!
//! A change that named its products (an editor's save, per-store prices, a
//! bulk price change) usually moves prices, images or options and leaves
//! alone what the rest of the read model was built around: which products
//! list, their orders, their categories and their search text. Such a change
//! is applied to a copy of the current [`CatalogBase`] that shares every
//! other product (`Arc`), the search index and the orders, and recomputes
//! only the changed families' offers and cards in each store view. Anything
//! more (a product joins or leaves, a name or a category changes) is left to
//! the full build, which [`CatalogBase::patched`] asks for by answering `None`.

use super::build::{
    attach_rows, card_in, inherit_from_parents, link_variants, new_products, offer_in, price_order,
};
use super::snapshot::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use uplink_db::catalog::CatalogRows;

/// Price rows per store code, per product index.
type RowsByStore<'a, T> = HashMap<&'a str, HashMap<u32, T>>;

impl CatalogBase {
    /// The ids of the products `ids` name together with their parents and
    /// their parents' variants: a family is read and applied whole, because
    /// a variant's offer and inherited images follow its parent, and a
    /// configurable's card follows its variants. `None` when an id is not a
    /// product of this catalogue (a new, draft or archived product).
    pub fn families_of(&self, ids: &[String]) -> Option<Vec<String>> {
        let mut members = BTreeSet::new();
        for id in ids {
            let i = self.product_by_id(id)?;
            let top = self.products[i as usize].parent.unwrap_or(i);
            members.insert(top);
            members.extend(self.products[top as usize].variants.iter().copied());
        }
        Some(
            members
                .into_iter()
                .map(|i| self.products[i as usize].id.clone())
                .collect(),
        )
    }

    /// This catalogue with `part`, the rows of the families `family` (see
    /// [`CatalogBase::families_of`]), in place of theirs; `None` when the
    /// change reaches beyond those families' own rows and offers.
    pub(super) fn patched(&self, mut part: CatalogRows, family: &[String]) -> Option<CatalogBase> {
        let cat_index: HashMap<String, u16> = self
            .categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i as u16))
            .collect();
        // The families built as the full build builds every product, on
        // their own: links and inheritance stay within a family.
        let (mut fresh, fresh_by_id) = new_products(&part.products);
        if fresh.len() != family.len() {
            return None; // a member left (draft, archived, deleted) or joined
        }
        link_variants(&part.products, &mut fresh, &fresh_by_id);
        attach_rows(&mut part, &mut fresh, &fresh_by_id, &cat_index);
        inherit_from_parents(&mut fresh, &self.categories);

        let mut products = self.products.clone();
        let mut changed = Vec::with_capacity(fresh.len());
        for row in &part.products {
            let Some(&f) = fresh_by_id.get(&row.id) else {
                continue;
            };
            let g = self.product_by_id(&row.id)?;
            let old = &self.products[g as usize];
            let same_parent =
                row.parent_id.as_deref() == old.parent.map(|p| self.product(p).id.as_str());
            let variants = |p: &Product, all: &dyn Fn(u32) -> String| -> HashSet<String> {
                p.variants.iter().map(|&v| all(v)).collect()
            };
            let same_variants = variants(&fresh[f as usize], &|v| fresh[v as usize].id.clone())
                == variants(old, &|v| self.product(v).id.clone());
            if !same_parent || !same_variants || !same_shape(old, &fresh[f as usize]) {
                return None;
            }
            let mut new = fresh[f as usize].clone();
            // Indices into the whole catalogue, in its variant order.
            new.parent = old.parent;
            new.variants = old.variants.clone();
            new.listable = old.listable;
            products[g as usize] = Arc::new(new);
            changed.push(g);
        }

        let own_rows = self.price_rows(&part, |r| (r.price_cents, r.compare_at_cents, *r.sold));
        let partner_rows = self.partner_rows(&part);
        let partner_priced = self.partner_priced_after(&changed, &partner_rows)?;
        let mut views = self.views.clone();
        for at in 0..views.len() {
            let rows_here = self.rows_in_view(at, &own_rows, &partner_rows, &views);
            self.patch_view(&mut views[at], at, &products, &changed, &rows_here);
        }
        Some(CatalogBase {
            stores: self.stores.clone(),
            default_store: self.default_store,
            store_by_code: self.store_by_code.clone(),
            store_by_key: self.store_by_key.clone(),
            paused_keys: self.paused_keys.clone(),
            partner_twin: self.partner_twin.clone(),
            partner_priced,
            categories: self.categories.clone(),
            category_by_slug: self.category_by_slug.clone(),
            products,
            product_by_slug: Arc::clone(&self.product_by_slug),
            product_by_sku: Arc::clone(&self.product_by_sku),
            product_by_id: Arc::clone(&self.product_by_id),
            listable: self.listable.clone(),
            order_relevance: self.order_relevance.clone(),
            order_name: self.order_name.clone(),
            order_newest: self.order_newest.clone(),
            by_main_category: self.by_main_category.clone(),
            views,
            search: Arc::clone(&self.search),
            models: self.models.clone(),
        })
    }

    /// `part`'s store price rows by store code and product index.
    fn price_rows<'a>(
        &self,
        part: &'a CatalogRows,
        entry: impl Fn(&uplink_db::catalog::PriceRow) -> PriceEntry,
    ) -> RowsByStore<'a, PriceEntry> {
        let mut out: RowsByStore<'a, PriceEntry> = HashMap::new();
        for r in &part.prices {
            if let Some(p) = self.product_by_id(&r.product_id) {
                out.entry(r.store_code.as_str())
                    .or_default()
                    .insert(p, entry(r));
            }
        }
        out
    }

    /// `part`'s partner price rows by store code and product index.
    fn partner_rows<'a>(&self, part: &'a CatalogRows) -> RowsByStore<'a, i64> {
        let mut out: RowsByStore<'a, i64> = HashMap::new();
        for r in &part.partner_prices {
            if let Some(p) = self.product_by_id(&r.product_id) {
                out.entry(r.store_code.as_str())
                    .or_default()
                    .insert(p, r.price_cents);
            }
        }
        out
    }

    /// Which products each store's partner price list prices after the
    /// change; `None` when a list starts or ends (a partner price list's
    /// store entry appears or goes: build everything).
    fn partner_priced_after(
        &self,
        changed: &[u32],
        partner_rows: &RowsByStore<'_, i64>,
    ) -> Option<Vec<HashSet<u32>>> {
        let mut after = self.partner_priced.clone();
        for (s, priced) in after.iter_mut().enumerate() {
            let had_list = !priced.is_empty();
            for p in changed {
                priced.remove(p);
            }
            if self.stores[s].is_estore()
                && let Some(rows) = partner_rows.get(self.stores[s].code.as_str())
            {
                priced.extend(rows.keys().copied());
            }
            let has_list = !priced.is_empty();
            if had_list != has_list {
                return None;
            }
        }
        Some(after)
    }

    /// The changed families' price rows as store entry `at` sees them: its
    /// own store's rows, and for a partner price list's entry, the partner
    /// prices over them with the store's (already patched) price as the
    /// compare-at price, as [`store_views`](super::build) builds them.
    fn rows_in_view(
        &self,
        at: usize,
        own_rows: &RowsByStore<'_, PriceEntry>,
        partner_rows: &RowsByStore<'_, i64>,
        views: &[StoreView],
    ) -> HashMap<u32, PriceEntry> {
        let store = &self.stores[at];
        let code = self.stores[store.base].code.as_str();
        let mut rows = own_rows.get(code).cloned().unwrap_or_default();
        if store.price_list == PriceList::Partner
            && let Some(partner) = partner_rows.get(code)
        {
            for (&p, &price) in partner {
                let store_price = views[store.base].offers[p as usize].map(|o| o.price);
                let sold = rows.get(&p).is_none_or(|r| r.2);
                rows.insert(p, (Some(price), store_price, sold));
            }
        }
        rows
    }

    /// Store entry `at`'s view with the changed products' offers and their
    /// families' cards recomputed; the price order, sold count and category
    /// counts follow when a card's price or sale changed.
    fn patch_view(
        &self,
        view: &mut StoreView,
        at: usize,
        products: &[Arc<Product>],
        changed: &[u32],
        rows_here: &HashMap<u32, PriceEntry>,
    ) {
        let store = &self.stores[at];
        for &g in changed {
            let p = &products[g as usize];
            let parent_row = p.parent.and_then(|pp| rows_here.get(&pp));
            view.offers[g as usize] = offer_in(store, rows_here.get(&g), parent_row, p);
        }
        let mut reorder = false;
        for &g in changed {
            let p = &products[g as usize];
            let Some(l) = p.listable.map(|l| l as usize) else {
                continue;
            };
            let was = (view.sold[l], view.card_price[l]);
            let card = card_in(p, g, rows_here.get(&g), &view.offers);
            view.sold[l] = card.is_some();
            view.card_price[l] = card.map_or(i64::MAX, |c| c.0);
            view.card_compare_at[l] = card.and_then(|c| c.1);
            if was.0 != view.sold[l] {
                let step: i64 = if view.sold[l] { 1 } else { -1 };
                view.sold_count = (view.sold_count as i64 + step) as u32;
                for &c in &p.category_closure {
                    let n = &mut view.category_counts[c as usize];
                    *n = (*n as i64 + step) as u32;
                }
            }
            reorder |= was != (view.sold[l], view.card_price[l]);
        }
        if reorder {
            view.order_price = price_order(&self.order_name, &view.sold, &view.card_price);
        }
    }
}

/// Whether a product's new build leaves the listing orders, the category
/// counts, the lookups and the search documents as they are: the same
/// names, codes, type, brand, place, categories, labels and searchable text.
fn same_shape(old: &Product, new: &Product) -> bool {
    old.id == new.id
        && old.sku == new.sku
        && old.slug == new.slug
        && old.name == new.name
        && old.brand == new.brand
        && old.product_type == new.product_type
        && old.featured == new.featured
        && old.position == new.position
        && old.created_at == new.created_at
        && old.categories == new.categories
        && old.category_closure == new.category_closure
        && old.labels == new.labels
        && old.summary == new.summary
        && old.description == new.description
        && old.specs == new.specs
        && old.attributes == new.attributes
}
