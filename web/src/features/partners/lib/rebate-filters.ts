/**
 * The rebate ledger's filters, kept in the page's URL (`/partner/rebates?status=…&from=…&to=…&page=…`)
 * so a filtered view can be bookmarked and shared; the CSV download uses the same ones.
 */
export const REBATE_STATUSES = ['pending', 'available', 'paid', 'cancelled'] as const;
export type RebateStatus = (typeof REBATE_STATUSES)[number];

export interface RebateFilters {
  status: RebateStatus | '';
  /** `YYYY-MM-DD` or empty. */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

/** The filters a URL asks for; anything malformed is left out (the unfiltered first page). */
export function filtersFromParams(params: URLSearchParams): RebateFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (REBATE_STATUSES as readonly string[]).includes(status) ? (status as RebateStatus) : '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL parameters of `filters`, without the defaults (no `page=1`, no empty filters). */
export function paramsFromFilters(filters: RebateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The `GET /partner/rebates` query of `filters`. */
export function rebateQuery(filters: RebateFilters): { status?: string; from?: string; to?: string; page?: number } {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.page > 1 ? { page: filters.page } : {}),
  };
}

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  available: 'Available',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const STATUS_TONES: Record<string, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  available: 'success',
  paid: 'brand',
  cancelled: 'neutral',
};

/** How an order came to the partner. */
export const CHANNEL_LABELS: Record<string, string> = {
  referral_code: 'Referral code',
  ministore: 'Mini-store',
  pavilion: 'Pavilion',
};
