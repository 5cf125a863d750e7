import { useId } from 'react';
import type { Facets } from '../api/types';
import { FACET_TITLES, labelText, typeLabel } from '../lib/labels';
import { applyListingChange, FACET_KEYS, toggleFacet, type FacetKey, type ListingState } from '../lib/listing-params';
import { FacetGroup } from './facet-group';
import { PriceFilter } from './price-filter';

export interface FiltersPanelProps {
  facets: Facets | undefined;
  state: ListingState;
  onChange: (next: ListingState) => void;
  hidden?: readonly FacetKey[];
  currency: string;
}

/** Readable names for fixed slugs when the API sends the raw value as the label. */
export function facetLabel(key: FacetKey, value: string, label: string): string {
  if (label !== value) return label;
  if (key === 'type') return typeLabel(value);
  if (key === 'label') return labelText(value);
  return label;
}

/** Every filter of a listing with its facet counts; each change updates the URL at once. */
export function FiltersPanel({ facets, state, onChange, hidden = [], currency }: FiltersPanelProps) {
  const id = useId();
  if (!facets) {
    return (
      <div className="filters filters--loading" aria-busy="true">
        <p className="visually-hidden">Loading filters…</p>
      </div>
    );
  }
  return (
    <div className="filters">
      {FACET_KEYS.filter((key) => !hidden.includes(key)).map((key) => (
        <FacetGroup
          key={key}
          title={FACET_TITLES[key]}
          values={facets[key].map((facet) => ({ ...facet, label: facetLabel(key, facet.value, facet.label) }))}
          selected={state[key]}
          onToggle={(value) => onChange(toggleFacet(state, key, value))}
        />
      ))}
      <PriceFilter
        bands={facets.price}
        minPrice={state.minPrice}
        maxPrice={state.maxPrice}
        currency={currency}
        onChange={(range) => onChange(applyListingChange(state, range))}
      />
      <fieldset className="facet">
        <legend className="facet__title">Availability</legend>
        <div className="facet__item">
          <input
            id={`${id}-in-stock`}
            type="checkbox"
            className="facet__checkbox"
            checked={state.inStock}
            onChange={(event) => onChange(applyListingChange(state, { inStock: event.target.checked }))}
          />
          <label htmlFor={`${id}-in-stock`} className="facet__label">
            <span>In stock only</span>
            <span className="facet__count">
              <span className="visually-hidden">(</span>
              {facets.in_stock}
              <span className="visually-hidden"> products)</span>
            </span>
          </label>
        </div>
      </fieldset>
    </div>
  );
}
