import { authKeys } from '@/lib/auth/session';

/** Device management's own reads (the device list is a shared resource: `deviceKeys`). */
export const deviceFeatureKeys = {
  paymentMethods: () => [...authKeys.all, 'payment-methods'] as const,
  esims: () => [...authKeys.all, 'esims'] as const,
  serial: (serial: string) => ['devices', 'serial-lookup', serial] as const,
};
