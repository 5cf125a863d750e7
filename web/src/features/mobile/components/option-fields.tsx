import { useId } from 'react';
import type { components } from '@/lib/api/schema';
import { formatMoney } from '@/lib/money';

type CustomOption = components['schemas']['CustomOptionDto'];
type PriceDelta = components['schemas']['PriceDelta'];

/** The options the buyer picks on a card: selects, texts and dates (serials and ICCIDs are chosen apart). */
export function pickableOptions(options: CustomOption[] | undefined): CustomOption[] {
  return (options ?? []).filter((o) => o.kind === 'select' || ((o.kind === 'text' || o.kind === 'date') && o.required));
}

/** Starting values: a required select takes its first value, everything else starts empty. */
export function defaultOptions(options: CustomOption[]): Record<string, string> {
  return Object.fromEntries(options.filter((o) => o.kind === 'select' && o.required && o.values[0]).map((o) => [o.code, o.values[0]!.code]));
}

function delta(d: PriceDelta | null | undefined): string {
  if (!d) return '';
  if (d.kind === 'fixed') return d.amount.cents ? ` (+${formatMoney(d.amount.cents, d.amount.currency)})` : '';
  return d.basis_points ? ` (+${d.basis_points / 100}%)` : '';
}

/** A product's custom options as compact fields (SPEC §4.1), e.g. a care plan's support level. */
export function OptionFields({
  options,
  values,
  onChange,
}: {
  options: CustomOption[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const id = useId();
  return (
    <>
      {options.map((o) => (
        <div key={o.code} className="m-field">
          <label htmlFor={`${id}-${o.code}`}>
            {o.label}
            {o.required ? '' : ' (optional)'}
          </label>
          {o.kind === 'select' ? (
            <select id={`${id}-${o.code}`} value={values[o.code] ?? ''} onChange={(e) => onChange({ ...values, [o.code]: e.target.value })}>
              {!o.required && <option value="">None</option>}
              {o.values.map((v) => (
                <option key={v.code} value={v.code}>
                  {v.label}
                  {delta(v.price_delta)}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${o.code}`}
              className="ui-input"
              type={o.kind === 'date' ? 'date' : 'text'}
              required={o.required}
              value={values[o.code] ?? ''}
              onChange={(e) => onChange({ ...values, [o.code]: e.target.value })}
            />
          )}
          {o.help && <span className="m-muted m-hint">{o.help}</span>}
        </div>
      ))}
    </>
  );
}

/** The options to send: empty values left out. */
export function chosenOptions(values: Record<string, string>): Record<string, string> | undefined {
  const entries = Object.entries(values).filter(([, v]) => v !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}
