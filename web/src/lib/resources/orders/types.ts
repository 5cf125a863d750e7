import type { components } from '@/lib/api/schema';

export type OrderDetail = components['schemas']['OrderDetail'];
