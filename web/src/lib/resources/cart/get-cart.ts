import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { cartKeys } from './query-keys';
import type { Cart } from './types';

/**
 * `GET /cart`: the cart, read by the cart page, the header's count and checkout.
 * Cart operations only the cart page uses live in `features/cart/api/`.
 */
export function getCart(taxState?: string, signal?: AbortSignal): Promise<Cart> {
  return unwrap(
    api.GET('/api/v1/cart', { params: { query: taxState ? { tax_state: taxState } : {} }, signal }),
  );
}

export function cartQueryOptions(taxState?: string) {
  return queryOptions({
    queryKey: cartKeys.detail(taxState),
    queryFn: ({ signal }) => getCart(taxState, signal),
    staleTime: 10_000,
  });
}

export function useCart(taxState?: string) {
  return useQuery(cartQueryOptions(taxState));
}

/** Units in the cart for the header badge; `null` while unknown (or when the cart can't be read). */
export function useCartCount(): number | null {
  const { data } = useQuery({ ...cartQueryOptions(), select: (cart) => cart.item_count });
  return data ?? null;
}
