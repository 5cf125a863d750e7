/**
 * The product list's state as it lives in the URL (`/admin/products?q=max&status=draft&sort=-price&page=2`):
 * parsed with defaults, written back without them, so a link or a reload shows the same page.
 */
export const PRODUCT_SORTS = ['name', '-name', 'sku', 'price', '-price', '-updated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const STOCK_FILTERS = ['low', 'out'] as const;
export const PER_PAGE_CHOICES = [25, 50, 100, 200] as const;
export const DEFAULT_PER_PAGE = 50;

export interface ProductListParams {
  q: string;
  type: string;
  status: string;
  brand: string;
  category: string;
  label: string;
  stock: string;
  sort: ProductSort;
  page: number;
  perPage: number;
}

export const DEFAULT_PARAMS: ProductListParams = {
  q: '',
  type: '',
  status: '',
  brand: '',
  category: '',
  label: '',
  stock: '',
  sort: 'name',
  page: 1,
  perPage: DEFAULT_PER_PAGE,
};

const FILTERS = ['type', 'status', 'brand', 'category', 'label', 'stock'] as const;
export type ProductFilter = (typeof FILTERS)[number];

function positiveInt(text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!text || !/^\d{1,6}$/.test(text)) return fallback;
  const n = Number(text);
  return n >= 1 && n <= max ? n : fallback;
}

export function parseProductListParams(search: URLSearchParams): ProductListParams {
  const sort = search.get('sort') ?? '';
  const perPage = positiveInt(search.get('per_page'), DEFAULT_PER_PAGE, 200);
  const params: ProductListParams = {
    ...DEFAULT_PARAMS,
    q: (search.get('q') ?? '').trim(),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : 'name',
    page: positiveInt(search.get('page'), 1),
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
  for (const key of FILTERS) params[key] = search.get(key) ?? '';
  if (params.stock && !(STOCK_FILTERS as readonly string[]).includes(params.stock)) params.stock = '';
  return params;
}

/** The URL's search params for `params`: defaults and empty filters left out. */
export function productListSearch(params: ProductListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.q) out.set('q', params.q);
  for (const key of FILTERS) if (params[key]) out.set(key, params[key]);
  if (params.sort !== 'name') out.set('sort', params.sort);
  if (params.perPage !== DEFAULT_PER_PAGE) out.set('per_page', String(params.perPage));
  if (params.page !== 1) out.set('page', String(params.page));
  return out;
}

/** A change of search, filter, sort or page size starts again on page 1; a page change keeps the rest. */
export function withChange(params: ProductListParams, change: Partial<ProductListParams>): ProductListParams {
  const next = { ...params, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

/** The query the API takes (`GET /admin/products`). */
export function productListQuery(params: ProductListParams) {
  return {
    q: params.q || undefined,
    type: params.type || undefined,
    status: params.status || undefined,
    brand: params.brand || undefined,
    category: params.category || undefined,
    label: params.label || undefined,
    stock: params.stock || undefined,
    sort: params.sort,
    page: params.page,
    per_page: params.perPage,
  };
}

/** Clicking a column header: ascending first, then descending (name and price have both; SKU ascending, updated newest first). */
export function nextSort(current: ProductSort, column: 'name' | 'sku' | 'price' | 'updated'): ProductSort {
  switch (column) {
    case 'name':
      return current === 'name' ? '-name' : 'name';
    case 'price':
      return current === 'price' ? '-price' : 'price';
    case 'sku':
      return 'sku';
    case 'updated':
      return '-updated';
  }
}

/** `aria-sort` of a column header for the current sort. */
export function ariaSortOf(current: ProductSort, column: 'name' | 'sku' | 'price' | 'updated'): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

export function activeFilterCount(params: ProductListParams): number {
  return FILTERS.filter((key) => params[key]).length + (params.q ? 1 : 0);
}
