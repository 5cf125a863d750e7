import { authKeys } from '@/lib/auth/session';
import type { ProductListParams } from '../lib/product-list-params';

/** Query keys of the back-office pages. Under `authKeys.all`, so signing in or out resets them. */
export const adminKeys = {
  all: [...authKeys.all, 'admin'] as const,
  home: () => [...adminKeys.all, 'home'] as const,
  reference: () => [...adminKeys.all, 'reference'] as const,
  products: () => [...adminKeys.all, 'products'] as const,
  productList: (params: ProductListParams) => [...adminKeys.products(), 'list', params] as const,
  product: (id: string) => [...adminKeys.products(), 'detail', id] as const,
  stockHistory: (id: string) => [...adminKeys.products(), 'stock', id] as const,
  stores: () => [...adminKeys.all, 'stores'] as const,
  store: (code: string) => [...adminKeys.stores(), code] as const,
  storeSelection: (code: string) => [...adminKeys.stores(), code, 'products'] as const,
  coupons: () => [...adminKeys.all, 'coupons'] as const,
  couponList: (q: string, state: string, page: number) => [...adminKeys.coupons(), 'list', q, state, page] as const,
  coupon: (code: string) => [...adminKeys.coupons(), 'detail', code] as const,
  referralTerms: () => [...adminKeys.all, 'referral-terms'] as const,
};
