/**
 * The audit log's filters as they live in the URL (`/admin/audit-log?action=order.refund&from=2026-11-01&before=42`):
 * read with defaults, written back without empty values; the same query feeds the API and the CSV export.
 */
export const AUDIT_FILTERS = ['actor', 'action', 'resource_type', 'resource_id', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

export const AUDIT_LIMITS = [50, 100, 200] as const;
export const DEFAULT_AUDIT_LIMIT = 50;

export type AuditLogParams = Record<AuditFilter, string> & { before: number | null; limit: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditLogParams(search: URLSearchParams): AuditLogParams {
  const out = { before: null, limit: DEFAULT_AUDIT_LIMIT } as AuditLogParams;
  for (const key of AUDIT_FILTERS) out[key] = (search.get(key) ?? '').trim();
  for (const key of ['from', 'to'] as const) if (out[key] && !DAY.test(out[key])) out[key] = '';
  const before = search.get('before') ?? '';
  if (/^\d{1,15}$/.test(before) && Number(before) > 0) out.before = Number(before);
  const limit = Number(search.get('limit'));
  if ((AUDIT_LIMITS as readonly number[]).includes(limit)) out.limit = limit;
  return out;
}

/** The URL's search (and the CSV export's query): only what differs from the defaults. */
export function auditLogSearch(params: AuditLogParams): URLSearchParams {
  const s = new URLSearchParams();
  for (const key of AUDIT_FILTERS) if (params[key]) s.set(key, params[key]);
  if (params.before !== null) s.set('before', String(params.before));
  if (params.limit !== DEFAULT_AUDIT_LIMIT) s.set('limit', String(params.limit));
  return s;
}

/** The CSV export of the same filters (every page: no cursor). */
export function auditLogCsvUrl(params: AuditLogParams): string {
  const s = auditLogSearch({ ...params, before: null, limit: DEFAULT_AUDIT_LIMIT });
  const q = s.toString();
  return `/api/v1/admin/audit-log.csv${q ? `?${q}` : ''}`;
}

/** The API query: empty filters left out. */
export function auditLogQuery(params: AuditLogParams) {
  const q: Partial<Record<AuditFilter, string>> & { before?: number; limit: number } = { limit: params.limit };
  for (const key of AUDIT_FILTERS) if (params[key]) q[key] = params[key];
  if (params.before !== null) q.before = params.before;
  return q;
}

/** How many filters (not the cursor or page size) are set. */
export const activeAuditFilters = (params: AuditLogParams) => AUDIT_FILTERS.filter((k) => params[k]).length;
