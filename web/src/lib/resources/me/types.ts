import type { components } from '@/lib/api/schema';

export type MeResponse = components['schemas']['MeResponse'];
