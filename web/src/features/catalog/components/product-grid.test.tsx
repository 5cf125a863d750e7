import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card } from '../test/fixtures';
import { mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderPage } from '@/testing/render';
import { ProductGrid } from './product-grid';

const ROUTER = card({ id: 'prd_router', sku: 'UL-ROUTER', slug: 'router', name: 'Edge router' });
const SWITCH = card({ id: 'prd_switch', sku: 'UL-SWITCH', slug: 'switch', name: 'Core switch' });

describe('ProductGrid', () => {
  it('shares one bookmark toggle among its cards, and each card’s change is answered on its own', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const bookmark = (productId: string) => () => void saved.push(productId);
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/bookmarks': () => ({
        items: saved.map((productId) => ({ product_id: productId, created_at: '2026-11-29T10:00:00Z', product: null })),
      }),
      'PUT /api/v1/me/bookmarks/prd_router': bookmark('prd_router'),
      'PUT /api/v1/me/bookmarks/prd_switch': bookmark('prd_switch'),
    });
    renderPage(<ProductGrid products={[ROUTER, SWITCH]} label="Products" />);
    const routerHeart = screen.getByRole('button', { name: 'Bookmark Edge router' });
    const switchHeart = screen.getByRole('button', { name: 'Bookmark Core switch' });
    await waitFor(() => expect(routerHeart).toHaveAttribute('aria-pressed', 'false'));

    await user.click(routerHeart);
    await user.click(switchHeart);

    // Both saved and both confirmed, though the cards share one mutation.
    expect(await screen.findByText('Bookmarked Edge router.')).toBeInTheDocument();
    expect(await screen.findByText('Bookmarked Core switch.')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.url.pathname);
    expect(puts.sort()).toEqual(['/api/v1/me/bookmarks/prd_router', '/api/v1/me/bookmarks/prd_switch']);
    expect(routerHeart).toHaveAttribute('aria-pressed', 'true');
    expect(switchHeart).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes a refused bookmark back and says why', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/bookmarks': () => ({ items: [] }),
      'PUT /api/v1/me/bookmarks/prd_router': () => problem(404, 'not_found'),
    });
    renderPage(<ProductGrid products={[ROUTER]} label="Products" />);
    const heart = screen.getByRole('button', { name: 'Bookmark Edge router' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await user.click(heart);
    expect(await screen.findByText(/We couldn’t find that./)).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByText('Bookmarked Edge router.')).not.toBeInTheDocument();
  });

  it('sends a guest who bookmarks to sign in', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    renderPage(<ProductGrid products={[ROUTER]} label="Products" />, '/products?type=hardware');
    const heart = screen.getByRole('button', { name: 'Bookmark Edge router' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).not.toHaveAttribute('aria-pressed');
    await user.click(heart);
    await waitFor(() => expect(currentUrl()).toBe(`/login?return_to=${encodeURIComponent('/products?type=hardware')}`));
  });
});
