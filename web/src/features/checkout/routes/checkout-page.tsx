import { useEffect, useMemo, useState } from 'react';
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
import { useCheckoutOptions } from '../api/get-checkout-options';
import { AddressPicker } from '../components/address-picker';
import { CheckoutSteps } from '../components/checkout-steps';
import { OrderLines } from '../components/order-lines';
import { RequireSignIn } from '../components/require-sign-in';
import { type CheckoutDraft, loadDraft, saveDraft } from '../lib/draft';
import '../checkout.css';

/** Client-side checks of the ShippingInformation section (the server checks everything again). */
function checkShipping(d: CheckoutDraft, shippingRequired: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  const needAddress = (prefix: string, a: CheckoutDraft['shipping']) => {
    if (a.id) return;
    const f = a.fields;
    if (!f.name.trim()) e[`${prefix}.address.name`] = 'Enter the name.';
    if (!f.line1.trim()) e[`${prefix}.address.line1`] = 'Enter the street address.';
    if (!f.city.trim()) e[`${prefix}.address.city`] = 'Enter the city.';
    if (!f.postal_code.trim()) e[`${prefix}.address.postal_code`] = 'Enter the postal code.';
    if (!/^[A-Z]{2}$/.test(f.country)) e[`${prefix}.address.country`] = 'Enter a two-letter country code.';
    if (f.country === 'US' && !f.state) e[`${prefix}.address.state`] = 'US addresses need a state.';
    if ((f.phone.match(/\d/g) ?? []).length < 6) e[`${prefix}.address.phone`] = 'Enter a phone number.';
  };
  if (shippingRequired) {
    if (!d.shippingMethod) e['shipping.method'] = 'Choose how your order is shipped.';
    if (d.shippingMethod && d.shippingMethod !== 'pickup') needAddress('shipping', d.shipping);
    if (d.shippingMethod === 'customer_provided') {
      if (!d.carrier) e['shipping.carrier'] = 'Choose your carrier.';
      if (d.accountNumber.trim().length < 3) e['shipping.account_number'] = 'Enter your account number with the carrier.';
    }
    if (d.shippingMethod === 'pickup' && !d.pickupLocation) e['shipping.pickup_location'] = 'Choose a pick-up location.';
  }
  const billingSame = shippingRequired && d.shippingMethod !== 'pickup' && d.billingSameAsShipping;
  if (!billingSame) needAddress('billing', d.billing);
  return e;
}

function CheckoutForm() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const addresses = useAddresses();
  const book = useMemo(() => addresses.data?.items ?? [], [addresses.data]);
  const country = draft.shipping.id
    ? book.find((a) => a.id === draft.shipping.id)?.country
    : /^[A-Z]{2}$/.test(draft.shipping.fields.country)
      ? draft.shipping.fields.country
      : undefined;
  const options = useCheckoutOptions(country);

  // Start from the default addresses of the book (adjusting state while rendering, once).
  const [seeded, setSeeded] = useState(false);
  if (!seeded && addresses.data) {
    setSeeded(true);
    const ship = book.find((a) => a.is_default_shipping) ?? book[0];
    const bill = book.find((a) => a.is_default_billing) ?? ship;
    if (ship && bill && !draft.shipping.id && !draft.shipping.fields.line1) {
      setDraft({ ...draft, shipping: { ...draft.shipping, id: ship.id }, billing: { ...draft.billing, id: bill.id } });
    }
  }

  useEffect(() => saveDraft(draft), [draft]);

  if (options.isPending || addresses.isPending) return <Spinner label="Loading checkout" />;
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
  const update = (patch: Partial<CheckoutDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shippingErrors = Object.entries(errors).filter(([k]) => k.startsWith('shipping') || k.startsWith('billing'));

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    const e = checkShipping(draft, o.shipping_required);
    setErrors(e);
    if (Object.keys(e).length > 0) {
      document.getElementById('section-shipping')?.focus();
      return;
    }
    void navigate('/checkout/payment');
  };

  return (
    <form onSubmit={onContinue} noValidate className="checkout-grid">
      <div className="checkout-main">
        <section id="section-shipping" tabIndex={-1} aria-labelledby="shipping-heading" className="checkout-section" data-section="ShippingInformation">
          <h2 id="shipping-heading">{o.shipping_required ? 'Shipping information' : 'Billing information'}</h2>
          {shippingErrors.length > 0 && (
            <div role="alert" className="section-errors">
              <p>Please check {shippingErrors.length === 1 ? 'one field' : `${shippingErrors.length} fields`} in this section.</p>
            </div>
          )}
          {!o.shipping_required && <p className="muted">Everything in your cart is delivered digitally, so there is nothing to ship.</p>}
          {o.shipping_required && (
            <fieldset className="shipping-options">
              <legend>Shipping option</legend>
              {o.shipping_options.map((s) => (
                <label key={s.method} className={`choice choice--card${s.available ? '' : ' is-disabled'}`}>
                  <input
                    type="radio"
                    name="shipping-method"
                    value={s.method}
                    disabled={!s.available}
                    checked={draft.shippingMethod === s.method}
                    onChange={() => update({ shippingMethod: s.method as CheckoutDraft['shippingMethod'] })}
                  />
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
              {errors['shipping.method'] && <p className="ui-field__error">{errors['shipping.method']}</p>}
            </fieldset>
          )}
          {o.shipping_required && draft.shippingMethod === 'customer_provided' && (
            <div className="inline-fields">
              <Select
                id="carrier"
                label="Carrier"
                value={draft.carrier}
                onChange={(e) => update({ carrier: e.target.value })}
                options={[{ value: '', label: 'Choose…' }, ...(o.shipping_options[0]?.carriers ?? []).map((c) => ({ value: c, label: c }))]}
                error={errors['shipping.carrier']}
                required
              />
              <Input
                id="account-number"
                label="Your account number with the carrier"
                value={draft.accountNumber}
                onChange={(e) => update({ accountNumber: e.target.value })}
                error={errors['shipping.account_number']}
                required
              />
            </div>
          )}
          {o.shipping_required && draft.shippingMethod === 'pickup' && (
            <Select
              id="pickup-location"
              label="Pick-up location"
              value={draft.pickupLocation}
              onChange={(e) => update({ pickupLocation: e.target.value })}
              options={[
                { value: '', label: 'Choose…' },
                ...(o.shipping_options.find((s) => s.method === 'pickup')?.pickup_locations ?? []).map((p) => ({ value: p.code, label: p.label })),
              ]}
              error={errors['shipping.pickup_location']}
              required
            />
          )}
          {o.shipping_required && draft.shippingMethod && draft.shippingMethod !== 'pickup' && (
            <AddressPicker
              legend="Shipping address"
              name="ship"
              book={book}
              value={draft.shipping}
              onChange={(shipping) => update({ shipping })}
              errors={errors}
              errorPrefix="shipping"
            />
          )}
          {o.shipping_required && draft.shippingMethod !== 'pickup' && (
            <label className="choice">
              <input type="checkbox" checked={draft.billingSameAsShipping} onChange={(e) => update({ billingSameAsShipping: e.target.checked })} />
              <span>Bill to the shipping address</span>
            </label>
          )}
          {(!o.shipping_required || draft.shippingMethod === 'pickup' || !draft.billingSameAsShipping) && (
            <AddressPicker
              legend="Billing address"
              name="bill"
              book={book}
              value={draft.billing}
              onChange={(billing) => update({ billing })}
              errors={errors}
              errorPrefix="billing"
            />
          )}
        </section>
      </div>
      <aside className="checkout-side">
        <Card as="section" aria-labelledby="products-heading" data-section="ProductList">
          <h2 id="products-heading">Your order</h2>
          <OrderLines
            lines={o.lines.map((l) => ({
              key: l.id,
              name: l.name,
              sku: l.sku,
              qty: l.qty,
              total: l.total.cents,
              currency: l.total.currency,
              options: l.options.map((op) => `${op.label}: ${op.value_label}`),
              serials: l.serials,
              note: l.problem ?? undefined,
            }))}
          />
          <p>
            <Link to="/cart">Change quantities or the coupon in the cart</Link>
          </p>
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>{formatMoney(o.totals.subtotal.cents, o.currency)}</dd>
            {o.totals.discount.cents > 0 && (
              <>
                <dt>Discount</dt>
                <dd>−{formatMoney(o.totals.discount.cents, o.currency)}</dd>
              </>
            )}
            <dt>Tax</dt>
            <dd>{formatMoney(o.totals.tax.cents, o.currency)}</dd>
            <dt>Total before shipping</dt>
            <dd>{formatMoney(o.totals.total.cents, o.currency)}</dd>
          </dl>
          <Button type="submit" fullWidth size="lg">
            Continue to payment
          </Button>
        </Card>
      </aside>
    </form>
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
