import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { renderPage } from '@/testing/render';
import { completedOrder } from '../testing-order';
import { RefundForm } from './refund-form';

const URL_ = 'POST /api/v1/staff/orders/UL-000200/refunds';

describe('refund form', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('limits each line to what is left, shows the amount and confirms before refunding', async () => {
    const order = completedOrder();
    const { calls } = mockApi({
      [URL_]: () => ({
        ...order,
        lines: order.lines.map((l) => (l.id === 'l1' ? { ...l, refunded_qty: 1 } : l)),
        refunds: [{ number: 'CN-000007', amount: { cents: 10_000, currency: 'EUR' }, reason: 'Broken', created_at: '2026-11-22T00:00:00Z', lines: [], credit_note_url: '' }],
      }),
    });
    const done = vi.fn();
    renderPage(<RefundForm order={order} onDone={done} />);
    const router = screen.getByLabelText(/Product RTR-1/);
    expect(router).toHaveAttribute('max', '2');
    await userEvent.clear(router);
    await userEvent.type(router, '1');
    expect(screen.getByTestId('refund-amount')).toHaveTextContent('100.00');
    // No reason: the form says so and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    expect(await screen.findByText(/Give the reason/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason/), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    const confirm = await screen.findByRole('button', { name: /Refund .*100\.00/ });
    expect(screen.getByText(/1 × Product RTR-1/)).toBeInTheDocument();
    await userEvent.click(confirm);
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.stringContaining('CN-000007')));
    const call = calls.find((c) => c.method === 'POST');
    expect(call?.body).toEqual({ reason: 'Broken', lines: [{ line_id: 'l1', qty: 1 }] });
  });

  it('refunds everything left with no lines, shipping included', async () => {
    const order = completedOrder();
    const { calls } = mockApi({ [URL_]: () => ({ ...order, status: 'refunded' }) });
    renderPage(<RefundForm order={order} />);
    await userEvent.click(screen.getByLabelText(/Everything left/));
    expect(screen.getByTestId('refund-amount')).toHaveTextContent('260.00');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Returned');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    await userEvent.click(await screen.findByRole('button', { name: /Refund .*260\.00/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Returned', lines: [] }));
  });

  it('asks for at least one unit, and explains a declined refund and one that is not allowed', async () => {
    const order = completedOrder();
    let answer = problem(402, 'refund_declined');
    mockApi({ [URL_]: () => answer });
    renderPage(<RefundForm order={order} />);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    expect(await screen.findByText(/Choose at least one unit/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Product ANT-1/), '1');
    expect(screen.getByTestId('refund-amount')).toHaveTextContent('50.01');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    await userEvent.click(await screen.findByRole('button', { name: /Refund .*50\.01/ }));
    expect(await screen.findByTestId('refund-error')).toHaveTextContent(/provider declined the refund; nothing changed/);
    answer = problem(409, 'order_not_refundable');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    await userEvent.click(await screen.findByRole('button', { name: /Refund .*50\.01/ }));
    await waitFor(() => expect(screen.getByTestId('refund-error')).toHaveTextContent(/can’t be refunded now/));
  });

  it('puts a quantity the server refuses on its line', async () => {
    const order = completedOrder();
    mockApi({
      [URL_]: () =>
        new Response(
          JSON.stringify({ status: 422, code: 'validation_failed', errors: [{ field: 'lines[0].qty', code: 'invalid', message: 'Only 1 unit is left to refund.' }] }),
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    renderPage(<RefundForm order={order} />);
    await userEvent.type(screen.getByLabelText(/Product RTR-1/), '2');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Review the refund' }));
    await userEvent.click(await screen.findByRole('button', { name: /Refund .*200\.00/ }));
    expect(await screen.findByText('Only 1 unit is left to refund.')).toBeInTheDocument();
  });
});
