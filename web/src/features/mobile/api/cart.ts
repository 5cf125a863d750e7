import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { AddLineBody } from '@/lib/resources/cart/types';
import { addToMobileCart, type CartSlot, getMobileCart, mobileKeys } from './cart-keys';

export { type CartSlot, getMobileCart, mobileKeys } from './cart-keys';

export function useMobileCart(slot: CartSlot) {
  return useQuery({ queryKey: mobileKeys.cart(slot), queryFn: ({ signal }) => getMobileCart(slot, signal), staleTime: 10_000 });
}

/** `POST /cart/lines?cart=slot`: the server's cart replaces the cached one. */
export function useAddToMobileCart(slot: CartSlot) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddLineBody) => addToMobileCart(slot, body),
    onSuccess: (cart) => {
      client.setQueryData(mobileKeys.cart(slot), cart);
      void client.invalidateQueries({ queryKey: [...mobileKeys.all, 'options', slot] });
    },
  });
}

/** `DELETE /cart/lines/{id}?cart=slot`. */
export function useRemoveMobileLine(slot: CartSlot) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/v1/cart/lines/{id}', { params: { path: { id }, query: { cart: slot } } })),
    onSuccess: (cart) => {
      client.setQueryData(mobileKeys.cart(slot), cart);
      void client.invalidateQueries({ queryKey: [...mobileKeys.all, 'options', slot] });
    },
  });
}
