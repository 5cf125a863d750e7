import { useState } from 'react';
import { Link } from 'react-router';
import { type AmountRow, OrderTotals } from '@/components/order-amounts';
import { RequestQuotationButton } from '@/components/quotations/request-quotation';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { useCart } from '@/lib/resources/cart/get-cart';
import type { Cart } from '@/lib/resources/cart/types';
import { useClearCart } from '../api/clear-cart';
import { CartLineItem } from '../components/cart-line-item';
import { ChangeStoreDialog } from '../components/change-store-dialog';
import { CouponForm } from '../components/coupon-form';
import { PartnerReferralForm } from '../components/partner-referral-form';
import { mustChangeStore } from '../lib/switch-store';
import { US_STATES } from '../lib/us-states';
import { AppReferralBox } from '@/components/referrals/referral-code-box';
import { useReferralLinkOnCart } from '@/lib/referrals/use-referral-link';
import '../cart.css';

function percent(bp: number): string {
  const value = bp / 100;
  return `${Number.isInteger(value) ? value : value.toFixed(2)}%`;
}

/** Sales tax as this store charges it: for the chosen state, to be calculated, or none at all. */
function taxRow(cart: Cart): AmountRow {
  if (!cart.tax.charged) return { label: 'Tax', note: 'No sales tax in this store' };
  if (!cart.tax.state) return { label: 'Sales tax', note: 'Calculated for your state' };
  return { label: `Sales tax (${cart.tax.state}, ${percent(cart.tax.rate_bp)})`, cents: cart.totals.tax.cents };
}

/** The referee's discount row of the totals (SPEC §10), when the code takes something off. */
export function cartReferral(cart: Cart): { code: string; cents: number } | null {
  const r = cart.app_referral;
  return r && r.eligible && r.discount.cents > 0 ? { code: r.code, cents: r.discount.cents } : null;
}

function Totals({ cart, taxState, onTaxState }: { cart: Cart; taxState: string; onTaxState: (s: string) => void }) {
  const { user } = useCurrentUser();
  const partner = user?.roles.includes('partner') ?? false;
  return (
    <section className="cart-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="cart-summary__title">
        Order summary
      </h2>
      <CouponForm cart={cart} />
      <AppReferralBox cart={cart} />
      {cart.tax.charged && (
        <Select
          label="Ship to state (for sales tax)"
          value={taxState || cart.tax.state || ''}
          onChange={(event) => onTaxState(event.target.value)}
          options={[{ value: '', label: 'Choose a state…' }, ...US_STATES.map(([code, name]) => ({ value: code, label: name }))]}
        />
      )}
      <OrderTotals
        currency={cart.currency}
        subtotal={cart.totals.subtotal.cents}
        discount={cart.totals.discount.cents}
        couponCode={cart.coupon?.applied ? cart.coupon.code : null}
        referral={cartReferral(cart)}
        shipping={{ label: 'Shipping', note: cart.digital_only ? 'None (digital delivery)' : 'Chosen at checkout' }}
        tax={taxRow(cart)}
        total={cart.totals.total.cents}
        totalLabel={cart.digital_only ? 'Total' : 'Total before shipping'}
        totalTestId="cart-total"
      />
      {cart.has_problems && (
        <p className="cart-summary__blocked" role="status">
          Fix the marked lines to continue to checkout.
        </p>
      )}
      {cart.has_problems ? (
        <Button size="lg" fullWidth disabled>
          Continue to checkout
        </Button>
      ) : (
        <Link to="/checkout" className={buttonClassName({ size: 'lg', fullWidth: true })}>
          Continue to checkout
        </Link>
      )}
      {partner && (
        <div className="cart-summary__pavilion">
          <p className="muted">Buying for one of your customers? Their licences land on their devices.</p>
          <Link to="/partner-pavillion/checkout" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
            Check out for an end customer
          </Link>
        </div>
      )}
      <div className="cart-summary__quote">
        <p className="muted">Buying in quantity or for a project? Ask sales for a price on this cart; it stays as it is.</p>
        <RequestQuotationButton body={{ from_cart: true }} fullWidth />
      </div>
      <PartnerReferralForm cart={cart} />
    </section>
  );
}

/** `/cart`: lines, quantities, coupon, totals with tax, clear, continue to checkout, partner referral code (SPEC §5). */
export function CartPage() {
  const [taxState, setTaxState] = useState('');
  const { data: cart, error, isPending, refetch } = useCart(taxState || undefined);
  const clear = useClearCart();
  // A share link's code (kept 30 days in this browser) goes on a cart that has none.
  useReferralLinkOnCart(cart);
  const [confirmClear, setConfirmClear] = useState(false);
  const problem = isApiProblem(error) ? error : null;
  const prompt = mustChangeStore(problem);
  // Kept after the switch, so the report of what could not be re-added stays on the page.
  const [switchPrompt, setSwitchPrompt] = useState(prompt);
  if (prompt && !switchPrompt) setSwitchPrompt(prompt);

  return (
    <div className="container cart-page">
      <title>Cart — Uplink</title>
      <div className="cart-page__head">
        <h1>Your cart</h1>
        <Link to="/quick-order">Quick order by SKU</Link>
      </div>
      {switchPrompt && <ChangeStoreDialog prompt={switchPrompt} />}
      {error && !prompt && (
        <div className="cart-notice" role="alert">
          <p>{problem?.detail ?? messageForCode(problem?.code ?? 'network_error')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {isPending && !error && (
        <div aria-busy="true" aria-label="Loading your cart">
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </div>
      )}
      {cart && cart.lines.length === 0 && (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <p>
            <Link to="/products" className={buttonClassName({})}>
              Browse products
            </Link>{' '}
            <Link to="/quick-order" className={buttonClassName({ variant: 'secondary' })}>
              Quick order
            </Link>
          </p>
        </div>
      )}
      {cart && cart.lines.length > 0 && (
        <div className="cart-layout">
          <div>
            {cart.price_list === 'partner' && (
              <p className="cart-notice cart-notice--partner" data-testid="cart-partner-prices">
                You see and pay your partner prices in this cart.
              </p>
            )}
            {cart.price_changed && (
              <p className="cart-notice" role="status">
                Some prices changed since you added the items. The new prices are shown below.
              </p>
            )}
            <ul className="cart-lines" aria-label="Items in your cart">
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  currency={cart.currency}
                  couponCode={cart.coupon?.applied && !cartReferral(cart) ? cart.coupon.code : null}
                  partnerPrice={cart.price_list === 'partner'}
                />
              ))}
            </ul>
            <Button variant="ghost" onClick={() => setConfirmClear(true)}>
              Clear cart
            </Button>
          </div>
          <Totals cart={cart} taxState={taxState} onTaxState={setTaxState} />
        </div>
      )}
      <Dialog
        open={confirmClear}
        onClose={() => setConfirmClear(false)}
        title="Clear your cart?"
        description={`This removes all ${cart?.item_count ?? 0} items and the coupon.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmClear(false)}>
              Keep items
            </Button>
            <Button
              variant="danger"
              loading={clear.isPending}
              onClick={() => clear.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
            >
              Clear cart
            </Button>
          </>
        }
      />
    </div>
  );
}

export default CartPage;
