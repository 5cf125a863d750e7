/**
 * The mini-store editor as a form: branding and the product list with prices as typed, its zod
 * schema (quick checks; the server checks again, the price floor included), the request it sends
 * and the map from the server's field errors (`products[3].price_cents`) back onto the form.
 */
import type { ProblemFieldError } from '@/lib/api/api-problem';
import { formatMoney } from '@/lib/money';
import { z } from '@/lib/zod';
import type { MiniStoreDetail, MiniStoreUpdate } from '../api/types';

export interface ProductRow {
  sku: string;
  name: string;
  /** The region's eStore price and the floor, known for saved rows (null for a row just added). */
  listCents: number | null;
  floorCents: number | null;
  /** A configurable product: its variants sell at the region's prices, so its price is not the partner's. */
  hasVariants: boolean;
  /** The price as typed, e.g. `129.00`. */
  price: string;
}

export interface EditorValues {
  displayName: string;
  tagline: string;
  accentColor: string;
  products: ProductRow[];
}

const MONEY = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/** Cents of a typed price (`129`, `129.5`, `129,50`), or null when it is not one. */
export function centsOf(typed: string): number | null {
  const text = typed.trim().replace(/^\$/, '');
  if (!MONEY.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a price input shows them (`129.00`). */
export function typedOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function editorValuesOf(store: MiniStoreDetail): EditorValues {
  return {
    displayName: store.branding.display_name,
    tagline: store.branding.tagline ?? '',
    accentColor: store.branding.accent_color,
    products: store.products.map((p) => ({
      sku: p.sku,
      name: p.name,
      listCents: p.list_price.cents,
      floorCents: p.floor.cents,
      hasVariants: p.has_variants,
      price: typedOf(p.price.cents),
    })),
  };
}

export function editorSchema(currency: string) {
  const row = z
    .object({
      sku: z.string(),
      name: z.string(),
      listCents: z.number().nullable(),
      floorCents: z.number().nullable(),
      hasVariants: z.boolean(),
      price: z.string(),
    })
    .superRefine((r, ctx) => {
      const cents = centsOf(r.price);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter a price, e.g. 129.00.' });
      } else if (r.floorCents !== null && cents < r.floorCents) {
        ctx.addIssue({
          code: 'custom',
          path: ['price'],
          message: `At least ${formatMoney(r.floorCents, currency)}: prices may not go below the floor.`,
        });
      }
    });
  return z.object({
    displayName: z.string().trim().min(1, 'Enter the name shoppers see.').max(80, 'Keep the name to 80 characters.'),
    tagline: z.string().trim().max(140, 'Keep the tagline to 140 characters.'),
    accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb, e.g. #0b5fff.'),
    products: z.array(row).max(500, 'A mini-store sells at most 500 products.'),
  });
}

/** The `PATCH` body: branding, the whole product list in the form's order (so errors point at its rows), and a new logo. */
export function updateOf(values: EditorValues, logo: { data_base64: string; file_name: string } | null): MiniStoreUpdate {
  return {
    display_name: values.displayName.trim(),
    tagline: values.tagline.trim(),
    accent_color: values.accentColor.toLowerCase(),
    ...(logo ? { logo } : {}),
    products: values.products.map((p) => ({ sku: p.sku, price_cents: centsOf(p.price) ?? 0 })),
  };
}

/** Where a server field error goes: a form field, the logo picker, or the list of other problems. */
export type MappedError =
  | { target: 'field'; name: string; message: string }
  | { target: 'logo'; message: string }
  | { target: 'other'; message: string };

const BRANDING: Record<string, string> = { display_name: 'displayName', tagline: 'tagline', accent_color: 'accentColor' };

/** Maps the server's field errors of a `PATCH` onto the form (rows by their index in the list sent). */
export function mapServerErrors(errors: readonly ProblemFieldError[], rowCount: number): MappedError[] {
  return errors.map(({ field, message }): MappedError => {
    if (BRANDING[field]) return { target: 'field', name: BRANDING[field], message };
    if (field === 'logo' || field.startsWith('logo.')) return { target: 'logo', message };
    const row = /^products\[(\d+)\](?:\.(price_cents|sku))?$/.exec(field);
    if (row && Number(row[1]) < rowCount) {
      return { target: 'field', name: `products.${row[1]}.${row[2] === 'sku' ? 'sku' : 'price'}`, message };
    }
    return { target: 'other', message };
  });
}
