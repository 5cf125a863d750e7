import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import { summary } from '../test/fixtures';
import QuotationsPage from './quotations-page';

afterEach(() => vi.unstubAllGlobals());

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/v1/quotations');

describe('buyer quotations list', { timeout: 20_000 }, () => {
  it('shows each quotation with its number, items, status, catalogue and quoted subtotal and valid-until', async () => {
    mockApi({
      'GET /api/v1/quotations': () => [
        summary(),
        summary({ number: 'Q-000044', status: 'draft', status_label: 'Draft', line_count: 1, first_line: 'Licence', valid_until: null, quoted_subtotal: summary().subtotal }),
      ],
    });
    renderPage(<QuotationsPage />, '/account/quotation');
    const table = await screen.findByRole('table', { name: 'Your quotations, newest first' });
    const rows = within(table).getAllByTestId('quotation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Q-000045' })).toHaveAttribute('href', '/account/quotation/Q-000045');
    expect(rows[0]).toHaveTextContent('Pepwave MAX BR1 Pro 5G Prime and 2 more');
    expect(rows[0]).toHaveTextContent('Quoted');
    expect(rows[0]).toHaveTextContent('$3,247.00');
    expect(rows[0]).toHaveTextContent('$2,898.20');
    expect(rows[0]).toHaveTextContent('20 Dec 2026');
    expect(rows[1]).toHaveTextContent('Licence');
    expect(screen.getByRole('status')).toHaveTextContent('2 quotations.');
  });

  it('filters by status group and searches, keeping both in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/v1/quotations': () => [summary()] });
    renderPage(<QuotationsPage />, '/account/quotation');
    await screen.findByRole('table');
    expect(listCalls(calls)[0]!.url.searchParams.has('status')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation?status=open'));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('draft,submitted,in_review,revision_requested'),
    );

    const search = screen.getByRole('search', { name: 'Search quotations' });
    await user.type(within(search).getByLabelText(/Search/), 'BR1');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation?status=open&q=BR1'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('q')).toBe('BR1'));

    await user.click(screen.getByRole('button', { name: 'Closed, declined or expired' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('closed,declined,expired'));
  });

  it('explains how to request a quotation when there is none', async () => {
    mockApi({ 'GET /api/v1/quotations': () => [] });
    renderPage(<QuotationsPage />, '/account/quotation');
    expect(await screen.findByText('You haven’t requested a quotation yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('says when no quotation matches the filters, with a way back to all', async () => {
    mockApi({ 'GET /api/v1/quotations': () => [] });
    renderPage(<QuotationsPage />, '/account/quotation?status=ordered');
    expect(await screen.findByText(/No quotation matches these filters/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all quotations' })).toHaveAttribute('href', '/account/quotation');
  });
});
