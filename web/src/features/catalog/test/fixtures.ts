import type {
  CategoryNode,
  CategoryTree,
  Facets,
  ProductCard,
  ProductDetail,
  ProductPage,
  Suggestion,
  Suggestions,
} from '../api/types';
import { usd } from '@/testing/fixtures';

export function card(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 'prd_1',
    slug: 'br1-mini',
    sku: 'UL-BR1-MINI',
    name: 'BR1 Mini LTE router',
    brand: 'Uplink',
    type: 'hardware',
    summary: 'A compact LTE router.',
    image: null,
    price: usd(29_900),
    compare_at_price: null,
    price_from: false,
    stock_status: 'in_stock',
    labels: [],
    category: 'routers',
    purchasable: true,
    variant_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const FACETS: Facets = {
  categories: [
    { slug: 'hardware', name: 'Hardware', parent: null, count: 17 },
    { slug: 'routers', name: 'Routers', parent: 'hardware', count: 12 },
    { slug: 'access-points', name: 'Access Points', parent: 'hardware', count: 5 },
  ],
  brands: [
    { value: 'Uplink', label: 'Uplink', count: 30 },
    { value: 'Pepwave', label: 'Pepwave', count: 33 },
  ],
  types: [
    { value: 'hardware', label: 'Hardware', count: 20 },
    { value: 'cloud', label: 'SpeedFusion Cloud', count: 6 },
  ],
  labels: [{ value: 'SFC Management', label: 'SFC Management', count: 4 }],
  price_bands: [
    { min_cents: 0, max_cents: 9_999, count: 10 },
    { min_cents: 10_000, max_cents: 49_999, count: 25 },
    { min_cents: 50_000, max_cents: null, count: 28 },
  ],
  in_stock: 55,
};

export function page(items: ProductCard[], overrides: Partial<ProductPage> = {}): ProductPage {
  const total = overrides.total ?? items.length;
  const pageSize = overrides.page_size ?? 24;
  return {
    items,
    total,
    page: 1,
    page_size: pageSize,
    page_count: Math.ceil(total / pageSize),
    sort: 'relevance',
    q: null,
    approximate: false,
    store: 'global',
    currency: 'USD',
    facets: FACETS,
    ...overrides,
  };
}

function node(slug: string, name: string, count: number, children: CategoryNode[] = []): CategoryNode {
  return { id: `cat_${slug}`, slug, name, description: '', image_url: null, product_count: count, children };
}

export const CATEGORIES: CategoryTree = {
  store: 'global',
  items: [
    node('hardware', 'Hardware', 17, [node('routers', 'Routers', 12), node('access-points', 'Access Points', 5)]),
    node('cloud', 'Cloud', 9),
  ],
};

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const base = card();
  return {
    id: base.id,
    slug: base.slug,
    sku: base.sku,
    name: base.name,
    brand: base.brand,
    type: base.type,
    summary: base.summary,
    description: 'A **compact** router.',
    description_html: '<p>A <strong>compact</strong> router.</p>',
    images: [],
    labels: [],
    breadcrumb: [
      { slug: 'hardware', name: 'Hardware' },
      { slug: 'routers', name: 'Routers' },
    ],
    categories: [{ slug: 'routers', name: 'Routers' }],
    store: 'global',
    sold_in_store: true,
    price: usd(29_900),
    compare_at_price: null,
    price_from: false,
    stock_status: 'in_stock',
    available: 40,
    purchasable: true,
    min_qty: 1,
    max_qty: 10,
    qty_step: 1,
    weight_grams: 450,
    term_months: null,
    data_mb: null,
    validity_days: null,
    stackable: false,
    eligibility: null,
    variant_attributes: [],
    variants: [],
    selected_variant: null,
    custom_options: [],
    specification: [
      { group: 'Performance', name: 'Throughput', value: '100 Mbps' },
      { group: 'Interfaces', name: 'LAN ports', value: '1 × GbE' },
    ],
    package_contents: [
      { item: 'BR1 Mini', qty: 1 },
      { item: 'Power adapter', qty: 1 },
    ],
    downloads: [
      {
        title: 'BR1 Mini datasheet',
        kind: 'datasheet',
        url: '/api/v1/media/br1-mini.pdf',
        file_name: 'br1-mini.pdf',
        content_type: 'application/pdf',
        size_bytes: 120_000,
        version: '1.2',
      },
    ],
    tabs: ['specification', 'package-content', 'download'],
    related: [],
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function suggestion(slug: string, sku: string, name: string, cents: number): Suggestion {
  return { slug, sku, name, type: 'hardware', image: null, price: usd(cents), price_from: false };
}

export const SUGGESTIONS: Suggestions = {
  q: 'r',
  items: [
    suggestion('br1-mini', 'UL-BR1-MINI', 'BR1 Mini LTE router', 29_900),
    suggestion('max-br1-pro', 'PW-MAX-BR1-PRO', 'MAX BR1 Pro 5G router', 99_900),
    suggestion('ap-one', 'UL-AP-ONE', 'AP One access point', 19_900),
  ],
  categories: [{ slug: 'routers', name: 'Routers' }],
};
