import type { ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ShippingValues } from '@/lib/checkout/shipping-schema';
import { formatMoney } from '@/lib/money';
import type { Address } from '@/lib/resources/addresses/types';
import type { CheckoutOptions, ShippingOption } from '@/lib/resources/checkout/types';
import { AddressPicker } from './address-picker';
import { billsToShippingAddress } from '@/lib/checkout/shipping-schema';
import './checkout-form.css';

/**
 * The ShippingInformation section of a one-page payment (a quotation's, the partner pavilion's):
 * the shipping option, the courier account or pick-up location it needs, the shipping address and
 * the billing address, on the ShippingValues of the surrounding react-hook-form.
 */
export function ShippingFields({
  o,
  book,
  idPrefix,
  optionNote,
}: {
  o: CheckoutOptions;
  book: Address[];
  /** Keeps the ids of two forms apart. */
  idPrefix: string;
  /** Extra words after an option's fee (e.g. "as quoted"). */
  optionNote?: (option: ShippingOption) => ReactNode;
}) {
  const { register, control } = useFormContext<ShippingValues>();
  const { errors } = useFormState<ShippingValues>({ control });
  const [method, billingSameAsShipping] = useWatch({ control, name: ['shippingMethod', 'billingSameAsShipping'] });
  const physical = o.shipping_required;
  const m = (cents: number) => formatMoney(cents, o.currency);
  const carriers = o.shipping_options.find((s) => s.method === 'customer_provided')?.carriers ?? [];
  const pickupLocations = o.shipping_options.find((s) => s.method === 'pickup')?.pickup_locations ?? [];
  const methodErrorId = `${idPrefix}-shipping-method-error`;
  return (
    <>
      {physical && (
        <fieldset className="checkout-fieldset" aria-describedby={errors.shippingMethod ? methodErrorId : undefined}>
          <legend>Shipping option</legend>
          {o.shipping_options.map((s) => (
            <label key={s.method} className={`choice choice--card${s.available ? '' : ' is-disabled'}`}>
              <input type="radio" value={s.method} disabled={!s.available} {...register('shippingMethod')} />
              <span>
                <strong>{s.name}</strong> {s.fee ? m(s.fee.cents) : 'fee shown once the address is known'}
                {optionNote?.(s)}
                {s.min_days != null && s.max_days != null && (
                  <span className="muted">
                    {' '}
                    · delivery in {s.min_days}–{s.max_days} business days
                  </span>
                )}
                {s.method === 'customer_provided' && <span className="muted"> · your own courier account</span>}
                {!s.available && s.reason && <span className="muted"> · {s.reason}</span>}
              </span>
            </label>
          ))}
          {errors.shippingMethod && (
            <p className="ui-field__error" id={methodErrorId}>
              {errors.shippingMethod.message}
            </p>
          )}
        </fieldset>
      )}
      {physical && method === 'customer_provided' && (
        <div className="inline-fields">
          <Select
            id={`${idPrefix}-carrier`}
            label="Carrier"
            options={[{ value: '', label: 'Choose…' }, ...carriers.map((c) => ({ value: c, label: c }))]}
            error={errors.carrier?.message}
            required
            {...register('carrier')}
          />
          <Input
            id={`${idPrefix}-account-number`}
            label="Your account number with the carrier"
            error={errors.accountNumber?.message}
            required
            {...register('accountNumber')}
          />
        </div>
      )}
      {physical && method === 'pickup' && (
        <Select
          id={`${idPrefix}-pickup-location`}
          label="Pick-up location"
          options={[{ value: '', label: 'Choose…' }, ...pickupLocations.map((p) => ({ value: p.code, label: p.label }))]}
          error={errors.pickupLocation?.message}
          required
          {...register('pickupLocation')}
        />
      )}
      {physical && method && method !== 'pickup' && (
        <AddressPicker legend="Shipping address" name={`${idPrefix}-ship`} prefix="shipping" book={book} />
      )}
      {physical && method !== 'pickup' && (
        <label className="choice">
          <input type="checkbox" {...register('billingSameAsShipping')} />
          <span>Bill to the shipping address</span>
        </label>
      )}
      {!billsToShippingAddress({ shippingMethod: method, billingSameAsShipping }, physical) && (
        <AddressPicker legend="Billing address" name={`${idPrefix}-bill`} prefix="billing" book={book} />
      )}
    </>
  );
}
