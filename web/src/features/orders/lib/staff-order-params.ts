/**
 * The order desk's filters as they live in the URL (`/admin/orders?status=processing&customer=a@b.c&before=…`),
 * read with defaults and written back without empty values, so a link or a reload shows the same list.
 */
export const STAFF_ORDER_FILTERS = ['status', 'store', 'payment_method', 'customer', 'sku', 'q', 'from', 'to', 'before'] as const;
export type StaffOrderFilter = (typeof STAFF_ORDER_FILTERS)[number];

export const STAFF_ORDER_LIMITS = [25, 50, 100] as const;
export const DEFAULT_STAFF_ORDER_LIMIT = 50;

export type StaffOrderParams = Record<StaffOrderFilter, string> & { limit: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseStaffOrderParams(search: URLSearchParams): StaffOrderParams {
  const out = { limit: DEFAULT_STAFF_ORDER_LIMIT } as StaffOrderParams;
  for (const key of STAFF_ORDER_FILTERS) out[key] = (search.get(key) ?? '').trim();
  for (const key of ['from', 'to'] as const) if (out[key] && !DAY.test(out[key])) out[key] = '';
  const limit = Number(search.get('limit'));
  if ((STAFF_ORDER_LIMITS as readonly number[]).includes(limit)) out.limit = limit;
  return out;
}

export function staffOrderSearch(params: StaffOrderParams): URLSearchParams {
  const s = new URLSearchParams();
  for (const key of STAFF_ORDER_FILTERS) if (params[key]) s.set(key, params[key]);
  if (params.limit !== DEFAULT_STAFF_ORDER_LIMIT) s.set('limit', String(params.limit));
  return s;
}

/** The API query: empty filters left out. */
export function staffOrderQuery(params: StaffOrderParams) {
  const q: Partial<Record<StaffOrderFilter, string>> & { limit: number } = { limit: params.limit };
  for (const key of STAFF_ORDER_FILTERS) if (params[key]) q[key] = params[key];
  return q;
}
