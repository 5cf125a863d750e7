import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { cart, line } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { LICENCE, NO_ACTIONS, quotation, quotationLine } from '../test/fixtures';
import QuotationPage from './quotation-page';

afterEach(() => vi.unstubAllGlobals());

function show(url = '/account/quotation/Q-000045') {
  return renderRoutes(
    [
      { path: '/account/quotation/:number', element: <QuotationPage /> },
      { path: '/cart', element: <h1>Cart</h1> },
    ],
    url,
  );
}

const QUOTED = quotation({
  status: 'quoted',
  status_label: 'Quoted',
  submitted_at: '2026-11-20T11:00:00Z',
  valid_until: '2026-12-20T23:59:59.999Z',
  lines: [
    quotationLine({ quote: { kind: 'percent_off', basis_points: 1_250 }, quoted_total: { cents: 262_325, currency: 'USD' } }),
    LICENCE,
  ],
  actions: { ...NO_ACTIONS, accept: true, request_revision: true, close: true, comment: true },
});

describe('buyer quotation page', { timeout: 20_000 }, () => {
  it('shows the lines at catalogue and quoted prices, the totals and valid-until', async () => {
    mockApi({ 'GET /api/v1/quotations/Q-000045': () => QUOTED });
    show();
    const lines = await screen.findAllByTestId('quotation-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('line-quote')).toHaveTextContent('12.5 % off');
    expect(within(lines[0]!).getByTestId('line-quoted-total')).toHaveTextContent('$2,623.25');
    expect(lines[0]).toHaveTextContent('2 × $1,499.00');
    expect(within(lines[1]!).getByTestId('line-quote')).toHaveTextContent('$49.00 off');
    expect(lines[1]).toHaveTextContent('Serials: 1824-AAAA-0001');
    expect(lines[1]).toHaveTextContent('Term: 12 months');
    expect(screen.getByTestId('q-subtotal')).toHaveTextContent('$3,247.00');
    expect(screen.getByTestId('q-discount')).toHaveTextContent('−$423.75');
    expect(screen.getByTestId('q-total')).toHaveTextContent('$2,823.25');
    expect(screen.getByTestId('q-shipping')).toHaveTextContent('At the store’s rates when you pay');
    expect(screen.getByText(/Added at payment/)).toBeInTheDocument();
    expect(screen.getByTestId('valid-until')).toHaveTextContent('20 Dec 2026');
  });

  it('offers exactly the actions the server allows', async () => {
    mockApi({ 'GET /api/v1/quotations/Q-000045': () => QUOTED });
    const first = show();
    expect(await screen.findByRole('button', { name: 'Accept prices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a revision' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close quotation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/v1/quotations/Q-000045/quotation.pdf');
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit to sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy at catalogue prices' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({
      'GET /api/v1/quotations/Q-000045': () =>
        quotation({ status: 'accepted', status_label: 'Accepted', actions: { ...NO_ACTIONS, pay: true, request_revision: true, close: true, comment: true } }),
    });
    show();
    expect(await screen.findByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/quotation/payment?quotation=Q-000045');
    expect(screen.queryByRole('button', { name: 'Accept prices' })).not.toBeInTheDocument();
  });

  it('accepts the prices with an empty body and shows what to do next', async () => {
    let current = QUOTED;
    const { calls } = mockApi({
      'GET /api/v1/quotations/Q-000045': () => current,
      'POST /api/v1/quotations/Q-000045/accept': () => {
        current = { ...QUOTED, status: 'accepted', status_label: 'Accepted', actions: { ...NO_ACTIONS, pay: true, request_revision: true, close: true, comment: true } };
        return current;
      },
    });
    document.cookie = 'uplink_csrf=csrf-1';
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept prices' }));
    expect(await screen.findByRole('link', { name: 'Pay now' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({});
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    document.cookie = 'uplink_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(screen.getByText('Prices accepted. You can pay the quotation now.')).toBeInTheDocument();
  });

  it('needs a comment to request a revision, then sends it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/quotations/Q-000045': () => QUOTED,
      'POST /api/v1/quotations/Q-000045/request-revision': () => ({
        ...QUOTED,
        status: 'revision_requested',
        status_label: 'Revision requested',
        actions: { ...NO_ACTIONS, close: true, comment: true },
      }),
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request a revision' }));
    const field = screen.getByLabelText(/What should change/);
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send revision request' }));
    expect(field).toHaveAccessibleDescription(/Tell sales what should change/);
    expect(field).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(field, 'Can you do 15 % on the routers?');
    await user.click(screen.getByRole('button', { name: 'Send revision request' }));
    expect(await screen.findByText('Revision requested. Sales will send new prices.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Can you do 15 % on the routers?' });
  });

  it('submits a draft with an optional note', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/quotations/Q-000045': () => quotation(),
      'POST /api/v1/quotations/Q-000045/submit': () => quotation({ status: 'submitted', status_label: 'Submitted', actions: { ...NO_ACTIONS, close: true, comment: true } }),
    });
    show();
    await user.type(await screen.findByLabelText(/Note for sales/), 'Delivery before March');
    await user.click(screen.getByRole('button', { name: 'Submit to sales' }));
    expect(await screen.findByText(/Submitted. Sales will e-mail you/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Delivery before March' });
    expect(screen.queryByRole('button', { name: 'Submit to sales' })).not.toBeInTheDocument();
  });

  it('asks before closing, and explains a refused move with a way to reload', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/quotations/Q-000045': () => QUOTED,
      'POST /api/v1/quotations/Q-000045/close': () => problem(409, 'invalid_transition'),
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Close quotation' }));
    const dialog = screen.getByRole('dialog', { name: 'Close quotation Q-000045?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close quotation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('invalid_transition detail');
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('button', { name: 'Reload the quotation' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts an expired quotation’s lines in the cart at catalogue prices, then opens the cart', async () => {
    const { calls } = mockApi({
      'GET /api/v1/quotations/Q-000045': () =>
        quotation({ status: 'expired', status_label: 'Expired', lines: [quotationLine(), LICENCE], actions: { ...NO_ACTIONS, buy_at_catalogue_price: true } }),
      'POST /api/v1/cart/lines': () => cart([line()]),
      'GET /api/v1/cart': () => cart([line()]),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy at catalogue prices' }));
    await waitFor(() => expect(currentUrl()).toBe('/cart'));
    const adds = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/cart/lines');
    expect(adds.map((c) => c.body)).toEqual([
      { sku: 'MAX-BR1-PRO-5G-PRM', qty: 2, options: {} },
      { sku: 'LIC-SF-BOND', serials: ['1824-AAAA-0001'], options: { term: '12m' } },
    ]);
  });

  it('links an ordered quotation to its order and takes no more comments', async () => {
    mockApi({
      'GET /api/v1/quotations/Q-000045': () => quotation({ status: 'ordered', status_label: 'Ordered', order_number: 'UL-000123', actions: NO_ACTIONS }),
    });
    show();
    expect(await screen.findByRole('link', { name: 'View order UL-000123' })).toHaveAttribute('href', '/order/UL-000123');
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    expect(screen.getByText(/takes no more comments/)).toBeInTheDocument();
  });

  it('adds a comment to the history', async () => {
    const user = userEvent.setup();
    const withComment = quotation({
      history: [
        ...quotation().history,
        { at: '2026-11-21T09:00:00Z', party: 'buyer', author: 'Ann Example', kind: 'comment', status: 'draft', body: 'Is 5G included?' },
      ],
    });
    const { calls } = mockApi({
      'GET /api/v1/quotations/Q-000045': () => quotation(),
      'POST /api/v1/quotations/Q-000045/comments': () => withComment,
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Send comment' }));
    expect(screen.getByLabelText('Add a comment')).toHaveAccessibleDescription(/Write your comment first/);
    await user.type(screen.getByLabelText('Add a comment'), 'Is 5G included?');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Comment added.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/comments'))?.body).toEqual({ comment: 'Is 5G included?' });
    expect(screen.getAllByTestId('history-entry')).toHaveLength(2);
    expect(screen.getByText('Is 5G included?', { selector: 'blockquote' })).toBeInTheDocument();
  });

  it('says when the quotation is not the customer’s', async () => {
    mockApi({ 'GET /api/v1/quotations/Q-000999': () => problem(404, 'not_found') });
    show('/account/quotation/Q-000999');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no quotation Q-000999 on your account.');
  });
});
