import type { ProductCard } from '../api/types';

/** What a device's owner came to buy (`/products?serial=…&for=…`, from device management). */
export type Purpose = 'licence' | 'warranty' | 'plan';

export const PURPOSE_TITLES: Record<Purpose, string> = {
  licence: 'Licences',
  warranty: 'Warranty and care renewals',
  plan: 'Cloud plans',
};

export function purposeOf(raw: string | null): Purpose | null {
  return raw === 'licence' || raw === 'warranty' || raw === 'plan' ? raw : null;
}

/** The eligible products that serve `purpose` (all of them when there is none). */
export function forPurpose(products: readonly ProductCard[], purpose: Purpose | null): ProductCard[] {
  return products.filter((p) => {
    switch (purpose) {
      case 'warranty':
        return p.category === 'care-warranty';
      case 'licence':
        return p.type === 'license' && p.category !== 'care-warranty';
      case 'plan':
        return p.type === 'cloud' || p.type === 'cloud-connect' || p.type === 'cloud-unlimited';
      default:
        return true;
    }
  });
}
