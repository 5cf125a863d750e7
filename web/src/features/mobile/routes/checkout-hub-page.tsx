import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { type CartSlot, useMobileCart } from '../api/cart';
import { CART_HREF, CHECKOUT_HREF } from '../components/cart-link';
import { MobilePage } from '../components/page';

const NAMES: Record<CartSlot, string> = { 'mobile-plans': 'Plans', 'mobile-warranties': 'Warranties' };

function CartRow({ slot }: { slot: CartSlot }) {
  const cart = useMobileCart(slot);
  if (cart.isPending) return <Skeleton height="4rem" />;
  const count = cart.data?.item_count ?? 0;
  return (
    <li className="m-card">
      <h2 className="m-card__title">{NAMES[slot]}</h2>
      {cart.isError ? (
        <p>This cart couldn’t be loaded. <Link to={CART_HREF[slot]}>Open it</Link> to try again.</p>
      ) : count === 0 ? (
        <p>Empty.</p>
      ) : (
        <>
          <p>
            {count} item{count === 1 ? '' : 's'} · {formatMoney(cart.data.totals.total.cents, cart.data.currency)}
          </p>
          <Link className="ui-button ui-button--primary ui-button--lg ui-button--full" to={CHECKOUT_HREF[slot]}>
            Check out {NAMES[slot].toLowerCase()}
          </Link>
        </>
      )}
    </li>
  );
}

/** `/mobile/checkout`: the app's two carts (plans, warranties), each checked out on its own. */
export default function CheckoutHubPage() {
  return (
    <MobilePage title="Checkout" back={{ to: '/mobile', label: 'Your devices' }}>
      <p>Plans and warranties are paid for separately. Choose which to check out.</p>
      <ul className="m-list">
        <CartRow slot="mobile-plans" />
        <CartRow slot="mobile-warranties" />
      </ul>
    </MobilePage>
  );
}
