import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import type { Cart } from '@/lib/resources/cart/types';
import { useApplyCoupon } from '../api/apply-coupon';
import { useRemoveCoupon } from '../api/remove-coupon';

/** One coupon per cart: enter a code, or see the applied one (and why it doesn't apply, if so). */
export function CouponForm({ cart }: { cart: Cart }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [code, setCode] = useState('');
  const error = apply.error
    ? isApiProblem(apply.error)
      ? (apply.error.detail ?? messageForCode(apply.error.code))
      : 'The coupon could not be applied. Try again.'
    : undefined;

  if (cart.coupon) {
    return (
      <div className="cart-coupon">
        <p className="cart-coupon__applied">
          Coupon <strong>{cart.coupon.code}</strong>
          {cart.coupon.description ? ` — ${cart.coupon.description}` : ''}
        </p>
        {!cart.coupon.applied && cart.coupon.reason && (
          <p className="cart-coupon__reason" role="status">
            Not applied: {cart.coupon.reason}
          </p>
        )}
        <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
          Remove coupon
        </Button>
      </div>
    );
  }
  return (
    <form
      className="cart-coupon"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) apply.mutate(code.trim(), { onSuccess: () => setCode('') });
      }}
    >
      <Input
        label="Coupon code"
        autoComplete="off"
        spellCheck={false}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" variant="secondary" loading={apply.isPending}>
        Apply
      </Button>
    </form>
  );
}
