import type { Brand, Label, ProductType } from '../api/types';

/**
 * Listing state (filters, sort, pagination) lives in the URL (SPEC §4.4). The URL uses the
 * API's own parameter names, so a listing URL and its API request read the same.
 */
export const SORTS = ['relevance', 'price_asc', 'price_desc', 'name', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 24;

/** Multi-value facet filters; each may repeat in the URL (`brand=Uplink&brand=Pepwave`). */
export const FACET_KEYS = ['category', 'brand', 'type', 'label'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export interface ListingState {
  q: string;
  category: string[];
  brand: string[];
  type: string[];
  label: string[];
  /** Price range in cents, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  sort: Sort;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_LISTING: ListingState = {
  q: '',
  category: [],
  brand: [],
  type: [],
  label: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  sort: 'relevance',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

function readCents(value: string | null): number | null {
  if (value === null || !/^\d{1,12}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function readPositiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 ? number : fallback;
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

/** Reads the listing state from a URL, forgiving anything malformed (it falls back to defaults). */
export function parseListing(params: URLSearchParams): ListingState {
  const sort = params.get('sort');
  const pageSize = Number(params.get('page_size'));
  return {
    q: (params.get('q') ?? '').trim(),
    category: unique(params.getAll('category')),
    brand: unique(params.getAll('brand')),
    type: unique(params.getAll('type')),
    label: unique(params.getAll('label')),
    minPrice: readCents(params.get('min_price')),
    maxPrice: readCents(params.get('max_price')),
    inStock: params.get('in_stock') === 'true',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
    page: readPositiveInt(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the state as URL parameters, leaving out defaults so URLs stay short and shareable. */
export function serializeListing(state: ListingState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  // Keep parameters that are not listing state (e.g. `tab`, tracking) in their original order.
  const own = new Set<string>(['q', ...FACET_KEYS, 'min_price', 'max_price', 'in_stock', 'sort', 'page', 'page_size']);
  base?.forEach((value, key) => {
    if (!own.has(key)) params.append(key, value);
  });
  if (state.q) params.set('q', state.q);
  for (const key of FACET_KEYS) for (const value of state[key]) params.append(key, value);
  if (state.minPrice !== null) params.set('min_price', String(state.minPrice));
  if (state.maxPrice !== null) params.set('max_price', String(state.maxPrice));
  if (state.inStock) params.set('in_stock', 'true');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  return params;
}

/** Applies a change; anything other than a page change goes back to page 1. */
export function applyListingChange(state: ListingState, change: Partial<ListingState>): ListingState {
  const next = { ...state, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

export function toggleFacet(state: ListingState, key: FacetKey, value: string): ListingState {
  const current = state[key];
  const values = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return applyListingChange(state, { [key]: values });
}

/** Removes every filter (keeps the query, sort and page size). */
export function clearFilters(state: ListingState): ListingState {
  return applyListingChange(state, {
    category: [],
    brand: [],
    type: [],
    label: [],
    minPrice: null,
    maxPrice: null,
    inStock: false,
  });
}

export function activeFilterCount(state: ListingState, ignore: readonly FacetKey[] = []): number {
  return (
    FACET_KEYS.filter((key) => !ignore.includes(key)).reduce((sum, key) => sum + state[key].length, 0) +
    (state.minPrice !== null || state.maxPrice !== null ? 1 : 0) +
    (state.inStock ? 1 : 0)
  );
}

/** Every value of the fixed enumerations (SPEC §4.1); `satisfies` keeps them complete. */
const BRANDS = { Uplink: true, Pepwave: true } satisfies Record<Brand, true>;
const TYPES = {
  hardware: true,
  configurable: true,
  license: true,
  cloud: true,
  'cloud-connect': true,
  'cloud-unlimited': true,
  esim: true,
  'esim-data': true,
  'esim-data-pool': true,
} satisfies Record<ProductType, true>;
const LABELS = {
  'SFC Management': true,
  'Connectivity Usage Record': true,
  SFC_APP_VPN: true,
} satisfies Record<Label, true>;

/** The values of a URL filter that name a known member (a stale link's unknown value filters nothing). */
function known<T extends string>(members: Record<T, true>, values: string[] | undefined): T[] | undefined {
  const kept = values?.filter((v): v is T => Object.hasOwn(members, v));
  return kept?.length ? kept : undefined;
}

/** The query the API expects for this state; `fixed` pins values the page owns (e.g. its category). */
export function toApiQuery(state: ListingState, fixed: Partial<Pick<ListingState, FacetKey>> = {}) {
  const pick = (key: FacetKey) => {
    const values = unique([...(fixed[key] ?? []), ...state[key]]);
    return values.length ? values : undefined;
  };
  return {
    q: state.q || undefined,
    category: pick('category'),
    brand: known(BRANDS, pick('brand')),
    type: known(TYPES, pick('type')),
    label: known(LABELS, pick('label')),
    min_price: state.minPrice ?? undefined,
    max_price: state.maxPrice ?? undefined,
    in_stock: state.inStock || undefined,
    sort: state.sort,
    page: state.page,
    page_size: state.pageSize,
  };
}

export type ListingApiQuery = ReturnType<typeof toApiQuery>;

/** The API address of a listing query: the key the early request (api/early-answers.ts) is taken by. */
export function listingUrl(query: ListingApiQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return `/api/v1/products?${params.toString()}`;
}

/** The home page's three shelves. */
export const HOME_SHELVES = {
  featured: toApiQuery({ ...DEFAULT_LISTING, type: ['hardware', 'configurable'], pageSize: 12 }),
  newest: toApiQuery({ ...DEFAULT_LISTING, sort: 'newest', pageSize: 12 }),
  cloud: toApiQuery({ ...DEFAULT_LISTING, type: ['cloud', 'cloud-connect', 'cloud-unlimited'], sort: 'price_asc', pageSize: 12 }),
};
