import { describe, expect, it } from 'vitest';
import { ICCID, SERIAL } from '../test/fixtures';
import { topUpLine } from './top-up';

describe('top-up cart line', () => {
  it('puts an eSIM top-up in the cart with its ICCID option', () => {
    expect(topUpLine({ sku: 'ESIM-DATA-10GB-30D', name: 'x', option_code: 'iccid', option_value: ICCID })).toEqual({
      sku: 'ESIM-DATA-10GB-30D',
      options: { iccid: ICCID },
    });
  });

  it('puts a device plan in the cart bound to the device’s serial', () => {
    expect(topUpLine({ sku: 'SFC-20GB-1M', name: 'x', option_code: 'serial_numbers', option_value: SERIAL })).toEqual({
      sku: 'SFC-20GB-1M',
      serials: [SERIAL],
    });
  });
});
