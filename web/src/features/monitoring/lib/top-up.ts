import type { AddLineBody } from '@/lib/resources/cart/types';
import type { UsageTopUp } from '../api/types';

/** The custom option whose values go in the cart line's `serials`, not in `options` (SPEC §4.1). */
const SERIALS_OPTION = 'serial_numbers';

/**
 * The cart line (`POST /cart/lines`) for a top-up: its SKU with the custom option filled in —
 * a device serial goes in `serials`, anything else (the ICCID) under its option code.
 */
export function topUpLine(topUp: UsageTopUp): AddLineBody {
  if (topUp.option_code === SERIALS_OPTION) return { sku: topUp.sku, serials: [topUp.option_value] };
  return { sku: topUp.sku, options: { [topUp.option_code]: topUp.option_value } };
}
