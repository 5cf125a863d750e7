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
    .refine((value) => value === '' || /^\+?[\d\s().-]{6,30}$/.test(value), 'Enter a phone number with 6 to 20 digits.'),
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

export const addressSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the recipient’s name.').max(200, 'Use at most 200 characters.'),
    company: z.string().trim().max(200, 'Use at most 200 characters.'),
    line1: z.string().trim().min(1, 'Enter the street and number.').max(200, 'Use at most 200 characters.'),
    line2: z.string().trim().max(200, 'Use at most 200 characters.'),
    city: z.string().trim().min(1, 'Enter the city.').max(100, 'Use at most 100 characters.'),
    state: z.string().trim().max(100, 'Use at most 100 characters.'),
    postal_code: z.string().trim().min(1, 'Enter the postal code.').max(12, 'Use at most 12 characters.'),
    country: z.string().length(2, 'Choose the country.'),
    phone: z
      .string()
      .trim()
      .min(1, 'Enter a phone number for the courier.')
      .refine((value) => /^\+?[\d\s().-]{6,30}$/.test(value), 'Enter a phone number with 6 to 20 digits.'),
    is_default_shipping: z.boolean(),
    is_default_billing: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.country !== 'US') return;
    if (!values.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'Choose the state.' });
    if (!/^\d{5}(-\d{4})?$/.test(values.postal_code))
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'Enter a ZIP code like 12345 or 12345-6789.' });
  });
export type AddressValues = z.infer<typeof addressSchema>;
