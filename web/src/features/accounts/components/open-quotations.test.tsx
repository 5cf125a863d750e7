import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { usd } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { OpenQuotations } from './open-quotations';

afterEach(() => vi.unstubAllGlobals());

const row = (n: number) => ({
  number: `Q-00000${n}`,
  status: n === 1 ? 'quoted' : 'submitted',
  status_label: n === 1 ? 'Quoted' : 'Submitted',
  source: 'cart',
  created_at: '2026-11-20T10:00:00Z',
  line_count: 2,
  first_line: 'Pepwave MAX BR1 Pro 5G Prime',
  subtotal: usd(299_800),
  quoted_subtotal: usd(269_820),
});

describe('account dashboard: open quotations', { timeout: 20_000 }, () => {
  it('lists up to five open quotations with their status, and links to all', async () => {
    const { calls } = mockApi({ 'GET /api/v1/quotations': () => [1, 2, 3, 4, 5, 6].map(row) });
    renderPage(<OpenQuotations />, '/account');
    const list = await screen.findByRole('list', { name: 'Open quotations, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByRole('link', { name: 'Q-000001' })).toHaveAttribute('href', '/account/quotation/Q-000001');
    expect(items[0]).toHaveTextContent('Pepwave MAX BR1 Pro 5G Prime and 1 more · $2,698.20');
    expect(items[0]).toHaveTextContent('Quoted');
    expect(screen.getByText('1 more open.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all quotations' })).toHaveAttribute('href', '/account/quotation');
    expect(calls[0]!.url.searchParams.get('status')).toBe('draft,submitted,in_review,quoted,accepted,revision_requested');
  });

  it('says how to ask for one when none is open', async () => {
    mockApi({ 'GET /api/v1/quotations': () => [] });
    renderPage(<OpenQuotations />, '/account');
    expect(await screen.findByText(/No open quotations/)).toBeInTheDocument();
  });
});
