/**
 * The product editor as a form: the values it holds (money and numbers as typed), how a product
 * loads into it, the request it sends, and where each server field error (`images[0].media_key`,
 * `price_cents`) shows on the form.
 */
import type { ProblemFieldError } from '@/lib/api/api-problem';
import { centsToDollars, dollarsToCents } from '@/lib/money';
import { z } from '@/lib/zod';
import type { AdminProduct, ProductInput, ProductStatus, ProductType } from '../api/types';

export interface OptionValueRow {
  code: string;
  label: string;
  /** A fixed price delta in dollars as typed, or empty. */
  priceDelta: string;
  /** A percentage delta as typed (`5` = 5 %), or empty. */
  pricePercent: string;
}

export interface OptionRow {
  code: string;
  label: string;
  kind: 'text' | 'select' | 'serial_numbers' | 'iccid' | 'date';
  required: boolean;
  pattern: string;
  help: string;
  values: OptionValueRow[];
}

export interface ProductFormValues {
  sku: string;
  slug: string;
  name: string;
  brand: ProductInput['brand'];
  productType: ProductType;
  status: ProductStatus;
  purchasable: boolean;
  featured: boolean;
  summary: string;
  description: string;
  price: string;
  compareAt: string;
  minQty: string;
  maxQty: string;
  qtyStep: string;
  weightGrams: string;
  termMonths: string;
  dataMb: string;
  validityDays: string;
  stackable: boolean;
  hasEligibility: boolean;
  eligibilityModels: string[];
  eligibilityPrime: 'yes' | 'no' | 'any';
  categories: string[];
  labels: NonNullable<ProductInput['labels']>;
  attributes: { code: string; label: string; value: string; valueLabel: string }[];
  specs: { group: string; name: string; value: string }[];
  package: { item: string; qty: string }[];
  downloads: { title: string; kind: 'datasheet' | 'manual' | 'firmware' | 'certificate'; mediaKey: string; version: string; fileName: string }[];
  images: { mediaKey: string; alt: string; url: string }[];
  options: OptionRow[];
}

/** Types bound to device serials (SPEC §4.1): they carry an eligibility rule. */
export const SERIAL_BOUND: readonly ProductType[] = ['license', 'cloud', 'cloud-connect', 'cloud-unlimited'];
/** Shipped goods (a weight, stock); everything else is delivered digitally (terms, allowances). */
export const isPhysical = (type: ProductType) => type === 'hardware' || type === 'configurable';
/** Types with a term in months. */
export const TERMED: readonly ProductType[] = ['license', 'cloud', 'cloud-connect', 'cloud-unlimited', 'esim-data', 'esim-data-pool'];
/** Types with a data allowance. */
export const DATA_TYPES: readonly ProductType[] = ['cloud', 'cloud-connect', 'esim-data', 'esim-data-pool'];

export function emptyProductValues(): ProductFormValues {
  return {
    sku: '',
    slug: '',
    name: '',
    brand: 'Uplink',
    productType: 'hardware',
    status: 'draft',
    purchasable: true,
    featured: false,
    summary: '',
    description: '',
    price: '',
    compareAt: '',
    minQty: '1',
    maxQty: '',
    qtyStep: '1',
    weightGrams: '',
    termMonths: '',
    dataMb: '',
    validityDays: '',
    stackable: false,
    hasEligibility: false,
    eligibilityModels: [],
    eligibilityPrime: 'any',
    categories: [],
    labels: [],
    attributes: [],
    specs: [],
    package: [],
    downloads: [],
    images: [],
    options: [],
  };
}

const numText = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** A loaded product as the editor shows it (media URLs and file names from its `media`). */
export function productFormValues(product: AdminProduct): ProductFormValues {
  const media = new Map(product.media.map((m) => [m.key, m]));
  return {
    sku: product.sku,
    slug: product.slug ?? '',
    name: product.name,
    brand: product.brand,
    productType: product.product_type,
    status: product.status,
    purchasable: product.purchasable,
    featured: product.featured ?? false,
    summary: product.summary ?? '',
    description: product.description ?? '',
    price: centsToDollars(product.price_cents),
    compareAt: centsToDollars(product.compare_at_cents ?? null),
    minQty: String(product.min_qty),
    maxQty: numText(product.max_qty),
    qtyStep: String(product.qty_step),
    weightGrams: numText(product.weight_grams),
    termMonths: numText(product.term_months),
    dataMb: numText(product.data_mb),
    validityDays: numText(product.validity_days),
    stackable: product.stackable ?? false,
    hasEligibility: Boolean(product.eligibility),
    eligibilityModels: product.eligibility?.models ?? [],
    eligibilityPrime: product.eligibility?.prime ?? 'any',
    categories: product.categories ?? [],
    labels: product.labels ?? [],
    attributes: (product.attributes ?? []).map((a) => ({ code: a.code, label: a.label, value: a.value, valueLabel: a.value_label })),
    specs: (product.specs ?? []).map((s) => ({ ...s })),
    package: (product.package ?? []).map((p) => ({ item: p.item, qty: String(p.qty) })),
    downloads: (product.downloads ?? []).map((d) => ({
      title: d.title,
      kind: d.kind,
      mediaKey: d.media_key,
      version: d.version ?? '',
      fileName: media.get(d.media_key)?.file_name ?? d.media_key,
    })),
    images: (product.images ?? []).map((i) => ({ mediaKey: i.media_key, alt: i.alt, url: media.get(i.media_key)?.url ?? '' })),
    options: (product.options ?? []).map((o) => ({
      code: o.code,
      label: o.label,
      kind: o.kind,
      required: o.required ?? false,
      pattern: o.pattern ?? '',
      help: o.help ?? '',
      values: (o.values ?? []).map((v) => ({
        code: v.code,
        label: v.label,
        priceDelta: v.price_delta_cents === null || v.price_delta_cents === undefined ? '' : centsToSigned(v.price_delta_cents),
        pricePercent: v.price_delta_bp === null || v.price_delta_bp === undefined ? '' : String(v.price_delta_bp / 100),
      })),
    })),
  };
}

/** A variant's starting point: the parent's descriptive fields, its own SKU, price and attributes to fill in. */
export function variantStartValues(parent: AdminProduct): ProductFormValues {
  const base = productFormValues(parent);
  return {
    ...base,
    sku: `${parent.sku}-`,
    slug: '',
    name: `${parent.name} `,
    productType: 'hardware',
    purchasable: true,
    status: parent.status,
    price: '',
    compareAt: '',
    images: [],
    downloads: [],
    attributes: [{ code: '', label: '', value: '', valueLabel: '' }],
  };
}

function centsToSigned(cents: number): string {
  return cents < 0 ? `-${centsToDollars(-cents)}` : centsToDollars(cents);
}

/** Typed whole number → number; empty → null; anything else → NaN (the server names the field). */
function intOf(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  return /^-?\d{1,12}$/.test(t) ? Number(t) : Number.NaN;
}

/** Typed dollars (possibly negative) → cents; empty → null; not an amount → NaN. */
export function signedCentsOf(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  const negative = t.startsWith('-');
  const cents = dollarsToCents(negative ? t.slice(1) : t);
  if (cents === 'invalid') return Number.NaN;
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** What the client checks before sending (the server checks everything again). */
export function clientErrors(values: ProductFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = 'Enter the product’s name.';
  if (!/^[A-Za-z0-9-]+$/.test(values.sku.trim())) errors.sku = 'Use letters A–Z, digits and “-” only, e.g. MAX-BR1-MINI.';
  const price = signedCentsOf(values.price);
  if (price === null || Number.isNaN(price) || price < 0) errors.price = 'Enter the price in dollars, e.g. 499 or 499.90.';
  const compare = signedCentsOf(values.compareAt);
  if (compare !== null && (Number.isNaN(compare) || compare < 0)) errors.compareAt = 'Enter an amount in dollars, or leave it empty.';
  for (const key of ['minQty', 'qtyStep'] as const) {
    const n = intOf(values[key]);
    if (n === null || Number.isNaN(n) || n < 1) errors[key] = 'Enter a whole number of at least 1.';
  }
  for (const key of ['maxQty', 'weightGrams', 'termMonths', 'dataMb', 'validityDays'] as const) {
    const n = intOf(values[key]);
    if (n !== null && (Number.isNaN(n) || n < 0)) errors[key] = 'Enter a whole number, or leave it empty.';
  }
  values.package.forEach((p, i) => {
    const n = intOf(p.qty);
    if (n === null || Number.isNaN(n) || n < 1) errors[`package.${i}.qty`] = 'Enter how many (1 or more).';
  });
  values.options.forEach((o, i) =>
    o.values.forEach((v, j) => {
      if (v.priceDelta.trim() && v.pricePercent.trim()) errors[`options.${i}.values.${j}.pricePercent`] = 'Use a fixed amount or a percentage, not both.';
      const d = signedCentsOf(v.priceDelta);
      if (d !== null && Number.isNaN(d)) errors[`options.${i}.values.${j}.priceDelta`] = 'Enter an amount in dollars, e.g. 20 or -5.';
      if (v.pricePercent.trim() && !/^-?\d{1,4}(\.\d{1,2})?$/.test(v.pricePercent.trim()))
        errors[`options.${i}.values.${j}.pricePercent`] = 'Enter a percentage, e.g. 10 or -5.';
    }),
  );
  return errors;
}

const orNull = (n: number | null) => (n === null || Number.isNaN(n) ? null : n);

/** The request body of a create or save (without the version). */
export function productInputOf(values: ProductFormValues): ProductInput {
  // Fields of the other kind of product are not sent (hidden fields keep what was typed before a type change).
  const physical = isPhysical(values.productType);
  return {
    sku: values.sku.trim().toUpperCase(),
    slug: values.slug.trim(),
    name: values.name.trim(),
    brand: values.brand,
    product_type: values.productType,
    status: values.status,
    purchasable: values.purchasable,
    featured: values.featured,
    summary: values.summary,
    description: values.description,
    price_cents: signedCentsOf(values.price) ?? 0,
    compare_at_cents: orNull(signedCentsOf(values.compareAt)),
    min_qty: intOf(values.minQty) ?? 1,
    max_qty: orNull(intOf(values.maxQty)),
    qty_step: intOf(values.qtyStep) ?? 1,
    weight_grams: physical ? orNull(intOf(values.weightGrams)) : null,
    term_months: physical ? null : orNull(intOf(values.termMonths)),
    data_mb: physical ? null : orNull(intOf(values.dataMb)),
    validity_days: physical ? null : orNull(intOf(values.validityDays)),
    stackable: physical ? false : values.stackable,
    eligibility: values.hasEligibility ? { models: values.eligibilityModels, prime: values.eligibilityPrime } : null,
    categories: values.categories,
    labels: values.labels,
    attributes: values.attributes.map((a) => ({ code: a.code.trim(), label: a.label.trim(), value: a.value.trim(), value_label: a.valueLabel.trim() })),
    specs: values.specs.map((s) => ({ group: s.group.trim(), name: s.name.trim(), value: s.value.trim() })),
    package: values.package.map((p) => ({ item: p.item.trim(), qty: intOf(p.qty) ?? 0 })),
    downloads: values.downloads.map((d) => ({ title: d.title.trim(), kind: d.kind, media_key: d.mediaKey, version: d.version.trim() || null })),
    images: values.images.map((i) => ({ media_key: i.mediaKey, alt: i.alt.trim() })),
    options: values.options.map((o) => ({
      code: o.code.trim(),
      label: o.label.trim(),
      kind: o.kind,
      required: o.required,
      pattern: o.pattern.trim() || null,
      help: o.help.trim() || null,
      values: o.values.map((v) => ({
        code: v.code.trim(),
        label: v.label.trim(),
        price_delta_cents: orNull(signedCentsOf(v.priceDelta)),
        price_delta_bp: v.pricePercent.trim() ? Math.round(Number(v.pricePercent.trim()) * 100) : null,
      })),
    })),
  };
}

/** Server field names that are not the form's (`price_cents` is typed as dollars in `price`). */
const RENAMES: Record<string, string> = {
  price_cents: 'price',
  compare_at_cents: 'compareAt',
  product_type: 'productType',
  'eligibility.prime': 'eligibilityPrime',
  media_key: 'mediaKey',
  value_label: 'valueLabel',
  price_delta_cents: 'priceDelta',
  price_delta_bp: 'pricePercent',
};

/** Lists whose errors show on the list as a whole (a category slug, a model code), and sections. */
const SECTIONS: Record<string, string> = {
  categories: 'categories',
  labels: 'labels',
  eligibility: 'eligibility',
  'eligibility.models': 'eligibility',
  images: 'images',
  downloads: 'downloads',
  specs: 'specs',
  package: 'package',
  options: 'options',
  attributes: 'attributes',
  parent: 'form',
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export type MappedError =
  | { target: 'field'; name: string; message: string }
  | { target: 'section'; section: string; message: string }
  | { target: 'other'; field: string; message: string };

function has(values: unknown, path: string[]): boolean {
  let at: unknown = values;
  for (const part of path) {
    if (at === null || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return at === null || typeof at !== 'object' || Array.isArray(at) === false;
}

/** Where each server error goes: a field of the form, a section (a list), or the summary at the top. */
export function mapProductErrors(errors: readonly ProblemFieldError[], values: ProductFormValues): MappedError[] {
  return errors.map((e): MappedError => {
    // `categories[1]`, `eligibility.models[0]`, `options` (the list itself): shown on the list.
    const section = SECTIONS[e.field.replace(/\[\d+\]$/, '')];
    if (section === 'form') return { target: 'other', field: e.field, message: e.message };
    if (section) return { target: 'section', section, message: e.message };
    if (RENAMES[e.field]) return { target: 'field', name: RENAMES[e.field] ?? e.field, message: e.message };
    const parts = e.field
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((p) => RENAMES[p] ?? camel(p));
    const name = parts.join('.');
    if (has(values, parts)) return { target: 'field', name, message: e.message };
    return { target: 'other', field: e.field, message: e.message };
  });
}

/** The editor's zod schema: the checks of `clientErrors`, each on its field. */
export function productSchema() {
  return z.custom<ProductFormValues>().superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(clientErrors(values))) {
      ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    }
  });
}
