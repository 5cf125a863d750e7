import { describe, expect, it } from 'vitest';
import { centsOf, editorSchema, type EditorValues, mapServerErrors, typedOf, updateOf } from './editor-schema';

const values = (overrides: Partial<EditorValues> = {}): EditorValues => ({
  displayName: 'Skyline Resellers',
  tagline: '',
  accentColor: '#B45309',
  products: [
    { sku: 'LIC-IC2-1Y', name: 'InControl 2 — 1 Year', listCents: 4_900, floorCents: 3_920, hasVariants: false, price: '45.50' },
    { sku: 'UL-EDGE5G-PRO-PRM', name: 'Uplink Edge 5G Pro Prime', listCents: null, floorCents: null, hasVariants: false, price: '1' },
  ],
  ...overrides,
});

describe('the mini-store editor', () => {
  it('reads typed prices as cents and shows cents as typed', () => {
    expect(centsOf('129')).toBe(12_900);
    expect(centsOf('129.5')).toBe(12_950);
    expect(centsOf('129,05')).toBe(12_905);
    expect(centsOf(' $49.00 ')).toBe(4_900);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('')).toBeNull();
    expect(typedOf(4_550)).toBe('45.50');
  });

  it('refuses a price under a known floor on its row, and what is no price', () => {
    const schema = editorSchema('USD');
    expect(schema.safeParse(values()).success).toBe(true);
    const under = schema.safeParse(values({ products: [{ ...values().products[0]!, price: '39.19' }] }));
    expect(under.success).toBe(false);
    expect(under.error?.issues[0]?.path).toEqual(['products', 0, 'price']);
    expect(under.error?.issues[0]?.message).toMatch(/At least \$39\.20/);
    const typo = schema.safeParse(values({ products: [{ ...values().products[0]!, price: 'abc' }] }));
    expect(typo.error?.issues[0]?.message).toBe('Enter a price, e.g. 129.00.');
    expect(schema.safeParse(values({ accentColor: 'teal' })).success).toBe(false);
    expect(schema.safeParse(values({ displayName: '  ' })).success).toBe(false);
  });

  it('sends the whole list in the form’s order, with a new logo only when one was chosen', () => {
    expect(updateOf(values(), null)).toEqual({
      display_name: 'Skyline Resellers',
      tagline: '',
      accent_color: '#b45309',
      products: [
        { sku: 'LIC-IC2-1Y', price_cents: 4_550 },
        { sku: 'UL-EDGE5G-PRO-PRM', price_cents: 100 },
      ],
    });
    expect(updateOf(values(), { data_base64: 'iVBO', file_name: 'logo.png' }).logo).toEqual({ data_base64: 'iVBO', file_name: 'logo.png' });
  });

  it('puts the server’s field errors on their rows and fields', () => {
    const mapped = mapServerErrors(
      [
        { field: 'products[1].price_cents', code: 'price_below_floor', message: 'At least $1,039.20 here.' },
        { field: 'products[0].sku', code: 'not_sold_in_store', message: 'Not sold in the Global store.' },
        { field: 'accent_color', code: 'validation_failed', message: 'Use #rrggbb.' },
        { field: 'logo.data_base64', code: 'validation_failed', message: 'Not a PNG, JPEG or WebP picture.' },
        { field: 'products[7].price_cents', code: 'price_below_floor', message: 'A row that is no longer there.' },
        { field: 'products', code: 'validation_failed', message: 'At most 500 products.' },
      ],
      2,
    );
    expect(mapped).toEqual([
      { target: 'field', name: 'products.1.price', message: 'At least $1,039.20 here.' },
      { target: 'field', name: 'products.0.sku', message: 'Not sold in the Global store.' },
      { target: 'field', name: 'accentColor', message: 'Use #rrggbb.' },
      { target: 'logo', message: 'Not a PNG, JPEG or WebP picture.' },
      { target: 'other', message: 'A row that is no longer there.' },
      { target: 'other', message: 'At most 500 products.' },
    ]);
  });
});
