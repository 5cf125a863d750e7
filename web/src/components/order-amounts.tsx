import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/money';
import './order-amounts.css';

/**
 * How the cart, checkout, thank-you and order pages state the money, so that a
 * reader can add up what is shown: each line at its price before discount
 * (`qty × unit price = amount`), its share of the coupon and what it comes to;
 * then Subtotal (the sum of the line amounts), Discount, Shipping, Tax and Total
 * (`subtotal − discount + shipping + tax`). The e-mails and the invoice PDF
 * say it the same way (crates/api/src/orders/statement.rs).
 */

/** What a line's share of the discount is called: "WELCOME10 coupon", or "Discount" without a code. */
export function lineDiscountLabel(code: string | null | undefined): string {
  return code ? `${code} coupon` : 'Discount';
}

/** What the discount row of the totals is called: "Discount (WELCOME10)". */
export function discountLabel(code: string | null | undefined): string {
  return code ? `Discount (${code})` : 'Discount';
}

/** What the referee's discount row is called: "Friend’s referral (K7M2X9QA)". */
export function referralLabel(code: string): string {
  return `Friend’s referral (${code})`;
}

/** "−$39.80" (a true minus sign). */
export function minus(cents: number, currency: string): string {
  return `−${formatMoney(cents, currency)}`;
}

export interface LineAmountProps {
  qty: number;
  unitCents: number;
  /** `unit × qty`, before discount. */
  subtotalCents: number;
  /** This line's share of the coupon (0: none). */
  discountCents: number;
  couponCode?: string | null;
  /** What the discount is called instead of the coupon's name ("Quoted price" on an order paid from a quotation). */
  discountText?: string;
  currency: string;
  /** Hide the `qty × unit price` row (when the line shows both next to a quantity control). */
  hideCalculation?: boolean;
}

/** A line's amount before discount; when discounted, its share of the coupon and the line after it. */
export function LineAmount({ qty, unitCents, subtotalCents, discountCents, couponCode, discountText, currency, hideCalculation }: LineAmountProps) {
  const m = (cents: number) => formatMoney(cents, currency);
  return (
    <dl className="line-amount">
      <div className="line-amount__row line-amount__row--amount">
        <dt>
          {hideCalculation ? (
            <span className="visually-hidden">Amount</span>
          ) : (
            <>
              {qty} × {m(unitCents)}
            </>
          )}
        </dt>
        <dd data-testid="line-amount">{m(subtotalCents)}</dd>
      </div>
      {discountCents !== 0 && (
        <>
          <div className="line-amount__row line-amount__row--discount">
            <dt>{discountText ?? lineDiscountLabel(couponCode)}</dt>
            <dd data-testid="line-discount">{minus(discountCents, currency)}</dd>
          </div>
          <div className="line-amount__row line-amount__row--net">
            <dt>After discount</dt>
            <dd data-testid="line-net">{m(subtotalCents - discountCents)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** A totals row that is an amount, or a note where the amount is not known yet ("Chosen at checkout"). */
export interface AmountRow {
  label: ReactNode;
  cents?: number | null;
  note?: ReactNode;
}

export interface OrderTotalsProps {
  currency: string;
  /** The sum of the line amounts (before discount). */
  subtotal: number;
  /** "Subtotal" unless told ("Items (3)"). */
  subtotalLabel?: ReactNode;
  discount: number;
  couponCode?: string | null;
  /** The discount row's label instead of the coupon's ("Quotation Q-000045"). */
  discountText?: string;
  shipping: AmountRow;
  tax: AmountRow;
  total: number;
  totalLabel?: ReactNode;
  /** A friend's referral code and its share of `discount` (SPEC §10): shown as its own row. */
  referral?: { code: string; cents: number } | null;
  /** `data-testid` of the total's amount. */
  totalTestId?: string;
  compact?: boolean;
  'aria-label'?: string;
}

function Row({ row, currency, testId }: { row: AmountRow; currency: string; testId: string }) {
  const known = row.cents != null;
  return (
    <div className="order-totals__row">
      <dt>{row.label}</dt>
      <dd data-testid={testId} className={known ? undefined : 'order-totals__note'}>
        {known ? formatMoney(row.cents!, currency) : row.note}
      </dd>
    </div>
  );
}

/** Subtotal, Discount (only when there is one), Shipping, Tax and Total. */
export function OrderTotals(props: OrderTotalsProps) {
  const { currency, subtotal, discount, couponCode, shipping, tax, total } = props;
  const referralCents = props.referral?.cents ?? 0;
  return (
    <dl
      className={['order-totals', props.compact ? 'order-totals--compact' : undefined].filter(Boolean).join(' ')}
      data-testid="order-totals"
      aria-label={props['aria-label']}
    >
      <Row row={{ label: props.subtotalLabel ?? 'Subtotal', cents: subtotal }} currency={currency} testId="totals-subtotal" />
      {discount - referralCents !== 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>{props.discountText ?? discountLabel(couponCode)}</dt>
          <dd data-testid="totals-discount">{minus(discount - referralCents, currency)}</dd>
        </div>
      )}
      {referralCents !== 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>{referralLabel(props.referral!.code)}</dt>
          <dd data-testid="totals-referral-discount">{minus(referralCents, currency)}</dd>
        </div>
      )}
      <Row row={shipping} currency={currency} testId="totals-shipping" />
      <Row row={tax} currency={currency} testId="totals-tax" />
      <div className="order-totals__row order-totals__row--total">
        <dt>{props.totalLabel ?? 'Total'}</dt>
        <dd data-testid={props.totalTestId ?? 'totals-total'}>{formatMoney(total, currency)}</dd>
      </div>
    </dl>
  );
}
