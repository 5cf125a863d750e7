import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { ErrorIssuePage } from './error-issue-page';
import { ErrorsPage } from './errors-page';

function renderAt(url: string) {
  renderRoutes(
    [
      { path: '/admin/errors', element: <ErrorsPage /> },
      { path: '/admin/errors/:id', element: <ErrorIssuePage /> },
    ],
    url,
  );
}

const issue = {
  id: 'iss_1',
  title: 'TypeError: x is undefined',
  culprit: 'onClick (/assets/main.js)',
  level: 'error',
  exception_type: 'TypeError',
  count: 12,
  users: 3,
  first_seen: '2026-11-20T10:00:00Z',
  last_seen: '2026-11-21T10:00:00Z',
  first_release: 'uplink@0.1.0',
  last_release: 'uplink@0.1.0',
  environment: 'production',
};

describe('staff error pages', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists issues with events, users and last seen, and switches to release health', async () => {
    mockApi({
      'GET /api/v1/admin/errors/issues': () => ({ items: [issue], total: 1, dsn: 'http://k@localhost/1', retention_days: 30 }),
      'GET /api/v1/admin/errors/releases': () => ({
        items: [
          {
            release: 'uplink@0.1.0',
            environment: 'production',
            sessions: 200,
            errored: 9,
            crashed: 4,
            crash_free_rate: 0.98,
            last_seen: '2026-11-21T00:00:00Z',
          },
        ],
      }),
    });
    renderAt('/admin/errors');
    const link = await screen.findByRole('link', { name: 'TypeError: x is undefined' });
    expect(link).toHaveAttribute('href', '/admin/errors/iss_1');
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('3');
    expect(screen.getByText(/kept 30 days/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Releases' }));
    expect(await screen.findByText('98.0%')).toBeInTheDocument();
  });

  it('tells a customer the page is not for them', async () => {
    mockApi({
      'GET /api/v1/admin/errors/issues': () => problem(403, 'forbidden'),
    });
    renderAt('/admin/errors');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account can’t do this');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an issue’s stack trace, breadcrumbs and tags', async () => {
    mockApi({
      'GET /api/v1/admin/errors/issues/iss_1': () => ({
        issue,
        latest_event: {
          id: 'e1',
          received_at: '2026-11-21T10:00:00Z',
          occurred_at: '2026-11-21T10:00:00Z',
          release: 'uplink@0.1.0',
          environment: 'production',
          browser: 'Chrome 131',
          url: 'http://localhost/cart',
          trace_id: '771a43a4192642f0b136d5159a501700',
          exceptions: [
            {
              type: 'TypeError',
              value: 'x is undefined',
              handled: false,
              mechanism: 'auto.browser.global_handlers.onerror',
              frames: [{ function: 'onClick', filename: '/assets/main.js', lineno: 1, colno: 9, in_app: true }],
            },
          ],
          breadcrumbs: [
            { timestamp: '2026-11-21T09:59:59Z', category: 'fetch', type: 'http', level: null, message: null, data: { method: 'GET', url: '/api/v1/cart', status_code: 200 } },
          ],
          tags: [{ key: 'release', value: 'uplink@0.1.0' }],
          attachments: [],
        },
        recent_events: [],
      }),
    });
    renderAt('/admin/errors/iss_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'TypeError: x is undefined' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Stack trace: TypeError/ })).toHaveTextContent('unhandled');
    expect(screen.getByText('onClick')).toBeInTheDocument();
    expect(screen.getByText('GET /api/v1/cart → 200')).toBeInTheDocument();
    expect(screen.getByText('uplink@0.1.0', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Chrome 131')).toBeInTheDocument();
  });
});
