import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineAmount, OrderTotals } from './order-amounts';

/** "$1,234.50" / "−$39.80" → signed cents; a note ("Chosen at checkout") → 0. */
function cents(text: string | null): number {
  const match = /(−|-)?\$([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) return 0;
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

// The example: a $249.00 and a $149.00 line with WELCOME10 (10 %), Priority Shipping $25.00.
const LINES = [
  { qty: 1, unitCents: 24_900, subtotalCents: 24_900, discountCents: 2_490 },
  { qty: 2, unitCents: 7_450, subtotalCents: 14_900, discountCents: 1_490 },
];

function Statement({ discount = true }: { discount?: boolean }) {
  return (
    <>
      {LINES.map((l) => (
        <LineAmount key={l.unitCents} {...l} discountCents={discount ? l.discountCents : 0} couponCode="WELCOME10" currency="USD" />
      ))}
      <OrderTotals
        currency="USD"
        subtotal={39_800}
        discount={discount ? 3_980 : 0}
        couponCode="WELCOME10"
        shipping={{ label: 'Shipping (Priority Shipping)', cents: 2_500 }}
        tax={{ label: 'Tax', note: 'No sales tax in this store' }}
        total={discount ? 38_320 : 42_300}
      />
    </>
  );
}

describe('LineAmount and OrderTotals', () => {
  it('show each line before discount, its coupon share and net, and totals that add up', () => {
    render(<Statement />);
    const amounts = screen.getAllByTestId('line-amount').map((e) => cents(e.textContent));
    expect(amounts).toEqual([24_900, 14_900]);
    expect(screen.getByText('1 × $249.00')).toBeInTheDocument();
    expect(screen.getByText('2 × $74.50')).toBeInTheDocument();
    expect(screen.getAllByText('WELCOME10 coupon')).toHaveLength(2);
    expect(screen.getAllByTestId('line-discount').map((e) => e.textContent)).toEqual(['−$24.90', '−$14.90']);
    expect(screen.getAllByTestId('line-net').map((e) => e.textContent)).toEqual(['$224.10', '$134.10']);

    const totals = screen.getByTestId('order-totals');
    expect(within(totals).getByText('Discount (WELCOME10)')).toBeInTheDocument();
    expect(within(totals).getByText('No sales tax in this store')).toBeInTheDocument();
    const subtotal = cents(screen.getByTestId('totals-subtotal').textContent);
    const discount = cents(screen.getByTestId('totals-discount').textContent);
    const shipping = cents(screen.getByTestId('totals-shipping').textContent);
    const tax = cents(screen.getByTestId('totals-tax').textContent);
    const total = cents(screen.getByTestId('totals-total').textContent);
    expect(subtotal).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(discount).toBe(-3_980);
    expect(subtotal + discount + shipping + tax).toBe(total);
    expect(total).toBe(38_320);
  });

  it('shows no discount rows without a discount', () => {
    render(<Statement discount={false} />);
    expect(screen.queryByTestId('line-discount')).toBeNull();
    expect(screen.queryByTestId('line-net')).toBeNull();
    expect(screen.queryByTestId('totals-discount')).toBeNull();
    expect(screen.getByTestId('totals-total')).toHaveTextContent('$423.00');
  });

  it('names a discount without a coupon code "Discount"', () => {
    render(<LineAmount qty={1} unitCents={1_000} subtotalCents={1_000} discountCents={100} currency="USD" />);
    expect(screen.getByText('Discount')).toBeInTheDocument();
    expect(screen.getByTestId('line-net')).toHaveTextContent('$9.00');
  });
});
