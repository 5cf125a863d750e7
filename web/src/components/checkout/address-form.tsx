import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import type { ShippingValues } from '@/lib/checkout/shipping-schema';

interface Props {
  /** `shipping` or `billing`: which address of the form this is. */
  prefix: 'shipping' | 'billing';
  idPrefix: string;
}

/** A new address; its rules are the one address rule set (`@/lib/address/address-schema`, via the shipping schema). */
export function AddressForm({ prefix, idPrefix }: Props) {
  const { register, control } = useFormContext<ShippingValues>();
  const { errors } = useFormState({ control, name: prefix });
  const err = errors[prefix]?.fields;
  const name = (field: keyof ShippingValues['shipping']['fields']) => `${prefix}.fields.${field}` as const;
  return (
    <div className="address-form">
      <Input id={`${idPrefix}-name`} label="Full name" required autoComplete="name" error={err?.name?.message} {...register(name('name'))} />
      <Input id={`${idPrefix}-company`} label="Company" autoComplete="organization" error={err?.company?.message} {...register(name('company'))} />
      <Input id={`${idPrefix}-line1`} label="Address line 1" required autoComplete="address-line1" error={err?.line1?.message} {...register(name('line1'))} />
      <Input id={`${idPrefix}-line2`} label="Address line 2" autoComplete="address-line2" error={err?.line2?.message} {...register(name('line2'))} />
      <Input id={`${idPrefix}-city`} label="City" required autoComplete="address-level2" error={err?.city?.message} {...register(name('city'))} />
      <Input id={`${idPrefix}-state`} label="State / region" hint="US addresses: two-letter state code" autoComplete="address-level1" error={err?.state?.message} {...register(name('state'))} />
      <Input id={`${idPrefix}-postal`} label="Postal code" required autoComplete="postal-code" error={err?.postal_code?.message} {...register(name('postal_code'))} />
      <Controller
        control={control}
        name={name('country')}
        render={({ field }) => (
          <Input
            id={`${idPrefix}-country`}
            label="Country code"
            hint="Two letters, e.g. US, DE"
            required
            autoComplete="country"
            maxLength={2}
            error={err?.country?.message}
            {...field}
            onChange={(e) => field.onChange(e.target.value.toUpperCase())}
          />
        )}
      />
      <Input id={`${idPrefix}-phone`} label="Phone" required type="tel" autoComplete="tel" error={err?.phone?.message} {...register(name('phone'))} />
    </div>
  );
}
