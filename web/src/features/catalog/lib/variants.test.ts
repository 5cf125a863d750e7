import { describe, expect, it } from 'vitest';
import type { Variant, VariantAttribute } from '../api/types';
import { chooseValue, isCombinationAvailable, resolveVariant, selectionFromParams } from './variants';

function variant(
  sku: string,
  attributes: Record<string, string>,
  stock: Variant['stock_status'] = 'in_stock',
  sold = true,
): Variant {
  return {
    id: sku,
    sku,
    name: sku,
    attributes,
    price: sold ? { cents: 100, currency: 'USD' } : null,
    compare_at_price: null,
    stock_status: stock,
    available: stock === 'out_of_stock' ? 0 : 10,
    sold_in_store: sold,
  };
}

const ATTRIBUTES: VariantAttribute[] = [
  { code: 'module', label: 'Cellular module', values: [{ value: 'lte', label: 'LTE' }, { value: '5g', label: '5G' }] },
  { code: 'region', label: 'Region', values: [{ value: 'us', label: 'US' }, { value: 'eu', label: 'EU' }] },
];

const VARIANTS = [
  variant('R-LTE-US', { module: 'lte', region: 'us' }, 'out_of_stock'),
  variant('R-LTE-EU', { module: 'lte', region: 'eu' }),
  variant('R-5G-US', { module: '5g', region: 'us' }),
];

describe('variant choice', () => {
  it('reads known attribute values from the URL only', () => {
    expect(selectionFromParams(ATTRIBUTES, new URLSearchParams('module=5g&region=mars&tab=download'))).toEqual({
      module: '5g',
    });
  });

  it('resolves exact, partial and empty selections, preferring stock', () => {
    expect(resolveVariant(VARIANTS, { module: 'lte', region: 'us' })?.sku).toBe('R-LTE-US');
    expect(resolveVariant(VARIANTS, { module: 'lte' })?.sku).toBe('R-LTE-EU');
    expect(resolveVariant(VARIANTS, {})?.sku).toBe('R-LTE-EU');
  });

  it('moves the other attributes when the wanted combination does not exist', () => {
    expect(chooseValue(VARIANTS, { module: 'lte', region: 'eu' }, 'module', '5g')).toEqual({ module: '5g', region: 'us' });
    expect(chooseValue(VARIANTS, { module: '5g', region: 'us' }, 'module', 'lte')).toEqual({ module: 'lte', region: 'us' });
  });

  it('prefers variants sold in this store and says which are not', () => {
    const variants = [variant('A', { module: 'lte', region: 'us' }, 'in_stock', false), variant('B', { module: 'lte', region: 'eu' })];
    expect(resolveVariant(variants, { module: 'lte' })?.sku).toBe('B');
    expect(isCombinationAvailable(variants, { module: 'lte', region: 'eu' }, 'region', 'us')).toBe('not_sold');
  });

  it('tells which values are out of stock or need other choices', () => {
    const current = { module: 'lte', region: 'eu' };
    expect(isCombinationAvailable(VARIANTS, current, 'region', 'us')).toBe('out_of_stock');
    expect(isCombinationAvailable(VARIANTS, current, 'module', '5g')).toBe('other_choices');
    expect(isCombinationAvailable(VARIANTS, current, 'region', 'eu')).toBe('available');
  });
});
