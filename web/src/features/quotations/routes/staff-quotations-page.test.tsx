import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import { summary } from '../test/fixtures';
import StaffQuotationsPage from './staff-quotations-page';

afterEach(() => vi.unstubAllGlobals());

describe('staff quotations queue', { timeout: 20_000 }, () => {
  it('lists what waits for sales, and filters by status, age and search through the URL', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/staff/quotations': () => [
        summary({
          status: 'submitted',
          status_label: 'Submitted',
          submitted_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          customer: { email: 'buyer@northwind.test', name: 'Bianca Ortiz', company: 'Northwind Networks Inc.' },
        }),
      ],
    });
    renderPage(<StaffQuotationsPage />, '/admin/quotations');
    const row = await screen.findByTestId('queue-row');
    expect(within(row).getByRole('link', { name: 'Q-000045' })).toHaveAttribute('href', '/admin/quotations/Q-000045');
    expect(row).toHaveTextContent('Northwind Networks Inc.');
    expect(row).toHaveTextContent('Waiting 3 days');
    expect(row).toHaveTextContent('Nobody yet');
    const queue = () => calls.filter((c) => c.url.pathname === '/api/v1/staff/quotations');
    expect(queue()[0]!.url.searchParams.get('status')).toBe('submitted,in_review,revision_requested');

    await user.type(screen.getByLabelText(/Waiting more than/), 'x');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText(/Waiting more than/)).toHaveAccessibleDescription(/whole number of days/);
    await user.clear(screen.getByLabelText(/Waiting more than/));
    await user.type(screen.getByLabelText(/Waiting more than/), '2');
    await user.type(screen.getByLabelText(/^Search/), 'northwind');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/quotations?q=northwind&older_than_days=2'));
    await waitFor(() => expect(queue().at(-1)!.url.searchParams.get('older_than_days')).toBe('2'));
    expect(queue().at(-1)!.url.searchParams.get('q')).toBe('northwind');

    await user.selectOptions(screen.getByLabelText('Status'), 'quoted');
    await waitFor(() => expect(queue().at(-1)!.url.searchParams.get('status')).toBe('quoted'));
    expect(currentUrl()).toBe('/admin/quotations?status=quoted&q=northwind&older_than_days=2');
  });

  it('says when nothing is waiting', async () => {
    mockApi({ 'GET /api/v1/staff/quotations': () => [] });
    renderPage(<StaffQuotationsPage />, '/admin/quotations');
    expect(await screen.findByText(/Nothing is waiting/)).toBeInTheDocument();
  });
});
