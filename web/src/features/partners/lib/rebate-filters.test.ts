import { describe, expect, it } from 'vitest';
import { rebatesCsvUrl } from '../api/get-rebates';
import { filtersFromParams, paramsFromFilters, rebateQuery } from './rebate-filters';

describe('rebate ledger filters', () => {
  it('come from the URL, leaving out what is malformed', () => {
    expect(filtersFromParams(new URLSearchParams('status=pending&from=2026-11-01&to=2026-11-30&page=2'))).toEqual({
      status: 'pending',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 2,
    });
    expect(filtersFromParams(new URLSearchParams('status=nope&from=yesterday&page=-3'))).toEqual({ status: '', from: '', to: '', page: 1 });
  });

  it('go back into the URL and the API without defaults, and the CSV takes the same filters but no page', () => {
    const filters = { status: 'available' as const, from: '2026-11-01', to: '', page: 3 };
    expect(paramsFromFilters(filters).toString()).toBe('status=available&from=2026-11-01&page=3');
    expect(rebateQuery(filters)).toEqual({ status: 'available', from: '2026-11-01', page: 3 });
    expect(rebatesCsvUrl(filters)).toBe('/api/v1/partner/rebates.csv?status=available&from=2026-11-01');
    expect(rebatesCsvUrl({ status: '', from: '', to: '', page: 1 })).toBe('/api/v1/partner/rebates.csv');
  });
});
