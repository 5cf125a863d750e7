import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { useAddToCart } from '@/lib/resources/cart/add-cart-line';
import type { AddLineBody } from '@/lib/resources/cart/types';
import type { PurchaseFormValues } from '../lib/purchase-schema';

/** The request body of "add to cart" from the product page's purchase form. */
export function addLineBody(sku: string, values: PurchaseFormValues): AddLineBody {
  const serials = values.serials.map((entry) => entry.value).filter(Boolean);
  const options = Object.fromEntries(Object.entries(values.options).filter(([, value]) => value !== ''));
  return serials.length > 0 ? { sku, serials, options } : { sku, qty: values.quantity, options };
}

/** A server refusal, in words, with any per-field details (e.g. which serial number). */
export function AddToCartError({ error }: { error: unknown }) {
  if (!error) return null;
  const problem = isApiProblem(error) ? error : null;
  const details = problem?.errors.filter((item) => item.message && item.message !== problem.detail) ?? [];
  return (
    <div className="add-to-cart__error" role="alert">
      <p>{problem?.detail ?? (problem ? messageForCode(problem.code) : 'Could not add to the cart. Try again.')}</p>
      {details.length > 0 && (
        <ul>
          {details.map((item) => (
            <li key={item.field}>{item.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Submit button + outcome of the purchase form: adds the chosen product to the cart. */
export function useAddToCartFromForm(sku: string, name: string) {
  const add = useAddToCart();
  const toast = useToast();
  const [lastError, setLastError] = useState<unknown>(null);
  function onValid(values: PurchaseFormValues) {
    setLastError(null);
    add.mutate(addLineBody(sku, values), {
      onSuccess: () => toast.show({ message: `${name} was added to your cart.`, tone: 'success' }),
      onError: (error) => setLastError(error),
    });
  }
  const actions = (
    <div className="add-to-cart">
      <Button type="submit" size="lg" fullWidth loading={add.isPending}>
        Add to cart
      </Button>
      <AddToCartError error={lastError} />
      {add.isSuccess && !lastError && (
        <p className="add-to-cart__done" role="status">
          Added. <Link to="/cart">View cart</Link>
        </p>
      )}
    </div>
  );
  return { onValid, actions };
}
