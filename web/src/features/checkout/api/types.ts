import type { components } from '@/lib/api/schema';

export type { CheckoutLine, CheckoutOptions, PaymentMethodOption, ShippingOption } from '@/lib/resources/checkout/types';
export type PlaceOrderRequest = components['schemas']['PlaceOrderRequest'];
export type AddressFields = components['schemas']['AddressFields'];
