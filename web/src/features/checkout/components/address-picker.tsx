import type { Address } from '@/lib/resources/addresses/types';
import type { AddressChoice } from '../lib/draft';
import { AddressForm } from './address-form';

interface Props {
  legend: string;
  name: string;
  book: Address[];
  value: AddressChoice;
  onChange: (next: AddressChoice) => void;
  errors: Record<string, string>;
  errorPrefix: string;
}

function oneLine(a: Address) {
  return [a.name, a.line1, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ');
}

/** An address from the address book, or a new one (optionally saved). */
export function AddressPicker({ legend, name, book, value, onChange, errors, errorPrefix }: Props) {
  const idError = errors[`${errorPrefix}.address_id`] ?? errors[`${errorPrefix}.address`];
  return (
    <fieldset className="address-picker">
      <legend>{legend}</legend>
      {book.map((a) => (
        <label key={a.id} className="choice">
          <input type="radio" name={name} checked={value.id === a.id} onChange={() => onChange({ ...value, id: a.id })} />
          <span>{oneLine(a)}</span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} checked={value.id === null} onChange={() => onChange({ ...value, id: null })} />
        <span>{book.length ? 'A new address' : 'Enter the address'}</span>
      </label>
      {idError && (
        <p className="ui-field__error" role="alert">
          {idError}
        </p>
      )}
      {value.id === null && (
        <>
          <AddressForm
            idPrefix={name}
            value={value.fields}
            onChange={(fields) => onChange({ ...value, fields })}
            errors={errors}
            errorPrefix={`${errorPrefix}.address`}
          />
          <label className="choice">
            <input type="checkbox" checked={value.save} onChange={(e) => onChange({ ...value, save: e.target.checked })} />
            <span>Save this address in my address book</span>
          </label>
        </>
      )}
    </fieldset>
  );
}
