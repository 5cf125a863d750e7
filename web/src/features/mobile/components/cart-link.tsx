import { Link } from 'react-router';
import type { CartSlot } from '../api/cart';

export const CART_HREF: Record<CartSlot, string> = {
  'mobile-plans': '/mobile/product-plans/cart',
  'mobile-warranties': '/mobile/warranties/cart',
};

export const CHECKOUT_HREF: Record<CartSlot, string> = {
  'mobile-plans': '/mobile/product-plans/checkout',
  'mobile-warranties': '/mobile/warranties/checkout',
};

/** The page's cart button with its item count. */
export function CartLink({ slot, count }: { slot: CartSlot; count: number | undefined }) {
  return (
    <Link className="m-cart-link" to={CART_HREF[slot]}>
      Cart{count ? ` · ${count} item${count === 1 ? '' : 's'}` : ''}
    </Link>
  );
}
