//! The steps that build a [`CatalogBase`](super::snapshot::CatalogBase) from
//! the catalogue rows: stores, categories, products with their details,
//! the listing orders, one view per store, and the search documents.

use super::snapshot::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use uplink_db::catalog::{
    CatalogRows, CategoryRow, PartnerPriceRow, PriceRow, ProductRow, StoreRow,
};
use uplink_domain::catalog::{
    Brand, DownloadKind, Label, OptionKind, PrimeRequirement, ProductType, Region, StoreKind,
};
use uplink_domain::serial::DeviceModel;
use uplink_domain::serial::Eligibility;
use uplink_search::{SearchDoc, SearchIndex};

impl CatalogBase {
    /// Builds everything but the stock from the catalogue rows, step by step
    /// (see `read_model/build.rs`).
    /// `previous` (the catalogue being replaced) lends its search index when
    /// the searchable text did not change.
    pub(super) fn build(
        mut rows: CatalogRows,
        previous: Option<&CatalogBase>,
    ) -> Result<CatalogBase, uplink_search::SearchError> {
        let (mut stores, paused_keys) = stores_from(std::mem::take(&mut rows.stores));
        let default_store = stores
            .iter()
            .position(|s| s.is_default)
            .or_else(|| stores.iter().position(|s| s.code == "global"))
            .unwrap_or(0);
        let store_by_code = stores
            .iter()
            .enumerate()
            .map(|(i, s)| (s.code.to_ascii_lowercase(), i))
            .collect();
        let store_by_key = stores
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.key.as_ref().map(|k| (k.to_ascii_lowercase(), i)))
            .collect();

        let (categories, cat_index) = categories_from(&rows.categories);
        let category_by_slug = categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.slug.clone(), i as u16))
            .collect();
        let (mut products, product_by_id) = new_products(&rows.products);
        let orphan = link_variants(&rows.products, &mut products, &product_by_id);
        attach_rows(&mut rows, &mut products, &product_by_id, &cat_index);
        inherit_from_parents(&mut products, &categories);
        let orders = listing_orders(&mut products, &orphan, categories.len());
        let (views, partner_twin, partner_priced) = store_views(
            &rows.prices,
            &rows.partner_prices,
            &mut stores,
            &products,
            &product_by_id,
            &orders,
            categories.len(),
        );
        let search = SearchIndex::build_unless_same(
            search_docs(&products, &orders.listable, &categories),
            previous.map(|p| &p.search),
        )?;
        let ListingOrders {
            listable,
            order_relevance,
            order_name,
            order_newest,
            by_main_category,
        } = orders;
        let product_by_slug = Arc::new(
            products
                .iter()
                .enumerate()
                .map(|(i, p)| (p.slug.clone(), i as u32))
                .collect(),
        );
        let product_by_sku = Arc::new(
            products
                .iter()
                .enumerate()
                .map(|(i, p)| (p.sku.to_ascii_uppercase(), i as u32))
                .collect(),
        );
        let models = rows
            .models
            .into_iter()
            .map(|m| DeviceModel {
                prefix: m.prefix,
                code: m.code,
                name: m.name,
                prime: *m.prime,
                hardware_sku: m.hardware_sku,
            })
            .collect();
        Ok(CatalogBase {
            stores,
            default_store,
            store_by_code,
            store_by_key,
            paused_keys,
            partner_twin,
            partner_priced,
            categories,
            category_by_slug,
            products: products.into_iter().map(Arc::new).collect(),
            product_by_slug,
            product_by_sku,
            product_by_id: Arc::new(product_by_id),
            listable,
            order_relevance,
            order_name,
            order_newest,
            by_main_category,
            views,
            search,
            models,
        })
    }
}

/// The active stores (an empty database still gets a catalogue-less default
/// store), and the keys of paused mini-stores.
pub(super) fn stores_from(rows: Vec<StoreRow>) -> (Vec<Store>, HashSet<String>) {
    let paused = rows
        .iter()
        .filter(|s| !*s.active)
        .filter_map(|s| s.store_key.as_ref().map(|k| k.to_ascii_lowercase()))
        .collect();
    let mut stores = Vec::new();
    for s in rows.into_iter().filter(|s| *s.active) {
        let (Some(kind), Some(region)) = (StoreKind::parse(&s.kind), Region::parse(&s.region))
        else {
            tracing::warn!(store = %s.code, "store with unknown kind or region skipped");
            continue;
        };
        stores.push(Store {
            code: s.code,
            kind,
            region,
            name: s.name,
            currency: s.currency,
            is_default: *s.is_default,
            partner: s.partner_name,
            key: s.store_key,
            display_name: s.display_name,
            tagline: s.tagline,
            logo_url: s.logo_media.as_deref().map(media_url),
            accent_color: s.accent_color,
            selected_catalogue: s.catalogue == "selected",
            payment_methods: json_list(&s.payment_methods),
            shipping_methods: json_list(&s.shipping_methods),
            referral_terms: s
                .referral_terms
                .as_deref()
                .and_then(|t| serde_json::from_str(t).ok()),
            partner_id: s.partner_id,
            price_floor_bp: s.price_floor_bp,
            price_list: PriceList::Store,
            base: stores.len(),
        });
    }
    if stores.is_empty() {
        // An empty database still has a (catalogue-less) default store, so
        // every store-aware endpoint answers with empty lists instead of failing.
        stores.push(Store {
            code: "global".into(),
            kind: StoreKind::Estore,
            region: Region::Global,
            name: "Uplink Store".into(),
            currency: "USD".into(),
            is_default: true,
            partner: None,
            key: None,
            display_name: "Uplink Store".into(),
            tagline: None,
            logo_url: None,
            accent_color: "#0b5fff".into(),
            selected_catalogue: false,
            payment_methods: Vec::new(),
            shipping_methods: Vec::new(),
            referral_terms: None,
            partner_id: None,
            price_floor_bp: 10_000,
            price_list: PriceList::Store,
            base: 0,
        });
    }
    (stores, paused)
}

/// The category tree (parents, children, depth) and each category's index by id.
pub(super) fn categories_from(rows: &[CategoryRow]) -> (Vec<Category>, HashMap<String, u16>) {
    // Categories.
    let cat_index: HashMap<String, u16> = rows
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id.clone(), i as u16))
        .collect();
    let mut categories: Vec<Category> = rows
        .iter()
        .map(|c| Category {
            id: c.id.clone(),
            slug: c.slug.clone(),
            name: c.name.clone(),
            description: c.description.clone(),
            parent: c.parent_id.as_ref().and_then(|p| cat_index.get(p).copied()),
            children: Vec::new(),
            image_url: c.image_media.as_deref().map(media_url),
            depth: 0,
        })
        .collect();
    for i in 0..categories.len() {
        if let Some(p) = categories[i].parent {
            categories[p as usize].children.push(i as u16);
        }
        let mut depth = 0;
        let mut cur = categories[i].parent;
        while let Some(p) = cur {
            depth += 1;
            cur = if depth > 32 {
                None
            } else {
                categories[p as usize].parent
            };
        }
        categories[i].depth = depth;
    }
    (categories, cat_index)
}

/// A category and its ancestors (a cycle in the data stops the walk).
pub(super) fn ancestors(categories: &[Category], c: u16) -> Vec<u16> {
    let mut out = vec![c];
    let mut cur = categories[c as usize].parent;
    while let Some(p) = cur {
        if out.contains(&p) {
            break;
        }
        out.push(p);
        cur = categories[p as usize].parent;
    }
    out
}

/// The active products of known brand and type, without their details yet.
pub(super) fn new_products(rows: &[ProductRow]) -> (Vec<Product>, HashMap<String, u32>) {
    // Products (active only).
    let mut products: Vec<Product> = Vec::with_capacity(rows.len());
    let mut product_by_id: HashMap<String, u32> = HashMap::with_capacity(rows.len());
    for p in rows.iter().filter(|p| p.status == "active") {
        let (Some(brand), Some(product_type)) =
            (Brand::parse(&p.brand), ProductType::parse(&p.product_type))
        else {
            tracing::warn!(sku = %p.sku, "product with unknown brand or type skipped");
            continue;
        };
        let eligibility = p
            .eligibility_prime
            .as_deref()
            .and_then(PrimeRequirement::parse)
            .map(|prime| Eligibility {
                models: p
                    .eligibility_models
                    .as_deref()
                    .map(json_list)
                    .unwrap_or_default(),
                prime,
            });
        product_by_id.insert(p.id.clone(), products.len() as u32);
        products.push(Product {
            id: p.id.clone(),
            sku: p.sku.clone(),
            slug: p.slug.clone(),
            name: p.name.clone(),
            brand,
            product_type,
            parent: None,
            variants: Vec::new(),
            summary: p.summary.clone(),
            description: p.description.clone(),
            purchasable: *p.purchasable,
            featured: *p.featured,
            list_price: p.price_cents,
            compare_at: p.compare_at_cents,
            min_qty: p.min_qty.max(1),
            max_qty: p.max_qty,
            qty_step: p.qty_step.max(1),
            weight_grams: p.weight_grams,
            term_months: p.term_months,
            data_mb: p.data_mb,
            validity_days: p.validity_days,
            stackable: *p.stackable,
            eligibility,
            created_at: p.created_at,
            position: p.position,
            categories: Vec::new(),
            category_closure: Vec::new(),
            labels: Vec::new(),
            label_mask: 0,
            attributes: Vec::new(),
            specs: Vec::new(),
            package: Vec::new(),
            downloads: Vec::new(),
            images: Vec::new(),
            options: Vec::new(),
            listable: None,
        });
    }
    (products, product_by_id)
}

/// Parent and variant links; true for a variant whose parent is not active
/// (it is dropped from listings).
pub(super) fn link_variants(
    rows: &[ProductRow],
    products: &mut [Product],
    product_by_id: &HashMap<String, u32>,
) -> Vec<bool> {
    // Parent links (a variant whose parent is not active is dropped from listings).
    let mut orphan = vec![false; products.len()];
    for p in rows.iter().filter(|p| p.status == "active") {
        let (Some(&me), Some(parent_id)) = (product_by_id.get(&p.id), p.parent_id.as_ref()) else {
            continue;
        };
        match product_by_id.get(parent_id) {
            Some(&parent) => {
                products[me as usize].parent = Some(parent);
                products[parent as usize].variants.push(me);
            }
            None => orphan[me as usize] = true,
        }
    }
    orphan
}

/// Attributes, categories, labels, options, specs, package, downloads and
/// images, each onto its product.
pub(super) fn attach_rows(
    rows: &mut CatalogRows,
    products: &mut [Product],
    product_by_id: &HashMap<String, u32>,
    cat_index: &HashMap<String, u16>,
) {
    let idx = |id: &str| product_by_id.get(id).map(|&i| i as usize);
    for r in std::mem::take(&mut rows.attributes) {
        if let Some(i) = idx(&r.product_id) {
            products[i].attributes.push(Attribute {
                code: r.code,
                label: r.label,
                value: r.value,
                value_label: r.value_label,
            });
        }
    }
    for r in std::mem::take(&mut rows.product_categories) {
        if let (Some(i), Some(&c)) = (idx(&r.product_id), cat_index.get(&r.category_id)) {
            products[i].categories.push(c);
        }
    }
    for r in std::mem::take(&mut rows.labels) {
        if let (Some(i), Some(l)) = (idx(&r.product_id), Label::parse(&r.label)) {
            products[i].labels.push(l);
            products[i].label_mask |= 1 << l.index();
        }
    }
    let mut option_index: HashMap<String, (usize, usize)> = HashMap::new();
    for r in std::mem::take(&mut rows.options) {
        let (Some(i), Some(kind)) = (idx(&r.product_id), OptionKind::parse(&r.kind)) else {
            continue;
        };
        option_index.insert(r.id.clone(), (i, products[i].options.len()));
        products[i].options.push(CustomOption {
            code: r.code,
            label: r.label,
            kind,
            required: *r.required,
            pattern: r.pattern,
            help: r.help,
            values: Vec::new(),
        });
    }
    for r in std::mem::take(&mut rows.option_values) {
        if let Some(&(i, o)) = option_index.get(&r.option_id) {
            products[i].options[o].values.push(OptionValue {
                code: r.code,
                label: r.label,
                price_delta_cents: r.price_delta_cents,
                price_delta_bp: r.price_delta_bp,
            });
        }
    }
    for r in std::mem::take(&mut rows.specs) {
        if let Some(i) = idx(&r.product_id) {
            products[i].specs.push(Spec {
                group: r.spec_group,
                name: r.name,
                value: r.value,
            });
        }
    }
    for r in std::mem::take(&mut rows.package) {
        if let Some(i) = idx(&r.product_id) {
            products[i].package.push((r.item, r.qty));
        }
    }
    for r in std::mem::take(&mut rows.downloads) {
        let (Some(i), Some(kind)) = (idx(&r.product_id), DownloadKind::parse(&r.kind)) else {
            continue;
        };
        products[i].downloads.push(Download {
            title: r.title,
            kind,
            url: media_url(&r.media_key),
            file_name: r.file_name,
            content_type: r.content_type,
            size_bytes: r.size_bytes,
            version: r.version,
        });
    }
    for r in std::mem::take(&mut rows.images) {
        if let Some(i) = idx(&r.product_id) {
            products[i].images.push(Image {
                url: media_url(&r.media_key),
                alt: r.alt,
            });
        }
    }
}

/// Variants inherit what they lack from their parent; every product gets
/// its category closure (its categories and their ancestors).
pub(super) fn inherit_from_parents(products: &mut [Product], categories: &[Category]) {
    // Variants inherit the parent's categories, labels and images when they have none.
    for i in 0..products.len() {
        if let Some(parent) = products[i].parent {
            let parent = parent as usize;
            if products[i].categories.is_empty() {
                products[i].categories = products[parent].categories.clone();
            }
            if products[i].images.is_empty() {
                products[i].images = products[parent].images.clone();
            }
            if products[i].labels.is_empty() {
                products[i].labels = products[parent].labels.clone();
                products[i].label_mask = products[parent].label_mask;
            }
        }
    }
    for p in products.iter_mut() {
        let mut closure: Vec<u16> = p
            .categories
            .iter()
            .flat_map(|&c| ancestors(categories, c))
            .collect();
        closure.sort_unstable();
        closure.dedup();
        p.category_closure = closure;
    }
}

/// The listable products and their precomputed orders.
pub(super) struct ListingOrders {
    pub listable: Vec<u32>,
    pub order_relevance: Vec<u32>,
    pub order_name: Vec<u32>,
    pub order_newest: Vec<u32>,
    pub by_main_category: Vec<Vec<u32>>,
}

/// Which products list (parents and simple products, configurables with a
/// variant) and in which orders.
pub(super) fn listing_orders(
    products: &mut [Product],
    orphan: &[bool],
    category_count: usize,
) -> ListingOrders {
    // Listable products: parents and simple products (not variants), and
    // configurables only when they have at least one variant.
    let mut listable = Vec::new();
    for (i, p) in products.iter_mut().enumerate() {
        let is_variant = p.parent.is_some() || orphan[i];
        let empty_parent = p.product_type == ProductType::Configurable && p.variants.is_empty();
        if !is_variant && !empty_parent {
            p.listable = Some(listable.len() as u32);
            listable.push(i as u32);
        }
    }
    let n = listable.len();
    let lp = |l: u32| &products[listable[l as usize] as usize];
    let mut order_relevance: Vec<u32> = (0..n as u32).collect();
    order_relevance.sort_by_key(|&l| (!lp(l).featured, lp(l).position, l));
    let lower_names: Vec<String> = (0..n as u32).map(|l| lp(l).name.to_lowercase()).collect();
    let mut order_name: Vec<u32> = (0..n as u32).collect();
    order_name.sort_by(|&a, &b| {
        lower_names[a as usize]
            .cmp(&lower_names[b as usize])
            .then(a.cmp(&b))
    });
    let mut order_newest: Vec<u32> = (0..n as u32).collect();
    order_newest.sort_by_key(|&l| (std::cmp::Reverse(lp(l).created_at), lp(l).position, l));

    let mut by_main_category = vec![Vec::new(); category_count];
    for &l in &order_relevance {
        if let Some(&c) = lp(l).categories.first() {
            by_main_category[c as usize].push(l);
        }
    }

    ListingOrders {
        listable,
        order_relevance,
        order_name,
        order_newest,
        by_main_category,
    }
}

/// One view per store: what it sells, at which price, in which price order,
/// and how many products each category holds there.
pub(super) fn store_views(
    prices: &[PriceRow],
    partner_prices: &[PartnerPriceRow],
    stores: &mut Vec<Store>,
    products: &[Product],
    product_by_id: &HashMap<String, u32>,
    orders: &ListingOrders,
    category_count: usize,
) -> (Vec<StoreView>, Vec<Option<usize>>, Vec<HashSet<u32>>) {
    // Per-store views.
    let store_ix: HashMap<&str, usize> = stores
        .iter()
        .enumerate()
        .map(|(i, s)| (s.code.as_str(), i))
        .collect();
    let mut price_rows: Vec<HashMap<u32, PriceEntry>> = vec![HashMap::new(); stores.len()];
    for r in prices {
        if let (Some(&s), Some(&p)) = (
            store_ix.get(r.store_code.as_str()),
            product_by_id.get(&r.product_id),
        ) {
            price_rows[s].insert(p, (r.price_cents, r.compare_at_cents, *r.sold));
        }
    }
    let mut partner_rows: Vec<HashMap<u32, i64>> = vec![HashMap::new(); stores.len()];
    for r in partner_prices {
        if let (Some(&s), Some(&p)) = (
            store_ix.get(r.store_code.as_str()),
            product_by_id.get(&r.product_id),
        ) && stores[s].is_estore()
        {
            partner_rows[s].insert(p, r.price_cents);
        }
    }
    let mut views: Vec<StoreView> = stores
        .iter()
        .zip(&price_rows)
        .map(|(store, rows_here)| store_view(store, rows_here, products, orders, category_count))
        .collect();
    // An eStore with a partner price list gets a twin entry showing it
    // (what a signed-in partner sees), after every store people choose.
    let mut twins = vec![None; stores.len()];
    let partner_priced = partner_rows
        .iter()
        .map(|rows| rows.keys().copied().collect())
        .collect();
    for base in 0..stores.len() {
        if partner_rows[base].is_empty() {
            continue;
        }
        let mut rows_here = price_rows[base].clone();
        for (&p, &price) in &partner_rows[base] {
            // The store's own price stays visible as the "compare at" price.
            let store_price = views[base].offers[p as usize].map(|o| o.price);
            let sold = rows_here.get(&p).is_none_or(|r| r.2);
            rows_here.insert(p, (Some(price), store_price, sold));
        }
        let twin = Store {
            price_list: PriceList::Partner,
            base,
            ..stores[base].clone()
        };
        views.push(store_view(
            &twin,
            &rows_here,
            products,
            orders,
            category_count,
        ));
        twins[base] = Some(stores.len());
        stores.push(twin);
        twins.push(None);
    }
    (views, twins, partner_priced)
}

/// One store's view.
fn store_view(
    store: &Store,
    rows_here: &HashMap<u32, PriceEntry>,
    products: &[Product],
    orders: &ListingOrders,
    category_count: usize,
) -> StoreView {
    let listable = &orders.listable;
    let n = listable.len();
    let offers: Vec<Option<Offer>> = products
        .iter()
        .enumerate()
        .map(|(pi, p)| {
            let own = rows_here.get(&(pi as u32));
            let parent_row = p.parent.and_then(|pp| rows_here.get(&pp));
            offer_in(store, own, parent_row, p)
        })
        .collect();
    let mut sold = vec![false; n];
    let mut card_price = vec![i64::MAX; n];
    let mut card_compare_at = vec![None; n];
    for (l, &pi) in listable.iter().enumerate() {
        let own = rows_here.get(&pi);
        if let Some((price, cmp)) = card_in(&products[pi as usize], pi, own, &offers) {
            sold[l] = true;
            card_price[l] = price;
            card_compare_at[l] = cmp;
        }
    }
    let order_price = price_order(&orders.order_name, &sold, &card_price);
    let mut category_counts = vec![0u32; category_count];
    let mut sold_count = 0;
    for (l, &pi) in listable.iter().enumerate() {
        if sold[l] {
            sold_count += 1;
            for &c in &products[pi as usize].category_closure {
                category_counts[c as usize] += 1;
            }
        }
    }
    StoreView {
        offers,
        sold,
        card_price,
        card_compare_at,
        order_price,
        category_counts,
        sold_count,
    }
}

/// A product's offer in a store, from its own price row and its parent's:
/// not sold when its row (else its parent's, else a selected-catalogue
/// store) says so; the row's price, else the list price; a compare-at price
/// only above the price.
pub(super) fn offer_in(
    store: &Store,
    own: Option<&PriceEntry>,
    parent_row: Option<&PriceEntry>,
    p: &Product,
) -> Option<Offer> {
    let sold = match (own, parent_row) {
        (Some(r), _) => r.2,
        (None, Some(r)) => r.2,
        (None, None) => !store.selected_catalogue,
    };
    if !sold {
        return None;
    }
    let price = own.and_then(|r| r.0).unwrap_or(p.list_price);
    let compare_at = own
        .and_then(|r| r.1)
        .or(p.compare_at)
        .filter(|c| *c > price);
    Some(Offer { price, compare_at })
}

/// A listable product's card price and compare-at price in a store, `None`
/// when the store does not sell it. A configurable is sold when it is not
/// excluded itself (`own`) and a variant is sold; it shows its lowest
/// variant price (and its best variant stock status).
pub(super) fn card_in(
    p: &Product,
    pi: u32,
    own: Option<&PriceEntry>,
    offers: &[Option<Offer>],
) -> Option<(i64, Option<i64>)> {
    if p.variants.is_empty() {
        return offers[pi as usize].map(|o| (o.price, o.compare_at));
    }
    if own.is_some_and(|r| !r.2) {
        return None;
    }
    let mut best: Option<(i64, Option<i64>)> = None;
    for &v in &p.variants {
        if let Some(o) = offers[v as usize]
            && best.is_none_or(|(bp, _)| o.price < bp)
        {
            best = Some((o.price, o.compare_at));
        }
    }
    best
}

/// The sold listable ordinals by card price, ties in name order.
pub(super) fn price_order(order_name: &[u32], sold: &[bool], card_price: &[i64]) -> Vec<u32> {
    let mut order: Vec<u32> = order_name
        .iter()
        .copied()
        .filter(|&l| sold[l as usize])
        .collect();
    order.sort_by_key(|&l| card_price[l as usize]); // stable: ties stay in name order
    order
}

/// The search documents of the listable products (variants' SKUs and
/// attribute values included).
pub(super) fn search_docs(
    products: &[Product],
    listable: &[u32],
    categories: &[Category],
) -> Vec<SearchDoc> {
    // Search index over listable products (variants' SKUs and names included).
    listable
        .iter()
        .enumerate()
        .map(|(l, &pi)| {
            let p = &products[pi as usize];
            let mut skus = vec![p.sku.clone()];
            let mut specs = String::new();
            for s in &p.specs {
                specs.push_str(&s.name);
                specs.push(' ');
                specs.push_str(&s.value);
                specs.push('\n');
            }
            for &v in &p.variants {
                let v = &products[v as usize];
                skus.push(v.sku.clone());
                for a in &v.attributes {
                    specs.push_str(&a.value_label);
                    specs.push('\n');
                }
            }
            let mut facets = format!("{} {}", p.brand.label(), p.product_type.label());
            for &c in &p.category_closure {
                facets.push(' ');
                facets.push_str(&categories[c as usize].name);
            }
            for l in &p.labels {
                facets.push(' ');
                facets.push_str(l.label());
            }
            SearchDoc {
                ord: l as u32,
                name: p.name.clone(),
                skus,
                summary: p.summary.clone(),
                description: p.description.clone(),
                specs,
                facets,
            }
        })
        .collect()
}
