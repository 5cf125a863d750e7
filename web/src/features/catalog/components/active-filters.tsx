import type { Facets } from '../api/types';
import { FACET_TITLES } from '../lib/labels';
import { applyListingChange, clearFilters, FACET_KEYS, toggleFacet, type FacetKey, type ListingState } from '../lib/listing-params';
import { facetLabel, facetOptions } from './filters-panel';
import { bandLabel } from './price-filter';

export interface ActiveFiltersProps {
  state: ListingState;
  facets: Facets | undefined;
  onChange: (next: ListingState) => void;
  hidden?: readonly FacetKey[];
  currency: string;
}

interface Chip {
  key: string;
  text: string;
  next: ListingState;
}

/** The filters in force as removable chips, plus "Clear all". */
export function ActiveFilters({ state, facets, onChange, hidden = [], currency }: ActiveFiltersProps) {
  const chips: Chip[] = [];
  for (const key of FACET_KEYS) {
    if (hidden.includes(key)) continue;
    for (const value of state[key]) {
      const label = facets
        ? (facetOptions(facets, key).find((facet) => facet.value === value)?.label ?? facetLabel(key, value, value))
        : facetLabel(key, value, value);
      chips.push({ key: `${key}:${value}`, text: `${FACET_TITLES[key]}: ${label}`, next: toggleFacet(state, key, value) });
    }
  }
  if (state.minPrice !== null || state.maxPrice !== null) {
    chips.push({
      key: 'price',
      text: `Price: ${bandLabel({ min: state.minPrice, max: state.maxPrice }, currency)}`,
      next: applyListingChange(state, { minPrice: null, maxPrice: null }),
    });
  }
  if (state.inStock) {
    chips.push({ key: 'in_stock', text: 'In stock only', next: applyListingChange(state, { inStock: false }) });
  }
  if (!chips.length) return null;
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">Active filters</h2>
      <ul className="active-filters__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="chip"
              aria-label={`Remove filter ${chip.text}`}
              onClick={() => onChange(chip.next)}
            >
              <span>{chip.text}</span>
              <span aria-hidden="true" className="chip__x">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 0 && (
        <button
          type="button"
          className="ui-button ui-button--ghost ui-button--sm"
          onClick={() => {
            const cleared = clearFilters(state);
            // Keep the filters this page pins (e.g. its own category).
            for (const key of hidden) cleared[key] = state[key];
            onChange(cleared);
          }}
        >
          Clear all filters
        </button>
      )}
    </div>
  );
}
