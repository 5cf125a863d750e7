import { useId, useState, type FormEvent } from 'react';
import { centsToDollars, dollarsToCents, formatMoney } from '@/lib/money';
import type { PriceBandFacet } from '../api/types';

export interface PriceFilterProps {
  bands: readonly PriceBandFacet[];
  minPrice: number | null;
  maxPrice: number | null;
  currency: string;
  onChange: (range: { minPrice: number | null; maxPrice: number | null }) => void;
}

/** "Under $100", "$100 – $500", "$500 and above" (a band's minimum of 0 means no lower bound). */
export function bandLabel(band: { min: number | null; max: number | null }, currency: string): string {
  const min = band.min ? formatMoney(band.min, currency).replace(/\.00$/, '') : null;
  // Bands end one cent below a round number (4 999 = "under $50"): show the round number.
  const shownMax = band.max !== null && band.max % 100 === 99 ? band.max + 1 : band.max;
  const max = shownMax !== null ? formatMoney(shownMax, currency).replace(/\.00$/, '') : null;
  if (min && max) return `${min} – ${max}`;
  if (max) return `Under ${max}`;
  if (min) return `${min} and above`;
  return 'Any price';
}

function sameBand(band: PriceBandFacet, minPrice: number | null, maxPrice: number | null): boolean {
  return (band.min_cents || null) === (minPrice || null) && (band.max_cents ?? null) === maxPrice;
}

/** Price bands with their counts, plus a custom from–to range in dollars. */
export function PriceFilter({ bands, minPrice, maxPrice, currency, onChange }: PriceFilterProps) {
  const id = useId();
  const [min, setMin] = useState(centsToDollars(minPrice));
  const [max, setMax] = useState(centsToDollars(maxPrice));
  const [error, setError] = useState<string | null>(null);
  const [syncedFrom, setSyncedFrom] = useState({ minPrice, maxPrice });
  if (syncedFrom.minPrice !== minPrice || syncedFrom.maxPrice !== maxPrice) {
    // The URL changed (a band, a chip or Back): show its range.
    setSyncedFrom({ minPrice, maxPrice });
    setMin(centsToDollars(minPrice));
    setMax(centsToDollars(maxPrice));
    setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const from = dollarsToCents(min);
    const to = dollarsToCents(max);
    if (from === 'invalid' || to === 'invalid') {
      setError('Enter prices as numbers, for example 250 or 99.50.');
      return;
    }
    if (from !== null && to !== null && from > to) {
      setError('The “from” price must be lower than the “to” price.');
      return;
    }
    setError(null);
    onChange({ minPrice: from, maxPrice: to });
  }

  const anyChecked = minPrice === null && maxPrice === null;
  return (
    <fieldset className="facet">
      <legend className="facet__title">Price</legend>
      <ul className="facet__list">
        <li className="facet__item">
          <input
            id={`${id}-any`}
            type="radio"
            name={`${id}-band`}
            className="facet__checkbox"
            checked={anyChecked}
            onChange={() => onChange({ minPrice: null, maxPrice: null })}
          />
          <label htmlFor={`${id}-any`} className="facet__label">
            <span>Any price</span>
          </label>
        </li>
        {bands.map((band, index) => {
          const checked = sameBand(band, minPrice, maxPrice);
          return (
            <li key={index} className="facet__item">
              <input
                id={`${id}-${index}`}
                type="radio"
                name={`${id}-band`}
                className="facet__checkbox"
                checked={checked}
                disabled={!checked && band.count === 0}
                onChange={() => onChange({ minPrice: band.min_cents || null, maxPrice: band.max_cents ?? null })}
              />
              <label htmlFor={`${id}-${index}`} className="facet__label">
                <span>{bandLabel({ min: band.min_cents, max: band.max_cents ?? null }, currency)}</span>
                <span className="facet__count">
                  <span className="visually-hidden">(</span>
                  {band.count}
                  <span className="visually-hidden"> products)</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <form className="price-range" onSubmit={onSubmit} noValidate aria-label="Custom price range">
        <div className="price-range__inputs">
          <label htmlFor={`${id}-min`} className="visually-hidden">
            Lowest price in dollars
          </label>
          <input
            id={`${id}-min`}
            className="ui-input price-range__input"
            inputMode="decimal"
            placeholder="Min $"
            value={min}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setMin(event.target.value)}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={`${id}-max`} className="visually-hidden">
            Highest price in dollars
          </label>
          <input
            id={`${id}-max`}
            className="ui-input price-range__input"
            inputMode="decimal"
            placeholder="Max $"
            value={max}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setMax(event.target.value)}
          />
          <button type="submit" className="ui-button ui-button--secondary ui-button--sm">
            Apply<span className="visually-hidden"> price range</span>
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="ui-field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </fieldset>
  );
}
