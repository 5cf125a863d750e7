import type { ProblemFieldError } from '@/lib/api/api-problem';
import { z } from '@/lib/zod';
import type { AdminStore, StoreInput } from '../api/types';

export const STORE_KINDS = ['ESTORE', 'MINISTORE', 'MINISTORE_REFERRAL_PROGRAM', 'DEFAULT_STORE'] as const;
export const REGIONS = ['Global', 'US'] as const;
export const PAYMENT_METHODS = [
  { value: 'card', label: 'Card' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'credit_terms', label: 'Credit terms' },
] as const;
export const SHIPPING_METHODS = [
  { value: 'priority', label: 'Priority shipping' },
  { value: 'customer_provided', label: 'Customer’s own carrier account' },
  { value: 'pickup', label: 'Pick-up (US only)' },
  { value: 'none', label: 'None (digital only)' },
] as const;

export interface StoreFormValues {
  code: string;
  kind: StoreInput['kind'];
  region: StoreInput['region'];
  name: string;
  displayName: string;
  tagline: string;
  accentColor: string;
  logoMedia: string;
  logoUrl: string;
  active: boolean;
  isDefault: boolean;
  catalogue: StoreInput['catalogue'];
  paymentMethods: string[];
  shippingMethods: string[];
  partnerId: string;
  storeKey: string;
  /** Percent as typed (80 = 80 %). */
  priceFloor: string;
}

export function emptyStoreValues(): StoreFormValues {
  return {
    code: '',
    kind: 'ESTORE',
    region: 'Global',
    name: '',
    displayName: '',
    tagline: '',
    accentColor: '#173F8F',
    logoMedia: '',
    logoUrl: '',
    active: true,
    isDefault: false,
    catalogue: 'all',
    paymentMethods: ['card', 'bank_transfer'],
    shippingMethods: ['priority'],
    partnerId: '',
    storeKey: '',
    priceFloor: '80',
  };
}

export function storeFormValues(store: AdminStore): StoreFormValues {
  return {
    code: store.code,
    kind: store.kind as StoreInput['kind'],
    region: store.region as StoreInput['region'],
    name: store.name,
    displayName: store.display_name,
    tagline: store.tagline ?? '',
    accentColor: store.accent_color,
    logoMedia: store.logo_media ?? '',
    logoUrl: store.logo_url ?? '',
    active: store.active,
    isDefault: store.is_default,
    catalogue: store.catalogue as StoreInput['catalogue'],
    paymentMethods: store.payment_methods,
    shippingMethods: store.shipping_methods,
    partnerId: store.partner_id ?? '',
    storeKey: store.store_key ?? '',
    priceFloor: String(store.price_floor_bp / 100),
  };
}

export const isMiniStore = (kind: string) => kind === 'MINISTORE' || kind === 'MINISTORE_REFERRAL_PROGRAM';

export function storeInputOf(values: StoreFormValues, original?: AdminStore): StoreInput {
  const mini = isMiniStore(values.kind);
  return {
    kind: values.kind,
    region: values.region,
    name: values.name.trim(),
    display_name: values.displayName.trim(),
    tagline: values.tagline.trim() || null,
    accent_color: values.accentColor.trim(),
    logo_media: values.logoMedia || null,
    active: values.active,
    is_default: values.isDefault,
    catalogue: values.catalogue,
    payment_methods: values.paymentMethods as StoreInput['payment_methods'],
    shipping_methods: values.shippingMethods as StoreInput['shipping_methods'],
    partner_id: mini ? values.partnerId || null : null,
    store_key: mini ? values.storeKey.trim() || null : null,
    price_floor_bp: mini && values.priceFloor.trim() ? Math.round(Number(values.priceFloor) * 100) : null,
    // Kept as it is: referral terms of a referral mini-store are edited elsewhere.
    referral_terms: original?.referral_terms ?? undefined,
  };
}

export const storeSchema = z.custom<StoreFormValues>().superRefine((v, ctx) => {
  if (!v.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Enter the internal name.' });
  if (!v.displayName.trim()) ctx.addIssue({ code: 'custom', path: ['displayName'], message: 'Enter the name shoppers see.' });
  if (!/^#[0-9a-fA-F]{6}$/.test(v.accentColor.trim())) ctx.addIssue({ code: 'custom', path: ['accentColor'], message: 'As #rrggbb, e.g. #173F8F.' });
  if (v.priceFloor.trim() && !/^\d{1,3}(\.\d{1,2})?$/.test(v.priceFloor.trim())) ctx.addIssue({ code: 'custom', path: ['priceFloor'], message: 'A percentage, e.g. 80.' });
});

const STORE_FIELDS: Record<string, keyof StoreFormValues> = {
  code: 'code',
  kind: 'kind',
  region: 'region',
  name: 'name',
  display_name: 'displayName',
  tagline: 'tagline',
  accent_color: 'accentColor',
  logo_media: 'logoMedia',
  active: 'active',
  is_default: 'isDefault',
  catalogue: 'catalogue',
  payment_methods: 'paymentMethods',
  shipping_methods: 'shippingMethods',
  partner_id: 'partnerId',
  store_key: 'storeKey',
  price_floor_bp: 'priceFloor',
};

/** The form field of a server error (`shipping_methods[0]` → `shippingMethods`), or null. */
export function storeFieldOf(error: ProblemFieldError): keyof StoreFormValues | null {
  return STORE_FIELDS[error.field.replace(/\[\d+\]$/, '')] ?? null;
}
