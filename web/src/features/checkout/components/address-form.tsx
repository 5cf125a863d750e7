import { Input } from '@/components/ui/input';
import type { AddressFields } from '../api/types';

interface Props {
  idPrefix: string;
  value: AddressFields;
  onChange: (next: AddressFields) => void;
  errors: Record<string, string>;
  /** Field prefix of server errors, e.g. `shipping.address`. */
  errorPrefix: string;
}

/** A new address (SPEC §6 rules: US addresses need a state and a ZIP). */
export function AddressForm({ idPrefix, value, onChange, errors, errorPrefix }: Props) {
  const set = (k: keyof AddressFields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [k]: e.target.value === '' && (k === 'company' || k === 'line2' || k === 'state') ? null : e.target.value });
  const err = (k: string) => errors[`${errorPrefix}.${k}`];
  return (
    <div className="address-form">
      <Input id={`${idPrefix}-name`} label="Full name" required autoComplete="name" value={value.name} onChange={set('name')} error={err('name')} />
      <Input id={`${idPrefix}-company`} label="Company" autoComplete="organization" value={value.company ?? ''} onChange={set('company')} error={err('company')} />
      <Input id={`${idPrefix}-line1`} label="Address line 1" required autoComplete="address-line1" value={value.line1} onChange={set('line1')} error={err('line1')} />
      <Input id={`${idPrefix}-line2`} label="Address line 2" autoComplete="address-line2" value={value.line2 ?? ''} onChange={set('line2')} error={err('line2')} />
      <Input id={`${idPrefix}-city`} label="City" required autoComplete="address-level2" value={value.city} onChange={set('city')} error={err('city')} />
      <Input id={`${idPrefix}-state`} label="State / region" hint="US addresses: two-letter state code" autoComplete="address-level1" value={value.state ?? ''} onChange={set('state')} error={err('state')} />
      <Input id={`${idPrefix}-postal`} label="Postal code" required autoComplete="postal-code" value={value.postal_code} onChange={set('postal_code')} error={err('postal_code')} />
      <Input id={`${idPrefix}-country`} label="Country code" hint="Two letters, e.g. US, DE" required autoComplete="country" maxLength={2} value={value.country} onChange={(e) => onChange({ ...value, country: e.target.value.toUpperCase() })} error={err('country')} />
      <Input id={`${idPrefix}-phone`} label="Phone" required type="tel" autoComplete="tel" value={value.phone} onChange={set('phone')} error={err('phone')} />
    </div>
  );
}
