import { z } from '@/lib/zod';
import type { CustomOption } from '../api/types';
import { iccidProblem, normaliseIccid } from './iccid';
import { normaliseSerial, SERIAL_FORMAT_HINT } from './serial';

export interface QuantityRules {
  min: number;
  max: number | null;
  step: number;
}

export interface PurchaseFormValues {
  quantity: number;
  /** One entry per device for serial-bound products; quantity equals their number (SPEC §4.1). */
  serials: { value: string }[];
  options: Record<string, string>;
}

export function serialOptionOf(options: readonly CustomOption[]): CustomOption | undefined {
  return options.find((option) => option.kind === 'serial_numbers');
}

export function quantityError(quantity: number, rules: QuantityRules, unit = 'quantity'): string | null {
  if (!Number.isInteger(quantity)) return `Enter a whole number for the ${unit}.`;
  if (quantity < rules.min) return `The minimum ${unit} is ${rules.min}.`;
  if (rules.max !== null && quantity > rules.max) return `The maximum ${unit} is ${rules.max}.`;
  if (rules.step > 1 && (quantity - rules.min) % rules.step !== 0)
    return `This product is sold in steps of ${rules.step} (for example ${rules.min}, ${rules.min + rules.step}, ${rules.min + 2 * rules.step}).`;
  return null;
}

function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function optionSchema(option: CustomOption) {
  const label = option.label.toLowerCase();
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    if (!value) {
      if (option.required)
        ctx.addIssue({
          code: 'custom',
          message: option.kind === 'select' ? `Choose a ${label}.` : `Enter the ${label}.`,
        });
      return;
    }
    switch (option.kind) {
      case 'select':
        if (!option.values.some((choice) => choice.code === value))
          ctx.addIssue({ code: 'custom', message: `Choose one of the listed ${label} options.` });
        return;
      case 'iccid': {
        const problem = iccidProblem(normaliseIccid(value));
        if (problem === 'format')
          ctx.addIssue({ code: 'custom', message: 'An ICCID has 19 or 20 digits. Check the number on the SIM card.' });
        else if (problem === 'checksum')
          ctx.addIssue({
            code: 'custom',
            message: 'This ICCID’s check digit doesn’t match — a digit is probably mistyped. Check the number again.',
          });
        return;
      }
      case 'date':
        if (!isValidDate(value)) ctx.addIssue({ code: 'custom', message: 'Enter a date as YYYY-MM-DD.' });
        return;
      case 'text':
        if (option.pattern) {
          let pattern: RegExp | null = null;
          try {
            pattern = new RegExp(`^(?:${option.pattern})$`);
          } catch {
            pattern = null;
          }
          if (pattern && !pattern.test(value))
            ctx.addIssue({ code: 'custom', message: `The ${label} isn’t in the expected format.` });
        }
        return;
      case 'serial_numbers':
        return;
    }
  });
}

/** The zod schema of a product's purchase form: quantity rules, serial numbers and custom options. */
export function buildPurchaseSchema(options: readonly CustomOption[], rules: QuantityRules) {
  const serialOption = serialOptionOf(options);
  const optionShape: Record<string, ReturnType<typeof optionSchema>> = {};
  for (const option of options) if (option.kind !== 'serial_numbers') optionShape[option.code] = optionSchema(option);

  const serial = z.object({
    value: z.string().superRefine((raw, ctx) => {
      if (!raw.trim()) ctx.addIssue({ code: 'custom', message: 'Enter the device’s serial number.' });
      else if (!normaliseSerial(raw)) ctx.addIssue({ code: 'custom', message: SERIAL_FORMAT_HINT });
    }),
  });

  return z
    .object({
      quantity: z.number({ error: 'Enter a quantity.' }),
      serials: z.array(serial),
      options: z.object(optionShape),
    })
    .superRefine((values, ctx) => {
      if (serialOption) {
        const seen = new Map<string, number>();
        values.serials.forEach((entry, index) => {
          const normalised = normaliseSerial(entry.value);
          if (!normalised) return;
          if (seen.has(normalised))
            ctx.addIssue({
              code: 'custom',
              path: ['serials', index, 'value'],
              message: `This serial number is already in the list (device ${seen.get(normalised)! + 1}). Remove the duplicate.`,
            });
          else seen.set(normalised, index);
        });
        const problem = quantityError(values.serials.length, rules, 'number of devices');
        if (problem) ctx.addIssue({ code: 'custom', path: ['serials'], message: problem });
      } else {
        const problem = quantityError(values.quantity, rules);
        if (problem) ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem });
      }
    });
}

/** The form's first values; `serial` (from `?serial=`, e.g. a device's "buy" link) fills the first serial number. */
export function defaultPurchaseValues(
  options: readonly CustomOption[],
  rules: QuantityRules,
  serial: string | null = null,
): PurchaseFormValues {
  const values: Record<string, string> = {};
  for (const option of options) if (option.kind !== 'serial_numbers') values[option.code] = '';
  return {
    quantity: rules.min,
    serials: serialOptionOf(options) ? [{ value: serial ?? '' }] : [],
    options: values,
  };
}
