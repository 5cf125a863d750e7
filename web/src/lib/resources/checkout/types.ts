import type { components } from '@/lib/api/schema';

export type CheckoutOptions = components['schemas']['CheckoutOptions'];
export type ShippingOption = components['schemas']['ShippingOptionDto'];
export type PaymentMethodOption = components['schemas']['PaymentMethodDto'];
export type CheckoutLine = components['schemas']['CheckoutLine'];
