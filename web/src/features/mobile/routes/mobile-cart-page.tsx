import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import type { CartLine } from '@/lib/resources/cart/types';
import { type CartSlot, useMobileCart, useRemoveMobileLine } from '../api/cart';
import { CHECKOUT_HREF } from '../components/cart-link';
import { LoadProblem, MobilePage } from '../components/page';

const SHOP: Record<CartSlot, { href: string; label: string; title: string }> = {
  'mobile-plans': { href: '/mobile/product-plans', label: 'Plans', title: 'Plans cart' },
  'mobile-warranties': { href: '/mobile/warranties', label: 'Warranties', title: 'Warranties cart' },
};

function forWhat(line: CartLine): string {
  if (line.iccid) return `eSIM ${line.iccid}`;
  if (line.serials.length > 0) return `Device ${line.serials.join(', ')}`;
  return `Quantity ${line.qty}`;
}

function Line({ slot, line }: { slot: CartSlot; line: CartLine }) {
  const remove = useRemoveMobileLine(slot);
  return (
    <li className="m-card" data-testid="cart-line">
      <h3 className="m-card__title">{line.product.name}</h3>
      <p className="m-muted">{forWhat(line)}</p>
      <p className="m-price">{formatMoney(line.subtotal.cents, line.subtotal.currency)}</p>
      {line.price_changed && line.previous_unit_price && (
        <p className="m-alert m-alert--warning">
          The price changed from {formatMoney(line.previous_unit_price.cents, line.previous_unit_price.currency)}.
        </p>
      )}
      {line.problem && <p className="m-alert m-alert--error">{line.problem.message}</p>}
      <Button variant="secondary" onClick={() => remove.mutate(line.id)} loading={remove.isPending}>
        Remove<span className="visually-hidden"> {line.product.name}</span>
      </Button>
      {remove.isError && (
        <p role="alert" className="m-alert m-alert--error">
          {isApiProblem(remove.error) ? messageForProblem(remove.error) : 'It could not be removed. Try again.'}
        </p>
      )}
    </li>
  );
}

/** `/mobile/product-plans/cart`, `/mobile/warranties/cart`: one of the app's own carts. */
export default function MobileCartPage({ slot }: { slot: CartSlot }) {
  const cart = useMobileCart(slot);
  const shop = SHOP[slot];
  return (
    <MobilePage title={shop.title} back={{ to: shop.href, label: shop.label }}>
      {cart.isPending ? (
        <Skeleton height="8rem" />
      ) : cart.isError ? (
        <LoadProblem what="Your cart" onRetry={() => void cart.refetch()} />
      ) : cart.data.lines.length === 0 ? (
        <div className="m-empty">
          <p>Your cart is empty.</p>
          <Link className="ui-button ui-button--primary ui-button--lg" to={shop.href}>
            Browse {shop.label.toLowerCase()}
          </Link>
        </div>
      ) : (
        <>
          <ul className="m-list">
            {cart.data.lines.map((line) => (
              <Line key={line.id} slot={slot} line={line} />
            ))}
          </ul>
          <dl className="m-totals">
            <dt>Subtotal</dt>
            <dd>{formatMoney(cart.data.totals.subtotal.cents, cart.data.currency)}</dd>
            {cart.data.totals.discount.cents > 0 && (
              <>
                <dt>Discount</dt>
                <dd>−{formatMoney(cart.data.totals.discount.cents, cart.data.currency)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(cart.data.totals.total.cents, cart.data.currency)}</strong>
            </dd>
          </dl>
          {cart.data.has_problems ? (
            <p className="m-alert m-alert--error" role="status">
              Remove or fix the items marked above to check out.
            </p>
          ) : (
            <div className="m-sticky-action">
              <Link className="ui-button ui-button--primary ui-button--lg ui-button--full" to={CHECKOUT_HREF[slot]}>
                Check out
              </Link>
            </div>
          )}
        </>
      )}
    </MobilePage>
  );
}
