/**
 * zod for the app's forms, configured once. The store's CSP allows no eval (script-src 'self'):
 * without `jitless`, zod probes `new Function` when its first object schema is built, which the
 * browser reports as a CSP violation (Lighthouse best practices: "issues logged"). Its parsers
 * work the same without the probe. Import `z` from here, never from 'zod' directly (ESLint).
 */
// eslint-disable-next-line no-restricted-imports -- the one place that imports zod itself
import { z } from 'zod';

z.config({ jitless: true });

export { z };
