import type { Variant, VariantAttribute } from '../api/types';

export type Selection = Record<string, string>;

/** The attribute values chosen in the URL (`?module=lte&region=us`), ignoring unknown values. */
export function selectionFromParams(attributes: readonly VariantAttribute[], params: URLSearchParams): Selection {
  const selection: Selection = {};
  for (const attribute of attributes) {
    const value = params.get(attribute.code);
    if (value && attribute.values.some((option) => option.value === value)) selection[attribute.code] = value;
  }
  return selection;
}

function matches(variant: Variant, selection: Selection): boolean {
  return Object.entries(selection).every(([code, value]) => variant.attributes[code] === value);
}

/**
 * The variant a (possibly partial) selection stands for: an exact match first, else the
 * best variant that agrees with the selection (in stock before out of stock), else the first one.
 */
export function resolveVariant(variants: readonly Variant[], selection: Selection): Variant | undefined {
  const candidates = variants.filter((variant) => matches(variant, selection));
  const pool = candidates.length ? candidates : variants;
  return (
    pool.find((variant) => variant.sold_in_store && variant.stock_status !== 'out_of_stock') ??
    pool.find((variant) => variant.sold_in_store) ??
    pool[0]
  );
}

/**
 * The selection after choosing `value` for `code`: keeps the other choices when a variant has
 * them all, otherwise moves the other attributes to the nearest variant that has the new value.
 */
export function chooseValue(
  variants: readonly Variant[],
  current: Selection,
  code: string,
  value: string,
): Selection {
  const wanted = { ...current, [code]: value };
  const exact = variants.find((variant) => matches(variant, wanted));
  if (exact) return { ...exact.attributes };
  // Keep as many of the other choices as possible.
  let best: Variant | undefined;
  let bestScore = -1;
  for (const variant of variants) {
    if (variant.attributes[code] !== value) continue;
    const score =
      Object.entries(current).filter(([key, chosen]) => key !== code && variant.attributes[key] === chosen).length * 2 +
      (variant.sold_in_store && variant.stock_status !== 'out_of_stock' ? 1 : 0);
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best ? { ...best.attributes } : wanted;
}

/** Whether some variant has `value` for `code` together with the other current choices. */
export function isCombinationAvailable(
  variants: readonly Variant[],
  current: Selection,
  code: string,
  value: string,
): 'available' | 'out_of_stock' | 'not_sold' | 'other_choices' {
  const wanted = { ...current, [code]: value };
  const exact = variants.filter((variant) => matches(variant, wanted));
  if (!exact.length) return 'other_choices';
  const sold = exact.filter((variant) => variant.sold_in_store);
  if (!sold.length) return 'not_sold';
  return sold.some((variant) => variant.stock_status !== 'out_of_stock') ? 'available' : 'out_of_stock';
}
