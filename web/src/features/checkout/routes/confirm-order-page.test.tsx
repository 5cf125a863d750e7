import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { address, me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { emptyDraft, loadDraft, saveDraft } from '@/lib/checkout/draft';
import { OPTIONS } from '../test/fixtures';
import ConfirmOrderPage from './confirm-order-page';

const routes = [
  { path: '/checkout/confirm-order', element: <ConfirmOrderPage /> },
  { path: '/checkout/thank-you', element: <h1>Thank you</h1> },
];

/** A draft ready to place: Priority Shipping to the book's address, paid by bank transfer. */
function readyDraft() {
  saveDraft({
    ...emptyDraft(),
    shippingMethod: 'priority',
    shipping: { ...emptyDraft().shipping, id: 'adr_1' },
    payment: 'bank_transfer',
  });
}

const expectedTotals = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => (c.body as { expected_total_cents: number | null }).expected_total_cents);

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('checkout: review and place the order', { timeout: 20_000 }, () => {
  it('places the order with the total shown: lines and shipping', async () => {
    readyDraft();
    const { calls } = mockApi({
      'GET /api/v1/me': () => me(),
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
      'GET /api/v1/checkout/options': () => OPTIONS,
      'POST /api/v1/orders': () => json({ number: 'UL-000042' }, 201),
    });
    renderRoutes(routes, '/checkout/confirm-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000042'));
    expect(expectedTotals(calls)).toEqual([12_500]);
  });

  it('shows the new total when prices changed, prices the summary again and confirms the new total on placing again', async () => {
    readyDraft();
    let optionsRead = 0;
    let posts = 0;
    const { calls } = mockApi({
      'GET /api/v1/me': () => me(),
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
      'GET /api/v1/checkout/options': () => {
        optionsRead += 1;
        return optionsRead === 1 ? OPTIONS : { ...OPTIONS, totals: { ...OPTIONS.totals, subtotal: usd(10_500), total: usd(10_500) } };
      },
      'POST /api/v1/orders': () => {
        posts += 1;
        return posts === 1 ? problem(409, 'price_changed', { total_cents: 13_000 }) : json({ number: 'UL-000043' }, 201);
      },
    });
    renderRoutes(routes, '/checkout/confirm-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order was not placed');
    expect(alert).toHaveTextContent('the total is now $130.00');
    await waitFor(() => expect(optionsRead).toBe(2));
    expect(loadDraft().shownTotal).toBe(12_500);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000043'));
    expect(expectedTotals(calls)).toEqual([12_500, 13_000]);
  });

  it('back from the gateway, confirms the total the buyer saw before leaving', async () => {
    saveDraft({ ...emptyDraft(), shippingMethod: 'priority', shipping: { ...emptyDraft().shipping, id: 'adr_1' }, payment: 'card', shownTotal: 12_000 });
    const { calls } = mockApi({
      'GET /api/v1/me': () => me(),
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
      'GET /api/v1/checkout/options': () => OPTIONS,
      'POST /api/v1/orders': () => json({ number: 'UL-000044' }, 201),
    });
    renderRoutes(routes, '/checkout/confirm-order?payment_intent=pi_1');
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000044'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ expected_total_cents: 12_000, payment: { method: 'card', payment_intent: 'pi_1' } });
  });
});
