import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../api/types';
import { forPurpose, purposeOf } from './eligible';

const card = (sku: string, type: string, category: string) => ({ sku, type, category }) as unknown as ProductCard;
const PRODUCTS = [
  card('LIC-SF-BOND', 'license', 'licences'),
  card('WTY-EXT-1Y', 'license', 'care-warranty'),
  card('SFC-100GB-1Y', 'cloud', 'cloud'),
  card('SFC-UNLTD-1Y', 'cloud-unlimited', 'cloud-unlimited'),
];

describe('products for a device, by purpose', () => {
  it('splits licences, warranty renewals and cloud plans', () => {
    expect(forPurpose(PRODUCTS, 'licence').map((p) => p.sku)).toEqual(['LIC-SF-BOND']);
    expect(forPurpose(PRODUCTS, 'warranty').map((p) => p.sku)).toEqual(['WTY-EXT-1Y']);
    expect(forPurpose(PRODUCTS, 'plan').map((p) => p.sku)).toEqual(['SFC-100GB-1Y', 'SFC-UNLTD-1Y']);
    expect(forPurpose(PRODUCTS, null)).toHaveLength(4);
  });

  it('ignores purposes it does not know', () => {
    expect(purposeOf('plan')).toBe('plan');
    expect(purposeOf('groceries')).toBeNull();
  });
});
