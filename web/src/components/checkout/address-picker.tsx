import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { Address } from '@/lib/resources/addresses/types';
import type { ShippingValues } from '@/lib/checkout/shipping-schema';
import { AddressForm } from './address-form';
import './checkout-form.css';

interface Props {
  legend: string;
  name: string;
  /** `shipping` or `billing`: which address of the form this picks. */
  prefix: 'shipping' | 'billing';
  book: Address[];
}

function oneLine(a: Address) {
  return [a.name, a.line1, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ');
}

/** An address from the address book, or a new one (optionally saved). */
export function AddressPicker({ legend, name, prefix, book }: Props) {
  const { register, setValue, control } = useFormContext<ShippingValues>();
  const id = useWatch({ control, name: `${prefix}.id` });
  const { errors } = useFormState({ control, name: `${prefix}.id` });
  const idError = errors[prefix]?.id?.message;
  const choose = (next: string | null) => setValue(`${prefix}.id`, next, { shouldDirty: true });
  return (
    <fieldset className="address-picker">
      <legend>{legend}</legend>
      {book.map((a) => (
        <label key={a.id} className="choice">
          <input type="radio" name={name} checked={id === a.id} onChange={() => choose(a.id)} />
          <span>{oneLine(a)}</span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} checked={id === null} onChange={() => choose(null)} />
        <span>{book.length ? 'A new address' : 'Enter the address'}</span>
      </label>
      {idError && (
        <p className="ui-field__error" role="alert">
          {idError}
        </p>
      )}
      {id === null && (
        <>
          <AddressForm prefix={prefix} idPrefix={name} />
          <label className="choice">
            <input type="checkbox" {...register(`${prefix}.save`)} />
            <span>Save this address in my address book</span>
          </label>
        </>
      )}
    </fieldset>
  );
}
