/**
 * The ShippingInformation section of checkout as a form: its values, its zod schema (the
 * quick checks; the server checks everything again when the order is placed) and the map
 * from the server's field names (`shipping.address.city`) to the form's.
 */
import { ADDRESS_FIELDS, addressIssues as addressRules } from '@/lib/address/address-schema';
import { z } from '@/lib/zod';
import type { components } from '@/lib/api/schema';
import type { AddressChoice, CheckoutDraft } from './draft';

type AddressFields = components['schemas']['AddressFields'];

/** A new address as typed: every field a string (empty for "not given"). */
export type AddressInput = { [K in keyof AddressFields]-?: string };

export interface AddressChoiceInput {
  /** An address-book id, or null for the new address. */
  id: string | null;
  fields: AddressInput;
  save: boolean;
}

export interface ShippingValues {
  shippingMethod: '' | NonNullable<CheckoutDraft['shippingMethod']>;
  carrier: string;
  accountNumber: string;
  pickupLocation: string;
  shipping: AddressChoiceInput;
  billingSameAsShipping: boolean;
  billing: AddressChoiceInput;
}

const addressInput = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});

const addressChoice = z.object({ id: z.string().nullable(), fields: addressInput, save: z.boolean() });

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules of one new address: the one address rule set (`@/lib/address/address-schema`, the
 * server's rules for `POST /orders` addresses and the address book alike). An address-book
 * address was checked when it was saved.
 */
function addressIssues(prefix: 'shipping' | 'billing', choice: AddressChoiceInput): Issue[] {
  if (choice.id) return [];
  return addressRules(choice.fields).map(({ field, message }) => ({ path: [prefix, 'fields', field], message }));
}

/** True when the order is billed to its shipping address (no billing address asked). */
export function billsToShippingAddress(values: Pick<ShippingValues, 'shippingMethod' | 'billingSameAsShipping'>, shippingRequired: boolean) {
  return shippingRequired && values.shippingMethod !== 'pickup' && values.billingSameAsShipping;
}

/** The schema of the section; what it asks depends on whether anything is shipped. */
export function shippingSchema(shippingRequired: boolean) {
  return z
    .object({
      shippingMethod: z.enum(['', 'customer_provided', 'priority', 'pickup']),
      carrier: z.string(),
      accountNumber: z.string(),
      pickupLocation: z.string(),
      shipping: addressChoice,
      billingSameAsShipping: z.boolean(),
      billing: addressChoice,
    })
    .superRefine((values, ctx) => {
      const issues: Issue[] = [];
      if (shippingRequired) {
        const method = values.shippingMethod;
        if (!method) issues.push({ path: ['shippingMethod'], message: 'Choose how your order is shipped.' });
        if (method && method !== 'pickup') issues.push(...addressIssues('shipping', values.shipping));
        if (method === 'customer_provided') {
          if (!values.carrier) issues.push({ path: ['carrier'], message: 'Choose your carrier.' });
          if (values.accountNumber.trim().length < 3) {
            issues.push({ path: ['accountNumber'], message: 'Enter your account number with the carrier.' });
          }
        }
        if (method === 'pickup' && !values.pickupLocation) {
          issues.push({ path: ['pickupLocation'], message: 'Choose a pick-up location.' });
        }
      }
      if (!billsToShippingAddress(values, shippingRequired)) issues.push(...addressIssues('billing', values.billing));
      for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
    });
}

/**
 * The form field a server field error belongs on (`POST /orders` names them
 * `shipping.method`, `shipping.address.city`, `billing.address_id`, …); undefined when
 * the error is not about this section.
 */
export function formFieldOf(serverField: string): string | undefined {
  const simple: Record<string, string> = {
    'shipping.method': 'shippingMethod',
    'shipping.carrier': 'carrier',
    'shipping.account_number': 'accountNumber',
    'shipping.pickup_location': 'pickupLocation',
  };
  if (simple[serverField]) return simple[serverField];
  const match = /^(shipping|billing)\.(address_id|address)(?:\.([a-z_0-9]+))?$/.exec(serverField);
  if (!match) return undefined;
  const [, prefix, part, field] = match;
  if (part === 'address' && field && (ADDRESS_FIELDS as readonly string[]).includes(field)) return `${prefix}.fields.${field}`;
  return `${prefix}.id`;
}

const toInput = (a: AddressChoice): AddressChoiceInput => ({
  id: a.id,
  save: a.save,
  fields: {
    name: a.fields.name,
    company: a.fields.company ?? '',
    line1: a.fields.line1,
    line2: a.fields.line2 ?? '',
    city: a.fields.city,
    state: a.fields.state ?? '',
    postal_code: a.fields.postal_code,
    country: a.fields.country,
    phone: a.fields.phone,
  },
});

const fromInput = (a: AddressChoiceInput): AddressChoice => ({
  id: a.id,
  save: a.save,
  fields: { ...a.fields, company: a.fields.company || null, line2: a.fields.line2 || null, state: a.fields.state || null },
});

/** The form's starting values from the draft. */
export function shippingValuesOf(draft: CheckoutDraft): ShippingValues {
  return {
    shippingMethod: draft.shippingMethod ?? '',
    carrier: draft.carrier,
    accountNumber: draft.accountNumber,
    pickupLocation: draft.pickupLocation,
    shipping: toInput(draft.shipping),
    billingSameAsShipping: draft.billingSameAsShipping,
    billing: toInput(draft.billing),
  };
}

/** The draft with the form's values (empty optional address fields become null). */
export function withShippingValues(draft: CheckoutDraft, values: ShippingValues): CheckoutDraft {
  return {
    ...draft,
    shippingMethod: values.shippingMethod || null,
    carrier: values.carrier,
    accountNumber: values.accountNumber,
    pickupLocation: values.pickupLocation,
    shipping: fromInput(values.shipping),
    billingSameAsShipping: values.billingSameAsShipping,
    billing: fromInput(values.billing),
  };
}
