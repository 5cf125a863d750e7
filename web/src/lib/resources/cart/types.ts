import type { components } from '@/lib/api/schema';

export type Cart = components['schemas']['CartDto'];
export type CartLine = components['schemas']['CartLineDto'];
export type AddLineBody = components['schemas']['AddLineRequest'];
