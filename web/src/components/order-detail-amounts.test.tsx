import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { usd } from '@/testing/fixtures';
import { OrderDetailLines, OrderDetailTotals } from './order-detail-amounts';

/** An order paid from a quotation: the catalogue price, then what the quotation took off. */
const order = {
  number: 'UL-000123',
  coupon_code: null,
  quotation_number: 'Q-000045',
  digital_only: false,
  shipping: { name: 'Priority Shipping' },
  lines: [
    {
      id: 'oln_1',
      name: 'Pepwave MAX BR1 Pro 5G Prime',
      sku: 'MAX-BR1-PRO-5G-PRM',
      qty: 2,
      unit_price: usd(149_900),
      subtotal: usd(299_800),
      discount: usd(29_980),
      options: [],
      serials: [],
    },
  ],
  totals: { subtotal: usd(299_800), discount: usd(29_980), shipping: usd(2_500), tax: usd(0), total: usd(272_320) },
} as unknown as OrderDetail;

describe('order amounts of an order paid from a quotation', () => {
  it('call the difference the quoted price, as the invoice does', () => {
    render(
      <>
        <OrderDetailLines order={order} />
        <OrderDetailTotals order={order} />
      </>,
    );
    expect(screen.getByText('Quoted price')).toBeInTheDocument();
    expect(screen.getByTestId('line-net')).toHaveTextContent('$2,698.20');
    expect(screen.getByText('Quotation Q-000045')).toBeInTheDocument();
    expect(screen.getByTestId('totals-total')).toHaveTextContent('$2,723.20');
  });
});
