import { createContext, useContext } from 'react';
import type { ProductType } from '@/features/catalog/api/types';
import type { ReferralStore } from '@/lib/resources/referrals';

/** Where the group is mounted and which store it sells from. */
export interface ReferralScope {
  version: 'v1' | 'v2';
  /** `/m/referral` or `/m/v2/referral` (no trailing slash). */
  base: string;
  /** The referral mini-store (v2), or null: the visitor's own store, with the programme's terms (v1). */
  store: ReferralStore | null;
  displayName: string;
  eligibleTypes: ProductType[];
  /** The friend's discount in basis points when known (a v2 store's terms). */
  discountBp: number | null;
}

/** The programme's default eligible product types (D103); the v1 store has no public terms to read them from. */
export const DEFAULT_ELIGIBLE_TYPES: ProductType[] = ['license', 'cloud', 'cloud-connect', 'cloud-unlimited', 'esim-data'];

export const ReferralScopeContext = createContext<ReferralScope | null>(null);

export function useReferralScope(): ReferralScope {
  const scope = useContext(ReferralScopeContext);
  if (!scope) throw new Error('useReferralScope outside the referral group');
  return scope;
}

/** A path inside the group: `to('cart')` → `/m/v2/referral/cart`. */
export function groupPath(scope: Pick<ReferralScope, 'base'>, page = ''): string {
  return page ? `${scope.base}/${page}` : `${scope.base}/`;
}
