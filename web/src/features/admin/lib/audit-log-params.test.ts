import { describe, expect, it } from 'vitest';
import { activeAuditFilters, auditLogCsvUrl, auditLogQuery, auditLogSearch, parseAuditLogParams } from './audit-log-params';

describe('audit log URL state', () => {
  it('reads filters, the cursor and the page size from the URL, dropping what is not valid', () => {
    const p = parseAuditLogParams(new URLSearchParams('action=order.refund&actor=%20ann@uplink.test%20&from=2026-11-01&to=nope&before=42&limit=100'));
    expect(p).toEqual({ actor: 'ann@uplink.test', action: 'order.refund', resource_type: '', resource_id: '', from: '2026-11-01', to: '', before: 42, limit: 100 });
    expect(parseAuditLogParams(new URLSearchParams('before=-3&limit=7'))).toMatchObject({ before: null, limit: 50 });
    expect(activeAuditFilters(p)).toBe(3);
  });

  it('writes back only what differs from the defaults, so the URL round-trips', () => {
    const p = parseAuditLogParams(new URLSearchParams('resource_type=order&resource_id=UL-000123&before=9'));
    const s = auditLogSearch(p);
    expect(s.toString()).toBe('resource_type=order&resource_id=UL-000123&before=9');
    expect(parseAuditLogParams(s)).toEqual(p);
    expect(auditLogSearch(parseAuditLogParams(new URLSearchParams())).toString()).toBe('');
  });

  it('exports the same filters as CSV, every page, and queries the API without empty values', () => {
    const p = parseAuditLogParams(new URLSearchParams('action=order.ship&before=9&limit=200'));
    expect(auditLogCsvUrl(p)).toBe('/api/v1/admin/audit-log.csv?action=order.ship');
    expect(auditLogCsvUrl(parseAuditLogParams(new URLSearchParams()))).toBe('/api/v1/admin/audit-log.csv');
    expect(auditLogQuery(p)).toEqual({ action: 'order.ship', before: 9, limit: 200 });
  });
});
