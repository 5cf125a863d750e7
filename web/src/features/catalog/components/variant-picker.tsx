import { useId } from 'react';
import type { Variant, VariantAttribute } from '../api/types';
import { isCombinationAvailable, type Selection } from '../lib/variants';

export interface VariantPickerProps {
  attributes: readonly VariantAttribute[];
  variants: readonly Variant[];
  /** The attributes of the variant currently shown. */
  selection: Selection;
  onChoose: (code: string, value: string) => void;
}

/** One radio group per attribute (arrow keys move within a group); unavailable combinations are marked. */
export function VariantPicker({ attributes, variants, selection, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="variant-picker">
      {attributes.map((attribute) => {
        const chosenLabel = attribute.values.find((value) => value.value === selection[attribute.code])?.label;
        return (
          <fieldset key={attribute.code} className="variant-picker__group">
            <legend className="variant-picker__legend">
              {attribute.label}
              {chosenLabel && <span className="variant-picker__chosen">: {chosenLabel}</span>}
            </legend>
            <div className="variant-picker__options">
              {attribute.values.map((value) => {
                const inputId = `${id}-${attribute.code}-${value.value}`;
                const availability = isCombinationAvailable(variants, selection, attribute.code, value.value);
                const note =
                  availability === 'out_of_stock'
                    ? 'Out of stock'
                    : availability === 'not_sold'
                      ? 'Not sold in this store'
                      : availability === 'other_choices'
                      ? 'Changes other choices'
                      : null;
                return (
                  <div key={value.value} className="variant-picker__option">
                    <input
                      id={inputId}
                      type="radio"
                      className="variant-picker__input"
                      name={`${id}-${attribute.code}`}
                      value={value.value}
                      checked={selection[attribute.code] === value.value}
                      onChange={() => onChoose(attribute.code, value.value)}
                      aria-describedby={note ? `${inputId}-note` : undefined}
                    />
                    <label
                      htmlFor={inputId}
                      className={[
                        'variant-picker__label',
                        (availability === 'out_of_stock' || availability === 'not_sold') && 'variant-picker__label--out',
                        availability === 'other_choices' && 'variant-picker__label--other',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {value.label}
                      {note && (
                        <span id={`${inputId}-note`} className="variant-picker__note">
                          {note}
                        </span>
                      )}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
