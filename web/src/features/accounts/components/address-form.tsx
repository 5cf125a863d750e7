import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCountries } from '../api/get-countries';
import type { Address } from '@/lib/resources/addresses/types';
import { applyServerErrors } from '../lib/form-errors';
import { addressSchema, type AddressValues } from '../lib/schemas';
import { CodeSelect } from './country-select';
import { FormAlert } from './form-alert';

const FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
  'is_default_shipping',
  'is_default_billing',
] as const;

export function addressDefaults(address?: Address, country = ''): AddressValues {
  return {
    name: address?.name ?? '',
    company: address?.company ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country ?? country,
    phone: address?.phone ?? '',
    is_default_shipping: address?.is_default_shipping ?? false,
    is_default_billing: address?.is_default_billing ?? false,
  };
}

export interface AddressFormProps {
  title: string;
  initial: AddressValues;
  submitLabel: string;
  busy: boolean;
  /** Resolves when saved; rejects with the API problem, whose field errors land on the fields. */
  onSubmit: (values: AddressValues) => Promise<unknown>;
  onCancel: () => void;
}

/** One address: SPEC §6 rules checked here for quick feedback and enforced by the server. */
export function AddressForm({ title, initial, submitLabel, busy, onSubmit, onCancel }: AddressFormProps) {
  const countries = useCountries();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<AddressValues>({ resolver: zodResolver(addressSchema), defaultValues: initial });
  const country = useWatch({ control, name: 'country' });

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form className="acct-form acct-form--address" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h2 className="acct-card__title">{title}</h2>
      <FormAlert>{formError}</FormAlert>
      <Input label="Full name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <Input label="Company (optional)" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <CodeSelect
        label="Country"
        options={countries.data?.countries}
        placeholder="Choose the country"
        autoComplete="country"
        required
        error={errors.country?.message}
        {...register('country')}
      />
      <Input label="Street and number" autoComplete="address-line1" required error={errors.line1?.message} {...register('line1')} />
      <Input
        label="Apartment, suite, floor (optional)"
        autoComplete="address-line2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <div className="acct-form__row">
        <Input label="City" autoComplete="address-level2" required error={errors.city?.message} {...register('city')} />
        {country === 'US' ? (
          <CodeSelect
            label="State"
            options={countries.data?.us_states}
            placeholder="Choose the state"
            autoComplete="address-level1"
            required
            error={errors.state?.message}
            {...register('state')}
          />
        ) : (
          <Input
            label="Region (optional)"
            autoComplete="address-level1"
            error={errors.state?.message}
            {...register('state')}
          />
        )}
      </div>
      <Input
        label={country === 'US' ? 'ZIP code' : 'Postal code'}
        autoComplete="postal-code"
        required
        hint={country === 'US' ? '12345 or 12345-6789' : undefined}
        error={errors.postal_code?.message}
        {...register('postal_code')}
      />
      <Input
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        hint="For the courier, if they need to reach you."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <label className="acct-check">
        <input type="checkbox" {...register('is_default_shipping')} />
        <span>Use as my default shipping address</span>
      </label>
      <label className="acct-check">
        <input type="checkbox" {...register('is_default_billing')} />
        <span>Use as my default billing address</span>
      </label>
      <div className="acct-form__actions">
        <Button type="submit" loading={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
