import { useId, useState } from 'react';
export interface FacetOption {
  value: string;
  label: string;
  count: number;
  /** Nesting level (categories). */
  depth?: number;
}

export interface FacetGroupProps {
  title: string;
  values: readonly FacetOption[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  /** How many values show before "Show all". */
  limit?: number;
}

/** One filter: a fieldset of checkboxes with the number of matching products next to each. */
export function FacetGroup({ title, values, selected, onToggle, limit = 6 }: FacetGroupProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  // Selected values stay visible even when the current results no longer contain them.
  const known = new Set(values.map((value) => value.value));
  const all: FacetOption[] = [
    ...values,
    ...selected.filter((value) => !known.has(value)).map((value) => ({ value, label: value, count: 0 })),
  ];
  if (!all.length) return null;
  const overflow = all.length > limit + 1;
  const shown = overflow && !expanded ? all.filter((value, index) => index < limit || selected.includes(value.value)) : all;
  return (
    <fieldset className="facet">
      <legend className="facet__title">{title}</legend>
      <ul className="facet__list" id={`${id}-list`}>
        {shown.map((value) => {
          const checked = selected.includes(value.value);
          const inputId = `${id}-${value.value}`;
          return (
            <li
              key={value.value}
              className="facet__item"
              style={value.depth ? { paddingLeft: `${value.depth * 16}px` } : undefined}
            >
              <input
                id={inputId}
                type="checkbox"
                className="facet__checkbox"
                checked={checked}
                disabled={!checked && value.count === 0}
                onChange={() => onToggle(value.value)}
              />
              <label htmlFor={inputId} className="facet__label">
                <span>{value.label}</span>
                <span className="facet__count">
                  <span className="visually-hidden">(</span>
                  {value.count}
                  <span className="visually-hidden"> products)</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {overflow && (
        <button
          type="button"
          className="facet__more"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show fewer' : `Show all ${all.length}`}
        </button>
      )}
    </fieldset>
  );
}
