import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../api/types';
import { clientErrors, emptyProductValues, mapProductErrors, productFormValues, productInputOf, variantStartValues } from './product-form';

const LOADED: AdminProduct = {
  id: 'prd_1',
  sku: 'UL-ROUTER-1',
  slug: 'ul-router-1',
  name: 'Router One',
  brand: 'Uplink',
  product_type: 'configurable',
  status: 'active',
  purchasable: false,
  featured: true,
  summary: 'Small.',
  description: '**Fast**',
  price_cents: 49_990,
  compare_at_cents: null,
  min_qty: 1,
  max_qty: null,
  qty_step: 1,
  weight_grams: 450,
  term_months: null,
  data_mb: null,
  validity_days: null,
  stackable: false,
  eligibility: null,
  categories: ['routers'],
  labels: ['SFC Management'],
  attributes: [],
  specs: [{ group: 'Radio', name: 'Wi-Fi', value: '6' }],
  package: [{ item: 'Power supply', qty: 1 }],
  downloads: [{ title: 'Datasheet', kind: 'datasheet', media_key: 'm_pdf', version: null }],
  images: [{ media_key: 'm_png', alt: 'Front' }],
  options: [
    { code: 'plug', label: 'Plug', kind: 'select', required: true, values: [{ code: 'eu', label: 'EU', price_delta_cents: -500 }, { code: 'uk', label: 'UK', price_delta_bp: 250 }] },
  ],
  version: 4,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-02T00:00:00Z',
  variants: [],
  stock: [],
  prices: [],
  media: [
    { key: 'm_png', url: '/media/m_png', content_type: 'image/png', file_name: 'front.png', size_bytes: 10 },
    { key: 'm_pdf', url: '/media/m_pdf', content_type: 'application/pdf', file_name: 'sheet.pdf', size_bytes: 20 },
  ],
};

describe('product editor form mapping', () => {
  it('loads a product and sends it back unchanged', () => {
    const values = productFormValues(LOADED);
    expect(values.price).toBe('499.90');
    expect(values.images).toEqual([{ mediaKey: 'm_png', alt: 'Front', url: '/media/m_png' }]);
    expect(values.downloads[0]?.fileName).toBe('sheet.pdf');
    expect(values.options[0]?.values).toEqual([
      { code: 'eu', label: 'EU', priceDelta: '-5', pricePercent: '' },
      { code: 'uk', label: 'UK', priceDelta: '', pricePercent: '2.5' },
    ]);
    const input = productInputOf(values);
    expect(input).toMatchObject({
      sku: 'UL-ROUTER-1',
      price_cents: 49_990,
      compare_at_cents: null,
      weight_grams: 450,
      eligibility: null,
      images: [{ media_key: 'm_png', alt: 'Front' }],
      downloads: [{ title: 'Datasheet', kind: 'datasheet', media_key: 'm_pdf', version: null }],
      package: [{ item: 'Power supply', qty: 1 }],
    });
    expect(input.options?.[0]?.values).toEqual([
      { code: 'eu', label: 'EU', price_delta_cents: -500, price_delta_bp: null },
      { code: 'uk', label: 'UK', price_delta_cents: null, price_delta_bp: 250 },
    ]);
  });

  it('upper-cases the SKU, sends an eligibility rule only when there is one, and empties as null', () => {
    const values = { ...emptyProductValues(), sku: 'ul-lic-1', name: 'Care', price: '99', productType: 'license' as const, hasEligibility: true, eligibilityModels: ['BR1-MINI'], eligibilityPrime: 'yes' as const, termMonths: '12' };
    const input = productInputOf(values);
    expect(input).toMatchObject({ sku: 'UL-LIC-1', price_cents: 9_900, term_months: 12, max_qty: null, eligibility: { models: ['BR1-MINI'], prime: 'yes' } });
    // A weight typed before the type changed is not sent (the server would refuse it on a hidden field).
    expect(productInputOf({ ...values, weightGrams: '450' }).weight_grams).toBeNull();
    expect(productInputOf({ ...values, productType: 'hardware', weightGrams: '450' })).toMatchObject({ weight_grams: 450, term_months: null });
  });

  it('starts a variant from its parent: own SKU, purchasable, no price, an attribute to fill', () => {
    const v = variantStartValues(LOADED);
    expect(v).toMatchObject({ sku: 'UL-ROUTER-1-', productType: 'hardware', purchasable: true, price: '', images: [] });
    expect(v.attributes).toHaveLength(1);
    expect(v.categories).toEqual(['routers']);
  });

  it('checks the obvious before sending', () => {
    const errors = clientErrors({ ...emptyProductValues(), sku: 'bad sku!', price: '12.345', package: [{ item: 'Cable', qty: '0' }] });
    expect(Object.keys(errors).sort()).toEqual(['name', 'package.0.qty', 'price', 'sku']);
  });

  it('puts every server error where it belongs', () => {
    const values = productFormValues(LOADED);
    const mapped = mapProductErrors(
      [
        { field: 'sku', code: 'invalid', message: 'Bad SKU' },
        { field: 'price_cents', code: 'invalid', message: 'Negative' },
        { field: 'categories[1]', code: 'unknown', message: 'No such category' },
        { field: 'images[0].media_key', code: 'unknown', message: 'Not uploaded' },
        { field: 'options[0].values[1].price_delta_bp', code: 'invalid', message: 'Too much' },
        { field: 'eligibility.models[0]', code: 'unknown', message: 'No such model' },
        { field: 'options', code: 'required', message: 'Needs a serial option' },
        { field: 'parent', code: 'invalid', message: 'Not configurable' },
      ],
      values,
    );
    expect(mapped).toEqual([
      { target: 'field', name: 'sku', message: 'Bad SKU' },
      { target: 'field', name: 'price', message: 'Negative' },
      { target: 'section', section: 'categories', message: 'No such category' },
      { target: 'field', name: 'images.0.mediaKey', message: 'Not uploaded' },
      { target: 'field', name: 'options.0.values.1.pricePercent', message: 'Too much' },
      { target: 'section', section: 'eligibility', message: 'No such model' },
      { target: 'section', section: 'options', message: 'Needs a serial option' },
      { target: 'other', field: 'parent', message: 'Not configurable' },
    ]);
  });
});
