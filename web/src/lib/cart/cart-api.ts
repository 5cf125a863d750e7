import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/**
 * The cart, shared by every feature that puts things into it (product page,
 * product cards, quick order, bookmarks) and by the header's cart count.
 * Feature-specific cart operations live in `features/cart/api/`.
 */
export type Cart = components['schemas']['CartDto'];
export type CartLine = components['schemas']['CartLineDto'];
export type AddLineBody = components['schemas']['AddLineRequest'];

/** Query keys of the cart (one cart per store; the store switcher refetches everything). */
export const cartKeys = {
  all: ['cart'] as const,
  detail: (taxState?: string) => ['cart', 'detail', taxState ?? ''] as const,
};

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

export function addCartLine(body: AddLineBody): Promise<Cart> {
  return unwrap(api.POST('/api/v1/cart/lines', { body }));
}

/** Units a request adds (serial-bound products: one per serial). */
export function unitsOf(body: AddLineBody): number {
  return body.serials && body.serials.length > 0 ? body.serials.length : (body.qty ?? 1);
}

interface OptimisticContext {
  previous: Cart | undefined;
}

/**
 * Adds a line. The header count moves at once (optimistic), and moves back
 * if the server refuses; the server's cart then replaces the guess.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const key = cartKeys.detail();
  return useMutation<Cart, Error, AddLineBody, OptimisticContext>({
    mutationFn: addCartLine,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      const previous = queryClient.getQueryData<Cart>(key);
      if (previous) {
        queryClient.setQueryData<Cart>(key, { ...previous, item_count: previous.item_count + unitsOf(body) });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (cart) => {
      queryClient.setQueryData(key, cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'inactive' }),
  });
}
