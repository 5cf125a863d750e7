import type { Category, Facets, ProductDetail, ProductPage, ProductSummary, Suggestion } from '../api/types';

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 'prd_1',
    sku: 'UL-BR1-MINI',
    slug: 'br1-mini',
    name: 'BR1 Mini LTE router',
    brand: 'Uplink',
    type: 'hardware',
    labels: [],
    summary: 'A compact LTE router.',
    image: null,
    currency: 'USD',
    price: 29_900,
    compare_at_price: null,
    stock_status: 'in_stock',
    purchasable: true,
    ...overrides,
  };
}

export const FACETS: Facets = {
  category: [
    { value: 'routers', label: 'Routers', count: 12 },
    { value: 'access-points', label: 'Access Points', count: 5 },
  ],
  brand: [
    { value: 'Uplink', label: 'Uplink', count: 30 },
    { value: 'Pepwave', label: 'Pepwave', count: 33 },
  ],
  type: [
    { value: 'hardware', label: 'Hardware', count: 20 },
    { value: 'cloud', label: 'SpeedFusion Cloud', count: 6 },
  ],
  label: [{ value: 'SFC Management', label: 'SFC Management', count: 4 }],
  price: [
    { min: null, max: 10_000, count: 10 },
    { min: 10_000, max: 50_000, count: 25 },
    { min: 50_000, max: null, count: 28 },
  ],
  in_stock: 55,
};

export function page(items: ProductSummary[], overrides: Partial<ProductPage> = {}): ProductPage {
  return { items, total: items.length, page: 1, page_size: 24, facets: FACETS, ...overrides };
}

export const CATEGORIES: Category[] = [
  {
    slug: 'hardware',
    name: 'Hardware',
    description: 'Routers, access points and accessories.',
    product_count: 30,
    children: [
      { slug: 'routers', name: 'Routers', description: null, product_count: 12, children: [] },
      { slug: 'access-points', name: 'Access Points', description: null, product_count: 5, children: [] },
    ],
  },
  { slug: 'cloud', name: 'Cloud', description: null, product_count: 9, children: [] },
];

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary(),
    description: 'A compact router.',
    categories: [{ slug: 'routers', name: 'Routers' }],
    images: [],
    min_qty: 1,
    max_qty: 10,
    qty_step: 1,
    specification: [
      { group: 'Performance', name: 'Throughput', value: '100 Mbps' },
      { group: 'Interfaces', name: 'LAN ports', value: '1 × GbE' },
    ],
    package_contents: [
      { item: 'BR1 Mini', qty: 1 },
      { item: 'Power adapter', qty: 1 },
    ],
    downloads: [
      { title: 'BR1 Mini datasheet', kind: 'datasheet', url: '/files/br1-mini.pdf', size: 120_000, version: '1.2' },
    ],
    custom_options: [],
    attributes: [],
    variants: [],
    related: [],
    term_months: null,
    data_allowance_mb: null,
    validity_days: null,
    stackable: false,
    ...overrides,
  };
}

export const SUGGESTIONS: Suggestion[] = [
  { sku: 'UL-BR1-MINI', slug: 'br1-mini', name: 'BR1 Mini LTE router', image: null, price: 29_900, currency: 'USD' },
  { sku: 'PW-MAX-BR1-PRO', slug: 'max-br1-pro', name: 'MAX BR1 Pro 5G router', image: null, price: 99_900, currency: 'USD' },
  { sku: 'UL-AP-ONE', slug: 'ap-one', name: 'AP One access point', image: null, price: 19_900, currency: 'USD' },
];
