import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { Address } from '@/lib/resources/addresses/types';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { AddressPicker } from '@/components/checkout/address-picker';
import { CheckoutSteps } from '../components/checkout-steps';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { OrderLines, checkoutLineViews } from '@/components/checkout/order-lines';
import { RequireSignIn } from '../components/require-sign-in';
import { destinationOf } from '@/lib/checkout/destination';
import { type CheckoutDraft, emptyDraft, loadDraft, saveDraft } from '@/lib/checkout/draft';
import {
  billsToShippingAddress,
  formFieldOf,
  shippingSchema,
  shippingValuesOf,
  type ShippingValues,
  withShippingValues,
} from '@/lib/checkout/shipping-schema';
import { useCartReferralDiscount } from '@/lib/resources/referrals';
import { useCart } from '@/lib/resources/cart/get-cart';
import { AppReferralBox } from '@/components/referrals/referral-code-box';
import { useReferralLinkOnCart } from '@/lib/referrals/use-referral-link';
import '../checkout.css';

/** Counts the messages in react-hook-form's (nested) errors. */
function countErrors(errors: object): number {
  if ('type' in errors) return 1;
  return Object.values(errors).reduce<number>((n, value) => n + (value && typeof value === 'object' ? countErrors(value as object) : 0), 0);
}

/** Starts from the default addresses of the book when the draft has none yet. */
function seededDraft(book: Address[]): CheckoutDraft {
  const draft = loadDraft();
  const ship = book.find((a) => a.is_default_shipping) ?? book[0];
  const bill = book.find((a) => a.is_default_billing) ?? ship;
  if (!ship || !bill || draft.shipping.id || draft.shipping.fields.line1) return draft;
  return { ...draft, shipping: { ...draft.shipping, id: ship.id }, billing: { ...draft.billing, id: bill.id } };
}

function CheckoutForm() {
  const addresses = useAddresses();
  if (addresses.isPending) return <Spinner label="Loading checkout" />;
  return <ShippingStep book={addresses.data?.items ?? []} />;
}

/** The ShippingInformation section (react-hook-form + zod) beside the ProductList. */
function ShippingStep({ book }: { book: Address[] }) {
  const navigate = useNavigate();
  const [draft] = useState(() => seededDraft(book));
  // What the schema asks depends on the options (is anything shipped?), read when it runs.
  const shippingRequired = useRef(true);
  const form = useForm<ShippingValues>({
    defaultValues: shippingValuesOf(draft),
    resolver: (values, context, options) => zodResolver(shippingSchema(shippingRequired.current))(values, context, options),
    shouldFocusError: false,
  });
  const { control, register, setError, getValues, subscribe } = form;
  const errors = form.formState.errors;
  const [method, billingSameAsShipping] = useWatch({ control, name: ['shippingMethod', 'billingSameAsShipping'] });
  // Prices follow the destination being chosen: the shipping quote its country, sales tax its state.
  const values = useWatch({ control });
  const destination = destinationOf(withShippingValues(emptyDraft(), values as ShippingValues), book);
  const options = useCheckoutOptions(destination);
  const referral = useCartReferralDiscount();
  const cart = useCart();
  useReferralLinkOnCart(cart.data);
  useEffect(() => {
    if (options.data) shippingRequired.current = options.data.shipping_required;
  }, [options.data]);

  // The draft follows every change (the later steps and a reload read it).
  useEffect(() => {
    saveDraft(withShippingValues(loadDraft(), getValues()));
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft(withShippingValues(loadDraft(), values)),
    });
  }, [subscribe, getValues]);

  // Field errors the server gave when the order was placed go back onto their fields.
  useEffect(() => {
    for (const { field, message } of draft.shippingErrors) {
      const name = formFieldOf(field);
      if (name) setError(name as FieldPath<ShippingValues>, { type: 'server', message });
    }
  }, [draft.shippingErrors, setError]);

  if (options.isPending) return <Spinner label="Loading checkout" />;
  const problem = options.error;
  if (problem) {
    return (
      <div role="alert" className="checkout-alert">
        <p>{isApiProblem(problem) ? (problem.detail ?? messageForProblem(problem)) : 'Checkout could not be loaded.'}</p>
        <Link to="/cart">Back to the cart</Link>
      </div>
    );
  }
  const o = options.data;
  if (o.lines.length === 0) {
    return (
      <div className="checkout-alert" role="status">
        <p>Your cart is empty.</p>
        <Link to="/products">Browse products</Link>
      </div>
    );
  }
  const errorCount = countErrors(errors);

  const onContinue = form.handleSubmit(
    (values) => {
      saveDraft({ ...withShippingValues(loadDraft(), values), shippingErrors: [] });
      void navigate('/checkout/payment');
    },
    () => document.getElementById('section-shipping')?.focus(),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onContinue(event)} noValidate className="checkout-grid">
        <div className="checkout-main">
          <section id="section-shipping" tabIndex={-1} aria-labelledby="shipping-heading" className="checkout-section" data-section="ShippingInformation">
            <h2 id="shipping-heading">{o.shipping_required ? 'Shipping information' : 'Billing information'}</h2>
            {errorCount > 0 && (
              <div role="alert" className="section-errors">
                <p>Please check {errorCount === 1 ? 'one field' : `${errorCount} fields`} in this section.</p>
              </div>
            )}
            {!o.shipping_required && <p className="muted">Everything in your cart is delivered digitally, so there is nothing to ship.</p>}
            {o.shipping_required && (
              <fieldset className="shipping-options" aria-describedby={errors.shippingMethod ? 'shipping-method-error' : undefined}>
                <legend>Shipping option</legend>
                {o.shipping_options.map((s) => (
                  <label key={s.method} className={`choice choice--card${s.available ? '' : ' is-disabled'}`}>
                    <input type="radio" value={s.method} disabled={!s.available} {...register('shippingMethod')} />
                    <span>
                      <strong>{s.name}</strong>{' '}
                      {s.fee ? formatMoney(s.fee.cents, s.fee.currency) : 'fee shown once the address is known'}
                      {s.min_days != null && s.max_days != null && (
                        <span className="muted"> · delivery in {s.min_days}–{s.max_days} business days</span>
                      )}
                      {!s.available && s.reason && <span className="muted"> · {s.reason}</span>}
                    </span>
                  </label>
                ))}
                {errors.shippingMethod && (
                  <p className="ui-field__error" id="shipping-method-error">
                    {errors.shippingMethod.message}
                  </p>
                )}
              </fieldset>
            )}
            {o.shipping_required && method === 'customer_provided' && (
              <div className="inline-fields">
                <Select
                  id="carrier"
                  label="Carrier"
                  options={[{ value: '', label: 'Choose…' }, ...(o.shipping_options[0]?.carriers ?? []).map((c) => ({ value: c, label: c }))]}
                  error={errors.carrier?.message}
                  required
                  {...register('carrier')}
                />
                <Input
                  id="account-number"
                  label="Your account number with the carrier"
                  error={errors.accountNumber?.message}
                  required
                  {...register('accountNumber')}
                />
              </div>
            )}
            {o.shipping_required && method === 'pickup' && (
              <Select
                id="pickup-location"
                label="Pick-up location"
                options={[
                  { value: '', label: 'Choose…' },
                  ...(o.shipping_options.find((s) => s.method === 'pickup')?.pickup_locations ?? []).map((p) => ({ value: p.code, label: p.label })),
                ]}
                error={errors.pickupLocation?.message}
                required
                {...register('pickupLocation')}
              />
            )}
            {o.shipping_required && method && method !== 'pickup' && (
              <AddressPicker legend="Shipping address" name="ship" prefix="shipping" book={book} />
            )}
            {o.shipping_required && method !== 'pickup' && (
              <label className="choice">
                <input type="checkbox" {...register('billingSameAsShipping')} />
                <span>Bill to the shipping address</span>
              </label>
            )}
            {!billsToShippingAddress({ shippingMethod: method, billingSameAsShipping }, o.shipping_required) && (
              <AddressPicker legend="Billing address" name="bill" prefix="billing" book={book} />
            )}
          </section>
        </div>
        <aside className="checkout-side">
          <Card as="section" aria-labelledby="products-heading" data-section="ProductList">
            <h2 id="products-heading">Your order</h2>
            <OrderLines lines={checkoutLineViews(o, true)} />
            <p>
              <Link to="/cart">Change quantities or the coupon in the cart</Link>
            </p>
            {cart.data && <AppReferralBox cart={cart.data} compact />}
            <CheckoutTotals referral={referral} o={o} method={method || null} />
            <Button type="submit" fullWidth size="lg">
              Continue to payment
            </Button>
          </Card>
        </aside>
      </form>
    </FormProvider>
  );
}

export default function CheckoutPage() {
  return (
    <div className="container page checkout">
      <h1>Checkout</h1>
      <CheckoutSteps current={0} />
      <RequireSignIn>
        <CheckoutForm />
      </RequireSignIn>
    </div>
  );
}
