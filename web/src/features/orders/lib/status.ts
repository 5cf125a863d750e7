import type { BadgeTone } from '@/components/ui/badge';

export const STATUS_LABELS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  processing: 'Processing',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const STATUS_TONES: Record<string, BadgeTone> = {
  pending_payment: 'warning',
  processing: 'brand',
  partially_shipped: 'brand',
  shipped: 'success',
  completed: 'success',
  cancelled: 'neutral',
  refunded: 'neutral',
};

export const DELIVERY_LABELS: Record<string, string> = {
  to_ship: 'To be shipped',
  shipped: 'Shipped',
  awaiting_delivery: 'Awaiting delivery',
  delivered: 'Delivered',
  failed: 'Could not be delivered',
  cancelled: 'Cancelled',
};
