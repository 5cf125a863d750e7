import { z } from '@/lib/zod';

/** SPEC §8: passwords of at least 10 characters (the server checks the same). */
export const PASSWORD_MIN = 10;

const name = z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.');

/** Token mode: the name to keep and a new password, typed twice. */
export const claimWithPasswordSchema = z
  .object({
    name,
    password: z.string().min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`).max(1024, 'Use at most 1024 characters.'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords differ. Type the same password twice.' });
export type ClaimWithPasswordValues = z.infer<typeof claimWithPasswordSchema>;

/** Keycloak mode: signed in with SSO already, only the name. */
export const claimWithSsoSchema = z.object({ name });
export type ClaimWithSsoValues = z.infer<typeof claimWithSsoSchema>;
