import { Link } from 'react-router';
import { OrderTotals } from '@/components/order-amounts';
import { AppReferralBox } from '@/components/referrals/referral-code-box';
import { Button, buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { CouponForm } from '@/features/cart/components/coupon-form';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { useReferralLinkOnCart } from '@/lib/referrals/use-referral-link';
import { useCart } from '@/lib/resources/cart/get-cart';
import { referralDiscountOf } from '@/lib/resources/referrals';
import { groupPath, useReferralScope } from './referral-context';
import '@/features/cart/cart.css';

/** `cart`: the store's cart (the same cart API as the main store), the coupon and the friend's referral code. */
export function ReferralCartPage() {
  const scope = useReferralScope();
  const cart = useCart();
  const { user } = useCurrentUser();
  useReferralLinkOnCart(cart.data);
  const checkout = groupPath(scope, 'checkout');
  const signIn = `${groupPath(scope, 'sso/callback')}?${new URLSearchParams({ return_to: checkout }).toString()}`;
  return (
    <section className="ministore-list" aria-labelledby="ref-cart-title">
      <title>{`Cart — ${scope.displayName}`}</title>
      <h1 id="ref-cart-title" className="ministore-list__title">
        Your cart
      </h1>
      {cart.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading your cart…</span>
          <Skeleton height="6rem" />
        </div>
      ) : cart.isError ? (
        <div role="alert">
          <p>{isApiProblem(cart.error) ? (cart.error.detail ?? messageForProblem(cart.error)) : 'Your cart didn’t load.'}</p>
          <Button variant="secondary" onClick={() => void cart.refetch()}>
            Try again
          </Button>
        </div>
      ) : cart.data.lines.length === 0 ? (
        <div className="ministore-page">
          <p>Your cart is empty.</p>
          <Link className={buttonClassName({})} to={groupPath(scope, 'products')}>
            See the products
          </Link>
          <AppReferralBox cart={cart.data} compact headingLevel={2} />
        </div>
      ) : (
        <div className="ref-cart">
          <ul className="cart-lines" aria-label="Items in your cart">
            {cart.data.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                currency={cart.data.currency}
                couponCode={cart.data.coupon?.applied && !referralDiscountOf(cart.data) ? cart.data.coupon.code : null}
                linkTo={() => null}
              />
            ))}
          </ul>
          <div className="ref-cart__summary">
            <h2 className="cart-summary__title">Order summary</h2>
            <AppReferralBox cart={cart.data} compact />
            <CouponForm cart={cart.data} />
            <OrderTotals
              currency={cart.data.currency}
              subtotal={cart.data.totals.subtotal.cents}
              discount={cart.data.totals.discount.cents}
              couponCode={cart.data.coupon?.applied ? cart.data.coupon.code : null}
              referral={referralDiscountOf(cart.data)}
              shipping={{ label: 'Shipping', note: cart.data.digital_only ? 'None (digital delivery)' : 'Chosen at checkout' }}
              tax={cart.data.tax.charged ? { label: 'Sales tax', note: 'Calculated at checkout' } : { label: 'Tax', note: 'No sales tax in this store' }}
              total={cart.data.totals.total.cents}
              totalLabel={cart.data.digital_only ? 'Total' : 'Total before shipping'}
              totalTestId="cart-total"
            />
            {cart.data.has_problems ? (
              <>
                <p role="status">Fix the marked lines to continue to checkout.</p>
                <Button size="lg" fullWidth disabled>
                  Continue to checkout
                </Button>
              </>
            ) : (
              <Link className={buttonClassName({ size: 'lg', fullWidth: true })} to={user ? checkout : signIn}>
                {user ? 'Continue to checkout' : 'Sign in to check out'}
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
