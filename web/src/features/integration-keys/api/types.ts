import type { components } from '@/lib/api/schema';

type S = components['schemas'];

/** One key as the admin list shows it (prefix, creator, last use, revocation); never its secret. */
export type IntegrationKey = S['IntegrationKey'];
/** `GET /admin/integration-keys`: newest first, revoked keys included. */
export type IntegrationKeyList = S['IntegrationKeyList'];
/** `POST /admin/integration-keys` body. */
export type NewIntegrationKey = S['NewIntegrationKey'];
/** `POST /admin/integration-keys` answer: the new key and its secret, shown this once. */
export type CreatedIntegrationKey = S['CreatedIntegrationKey'];
