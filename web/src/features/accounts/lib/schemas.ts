import { addressFieldsShape, isPhone, refineAddress } from '@/lib/address/address-schema';
import { z } from '@/lib/zod';

/** SPEC §8: at least 10 characters (the server checks the same, and the upper bound). */
export const PASSWORD_MIN = 10;

const email = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'This e-mail address is too long.')
  .email('Enter an e-mail address like name@example.com.');

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(1024, 'Use at most 1024 characters.');

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const registerSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
  email,
  password: newPassword,
  country: z.string().length(2, 'Choose your country.'),
  company: z.string().trim().max(200, 'Use at most 200 characters.'),
  newsletter: z.boolean(),
});
export type RegisterValues = z.infer<typeof registerSchema>;

export const resetRequestSchema = z.object({ email });
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords differ. Type the same password twice.',
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const profileSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
  company: z.string().trim().max(200, 'Use at most 200 characters.'),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || isPhone(value), 'Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.'),
  country: z.string().length(2, 'Choose your country.'),
  newsletter: z.boolean(),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const changeEmailSchema = z.object({ email, password: z.string() });
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

export const changePasswordSchema = z
  .object({ current: z.string(), password: newPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords differ. Type the same password twice.',
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** An address of the address book: the one address rule set (`@/lib/address/address-schema`) and the defaults. */
export const addressSchema = z
  .object({ ...addressFieldsShape, is_default_shipping: z.boolean(), is_default_billing: z.boolean() })
  .superRefine(refineAddress);
export type AddressValues = z.infer<typeof addressSchema>;
