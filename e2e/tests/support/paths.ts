import { fileURLToPath } from 'node:url';

/** e2e/artifacts/ — screenshots a reviewer looks at (git-ignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../artifacts/', import.meta.url));
