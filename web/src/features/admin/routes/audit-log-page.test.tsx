import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import AuditLogPage from './audit-log-page';

const entry = (id: number, action: string) => ({
  id,
  at: '2026-11-27T10:00:00Z',
  actor_id: 'usr_a',
  actor_email: 'admin@uplink.test',
  action,
  resource_type: 'order',
  resource_id: 'UL-000012',
  summary: `UL-000012: ${action}`,
  before: { status: 'completed' },
  after: { status: 'refunded' },
});

describe('audit log page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads its filters from the URL, pages with next_before, exports the same filters and shows before and after', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/audit-log': (call) =>
        call.url.searchParams.get('before') ? { items: [entry(3, 'order.ship')], next_before: null } : { items: [entry(9, 'order.refund')], next_before: 9 },
    });
    renderPage(<AuditLogPage />, '/admin/audit-log?resource_id=UL-000012&action=order.refund');
    expect(await screen.findByText('UL-000012: order.refund')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ resource_id: 'UL-000012', action: 'order.refund', limit: '50' });
    expect(screen.getByLabelText('Resource id or number')).toHaveValue('UL-000012');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/v1/admin/audit-log.csv?action=order.refund&resource_id=UL-000012');
    await userEvent.click(screen.getByText('Before and after'));
    expect(screen.getByText(/"refunded"/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('UL-000012: order.ship')).toBeInTheDocument();
    expect(currentUrl()).toBe('/admin/audit-log?action=order.refund&resource_id=UL-000012&before=9');
    // A new search starts from the newest entries again.
    await userEvent.type(screen.getByLabelText('Staff member (e-mail)'), 'felix@uplink.test');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/audit-log?actor=felix%40uplink.test&action=order.refund&resource_id=UL-000012'));
  });
});
