import { useId } from 'react';
import type { Facets, ValueFacet } from '../api/types';
import { FACET_TITLES, labelText, typeLabel } from '../lib/labels';
import { applyListingChange, FACET_KEYS, toggleFacet, type FacetKey, type ListingState } from '../lib/listing-params';
import { FacetGroup, type FacetOption } from './facet-group';
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

/** Category facets carry their parent; turn them into indented options in tree order. */
function categoryOptions(facets: Facets): FacetOption[] {
  const parents = new Map(facets.categories.map((category) => [category.slug, category.parent]));
  const depth = (slug: string | null): number => {
    let level = 0;
    for (let parent = slug ? parents.get(slug) : null; parent && level < 8; parent = parents.get(parent)) level += 1;
    return level;
  };
  return facets.categories.map((category) => ({
    value: category.slug,
    label: category.name,
    count: category.count,
    depth: depth(category.slug),
  }));
}

/** The options of one facet, with readable labels. */
export function facetOptions(facets: Facets, key: FacetKey): FacetOption[] {
  if (key === 'category') return categoryOptions(facets);
  const values: ValueFacet[] = key === 'brand' ? facets.brands : key === 'type' ? facets.types : facets.labels;
  return values.map((facet) => ({ value: facet.value, label: facetLabel(key, facet.value, facet.label), count: facet.count }));
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
          values={facetOptions(facets, key)}
          selected={state[key]}
          onToggle={(value) => onChange(toggleFacet(state, key, value))}
        />
      ))}
      <PriceFilter
        bands={facets.price_bands}
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
