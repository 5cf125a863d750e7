/**
 * The partner pavilion's form: the end customer (name, company, e-mail) on top of checkout's
 * ShippingInformation, one zod schema for both, and the map from the server's field errors
 * (`end_customer.email`, `order.shipping.address.city`) back onto the form.
 */
import { formFieldOf, shippingSchema, type ShippingValues } from '@/lib/checkout/shipping-schema';
import { z } from '@/lib/zod';

export interface EndCustomerValues {
  name: string;
  company: string;
  email: string;
}

export type PavilionValues = ShippingValues & { endCustomer: EndCustomerValues };

export const endCustomerSchema = z.object({
  name: z.string().trim().min(1, 'Enter the end customer’s name.').max(200, 'Use at most 200 characters.'),
  company: z.string().trim().max(200, 'Use at most 200 characters.'),
  email: z
    .string()
    .trim()
    .min(1, 'Enter the end customer’s e-mail address: their delivery e-mail goes there.')
    .max(254, 'This e-mail address is too long.')
    .email('Enter an e-mail address like name@example.com.'),
});

/** The whole form's schema; what the shipping part asks depends on whether anything is shipped. */
export function pavilionSchema(shippingRequired: boolean) {
  return z.intersection(z.object({ endCustomer: endCustomerSchema }), shippingSchema(shippingRequired));
}

/** The request's `end_customer` (an empty company is left out). */
export function endCustomerOf(values: EndCustomerValues) {
  const company = values.company.trim();
  return { name: values.name.trim(), email: values.email.trim(), ...(company ? { company } : {}) };
}

/** The form field a server field error belongs on, or undefined when it has none. */
export function pavilionFieldOf(serverField: string): string | undefined {
  const customer = /^end_customer\.(name|company|email)$/.exec(serverField);
  if (customer) return `endCustomer.${customer[1]}`;
  if (serverField.startsWith('order.')) return formFieldOf(serverField.slice('order.'.length));
  return undefined;
}
